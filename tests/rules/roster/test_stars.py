"""Star players as a roster takes them (rules/roster/stars.py): one star, or a pair as one unit."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from bot.rules.roster.stars import StarUnit, star_units
from tests.conftest import CATALOG


def test_a_pair_is_selected_together_at_the_pairs_price() -> None:
    """Seed 004: "Star Players that come as a pair, such as the Swift Twins or Grak & Crumbleberry, must be
    selected together"."""
    units = star_units(CATALOG)
    grak = next(u for u in units if "Grak" in u.members)
    assert grak.is_pair and grak.members == ("Grak", "Crumbleberry")
    assert grak.cost == CATALOG.pairs["Grak and Crumbleberry"].cost
    assert not any(u.name == "Crumbleberry" for u in units)  # never on his own
    assert [u.name for u in units] == sorted(u.name for u in units)
    single = next(u for u in units if u.name == "Morg 'n' Thorg")
    assert not single.is_pair and single.member_costs() == [single.cost]


def test_excluding_a_member_takes_his_pair_out() -> None:
    fewer = star_units(CATALOG, excluded=["valen swift"])
    assert not any("Valen Swift" in u.members or "Lucien Swift" in u.members for u in fewer)
    assert len(fewer) == len(star_units(CATALOG)) - 1


@given(cost=st.integers(0, 1_000_000), size=st.integers(1, 3))
def test_the_members_share_the_units_cost(cost: int, size: int) -> None:
    unit = StarUnit("Unit", tuple(f"M{i}" for i in range(size)), cost)
    shares = unit.member_costs()
    assert len(shares) == size and sum(shares) == cost
    assert max(shares) - min(shares) <= cost % size
