"""Issue 29: an event's organiser decides a held or disputed game (and corrects a result) through the same
service as a commissioner's /league result, only for the games of the event; the reason is kept."""

from __future__ import annotations

import pytest

from bot.errors import Conflict, NotAllowed
from bot.services.match import results
from bot.services.match.results import Referee, SideInput
from bot.services.runtime import Runtime
from bot.services.tournament import tournament_play, tournaments
from bot.store import audit
from bot.store.seasons import Fixture
from tests.builders import ORGANISER, tournament_event
from tests.conftest import actor

ORGANISER_OF_CUP = Referee(organiser=True, event="Cup")


async def _disputed_game(runtime: Runtime) -> Fixture:
    """A running 4-coach event "Cup" whose first game the home coach reported and the away coach disputed."""
    await tournament_event(runtime, 4)
    pairings = await tournament_play.start_event(runtime, ORGANISER, None)
    fx = next(t.fixture for t in pairings.tables if t.fixture is not None)
    done = await results.report_result(
        runtime, actor(user_id=fx.home_coach_id), f"f:{fx.id}", SideInput(2, 0), SideInput(1, 0)
    )
    await results.dispute_result(runtime, actor(user_id=fx.away_coach_id), fx.id, done.version, "it was 1-1")
    return fx


async def test_the_organiser_decides_a_disputed_game_and_the_reason_is_kept(runtime: Runtime) -> None:
    fx = await _disputed_game(runtime)
    with pytest.raises(Conflict, match=r"disputed: the organiser \(/event result\) decides it"):
        await results.report_result(
            runtime, actor(user_id=fx.home_coach_id), f"f:{fx.id}", SideInput(2, 0), SideInput(1, 0)
        )
    decided = await results.set_result(
        runtime,
        ORGANISER,
        f"f:{fx.id}",
        SideInput(1, 0),
        SideInput(1, 0),
        "both coaches agree",
        by=ORGANISER_OF_CUP,
    )
    assert decided.fixture.status == "confirmed" and decided.report.score_text == "1-1"
    log = await runtime.db.read(audit.recent, 1)
    entry = next(e for e in log if e.action == "result.set")
    assert entry.reason == "both coaches agree"
    assert (entry.detail["was"], entry.detail["by"], entry.detail["fixture"]) == (
        "disputed",
        "organiser",
        fx.id,
    )


async def test_an_organiser_decides_only_the_games_of_the_event_named(runtime: Runtime) -> None:
    fx = await _disputed_game(runtime)
    await tournaments.create_tournament(runtime, ORGANISER, "Spring", 555, {})
    other = Referee(organiser=True, event="Spring")
    with pytest.raises(NotAllowed, match="is not a game of Spring"):
        await results.set_result(
            runtime, ORGANISER, f"f:{fx.id}", SideInput(1, 0), SideInput(0, 0), "mine", by=other
        )
    games = await results.event_games(runtime, 1, "Cup")
    assert games[0].id == fx.id and games[0].status == "disputed"  # the disputed game first
    assert await results.event_games(runtime, 1, "Spring") == []
