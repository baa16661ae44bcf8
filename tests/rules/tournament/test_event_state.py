"""The checks of a running event that no format changes (bot/rules/tournament/event_state.py): another round
while rounds are left, and no reopened result once the next round rests on it."""

from __future__ import annotations

import pytest

from bot.errors import RuleViolation
from bot.rules.tournament.event_state import check_more_rounds, check_revert_in_event


def test_another_round_while_the_rulespack_has_rounds_left() -> None:
    check_more_rounds("Cup", 2, 3)
    with pytest.raises(RuleViolation) as refused:
        check_more_rounds("Cup", 3, 3)
    assert str(refused.value) == "Cup has played all 3 rounds: it can be finished now."


def test_a_result_the_next_round_is_paired_on_is_not_reopened() -> None:
    """Seed 000: "The coach who is highest in the rankings will play the coach who is second in the
    rankings": a later round is paired on the results, so a result already paired on stays."""
    check_revert_in_event("Reavers v Raiders", 2, 2)
    check_revert_in_event("Reavers v Raiders", None, 5)  # a game outside the rounds holds none up
    with pytest.raises(RuleViolation) as refused:
        check_revert_in_event("Reavers v Raiders", 2, 3)
    assert str(refused.value) == (
        "Not reverted: round 3 is already paired on Reavers v Raiders's result. Correct the result instead "
        "(/league result); injuries and SPP stay as recorded."
    )
