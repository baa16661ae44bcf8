"""Seasons, fixtures, results and standings through the services, against a real SQLite file."""

from __future__ import annotations

import sqlite3
from collections import Counter
from datetime import timedelta
from itertools import combinations

import pytest

from bot.errors import Conflict, InvalidInput, NotAllowed, RuleViolation
from bot.services.league import leagues, seasons
from bot.services.match import results
from bot.services.match.results import SideInput
from bot.services.roster import teams
from bot.services.runtime import Actor, Runtime
from bot.store import dice_log
from tests import builders as build
from tests.builders import COMMISH, coach


async def test_a_season_needs_four_approved_teams(runtime: Runtime) -> None:
    await build.league(runtime, 3)
    await teams.create_team(runtime, coach(9), None, "Late", "orc")  # drafting, not approved
    with pytest.raises(RuleViolation, match="at least 4 approved teams; there are 3"):
        await seasons.start_season(runtime, COMMISH, None)


async def test_start_season_draws_divisions_and_schedules_a_round_robin(runtime: Runtime) -> None:
    await build.league(runtime, 9, teams_per_division=5)
    overview = await seasons.start_season(runtime, COMMISH, None)
    sizes = sorted(len(members) for _, members in overview.divisions)
    assert sizes == [4, 5]
    assert len(overview.rounds) == 5  # the five-team division needs five rounds
    deadlines = [r.deadline_at - runtime.clock.now() for r in overview.rounds]
    assert deadlines == [timedelta(days=14 * n) for n in range(1, 6)]
    for division, members in overview.divisions:
        games = [f for f in overview.fixtures if f.division_id == division.id]
        pairs = Counter(frozenset((f.home_team_id, f.away_team_id)) for f in games)
        assert set(pairs) == {frozenset(p) for p in combinations([t.id for t in members], 2)}
        assert set(pairs.values()) == {1}
    with pytest.raises(Conflict, match="still running"):
        await seasons.start_season(runtime, COMMISH, None)

    def draw_rolls(conn: sqlite3.Connection) -> list[str]:
        page, _ = dice_log.in_channel(conn, 1, 100, up_to_id=10_000, limit=50, offset=0)
        return [r.purpose for r in page]

    rolls = await runtime.db.read(draw_rolls)
    assert len(rolls) == 8 and all("division draw" in p for p in rolls)  # d9 down to d2, every die logged


async def test_commissioner_assigns_divisions(runtime: Runtime) -> None:
    await build.league(runtime, 8)
    text = ", ".join(f"Team {n}={1 + n % 2}" for n in range(8))
    overview = await seasons.start_season(runtime, COMMISH, None, text)
    assert [[t.name for t in m] for _, m in overview.divisions] == [
        ["Team 0", "Team 2", "Team 4", "Team 6"],
        ["Team 1", "Team 3", "Team 5", "Team 7"],
    ]


async def test_start_season_with_a_number_of_divisions(runtime: Runtime) -> None:
    await build.league(runtime, 9)  # one division by the settings; the commissioner asks for 2
    overview = await seasons.start_season(runtime, COMMISH, None, " 2 ")
    assert sorted(len(members) for _, members in overview.divisions) == [4, 5]
    assert [d.name for d, _ in overview.divisions] == ["Division 1", "Division 2"]


async def test_a_number_of_divisions_too_large_is_refused(runtime: Runtime) -> None:
    await build.league(runtime, 8)
    with pytest.raises(RuleViolation, match="8 teams make 1 to 2 divisions of at least 4 teams each, not 3"):
        await seasons.start_season(runtime, COMMISH, None, "3")
    with pytest.raises(RuleViolation, match="not 0"):
        await seasons.start_season(runtime, COMMISH, None, "0")
    overview = await seasons.start_season(runtime, COMMISH, None, "2")  # nothing was written by the refusals
    assert overview.season.number == 1


async def test_too_few_teams_for_the_divisions_the_settings_ask_for_is_refused(runtime: Runtime) -> None:
    await build.league(runtime, 7, teams_per_division=4)
    with pytest.raises(RuleViolation) as refused:
        await seasons.start_season(runtime, COMMISH, None)
    assert str(refused.value).startswith(
        "7 teams cannot make divisions of at most 4 with at least 4 teams each: set teams_per_division to 7"
        " or more, approve 1 more team"
    )
    overview = await seasons.start_season(runtime, COMMISH, None, "1")  # what would work
    assert [len(members) for _, members in overview.divisions] == [7]


async def test_assignment_must_cover_every_team(runtime: Runtime) -> None:
    await build.league(runtime, 5)
    with pytest.raises(RuleViolation, match="missing: Team 4"):
        await seasons.start_season(runtime, COMMISH, None, "Team 0=1, Team 1=1, Team 2=1, Team 3=1")
    with pytest.raises(InvalidInput, match="Can't read"):
        await seasons.start_season(runtime, COMMISH, None, "Team 0 in one")


async def _first_fixture(runtime: Runtime) -> tuple[int, Actor, Actor]:
    listing = await seasons.list_fixtures(runtime, coach(0), None, "mine")
    fx = listing.fixtures[0]
    home = next(coach(n) for n in range(8) if coach(n).user_id == fx.home_coach_id)
    away = next(coach(n) for n in range(8) if coach(n).user_id == fx.away_coach_id)
    return fx.id, home, away


async def test_report_confirm_and_standings(runtime: Runtime) -> None:
    await build.league(runtime, 4)
    await seasons.start_season(runtime, COMMISH, None)
    fixture_id, home, away = await _first_fixture(runtime)
    reported = await results.report_result(
        runtime, home, f"f:{fixture_id}", SideInput(3, 1, "#1 td 2, #2 td"), SideInput(0, 0, "#5 bh")
    )
    assert reported.version == 1 and reported.confirmer_id == away.user_id
    with pytest.raises(NotAllowed, match="other coach"):
        await results.confirm_result(runtime, home, fixture_id, 1)
    fixed = await results.report_result(
        runtime, home, f"f:{fixture_id}", SideInput(3, 3, "#1 td 2, #2 td"), SideInput(0, 0)
    )
    assert fixed.version == 2
    with pytest.raises(Conflict, match="reported again"):
        await results.confirm_result(runtime, away, fixture_id, 1)  # an old button
    confirmed = await results.confirm_result(runtime, away, fixture_id, 2)
    assert confirmed.fixture.status == "confirmed" and confirmed.fixture.home_outcome == "W"
    with pytest.raises(Conflict, match="locked"):
        await results.report_result(runtime, away, f"f:{fixture_id}", SideInput(1, 0), SideInput(0, 0))
    table = await seasons.standings(runtime, 1, None)
    rows = table.tables[0].rows
    leader = rows[0]
    assert leader.team_id == confirmed.fixture.home_team_id
    assert (leader.played, leader.won, leader.points, leader.td_for, leader.cas_for) == (1, 1, 3, 3, 3)


async def test_bonus_points_added(runtime: Runtime) -> None:
    await build.league(runtime, 4, bonus_mode="added")
    await seasons.start_season(runtime, COMMISH, None)
    fixture_id, home, away = await _first_fixture(runtime)
    await results.report_result(runtime, home, f"f:{fixture_id}", SideInput(3, 3), SideInput(0, 0))
    await results.confirm_result(runtime, away, fixture_id, 1)
    leader = (await seasons.standings(runtime, 1, None)).tables[0].rows[0]
    assert (leader.points, leader.bonus_points) == (6, 3)  # win 3 + 3 TDs, clean sheet, 3 casualties


async def test_report_checks_players_and_totals(runtime: Runtime) -> None:
    await build.league(runtime, 4)
    await seasons.start_season(runtime, COMMISH, None)
    fixture_id, home, _ = await _first_fixture(runtime)
    with pytest.raises(InvalidInput, match="has no player #40"):
        await results.report_result(
            runtime, home, f"f:{fixture_id}", SideInput(1, 0, "#40 td"), SideInput(0, 0)
        )
    with pytest.raises(RuleViolation):
        await results.report_result(
            runtime, home, f"f:{fixture_id}", SideInput(1, 0, "#1 td 2"), SideInput(0, 0)
        )
    with pytest.raises(NotAllowed, match="Only the two coaches"):
        await results.report_result(runtime, COMMISH, f"f:{fixture_id}", SideInput(1, 0), SideInput(0, 0))


async def test_dispute_then_commissioner_decides(runtime: Runtime) -> None:
    await build.league(runtime, 4)
    await seasons.start_season(runtime, COMMISH, None)
    fixture_id, home, away = await _first_fixture(runtime)
    await results.report_result(runtime, home, f"f:{fixture_id}", SideInput(2, 0), SideInput(0, 0))
    disputed = await results.dispute_result(runtime, away, fixture_id, 1, "it was a draw")
    assert disputed.fixture.status == "disputed"
    with pytest.raises(Conflict, match="disputed"):
        await results.report_result(runtime, home, f"f:{fixture_id}", SideInput(1, 0), SideInput(1, 0))
    decided = await results.set_result(
        runtime, COMMISH, f"f:{fixture_id}", SideInput(1, 0), SideInput(1, 0), "draw agreed"
    )
    assert decided.fixture.status == "confirmed" and decided.fixture.home_outcome == "D"
    log = await leagues.league_log(runtime, 1, None)
    assert log.entries[0].action == "result.set" and log.entries[0].reason == "draw agreed"


async def test_friendlies_do_not_count_in_standings(runtime: Runtime) -> None:
    await build.league(runtime, 4)
    await seasons.start_season(runtime, COMMISH, None)
    friendly = await results.report_friendly(
        runtime, coach(0), None, "Team 1", SideInput(5, 0), SideInput(0, 0)
    )
    await results.confirm_result(runtime, coach(1), friendly.fixture.id, 1)
    rows = (await seasons.standings(runtime, 1, None)).tables[0].rows
    assert all(row.played == 0 for row in rows)


async def test_nothing_crosses_guilds(runtime: Runtime) -> None:
    await build.league(runtime, 4)
    await seasons.start_season(runtime, COMMISH, None)
    fixture_id, home, _ = await _first_fixture(runtime)
    stranger = Actor(guild_id=2, user_id=home.user_id, channel_id=100)
    with pytest.raises(Exception, match="no fixture"):
        await results.report_result(runtime, stranger, f"f:{fixture_id}", SideInput(1, 0), SideInput(0, 0))
