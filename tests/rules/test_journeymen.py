"""Journeymen: which positions, how many."""

from __future__ import annotations

import pytest

from bot.errors import RuleViolation
from bot.rules.journeymen import choose_journeyman_position, journeyman_positions, journeymen_needed
from tests.conftest import CATALOG


def test_seed_example_skaven_with_nine_players_take_two_clanrats() -> None:
    skaven = CATALOG.teams["skaven"]
    assert journeymen_needed(9) == 2
    assert choose_journeyman_position(skaven, None).name == "Skaven Clanrat"


def test_no_journeymen_with_eleven_or_more() -> None:
    assert journeymen_needed(11) == 0 and journeymen_needed(14) == 0


def test_only_0_16_lineman_positions() -> None:
    assert [p.name for p in journeyman_positions(CATALOG.teams["human"])] == ["Human Lineman"]  # not the 0-3
    halflings = CATALOG.teams["halfling"]
    assert [p.name for p in journeyman_positions(halflings)] == ["Halfling Hopeful"]  # 0-16 on their own team
    for team in CATALOG.teams.values():
        assert all(p.max == 16 and "Lineman" in p.keywords for p in journeyman_positions(team))


def test_a_roster_with_several_asks_the_coach() -> None:
    several = next(t for t in CATALOG.teams.values() if len(journeyman_positions(t)) > 1)
    with pytest.raises(RuleViolation, match="choose their journeymen"):
        choose_journeyman_position(several, None)
    second = journeyman_positions(several)[1]
    assert choose_journeyman_position(several, second.id) == second
