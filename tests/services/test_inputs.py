"""The input checks every service runs (bot/services/inputs.py)."""

from __future__ import annotations

import re
from typing import get_args

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.errors import InvalidInput, RuleViolation
from bot.services.inputs import LEAGUE_LOG, one_of, optional_reason, reason_of, text_of, whole
from bot.services.league.seasons import FIXTURE_SCOPES, FixtureScope


@given(st.sampled_from(FIXTURE_SCOPES))
def test_one_of_gives_back_the_allowed_choice_itself(scope: str) -> None:
    sent = "".join(list(scope))  # an equal text, but not the same object
    assert sent is not scope
    typed: FixtureScope = one_of(sent, FIXTURE_SCOPES, "what to show")  # typed as the choices are
    assert typed == scope and any(typed is choice for choice in FIXTURE_SCOPES)


@given(st.text(max_size=12).filter(lambda text: text not in FIXTURE_SCOPES))
def test_one_of_refuses_anything_else_and_lists_the_choices(text: str) -> None:
    with pytest.raises(InvalidInput, match=r"^Choose what to show from: mine, round, division, all\.$"):
        one_of(text, FIXTURE_SCOPES, "what to show")


def test_the_typed_choices_are_the_literal_s_values() -> None:
    assert get_args(FixtureScope) == FIXTURE_SCOPES


@pytest.mark.parametrize("value", [0, 11, -1, True, 2.0, "3", None])
def test_whole_refuses_what_is_not_a_whole_number_in_range(value: object) -> None:
    with pytest.raises(InvalidInput, match=r"^Give the count as a whole number from 1 to 10\.$"):
        whole(value, 1, 10, "the count")


def test_whole_keeps_a_number_in_range() -> None:
    assert [whole(n, 1, 10, "the count") for n in (1, 10)] == [1, 10]


@pytest.mark.parametrize("value", ["", "   ", "abcdef", None, 7])
def test_text_of_refuses_empty_long_or_not_text(value: object) -> None:
    with pytest.raises(InvalidInput, match=r"^Give the name as text of 1 to 5 characters\.$"):
        text_of(value, "the name", 5)


def test_a_reason_is_one_line_of_at_most_300_characters() -> None:
    assert reason_of("  late \n  kick-off ") == "late kick-off"
    assert reason_of("x" * 400) == "x" * 300
    assert optional_reason("  ") is None and optional_reason(None) is None
    assert optional_reason(" a  b ") == "a b"
    assert optional_reason("  a  b c", 3) == "a b"  # a shorter limit (a die roll's purpose)


@pytest.mark.parametrize("value", ["", "  \n "])
def test_a_missing_reason_is_refused_with_the_words_given(value: str) -> None:
    with pytest.raises(InvalidInput, match=f"^{re.escape(LEAGUE_LOG)}$"):
        reason_of(value)
    with pytest.raises(InvalidInput, match=r"^Say why\.$"):
        reason_of(value, "Say why.")


def test_an_input_error_is_not_a_rule_violation() -> None:
    """A value the command does not take is the user's typing; the rules of the game stay RuleViolations."""
    assert not issubclass(InvalidInput, RuleViolation)
