"""Journeymen: which positions, how many."""

from __future__ import annotations

import pytest

from bot.errors import RuleViolation
from bot.rules.match.journeymen import (
    choose_journeyman_position,
    choose_journeymen,
    journeyman_mixes,
    journeyman_positions,
    journeymen_needed,
    mix_text,
)
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


UNDEAD = CATALOG.teams["shambling_undead"]
SKELETON, ZOMBIE = journeyman_positions(UNDEAD)


def test_each_journeyman_may_be_a_different_lineman_type() -> None:
    """Seed 001: "If a team has multiple Lineman positions in their Team Roster, you may choose which type
    they will be." Shambling Undead have Skeleton and Zombie Linemen (both 0-16)."""
    assert [p.name for p in (SKELETON, ZOMBIE)] == ["Skeleton Lineman", "Zombie Lineman"]
    assert choose_journeymen(UNDEAD, "Zombie Lineman", 3) == [ZOMBIE] * 3  # one type for all
    assert choose_journeymen(UNDEAD, "zombie", 2) == [ZOMBIE] * 2  # part of the name is enough
    assert choose_journeymen(UNDEAD, "1 Skeleton Lineman + 2 Zombie Lineman", 3) == [SKELETON] + [ZOMBIE] * 2
    assert choose_journeymen(UNDEAD, f"2 {SKELETON.id} + 1 {ZOMBIE.id}", 3) == [SKELETON] * 2 + [ZOMBIE]
    assert choose_journeymen(UNDEAD, "Skeleton, Zombie", 2) == [SKELETON, ZOMBIE]  # one each
    assert choose_journeymen(UNDEAD, "Zombie x2", 2) == [ZOMBIE] * 2
    with pytest.raises(RuleViolation, match="add up to 3"):
        choose_journeymen(UNDEAD, "1 Skeleton + 1 Zombie", 3)
    with pytest.raises(RuleViolation, match="choose their journeymen"):
        choose_journeymen(UNDEAD, None, 2)
    with pytest.raises(RuleViolation, match="not Ghoul"):
        choose_journeymen(UNDEAD, "1 Ghoul + 1 Zombie", 2)
    assert choose_journeymen(UNDEAD, None, 0) == []


def test_a_roster_with_one_lineman_type_needs_no_choice() -> None:
    """Seed 001: "Journeymen are always a player from the team's Team Roster with the Lineman position that
    have a QTY of 0-16"."""
    skaven = CATALOG.teams["skaven"]
    assert [p.name for p in choose_journeymen(skaven, None, 2)] == ["Skaven Clanrat"] * 2


def test_every_mix_of_types_is_offered_once() -> None:
    mixes = journeyman_mixes([SKELETON, ZOMBIE], 3)
    assert [mix_text(m) for m in mixes] == [
        "3 Skeleton Linemen",
        "2 Skeleton Linemen + 1 Zombie Lineman",
        "1 Skeleton Lineman + 2 Zombie Linemen",
        "3 Zombie Linemen",
    ]
    for mix in journeyman_mixes([SKELETON, ZOMBIE], 11):  # every value fits an option and reads back
        value = mix_text(mix, ids=True)
        assert len(value) <= 100
        assert len(choose_journeymen(UNDEAD, value, 11)) == 11
