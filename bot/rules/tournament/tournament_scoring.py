"""Tournament scoring and rankings (seed 000, Scoring & tiebreakers, Bye, Conceding).

A win earns 2 Tournament Points, a draw 1, a loss 0. Bonus Points (1 each for scoring 3+ touchdowns,
conceding none, inflicting 3+ casualties that would earn SPP) are the first tiebreaker. A concession
gives the opponent a 3-0 win (unless the score was better for them) and every Bonus Point; the conceder
gets no Bonus Points and -1 Tournament Point. A Bye is a 2-0 win with no casualties.

Coaches level on Tournament Points are separated by the rulespack's tiebreakers in order, each applied
only to those still level, and finally by registration order: the ranking engine of bot/rules/ranking.py,
which ranks a league's standings (bot/rules/league/standings.py) and a team event's squads the same way.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Generic, Literal, Self, TypeVar

from bot.catalog.models import TournamentScoring
from bot.i18n import N_
from bot.rules.ranking import Placed, Tally, order, outcome_of

T = TypeVar("T", bound=Hashable)

Tiebreaker = Literal["bonus", "td_diff", "td_for", "cas_for", "votes", "sent_off", "objectives", "custom"]

# English, marked for translation: a display words a name (and a RankingRow's `decided_by`) with `_()`.
TIEBREAKER_NAMES: dict[str, str] = {
    "bonus": N_("Bonus Points"),
    "td_diff": N_("touchdown difference"),
    "td_for": N_("touchdowns scored"),
    "cas_for": N_("casualties inflicted"),
    "votes": N_("Favourite Opponent votes"),
    "sent_off": N_("players sent off for fouls"),
    "objectives": N_("Secret Objectives achieved"),
    "custom": N_("the organiser's tiebreaker"),  # an event names it in its rulespack (`rank`'s custom_name)
    "registration": N_("registration order"),
    "won": N_("games won"),  # a team event's squads (bot/rules/tournament/tournament_teams.py)
    "drawn": N_("games drawn"),
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


@dataclass(slots=True)
class Side(Generic[T]):
    """What one coach takes from one game (or bye) into the rankings. Not frozen, never changed: the
    rankings of a 1,500-coach event make 9,000 of them, and a frozen dataclass is twice as slow to make."""

    coach: T
    tournament_points: int
    bonus_points: int
    td_for: int
    td_against: int
    cas_for: int
    sent_off: int = 0
    objectives: int = 0  # Secret Objectives achieved (seed 000, Additional rules)
    custom: int = 0  # the organiser's own number (seed 000: "anything else the Event Organiser wishes")


@dataclass(frozen=True)
class TournamentGame(Generic[T]):
    """A confirmed game. Casualties are those that would earn SPP, inflicted by that side; `sent_off` the
    side's players sent off for a foul (not for a Secret Weapon). `conceded_by` names a conceding coach.
    `*_objectives`: the Secret Objectives each coach reported achieved (0-3; they stand in a concession).
    `*_crowd`: the casualties each side caused by crowd pushes (no SPP: the awards count them, the
    rankings do not); `*_custom`: each side's number for the organiser's own tiebreaker."""

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
    first_crowd: int = 0
    second_crowd: int = 0
    first_custom: int = 0
    second_custom: int = 0

    def __post_init__(self) -> None:
        if self.first == self.second:
            raise ValueError("a coach cannot play himself")
        numbers = (self.first_score, self.second_score, self.first_cas, self.second_cas)
        extra = (self.first_crowd, self.second_crowd, self.first_custom, self.second_custom)
        if min(*numbers, self.first_sent_off, self.second_sent_off, *extra) < 0:
            raise ValueError("scores, casualties, sent-offs and the organiser's numbers cannot be negative")
        if not all(0 <= n <= 3 for n in (self.first_objectives, self.second_objectives)):
            raise ValueError("a coach achieves 0 to 3 Secret Objectives")
        if self.conceded_by is not None and self.conceded_by not in (self.first, self.second):
            raise ValueError("only a coach of the game can concede it")

    def sides(self, rules: TournamentScoring) -> tuple[Side[T], Side[T]]:
        """Both coaches' Tournament Points, Bonus Points, touchdowns and casualties from this game."""
        first, second = self._scored(rules)
        if not (self.first_objectives or self.second_objectives or self.first_custom or self.second_custom):
            return first, second  # the usual game: no Secret Objectives or organiser's number to add
        return (
            replace(first, objectives=self.first_objectives, custom=self.first_custom),
            replace(second, objectives=self.second_objectives, custom=self.second_custom),
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


def count(tally: Tally, side: Side[Any]) -> None:
    """Count one game (or Bye) of a coach (or of one of a squad's coaches) in his tally."""
    td = (side.td_for, side.td_against)
    points, bonus = side.tournament_points, side.bonus_points
    tally.add(
        outcome_of(*td), points, bonus, td, (side.cas_for, 0), side.sent_off, side.objectives, side.custom
    )


@dataclass(frozen=True)
class RankingRow(Generic[T]):
    """One line of the rankings. `decided_by` names the tiebreaker that put this coach below the coach
    directly above, when both are level on Tournament Points (None otherwise): its English name from
    TIEBREAKER_NAMES (marked there), which a display words as `_(row.decided_by)`, or the rulespack's name of
    the organiser's own tiebreaker (which `_()` leaves as it is)."""

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
    won: int = 0  # games won, drawn and lost (a Bye counts as a win)
    drawn: int = 0
    lost: int = 0
    custom: int = 0  # the organiser's own tiebreaker number, summed (0 unless the event names one)

    @property
    def td_diff(self) -> int:
        return self.td_for - self.td_against

    def extra(self, tiebreaker: str) -> int:
        """This line's number for one of the organiser's tiebreakers (votes, sent_off, objectives, custom)."""
        values = {"votes": self.votes, "sent_off": self.sent_off, "objectives": self.objectives}
        return self.custom if tiebreaker == "custom" else values[tiebreaker]

    @classmethod
    def of(cls, placed: Placed[T], tally: Tally, custom_name: str | None = None) -> Self:
        """The line of a unit placed by the ranking engine, with its tally's totals (`custom_name`: what the
        rulespack calls the organiser's tiebreaker, when it decided the place)."""
        decided = placed.decided_by
        if decided == "custom" and custom_name:
            name: str | None = custom_name
        else:
            name = TIEBREAKER_NAMES[decided] if decided is not None else None
        return cls(
            placed.unit,
            placed.position,
            tally.played,
            tally.points,
            tally.bonus,
            tally.td_for,
            tally.td_against,
            tally.cas_for,
            tally.sent_off,
            tally.votes,
            name,
            tally.objectives,
            tally.won,
            tally.drawn,
            tally.lost,
            tally.custom,
        )


def rank(
    rules: TournamentScoring,
    coaches: Sequence[T],
    games: Sequence[TournamentGame[T]],
    byes: Sequence[T] = (),
    tiebreakers: Sequence[Tiebreaker] = DEFAULT_TIEBREAKERS,
    votes: Mapping[T, int] | None = None,
    custom_name: str | None = None,
) -> list[RankingRow[T]]:
    """The rankings of `coaches` (in registration order; the Spare Player is left out by not listing
    him): Tournament Points, then the tiebreakers in the rulespack's order, then registration order.
    `byes` lists one entry per Bye a coach had; `votes` the Favourite Opponent votes each received;
    `custom_name` what the rulespack calls the organiser's own tiebreaker."""
    if len(set(tiebreakers)) != len(tiebreakers):
        raise ValueError("each tiebreaker can be used once")
    tallies = {coach: Tally() for coach in coaches}
    for game in games:
        for side in game.sides(rules):
            tally = tallies.get(side.coach)
            if tally is not None:  # not the Spare Player's side of a game
                count(tally, side)
    for coach in byes:
        if coach in tallies:
            count(tallies[coach], bye_side(coach, rules))
    for coach, votes_received in (votes or {}).items():
        if coach in tallies:
            tallies[coach].votes = votes_received
    return [
        RankingRow.of(placed, tallies[placed.unit], custom_name)
        for placed in order(coaches, tallies, tiebreakers)
    ]
