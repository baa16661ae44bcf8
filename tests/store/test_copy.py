"""`python -m bot migrate`: a league played by the simulator moves from its SQLite file to PostgreSQL and
back exactly (every table, row and id; every ledger still equals its sum; the invariants hold on the copy);
a database that holds rows is never a target; new rows on the copy get new ids."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot.simulation.invariants import check_invariants
from bot.simulation.migrate import migrate
from bot.simulation.run import simulate
from bot.store import Database
from bot.store.connection import Connection
from bot.store.copy import TargetNotEmpty, copy_database
from tests.postgres_server import Server


async def _rows(db: Database) -> dict[str, list[tuple[object, ...]]]:
    """Every row of every table, in a fixed order (the column order of the table's first row)."""
    found: dict[str, list[tuple[object, ...]]] = {}
    for table in await db.tables():

        def read(conn: Connection, table: str = table) -> list[tuple[object, ...]]:
            rows = [dict(row) for row in conn.execute(f"SELECT * FROM {table}")]  # noqa: S608
            return sorted((tuple(sorted(row.items())) for row in rows), key=repr)

        found[table] = await db.read(read)
    return found


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("played") / "league.sqlite3"

    result = asyncio.run(simulate(1, 6, 3, path, seasons_count=2))
    assert not result.problems
    return path


async def test_a_played_league_moves_to_postgresql_and_back_exactly(
    played: Path, postgres: Server, tmp_path: Path
) -> None:
    source = await Database.open(played)
    moved = await Database.open(postgres.new_database())
    back = await Database.open(tmp_path / "back.sqlite3")
    try:
        copied = await copy_database(source, moved)
        assert copied.rows["fixtures"] > 0 and copied.rows["dice_rolls"] > 0
        original = await _rows(source)
        assert await _rows(moved) == original
        assert await moved.read(check_invariants) == []  # every ledger equals its sum, and the rest
        analyzed = await moved.read(  # the copy was analyzed: planned with statistics at once
            lambda conn: conn.execute("SELECT reltuples FROM pg_class WHERE relname = 'fixtures'").fetchone()[
                0
            ]
        )
        assert float(analyzed) == copied.rows["fixtures"]
        await copy_database(moved, back)
        assert await _rows(back) == original
    finally:
        for db in (source, moved, back):
            await db.close()


async def test_a_target_that_holds_rows_is_refused_and_left_as_it_was(played: Path, postgres: Server) -> None:
    url = postgres.new_database()
    assert await migrate(played, url, say=lambda line: None) == 0
    source, target = await Database.open(played), await Database.open(url)
    try:
        before = await _rows(target)
        with pytest.raises(TargetNotEmpty, match="not empty"):
            await copy_database(source, target)
        assert await _rows(target) == before
    finally:
        await source.close()
        await target.close()


async def test_new_rows_on_the_copy_get_ids_after_the_copied_ones(played: Path, postgres: Server) -> None:
    url = postgres.new_database()
    lines: list[str] = []
    assert await migrate(played, url, say=lines.append) == 0
    assert lines[-1] == "the copy is whole: every table and invariant checked"
    target = await Database.open(url)
    try:

        def add(conn: Connection) -> tuple[int, int]:
            largest = conn.execute("SELECT MAX(id) FROM audit_log").fetchone()[0]
            cursor = conn.execute(
                "INSERT INTO audit_log (guild_id, actor_id, action, created_at) VALUES (1, 2, 'after', 0)"
            )
            assert cursor.lastrowid is not None
            return int(largest), cursor.lastrowid

        largest, new = await target.write(add)
        assert new == largest + 1
    finally:
        await target.close()
