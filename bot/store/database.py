"""The SQLite database: one aiosqlite connection, WAL, numbered migrations, one transaction per action.

Every unit of work is a plain function over a `sqlite3.Connection`, run in one hop on aiosqlite's
connection thread (bot/store/aiosqlite_bridge.py, the one use of aiosqlite's private API) inside
`BEGIN IMMEDIATE ... COMMIT` (`Database.write`) or a read snapshot (`Database.read`). Units of work run one at a time on that thread, so they never interleave, and a unit
that raises is rolled back whole. This costs one thread hop per user action instead of one per statement.
"""

from __future__ import annotations

import logging
import re
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Concatenate, ParamSpec, TypeVar

import aiosqlite

from bot.store import aiosqlite_bridge

log = logging.getLogger(__name__)

P = ParamSpec("P")
T = TypeVar("T")

BUSY_TIMEOUT_MS = 5000
# A migration that starts with this line rebuilds a table (create the new one, copy, drop, rename): it runs
# with foreign keys off, and every foreign key is checked before it commits.
REBUILDS_TABLES = "-- rebuilds tables"
_MIGRATION_NAME = re.compile(r"^(\d{4})_([a-z0-9_]+)\.sql$")


@dataclass(frozen=True)
class Migration:
    version: int
    name: str
    sql: str


def load_migrations(package: str = "bot.store.migrations") -> list[Migration]:
    """The numbered `NNNN_name.sql` files of a package, in order; numbers must run 1, 2, 3 ..."""
    found: list[Migration] = []
    for entry in resources.files(package).iterdir():
        match = _MIGRATION_NAME.match(entry.name)
        if match:
            found.append(Migration(int(match.group(1)), match.group(2), entry.read_text(encoding="utf-8")))
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
    conn.execute("PRAGMA journal_mode = WAL")
    conn.execute("PRAGMA synchronous = NORMAL")
    conn.execute("PRAGMA foreign_keys = ON")
    conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")


def _run_in_transaction(
    conn: sqlite3.Connection,
    begin: str,
    fn: Callable[..., T],
    args: tuple[object, ...],
    kwargs: dict[str, object],
) -> T:
    conn.execute(begin)
    try:
        result = fn(conn, *args, **kwargs)
    except BaseException:
        conn.rollback()
        raise
    conn.commit()
    return result


def _apply_migrations(conn: sqlite3.Connection, migrations: list[Migration]) -> int:
    current = int(conn.execute("PRAGMA user_version").fetchone()[0])
    known = len(migrations)
    if current > known:
        raise RuntimeError(f"the database is at schema version {current}, newer than this bot ({known})")
    for migration in migrations[current:]:
        log.info("applying migration %04d_%s", migration.version, migration.name)
        rebuild = migration.sql.startswith(REBUILDS_TABLES)
        try:
            if rebuild:  # SQLite's way to change a table: foreign keys off, checked before the commit
                conn.execute("PRAGMA foreign_keys = OFF")
            # executescript() commits any open transaction first, so the script carries its own.
            conn.executescript(
                f"BEGIN IMMEDIATE;\n{migration.sql}\n;PRAGMA user_version = {migration.version};"
            )
            broken = conn.execute("PRAGMA foreign_key_check").fetchall() if rebuild else []
            if broken:
                raise sqlite3.IntegrityError(f"{len(broken)} rows would break a foreign key")
            conn.commit()
        except sqlite3.Error as exc:
            if conn.in_transaction:
                conn.rollback()
            raise RuntimeError(
                f"migration {migration.version:04d}_{migration.name}.sql failed: {exc}"
            ) from exc
        finally:
            if rebuild:
                conn.execute("PRAGMA foreign_keys = ON")
    return int(conn.execute("PRAGMA user_version").fetchone()[0])


class Database:
    """One SQLite database file behind one aiosqlite connection."""

    def __init__(self, connection: aiosqlite.Connection, path: Path | str) -> None:
        self._connection = connection
        self.path = path
        self._after_commit: list[Callable[[], None]] = []

    def after_commit(self, callback: Callable[[], None]) -> None:
        """Call `callback()` after every committed unit of work (e.g. to wake the announcement outbox)."""
        self._after_commit.append(callback)

    @classmethod
    async def open(cls, path: Path | str) -> Database:
        if str(path) != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        connection = await aiosqlite.connect(str(path), isolation_level=None)
        try:
            aiosqlite_bridge.check(connection)
        except aiosqlite_bridge.IncompatibleAiosqlite:
            await connection.close()
            raise
        database = cls(connection, path)
        await database.call(_configure)
        return database

    async def close(self) -> None:
        await self._connection.close()

    async def migrate(self, migrations: list[Migration] | None = None) -> int:
        """Apply every migration not yet applied, each in its own transaction; returns the schema version."""
        return await self.call(_apply_migrations, load_migrations() if migrations is None else migrations)

    async def call(
        self, fn: Callable[Concatenate[sqlite3.Connection, P], T], *args: P.args, **kwargs: P.kwargs
    ) -> T:
        """Run `fn(conn, ...)` on the connection's thread, outside any transaction the helper opens."""
        return await aiosqlite_bridge.run_on_connection_thread(
            self._connection, lambda conn: fn(conn, *args, **kwargs)
        )

    async def write(
        self, fn: Callable[Concatenate[sqlite3.Connection, P], T], *args: P.args, **kwargs: P.kwargs
    ) -> T:
        """Run one unit of work in one `BEGIN IMMEDIATE` transaction: all of it commits, or none of it."""
        result = await self.call(_run_in_transaction, "BEGIN IMMEDIATE", fn, args, kwargs)
        for callback in self._after_commit:
            callback()
        return result

    async def read(
        self, fn: Callable[Concatenate[sqlite3.Connection, P], T], *args: P.args, **kwargs: P.kwargs
    ) -> T:
        """Run a read-only unit of work on one consistent snapshot."""
        return await self.call(_run_in_transaction, "BEGIN DEFERRED", fn, args, kwargs)
