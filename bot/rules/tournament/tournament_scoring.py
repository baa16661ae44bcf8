"""Tournament scoring and rankings (seed 000, Scoring & tiebreakers, Bye, Conceding).

A win earns 2 Tournament Points, a draw 1, a loss 0. Bonus Points (1 each for scoring 3+ touchdowns,
conceding none, inflicting 3+ casualties that would earn SPP) are the first tiebreaker. A concession
gives the opponent a 3-0 win (unless the score was better for them) and every Bonus Point; the conceder
gets no Bonus Points and -1 Tournament Point. A Bye is a 2-0 win with no casualties.

Coaches level on Tournament Points are separated by the rulespack's tiebreakers in order, each applied
only to those still level, and finally by registration order. bot/rules/league/standings.py ranks a league the
same way but over league settings and league tiebreakers (no concession penalty, no bye, no votes), so
this module keeps its own small ranking.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Generic, Literal, TypeVar

from bot.catalog.models import TournamentScoring

T = TypeVar("T", bound=Hashable)

Tiebreaker = Literal["bonus", "td_diff", "td_for", "cas_for", "votes", "sent_off", "objectives"]

TIEBREAKER_NAMES: dict[str, str] = {
    "bonus": "Bonus Points",
    "td_diff": "touchdown difference",
    "td_for": "touchdowns scored",
    "cas_for": "casualties inflicted",
    "votes": "Favourite Opponent votes",
    "sent_off": "players sent off for fouls",
    "objectives": "Secret Objectives achieved",
    "registration": "registration order",
    "won": "games won",  # a team event's squads (bot/rules/tournament/tournament_teams.py)
    "drawn": "games drawn",
}

# Seed 000: Bonus Points, then Touchdown Difference, touchdowns scored, casualties inflicted; further
# tiebreakers are the organiser's (votes, players sent off, ...), appended by the rulespack.
DEFAULT_TIEBREAKERS: tuple[Tiebreaker, ...] = ("bonus", "td_diff", "td_for", "cas_for")

# The numbers (2/1/0, the Bonus Point thresholds, 3-0 for a concession, 2-0 for a Bye, -1) are in
# data/<edition>/tournament.json, read by the catalogue: `rules` below is `catalog.tournament.scoring`.


def tournament_points(score_for: int, score_against: int, rules: TournamentScoring) -> int:
    """2 for a win, 1 for a draw, 0 for a loss."""
    if score_for > score_against:
        return rules.win
    return rules.draw if score_for == score_against else rules.loss


def bonus_points(score_for: int, score_against: int, cas_for: int, rules: TournamentScoring) -> int:
    """1 each for 3+ touchdowns scored, 0 conceded, 3+ casualties inflicted (those that earn SPP)."""
    return (
        int(score_for >= rules.bonus_touchdowns)
        + int(score_against == 0)
        + int(cas_for >= rules.bonus_casualties)
    )


@dataclass(frozen=True)
class Side(Generic[T]):
    """What one coach takes from one game (or bye) into the rankings."""

    coach: T
    tournament_points: int
    bonus_points: int
    td_for: int
    td_against: int
    cas_for: int
    sent_off: int = 0
    objectives: int = 0  # Secret Objectives achieved (seed 000, Additional rules)


@dataclass(frozen=True)
class TournamentGame(Generic[T]):
    """A confirmed game. Casualties are those that would earn SPP, inflicted by that side; `sent_off` the
    side's players sent off for a foul (not for a Secret Weapon). `conceded_by` names a conceding coach.
    `*_objectives`: the Secret Objectives each coach reported achieved (0-3; they stand in a concession)."""

    first: T
    second: T
    first_score: int
    second_score: int
    first_cas: int = 0
    second_cas: int = 0
    first_sent_off: int = 0
    second_sent_off: int = 0
    conceded_by: T | None = None
    first_objectives: int = 0
    second_objectives: int = 0

    def __post_init__(self) -> None:
        if self.first == self.second:
            raise ValueError("a coach cannot play himself")
        numbers = (self.first_score, self.second_score, self.first_cas, self.second_cas)
        if min(*numbers, self.first_sent_off, self.second_sent_off) < 0:
            raise ValueError("scores, casualties and sent-offs cannot be negative")
        if not all(0 <= n <= 3 for n in (self.first_objectives, self.second_objectives)):
            raise ValueError("a coach achieves 0 to 3 Secret Objectives")
        if self.conceded_by is not None and self.conceded_by not in (self.first, self.second):
            raise ValueError("only a coach of the game can concede it")

    def sides(self, rules: TournamentScoring) -> tuple[Side[T], Side[T]]:
        """Both coaches' Tournament Points, Bonus Points, touchdowns and casualties from this game."""
        first, second = self._scored(rules)
        return (
            replace(first, objectives=self.first_objectives),
            replace(second, objectives=self.second_objectives),
        )

    def _scored(self, rules: TournamentScoring) -> tuple[Side[T], Side[T]]:
        first_for, second_for = self.first_score, self.second_score
        if self.conceded_by is None:
            return (
                _played(self.first, first_for, second_for, self.first_cas, self.first_sent_off, rules),
                _played(self.second, second_for, first_for, self.second_cas, self.second_sent_off, rules),
            )
        if self.conceded_by == self.first:
            winner, loser = self._conceded(second_for, first_for, self.second, self.first, rules)
            return loser, winner
        winner, loser = self._conceded(first_for, second_for, self.first, self.second, rules)
        return winner, loser

    def _conceded(
        self, winner_for: int, loser_for: int, winner: T, loser: T, rules: TournamentScoring
    ) -> tuple[Side[T], Side[T]]:
        winner_for, loser_for = concession_score(winner_for, loser_for, rules)
        first_side = winner == self.first
        winner_cas, loser_cas = (
            (self.first_cas, self.second_cas) if first_side else (self.second_cas, self.first_cas)
        )
        winner_off, loser_off = (
            (self.first_sent_off, self.second_sent_off)
            if first_side
            else (self.second_sent_off, self.first_sent_off)
        )
        return (
            Side(winner, rules.win, rules.max_bonus_points, winner_for, loser_for, winner_cas, winner_off),
            Side(
                loser, rules.loss - rules.concession_penalty, 0, loser_for, winner_for, loser_cas, loser_off
            ),
        )


def _played(
    coach: T, score_for: int, score_against: int, cas_for: int, sent_off: int, rules: TournamentScoring
) -> Side[T]:
    return Side(
        coach,
        tournament_points(score_for, score_against, rules),
        bonus_points(score_for, score_against, cas_for, rules),
        score_for,
        score_against,
        cas_for,
        sent_off,
    )


def concession_score(winner_for: int, loser_for: int, rules: TournamentScoring) -> tuple[int, int]:
    """The score recorded for a conceded game: 3-0 to the opponent, unless the score when the game was
    conceded was better for him, judged as the rankings judge it (touchdown difference, then touchdowns
    scored); then that score stands."""
    actual = (winner_for - loser_for, winner_for)
    awarded = (rules.concession_score[0] - rules.concession_score[1], rules.concession_score[0])
    return (winner_for, loser_for) if actual > awarded else rules.concession_score


def bye_side(coach: T, rules: TournamentScoring) -> Side[T]:
    """A Bye: a 2-0 win with no casualties either way (2 Tournament Points, 1 Bonus Point)."""
    return _played(coach, rules.bye_score[0], rules.bye_score[1], 0, 0, rules)


@dataclass
class Tally:
    """What the rankings add up for one coach (or one squad of a team event)."""

    played: int = 0
    tournament_points: int = 0
    bonus_points: int = 0
    td_for: int = 0
    td_against: int = 0
    cas_for: int = 0
    sent_off: int = 0
    votes: int = 0
    objectives: int = 0
    won: int = 0  # games won and drawn (a team event's squad tiebreakers)
    drawn: int = 0

    def add(self, side: Side[Any]) -> None:
        """Count one game (or bye) of this coach."""
        self.played += 1
        self.tournament_points += side.tournament_points
        self.bonus_points += side.bonus_points
        self.td_for += side.td_for
        self.td_against += side.td_against
        self.cas_for += side.cas_for
        self.sent_off += side.sent_off
        self.won += int(side.td_for > side.td_against)
        self.drawn += int(side.td_for == side.td_against)
        self.objectives += side.objectives


@dataclass(frozen=True)
class RankingRow(Generic[T]):
    """One line of the rankings. `decided_by` names the tiebreaker that put this coach below the coach
    directly above, when both are level on Tournament Points (None otherwise)."""

    coach: T
    position: int
    played: int
    tournament_points: int
    bonus_points: int
    td_for: int
    td_against: int
    cas_for: int
    sent_off: int
    votes: int
    decided_by: str | None
    objectives: int = 0  # Secret Objectives achieved (0 unless the event uses them)

    @property
    def td_diff(self) -> int:
        return self.td_for - self.td_against


def _key(name: str, tally: Tally) -> int:
    if name == "bonus":
        return tally.bonus_points
    if name == "td_diff":
        return tally.td_for - tally.td_against
    if name == "td_for":
        return tally.td_for
    if name == "cas_for":
        return tally.cas_for
    if name == "votes":
        return tally.votes
    if name == "sent_off":
        return tally.sent_off
    if name == "objectives":
        return tally.objectives
    if name == "won":
        return tally.won
    if name == "drawn":
        return tally.drawn
    raise ValueError(f"unknown tiebreaker {name!r}")


def _separate(
    group: list[int], order: Sequence[str], tallies: list[Tally], reasons: dict[int, str]
) -> list[int]:
    """Order coaches (by registration index) level so far; note what put each below its predecessor."""
    if len(group) <= 1:
        return group
    if not order:
        for index in group[1:]:
            reasons[index] = "registration"
        return sorted(group)
    name, rest = order[0], order[1:]
    keys = {index: _key(name, tallies[index]) for index in group}
    ranked: list[int] = []
    for i, value in enumerate(sorted(set(keys.values()), reverse=True)):
        subgroup = _separate([x for x in group if keys[x] == value], rest, tallies, reasons)
        if i:
            reasons[subgroup[0]] = name
        ranked.extend(subgroup)
    return ranked


def order_tallies(tallies: list[Tally], tiebreakers: Sequence[str]) -> tuple[list[int], dict[int, str]]:
    """The indices of `tallies` best first: by Tournament Points, then each tiebreaker in order (applied
    only to those still level), then by index (registration order); and, for each index placed below a
    level predecessor, the tiebreaker that did it."""
    reasons: dict[int, str] = {}
    ranked: list[int] = []
    for points in sorted({t.tournament_points for t in tallies}, reverse=True):
        level = [i for i, t in enumerate(tallies) if t.tournament_points == points]
        ranked.extend(_separate(level, tiebreakers, tallies, reasons))
    return ranked, reasons


def rank(
    rules: TournamentScoring,
    coaches: Sequence[T],
    games: Sequence[TournamentGame[T]],
    byes: Sequence[T] = (),
    tiebreakers: Sequence[Tiebreaker] = DEFAULT_TIEBREAKERS,
    votes: Mapping[T, int] | None = None,
) -> list[RankingRow[T]]:
    """The rankings of `coaches` (in registration order; the Spare Player is left out by not listing
    him): Tournament Points, then the tiebreakers in the rulespack's order, then registration order.
    `byes` lists one entry per Bye a coach had; `votes` the Favourite Opponent votes each received."""
    if len(set(coaches)) != len(coaches):
        raise ValueError("each coach can appear once in the rankings")
    if len(set(tiebreakers)) != len(tiebreakers):
        raise ValueError("each tiebreaker can be used once")
    index = {coach: i for i, coach in enumerate(coaches)}
    tallies = [Tally() for _ in coaches]
    sides = [side for game in games for side in game.sides(rules)]
    sides += [bye_side(coach, rules) for coach in byes]
    for side in sides:
        if side.coach not in index:
            continue  # the Spare Player's side of a game
        tallies[index[side.coach]].add(side)
    for coach, count in (votes or {}).items():
        if coach in index:
            tallies[index[coach]].votes = count

    ranked, reasons = order_tallies(tallies, tiebreakers)
    rows: list[RankingRow[T]] = []
    for position, i in enumerate(ranked, start=1):
        t = tallies[i]
        reason = reasons.get(i)
        rows.append(
            RankingRow(
                coach=coaches[i],
                position=position,
                played=t.played,
                tournament_points=t.tournament_points,
                bonus_points=t.bonus_points,
                td_for=t.td_for,
                td_against=t.td_against,
                cas_for=t.cas_for,
                sent_off=t.sent_off,
                votes=t.votes,
                objectives=t.objectives,
                decided_by=TIEBREAKER_NAMES[reason] if reason is not None else None,
            )
        )
    return rows
