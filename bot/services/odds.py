"""The odds helper (/odds): checks what it is asked, then the pure rules in bot/rules/odds.py answer.
No database: nothing is read or written."""

from __future__ import annotations

from fractions import Fraction

from bot.errors import InvalidInput
from bot.i18n import _
from bot.rules.odds import (
    MAX_BLOCK_DICE,
    BlockOdds,
    BlockReroll,
    Chooser,
    Skills,
    TargetReroll,
    block_odds,
    check_loner,
    target_odds,
)
from bot.services.inputs import one_of, optional_whole, whole

CHOOSERS: tuple[Chooser, ...] = ("attacker", "defender")
BLOCK_REROLLS: tuple[BlockReroll, ...] = ("none", "turnover", "standing")
TARGET_REROLLS: tuple[TargetReroll, ...] = ("none", "team", "skill")


def block(dice: int, chooser: str, skills: Skills, reroll: str) -> BlockOdds:
    """The odds of a block of 1-3 dice, the attacker's or the defender's choice."""
    if not all(isinstance(value, bool) for value in vars(skills).values()):
        raise InvalidInput(_("Each skill is True or False."))
    return block_odds(
        whole(dice, 1, MAX_BLOCK_DICE, _("the number of block dice")),
        one_of(chooser, CHOOSERS, _("who chooses the die")),
        skills,
        one_of(reroll, BLOCK_REROLLS, _("when the re-roll is used")),
    )


def roll(target: int, reroll: str, loner: int | None = None) -> Fraction:
    """The chance of passing a D6 roll of `target`+ (2+ to 6+), with a re-roll if any."""
    checked = one_of(reroll, TARGET_REROLLS, _("the re-roll"))
    check_loner(checked, loner)
    return target_odds(
        whole(target, 2, 6, _("the target (2+ to 6+)")), checked, optional_whole(loner, 2, 6, "Loner")
    )
