"""A league's settings (bot/rules/league/league_settings.py): when its ruleset may change."""

from __future__ import annotations

import pytest

from bot.errors import RuleViolation
from bot.rules.league.league_settings import check_ruleset_change

KNOWN = ("bb2025", "classic")


def test_a_league_that_has_not_played_may_take_another_known_ruleset() -> None:
    assert check_ruleset_change("Old World", "bb2025", "classic", known=KNOWN, played=False)


def test_naming_the_ruleset_it_has_is_no_change_even_after_a_season() -> None:
    assert not check_ruleset_change("Old World", "bb2025", "bb2025", known=KNOWN, played=True)


def test_a_ruleset_outside_the_registry_is_refused_with_the_known_ones() -> None:
    with pytest.raises(RuleViolation, match=r"^Not changed: the ruleset is one of bb2025, classic\.$"):
        check_ruleset_change("Old World", "bb2025", "bb2020", known=KNOWN, played=False)


def test_the_ruleset_is_chosen_before_the_first_season() -> None:
    with pytest.raises(RuleViolation, match="Old World has played a season; the ruleset is chosen before"):
        check_ruleset_change("Old World", "bb2025", "classic", known=KNOWN, played=True)


def test_a_ruleset_retired_from_the_registry_stays_the_leagues_own() -> None:
    """A league keeps the ruleset it has even if the registry no longer lists it (a test's ruleset)."""
    assert not check_ruleset_change("Old World", "house", "house", known=KNOWN, played=False)
