"""League standings: league points, bonus points and tiebreakers (seed 001, League Scoring).

A win, draw or loss earns the league points the settings say. Bonus points (1 each for scoring 3+
touchdowns, conceding none, causing 3+ casualties that earn SPP) are added to the league points, used as
the first tiebreaker, or ignored, as the league chose. Teams level on points are separated by the
league's tiebreakers in order, each applied only to the teams still level at that step, and finally by
registration order (lower team id first): the ranking engine of bot/rules/ranking.py, over the league's
settings (its `tiebreak_order` names the tiebreakers; head-to-head among them).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise

from bot.rules.league.league_settings import TIEBREAKER_NAMES, BonusMode, LeagueSettings
from bot.rules.ranking import Meeting, Outcome, Tally, order

_OUTCOME_PAIRS: frozenset[tuple[str, str]] = frozenset({("W", "L"), ("L", "W"), ("D", "D"), ("L", "L")})


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
    """One line of the table. `decided_by` names the tiebreaker that put this row below the one above: its
    English label from TIEBREAKER_NAMES (marked there), which a display words as `_(row.decided_by)` in the
    language it draws in (the rules compute a table before anyone knows whose language shows it)."""

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


def _side_points(outcome: Outcome, bonus: int, settings: LeagueSettings) -> int:
    return settings.points_for(outcome) + (bonus if settings.bonus_mode is BonusMode.ADDED else 0)


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

    tallies = {team: Tally() for team in team_ids}
    meetings: list[Meeting[int]] = []  # for head-to-head
    for r in results:
        if r.home not in tallies or r.away not in tallies:
            continue
        sides = (
            (r.home, r.away, r.home_outcome, (r.home_score, r.away_score), (r.home_cas, r.away_cas)),
            (r.away, r.home, r.away_outcome, (r.away_score, r.home_score), (r.away_cas, r.home_cas)),
        )
        for team, opponent, outcome, td, cas in sides:
            bonus = bonus_points(td[0], td[1], cas[0], settings) if r.counts_for_bonus else 0
            points = _side_points(outcome, bonus, settings)
            tallies[team].add(outcome, points, bonus, td, cas)
            meetings.append(Meeting(team, opponent, points))
    rows = []
    for placed in order(sorted(team_ids), tallies, settings.tiebreak_order, meetings):
        t = tallies[placed.unit]
        rows.append(
            StandingRow(
                team_id=placed.unit,
                position=placed.position,
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
                decided_by=TIEBREAKER_NAMES[placed.decided_by] if placed.decided_by is not None else None,
            )
        )
    return rows
