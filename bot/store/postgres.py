"""PostgreSQL behind the same units of work as SQLite: every difference between the two engines lives here.

The driver is psycopg 3, synchronous, on the store's own thread (one worker thread per process, as aiosqlite
has for SQLite): a unit of work `fn(conn, ...)` runs whole on that thread in one hop, so a user action
costs one thread hop, not one per statement, on both engines.

What differs, and where it is handled:

- Statements: `?` marks become `%s`, bound server-side so that psycopg prepares a statement once it has
  run a few times (`PREPARED_MAX` kept per connection); a statement with a NULL value, or a mark whose type
  only its value could give (`? IS NULL`), binds client-side, where it needs no declared type, as in
  SQLite. An INSERT into a table with an `id` gets `RETURNING id`, which is the cursor's `lastrowid`;
  integral `numeric` results (`SUM` of a `bigint`) come back as `int`; rows are read
  by position or by name (`PgRow`). Text holds no NUL character in PostgreSQL, so one a user sent is
  dropped (SQLite keeps it; in a name or a lookup it means nothing on either).
- SQLite's functions the store uses (`json_extract`, `json_each`) are defined as SQL functions (`PRELUDE`).
- Schema: `schema_sql` turns a migration's SQLite DDL into PostgreSQL's (`INTEGER` is `BIGINT`, an `id`
  primary key is an identity column, a case-insensitive UNIQUE is a unique index on `lower(...)`); a
  migration SQLite can only do by rebuilding a table has its own `NNNN_name.postgres.sql`.
- Round trips: a unit of work runs in psycopg's pipeline mode. BEGIN goes with its first statement and
  COMMIT with its last; a statement whose answer is not read (most writes) is sent without waiting, and
  the unit waits only where it reads a result (rows, a row count, a new id). A statement PostgreSQL
  refuses is raised there, or at the commit: a unit that turns a refusal into its own reason reads that
  statement's answer inside its `try` (bot/store/teams.py).
- Concurrency: several processes may share the database. A write runs SERIALIZABLE and is retried from the
  start when PostgreSQL reports a serialization failure or a deadlock, which is what SQLite's single writer
  (`BEGIN IMMEDIATE`) gives one process; migrations take an advisory lock, so two processes starting
  together apply each migration once. The version is in `schema_version`.
"""

from __future__ import annotations

import asyncio
import logging
import random
import re
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass
from functools import partial
from typing import Any, Protocol, TypeVar

import psycopg
from psycopg import errors
from psycopg.adapt import Loader
from psycopg.rows import RowMaker

from bot import failpoints
from bot.store.connection import Connection, refuse_newer

log = logging.getLogger(__name__)

T = TypeVar("T")

SCHEMES = ("postgresql://", "postgres://")
WRITE_ATTEMPTS = 20  # a write that keeps losing serialization races this often is reported, not retried
PREPARED_MAX = 1000  # statements kept prepared on the server per connection (the store uses a few hundred)
MIGRATION_LOCK = 0x6262_6C65_6167_7565  # pg_advisory_xact_lock key: "bbleague"
PRELUDE = r"""
CREATE TABLE IF NOT EXISTS schema_version (version BIGINT NOT NULL);
INSERT INTO schema_version (version) SELECT 0 WHERE NOT EXISTS (SELECT 1 FROM schema_version);
-- SQLite's JSON functions as the store uses them: a value at '$.key' (as text), and an array's elements.
CREATE OR REPLACE FUNCTION json_extract(doc text, path text) RETURNS text
    LANGUAGE sql IMMUTABLE AS $$ SELECT doc::jsonb #>> string_to_array(substr(path, 3), '.') $$;
CREATE OR REPLACE FUNCTION json_each(doc text) RETURNS TABLE (value text)
    LANGUAGE sql IMMUTABLE AS $$ SELECT jsonb_array_elements_text(doc::jsonb) $$;
"""


ID_TABLES = (
    "SELECT table_name FROM information_schema.columns"
    " WHERE table_schema = current_schema() AND column_name = 'id' AND is_identity = 'YES'"
)
FOREIGN_KEYS = (  # (child table, parent table) of each foreign key
    "SELECT conrelid::regclass::text, confrelid::regclass::text FROM pg_constraint"
    " WHERE contype = 'f' AND connamespace = current_schema()::regnamespace"
)


def is_url(location: object) -> bool:
    return isinstance(location, str) and location.startswith(SCHEMES)


def shown(location: object) -> str:
    """A database location as a log or a message may show it: a file's path, or a URL without password."""
    text = str(location)
    return "PostgreSQL " + re.sub(r"//[^@/]*@", "//", text) if is_url(text) else text


# -- statements -------------------------------------------------------------------------------------------

_INSERT_INTO = re.compile(r"^\s*INSERT\s+INTO\s+([A-Za-z_][A-Za-z0-9_]*)", re.IGNORECASE)
_RETURNING = re.compile(r"\bRETURNING\b", re.IGNORECASE)
_QUOTE_OR_COMMENT = re.compile(r"'|\"|--")
_NAMED_MARK = re.compile(r"(?<![:\w]):([A-Za-z_]\w*)")
_REPEATABLE = re.compile(r"^\s*SELECT\b", re.IGNORECASE)
_WRITES_ONE_TABLE = re.compile(r"^\s*(?:INSERT\s+INTO|UPDATE)\s+([A-Za-z_][A-Za-z0-9_]*)", re.IGNORECASE)
_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_VOLATILE = re.compile(r"\b(setval|nextval|random|now|clock_timestamp|pg_\w+)\s*\(", re.IGNORECASE)
_UNTYPED_MARK = re.compile(r"(\?|(?<![:\w]):[A-Za-z_]\w*)\s+IS\s+(NOT\s+)?NULL\b", re.IGNORECASE)


def _outside_literals(sql: str, replace: Callable[[str], str], *, drop_comments: bool = False) -> str:
    """`sql` with `replace` applied to each stretch of it outside quotes and `--` comments."""
    out: list[str] = []
    i, n = 0, len(sql)
    while i < n:
        quote = _QUOTE_OR_COMMENT.search(sql, i)
        start = n if quote is None else quote.start()
        out.append(replace(sql[i:start]))
        if quote is None:
            break
        if quote.group() == "--":
            end = sql.find("\n", start)
            end = n if end < 0 else end
            if not drop_comments:
                out.append(sql[start:end])
        else:
            end = sql.find(quote.group(), start + 1)
            end = n if end < 0 else end + 1
            out.append(sql[start:end])
        i = end
    return "".join(out)


def _marks(text: str) -> str:
    return _NAMED_MARK.sub(r"%(\1)s", text.replace("?", "%s"))


def statement(sql: str, id_tables: frozenset[str]) -> tuple[str, bool]:
    """A store statement as PostgreSQL takes it, and whether it returns the new row's id. Every `%` is
    doubled (psycopg reads each one of a statement it binds, quoted or not), each `?` mark is `%s` and each
    `:name` mark `%(name)s`."""
    translated = _outside_literals(sql.replace("%", "%%"), _marks)
    insert = _INSERT_INTO.match(sql)
    if insert and insert.group(1).lower() in id_tables and not _RETURNING.search(sql):
        return translated.rstrip().rstrip(";") + " RETURNING id", True
    return translated, False


# -- schema -----------------------------------------------------------------------------------------------

_ID_PRIMARY_KEY = re.compile(r"\bid\s+INTEGER\s+PRIMARY\s+KEY\b", re.IGNORECASE)
_INTEGER = re.compile(r"\bINTEGER\b", re.IGNORECASE)
_CREATE_TABLE = re.compile(
    r"CREATE\s+TABLE\s+([A-Za-z_][A-Za-z0-9_]*)\s*\((.*)\)\s*$", re.IGNORECASE | re.DOTALL
)
_NOCASE_UNIQUE = re.compile(r",\s*UNIQUE\s*\(([^()]*\bCOLLATE\s+NOCASE[^()]*)\)", re.IGNORECASE)
_NOCASE_COLUMN = re.compile(r"([A-Za-z_][A-Za-z0-9_]*)\s+COLLATE\s+NOCASE", re.IGNORECASE)


def _statements(script: str) -> list[str]:
    """A script's statements without their comments, split at the semicolons outside quotes."""
    uncommented = _outside_literals(script, lambda text: text, drop_comments=True)
    marked = _outside_literals(uncommented, lambda text: text.replace(";", "\0"))
    return [part.strip() for part in marked.split("\0") if part.strip()]


def schema_sql(script: str) -> str:
    """A migration's SQLite DDL as PostgreSQL's (see the module's notes)."""
    out: list[str] = []
    for stmt in _statements(script):
        stmt = _ID_PRIMARY_KEY.sub("id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY", stmt)
        stmt = _INTEGER.sub("BIGINT", stmt)
        extra: list[str] = []
        table = _CREATE_TABLE.match(stmt)
        if table:
            name = table.group(1)
            for number, unique in enumerate(_NOCASE_UNIQUE.finditer(stmt), start=1):
                columns = _NOCASE_COLUMN.sub(r"lower(\1)", unique.group(1))
                extra.append(f"CREATE UNIQUE INDEX {name}_nocase_{number} ON {name} ({columns})")
            stmt = _NOCASE_UNIQUE.sub("", stmt)
        out.append(stmt)
        out.extend(extra)
    return ";\n".join(out) + ";\n"


# -- rows and values ---------------------------------------------------------------------------------------


class PgRow(tuple[Any, ...]):
    """A row read by position or by (case-insensitive) column name, like sqlite3.Row."""

    _names: dict[str, int]

    def __new__(cls, values: Sequence[Any], names: dict[str, int]) -> PgRow:
        row = super().__new__(cls, values)
        row._names = names
        return row

    def __getitem__(self, key: Any) -> Any:
        if isinstance(key, str):
            position = self._names.get(key)  # the store names columns in lower case: no lower() to call
            return tuple.__getitem__(self, self._names[key.lower()] if position is None else position)
        return tuple.__getitem__(self, key)

    def keys(self) -> list[str]:
        return list(self._names)


_NAMES: dict[tuple[bytes, ...], dict[str, int]] = {}  # a result's column names -> their positions


def _row_factory(cursor: Any) -> RowMaker[PgRow]:
    result = cursor.pgresult
    fields = () if result is None else tuple(result.fname(i) or b"" for i in range(result.nfields))
    names = _NAMES.get(fields)
    if names is None:
        names = _NAMES[fields] = {field.decode().lower(): i for i, field in enumerate(fields)}
    return partial(PgRow, names=names)


class _NumberLoader(Loader):
    """`numeric` as SQLite would give it: an int when whole (a SUM of bigints), else a float."""

    def load(self, data: Any) -> int | float:
        text = bytes(data).decode()
        try:
            return int(text)
        except ValueError:
            return float(text)


def _value(value: Any) -> Any:
    if isinstance(value, bool):
        return int(value)  # SQLite's booleans are the integers 0 and 1
    if isinstance(value, str) and "\x00" in value:
        return value.replace("\x00", "")  # PostgreSQL's text cannot hold a NUL, which means nothing in text
    return value


# -- the connection a unit of work sees ---------------------------------------------------------------------


class PgCursor:
    """A statement's result. In a unit of work the statement was only queued (pipeline mode, see
    `PgConnection`): its rows, row count or new id are waited for when first read."""

    def __init__(self, conn: PgConnection, cursor: psycopg.Cursor[PgRow], returns_id: bool) -> None:
        self._conn = conn
        self._cursor = cursor
        self._returns_id = returns_id
        self._lastrowid: int | None = None
        self._counted = False

    @property
    def lastrowid(self) -> int | None:
        if self._returns_id:
            self._returns_id = False
            row = self._cursor.fetchone()
            self._lastrowid = None if row is None else int(row[0])
        return self._lastrowid

    @property
    def rowcount(self) -> int:
        if not self._counted:  # every answer in (an executemany's rows are counted as they come)
            self._conn.sync()
            self._counted = True
        return self._cursor.rowcount

    def fetchone(self) -> Any:
        return self._cursor.fetchone()

    def fetchall(self) -> list[Any]:
        return self._cursor.fetchall()

    def __iter__(self) -> Iterator[Any]:
        return iter(self._cursor)


@dataclass(frozen=True)
class _Statement:
    """A store statement as PostgreSQL takes it (`statement`) and what the connection knows of it."""

    text: str
    returns_id: bool
    untyped: (
        bool  # binds client-side even without a NULL: a mark typed by nothing but its value (`? IS NULL`)
    )
    reads: frozenset[str] | None  # a SELECT calling nothing volatile: its words; else None
    writes: str | None  # the one table an INSERT or UPDATE changes; None: it may change any


class PgRows:
    """A read's rows, all in hand (read once in a unit of work, see `PgConnection.execute`)."""

    lastrowid = None

    def __init__(self, rows: list[PgRow]) -> None:
        self._rows = rows
        self._next = 0
        self.rowcount = len(rows)

    def fetchone(self) -> Any:
        if self._next >= len(self._rows):
            return None
        self._next += 1
        return self._rows[self._next - 1]

    def fetchall(self) -> list[Any]:
        rest, self._next = self._rows[self._next :], len(self._rows)
        return rest

    def __iter__(self) -> Iterator[Any]:
        return iter(self.fetchall())


class PgConnection:
    """The store's `Connection` over one psycopg connection (see the module's notes)."""

    def __init__(self, raw: psycopg.Connection[PgRow]) -> None:
        self.raw = raw
        self._id_tables: frozenset[str] = frozenset()
        self._statements: dict[str, _Statement] = {}
        self._pipeline: psycopg.Pipeline | None = None
        # this unit's reads, each with the words of its statement (the tables it reads are among them)
        self._read: dict[tuple[str, tuple[Any, ...]], tuple[list[PgRow], frozenset[str]]] = {}

    @contextmanager
    def pipelined(self) -> Iterator[None]:
        """Statements run inside are queued and sent without waiting for their answers (psycopg's pipeline
        mode), until a result is read: a unit of work waits once per read, not once per statement."""
        with self.raw.pipeline() as pipeline:
            self._pipeline = pipeline
            self._read.clear()
            try:
                yield
            finally:
                self._pipeline = None
                self._read.clear()

    def sync(self) -> None:
        """Wait for every queued statement (raising the first one's error, if any)."""
        if self._pipeline is not None:
            self._pipeline.sync()

    def refresh_schema(self) -> None:
        """Learn which tables have an identity `id` (their INSERTs return it), after migrations."""
        rows = self.raw.execute(ID_TABLES).fetchall()
        self._id_tables = frozenset(str(row[0]) for row in rows)
        self._statements.clear()

    def _statement(self, sql: str) -> _Statement:
        found = self._statements.get(sql)
        if found is None:
            text, returns_id = statement(sql, self._id_tables)
            repeatable = _REPEATABLE.match(sql) is not None and _VOLATILE.search(sql) is None
            written = _WRITES_ONE_TABLE.match(sql)
            found = self._statements[sql] = _Statement(
                text,
                returns_id,
                untyped=_UNTYPED_MARK.search(sql) is not None,
                reads=frozenset(w.lower() for w in _WORD.findall(sql)) if repeatable else None,
                writes=None if written is None else written.group(1).lower(),
            )
        return found

    def _written(self, found: _Statement) -> None:
        """Forget what the unit read that a statement may have changed: an INSERT or UPDATE changes its own
        table (the schema has no triggers, and a foreign key cascades only on DELETE), anything else may
        change any."""
        if found.writes is None:
            self._read.clear()
            return
        for key in [key for key, (_rows, words) in self._read.items() if found.writes in words]:
            del self._read[key]

    def execute(self, sql: str, parameters: Sequence[Any] | Mapping[str, Any] = (), /) -> PgCursor | PgRows:
        found = self._statement(sql)
        text, returns_id, untyped = found.text, found.returns_id, found.untyped
        values = parameters.values() if isinstance(parameters, Mapping) else parameters
        key = None
        if found.reads is None:
            self._written(found)
        elif self._pipeline is not None:
            # A unit reads one snapshot (REPEATABLE READ, SERIALIZABLE): the same read with nothing written
            # to its tables since gives the same rows, so they are not asked for twice.
            key = (sql, tuple(parameters.items()) if isinstance(parameters, Mapping) else tuple(parameters))
            try:
                again = self._read.get(key)
            except TypeError:  # a value that cannot be a key: read it again
                key, again = None, None
            if again is not None:
                return PgRows(again[0])
        # Prepared (server-side binding, psycopg prepares a statement once it has run a few times) unless
        # PostgreSQL could not tell a mark's type (a NULL value, `? IS NULL`): that statement binds
        # client-side, where a value needs no declared type, as in SQLite.
        client_side = untyped or None in values
        cursor = psycopg.ClientCursor(self.raw) if client_side else self.raw.cursor()
        if isinstance(parameters, Mapping):
            cursor.execute(text, {k: _value(v) for k, v in parameters.items()})
        else:
            cursor.execute(text, [_value(v) for v in parameters])
        if key is not None and found.reads is not None:
            rows = cursor.fetchall()
            self._read[key] = (rows, found.reads)
            return PgRows(rows)
        return PgCursor(self, cursor, returns_id)

    def executemany(self, sql: str, parameters: Iterable[Sequence[Any]], /) -> PgCursor:
        found = self._statement(sql)
        text, untyped = found.text, found.untyped
        self._written(found)
        if text.endswith(" RETURNING id"):
            text = text.removesuffix(" RETURNING id")
        rows = [[_value(v) for v in row] for row in parameters]
        client_side = untyped or any(None in row for row in rows)
        cursor = psycopg.ClientCursor(self.raw) if client_side else self.raw.cursor()
        cursor.executemany(text, rows)
        return PgCursor(self, cursor, False)


def connect(url: str) -> PgConnection:
    raw = psycopg.connect(url, autocommit=True, row_factory=_row_factory)
    raw.prepared_max = PREPARED_MAX
    raw.adapters.register_loader("numeric", _NumberLoader)
    return PgConnection(raw)


# -- the engine: a thread, transactions, migrations -----------------------------------------------------------


def _transaction(conn: PgConnection, write: bool, fn: Callable[[Connection], T]) -> T:
    begin = (
        "BEGIN ISOLATION LEVEL SERIALIZABLE" if write else "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY"
    )
    for attempt in range(1, WRITE_ATTEMPTS + 1):
        try:
            with conn.pipelined():  # BEGIN goes with the first statement, COMMIT with the last writes
                conn.raw.execute(begin)
                result = fn(conn)
                conn.raw.execute("COMMIT")
        except (errors.SerializationFailure, errors.DeadlockDetected):
            conn.raw.execute("ROLLBACK")
            if attempt == WRITE_ATTEMPTS:
                raise
            time.sleep(random.uniform(0, 0.002 * attempt))  # the store's own thread, not the event loop
            continue
        except BaseException:
            if not conn.raw.closed:
                conn.raw.execute("ROLLBACK")
            raise
        return result
    raise AssertionError("unreachable")


class Migration(Protocol):
    """What PostgreSQL applies of a numbered migration (bot/store/database.py's Migration)."""

    @property
    def version(self) -> int: ...

    @property
    def name(self) -> str: ...

    def postgres_sql(self) -> str: ...


def apply_migrations(conn: PgConnection, migrations: Sequence[Migration]) -> int:
    """Apply what is missing, each migration in its own transaction under the migration lock."""
    conn.raw.execute("BEGIN")
    conn.raw.execute("SELECT pg_advisory_xact_lock(%s)", [MIGRATION_LOCK])
    conn.raw.execute(PRELUDE)
    conn.raw.execute("COMMIT")
    known = len(migrations)
    for migration in migrations:
        conn.raw.execute("BEGIN")
        try:
            conn.raw.execute("SELECT pg_advisory_xact_lock(%s)", [MIGRATION_LOCK])
            current = _version(conn)
            refuse_newer(current, known)
            if current < migration.version:
                log.info("applying migration %04d_%s (PostgreSQL)", migration.version, migration.name)
                conn.raw.execute(migration.postgres_sql())
                conn.raw.execute("UPDATE schema_version SET version = %s", [migration.version])
                failpoints.reached(failpoints.MIGRATION, failpoints.BEFORE)
            conn.raw.execute("COMMIT")
            if current < migration.version:
                failpoints.reached(failpoints.MIGRATION, failpoints.AFTER)
        except psycopg.Error as exc:
            conn.raw.execute("ROLLBACK")
            raise RuntimeError(
                f"migration {migration.version:04d}_{migration.name}.sql failed on PostgreSQL: {exc}"
            ) from exc
        except BaseException:
            conn.raw.execute("ROLLBACK")
            raise
    conn.refresh_schema()
    return _version(conn)


def _version_if_any(conn: PgConnection) -> int:
    """The schema version, 0 before the first migration."""
    found = conn.raw.execute("SELECT to_regclass('schema_version')").fetchone()
    return 0 if found is None or found[0] is None else _version(conn)


def _version(conn: PgConnection) -> int:
    row = conn.raw.execute("SELECT version FROM schema_version").fetchone()
    assert row is not None  # PRELUDE keeps its one row
    return int(row[0])


class PostgresEngine:
    """One psycopg connection on one thread of its own."""

    name = "postgresql"

    def __init__(self, executor: ThreadPoolExecutor, conn: PgConnection) -> None:
        self._executor = executor
        self._conn = conn

    @classmethod
    async def open(cls, url: str) -> PostgresEngine:
        executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="postgres")
        try:
            conn = await asyncio.get_running_loop().run_in_executor(executor, connect, url)
            await asyncio.get_running_loop().run_in_executor(executor, conn.refresh_schema)
        except BaseException:
            executor.shutdown(wait=False)
            raise
        return cls(executor, conn)

    async def run(self, fn: Callable[[PgConnection], T]) -> T:
        return await asyncio.get_running_loop().run_in_executor(self._executor, fn, self._conn)

    async def transaction(self, write: bool, fn: Callable[[Connection], T]) -> T:
        return await self.run(lambda conn: _transaction(conn, write, fn))

    async def migrate(self, migrations: Sequence[Migration]) -> int:
        return await self.run(lambda conn: apply_migrations(conn, migrations))

    async def version(self) -> int:
        return await self.run(_version_if_any)

    @staticmethod
    def tables(conn: Connection) -> list[str]:
        sql = (
            "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()"
            " AND table_type = 'BASE TABLE' AND table_name <> 'schema_version' ORDER BY table_name"
        )
        return [r[0] for r in conn.execute(sql)]

    @staticmethod
    def parents(conn: Connection, tables: list[str]) -> dict[str, set[str]]:
        found: dict[str, set[str]] = {t: set() for t in tables}
        for child, parent in conn.execute(FOREIGN_KEYS):
            found[child].add(parent)
        return found

    @staticmethod
    def keyed(conn: Connection, tables: list[str]) -> set[str]:
        return {r[0] for r in conn.execute(ID_TABLES)} & set(tables)

    @staticmethod
    def continue_ids(conn: Connection) -> None:
        """Each identity column continues after the largest id its table holds (after rows were copied in)."""
        for (table,) in conn.execute(ID_TABLES).fetchall():
            conn.execute(
                f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), COALESCE(MAX(id), 0) + 1, false)"  # noqa: S608
                f" FROM {table}"
            )

    async def close(self) -> None:
        await self.run(lambda conn: conn.raw.close())
        self._executor.shutdown(wait=True)
