"""Gold piece escalation while the event runs (issue 29 §1 rule 1): each round is played with that round's
roster, and a game credits only players on it."""

from __future__ import annotations

import pytest

from bot.errors import RuleViolation
from bot.rules.tournament.tournament_escalation import check_on_round_roster, fielded_round


def test_each_game_is_played_with_its_rounds_roster() -> None:
    """Seed 000: "coaches will start with a smaller Team Draft Budget for their first game and will then
    receive more gold pieces after each round to spend on their team." """
    assert [fielded_round(n, 3) for n in (1, 2, 3)] == [1, 2, 3]
    assert fielded_round(5, 3) == 3  # after the last budget, the last roster
    assert fielded_round(None, 3) == 3  # a game without a round: the last roster
    assert fielded_round(0, 3) == 1


def test_a_player_joining_later_is_not_credited_before() -> None:
    """Seed 000: "coaches must submit all of their Team Draft Rosters for all the Team Draft Budgets that
    they will be playing": the round-3 roster's new player is not on the round-1 roster."""
    with pytest.raises(RuleViolation) as refused:
        check_on_round_roster("Reavers", 12, "Griff", joined=3, playing=1)
    assert "Reavers: #12 joins the roster in round 3; this is round 1." in str(refused.value)
    assert "leave #12 Griff out" in str(refused.value)
    check_on_round_roster("Reavers", 12, "Griff", joined=3, playing=3)
    check_on_round_roster("Reavers", 1, "Lineman", joined=1, playing=2)  # "can only add": he stays on
