"""PostgreSQL behind the same units of work as SQLite: every difference between the two engines lives here
and in bot/store/pg_connection.py (the statements, rows and connection a unit of work sees).

The driver is psycopg 3, synchronous, on the store's own thread (one worker thread per process, as aiosqlite
has for SQLite): a unit of work `fn(conn, ...)` runs whole on that thread in one hop, so a user action
costs one thread hop, not one per statement, on both engines. Inside a unit of work the statements go
through libpq itself (psycopg's `pq`), with psycopg's adapters for the values and the rows; psycopg's
own cursors run the migrations and what runs outside a unit (bot/store/pg_connection.py).

What differs, and where it is handled:

- Statements (pg_connection.py): `?` marks become `$1`, `$2` ... (`numbered`), bound server-side, and each
  statement is prepared the first time the connection sends it (up to `PREPARED_MAX`); a NULL value's type
  is PostgreSQL's to infer from where its mark stands (a column, a comparison), and a statement with a mark
  whose type only its value could give (`? IS NULL`) binds client-side (psycopg's `%s` form, `statement`),
  where it needs no declared type, as in SQLite. An INSERT into a table with an `id` gets `RETURNING id`,
  which is the cursor's `lastrowid`; integral `numeric` results (`SUM` of a `bigint`) come back as `int`;
  rows are read by position or by name (`PgRow`). Text holds no NUL character in PostgreSQL, so one a user
  sent is dropped (SQLite keeps it; in a name or a lookup it means nothing on either).
- SQLite's functions the store uses (`json_extract`, `json_each`) are defined as SQL functions (`PRELUDE`).
- Schema: `schema_sql` turns a migration's SQLite DDL into PostgreSQL's (`INTEGER` is `BIGINT`, an `id`
  primary key is an identity column, a case-insensitive UNIQUE is a unique index on `lower(...)`); a
  migration SQLite can only do by rebuilding a table has its own `NNNN_name.postgres.sql`.
- Round trips: a unit of work runs in libpq's pipeline mode. Its statements wait in libpq's buffer, BEGIN
  with the first, and are sent together when the unit first reads an answer (rows, a row count, a new id):
  a unit waits for the server once per read it makes in order, not once per statement, and reads that do
  not depend on one another may be sent together (`connection.together`). A read repeated with nothing
  written to its tables since is answered from the rows already read. A statement PostgreSQL refuses is
  raised where the unit next reads an answer, or at the commit: a unit that turns a refusal into its own
  reason reads that statement's answer inside its `try` (bot/store/teams.py). A write waits for its
  COMMIT's answer; a read-only unit does not (nothing it read depends on it): the answer comes in with
  the next unit's first.
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
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from typing import Protocol, TypeVar

import psycopg
from psycopg import errors

from bot import failpoints
from bot.store.connection import Connection, refuse_newer
from bot.store.pg_connection import ID_TABLES, PgConnection, connect, outside_literals

log = logging.getLogger(__name__)

T = TypeVar("T")

SCHEMES = ("postgresql://", "postgres://")
WRITE_ATTEMPTS = 20  # a write that keeps losing serialization races this often is reported, not retried
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
    uncommented = outside_literals(script, lambda text: text, drop_comments=True)
    marked = outside_literals(uncommented, lambda text: text.replace(";", "\0"))
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


# -- the engine: a thread, transactions, migrations -----------------------------------------------------------


def _transaction(conn: PgConnection, write: bool, fn: Callable[[Connection], T]) -> T:
    begin = (
        "BEGIN ISOLATION LEVEL SERIALIZABLE" if write else "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY"
    )
    for attempt in range(1, WRITE_ATTEMPTS + 1):
        try:
            conn.start_unit(begin)  # BEGIN goes with the first statement, COMMIT with the last writes
            result = fn(conn)
            conn.end_unit(wait=write)
        except (errors.SerializationFailure, errors.DeadlockDetected) as exc:
            conn.settle(exc)
            conn.raw.execute("ROLLBACK")
            if attempt == WRITE_ATTEMPTS:
                raise
            time.sleep(random.uniform(0, 0.002 * attempt))  # the store's own thread, not the event loop
            continue
        except BaseException as exc:
            conn.settle(exc)
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
        """`fn(conn)` on the store's thread, out of pipeline mode (a read-only unit may have left it on)."""

        def settled(conn: PgConnection) -> T:
            conn.settle()
            return fn(conn)

        return await asyncio.get_running_loop().run_in_executor(self._executor, settled, self._conn)

    async def transaction(self, write: bool, fn: Callable[[Connection], T]) -> T:
        unit = partial(_transaction, self._conn, write, fn)
        return await asyncio.get_running_loop().run_in_executor(self._executor, unit)

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
