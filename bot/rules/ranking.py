"""One ranking engine for league standings (seed 001, League Scoring), an event's rankings and a team
event's squad rankings (seed 000, Scoring & tiebreakers, Team Events).

Every ranking adds up a `Tally` per unit (a league team, a coach's roster, a squad), orders the units by
points, then separates the units level on points by a list of tiebreakers NAMED in data (a league's
settings, an event's rulespack), each applied only to the units still level at that step, and finally by
registration order. `KEYS` maps each name to its value (higher is better); `head_to_head` is the one that
depends on who is level: the points earned in the games among those units alone (`Meeting`).

Every unit gets its own place. A unit placed below a predecessor level with it on points records the name
of the tiebreaker that did it (`REGISTRATION` when none could), so a table can say how each tie was settled.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Generic, Literal, TypeVar

U = TypeVar("U", bound=Hashable)

Outcome = Literal["W", "D", "L"]

REGISTRATION = "registration"  # the last resort: the order the units registered in
HEAD_TO_HEAD = "head_to_head"


@dataclass(slots=True)
class Tally:
    """What a ranking adds up for one unit over its games (and Byes, and votes)."""

    played: int = 0
    won: int = 0
    drawn: int = 0
    lost: int = 0
    points: int = 0  # league points, Tournament Points, or a squad's team points: what ranks first
    bonus: int = 0
    td_for: int = 0
    td_against: int = 0
    cas_for: int = 0
    cas_against: int = 0
    sent_off: int = 0
    votes: int = 0
    objectives: int = 0
    custom: int = 0  # the organiser's own per-game number (an event's rulespack names it)

    def add(
        self,
        outcome: Outcome,
        points: int,
        bonus: int,
        td: tuple[int, int],
        cas: tuple[int, int],
        sent_off: int = 0,
        objectives: int = 0,
        custom: int = 0,
    ) -> None:
        """Count one game: its outcome, the points and bonus it earned, touchdowns and casualties (for,
        against), players sent off, Secret Objectives achieved and the organiser's number."""
        self.played += 1
        self.won += outcome == "W"
        self.drawn += outcome == "D"
        self.lost += outcome == "L"
        self.points += points
        self.bonus += bonus
        self.td_for += td[0]
        self.td_against += td[1]
        self.cas_for += cas[0]
        self.cas_against += cas[1]
        self.sent_off += sent_off
        self.objectives += objectives
        self.custom += custom


# Each tiebreaker's name, as the settings and rulespacks spell it, and its value: higher ranks higher.
KEYS: dict[str, Callable[[Tally], int]] = {
    "bonus": lambda t: t.bonus,
    "td_diff": lambda t: t.td_for - t.td_against,
    "td_for": lambda t: t.td_for,
    "td_against": lambda t: -t.td_against,  # fewest touchdowns conceded
    "cas_for": lambda t: t.cas_for,
    "cas_diff": lambda t: t.cas_for - t.cas_against,
    "votes": lambda t: t.votes,
    "sent_off": lambda t: t.sent_off,
    "objectives": lambda t: t.objectives,
    "custom": lambda t: t.custom,
    "won": lambda t: t.won,
    "drawn": lambda t: t.drawn,
}


@dataclass(frozen=True)
class Meeting(Generic[U]):
    """One unit's side of one game against another unit, for head-to-head: the points it earned."""

    unit: U
    opponent: U
    points: int


@dataclass(frozen=True)
class Placed(Generic[U]):
    """A unit's place (1, 2, ... every unit its own) and the name of the tiebreaker that put it below the
    unit above, when both are level on points (None otherwise)."""

    unit: U
    position: int
    decided_by: str | None


def outcome_of(score_for: int, score_against: int) -> Outcome:
    return "W" if score_for > score_against else "D" if score_for == score_against else "L"


def _values(
    name: str, group: Sequence[U], tallies: Mapping[U, Tally], meetings: Sequence[Meeting[U]]
) -> dict[U, int]:
    """Each unit's value for one tiebreaker within `group` (head-to-head: the games among `group` only)."""
    if name == HEAD_TO_HEAD:
        members = set(group)
        mini = dict.fromkeys(group, 0)
        for meeting in meetings:
            if meeting.unit in members and meeting.opponent in members:
                mini[meeting.unit] += meeting.points
        return mini
    key = KEYS.get(name)
    if key is None:
        raise ValueError(f"unknown tiebreaker {name!r}")
    return {unit: key(tallies[unit]) for unit in group}


@dataclass(frozen=True)
class _Level(Generic[U]):
    """What separating a level group reads: the tallies, the meetings, the registration order."""

    tallies: Mapping[U, Tally]
    meetings: Sequence[Meeting[U]]
    registration: Mapping[U, int]

    def separate(self, group: list[U], order: Sequence[str], reasons: dict[U, str]) -> list[U]:
        """Order units level so far; note in `reasons` what put each below its predecessor."""
        if len(group) <= 1:
            return group
        if not order:
            ranked = sorted(group, key=self.registration.__getitem__)
            for unit in ranked[1:]:
                reasons[unit] = REGISTRATION
            return ranked
        name, rest = order[0], order[1:]
        values = _values(name, group, self.tallies, self.meetings)
        ranked = []
        for i, (_, level) in enumerate(_by_value(group, values.__getitem__)):
            subgroup = self.separate(level, rest, reasons)
            if i:
                reasons[subgroup[0]] = name
            ranked.extend(subgroup)
        return ranked


def _by_value(units: Sequence[U], value: Callable[[U], int]) -> list[tuple[int, list[U]]]:
    """`units` grouped by value, highest first, each group in the order of `units` (one pass)."""
    groups: dict[int, list[U]] = {}
    for unit in units:
        groups.setdefault(value(unit), []).append(unit)
    return sorted(groups.items(), key=lambda item: item[0], reverse=True)


def order(
    units: Sequence[U],
    tallies: Mapping[U, Tally],
    tiebreakers: Sequence[str],
    meetings: Sequence[Meeting[U]] = (),
) -> list[Placed[U]]:
    """`units` (in registration order) best first: by points, then by each named tiebreaker in order, each
    applied only to the units still level, then by registration order."""
    if len(set(units)) != len(units):
        raise ValueError("each unit can appear once in the rankings")
    level = _Level(tallies, meetings, {unit: i for i, unit in enumerate(units)})
    reasons: dict[U, str] = {}
    ranked: list[U] = []
    for _, level_on_points in _by_value(units, lambda unit: tallies[unit].points):
        ranked += level.separate(level_on_points, tiebreakers, reasons)
    return [Placed(unit, position, reasons.get(unit)) for position, unit in enumerate(ranked, start=1)]
