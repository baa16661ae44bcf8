"""Match-day rolls through the service: logged against the fixture, only for its coaches."""

from __future__ import annotations

import sqlite3

import pytest

from bot.errors import NotAllowed
from bot.rules.dice import ScriptedDice
from bot.services.match import match_day
from bot.services.runtime import Runtime
from tests.builders import short_team_fixture
from tests.conftest import actor


async def test_a_coach_rolls_the_weather_and_it_is_logged(runtime: Runtime) -> None:
    fixture_id, coach_id = await short_team_fixture(runtime, "skaven", out=2)
    scripted = Runtime(runtime.db, ScriptedDice([6, 6]), runtime.clock, runtime.catalog)
    result = await match_day.roll_table(scripted, actor(user_id=coach_id), f"f:{fixture_id}", "weather")
    assert (
        result.rolled.result == 12
        and result.rolled.entry.name == runtime.catalog.tables["weather"].lookup(12).name
    )

    def logged(conn: sqlite3.Connection) -> list[str]:
        return [
            r[0] for r in conn.execute("SELECT purpose FROM dice_rolls WHERE fixture_id = ?", (fixture_id,))
        ]

    assert any("Weather" in purpose for purpose in await runtime.db.read(logged))
    with pytest.raises(NotAllowed):
        await match_day.roll_table(runtime, actor(user_id=1), f"f:{fixture_id}", "kickoff")


async def test_casualty_roll_adds_the_players_niggling_injuries(runtime: Runtime) -> None:
    fixture_id, coach_id = await short_team_fixture(runtime, "skaven", out=2)

    def niggle(conn: sqlite3.Connection) -> int:
        conn.execute("UPDATE players SET niggling_injuries = 2 WHERE team_id = 1 AND number = 5")
        return int(conn.execute("SELECT id FROM players WHERE team_id = 1 AND number = 5").fetchone()[0])

    player_id = await runtime.db.write(niggle)
    scripted = Runtime(runtime.db, ScriptedDice([13]), runtime.clock, runtime.catalog)
    result = await match_day.roll_table(
        scripted, actor(user_id=coach_id), f"f:{fixture_id}", "casualty", f"p:{player_id}"
    )
    assert result.rolled.modifier == 2 and result.rolled.entry.name == "Dead"  # 13 + 2 = 15
