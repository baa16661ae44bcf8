"""A team's post-games happen one at a time, in fixture order.

A coach's Confirm and a commissioner's /league result are refused with the post-game to finish first; the
bot's own automatic confirmation and deadline settlement wait (held, not lost) and go ahead once it is done.
"""

from __future__ import annotations

import sqlite3
from datetime import timedelta

import pytest

from bot.errors import RuleViolation
from bot.services.league import seasons
from bot.services.match import deadlines, postgame, results
from bot.services.match.deadlines import Work
from bot.services.match.results import SideInput
from bot.services.runtime import Actor, Runtime
from bot.simulation.invariants import check_invariants
from bot.store.seasons import Fixture
from tests import builders as build
from tests.builders import COMMISH, clock_of, coach, due_now
from tests.conftest import actor

A = coach(0)


async def _mine(runtime: Runtime) -> tuple[Fixture, Fixture]:
    """Team 0's fixtures of rounds 1 and 2."""
    listing = await seasons.list_fixtures(runtime, A, None, "mine")
    by_round = {f.round_number: f for f in listing.fixtures}
    return by_round[1], by_round[2]


def _other(fx: Fixture, me: Actor) -> Actor:
    return actor(user_id=fx.away_coach_id if fx.home_coach_id == me.user_id else fx.home_coach_id)


async def _finish(runtime: Runtime, fx: Fixture, *team_ids: int) -> None:
    for team_id in team_ids or (fx.home_team_id, fx.away_team_id):
        await postgame.finish_postgame(runtime, COMMISH, fx.id, team_id, as_commissioner=True)


def _team_of(fx: Fixture, me: Actor) -> int:
    return fx.home_team_id if fx.home_coach_id == me.user_id else fx.away_team_id


async def _play_round_one_other_game(runtime: Runtime, first: Fixture) -> None:
    listing = await seasons.list_fixtures(runtime, A, None, "round", round_number=1)
    other = next(f for f in listing.fixtures if f.id != first.id)
    home = actor(user_id=other.home_coach_id)
    await results.report_result(runtime, home, f"f:{other.id}", SideInput(1, 0), SideInput(0, 0))
    await results.confirm_result(runtime, actor(user_id=other.away_coach_id), other.id, 1)
    await _finish(runtime, other)


async def _run_due(runtime: Runtime) -> Work:
    total = Work()
    for due in await due_now(runtime):
        work = await deadlines.run_due(runtime, due)
        total.closed += work.closed
        total.confirmed += work.confirmed
    return total


async def _no_two_open(runtime: Runtime) -> None:
    problems = await runtime.db.read(check_invariants)
    assert not [p for p in problems if "open post-games" in p], problems


async def _announcements(runtime: Runtime) -> list[str]:
    def read(conn: sqlite3.Connection) -> list[str]:
        return [r[0] + " " + r[1] for r in conn.execute("SELECT title, lines FROM announcements ORDER BY id")]

    return await runtime.db.read(read)


async def test_a_confirmation_that_would_open_a_second_post_game_is_refused(runtime: Runtime) -> None:
    await build.season(runtime)
    first, second = await _mine(runtime)
    # Team 0 reports both of its games before either is confirmed (reporting ahead).
    await results.report_result(runtime, A, f"f:{first.id}", SideInput(1, 0), SideInput(0, 0))
    await results.report_result(runtime, A, f"f:{second.id}", SideInput(2, 0), SideInput(0, 0))
    await results.confirm_result(runtime, _other(first, A), first.id, 1)
    with pytest.raises(
        RuleViolation,
        match=rf"Team 0 must first finish its post-game of fixture #{first.id} \(.*one at a time",
    ):
        await results.confirm_result(runtime, _other(second, A), second.id, 1)
    with pytest.raises(
        RuleViolation, match=rf"Team 0 must first finish its post-game of fixture #{first.id}"
    ):
        await results.set_result(
            runtime, COMMISH, f"f:{second.id}", SideInput(2, 0), SideInput(0, 0), "decided by the commish"
        )
    await _no_two_open(runtime)
    await _finish(runtime, first, _team_of(first, A))
    confirmed = await results.confirm_result(runtime, _other(second, A), second.id, 1)
    assert confirmed.fixture.status == "confirmed" and confirmed.postgame
    await _no_two_open(runtime)


async def test_an_automatic_confirmation_waits_for_the_earlier_post_game(runtime: Runtime) -> None:
    await build.season(runtime)
    first, second = await _mine(runtime)
    await results.report_result(runtime, A, f"f:{first.id}", SideInput(1, 0), SideInput(0, 0))
    await results.report_result(runtime, A, f"f:{second.id}", SideInput(2, 0), SideInput(0, 0))
    await results.confirm_result(runtime, _other(first, A), first.id, 1)  # team 0's post-game is open
    await _finish(runtime, first, _team_of(first, _other(first, A)))
    await _play_round_one_other_game(runtime, first)
    clock_of(runtime).advance(timedelta(days=60))  # every deadline has passed
    await _run_due(runtime)  # the round-2 deadline sets the automatic confirmation
    clock_of(runtime).advance(timedelta(hours=25))  # and the grace period passes
    assert (await _run_due(runtime)).confirmed == []
    fx = (await results.get_fixture(runtime, 1, second.id))[0]
    assert fx.status == "reported"  # held, not lost
    assert not [d for d in await due_now(runtime) if d.kind == "auto_confirm"]  # not armed while held
    held = {w.due.item_id: w for w in await deadlines.waiting(runtime, 1)}  # shown by /league schedule
    assert held[second.id].due.kind == "auto_confirm"
    assert held[second.id].blocker.text == f"Team 0 must first finish its post-game of fixture #{first.id}"
    assert await deadlines.waiting(runtime, 2) == []  # another server sees none of it
    await _no_two_open(runtime)
    await _finish(runtime, first, _team_of(first, A))
    assert second.id not in {w.due.item_id for w in await deadlines.waiting(runtime, 1)}
    assert any(f"#{second.id}" in text for text in await _announcements(runtime))
    due = [d for d in await due_now(runtime) if d.kind == "auto_confirm"]
    assert [d.item_id for d in due] == [second.id]
    work = await deadlines.run_due(runtime, due[0])
    assert work.confirmed and work.confirmed[0][1].status == "confirmed" and work.confirmed[0][3]
    await _no_two_open(runtime)


async def test_a_deadline_forfeit_waits_for_the_earlier_post_game(runtime: Runtime) -> None:
    await build.season(runtime)
    first, second = await _mine(runtime)
    await results.report_result(runtime, A, f"f:{first.id}", SideInput(1, 0), SideInput(0, 0))
    await results.confirm_result(runtime, _other(first, A), first.id, 1)  # team 0's post-game stays open
    await _finish(runtime, first, _team_of(first, _other(first, A)))
    await _play_round_one_other_game(runtime, first)
    clock_of(runtime).advance(timedelta(days=29))  # past the round-2 deadline; round 2 was never played
    work = await _run_due(runtime)
    settled = {s.fixture.id: s.how for closed in work.closed for s in closed.settled}
    assert settled[second.id] == (
        f"not played: settled once Team 0 finishes its post-game of fixture #{first.id}"
    )
    assert (await results.get_fixture(runtime, 1, second.id))[0].status == "scheduled"
    assert not [d for d in await due_now(runtime) if d.item_id == second.id]
    held = await deadlines.waiting(runtime, 1)
    assert [(w.due.kind, w.due.item_id) for w in held] == [("fixture_deadline", second.id)]
    assert (await _run_due(runtime)).closed == []  # running everything due again changes nothing
    await _no_two_open(runtime)
    await _finish(runtime, first, _team_of(first, A))
    released = [d for d in await due_now(runtime) if d.item_id == second.id]
    assert [d.kind for d in released] == ["fixture_deadline"]
    done = await deadlines.run_due(runtime, released[0])
    forfeit = done.closed[0].settled[0]
    assert forfeit.how == "forfeit" and forfeit.fixture.status == "confirmed" and forfeit.postgame
    await _no_two_open(runtime)
