"""Block dice and target roll odds: known numbers and properties."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.errors import RuleViolation
from bot.rules.odds import (
    RESULTS,
    Skills,
    TargetReroll,
    block_odds,
    check_loner,
    face_result,
    percent,
    target_odds,
)

skills_st = st.builds(
    Skills,
    attacker_block=st.booleans(),
    defender_block=st.booleans(),
    attacker_wrestle=st.booleans(),
    defender_wrestle=st.booleans(),
    defender_dodge=st.booleans(),
    attacker_tackle=st.booleans(),
)
dice_st = st.integers(1, 3)
chooser_st = st.sampled_from(["attacker", "defender"])
reroll_st = st.sampled_from(["none", "turnover", "standing"])


def test_one_die_no_skills() -> None:
    odds = block_odds(1)
    # POW! and Stumble knock the defender down; Both Down knocks both down.
    assert odds.knocked_down == Fraction(3, 6)
    assert odds.turnover == Fraction(2, 6)
    assert odds.push_only == Fraction(2, 6)


def test_two_dice_attackers_choice_pow_or_stumble() -> None:
    # The brief's number: P(at least one POW or Stumble) = 1 - (4/6)^2 = 20/36.
    odds = block_odds(2, skills=Skills(attacker_block=True, defender_block=True))
    assert odds.results["down"] == 1 - Fraction(4, 6) ** 2 == Fraction(20, 36)
    # A turnover needs Player Down! on both dice.
    assert odds.turnover == Fraction(1, 36)


def test_two_dice_defenders_choice() -> None:
    odds = block_odds(2, "defender", Skills(attacker_block=True, defender_block=True))
    assert odds.results["down"] == Fraction(2, 6) ** 2
    assert odds.turnover == 1 - Fraction(5, 6) ** 2


def test_three_dice_attackers_choice() -> None:
    odds = block_odds(3)
    # Defender down and attacker up: any POW! or Stumble among the three.
    assert odds.results["down"] == 1 - Fraction(4, 6) ** 3


def test_skills_on_both_down_and_stumble() -> None:
    # Catalogue, Block: "A Both Down result does not knock this player down."
    assert face_result("both_down", Skills()) == "both_down"
    assert face_result("both_down", Skills(attacker_block=True)) == "down"
    assert face_result("both_down", Skills(defender_block=True)) == "attacker_down"
    assert face_result("both_down", Skills(attacker_block=True, defender_block=True)) == "nothing"
    # Wrestle: "it may place both players Prone whatever their skills."
    assert face_result("both_down", Skills(attacker_wrestle=True, defender_block=True)) == "wrestled"
    assert face_result("both_down", Skills(attacker_block=True, defender_wrestle=True)) == "wrestled"
    assert face_result("both_down", Skills(defender_wrestle=True)) == "both_down"
    # Dodge: "a Stumble rolled against it only pushes it back"; Tackle: "Dodge does not save its block
    # targets on a Stumble."
    assert face_result("stumble", Skills(defender_dodge=True)) == "push"
    assert face_result("stumble", Skills(defender_dodge=True, attacker_tackle=True)) == "down"
    assert face_result("pow", Skills(defender_dodge=True)) == "down"


def test_reroll_to_avoid_a_turnover() -> None:
    plain, rerolled = block_odds(1), block_odds(1, reroll="turnover")
    assert rerolled.turnover == plain.turnover**2
    assert rerolled.results["down"] == Fraction(2, 6) + Fraction(2, 6) * Fraction(2, 6)


def test_target_rolls() -> None:
    assert target_odds(4) == Fraction(1, 2)
    assert target_odds(4, "team") == Fraction(3, 4)
    assert target_odds(4, "skill") == Fraction(3, 4)
    assert target_odds(2) == Fraction(5, 6)
    assert target_odds(6) == Fraction(1, 6)
    # Seed 001: journeymen "gain the Loner (4+) Trait"; catalogue, Loner: "To use a Team Re-roll it must
    # first roll X or more on a D6".
    assert target_odds(4, "team", loner=4) == Fraction(1, 2) + Fraction(1, 2) * Fraction(1, 2) * Fraction(
        1, 2
    )
    assert target_odds(4, "skill", loner=4) == Fraction(3, 4)
    assert percent(Fraction(5, 9)) == "55.6%"


@given(dice_st, chooser_st, skills_st, reroll_st)
def test_probabilities_sum_to_one(dice: int, chooser: str, skills: Skills, reroll: str) -> None:
    odds = block_odds(dice, chooser, skills, reroll)  # type: ignore[arg-type]
    assert sum(odds.results.values()) == 1
    assert all(p >= 0 for p in odds.results.values())


@given(dice_st, chooser_st, skills_st)
def test_a_reroll_never_lowers_the_chance(dice: int, chooser: str, skills: Skills) -> None:
    plain = block_odds(dice, chooser, skills)  # type: ignore[arg-type]
    assert block_odds(dice, chooser, skills, "turnover").turnover <= plain.turnover  # type: ignore[arg-type]
    standing = block_odds(dice, chooser, skills, "standing")  # type: ignore[arg-type]
    assert (
        standing.results["down"] + standing.results["wrestled"]
        >= plain.results["down"] + plain.results["wrestled"]
    )


@given(st.integers(2, 6), st.sampled_from(["team", "skill"]), st.one_of(st.none(), st.integers(2, 6)))
def test_a_target_reroll_never_lowers_the_chance(target: int, reroll: str, loner: int | None) -> None:
    chance = target_odds(target, reroll, loner)  # type: ignore[arg-type]
    assert target_odds(target) <= chance <= 1
    assert target_odds(target, "skill") >= chance


def _at_least(odds_results: dict[str, Fraction], rank: int) -> Fraction:
    return sum((odds_results[r] for r in RESULTS[: rank + 1]), Fraction(0))


@given(st.integers(1, 2), skills_st, st.sampled_from(["none", "turnover"]))
def test_more_dice_for_the_attacker_never_hurt(dice: int, skills: Skills, reroll: str) -> None:
    fewer = block_odds(dice, "attacker", skills, reroll)  # type: ignore[arg-type]
    more = block_odds(dice + 1, "attacker", skills, reroll)  # type: ignore[arg-type]
    assert more.turnover <= fewer.turnover
    assert more.results["down"] >= fewer.results["down"]
    if reroll == "none":
        for rank in range(len(RESULTS)):
            assert _at_least(more.results, rank) >= _at_least(fewer.results, rank)  # type: ignore[arg-type]


@given(dice_st, chooser_st, skills_st, reroll_st)
def test_block_never_hurts_the_attacker(dice: int, chooser: str, skills: Skills, reroll: str) -> None:
    without = Skills(**{**skills.__dict__, "attacker_block": False})
    with_block = Skills(**{**skills.__dict__, "attacker_block": True})
    a = block_odds(dice, chooser, without, reroll)  # type: ignore[arg-type]
    b = block_odds(dice, chooser, with_block, reroll)  # type: ignore[arg-type]
    assert b.turnover <= a.turnover
    if reroll == "none":
        for rank in range(len(RESULTS)):
            assert _at_least(b.results, rank) >= _at_least(a.results, rank)  # type: ignore[arg-type]


def test_loner_only_changes_a_team_reroll() -> None:
    # catalogue, Loner (X+): "To use a Team Re-roll it must first roll X or more on a D6"
    check_loner("team", 4)
    others: tuple[TargetReroll, ...] = ("none", "skill")
    for reroll in others:
        check_loner(reroll, None)
        with pytest.raises(RuleViolation, match=r"^Loner only matters for a team re-roll: choose reroll"):
            check_loner(reroll, 4)
