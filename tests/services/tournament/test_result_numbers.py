"""What an event game records beyond the score (issue 29, section 1, rules 4 and 6), and rankings that
follow games played (section 2), through the real report, confirm, standings and awards services.

Seed 000: "MAX SPLEENRIPPER'S CARNAGE CUP: For the team that inflicts the most casualties as a result of
Blitzing Blocking, or pushing opposition players into the crowd across the entire event." Seed 000:
"Further Tiebreakers are used at the Event Organiser's discretion. These could be anything from Favourite
Opponent scores, most players Sent-off ..., or anything else the Event Organiser wishes"."""

from __future__ import annotations

import pytest

from bot.errors import InvalidInput, RuleViolation
from bot.services.match import results
from bot.services.match.results import ReportedResult, SideInput
from bot.services.runtime import Runtime
from bot.services.tournament import tournament_awards, tournament_play, tournaments
from bot.store.seasons import Fixture
from tests import builders as build
from tests.builders import ORGANISER
from tests.builders import tournament_event as event
from tests.conftest import actor


async def round_games(runtime: Runtime, number: int | None = None) -> list[Fixture]:
    pairings = await tournament_play.round_pairings(runtime, 1, None, number)
    return [t.fixture for t in pairings.tables if t.fixture is not None]


async def play(runtime: Runtime, fx: Fixture, home: SideInput, away: SideInput) -> ReportedResult:
    """Reported by the home coach, confirmed by the away coach."""
    done = await results.report_result(runtime, actor(user_id=fx.home_coach_id), f"f:{fx.id}", home, away)
    return await results.confirm_result(runtime, actor(user_id=fx.away_coach_id), fx.id, done.version)


async def test_a_crowd_push_decides_the_carnage_cup_and_the_organisers_number_a_tie(runtime: Runtime) -> None:
    """Both winners win 1-0 causing 2 SPP casualties: level on everything seed 000 counts. The first
    winner also pushed a player into the crowd (the Carnage Cup, and its opponent Most Patched-Up); the
    second's 3 cheerleader chants to 1 rank it first."""
    await event(runtime, 4, rounds=1, custom_tiebreaker="Cheerleader chants", extra_tiebreakers="custom")
    await tournament_play.start_event(runtime, ORGANISER, None)
    first, second = await round_games(runtime)
    crowd = SideInput(1, 2, crowd_casualties=1, tiebreaker=1)
    done = await play(runtime, first, crowd, SideInput(0, 0, tiebreaker=0))
    assert done.report.home.crowd_casualties == 1 and done.report.home.tiebreaker == 1
    assert done.tiebreaker_name == "Cheerleader chants"
    await play(runtime, second, SideInput(1, 2, tiebreaker=3), SideInput(0, 0, tiebreaker=2))

    table = await tournament_play.standings(runtime, 1, None)
    top, runner_up = table.lines[0], table.lines[1]
    assert (top.team.id, runner_up.team.id) == (second.home_team_id, first.home_team_id)
    assert runner_up.row.decided_by == "Cheerleader chants"
    assert (top.row.cas_for, runner_up.row.cas_for) == (2, 2)  # the rankings count SPP casualties only
    assert table.title == "Cup: rankings after round 1"

    standing = await tournament_awards.awards(runtime, 1, None)
    found = {a.key: a for a in standing.awards}
    assert [w.team for w in found["carnage"].winners] == [first.home_team_id]
    assert found["carnage"].value == 3
    assert [w.team for w in found["patched"].winners] == [first.away_team_id]
    assert found["patched"].value == 3


async def test_the_organisers_number_is_refused_where_the_event_names_none(runtime: Runtime) -> None:
    await event(runtime, 2)
    await tournament_play.start_event(runtime, ORGANISER, None)
    (fx,) = await round_games(runtime)
    with pytest.raises(RuleViolation, match="Cup has no tiebreaker of its own to enter"):
        await results.report_result(
            runtime,
            actor(user_id=fx.home_coach_id),
            f"f:{fx.id}",
            SideInput(1, 0, tiebreaker=2),
            SideInput(0, 0),
        )
    with pytest.raises(InvalidInput, match="crowd casualties"):
        await results.report_result(
            runtime,
            actor(user_id=fx.home_coach_id),
            f"f:{fx.id}",
            SideInput(1, 0, crowd_casualties=31),
            SideInput(0, 0),
        )
    done = await results.report_result(  # crowd casualties need no rulespack setting
        runtime,
        actor(user_id=fx.home_coach_id),
        f"f:{fx.id}",
        SideInput(1, 0),
        SideInput(0, 0, crowd_casualties=2),
    )
    assert done.report.away.crowd_casualties == 2 and done.tiebreaker_name is None


async def test_a_league_game_records_no_crowd_casualties(runtime: Runtime) -> None:
    """Leagues keep the casualties that earn SPP; crowd pushes earn none and count for no award there."""
    await build.season(runtime, 4)
    fx = (await build.fixtures(runtime))[0]
    reporter = actor(user_id=fx.home_coach_id)
    with pytest.raises(RuleViolation, match="Crowd casualties are entered only for a tournament's game"):
        await results.report_result(
            runtime, reporter, f"f:{fx.id}", SideInput(1, 0, crowd_casualties=1), SideInput(0, 0)
        )
    with pytest.raises(RuleViolation, match="only for a tournament's game"):
        await results.report_result(
            runtime, reporter, f"f:{fx.id}", SideInput(1, 0), SideInput(0, 0, tiebreaker=1)
        )
    done = await results.report_result(runtime, reporter, f"f:{fx.id}", SideInput(1, 0), SideInput(0, 0))
    assert done.report.home.crowd_casualties == 0 and done.report.home.tiebreaker is None


async def test_the_organiser_names_his_tiebreaker_while_the_event_runs(runtime: Runtime) -> None:
    """Seed 000: the organiser should "make it clear to all coaches which Tiebreakers will be used for the
    event in the rulespack and in what order": named, placed, shown in the rulespack's order."""
    await event(runtime, 2)
    await tournament_play.start_event(runtime, ORGANISER, None)
    change = await tournaments.update_rulespack(
        runtime,
        ORGANISER,
        None,
        {"custom_tiebreaker": "Cheerleader chants", "extra_tiebreakers": "votes, custom"},
    )
    assert change.changed["custom_tiebreaker"] == ("", "Cheerleader chants")
    assert change.event.rulespack.tiebreakers[-2:] == ("votes", "custom")
    with pytest.raises(InvalidInput, match="the custom tiebreaker needs its name"):
        await tournaments.update_rulespack(runtime, ORGANISER, None, {"custom_tiebreaker": "none"})


async def test_awards_and_rankings_count_a_bye_once_its_round_is_played(runtime: Runtime) -> None:
    """Issue 29: "a Bye counts in the rankings before its round is played. Rankings follow games played."
    The awards' totals too: the Bye's 2 touchdowns (seed 000: "A Bye counts as winning the game 2-0") wait
    for its round."""
    await event(runtime, 3, rounds=2, odd_player="bye")
    pairings = await tournament_play.start_event(runtime, ORGANISER, None)
    bye = next(t.home.id for t in pairings.tables if t.away is None)
    standing = await tournament_awards.awards(runtime, 1, None)
    assert {a.key: a for a in standing.awards}["touchdowns"].not_awarded == "no touchdowns scored"
    (fx,) = await round_games(runtime, 1)
    await play(runtime, fx, SideInput(1, 0), SideInput(0, 0))
    standing = await tournament_awards.awards(runtime, 1, None)
    gloves = {a.key: a for a in standing.awards}["touchdowns"]
    assert [w.team for w in gloves.winners] == [bye] and gloves.value == 2
    table = await tournament_play.standings(runtime, 1, None)
    assert table.title == "Cup: rankings after round 1, round 2 under way"
