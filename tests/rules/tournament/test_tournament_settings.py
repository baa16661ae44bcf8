"""What of a rulespack may change as the event goes on (bot/rules/tournament/tournament_settings.py)."""

from __future__ import annotations

import pytest

from bot.errors import RuleViolation
from bot.rules.tournament.tournament_settings import CHANGEABLE_WHILE_RUNNING, check_rulespack_change


def test_anything_may_change_before_the_start() -> None:
    """Seed 000: the rulespack "will have all the essential information for the event in it"; until the event
    starts the organiser may still change any of it."""
    check_rulespack_change("Cup", "registration", {"budget": 1_200_000, "format": "groups", "rounds": 1}, 0)


def test_once_running_only_what_touches_neither_rosters_nor_pairings() -> None:
    check_rulespack_change("Cup", "running", dict.fromkeys(CHANGEABLE_WHILE_RUNNING, 5), 2)
    with pytest.raises(RuleViolation) as refused:
        check_rulespack_change("Cup", "running", {"rounds": 5, "format": "groups", "budget": 1}, 2)
    assert str(refused.value) == (
        "Cup has started: budget, format can no longer change (still open: best_painted, custom_tiebreaker, "
        "extra_tiebreakers, final_rematch, round_hours, rounds)."
    )


def test_never_fewer_rounds_than_are_paired() -> None:
    check_rulespack_change("Cup", "running", {"rounds": "3"}, 3)
    with pytest.raises(RuleViolation, match=r"^Cup has already paired 3 rounds: it needs at least 3\.$"):
        check_rulespack_change("Cup", "running", {"rounds": 2}, 3)
    check_rulespack_change("Cup", "registration", {"rounds": 2}, 3)  # nothing paired counts before the start


def test_nothing_changes_once_the_event_is_over() -> None:
    with pytest.raises(RuleViolation, match=r"^Cup is over: its rulespack can no longer change\.$"):
        check_rulespack_change("Cup", "finished", {"best_painted": "votes"}, 3)
    with pytest.raises(RuleViolation, match="can no longer change"):
        check_rulespack_change("Cup", "finished", {}, 3)
