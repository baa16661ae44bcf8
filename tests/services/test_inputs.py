"""The input checks every service runs (bot/services/inputs.py)."""

from __future__ import annotations

from typing import get_args

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.errors import RuleViolation
from bot.services.inputs import one_of
from bot.services.league.seasons import FIXTURE_SCOPES, FixtureScope


@given(st.sampled_from(FIXTURE_SCOPES))
def test_one_of_gives_back_the_allowed_choice_itself(scope: str) -> None:
    sent = "".join(list(scope))  # an equal text, but not the same object
    assert sent is not scope
    typed: FixtureScope = one_of(sent, FIXTURE_SCOPES, "what to show")  # typed as the choices are
    assert typed == scope and any(typed is choice for choice in FIXTURE_SCOPES)


@given(st.text(max_size=12).filter(lambda text: text not in FIXTURE_SCOPES))
def test_one_of_refuses_anything_else_and_lists_the_choices(text: str) -> None:
    with pytest.raises(RuleViolation, match=r"^Choose what to show from: mine, round, division, all\.$"):
        one_of(text, FIXTURE_SCOPES, "what to show")


def test_the_typed_choices_are_the_literal_s_values() -> None:
    assert get_args(FixtureScope) == FIXTURE_SCOPES
