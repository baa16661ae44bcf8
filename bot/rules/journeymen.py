"""Journeymen (seed 001, Pre-game Sequence: Take on Journeymen).

A team that cannot field 11 players takes journeymen until it has 11 able to play: each is a player of a
Lineman position of its roster with a 0-16 limit (the coach chooses when there are several), with Loner
(4+). They may take the roster above 16 players, count in CTV, and are lost after the game unless hired
in the post-game (their hiring fee plus any value increase; they then lose Loner and keep their SPP).
"""

from __future__ import annotations

from bot.catalog.models import Position, Team
from bot.errors import RuleViolation

JOURNEYMAN_TRAIT = "Loner (4+)"
FIELDABLE = 11
JOURNEYMAN_LIMIT = 16


def journeyman_positions(roster: Team) -> list[Position]:
    """The roster's Lineman positions with a 0-16 limit."""
    return [p for p in roster.positions if "Lineman" in p.keywords and p.max == JOURNEYMAN_LIMIT]


def journeymen_needed(able_to_play: int) -> int:
    return max(0, FIELDABLE - able_to_play)


def choose_journeyman_position(roster: Team, wanted: str | None) -> Position:
    options = journeyman_positions(roster)
    if not options:
        raise RuleViolation(f"{roster.name} teams have no 0-16 Lineman position to take journeymen from.")
    if wanted is None:
        if len(options) > 1:
            raise RuleViolation(
                f"{roster.name} teams choose their journeymen: "
                f"{' or '.join(p.name for p in options)}. Pick one with the journeymen option."
            )
        return options[0]
    chosen = next((p for p in options if wanted.strip().lower() in (p.id, p.name.lower())), None)
    if chosen is None:
        raise RuleViolation(f"Journeymen are {' or '.join(p.name for p in options)}, not {wanted[:40]}.")
    return chosen
