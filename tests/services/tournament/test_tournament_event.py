"""The event and its rulespack (issue 15 item 1): create, find, change; leagues and tournaments apart."""

from __future__ import annotations

import pytest

from bot.errors import Conflict, InvalidInput, NotFound, RuleViolation
from bot.rules.tournament.swiss import OddPlayer
from bot.services.league import leagues
from bot.services.runtime import Runtime
from bot.services.tournament import tournaments
from bot.store import audit
from bot.store import tournaments as tournament_store
from tests.conftest import actor


async def test_create_gives_seed_rulespack_and_keeps_leagues_apart(runtime: Runtime) -> None:
    await leagues.create_league(runtime, actor(), "Old World League", 100)
    event = await tournaments.create_tournament(runtime, actor(), "Spring Cup", 200, {"rounds": 5})
    assert event.status == "registration"
    assert event.rulespack.rounds == 5
    assert event.rulespack.odd_player is OddPlayer.SPARE
    assert event.rulespack.tiebreakers == ("bonus", "td_diff", "td_for", "cas_for")
    assert event.league.settings.prayers_table == "matched_play"  # seed 000's D8 Prayers to Nuffle
    # Each kind finds only its own: the server's only league, and its only tournament.
    assert (await leagues.get_league(runtime, 1, None)).name == "Old World League"
    assert (await tournaments.get_event(runtime, 1, None)).name == "Spring Cup"
    with pytest.raises(NotFound, match="is a tournament"):
        await leagues.get_league(runtime, 1, "Spring Cup")
    with pytest.raises(NotFound, match="is a league"):
        await tournaments.get_event(runtime, 1, "Old World League")
    with pytest.raises(Conflict):
        await tournaments.create_tournament(runtime, actor(), "old world league", None)
    with pytest.raises(NotFound):
        await tournaments.get_event(runtime, 2, None)  # another server sees nothing


async def test_rulespack_changes_are_validated_audited_and_locked_once_running(runtime: Runtime) -> None:
    event = await tournaments.create_tournament(runtime, actor(), "Cup", None)
    change = await tournaments.update_rulespack(
        runtime, actor(), None, {"budget": 1_200_000, "extra_tiebreakers": "votes, sent_off"}, "as announced"
    )
    assert change.event.rulespack.budget == 1_200_000
    assert change.event.league.settings.draft_budget == 1_200_000  # drafting reads the budget from here
    assert change.event.rulespack.tiebreakers[-2:] == ("votes", "sent_off")
    with pytest.raises(InvalidInput, match="Input should be"):
        await tournaments.update_rulespack(runtime, actor(), None, {"extra_tiebreakers": "head_to_head"})
    with pytest.raises(InvalidInput, match="multiple of 5000"):
        await tournaments.update_rulespack(runtime, actor(), None, {"budget": 1_000_001})
    log = await runtime.db.read(audit.recent, 1)
    assert log[0].action == "tournament.rulespack" and log[0].reason == "as announced"

    await runtime.db.write(
        lambda conn: tournament_store.set_status(conn, event.tournament, "running", runtime.clock.now())
    )
    with pytest.raises(RuleViolation, match="budget can no longer change"):
        await tournaments.update_rulespack(runtime, actor(), None, {"budget": 1_100_000})
    assert (
        await tournaments.update_rulespack(runtime, actor(), None, {"rounds": 4})
    ).event.rulespack.rounds == 4


async def test_tier_rows_and_moved_rosters(runtime: Runtime) -> None:
    """Seed 000: "Tier 1 | 6", "Tier 2 | 8", "Tier 3 | 10"; tier 4 (catalogue) starts as tier 3."""
    await tournaments.create_tournament(runtime, actor(), "Cup", None)
    event = await tournaments.get_event(runtime, 1, None)
    table = tournaments.tier_table(runtime, event.rulespack)
    assert [table.allowance(t).skill_points for t in (1, 2, 3, 4)] == [6, 8, 10, 10]
    change = await tournaments.set_tier_row(runtime, actor(), None, 4, 12, 4, 2)
    assert tournaments.tier_table(runtime, change.event.rulespack).allowance(4).skill_points == 12
    change = await tournaments.set_roster_tier(runtime, actor(), None, "Wood Elf", 2)
    assert change.event.rulespack.tier_of("wood_elf", 1) == 2
    with pytest.raises(RuleViolation, match="no row for tier 5"):
        await tournaments.set_roster_tier(runtime, actor(), None, "Human", 5)
    change = await tournaments.set_roster_tier(runtime, actor(), None, "wood_elf", None)
    assert change.event.rulespack.roster_tiers == {}
