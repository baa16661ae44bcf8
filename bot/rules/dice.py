"""Dice: an injected source of rolls, and the dice expressions coaches type (`2d6`, `3 block`, ...).

Rules never call a global random: they take a `Dice`. Production uses `SecureDice` (the OS's secure
random source), tests and the simulator use `SeededDice` (repeatable) or `ScriptedDice` (given faces).
"""

from __future__ import annotations

import contextlib
import random
import re
import secrets
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Literal, Protocol, TypeVar

from bot.errors import InvalidInput
from bot.i18n import N_, _

MAX_DICE = 20
MAX_SIDES = 100
MAX_BLOCK_DICE = 3
MAX_MODIFIER = 100

# The block die: one face each for 1, 2, 5, 6 and two Push faces.
BLOCK_FACES: dict[int, str] = {
    1: "Attacker Down",
    2: "Both Down",
    3: "Push",
    4: "Push",
    5: "Stumble",
    6: "POW!",
}

ACCEPTED_HELP = N_(
    "Use d3, d6, 2d6, 3d6, d8, d16 or NdS (1-20 dice of 2-100 sides, optional +/- modifier, "
    "e.g. 2d6+1), or block dice: 1 block, 2 block, 3 block."
)


class Dice(Protocol):
    """A source of die rolls."""

    def roll(self, sides: int) -> int:
        """One die with faces 1..sides."""
        ...


class SecureDice:
    """Production dice: the operating system's cryptographically secure random source."""

    def roll(self, sides: int) -> int:
        _check_sides(sides)
        return secrets.randbelow(sides) + 1


class SeededDice:
    """Repeatable dice for tests and simulations: the same seed gives the same rolls."""

    def __init__(self, seed: int | str) -> None:
        self._random = random.Random(seed)

    def roll(self, sides: int) -> int:
        _check_sides(sides)
        return self._random.randint(1, sides)


class ScriptedDice:
    """Dice that return given faces in order, for worked examples ('the coach rolls a 4')."""

    def __init__(self, faces: Iterable[int]) -> None:
        self._faces = list(faces)
        self._position = 0

    def roll(self, sides: int) -> int:
        _check_sides(sides)
        if self._position >= len(self._faces):
            raise AssertionError(f"scripted dice ran out after {self._position} rolls")
        face = self._faces[self._position]
        self._position += 1
        if not 1 <= face <= sides:
            raise AssertionError(f"scripted face {face} is not on a d{sides}")
        return face

    @property
    def remaining(self) -> int:
        return len(self._faces) - self._position


class RecordingDice:
    """Wraps dice and remembers every roll, so a service can log each die a rule rolled."""

    def __init__(self, dice: Dice) -> None:
        self._dice = dice
        self.rolls: list[tuple[int, int]] = []  # (sides, face), in order

    def roll(self, sides: int) -> int:
        face = self._dice.roll(sides)
        self.rolls.append((sides, face))
        return face


def _check_sides(sides: int) -> None:
    if sides < 2:
        raise ValueError(f"a die needs at least 2 sides, not {sides}")


class InvalidDiceExpression(InvalidInput):
    """The text is not a dice expression the bot accepts."""


def _refused(sentence: str) -> InvalidDiceExpression:
    """A refusal: what is wrong, then the forms accepted."""
    return InvalidDiceExpression(f"{sentence} {_(ACCEPTED_HELP)}")


@dataclass(frozen=True)
class DiceExpression:
    """`count` dice of `sides` faces; `kind` 'sum' adds them (plus `modifier`), 'block' reads block faces."""

    count: int
    sides: int
    modifier: int = 0
    kind: Literal["sum", "block"] = "sum"

    @property
    def text(self) -> str:
        if self.kind == "block":
            return f"{self.count} block"
        dice = f"{'' if self.count == 1 else self.count}d{self.sides}"
        if self.modifier:
            dice += f"{self.modifier:+d}"
        return dice


@dataclass(frozen=True)
class Roll:
    """The outcome of rolling an expression: every face, and the total where dice are added."""

    expression: DiceExpression
    faces: tuple[int, ...]

    @property
    def total(self) -> int | None:
        if self.expression.kind == "block":
            return None
        return sum(self.faces) + self.expression.modifier

    @property
    def labels(self) -> tuple[str, ...]:
        """How each face reads: block die names for block dice, the numbers otherwise."""
        if self.expression.kind == "block":
            return tuple(BLOCK_FACES[face] for face in self.faces)
        return tuple(str(face) for face in self.faces)


_SUM = re.compile(r"^(\d*)\s*d\s*(\d+)\s*(?:([+-])\s*(\d+))?$")
_BLOCK = re.compile(r"^(?:(\d+)\s*)?(?:block|blocks|b|db)(?:\s*dice?)?$")


def parse_expression(text: str) -> DiceExpression:
    """Read what a coach typed. Raises InvalidDiceExpression with the accepted forms."""
    cleaned = " ".join(text.strip().lower().split())
    if match := _BLOCK.match(cleaned):
        count = int(match.group(1) or 1)
        if not 1 <= count <= MAX_BLOCK_DICE:
            raise _refused(_("Block dice come in 1, 2 or 3, not {count}.", count=count))
        return DiceExpression(count=count, sides=6, kind="block")
    if match := _SUM.match(cleaned):
        count = int(match.group(1) or 1)
        sides = int(match.group(2))
        modifier = int(match.group(4) or 0) * (-1 if match.group(3) == "-" else 1)
        if not 1 <= count <= MAX_DICE:
            raise _refused(_("Roll 1 to {most} dice at a time, not {count}.", most=MAX_DICE, count=count))
        if not 2 <= sides <= MAX_SIDES:
            raise _refused(_("Dice have 2 to {most} sides, not {sides}.", most=MAX_SIDES, sides=sides))
        if abs(modifier) > MAX_MODIFIER:
            raise _refused(_("Modifiers go up to ±{most}.", most=MAX_MODIFIER))
        return DiceExpression(count=count, sides=sides, modifier=modifier)
    shown = text.strip()[:40] or _("(nothing)")
    raise _refused(_("`{typed}` is not a dice roll.", typed=shown))


def roll_expression(expression: DiceExpression, dice: Dice) -> Roll:
    """Roll every die of the expression, in order."""
    return Roll(expression, tuple(dice.roll(expression.sides) for _face in range(expression.count)))


COMMON_EXPRESSIONS: tuple[str, ...] = (
    "d6",
    "2d6",
    "d3",
    "3d6",
    "d8",
    "d16",
    "1 block",
    "2 block",
    "3 block",
    "d6+1",
    "2d6+1",
)


def suggest_expressions(typed: str, limit: int = 25) -> list[str]:
    """Autocomplete: common expressions that start with (or contain) what was typed, then the typed text."""
    needle = typed.strip().lower()
    starts = [e for e in COMMON_EXPRESSIONS if e.startswith(needle)]
    contains = [e for e in COMMON_EXPRESSIONS if needle in e and e not in starts]
    suggestions = starts + contains
    if needle and needle not in suggestions:
        with contextlib.suppress(InvalidDiceExpression):
            suggestions.insert(0, parse_expression(needle).text)
    return list(dict.fromkeys(suggestions))[:limit]


T = TypeVar("T")


def shuffle(items: Sequence[T], dice: Dice) -> list[T]:
    """Names out of a helmet: Fisher-Yates with one real die per draw (d{n}, d{n-1}, ... d2)."""
    drawn = list(items)
    for last in range(len(drawn) - 1, 0, -1):
        pick = dice.roll(last + 1) - 1
        drawn[last], drawn[pick] = drawn[pick], drawn[last]
    return drawn


@dataclass(frozen=True)
class DieRoll:
    """One roll the rules made: what for, which dice, the faces, and the total."""

    purpose: str
    dice: str
    faces: tuple[int, ...]

    @property
    def total(self) -> int:
        return sum(self.faces)

    @property
    def shown(self) -> str:
        """The dice and the faces without the purpose: 'D6 4', '2D6 3 + 4 = 7'."""
        faces = " + ".join(map(str, self.faces))
        return f"{self.dice.upper()} {faces if len(self.faces) == 1 else f'{faces} = {self.total}'}"

    def __str__(self) -> str:
        return f"{self.purpose}: {self.shown}"


def roll(dice: Dice, expression: str, purpose: str) -> DieRoll:
    """Roll a dice expression (`d6`, `2d6`) for a purpose the rules name, so it can be logged and shown."""
    return DieRoll(purpose, expression, roll_expression(parse_expression(expression), dice).faces)
