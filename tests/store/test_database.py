"""The store, on each engine: migrations from an empty database, one transaction per unit of work,
connection settings."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot.store import Database, Migration, load_migrations
from bot.store.connection import Connection
from bot.store.postgres import is_url


async def _tables(db: Database) -> set[str]:
    return set(await db.tables())


async def test_migrating_an_empty_database_creates_every_table(tmp_path: Path) -> None:
    db = await Database.open(tmp_path / "new" / "league.sqlite3")  # the folder is created too
    try:
        assert await db.version() == 0
        version = await db.migrate()
        assert version == len(load_migrations()) >= 1
        assert {"app_meta", "guild_settings", "dice_rolls", "audit_log"} <= await _tables(db)
        assert await db.migrate() == version  # applying again changes nothing
    finally:
        await db.close()


async def test_every_migration_applies_on_each_engine(database_location: str) -> None:
    db = await Database.open(database_location)
    try:
        assert await db.version() == 0
        version = await db.migrate()
        assert version == await db.version() == len(load_migrations())
        assert {"leagues", "teams", "fixtures", "dice_rolls", "audit_log"} <= await _tables(db)
        assert await db.migrate() == version
    finally:
        await db.close()


async def test_two_processes_starting_together_migrate_once(database_location: str) -> None:
    first, second = Database.open(database_location), Database.open(database_location)
    dbs = await asyncio.gather(first, second)
    try:
        versions = await asyncio.gather(*(db.migrate() for db in dbs))
        assert versions == [len(load_migrations())] * 2
    finally:
        for db in dbs:
            await db.close()


async def test_migration_numbers_are_consecutive_from_one() -> None:
    versions = [m.version for m in load_migrations()]
    assert versions == list(range(1, len(versions) + 1))


async def test_a_failed_migration_leaves_the_schema_as_it_was(database_location: str) -> None:
    good = Migration(1, "good", "CREATE TABLE a (id INTEGER PRIMARY KEY);")
    bad = Migration(2, "bad", "CREATE TABLE b (id INTEGER PRIMARY KEY);\nINSERT INTO missing VALUES (1);")
    db = await Database.open(database_location)
    try:
        with pytest.raises(RuntimeError, match=r"0002_bad\.sql failed"):
            await db.migrate([good, bad])
        assert await db.version() == 1
        tables = await _tables(db)
        assert "a" in tables and "b" not in tables
    finally:
        await db.close()


async def test_a_table_rebuild_needs_its_own_postgres_migration(database_location: str) -> None:
    rebuild = Migration(1, "rebuild", "-- rebuilds tables\nCREATE TABLE a (id INTEGER PRIMARY KEY);")
    db = await Database.open(database_location)
    try:
        if db.engine == "sqlite":
            assert await db.migrate([rebuild]) == 1
        else:
            with pytest.raises(RuntimeError, match=r"0001_rebuild\.postgres\.sql"):
                await db.migrate([rebuild])
    finally:
        await db.close()


async def test_a_database_newer_than_the_code_is_refused(database_location: str) -> None:
    db = await Database.open(database_location)
    try:
        await db.migrate([Migration(1, "one", "SELECT 1;"), Migration(2, "two", "SELECT 1;")])
        with pytest.raises(RuntimeError, match="newer than this bot"):
            await db.migrate([Migration(1, "one", "SELECT 1;")])
    finally:
        await db.close()


async def test_a_failed_transaction_leaves_nothing_behind(database: Database) -> None:
    def half_done(conn: Connection) -> None:
        conn.execute("INSERT INTO app_meta (key, value) VALUES ('first', '1')")
        conn.execute("INSERT INTO audit_log (guild_id, actor_id, action, created_at) VALUES (1, 2, 'x', 0)")
        raise ValueError("crash in the middle of a service call")

    with pytest.raises(ValueError, match="crash"):
        await database.write(half_done)

    def count(conn: Connection) -> tuple[int, int]:
        return (
            conn.execute("SELECT COUNT(*) FROM app_meta").fetchone()[0],
            conn.execute("SELECT COUNT(*) FROM audit_log").fetchone()[0],
        )

    assert await database.read(count) == (0, 0)
    # The connection is usable afterwards: the next unit of work commits normally.
    await database.write(lambda conn: conn.execute("INSERT INTO app_meta VALUES ('after', '1')"))
    assert await database.read(count) == (1, 0)


async def test_text_with_a_nul_character_is_stored_and_looked_up_on_both_engines(database: Database) -> None:
    """A user can send a NUL (the fuzz test did): PostgreSQL's text cannot hold one, so it is dropped there;
    neither engine fails on it."""

    def store_and_find(conn: Connection) -> list[str]:
        conn.execute("INSERT INTO app_meta (key, value) VALUES (?, ?)", ("name", "Nul\x00led"))
        return [row[0] for row in conn.execute("SELECT key FROM app_meta WHERE value = ?", ("Nul\x00led",))]

    assert await database.write(store_and_find) == ["name"]
    stored = await database.read(lambda conn: conn.execute("SELECT value FROM app_meta").fetchone()[0])
    assert stored.replace("\x00", "") == "Nulled"


async def test_analyze_gives_the_planner_statistics(database: Database) -> None:
    """After a bulk load (a copied league) the planner has statistics at once: without them PostgreSQL
    planned the start-up's reminder query as nested loops (3 s for 20,000 reminders instead of 20 ms)."""

    def analyzed(conn: Connection) -> bool:
        if is_url(database.location):  # reltuples is -1 until the table is first analyzed
            return (
                float(conn.execute("SELECT reltuples FROM pg_class WHERE relname = 'app_meta'").fetchone()[0])
                >= 0
            )
        return (
            int(conn.execute("SELECT COUNT(*) FROM sqlite_stat1 WHERE tbl = 'app_meta'").fetchone()[0]) == 1
        )

    await database.write(lambda conn: conn.execute("INSERT INTO app_meta (key, value) VALUES ('a', '1')"))
    if is_url(database.location):  # (SQLite has no statistics table to ask before its first ANALYZE)
        assert not await database.read(analyzed)
    await database.analyze()
    assert await database.read(analyzed)


async def test_concurrent_units_of_work_do_not_interleave(database: Database) -> None:
    def increment(conn: Connection) -> None:
        row = conn.execute("SELECT value FROM app_meta WHERE key = 'n'").fetchone()
        value = int(row[0]) if row else 0
        conn.execute(
            "INSERT INTO app_meta VALUES ('n', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            (str(value + 1),),
        )

    await asyncio.gather(*(database.write(increment) for _ in range(200)))
    row = await database.read(
        lambda conn: conn.execute("SELECT value FROM app_meta WHERE key='n'").fetchone()
    )
    assert row[0] == "200"


async def test_connection_settings(tmp_path: Path) -> None:
    database = await Database.open(tmp_path / "settings.sqlite3")

    def pragmas(conn: Connection) -> tuple[str, int, int]:
        return (
            conn.execute("PRAGMA journal_mode").fetchone()[0],
            conn.execute("PRAGMA foreign_keys").fetchone()[0],
            conn.execute("PRAGMA busy_timeout").fetchone()[0],
        )

    journal, foreign_keys, busy = await database.read(pragmas)
    await database.close()
    assert journal == "wal" and foreign_keys == 1 and busy >= 1000


async def test_a_unit_of_work_words_in_its_callers_language(database_location: str) -> None:
    """A unit runs on the store's thread: it must still see the caller's language (bot/i18n's context
    variable), or a refusal or a post-game line worded inside it would come out in English."""
    from bot import i18n
    from bot.text import gp

    db = await Database.open(database_location)
    try:
        await db.migrate()
        with i18n.using("de"):
            assert await db.read(lambda conn: (i18n.current(), gp(1_000_000))) == ("de", "1.000.000 GM")
            assert await db.write(lambda conn: i18n.current()) == "de"

        async def caller(language: str) -> str:
            i18n.set_language(language)
            return await db.read(lambda conn: i18n.current())

        assert await asyncio.gather(caller("fr"), caller("it"), caller("es-ES")) == ["fr", "it", "es-ES"]
        assert await db.read(lambda conn: i18n.current()) == "en"
    finally:
        await db.close()
