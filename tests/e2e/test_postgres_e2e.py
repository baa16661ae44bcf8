"""The real bot process on PostgreSQL (DATABASE_URL): a season set up through Discord, a result reported and
confirmed with its post-game; a second process started on the same database finds the schema migrated and
the commands synced, and does not sync them again."""

from __future__ import annotations

from pathlib import Path

from tests.conftest import on_database
from tests.e2e import builders as build
from tests.e2e.conftest import BotProcess, World, assert_clean_run
from tests.e2e.fake_discord import button_ids
from tests.postgres_server import Server


async def _count(url: str, sql: str) -> int:
    return int(await on_database(url, lambda conn: conn.execute(sql).fetchone()[0]))


async def test_a_season_and_a_confirmed_result_on_postgresql(
    world: World, postgres: Server, tmp_path: Path
) -> None:
    url = postgres.new_database()
    first = BotProcess(world.discord, url, folder=tmp_path)
    await first.start()
    try:
        await build.set_up_season(world)
        report, opponent = await build.report(world, world.coaches[0])
        confirmed = await world.discord.click(report.message, button_ids(report.message)[0], opponent)
        await confirmed.wait(lambda i: len(i.messages) >= 2)
        assert "Post-game" in confirmed.messages[1]["embeds"][0]["title"]
        assert await _count(url, "SELECT COUNT(*) FROM team_postgames") == 2
        assert await _count(url, "SELECT COUNT(*) FROM fixtures WHERE status = 'confirmed'") == 1
    finally:
        code = await first.stop()
    assert_clean_run(world.discord, first, code)
    assert "PostgreSQL postgresql://" in first.log and "synced" in first.log
    assert not (tmp_path / "var" / "league.sqlite3").exists()  # the default SQLite file is not made

    second = BotProcess(world.discord, url, folder=tmp_path)
    await second.start()
    code = await second.stop()
    assert_clean_run(world.discord, second, code)
    assert "slash commands unchanged" in second.log
