"""Staff pricing and what may change when: rules/roster/staff.py (seed 001)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.errors import RuleViolation
from bot.rules.roster.staff import staff_changes
from bot.rules.roster.team_building import Staffing, staff_value
from tests.conftest import CATALOG

RULES = CATALOG.drafting
HUMAN = CATALOG.teams["human"]  # team re-rolls at 50,000 gp


def test_post_game_rerolls_cost_double_their_normal_cost() -> None:
    """Seed 001, post-game step 4: "Coaches may also purchase additional Team Re-rolls at double their
    normal cost, though they may not remove them from their Team Draft List." """
    [change] = staff_changes(HUMAN, Staffing(rerolls=2), Staffing(rerolls=3), RULES, drafting=False)
    assert (change.item, change.before, change.after, change.price) == ("team re-roll", 2, 3, 100_000)
    assert change.treasury_change == -100_000


def test_post_game_rerolls_are_never_removed() -> None:
    """Seed 001: "... though they may not remove them from their Team Draft List." """
    with pytest.raises(RuleViolation, match="never removed"):
        staff_changes(HUMAN, Staffing(rerolls=3), Staffing(rerolls=2), RULES, drafting=False)


def test_draft_rerolls_cost_the_roster_price_and_sell_back_for_it() -> None:
    bought = staff_changes(HUMAN, Staffing(), Staffing(rerolls=2), RULES, drafting=True)
    assert [(c.price, c.treasury_change) for c in bought] == [(50_000, -100_000)]
    sold = staff_changes(HUMAN, Staffing(rerolls=2), Staffing(rerolls=1), RULES, drafting=True)
    assert [(c.price, c.treasury_change) for c in sold] == [(50_000, 50_000)]


def test_post_game_staff_are_hired_at_their_price_and_let_go_without_refund() -> None:
    """Seed 001, post-game step 4: "Hire and fire any Sideline Staff as you see fit." """
    changes = staff_changes(
        HUMAN,
        Staffing(cheerleaders=2),
        Staffing(cheerleaders=0, assistant_coaches=1, apothecary=True),
        RULES,
        drafting=False,
    )
    assert [(c.item, c.delta, c.treasury_change) for c in changes] == [
        ("cheerleader", -2, 0),  # let go: no refund
        ("assistant coach", 1, -10_000),
        ("apothecary", 1, -50_000),
    ]


def test_dedicated_fans_are_bought_only_while_drafting() -> None:
    [fans] = staff_changes(HUMAN, Staffing(), Staffing(dedicated_fans=3), RULES, drafting=True)
    assert (fans.item, fans.treasury_change) == ("dedicated fan", -10_000)
    with pytest.raises(RuleViolation, match="Dedicated Fans are 1-3"):
        staff_changes(HUMAN, Staffing(), Staffing(dedicated_fans=4), RULES, drafting=True)
    with pytest.raises(RuleViolation, match="only when drafting"):
        staff_changes(HUMAN, Staffing(dedicated_fans=2), Staffing(dedicated_fans=3), RULES, drafting=False)


def test_refunds_come_first_so_a_swap_never_trips_over_the_budget() -> None:
    changes = staff_changes(
        HUMAN, Staffing(cheerleaders=5), Staffing(cheerleaders=0, rerolls=1), RULES, drafting=True
    )
    assert [c.item for c in changes] == ["cheerleader", "team re-roll"]
    assert [c.treasury_change for c in changes] == [50_000, -50_000]


def test_nothing_changed_is_no_change() -> None:
    assert staff_changes(HUMAN, Staffing(rerolls=1), Staffing(rerolls=1), RULES, drafting=False) == []


def test_the_limits_still_hold() -> None:
    with pytest.raises(RuleViolation, match="cannot hire an Apothecary"):
        staff_changes(CATALOG.teams["nurgle"], Staffing(), Staffing(apothecary=True), RULES, drafting=True)
    with pytest.raises(RuleViolation, match="team re-rolls"):
        staff_changes(HUMAN, Staffing(), Staffing(rerolls=RULES.max_rerolls + 1), RULES, drafting=True)


staffings = st.builds(
    Staffing,
    rerolls=st.integers(0, RULES.max_rerolls),
    assistant_coaches=st.integers(0, 6),
    cheerleaders=st.integers(0, 6),
    apothecary=st.booleans(),
    dedicated_fans=st.integers(1, 3),
)


@given(staffings, staffings)
def test_while_drafting_the_treasury_pays_exactly_the_difference_in_value(
    current: Staffing, new: Staffing
) -> None:
    fans = RULES.dedicated_fans.cost_per_step
    paid = -sum(c.treasury_change for c in staff_changes(HUMAN, current, new, RULES, drafting=True))
    expected = staff_value(HUMAN, new, RULES) - staff_value(HUMAN, current, RULES)
    assert paid == expected + (new.dedicated_fans - current.dedicated_fans) * fans
