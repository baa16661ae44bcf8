"""Seed 003's hire and fire: re-rolls may be removed (no refund); journeymen from 0-16 or 0-12 positions."""

from __future__ import annotations

import pytest

from bot.catalog import load_catalog
from bot.errors import RuleViolation
from bot.rules.match.journeymen import choose_journeymen, journeyman_positions
from bot.rules.roster.staff import staff_changes
from bot.rules.roster.team_building import Staffing
from bot.rules.rulesets import ruleset

CATALOG = load_catalog()
CLASSIC = ruleset(CATALOG, "classic")
BB2025 = ruleset(CATALOG, "bb2025")


def test_classic_rerolls_may_be_removed_without_a_refund() -> None:
    # "You can also remove any number of team re-rolls from your roster at this stage, if you wish – again,
    # you don't get their cost back!"
    human = CATALOG.teams["human"]
    before, after = Staffing(rerolls=3), Staffing(rerolls=1)
    with pytest.raises(RuleViolation, match="never removed"):
        staff_changes(
            human, before, after, CATALOG.drafting, drafting=False, rerolls_removable=BB2025.rerolls_removable
        )
    (change,) = staff_changes(
        human, before, after, CATALOG.drafting, drafting=False, rerolls_removable=CLASSIC.rerolls_removable
    )
    assert change.delta == -2 and change.treasury_change == 0
    # "Adding a re-roll costs double the amount shown on the team list"
    (added,) = staff_changes(human, after, before, CATALOG.drafting, drafting=False, rerolls_removable=True)
    assert added.treasury_change == -2 * 2 * human.reroll_cost


def test_classic_journeymen_come_from_any_0_16_or_0_12_position() -> None:
    # "A Journeyman is always a player from a 0-16 or 0-12 allowed position on the team's roster."
    human = CATALOG.teams["human"]
    lineman = human.positions[0]
    twelve = lineman.model_copy(
        update={"id": "test_twelve", "name": "Test Twelve", "max": 12, "keywords": ()}
    )
    roster = human.model_copy(update={"positions": (*human.positions, twelve)})
    bb2025 = journeyman_positions(roster, BB2025.journeyman_position_limits, BB2025.journeyman_keyword)
    classic = journeyman_positions(roster, CLASSIC.journeyman_position_limits, CLASSIC.journeyman_keyword)
    assert twelve not in bb2025 and twelve in classic and lineman in classic
    assert choose_journeymen(roster, "Test Twelve", 2, classic) == [twelve, twelve]
    with pytest.raises(RuleViolation):
        choose_journeymen(roster, "Test Twelve", 2, bb2025)
