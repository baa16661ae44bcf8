"""Secret Objectives (seed 000, Additional rules): before each game every coach rolls a D16 three times on
the objectives table, re-rolling any result already rolled for that game; they stay hidden until the game
ends, and the number each coach achieved is a tiebreaker (usually the first).

The table (its D16 ranges and the bot's own short wording) is data/<edition>/tables/secret_objectives.json,
validated by the catalogue as a table that covers every D16 result.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.catalog.models import RollEntry, RollTable
from bot.errors import RuleViolation
from bot.i18n import _
from bot.rules.dice import Dice, DieRoll

OBJECTIVES_PER_GAME = 3  # seed 000: "roll a D16 three times"
# The purpose the objectives' dice are logged with: secret until the game is reported (bot/store/dice_log.py
# hides them from /roll-history and the web view while it is not), as the objectives themselves are.
SECRET_PURPOSE = "Secret Objectives of "


@dataclass(frozen=True)
class Objectives:
    """One coach's objectives for one game: the three distinct results kept, and every die rolled (the
    re-rolled repeats too, in order)."""

    results: tuple[int, ...]
    rolls: tuple[DieRoll, ...]

    def entries(self, table: RollTable) -> tuple[RollEntry, ...]:
        return tuple(table.lookup(result) for result in self.results)


def table_sides(table: RollTable) -> int:
    """The die of a one-die table: `d16` -> 16."""
    count, _d, sides = table.dice.lower().partition("d")
    if count not in ("", "1") or not sides.isdigit():
        raise ValueError(f"table {table.id} is not rolled with one die")
    return int(sides)


def roll_objectives(table: RollTable, dice: Dice, count: int | None = None) -> Objectives:
    """Roll `count` (the table's `rolls`, else three) distinct objectives, re-rolling every repeat."""
    wanted = count if count is not None else (table.rolls or OBJECTIVES_PER_GAME)
    sides = table_sides(table)
    distinct = {table.lookup(face).name for face in range(1, sides + 1)}
    if not 1 <= wanted <= len(distinct):
        raise ValueError(f"cannot draw {wanted} different objectives from {len(distinct)}")
    results: list[int] = []
    kept: set[str] = set()
    rolls: list[DieRoll] = []
    while len(results) < wanted:
        face = dice.roll(sides)
        name = table.lookup(face).name
        repeat = name in kept
        rolls.append(
            DieRoll(
                _("objective {number} (a repeat, rolled again)", number=len(results) + 1)
                if repeat
                else _("objective {number}", number=len(results) + 1),
                f"d{sides}",
                (face,),
            )
        )
        if not repeat:
            kept.add(name)
            results.append(face)
    return Objectives(tuple(results), tuple(rolls))


def check_plays_with(event: str, secret_objectives: bool) -> None:
    """An event has Secret Objectives only when its rulespack uses them (seed 000: "When an event does make
    use of additional rules, it should be clearly listed in the rulespack")."""
    if not secret_objectives:
        raise RuleViolation(_("{event} does not play with Secret Objectives.", event=event))
