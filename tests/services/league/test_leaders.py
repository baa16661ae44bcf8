"""Leaderboards from a real league: confirmed reports, post-game SPP and MVPs, standings."""

from __future__ import annotations

import pytest

from bot.errors import InvalidInput, NotFound
from bot.services.league import leaders
from bot.services.match import postgame, results
from bot.services.match.results import SideInput
from bot.services.match.revert import revert_postgame
from bot.services.runtime import Runtime
from bot.store.seasons import Fixture
from tests import builders
from tests.conftest import actor


async def _report(rt: Runtime, fx: Fixture, home: SideInput, away: SideInput) -> None:
    reporter, confirmer = actor(user_id=fx.home_coach_id), actor(user_id=fx.away_coach_id)
    outcome = await results.report_result(rt, reporter, f"f:{fx.id}", home, away)
    await results.confirm_result(rt, confirmer, fx.id, outcome.version)
    for team_id in (fx.home_team_id, fx.away_team_id):
        await postgame.finish_postgame(rt, builders.COMMISH, fx.id, team_id, as_commissioner=True)


def _values(board: list[leaders.Leader]) -> list[tuple[int, str, int]]:
    return [(leader.place, leader.name, leader.value) for leader in board]


async def test_every_board_of_a_season(runtime: Runtime) -> None:
    await builders.season(runtime, 4)
    first, second = (await builders.fixtures(runtime))[:2]
    # The first game: the home side's #1 scores twice, #2 causes a casualty, #3 completes two passes, #4
    # is nominated MVP; the away side's #5 scores, then dies (a kill for the home team); #6 intercepts.
    await _report(
        runtime,
        first,
        SideInput(2, 1, "#1 td td, #2 cas, #3 comp 2, #4 mvp"),
        SideInput(1, 0, "#5 td, #5 dead, #6 int, #7 mvp"),
    )
    await _report(runtime, second, SideInput(1, 0, "#1 td, #8 mvp"), SideInput(1, 0, "#2 td, #9 mvp"))

    found = await leaders.leaders(runtime, 1, None)
    names = found.team_names
    home, away = names[first.home_team_id], names[first.away_team_id]
    assert found.season is not None and found.scope == "season 1"
    td = found.boards["touchdowns"]
    assert (td[0].place, td[0].value, td[0].team_id) == (1, 2, first.home_team_id)
    # Three players scored once: they share second place; the dead #5 still counts for his team.
    assert [leader.place for leader in td[1:]] == [2, 2, 2]
    assert any(leader.team_id == first.away_team_id and leader.value == 1 for leader in td)
    assert [(leader.team_id, leader.value) for leader in found.boards["casualties"]] == [
        (first.home_team_id, 1)
    ]
    assert [leader.value for leader in found.boards["completions"]] == [2]
    assert [(leader.team_id, leader.value) for leader in found.boards["interceptions"]] == [
        (first.away_team_id, 1)
    ]
    assert _values(found.boards["kills"]) == [(1, home, 1)]
    # Every team that played had its MVP (the single nominee each time), 4 SPP each.
    mvps = found.boards["mvps"]
    assert len(mvps) == 4 and {leader.place for leader in mvps} == {1} and {m.value for m in mvps} == {1}
    spp = {(leader.team_id, leader.name): leader.value for leader in found.boards["spp"]}
    scorer = next(leader for leader in td if leader.value == 2)
    assert spp[(first.home_team_id, scorer.name)] == 6  # two touchdowns, 3 SPP each
    # One win (3 points) for the first game's home team; the second game was a draw (1 point each).
    wins = found.boards["wins"]
    assert _values(wins) == [(1, home, 1)]
    points = found.boards["points"]
    assert points[0].name == home and points[0].value == 3
    assert [leader.value for leader in points[1:]] == [1, 1] and away not in [p.name for p in points]

    # All time is the sum of the seasons: here, the only one.
    every = await leaders.leaders(runtime, 1, None, leaders.ALL_TIME)
    assert every.season is None and every.scope == "all time" and every.boards == found.boards
    assert (await leaders.leaders(runtime, 1, None, 1)).boards == found.boards


async def test_refusals(runtime: Runtime) -> None:
    with pytest.raises(NotFound):
        await leaders.leaders(runtime, 1, None)  # no league yet
    await builders.season(runtime, 4)
    with pytest.raises(NotFound, match="seasons 1 to 1, or all-time"):
        await leaders.leaders(runtime, 1, None, 2)
    with pytest.raises(InvalidInput):
        await leaders.leaders(runtime, 1, None, 0)
    with pytest.raises(NotFound):
        await leaders.leaders(runtime, 2, None)  # another server sees nothing
    with pytest.raises(NotFound):
        await leaders.leaders(runtime, 2, "League")


async def test_a_tournament_is_refused(runtime: Runtime) -> None:
    await builders.tournament_event(runtime, 4)
    with pytest.raises(NotFound, match="is a tournament, not a league"):
        await leaders.leaders(runtime, 1, "l:1")


def test_parse_season() -> None:
    assert leaders.parse_season(None) is None
    assert leaders.parse_season(" ") is None
    assert leaders.parse_season("All time") == leaders.ALL_TIME
    assert leaders.parse_season("all-time") == leaders.ALL_TIME
    assert leaders.parse_season("3") == 3
    with pytest.raises(InvalidInput, match="number"):
        leaders.parse_season("last")
    with pytest.raises(InvalidInput, match="leaderboard"):
        leaders.stat_of("goals")


async def test_a_reverted_postgame_no_longer_counts(runtime: Runtime) -> None:
    fixture_id = await builders.confirmed_with_spp(runtime, "#1 td td")
    before = await leaders.leaders(runtime, 1, None)
    assert [leader.value for leader in before.boards["touchdowns"]] == [2]
    assert before.boards["spp"][0].value >= 6 and len(before.boards["mvps"]) == 2
    await revert_postgame(runtime, builders.COMMISH, f"f:{fixture_id}", "wrong score")
    after = await leaders.leaders(runtime, 1, None)
    assert after.boards["touchdowns"] == [] and after.boards["spp"] == [] and after.boards["mvps"] == []
    assert after.boards["wins"] == []
