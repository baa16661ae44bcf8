"""Extra SPP the organiser awards (seed 000, Player Advancement): "Event Organisers may also decide to award
additional SPP for other in-game instances if they wish; if this is the case then this will need to be
clearly outlined in the rulespack." One award: the player's SPP, a ledger row of the game, the event's log
with the reason, and a line in the event's channel."""

from __future__ import annotations

import sqlite3

import pytest

from bot.errors import DomainError, RuleViolation
from bot.services.match import results, revert
from bot.services.match.results import SideInput
from bot.services.runtime import Runtime
from bot.services.tournament import tournament_play, tournament_spp
from bot.store import announcements, audit
from bot.store import teams as team_store
from bot.store.seasons import Fixture
from tests.builders import ORGANISER
from tests.builders import tournament_event as event
from tests.conftest import actor

FOR = "1 SPP for each Secret Objective achieved"


async def _first_game(runtime: Runtime, **rulespack: object) -> tuple[Fixture, str]:
    """Round 1's first game of a four-coach event (the other game stays open: round 2 is not paired), and
    its home team's name."""
    await event(runtime, 4, rounds=2, **rulespack)
    await tournament_play.start_event(runtime, ORGANISER, None)
    pairings = await tournament_play.round_pairings(runtime, 1, None)
    table = next(t for t in pairings.tables if t.fixture is not None)
    assert table.fixture is not None
    return table.fixture, table.home.name


async def _confirm(runtime: Runtime, fx: Fixture) -> None:
    done = await results.report_result(
        runtime, actor(user_id=fx.home_coach_id), f"f:{fx.id}", SideInput(1, 0), SideInput(0, 0)
    )
    await results.confirm_result(runtime, actor(user_id=fx.away_coach_id), fx.id, done.version)


async def _spp(runtime: Runtime, team_id: int, number: int) -> int:
    def read(conn: sqlite3.Connection) -> int:
        team = team_store.get(conn, 1, team_id)
        assert team is not None
        player = team_store.player_by_number(conn, team, number)
        assert player is not None
        return player.spp

    return await runtime.db.read(read)


async def test_the_organiser_awards_extra_spp_for_a_game_with_the_reason_logged_and_posted(
    runtime: Runtime,
) -> None:
    fx, name = await _first_game(runtime, advancement=True, extra_spp=FOR)
    team = fx.home_team_id
    with pytest.raises(RuleViolation, match="no confirmed game in the event"):
        await tournament_spp.award_spp(runtime, ORGANISER, None, name, "#3", 1, "objective 2")
    await _confirm(runtime, fx)
    before = await _spp(runtime, team, 3)
    done = await tournament_spp.award_spp(
        runtime, ORGANISER, None, name, "#3", 2, "Secret Objectives 2 and 5"
    )
    assert (done.amount, done.spp, done.round_number) == (2, before + 2, 1)
    assert await _spp(runtime, team, 3) == before + 2
    logged = (await runtime.db.read(audit.recent, 1))[0]
    assert logged.action == "tournament.extra_spp" and logged.reason == "Secret Objectives 2 and 5"
    assert logged.detail["spp"] == 2 and logged.detail["round"] == 1
    posted = [a for a in await runtime.db.read(announcements.unsent) if "extra SPP" in a.title]
    assert (
        posted and "2 SPP (round 1; now" in posted[-1].lines[0] and "Secret Objectives" in posted[-1].lines[1]
    )
    # a mistake is taken back, never below 0
    await tournament_spp.award_spp(runtime, ORGANISER, None, name, "#3", -2, "given to the wrong player")
    assert await _spp(runtime, team, 3) == before
    with pytest.raises(RuleViolation, match="you can take back at most that"):
        await tournament_spp.award_spp(runtime, ORGANISER, None, name, "#3", -(before + 1), "too much")


async def test_a_revert_of_the_game_takes_the_award_back_with_the_rest(runtime: Runtime) -> None:
    fx, name = await _first_game(runtime, advancement=True, extra_spp=FOR)
    await _confirm(runtime, fx)
    before = await _spp(runtime, fx.home_team_id, 4)
    await tournament_spp.award_spp(runtime, ORGANISER, None, name, "#4", 3, "objective", round_number=1)
    await revert.revert_postgame(runtime, ORGANISER, f"f:{fx.id}", "wrong score")
    assert await _spp(runtime, fx.home_team_id, 4) == before


async def test_refused_without_advancement(runtime: Runtime) -> None:
    fx, name = await _first_game(runtime, advancement=False, extra_spp=FOR)
    await _confirm(runtime, fx)
    with pytest.raises(RuleViolation, match="no player advancement"):
        await tournament_spp.award_spp(runtime, ORGANISER, None, name, "#3", 1, "objective")


async def test_refused_without_a_rulespack_line_a_reason_or_a_sane_number(runtime: Runtime) -> None:
    fx, name = await _first_game(runtime, advancement=True)
    await _confirm(runtime, fx)
    with pytest.raises(RuleViolation, match="does not say what extra SPP are for"):
        await tournament_spp.award_spp(runtime, ORGANISER, None, name, "#3", 1, "objective")
    with pytest.raises(DomainError, match="Say what the SPP are for"):
        await tournament_spp.award_spp(runtime, ORGANISER, None, name, "#3", 1, "  ")
    with pytest.raises(DomainError, match="from -10 to 10"):
        await tournament_spp.award_spp(runtime, ORGANISER, None, name, "#3", 99, "objective")


async def test_only_for_a_confirmed_game_of_the_round_named(runtime: Runtime) -> None:
    fx, name = await _first_game(runtime, advancement=True, extra_spp=FOR)
    await _confirm(runtime, fx)
    with pytest.raises(RuleViolation, match="no confirmed game in round 2"):
        await tournament_spp.award_spp(runtime, ORGANISER, None, name, "#3", 1, "objective", round_number=2)


async def test_autocomplete_lists_the_chosen_teams_players(runtime: Runtime) -> None:
    await _first_game(runtime, advancement=True, extra_spp=FOR)
    players = await tournament_spp.team_players(runtime, 1, None, "Team 1")
    assert players[0].team_id != (await tournament_spp.team_players(runtime, 1, None, "Team 2"))[0].team_id
    assert len(players) == 11 and all(p.team_id == players[0].team_id for p in players)
