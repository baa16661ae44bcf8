"""League standings: league points, bonus points and tiebreakers (seed 001, League Scoring).

A win, draw or loss earns the league points the settings say. Bonus points (1 each for scoring 3+
touchdowns, conceding none, causing 3+ casualties that earn SPP) are added to the league points, used as
the first tiebreaker, or ignored, as the league chose. Teams level on points are separated by the
league's tiebreakers in order, each applied only to the teams still level at that step, and finally by
registration order (lower team id first).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Literal

from bot.rules.league.league_settings import TIEBREAKER_NAMES, BonusMode, LeagueSettings

Outcome = Literal["W", "D", "L"]

_OUTCOME_PAIRS: frozenset[tuple[str, str]] = frozenset({("W", "L"), ("L", "W"), ("D", "D"), ("L", "L")})
_REGISTRATION = "registration"


@dataclass(frozen=True)
class GameResult:
    """One played (or forfeited) fixture. Casualties are those that earn SPP, caused by that side."""

    fixture_id: int
    home: int
    away: int
    home_score: int
    away_score: int
    home_cas: int
    away_cas: int
    home_outcome: Outcome
    away_outcome: Outcome
    counts_for_bonus: bool = True

    def __post_init__(self) -> None:
        if self.home == self.away:
            raise ValueError(f"fixture {self.fixture_id}: a team cannot play itself")
        if min(self.home_score, self.away_score, self.home_cas, self.away_cas) < 0:
            raise ValueError(f"fixture {self.fixture_id}: scores and casualties cannot be negative")
        if (self.home_outcome, self.away_outcome) not in _OUTCOME_PAIRS:
            outcomes = f"{self.home_outcome}/{self.away_outcome}"
            raise ValueError(f"fixture {self.fixture_id}: outcomes {outcomes} are not possible")

    @classmethod
    def from_score(
        cls,
        fixture_id: int,
        home: int,
        away: int,
        home_score: int,
        away_score: int,
        home_cas: int = 0,
        away_cas: int = 0,
    ) -> GameResult:
        """A game played to the end: the outcomes follow from the score."""
        home_outcome: Outcome
        away_outcome: Outcome
        if home_score > away_score:
            home_outcome, away_outcome = "W", "L"
        elif home_score < away_score:
            home_outcome, away_outcome = "L", "W"
        else:
            home_outcome, away_outcome = "D", "D"
        return cls(
            fixture_id, home, away, home_score, away_score, home_cas, away_cas, home_outcome, away_outcome
        )


@dataclass(frozen=True)
class StandingRow:
    """One line of the table. `decided_by` names the tiebreaker that put this row below the one above."""

    team_id: int
    position: int
    played: int
    won: int
    drawn: int
    lost: int
    points: int
    bonus_points: int
    td_for: int
    td_against: int
    td_diff: int
    cas_for: int
    cas_against: int
    decided_by: str | None

    @property
    def tied_above(self) -> bool:
        """Level on league points with the row directly above."""
        return self.decided_by is not None


def bonus_points(score_for: int, score_against: int, cas_for: int, settings: LeagueSettings) -> int:
    """Bonus points one team earns in one game (0 when the league does not use them)."""
    if settings.bonus_mode is BonusMode.OFF:
        return 0
    return (
        int(settings.bonus_three_touchdowns and score_for >= 3)
        + int(settings.bonus_clean_sheet and score_against == 0)
        + int(settings.bonus_three_casualties and cas_for >= 3)
    )


@dataclass
class _Tally:
    played: int = 0
    won: int = 0
    drawn: int = 0
    lost: int = 0
    points: int = 0
    bonus: int = 0
    td_for: int = 0
    td_against: int = 0
    cas_for: int = 0
    cas_against: int = 0


@dataclass(frozen=True)
class _Side:
    """One team's part of one game, for head-to-head."""

    team: int
    opponent: int
    points: int


def _add_side(
    tally: _Tally,
    outcome: Outcome,
    score_for: int,
    score_against: int,
    cas_for: int,
    cas_against: int,
    bonus: int,
    points: int,
) -> None:
    tally.played += 1
    tally.won += outcome == "W"
    tally.drawn += outcome == "D"
    tally.lost += outcome == "L"
    tally.points += points
    tally.bonus += bonus
    tally.td_for += score_for
    tally.td_against += score_against
    tally.cas_for += cas_for
    tally.cas_against += cas_against


def _side_points(outcome: Outcome, bonus: int, settings: LeagueSettings) -> int:
    return settings.points_for(outcome) + (bonus if settings.bonus_mode is BonusMode.ADDED else 0)


def _keys(name: str, group: list[int], tallies: dict[int, _Tally], sides: list[_Side]) -> dict[int, int]:
    """Each team's value for one tiebreaker within `group`; higher is better."""
    if name == "head_to_head":
        members = set(group)
        mini = dict.fromkeys(group, 0)
        for side in sides:
            if side.team in members and side.opponent in members:
                mini[side.team] += side.points
        return mini
    values: dict[int, int] = {}
    for team in group:
        t = tallies[team]
        if name == "bonus":
            values[team] = t.bonus
        elif name == "td_diff":
            values[team] = t.td_for - t.td_against
        elif name == "td_for":
            values[team] = t.td_for
        elif name == "td_against":
            values[team] = -t.td_against
        elif name == "cas_for":
            values[team] = t.cas_for
        elif name == "cas_diff":
            values[team] = t.cas_for - t.cas_against
        else:
            raise ValueError(f"unknown tiebreaker {name!r}")
    return values


def _separate(
    group: list[int],
    order: tuple[str, ...],
    tallies: dict[int, _Tally],
    sides: list[_Side],
    reasons: dict[int, str],
) -> list[int]:
    """Order teams level on points; record in `reasons` what put each team below its predecessor."""
    if len(group) <= 1:
        return group
    if not order:
        ranked = sorted(group)
        for team in ranked[1:]:
            reasons[team] = _REGISTRATION
        return ranked
    name, rest = order[0], order[1:]
    keys = _keys(name, group, tallies, sides)
    values = sorted(set(keys.values()), reverse=True)
    ranked = []
    for i, value in enumerate(values):
        subgroup = _separate([t for t in group if keys[t] == value], rest, tallies, sides, reasons)
        if i:
            reasons[subgroup[0]] = name
        ranked.extend(subgroup)
    return ranked


def tie_notes(rows: Sequence[StandingRow]) -> list[StandingRow]:
    """The rows whose place is worth a note: level on points with the row directly above, with both teams
    having played. Teams without a game are level only because nothing happened yet: that is no tie."""
    return [
        below
        for above, below in pairwise(rows)
        if below.decided_by is not None and above.played > 0 and below.played > 0
    ]


def compute_standings(
    team_ids: Sequence[int], results: Sequence[GameResult], settings: LeagueSettings
) -> list[StandingRow]:
    """The league table for these teams. Games involving a team not in `team_ids` are ignored."""
    if len(set(team_ids)) != len(team_ids):
        raise ValueError("each team can appear once in the standings")
    fixture_ids = [r.fixture_id for r in results]
    if len(set(fixture_ids)) != len(fixture_ids):
        raise ValueError("each fixture can have one result")

    tallies = {team: _Tally() for team in team_ids}
    sides: list[_Side] = []
    for r in results:
        if r.home not in tallies or r.away not in tallies:
            continue
        home_bonus = (
            bonus_points(r.home_score, r.away_score, r.home_cas, settings) if r.counts_for_bonus else 0
        )
        away_bonus = (
            bonus_points(r.away_score, r.home_score, r.away_cas, settings) if r.counts_for_bonus else 0
        )
        home_points = _side_points(r.home_outcome, home_bonus, settings)
        away_points = _side_points(r.away_outcome, away_bonus, settings)
        _add_side(
            tallies[r.home],
            r.home_outcome,
            r.home_score,
            r.away_score,
            r.home_cas,
            r.away_cas,
            home_bonus,
            home_points,
        )
        _add_side(
            tallies[r.away],
            r.away_outcome,
            r.away_score,
            r.home_score,
            r.away_cas,
            r.home_cas,
            away_bonus,
            away_points,
        )
        sides.append(_Side(r.home, r.away, home_points))
        sides.append(_Side(r.away, r.home, away_points))

    reasons: dict[int, str] = {}
    ranked: list[int] = []
    for points in sorted({t.points for t in tallies.values()}, reverse=True):
        level = sorted(team for team, t in tallies.items() if t.points == points)
        ranked.extend(_separate(level, settings.tiebreak_order, tallies, sides, reasons))

    rows = []
    for position, team in enumerate(ranked, start=1):
        t = tallies[team]
        reason = reasons.get(team)
        rows.append(
            StandingRow(
                team_id=team,
                position=position,
                played=t.played,
                won=t.won,
                drawn=t.drawn,
                lost=t.lost,
                points=t.points,
                bonus_points=t.bonus,
                td_for=t.td_for,
                td_against=t.td_against,
                td_diff=t.td_for - t.td_against,
                cas_for=t.cas_for,
                cas_against=t.cas_against,
                decided_by=TIEBREAKER_NAMES[reason] if reason is not None else None,
            )
        )
    return rows
