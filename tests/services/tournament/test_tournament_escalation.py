"""Gold piece escalation (issue 16 item 4; seed 000, Gold Piece Escalation): a roster per budget written at
registration, each only adding to the one before; the roster a coach fields in round N is the N-th."""

from __future__ import annotations

import pytest

from bot.errors import Conflict, InvalidInput, RuleViolation
from bot.services.roster import event_drafting, event_rosters
from bot.services.runtime import Runtime
from bot.services.tournament import tournament_entries as entries
from bot.services.tournament import tournaments
from tests.conftest import actor

ORGANISER = actor(user_id=1)
JAY = actor(user_id=101)


async def _event(runtime: Runtime) -> tournaments.Event:
    """Seed 000: "an escalation event may start with a Team Draft Budget of 1,000,000 gold pieces for game
    1, before increasing this to 1,100,000 for game 2, then 1,200,000 for game 3." """
    settings = {"escalation": "1000000/1100000/1200000", "rounds": 3}
    return await tournaments.create_tournament(runtime, ORGANISER, "Escalation Cup", 200, settings)


async def test_the_seeds_example_budgets(runtime: Runtime) -> None:
    event = await _event(runtime)
    assert event.rulespack.budget == 1_000_000  # the first budget is the Team Draft Budget
    assert [event.rulespack.budget_of(n) for n in (1, 2, 3, 4)] == [
        1_000_000,
        1_100_000,
        1_200_000,
        1_200_000,
    ]
    with pytest.raises(InvalidInput, match="each budget must be larger than the one before"):
        await tournaments.update_rulespack(runtime, ORGANISER, None, {"escalation": "1000000/900000"})
    with pytest.raises(InvalidInput, match="at most one budget per round"):
        await tournaments.update_rulespack(
            runtime, ORGANISER, None, {"escalation": "1000000/1100000/1200000/1300000"}
        )


async def test_every_roster_is_written_at_registration_and_only_adds(runtime: Runtime) -> None:
    """Seed 000: "coaches can only add to their Team Draft Roster and cannot take anything away from it once
    it has been added in" and "at the start of the event, coaches must submit all of their Team Draft Rosters
    for all the Team Draft Budgets that they will be playing." """
    await _event(runtime)
    await entries.register(runtime, JAY, None, "Reavers", "Human", "Old World Classic")
    await event_drafting.hire(runtime, JAY, None, "Human Lineman", 11)  # 550,000
    await event_drafting.set_staff(runtime, JAY, None, rerolls=3)  # 150,000
    done = await event_drafting.set_fans(runtime, JAY, None, 3)  # 20,000
    assert done.sheet.check.gold_spent == 720_000 and done.sheet.round_number == 1
    with pytest.raises(RuleViolation, match="Write a roster for every budget of the escalation"):
        await event_drafting.submit(runtime, JAY, None)
    # Round 2: 100,000 more.
    done = await entries.escalate(runtime, JAY, None)
    assert done.sheet.round_number == 2 and done.sheet.budget == 1_100_000
    assert done.sheet.team.treasury == 1_100_000 - 720_000
    done = await event_drafting.hire(runtime, JAY, None, "Human Blitzer")
    blitzer = next(p.row for p in done.sheet.sheet.players if p.position.id == "human_blitzer")
    lineman = next(p.row for p in done.sheet.sheet.players if p.position.id == "human_lineman")
    with pytest.raises(
        RuleViolation, match="is on your round-1 roster: seed 000, an escalation roster only adds"
    ):
        await event_drafting.fire(runtime, JAY, None, f"#{lineman.number}")
    with pytest.raises(RuleViolation, match=r"only adds to the one before \(Dedicated Fans 3→2\)"):
        await event_drafting.set_fans(runtime, JAY, None, 2)
    await event_drafting.set_skill(runtime, JAY, None, f"#{blitzer.number}", "Dodge")
    await event_drafting.fire(runtime, JAY, None, f"#{blitzer.number}")  # his own round's player may go again
    done = await event_drafting.hire(runtime, JAY, None, "Human Blitzer")
    blitzer = next(p.row for p in done.sheet.sheet.players if p.position.id == "human_blitzer")
    # Round 3: a skill for a round-1 player counts from round 3 only.
    await entries.escalate(runtime, JAY, None)
    done = await event_drafting.set_skill(runtime, JAY, None, f"#{lineman.number}", "Dodge")
    with pytest.raises(Conflict, match="This is the last roster"):
        await entries.escalate(runtime, JAY, None)
    assert done.sheet.check.legal, done.sheet.check.refusals
    done = await event_drafting.submit(runtime, JAY, None)
    assert done.sheet.team.status == "submitted"
    # The roster of each round.
    rounds = [await event_rosters.roster_sheet(runtime, JAY, None, None, round_number=n) for n in (1, 2, 3)]
    assert [len(r.sheet.players) for r in rounds] == [11, 12, 12]
    assert [r.budget for r in rounds] == [1_000_000, 1_100_000, 1_200_000]
    assert [r.skills.get(lineman.id) for r in rounds] == [None, None, "Dodge"]
    assert [r.sheet.staffing.dedicated_fans for r in rounds] == [3, 3, 3]
    assert rounds[0].sheet.team_value < rounds[1].sheet.team_value
    assert rounds[2].check.gold_spent == 720_000 + 85_000


async def test_a_roster_must_be_legal_before_the_next_is_opened(runtime: Runtime) -> None:
    await _event(runtime)
    await entries.register(runtime, JAY, None, "Reavers", "Human", "Old World Classic")
    await event_drafting.hire(runtime, JAY, None, "Human Lineman", 8)
    with pytest.raises(RuleViolation, match="round-1 roster is not ready"):
        await entries.escalate(runtime, JAY, None)
