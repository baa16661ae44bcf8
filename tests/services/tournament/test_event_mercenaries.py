"""Mercenary Players on an event roster (issue 29 §1.5). Seed 000: "All Inducements from the listed
publications are allowed for the event, and unless specifically stated otherwise must be purchased from their
Team Draft Budget and are permanently added to your Team Draft list for the duration of the event." BB2025's
Mercenary: "30,000 gold pieces more than the player would normally cost", Loner (4+), and "one additional
Primary skill ... at an additional cost of 50,000 gold pieces"."""

from __future__ import annotations

import sqlite3

import pytest

from bot.errors import RuleViolation
from bot.services.match import results
from bot.services.match.results import SideInput
from bot.services.roster import advancement, event_drafting
from bot.services.roster.event_rosters import EntryResult
from bot.services.runtime import Runtime
from bot.services.tournament import tournament_entries as entries
from bot.services.tournament import tournament_play, tournaments
from bot.store import teams as team_store
from tests.builders import tournament_event
from tests.conftest import actor

ORGANISER = actor(user_id=1)
COACH = actor(user_id=101)
BUDGET = 1_150_000


async def _humans(runtime: Runtime, linemen: int = 10) -> EntryResult:
    await tournaments.create_tournament(runtime, ORGANISER, "Spring Cup", 200, {})
    await entries.register(runtime, COACH, None, "Reavers", "Human", "Old World Classic")
    return await event_drafting.hire(runtime, COACH, None, "Human Lineman", linemen)


def _mercenaries(done: EntryResult) -> list[int]:
    return [p.row.number for p in done.sheet.sheet.players if p.row.mercenary]


async def test_a_mercenary_with_a_primary_skill_costs_130000_and_is_on_the_roster(runtime: Runtime) -> None:
    """BB2025: "a Mercenary Human Lineman could be given Tackle for a total cost of 130,000 gold pieces" """
    await _humans(runtime)
    done = await event_drafting.hire_mercenary(runtime, COACH, None, "Human Lineman", skill="Tackle")
    assert "Hired 1 Mercenary Human Lineman (#11) for 130,000 gp" in done.message
    assert done.sheet.team.treasury == BUDGET - 10 * 50_000 - 130_000
    (number,) = _mercenaries(done)
    assert done.sheet.skills[done.sheet.sheet.players[-1].row.id] == "Tackle"
    assert done.sheet.check.gold_spent == 10 * 50_000 + 130_000 and done.sheet.check.skill_points_spent == 0
    assert done.sheet.check.legal  # 10 players and the Mercenary are 11
    submitted = await event_drafting.submit(runtime, COACH, None)
    assert submitted.sheet.team.status == "submitted"
    # fired (a roster being drafted again): refunded in full
    fired = await event_drafting.fire(runtime, COACH, None, str(number))
    assert fired.sheet.team.treasury == BUDGET - 10 * 50_000
    assert not _mercenaries(fired)


async def test_a_mercenarys_skill_is_primary_and_never_bought_with_skill_points(runtime: Runtime) -> None:
    await _humans(runtime)
    with pytest.raises(RuleViolation, match="only be given a Primary skill"):
        await event_drafting.hire_mercenary(runtime, COACH, None, "Human Lineman", skill="Guard")
    done = await event_drafting.hire_mercenary(runtime, COACH, None, "Human Lineman")
    assert "for 80,000 gp" in done.message
    (number,) = _mercenaries(done)
    with pytest.raises(RuleViolation, match="is a Mercenary: his one skill is bought with him"):
        await event_drafting.set_skill(runtime, COACH, None, str(number), "Block")


async def test_at_most_three_and_within_the_position_limits(runtime: Runtime) -> None:
    """ "The normal limits on the total number of players allowed on a team and in each position apply to
    Mercenaries." """
    await _humans(runtime, linemen=8)
    await event_drafting.hire_mercenary(runtime, COACH, None, "Human Lineman", 3)
    with pytest.raises(RuleViolation, match="at most 3 Mercenary Players; you have 4"):
        await event_drafting.hire_mercenary(runtime, COACH, None, "Human Lineman")
    await event_drafting.hire(runtime, COACH, None, "Human Blitzer", 2)  # Human teams: 0-2 Blitzers
    with pytest.raises(RuleViolation, match="Blitzer"):
        await event_drafting.hire_mercenary(runtime, COACH, None, "Human Blitzer")


async def test_a_mercenary_earns_no_spp_and_never_advances(runtime: Runtime) -> None:
    """BB2025: "Mercenaries do not earn Star Player points and cannot be awarded the MVP for the game." """
    await tournament_event(runtime, 2, advancement=True, rounds=2)

    def mercenary(conn: sqlite3.Connection) -> None:
        for team in team_store.in_league(conn, 1, 1):
            conn.execute("UPDATE players SET position = 'human_lineman' WHERE team_id = ?", (team.id,))
            conn.execute("UPDATE players SET mercenary = 1 WHERE team_id = ? AND number = 11", (team.id,))

    await tournament_play.start_event(runtime, ORGANISER, None)
    await runtime.db.write(mercenary)
    pairings = await tournament_play.round_pairings(runtime, 1, None)
    (fx,) = [t.fixture for t in pairings.tables if t.fixture is not None]
    home = actor(user_id=fx.home_coach_id)
    done = await results.report_result(
        runtime, home, f"f:{fx.id}", SideInput(2, 0, "#11 td, #2 td"), SideInput(0, 0)
    )
    confirmed = await results.confirm_result(runtime, actor(user_id=fx.away_coach_id), fx.id, done.version)
    lines = next(s for s in confirmed.postgame if s.team_id == fx.home_team_id).lines
    assert any(line.startswith("#2 ") and "+3 SPP" in line for line in lines), lines
    assert not any(line.startswith("#11 ") and "SPP" in line for line in lines), lines
    assert not any("MVP #11 " in line for line in lines), lines
    with pytest.raises(RuleViolation, match="is a Mercenary: Mercenaries earn no SPP and never advance"):
        await advancement.advance(runtime, home, "Cup", "#11", "chosen_primary", skill="Block")
