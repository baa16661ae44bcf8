"""Journeymen (seed 001, Pre-game Sequence: Take on Journeymen).

A team that cannot field 11 players takes journeymen until it has 11 able to play: each is a player of a
Lineman position of its roster with a 0-16 limit (the coach chooses when there are several), with Loner
(4+). They may take the roster above 16 players, count in CTV, and are lost after the game unless hired
in the post-game (their hiring fee plus any value increase; they then lose Loner and keep their SPP).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence

from bot.catalog.models import Position, Team
from bot.errors import RuleViolation
from bot.i18n import _, ngettext
from bot.text import either, plural_noun

FIELDABLE = 11
JOURNEYMAN_LIMIT = 16


def journeyman_positions(
    roster: Team, limits: Sequence[int] = (JOURNEYMAN_LIMIT,), keyword: str | None = "Lineman"
) -> list[Position]:
    """The roster's positions journeymen come from: BB2025's 0-16 Linemen by default; a classic league
    (seed 003: "a player from a 0-16 or 0-12 allowed position") passes its ruleset's limits and no keyword."""
    return [p for p in roster.positions if (keyword is None or keyword in p.keywords) and p.max in limits]


def journeymen_needed(able_to_play: int) -> int:
    return max(0, FIELDABLE - able_to_play)


def _not_a_journeyman(options: Sequence[Position], typed: str) -> RuleViolation:
    return RuleViolation(
        _(
            "Journeymen are {positions}, not {typed}.",
            positions=either([p.name for p in options]),
            typed=typed[:40],
        )
    )


def choose_journeyman_position(
    roster: Team, wanted: str | None, options: Sequence[Position] | None = None
) -> Position:
    options = journeyman_positions(roster) if options is None else options
    if not options:
        raise RuleViolation(_("{roster} teams have no position to take journeymen from.", roster=roster.name))
    if wanted is None:
        if len(options) > 1:
            raise RuleViolation(
                _(
                    "{roster} teams choose their journeymen: {positions}. "
                    "Pick one with the journeymen option.",
                    roster=roster.name,
                    positions=either([p.name for p in options]),
                )
            )
        return options[0]
    chosen = _position_named(options, wanted)
    if chosen is None:
        raise _not_a_journeyman(options, wanted)
    return chosen


_LEADING_COUNT = re.compile(r"^(\d+)\s*[x×*]?\s+(.+)$")
_TRAILING_COUNT = re.compile(r"^(.+?)\s*[x×*]\s*(\d+)$")


def _position_named(options: Sequence[Position], wanted: str) -> Position | None:
    """An option by id or name, or the only one whose name contains the text ('zombie')."""
    text = wanted.strip().lower()
    exact = next((p for p in options if text in (p.id, p.name.lower(), plural_noun(p.name).lower())), None)
    if exact is not None:
        return exact
    partial = [p for p in options if text and (text in p.name.lower() or text in plural_noun(p.name).lower())]
    return partial[0] if len(partial) == 1 else None


def _parts(wanted: str) -> list[tuple[str, int | None]]:
    parts: list[tuple[str, int | None]] = []
    for token in re.split(r"[,+]", wanted):
        token = token.strip()
        if not token:
            continue
        leading, trailing = _LEADING_COUNT.match(token), _TRAILING_COUNT.match(token)
        if leading:
            parts.append((leading.group(2), int(leading.group(1))))
        elif trailing:
            parts.append((trailing.group(1), int(trailing.group(2))))
        else:
            parts.append((token, None))
    return parts


def choose_journeymen(
    roster: Team, wanted: str | None, needed: int, options: Sequence[Position] | None = None
) -> list[Position]:
    """The type of each of the `needed` journeymen. Seed 001: "If a team has multiple Lineman positions in
    their Team Roster, you may choose which type they will be", so each journeyman may be a different one:
    `wanted` is one type for all ("Zombie Lineman"), or a mix adding up to `needed` ("1 Skeleton Lineman +
    2 Zombie Lineman"). With one 0-16 Lineman position nothing needs choosing."""
    if needed <= 0:
        return []
    options = journeyman_positions(roster) if options is None else options
    parts = _parts(wanted or "")
    if len(parts) <= 1 and (not parts or parts[0][1] in (None, needed)):
        return [choose_journeyman_position(roster, parts[0][0] if parts else None, options)] * needed
    chosen: list[Position] = []
    for name, count in parts:
        position = _position_named(options, name)
        if position is None:
            raise _not_a_journeyman(options, name)
        chosen += [position] * (1 if count is None else count)
    if len(chosen) != needed:
        example = " + ".join(f"{n} {p.name}" for p, n in journeyman_mixes(options, needed)[-1])
        raise RuleViolation(
            ngettext(
                "{roster} takes {n} journeyman: choose types that add up to {n} (e.g. {example}).",
                "{roster} takes {n} journeymen: choose types that add up to {n} (e.g. {example}).",
                needed,
                roster=roster.name,
                example=example,
            )
        )
    return chosen


def journeyman_mixes(options: Sequence[Position], needed: int) -> list[tuple[tuple[Position, int], ...]]:
    """Every way to split `needed` journeymen over the options, as (position, count) with counts of 1 or
    more: all of the first type first, all of the last type last."""
    if needed <= 0 or not options:
        return []
    if len(options) == 1:
        return [((options[0], needed),)]
    first, rest = options[0], options[1:]
    mixes: list[tuple[tuple[Position, int], ...]] = []
    for count in range(needed, -1, -1):
        if count == needed:
            mixes.append(((first, count),))
        elif count == 0:
            mixes += journeyman_mixes(rest, needed)
        else:
            mixes += [((first, count), *tail) for tail in journeyman_mixes(rest, needed - count)]
    return mixes


def mix_text(mix: Sequence[tuple[Position, int]], *, ids: bool = False) -> str:
    """'2 Skeleton Linemen + 1 Zombie Lineman' (or with position ids, as an option value)."""
    return " + ".join(
        f"{count} {p.id if ids else (plural_noun(p.name) if count > 1 else p.name)}" for p, count in mix
    )


def count_types(positions: Sequence[Position]) -> list[tuple[Position, int]]:
    """The journeymen taken, by type in the order first taken."""
    counted = Counter(p.id for p in positions)
    seen: dict[str, Position] = {}
    for p in positions:
        seen.setdefault(p.id, p)
    return [(seen[i], counted[i]) for i in seen]
