"""The real bot process on PostgreSQL (DATABASE_URL): a season set up through Discord, a result reported and
confirmed with its post-game; a second process started on the same database finds the schema migrated and
the commands synced, and does not sync them again."""

from __future__ import annotations

from pathlib import Path

import psycopg
from psycopg.conninfo import make_conninfo

from tests.e2e import builders as build
from tests.e2e.conftest import BotProcess, World, assert_clean_run
from tests.e2e.fake_discord import button_ids
from tests.postgres_server import Server


def _count(url: str, sql: str) -> int:
    with psycopg.connect(make_conninfo(url)) as conn:
        row = conn.execute(sql).fetchone()
        assert row is not None
        return int(row[0])


async def test_a_season_and_a_confirmed_result_on_postgresql(
    world: World, postgres: Server, tmp_path: Path
) -> None:
    url = postgres.new_database()
    first = BotProcess(world.discord, tmp_path / "unused.sqlite3", {"DATABASE_URL": url})
    await first.start()
    try:
        await build.set_up_season(world)
        report, opponent = await build.report(world, world.coaches[0])
        confirmed = await world.discord.click(report.message, button_ids(report.message)[0], opponent)
        await confirmed.wait(lambda i: len(i.messages) >= 2)
        assert "Post-game" in confirmed.messages[1]["embeds"][0]["title"]
        assert _count(url, "SELECT COUNT(*) FROM team_postgames") == 2
        assert _count(url, "SELECT COUNT(*) FROM fixtures WHERE status = 'confirmed'") == 1
    finally:
        code = await first.stop()
    assert_clean_run(world.discord, first, code)
    assert "PostgreSQL postgresql://" in first.log and "synced" in first.log
    assert not (tmp_path / "unused.sqlite3").exists()

    second = BotProcess(world.discord, tmp_path / "unused.sqlite3", {"DATABASE_URL": url})
    await second.start()
    code = await second.stop()
    assert_clean_run(world.discord, second, code)
    assert "slash commands unchanged" in second.log
