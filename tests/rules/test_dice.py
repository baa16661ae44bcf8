"""Dice expressions and rolling."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.rules.dice import (
    BLOCK_FACES,
    DiceExpression,
    DieRoll,
    InvalidDiceExpression,
    ScriptedDice,
    SecureDice,
    SeededDice,
    parse_expression,
    roll,
    roll_expression,
    suggest_expressions,
)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("d3", DiceExpression(1, 3)),
        ("d6", DiceExpression(1, 6)),
        ("D6", DiceExpression(1, 6)),
        ("2d6", DiceExpression(2, 6)),
        (" 3D6 ", DiceExpression(3, 6)),
        ("d8", DiceExpression(1, 8)),
        ("d16", DiceExpression(1, 16)),
        ("4d10", DiceExpression(4, 10)),
        ("2d6+1", DiceExpression(2, 6, 1)),
        ("2d6 - 2", DiceExpression(2, 6, -2)),
        ("2 block", DiceExpression(2, 6, kind="block")),
        ("3 Block", DiceExpression(3, 6, kind="block")),
        ("block", DiceExpression(1, 6, kind="block")),
        ("2b", DiceExpression(2, 6, kind="block")),
        ("2 block dice", DiceExpression(2, 6, kind="block")),
    ],
)
def test_accepted_expressions(text: str, expected: DiceExpression) -> None:
    assert parse_expression(text) == expected


@pytest.mark.parametrize(
    "text", ["", "banana", "d1", "0d6", "21d6", "d101", "4 block", "0 block", "2d6+500", "d6d6", "2x6"]
)
def test_refused_expressions_say_what_is_accepted(text: str) -> None:
    with pytest.raises(InvalidDiceExpression) as caught:
        parse_expression(text)
    assert "2d6" in str(caught.value) and "block" in str(caught.value)


def test_canonical_text() -> None:
    assert parse_expression(" 2D6 + 1").text == "2d6+1"
    assert parse_expression("d6").text == "d6"
    assert parse_expression("2b").text == "2 block"


def test_rolling_with_scripted_dice() -> None:
    roll = roll_expression(parse_expression("2d6+1"), ScriptedDice([5, 3]))
    assert roll.faces == (5, 3) and roll.total == 9 and roll.labels == ("5", "3")


def test_block_dice_read_their_faces() -> None:
    roll = roll_expression(parse_expression("3 block"), ScriptedDice([1, 4, 6]))
    assert roll.total is None
    assert roll.labels == ("Attacker Down", "Push", "POW!")
    assert sorted(BLOCK_FACES.values()) == sorted(
        ["Attacker Down", "Both Down", "Push", "Push", "Stumble", "POW!"]
    )


def test_seeded_dice_repeat() -> None:
    first = [SeededDice(7).roll(6) for _ in range(1)] + [SeededDice(7).roll(16)]
    a, b = SeededDice(42), SeededDice(42)
    assert [a.roll(6) for _ in range(50)] == [b.roll(6) for _ in range(50)]
    assert all(1 <= face <= 16 for face in first[1:])


def test_scripted_dice_refuse_impossible_faces() -> None:
    with pytest.raises(AssertionError):
        ScriptedDice([7]).roll(6)
    with pytest.raises(AssertionError):
        ScriptedDice([]).roll(6)


@given(
    count=st.integers(1, 20),
    sides=st.integers(2, 100),
    modifier=st.integers(-100, 100),
    seed=st.integers(0, 2**32),
)
def test_totals_stay_within_the_dice(count: int, sides: int, modifier: int, seed: int) -> None:
    text = f"{count}d{sides}{modifier:+d}" if modifier else f"{count}d{sides}"
    roll = roll_expression(parse_expression(text), SeededDice(seed))
    assert len(roll.faces) == count
    assert all(1 <= face <= sides for face in roll.faces)
    assert roll.total is not None and count + modifier <= roll.total <= count * sides + modifier


def test_secure_dice_cover_every_face() -> None:
    dice = SecureDice()
    seen = {dice.roll(6) for _ in range(600)}
    assert seen == {1, 2, 3, 4, 5, 6}


def test_suggestions_narrow_as_you_type() -> None:
    assert suggest_expressions("")[:3] == ["d6", "2d6", "d3"]
    assert all("2" in s for s in suggest_expressions("2"))
    assert suggest_expressions("2 bl") == ["2 block"]
    assert suggest_expressions("5d12")[0] == "5d12"
    assert suggest_expressions("zzz") == []


def test_a_rule_roll_keeps_its_purpose_dice_and_faces() -> None:
    rolled = roll(ScriptedDice([3, 4]), "2d6", "winnings")
    assert rolled == DieRoll("winnings", "2d6", (3, 4))
    assert rolled.total == 7
    assert rolled.shown == "2D6 3 + 4 = 7"
    assert str(rolled) == "winnings: 2D6 3 + 4 = 7"


def test_a_single_die_shows_its_face_without_a_sum() -> None:
    assert str(roll(ScriptedDice([5]), "d6", "dedicated fans")) == "dedicated fans: D6 5"
