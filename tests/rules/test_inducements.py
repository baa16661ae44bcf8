"""Inducements and petty cash: the seed's example, prices, limits, and properties."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.errors import RuleViolation
from bot.rules.inducements import Budget, budgets, check_allowed, limit, pay, price
from tests.conftest import CATALOG

TOP_UP = CATALOG.underdog_treasury_max


def test_seed_example() -> None:
    # Jay 1,240,000 v Dan 1,160,000: Jay spends 50,000 from his treasury first (a Blitzer's Best Keg).
    jay = budgets(1_240_000, 1_160_000, treasury=200_000, favourite_spent=0, top_up_max=TOP_UP)
    assert jay == Budget(petty_cash=0, treasury=200_000)
    dan = budgets(1_160_000, 1_240_000, treasury=300_000, favourite_spent=50_000, top_up_max=TOP_UP)
    assert dan.petty_cash == 80_000 + 50_000
    # Dan adds 10,000 from his treasury: 140,000 to spend in all.
    assert pay(140_000, dan, petty_spent=0, treasury_spent=0).from_treasury == 10_000
    with pytest.raises(RuleViolation):
        pay(130_000 + TOP_UP + 5_000, dan, petty_spent=0, treasury_spent=0)  # never more than 50,000 added


def test_equal_ctvs_spend_nothing() -> None:
    assert budgets(1_000_000, 1_000_000, treasury=500_000, favourite_spent=0, top_up_max=TOP_UP) == Budget(
        0, 0
    )


@given(
    ctv_a=st.integers(0, 3_000_000),
    ctv_b=st.integers(0, 3_000_000),
    treasury=st.integers(0, 2_000_000),
    spent=st.integers(0, 1_000_000),
)
def test_petty_cash_is_never_negative_and_never_more_than_the_rules(
    ctv_a: int, ctv_b: int, treasury: int, spent: int
) -> None:
    budget = budgets(ctv_a, ctv_b, treasury=treasury, favourite_spent=spent, top_up_max=TOP_UP)
    assert budget.petty_cash >= 0 and budget.treasury >= 0
    if ctv_a >= ctv_b:
        assert budget.petty_cash == 0
    else:
        assert budget.petty_cash == ctv_b - ctv_a + spent and budget.treasury <= min(TOP_UP, treasury)


def test_bribes_for_bribery_and_corruption() -> None:
    bribe = CATALOG.inducements["bribe"]
    goblins, humans = CATALOG.teams["goblin"], CATALOG.teams["human"]
    assert price(bribe, goblins, goblins.special_rules) == 50_000 and limit(bribe, goblins.special_rules) == 6
    assert price(bribe, humans, humans.special_rules) == 100_000 and limit(bribe, humans.special_rules) == 3


def test_restricted_inducements() -> None:
    with pytest.raises(RuleViolation, match="Masters of Undeath"):
        check_allowed(
            CATALOG.inducements["mortuary_assistant"], CATALOG.teams["human"], "Old World Classic", None
        )
    with pytest.raises(RuleViolation, match="Apothecary"):
        check_allowed(
            CATALOG.inducements["wandering_apothecary"], CATALOG.teams["nurgle"], "Chaos Clash", "Nurgle"
        )
