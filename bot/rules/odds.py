"""Odds of block dice and target rolls, as exact fractions (the dice are enumerated: 6^3 at most).

Seed 001 is the league rulebook and has no Block action; the block die and the skills follow the rules
catalogue (data/bb2025/skills.json): the faces are Player Down! (1), Both Down (2), Push Back (3-4),
Stumble (5) and POW! (6). Block: "A Both Down result does not knock this player down." Wrestle: "On a Both
Down in a block it is part of, it may place both players Prone whatever their skills." Dodge: "a Stumble
rolled against it only pushes it back." Tackle: "Dodge does not save its block targets on a Stumble."
Loner (X+): "To use a Team Re-roll it must first roll X or more on a D6; on a failure the re-roll is
wasted." (seed 001 gives journeymen Loner (4+)).

Who uses Wrestle: the attacker whenever the Both Down would otherwise leave him down or leave both
standing; the defender only to avoid being knocked down while the attacker stays up (with neither
Block, a defender lets both fall: the attacker's turnover is worth more to him).

With several dice the attacker (stronger) or the defender (weaker) picks one die. Results are ranked
for the attacker, best first: defender knocked down, both placed prone (Wrestle, no turnover), push,
nothing (both have Block), both knocked down (turnover), attacker knocked down (turnover). The attacker
picks the best, the defender the worst in that order.

A team re-roll re-rolls every block die and the second roll stands. The coach chooses when to use it:
to avoid a turnover, or whenever the defender is still standing.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from itertools import product
from typing import Literal

from bot.errors import RuleViolation
from bot.i18n import N_, _

BlockResult = Literal["down", "wrestled", "push", "nothing", "both_down", "attacker_down"]
Face = Literal["player_down", "both_down", "push_back", "stumble", "pow"]
Chooser = Literal["attacker", "defender"]
BlockReroll = Literal["none", "turnover", "standing"]
TargetReroll = Literal["none", "team", "skill"]

# The block die's six faces (Push Back is on two of them).
FACES: tuple[Face, ...] = ("player_down", "both_down", "push_back", "push_back", "stumble", "pow")
# Best first, for the attacker.
RESULTS: tuple[BlockResult, ...] = ("down", "wrestled", "push", "nothing", "both_down", "attacker_down")
# Each result's label, marked for translation: shown as `_(RESULT_NAMES[result])`.
RESULT_NAMES: dict[BlockResult, str] = {
    "down": N_("defender knocked down"),
    "wrestled": N_("both placed prone (Wrestle, no turnover)"),
    "push": N_("push back only"),
    "nothing": N_("nothing (both have Block)"),
    "both_down": N_("both knocked down (turnover)"),
    "attacker_down": N_("attacker knocked down (turnover)"),
}
TURNOVERS: frozenset[BlockResult] = frozenset({"both_down", "attacker_down"})
DEFENDER_DOWN: frozenset[BlockResult] = frozenset({"down", "wrestled", "both_down"})
_RANK: dict[BlockResult, int] = {result: index for index, result in enumerate(RESULTS)}
MAX_BLOCK_DICE = 3


@dataclass(frozen=True)
class Skills:
    """The skills that change a block's outcome."""

    attacker_block: bool = False
    defender_block: bool = False
    attacker_wrestle: bool = False
    defender_wrestle: bool = False
    defender_dodge: bool = False
    attacker_tackle: bool = False


def face_result(face: Face, skills: Skills) -> BlockResult:
    """What one face does to these two players."""
    if face == "player_down":
        return "attacker_down"
    if face == "push_back":
        return "push"
    if face == "pow":
        return "down"
    if face == "stumble":
        return "push" if skills.defender_dodge and not skills.attacker_tackle else "down"
    # Both Down: Block keeps a player standing, then Wrestle may place both Prone.
    result: BlockResult
    if skills.attacker_block:
        result = "nothing" if skills.defender_block else "down"
    else:
        result = "attacker_down" if skills.defender_block else "both_down"
    if skills.attacker_wrestle and result in ("nothing", "attacker_down", "both_down"):
        result = "wrestled"
    if skills.defender_wrestle and result == "down":
        result = "wrestled"
    return result


Distribution = dict[BlockResult, Fraction]


def _one_roll(dice: int, chooser: Chooser, skills: Skills) -> Distribution:
    pick = min if chooser == "attacker" else max  # rank 0 is the attacker's best
    found: Distribution = dict.fromkeys(RESULTS, Fraction(0))
    weight = Fraction(1, 6**dice)
    for faces in product(FACES, repeat=dice):
        result = RESULTS[pick(_RANK[face_result(face, skills)] for face in faces)]
        found[result] += weight
    return found


def _rerolled(result: BlockResult, policy: BlockReroll) -> bool:
    if policy == "turnover":
        return result in TURNOVERS
    if policy == "standing":
        return result not in DEFENDER_DOWN or result in TURNOVERS
    return False


@dataclass(frozen=True)
class BlockOdds:
    """Each result's chance, and the three a coach asks for."""

    dice: int
    chooser: Chooser
    skills: Skills
    reroll: BlockReroll
    results: Distribution

    @property
    def knocked_down(self) -> Fraction:
        """The defender ends on the ground (knocked down, or placed prone by Wrestle)."""
        return sum((self.results[r] for r in DEFENDER_DOWN), Fraction(0))

    @property
    def turnover(self) -> Fraction:
        return sum((self.results[r] for r in TURNOVERS), Fraction(0))

    @property
    def push_only(self) -> Fraction:
        return self.results["push"]


def block_odds(
    dice: int, chooser: Chooser = "attacker", skills: Skills | None = None, reroll: BlockReroll = "none"
) -> BlockOdds:
    """The chances of each result of a block with 1-3 dice, the attacker's or the defender's choice,
    with a team re-roll used as `reroll` says (never; on a turnover; whenever the defender stands)."""
    if not 1 <= dice <= MAX_BLOCK_DICE:
        raise ValueError(f"a block rolls 1 to {MAX_BLOCK_DICE} dice, not {dice}")
    skills = skills or Skills()
    first = _one_roll(dice, chooser, skills)
    again = sum((p for r, p in first.items() if _rerolled(r, reroll)), Fraction(0))
    results: Distribution = {r: (Fraction(0) if _rerolled(r, reroll) else p) for r, p in first.items()}
    for r, p in first.items():
        results[r] += again * p
    return BlockOdds(dice, chooser, skills, reroll, results)


def success(target: int) -> Fraction:
    """One D6 against a target of 2+ to 6+: a natural 1 always fails and a 6 always succeeds."""
    if not 2 <= target <= 6:
        raise ValueError(f"a target is 2+ to 6+, not {target}+")
    return Fraction(7 - target, 6)


def target_odds(target: int, reroll: TargetReroll = "none", loner: int | None = None) -> Fraction:
    """The chance of passing a D6 roll of `target`+; a failed roll may be re-rolled once (a team re-roll
    needs Loner's `loner`+ first, when the player has Loner; a skill re-roll does not)."""
    first = success(target)
    if reroll == "none":
        return first
    allowed = success(loner) if loner is not None and reroll == "team" else Fraction(1)
    return first + (1 - first) * allowed * first


def check_loner(reroll: TargetReroll, loner: int | None) -> None:
    """Loner only changes a team re-roll ("To use a Team Re-roll it must first roll X or more on a D6")."""
    if loner is not None and reroll != "team":
        raise RuleViolation(
            _("Loner only matters for a team re-roll: choose reroll team, or leave Loner out.")
        )


def percent(chance: Fraction) -> str:
    """'55.6%': one decimal."""
    return f"{float(chance) * 100:.1f}%"
