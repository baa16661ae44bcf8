"""Issue 29: an event's organiser decides a held or disputed game (and corrects a result) through the same
service as a commissioner's /league result, only for the games of the event; the reason is kept. A corrected
result that changes who won moves the fans with it: a league team's Dedicated Fans roll is undone and rolled
for the new outcome, an event's winner's Dedicated Fan goes to the new winner; each change is logged."""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot.errors import Conflict, NotAllowed
from bot.services.match import deadlines, results
from bot.services.match.results import Referee, SideInput
from bot.services.runtime import Runtime
from bot.services.tournament import tournament_play, tournaments
from bot.store import audit
from bot.store import seasons as season_store
from bot.store import teams as team_store
from bot.store import tournaments as tournament_store
from bot.store.connection import Connection
from bot.store.seasons import Fixture
from tests.builders import COMMISH, ORGANISER, clock_of, due_now, fixtures, play, season, tournament_event
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


def _fans(conn: Connection, team_ids: tuple[int, int]) -> tuple[int, ...]:
    return tuple(t.dedicated_fans for i in team_ids if (t := team_store.get(conn, 1, i)) is not None)


def _fan_changes(conn: Connection, fixture_id: int) -> list[tuple[int, int, int, str]]:
    rows = conn.execute(
        "SELECT team_id, before, after, cause FROM team_changes WHERE guild_id = 1 AND fixture_id = ?"
        " AND kind = 'dedicated_fans' ORDER BY id",
        (fixture_id,),
    ).fetchall()
    return [(r[0], r[1], r[2], r[3]) for r in rows]


async def test_a_league_correction_that_flips_the_winner_moves_the_dedicated_fans(runtime: Runtime) -> None:
    """Seed 001: "If your team won, roll a D6. If the result is equal to or higher than your team's
    Dedicated Fans Characteristic, increase your team's Dedicated Fans Characteristic by 1. [...] If your
    team lost, roll a D6. If the result is lower than your team's Dedicated Fans Characteristic, reduce
    [it] by 1. This can never go below 1." With 1 Dedicated Fan each, a win always gains one and a loss
    never loses one."""
    await season(runtime, 4)
    (fx, *_) = await fixtures(runtime)
    teams = (fx.home_team_id, fx.away_team_id)
    await play(runtime, fx, 2, 0)
    assert await runtime.db.read(_fans, teams) == (2, 1)
    corrected = await results.set_result(
        runtime, COMMISH, f"f:{fx.id}", SideInput(0, 0), SideInput(2, 0), "the score was the other way"
    )
    assert await runtime.db.read(_fans, teams) == (1, 2)  # back from the old winner, to the new one
    home_line, away_line = corrected.fans
    assert home_line.startswith(f"{fx.home_name}: Dedicated fans 1") and home_line.endswith("now a loss)")
    assert away_line.startswith(f"{fx.away_name}: Dedicated fans 1 → 2 (D6 ") and away_line.endswith("a win)")
    changes = await runtime.db.read(_fan_changes, fx.id)
    assert changes[-2:] == [
        (fx.home_team_id, 2, 1, f"result corrected: {fx.label}"),
        (fx.away_team_id, 1, 2, f"result corrected: {fx.label}"),
    ]
    log = [e for e in await runtime.db.read(audit.recent, 1) if e.action == "result.fans"]
    assert {(e.detail["team"], e.detail["before"], e.detail["after"]) for e in log} == {
        (fx.home_name, 2, 1),
        (fx.away_name, 1, 2),
    }
    assert all(e.reason == "the score was the other way" for e in log)
    same = await results.set_result(runtime, COMMISH, f"f:{fx.id}", SideInput(0, 0), SideInput(3, 0), "3-0")
    assert same.fans == () and await runtime.db.read(_fans, teams) == (1, 2)  # the same winner: no roll


async def test_an_event_correction_moves_the_winners_dedicated_fan(runtime: Runtime) -> None:
    """Seed 000: "the winning team increases their Dedicated Fans by 1"."""
    fx = await _disputed_game(runtime)
    await results.set_result(
        runtime, ORGANISER, f"f:{fx.id}", SideInput(2, 0), SideInput(1, 0), "2-1", by=ORGANISER_OF_CUP
    )

    def gained(conn: Connection) -> tuple[int, int]:
        home = tournament_store.entry(conn, 1, fx.home_team_id)
        away = tournament_store.entry(conn, 1, fx.away_team_id)
        assert home is not None and away is not None
        return home.fans_gained, away.fans_gained

    assert await runtime.db.read(gained) == (1, 0)
    flipped = await results.set_result(
        runtime,
        ORGANISER,
        f"f:{fx.id}",
        SideInput(0, 0),
        SideInput(1, 0),
        "the away team won",
        by=ORGANISER_OF_CUP,
    )
    assert await runtime.db.read(gained) == (0, 1)
    assert flipped.fans == (
        f"{fx.home_name}: the winner's Dedicated Fan taken back (-1)",
        f"{fx.away_name}: the winner's Dedicated Fan given (+1)",
    )
    log = [e for e in await runtime.db.read(audit.recent, 1) if e.action == "tournament.fan"]
    assert [(e.detail["team"], e.detail["fans"], e.reason) for e in log[:2]] == [
        (fx.away_name, 1, "the away team won"),
        (fx.home_name, -1, "the away team won"),
    ]  # newest first
    drawn = await results.set_result(
        runtime, ORGANISER, f"f:{fx.id}", SideInput(1, 0), SideInput(1, 0), "a draw", by=ORGANISER_OF_CUP
    )
    assert await runtime.db.read(gained) == (0, 0) and len(drawn.fans) == 1  # a draw: no winner's fan


async def test_the_organiser_decides_a_game_held_at_the_rounds_deadline(runtime: Runtime) -> None:
    """Seed 000 has no forfeit by deadline: an online round's unplayed game is held for the organiser."""
    await tournament_event(runtime, 4, round_hours=48)
    pairings = await tournament_play.start_event(runtime, ORGANISER, None)
    held, *_ = [t.fixture for t in pairings.tables if t.fixture is not None]
    clock_of(runtime).advance(timedelta(hours=49))
    for due in await due_now(runtime):
        await deadlines.run_due(runtime, due)
    fx = await runtime.db.read(lambda conn: season_store.fixture(conn, 1, held.id))
    assert fx is not None and fx.status == "disputed"
    decided = await results.set_result(
        runtime,
        ORGANISER,
        f"f:{fx.id}",
        SideInput(0, 0),
        SideInput(2, 0),
        "away played, home never came",
        by=ORGANISER_OF_CUP,
    )
    assert decided.fixture.status == "confirmed" and decided.fans == ()  # a first decision: no correction
    away = await runtime.db.read(lambda conn: tournament_store.entry(conn, 1, fx.away_team_id))
    assert away is not None and away.fans_gained == 1  # the winner's Dedicated Fan, as after any game
