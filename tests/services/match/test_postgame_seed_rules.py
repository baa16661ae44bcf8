"""Hiring, firing and "miss next game" in the post-game, as seed 001 words them (issue #13, section 4)."""

from __future__ import annotations

import sqlite3
from dataclasses import replace

import pytest

from bot.errors import RuleViolation
from bot.services.league import seasons
from bot.services.match import postgame, postgame_roster, prepare, results
from bot.services.match.results import SideInput
from bot.services.roster import teams
from bot.services.runtime import Runtime
from tests import builders as build
from tests.builders import (
    AWAY,
    HOME,
    coach,
    entries,
    home_away_fixture,
    team_of,
)
from tests.conftest import actor

COACH = coach(0)


async def _played_with_journeymen(runtime: Runtime, hired: int, injured: int, dead: int = 0) -> int:
    """Team 0 (Skaven, coach 100) hires `hired` Clanrats; `injured` of them miss the fixture and `dead`
    are gone before it, so the team takes on journeymen, plays (0-0) and its post-game is open."""
    drafted = entries(4, rosters={0: "skaven"})
    drafted[0] = replace(drafted[0], players=hired)
    await build.season(runtime, drafted, channel=None)

    def out(conn: sqlite3.Connection) -> None:
        conn.execute("UPDATE players SET miss_next_game = 1 WHERE team_id = 1 AND number <= ?", (injured,))
        conn.execute("UPDATE players SET status = 'dead' WHERE team_id = 1 AND number > ?", (hired - dead,))

    await runtime.db.write(out)
    fx = (await seasons.list_fixtures(runtime, COACH, None, "mine")).fixtures[0]
    prep = await prepare.prepare_match(runtime, COACH, f"f:{fx.id}")
    assert prep.added  # journeymen taken on
    opponent = actor(user_id=fx.away_coach_id if fx.home_coach_id == 100 else fx.home_coach_id)
    await results.report_result(runtime, COACH, f"f:{fx.id}", SideInput(0, 0), SideInput(0, 0))
    await results.confirm_result(runtime, opponent, fx.id, 1)
    return fx.id


async def test_journeymen_about_to_leave_do_not_count_towards_sixteen(runtime: Runtime) -> None:
    """Seed 001: "Journeymen may temporarily take the number of players on a team above 16 including
    injured players" and "Any Journeymen not hired are permanently lost." 11 regulars + 2 journeymen
    may hire 5."""
    await _played_with_journeymen(runtime, hired=11, injured=2)
    hired = await teams.hire_players(runtime, COACH, None, "Skaven Clanrat", count=5)
    assert len([p for p in hired.sheet.players if not p.row.journeyman]) == 16
    with pytest.raises(RuleViolation, match="more than 16 players"):
        await teams.hire_players(runtime, COACH, None, "Skaven Clanrat")
    journeyman = next(p for p in hired.sheet.players if p.row.journeyman)
    with pytest.raises(RuleViolation, match="more than 16 players"):  # keeping him would make 17
        await postgame_roster.keep_journeyman(runtime, COACH, None, f"#{journeyman.row.number}")


async def test_players_who_missed_this_game_count_as_eligible_for_the_next(runtime: Runtime) -> None:
    """Seed 001: "Players may not be fired if it would take the number of players eligible for the next
    game below 11." 12 Clanrats, 3 of them missed this game (back for the next): one may be fired."""
    await _played_with_journeymen(runtime, hired=12, injured=3)
    fired = await teams.fire_player(runtime, COACH, None, "#12")
    assert 12 not in [p.row.number for p in fired.sheet.players]
    with pytest.raises(RuleViolation, match="below 11"):
        await teams.fire_player(runtime, COACH, None, "#11")


async def test_leaving_journeymen_are_not_eligible_for_the_next_game(runtime: Runtime) -> None:
    """Seed 001: "Any Journeymen not hired are permanently lost", so they are not "players eligible for
    the next game": 10 Clanrats and a journeyman, one Clanrat hired after the game: none may be fired."""
    await _played_with_journeymen(runtime, hired=11, injured=0, dead=1)
    await teams.hire_players(runtime, COACH, None, "Skaven Clanrat")
    with pytest.raises(RuleViolation, match="below 11"):
        await teams.fire_player(runtime, COACH, None, "#2")


async def test_a_friendly_does_not_clear_miss_next_game(runtime: Runtime) -> None:
    """Seed 001, Friendly games: "any players that were scheduled to miss a team's next game will still
    count as missing the team's next game"."""
    await home_away_fixture(runtime)

    def injure(conn: sqlite3.Connection) -> None:
        conn.execute("UPDATE players SET miss_next_game = 1 WHERE team_id = 1 AND number = 1")

    await runtime.db.write(injure)
    friendly = await results.report_friendly(runtime, HOME, None, "Away", SideInput(1, 0), SideInput(0, 0))
    confirmed = await results.confirm_result(runtime, AWAY, friendly.fixture.id, 1)
    home = await team_of(runtime, HOME)
    summary = next(s for s in confirmed.postgame if s.team_id == home.id)
    assert any("still out for the next game" in line for line in summary.lines)
    await postgame.finish_postgame(runtime, HOME, friendly.fixture.id, home.id)
    sheet = await teams.team_sheet(runtime, HOME, None)
    assert next(p for p in sheet.players if p.row.number == 1).row.miss_next_game
