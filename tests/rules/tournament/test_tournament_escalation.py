"""Gold piece escalation's checks of a change (rules/tournament/tournament_escalation.py, seed 000)."""

from __future__ import annotations

import pytest

from bot.errors import RuleViolation
from bot.rules.tournament.tournament_escalation import (
    ONLY_ADDS,
    check_next_roster,
    check_only_adds,
    check_player_kept,
    check_round_ready,
    check_skill_kept,
    only_additions,
    round_refusals,
)
from bot.rules.tournament.tournament_rosters import DraftedPlayer, TournamentRoster

WOODLAND = "Woodland League"


def wood_elves(linemen: int) -> TournamentRoster:
    return TournamentRoster(
        "wood_elf", WOODLAND, players=tuple(DraftedPlayer("wood_elf_lineman") for _ in range(linemen))
    )


def test_escalation_keeps_what_an_earlier_roster_holds() -> None:
    """Seed 000: "coaches can only add to their Team Draft Roster and cannot take anything away from it once
    it has been added in." """
    gone = only_additions(wood_elves(8), wood_elves(7), 2)
    check_only_adds(False, gone)  # no escalation: nothing to keep
    check_only_adds(True, ["Round 2 roster (1,200,000 gp): A rule."])
    with pytest.raises(RuleViolation, match=f"^Round 2: {ONLY_ADDS}"):
        check_only_adds(True, gone)
    check_player_kept("#3 Jordell", joined=2, writing=2)
    with pytest.raises(
        RuleViolation, match=f"^#3 Jordell is on your round-1 roster: seed 000, {ONLY_ADDS}.$"
    ):
        check_player_kept("#3 Jordell", joined=1, writing=2)
    check_skill_kept("#3 Jordell", None, skilled=1, writing=2)  # no skill yet: one may be added
    check_skill_kept("#3 Jordell", "Dodge", skilled=2, writing=2)  # given on this roster: may change
    check_skill_kept("#3 Jordell", "Dodge", skilled=1, writing=1)  # no escalation roster before it
    with pytest.raises(
        RuleViolation, match=f"^#3 Jordell's Dodge is on an earlier roster: seed 000, {ONLY_ADDS}"
    ):
        check_skill_kept("#3 Jordell", "Dodge", skilled=1, writing=2)


def test_the_next_roster_opens_when_the_one_written_is_ready() -> None:
    """Seed 000: "at the start of the event, coaches must submit all of their Team Draft Rosters for all the
    Team Draft Budgets that they will be playing." """
    check_next_roster("Cup", escalation=True)
    with pytest.raises(
        RuleViolation, match=r"^Cup has one Team Draft Budget: there is no next roster to write.$"
    ):
        check_next_roster("Cup", escalation=False)
    refusals = round_refusals(1, 1_000_000, ["A rule."]) + round_refusals(2, 1_100_000, ["Another rule."])
    assert refusals == [
        "Round 1 roster (1,000,000 gp): A rule.",
        "Round 2 roster (1,100,000 gp): Another rule.",
    ]
    check_round_ready(3, refusals)
    with pytest.raises(RuleViolation) as not_ready:
        check_round_ready(2, refusals)
    assert (
        str(not_ready.value)
        == "Your round-2 roster is not ready:\n• Round 2 roster (1,100,000 gp): Another rule."
    )
