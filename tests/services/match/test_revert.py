"""Reverting a whole post-game: all back as it was, with a trail; refused when later games depend on it."""

from __future__ import annotations

import sqlite3

import pytest

from bot.errors import Conflict, RuleViolation
from bot.services.league import seasons
from bot.services.match import postgame, postgame_roster, results
from bot.services.match.results import SideInput
from bot.services.match.revert import revert_postgame
from bot.services.roster import advancement, teams
from bot.services.runtime import Runtime
from bot.store import postgame as postgame_store
from bot.store import teams as team_store
from tests.builders import AWAY, COMMISH, HOME, home_away_fixture, team_of, with_dice


def _snapshot(conn: sqlite3.Connection) -> dict[str, object]:
    teams_ = conn.execute("SELECT id, treasury, dedicated_fans, rerolls, cheerleaders FROM teams ORDER BY id")
    players = conn.execute(
        "SELECT id, status, spp, miss_next_game, niggling_injuries, ma_change, st_change, ag_change,"
        " pa_change, av_change, advancements, value_increase, temporarily_retired FROM players ORDER BY id"
    )
    return {"teams": [tuple(r) for r in teams_], "players": [tuple(r) for r in players]}


async def test_revert_puts_everything_back(runtime: Runtime) -> None:
    fixture_id = await home_away_fixture(runtime)
    before = await runtime.db.read(_snapshot)
    listing = await seasons.list_fixtures(runtime, HOME, None, "mine")
    fx = next(f for f in listing.fixtures if f.id == fixture_id)
    reporter, confirmer = (HOME, AWAY) if fx.home_coach_id == 10 else (AWAY, HOME)
    ours = SideInput(3, 2, "#1 td 2, #1 cas 2, #2 td, #3 li-st, #4 dead, #5 si")
    mine, other = (
        (ours, SideInput(1, 0, "#6 td, #7 sh"))
        if reporter is HOME
        else (SideInput(1, 0, "#6 td, #7 sh"), ours)
    )
    await results.report_result(runtime, reporter, f"f:{fixture_id}", mine, other)
    await results.confirm_result(runtime, confirmer, fixture_id, 1)
    # The coach does all a post-game allows: advances, hires, buys a re-roll, retires an injured player.
    await advancement.advance(runtime, HOME, None, "#1", "chosen_primary", skill="Block")
    await advancement.advance(with_dice(runtime, [4, 4, 5, 6]), HOME, None, "#2", "random_primary")
    await teams.hire_players(runtime, HOME, None, "Human Lineman", name="Rookie")
    await teams.set_staff(runtime, HOME, None, rerolls=1)
    await postgame_roster.retire_player(runtime, HOME, None, "#3")
    assert await runtime.db.read(_snapshot) != before

    reverted = await revert_postgame(runtime, COMMISH, f"f:{fixture_id}", "wrong score")
    assert reverted.fixture.status == "disputed"
    after = await runtime.db.read(_snapshot)
    rookie = [p for p in after["players"] if p not in before["players"]]  # type: ignore[operator]
    assert [p[1] for p in rookie] == ["left"]  # the player hired during it leaves again
    assert after["teams"] == before["teams"]
    assert [p for p in after["players"] if p[0] != rookie[0][0]] == before["players"]  # type: ignore[union-attr]

    def ledgers_balance(conn: sqlite3.Connection) -> None:
        for team in team_store.in_league(conn, 1, 1):
            assert team_store.treasury_total(conn, team) == team.treasury
            for player in team_store.players(conn, team, include_gone=True):
                assert postgame_store.spp_total(conn, team.guild_id, player.id) == player.spp

    await runtime.db.read(ledgers_balance)

    # The commissioner sets the result again, and the post-game runs anew (and can be reverted again).
    again = await results.set_result(
        runtime, COMMISH, f"f:{fixture_id}", SideInput(1, 0), SideInput(1, 0), "1-1"
    )
    assert again.postgame and again.fixture.status == "confirmed"
    await revert_postgame(runtime, COMMISH, f"f:{fixture_id}", "once more")
    assert (await runtime.db.read(_snapshot))["teams"] == before["teams"]
    await runtime.db.read(ledgers_balance)


async def test_revert_is_refused_when_a_later_fixture_depends_on_it(runtime: Runtime) -> None:
    fixture_id = await home_away_fixture(runtime)
    listing = await seasons.list_fixtures(runtime, HOME, None, "mine")
    fx = next(f for f in listing.fixtures if f.id == fixture_id)
    reporter, confirmer = (HOME, AWAY) if fx.home_coach_id == 10 else (AWAY, HOME)
    await results.report_result(runtime, reporter, f"f:{fixture_id}", SideInput(1, 0), SideInput(0, 0))
    await results.confirm_result(runtime, confirmer, fixture_id, 1)
    home = await team_of(runtime, HOME)
    await postgame.finish_postgame(runtime, HOME, fixture_id, home.id)
    later = next(f for f in listing.fixtures if f.id != fixture_id)
    await results.report_result(runtime, HOME, f"f:{later.id}", SideInput(0, 0), SideInput(0, 0))
    with pytest.raises(RuleViolation, match=f"#{later.id} \\(reported\\)"):
        await revert_postgame(runtime, COMMISH, f"f:{fixture_id}", "too late")
    with pytest.raises(Conflict, match="no post-game"):
        await revert_postgame(runtime, COMMISH, f"f:{later.id}", "not confirmed")
