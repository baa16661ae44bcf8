"""The database: SQLite (a file, the default) or PostgreSQL (a `postgresql://` URL), numbered migrations,
one transaction per action.

Every unit of work is a plain function over a `Connection` (bot/store/connection.py), run in one hop on the
engine's own thread inside one transaction: `Database.write` (SQLite: `BEGIN IMMEDIATE ... COMMIT` on
aiosqlite's connection thread, bot/store/aiosqlite_bridge.py being the one use of aiosqlite's private API;
PostgreSQL: a SERIALIZABLE transaction, retried on a serialization failure, bot/store/postgres.py) or
`Database.read` (a read snapshot). Units of work run one at a time on that thread, so they never
interleave in one process, and a unit that raises is rolled back whole. This costs one thread hop per user
action instead of one per statement.
"""

from __future__ import annotations

import contextvars
import graphlib
import logging
import re
import sqlite3
import time
from collections.abc import Callable
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Concatenate, ParamSpec, Protocol, TypeVar

import aiosqlite

from bot import failpoints
from bot.store import aiosqlite_bridge, postgres
from bot.store.connection import Connection, refuse_newer

log = logging.getLogger(__name__)

P = ParamSpec("P")
T = TypeVar("T")

BUSY_TIMEOUT_MS = 5000
# A migration that starts with this line rebuilds a table (create the new one, copy, drop, rename): it runs
# with foreign keys off, and every foreign key is checked before it commits.
REBUILDS_TABLES = "-- rebuilds tables"
_MIGRATION_NAME = re.compile(r"^(\d{4})_([a-z0-9_]+)\.sql$")
_POSTGRES_NAME = re.compile(r"^(\d{4})_([a-z0-9_]+)\.postgres\.sql$")


@dataclass(frozen=True)
class Migration:
    version: int
    name: str
    sql: str  # SQLite's
    postgres: str | None = None  # NNNN_name.postgres.sql, where PostgreSQL's differs beyond its types

    def postgres_sql(self) -> str:
        if self.postgres is not None:
            return self.postgres
        if self.sql.startswith(REBUILDS_TABLES):
            raise RuntimeError(
                f"migration {self.version:04d}_{self.name} rebuilds tables, which PostgreSQL does not: "
                f"it needs a {self.version:04d}_{self.name}.postgres.sql"
            )
        return postgres.schema_sql(self.sql)


def load_migrations(package: str = "bot.store.migrations") -> list[Migration]:
    """The numbered `NNNN_name.sql` files of a package, in order; numbers must run 1, 2, 3 ..."""
    found: list[Migration] = []
    for_postgres: dict[str, str] = {}
    for entry in resources.files(package).iterdir():
        match = _MIGRATION_NAME.match(entry.name)
        if match:
            found.append(Migration(int(match.group(1)), match.group(2), entry.read_text(encoding="utf-8")))
        elif _POSTGRES_NAME.match(entry.name):
            for_postgres[entry.name.removesuffix(".postgres.sql")] = entry.read_text(encoding="utf-8")
    found = [
        Migration(m.version, m.name, m.sql, for_postgres.pop(f"{m.version:04d}_{m.name}", None))
        for m in found
    ]
    if for_postgres:
        raise RuntimeError(f"PostgreSQL migrations without their SQLite file: {sorted(for_postgres)}")
    found.sort(key=lambda m: m.version)
    for expected, migration in enumerate(found, start=1):
        if migration.version != expected:
            raise RuntimeError(
                f"migration numbers must be consecutive: expected {expected:04d}, found "
                f"{migration.version:04d}_{migration.name}.sql"
            )
    return found


def _configure(conn: sqlite3.Connection) -> None:
    conn.row_factory = sqlite3.Row
    conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
    # Switching a new file to WAL can fail at once (not wait) while another process opens it too.
    for attempt in range(BUSY_TIMEOUT_MS // 10):
        try:
            conn.execute("PRAGMA journal_mode = WAL")
            break
        except sqlite3.OperationalError:
            if attempt == BUSY_TIMEOUT_MS // 10 - 1:
                raise
            time.sleep(0.01)
    conn.execute("PRAGMA synchronous = NORMAL")
    conn.execute("PRAGMA foreign_keys = ON")


def _run_in_transaction(conn: sqlite3.Connection, begin: str, fn: Callable[[Connection], T]) -> T:
    conn.execute(begin)
    try:
        result = fn(conn)
    except BaseException:
        conn.rollback()
        raise
    conn.commit()
    return result


def _user_version(conn: sqlite3.Connection) -> int:
    return int(conn.execute("PRAGMA user_version").fetchone()[0])


def _script(sql: str) -> list[str]:
    """A migration's statements, one by one (executescript() would commit the open transaction first)."""
    statements: list[str] = []
    pending = ""
    for line in sql.splitlines(keepends=True):
        pending += line
        if sqlite3.complete_statement(pending):
            statements.append(pending)
            pending = ""
    if pending.strip() and not all(p.strip().startswith("--") for p in pending.splitlines() if p.strip()):
        statements.append(pending)  # a last statement without its semicolon
    return statements


def _apply_migrations(conn: sqlite3.Connection, migrations: list[Migration]) -> int:
    """Each missing migration in its own transaction. The version is read again inside it, under SQLite's
    write lock, so two processes starting together apply each migration once."""
    known = len(migrations)
    for migration in migrations:
        rebuild = migration.sql.startswith(REBUILDS_TABLES)
        try:
            if rebuild:  # SQLite's way to change a table: foreign keys off, checked before the commit
                conn.execute("PRAGMA foreign_keys = OFF")
            conn.execute("BEGIN IMMEDIATE")
            current = _user_version(conn)
            refuse_newer(current, known)
            if current < migration.version:
                log.info("applying migration %04d_%s", migration.version, migration.name)
                for statement in _script(migration.sql):
                    conn.execute(statement)
                conn.execute(f"PRAGMA user_version = {migration.version}")
                broken = conn.execute("PRAGMA foreign_key_check").fetchall() if rebuild else []
                if broken:
                    raise sqlite3.IntegrityError(f"{len(broken)} rows would break a foreign key")
                failpoints.reached(failpoints.MIGRATION, failpoints.BEFORE)
            conn.commit()
            if current < migration.version:
                failpoints.reached(failpoints.MIGRATION, failpoints.AFTER)
        except sqlite3.Error as exc:
            if conn.in_transaction:
                conn.rollback()
            raise RuntimeError(
                f"migration {migration.version:04d}_{migration.name}.sql failed: {exc}"
            ) from exc
        except BaseException:
            if conn.in_transaction:
                conn.rollback()
            raise
        finally:
            if rebuild:
                conn.execute("PRAGMA foreign_keys = ON")
    return _user_version(conn)


def graph_order(parents: dict[str, set[str]]) -> list[str]:
    """Tables so that each comes after the tables its foreign keys point at (ties by name)."""
    sorter = graphlib.TopologicalSorter({t: parents.get(t, set()) - {t} for t in parents})
    sorter.prepare()
    order: list[str] = []
    while sorter.is_active():
        ready = sorted(sorter.get_ready())
        order.extend(ready)
        sorter.done(*ready)
    return order


class _Engine(Protocol):
    """An engine: its thread, transactions and migrations, and what its catalogue says of the schema (the
    static methods run inside a read unit of work)."""

    name: str

    @staticmethod
    def tables(conn: Connection) -> list[str]: ...

    @staticmethod
    def parents(conn: Connection, tables: list[str]) -> dict[str, set[str]]: ...

    @staticmethod
    def keyed(conn: Connection, tables: list[str]) -> set[str]: ...

    @staticmethod
    def continue_ids(conn: Connection) -> None: ...

    async def version(self) -> int: ...

    async def transaction(self, write: bool, fn: Callable[[Connection], T]) -> T: ...

    async def migrate(self, migrations: list[Migration]) -> int: ...

    async def close(self) -> None: ...


class SqliteEngine:
    """One SQLite file behind one aiosqlite connection."""

    name = "sqlite"

    def __init__(self, connection: aiosqlite.Connection) -> None:
        self._connection = connection

    @classmethod
    async def open(cls, path: Path | str) -> SqliteEngine:
        if str(path) != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        connection = await aiosqlite.connect(str(path), isolation_level=None)
        try:
            aiosqlite_bridge.check(connection)
        except aiosqlite_bridge.IncompatibleAiosqlite:
            await connection.close()
            raise
        engine = cls(connection)
        await engine.run(_configure)
        return engine

    async def run(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        return await aiosqlite_bridge.run_on_connection_thread(self._connection, fn)

    async def transaction(self, write: bool, fn: Callable[[Connection], T]) -> T:
        begin = "BEGIN IMMEDIATE" if write else "BEGIN DEFERRED"
        return await self.run(lambda conn: _run_in_transaction(conn, begin, fn))

    async def migrate(self, migrations: list[Migration]) -> int:
        return await self.run(lambda conn: _apply_migrations(conn, migrations))

    async def version(self) -> int:
        return await self.run(_user_version)

    @staticmethod
    def tables(conn: Connection) -> list[str]:
        sql = "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name"
        return [r[0] for r in conn.execute(sql)]

    @staticmethod
    def parents(conn: Connection, tables: list[str]) -> dict[str, set[str]]:
        sql = 'SELECT "table" FROM pragma_foreign_key_list(?)'
        return {t: {r[0] for r in conn.execute(sql, (t,))} for t in tables}

    @staticmethod
    def keyed(conn: Connection, tables: list[str]) -> set[str]:
        sql = "SELECT 1 FROM pragma_table_info(?) WHERE name = 'id' AND pk = 1"
        return {t for t in tables if conn.execute(sql, (t,)).fetchone() is not None}

    @staticmethod
    def continue_ids(conn: Connection) -> None:
        """Nothing to do: SQLite's next id follows the largest one in the table."""

    async def close(self) -> None:
        await self._connection.close()


class Database:
    """The store: SQLite at a path, or PostgreSQL at a `postgresql://` URL (`Database.open` decides)."""

    def __init__(self, engine: _Engine, location: Path | str) -> None:
        self._engine = engine
        self.location = location
        self._after_commit: list[Callable[[], None]] = []

    @property
    def engine(self) -> str:
        """ "sqlite" or "postgresql"."""
        return self._engine.name

    def after_commit(self, callback: Callable[[], None]) -> None:
        """Call `callback()` after every committed unit of work (e.g. to wake the announcement outbox)."""
        self._after_commit.append(callback)

    @classmethod
    async def open(cls, location: Path | str) -> Database:
        """A SQLite file at a path (its folder is made), or the PostgreSQL database a URL names."""
        engine: _Engine
        if postgres.is_url(location):
            engine = await postgres.PostgresEngine.open(str(location))
        else:
            engine = await SqliteEngine.open(location)
        return cls(engine, location)

    async def close(self) -> None:
        await self._engine.close()

    async def migrate(self, migrations: list[Migration] | None = None) -> int:
        """Apply every migration not yet applied, each in its own transaction; returns the schema version."""
        return await self._engine.migrate(load_migrations() if migrations is None else migrations)

    async def version(self) -> int:
        """The schema version: the last migration applied (0 for a new database)."""
        return await self._engine.version()

    async def tables(self) -> list[str]:
        """The schema's tables (not the engine's own, nor the schema version's), by name."""
        return await self.read(self._engine.tables)

    async def tables_in_order(self) -> list[str]:
        """The tables, each after the tables its foreign keys point at."""
        tables = await self.tables()
        return graph_order(await self.read(self._engine.parents, tables))

    async def id_tables(self) -> set[str]:
        """The tables whose rows are keyed by an `id` column."""
        return await self.read(self._engine.keyed, await self.tables())

    async def continue_ids(self) -> None:
        """After rows were written with their ids: new rows get ids after them."""
        await self.write(self._engine.continue_ids)

    async def analyze(self) -> None:
        """After a bulk load: refresh the query planner's statistics (`ANALYZE`, on both engines). Until
        then PostgreSQL plans with none and may pick nested loops over thousands of rows (its autovacuum
        would analyze later, but a copied league is used at once)."""
        await self.write(lambda conn: conn.execute("ANALYZE"))

    async def write(
        self, fn: Callable[Concatenate[Connection, P], T], *args: P.args, **kwargs: P.kwargs
    ) -> T:
        """Run one unit of work in one writing transaction: all of it commits, or none of it. It runs on the
        store's thread in the caller's context, so what it words is in the caller's language (bot/i18n)."""
        context = contextvars.copy_context()
        result = await self._engine.transaction(True, lambda conn: context.run(fn, conn, *args, **kwargs))
        for callback in self._after_commit:
            callback()
        return result

    async def write_step(
        self, step: str, fn: Callable[Concatenate[Connection, P], T], *args: P.args, **kwargs: P.kwargs
    ) -> T:
        """`write` for a named step of bot/failpoints.py: a test may stop the process inside the
        transaction just before its commit, or just after the commit (before the caller replies)."""

        def unit(conn: Connection) -> T:
            result = fn(conn, *args, **kwargs)
            failpoints.reached(step, failpoints.BEFORE)
            return result

        result = await self.write(unit)
        failpoints.reached(step, failpoints.AFTER)
        return result

    async def read(self, fn: Callable[Concatenate[Connection, P], T], *args: P.args, **kwargs: P.kwargs) -> T:
        """Run a read-only unit of work on one consistent snapshot (in the caller's context, as `write`)."""
        context = contextvars.copy_context()
        return await self._engine.transaction(False, lambda conn: context.run(fn, conn, *args, **kwargs))
