"""Swiss pairings for a tournament (seed 000, Pairings).

Round 1 is drawn at random with the bot's dice (`first_round`); every later round pairs the rankings
1st v 2nd, 3rd v 4th, ... (`next_round`). A pair that has met before is broken the seed's way: the
lower-ranked of the two swaps with the highest-ranked player of the pairing below. Trying each coach's
possible opponents in ranking order, top of the table first, is exactly that swap; where it cannot avoid
every rematch the search keeps looking down the table (backtracking), and repeats a pairing only when no
pairing of the remaining coaches avoids it (then as few repeats as possible).

With an odd number of coaches one coach plays the Spare Player or has a Bye. The Spare Player is never
ranked and always plays the lowest-ranked coach who has not played him yet; a Bye goes the same way, to
the lowest-ranked coach who has had no bye yet. When everyone already has, the lowest-ranked coach plays
(or sits out) again. That coach is chosen first, as the seed says, and the others are paired after.
"""

from __future__ import annotations

from collections.abc import Collection, Hashable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Generic, TypeVar

from bot.rules.dice import Dice, RecordingDice, shuffle

T = TypeVar("T", bound=Hashable)


class OddPlayer(StrEnum):
    """What an odd coach out gets, as the rulespack says."""

    SPARE = "spare"  # a game against the event's Spare Player
    BYE = "bye"  # no game: counted as a 2-0 win (bot/rules/tournament/tournament_scoring.py)


@dataclass(frozen=True)
class Table(Generic[T]):
    """One game of the round at table `number`. `second` is None when `first` plays the Spare Player."""

    number: int
    first: T
    second: T | None


@dataclass(frozen=True)
class Draw:
    """One die of the round-1 draw: a d`sides` showed `face` (Fisher-Yates, one die per name drawn)."""

    sides: int
    face: int


@dataclass(frozen=True)
class SwissRound(Generic[T]):
    """A round's pairings: the tables in order (the Spare Player's game last), the coach with a Bye, the
    dice of the round-1 draw, and the pairs that meet again because nothing else was possible."""

    tables: tuple[Table[T], ...]
    bye: T | None
    draws: tuple[Draw, ...]
    rematches: tuple[frozenset[T], ...]

    @property
    def spare_opponent(self) -> T | None:
        """The coach who plays the Spare Player this round, if any."""
        return next((t.first for t in self.tables if t.second is None), None)


def _check(coaches: Sequence[T]) -> None:
    if len(set(coaches)) != len(coaches):
        raise ValueError("each coach can appear once in a round")
    if len(coaches) < 2:
        raise ValueError("a round needs at least 2 coaches")


def _tables(pairs: Sequence[tuple[T, T]], odd: T | None, odd_player: OddPlayer) -> tuple[Table[T], ...]:
    tables = [Table(number, a, b) for number, (a, b) in enumerate(pairs, start=1)]
    if odd is not None and odd_player is OddPlayer.SPARE:
        tables.append(Table(len(tables) + 1, odd, None))
    return tuple(tables)


def first_round(coaches: Sequence[T], dice: Dice, odd_player: OddPlayer = OddPlayer.SPARE) -> SwissRound[T]:
    """Round 1: the coaches drawn out of a hat with the dice (d{n}, d{n-1}, ... d2), paired in the order
    drawn: 1st v 2nd, 3rd v 4th, ... With an odd number, the last one drawn plays the Spare Player or has
    the Bye. Every die is returned in `draws` so it can be logged."""
    _check(coaches)
    recorder = RecordingDice(dice)
    drawn = shuffle(coaches, recorder)
    odd = drawn.pop() if len(drawn) % 2 else None
    pairs = [(drawn[i], drawn[i + 1]) for i in range(0, len(drawn), 2)]
    return SwissRound(
        tables=_tables(pairs, odd, odd_player),
        bye=odd if odd_player is OddPlayer.BYE else None,
        draws=tuple(Draw(sides, face) for sides, face in recorder.rolls),
        rematches=(),
    )


def odd_one_out(ranking: Sequence[T], already: Collection[T]) -> T:
    """Who plays the Spare Player (or has the Bye): the lowest-ranked coach not in `already` (those who
    played him, or had a bye); the lowest-ranked coach when everyone has."""
    for coach in reversed(ranking):
        if coach not in already:
            return coach
    return ranking[-1]


def next_round(
    ranking: Sequence[T],
    met: Collection[frozenset[T]],
    *,
    odd_player: OddPlayer = OddPlayer.SPARE,
    had_odd: Collection[T] = (),
    keep_top_pair: bool = False,
) -> SwissRound[T]:
    """A round after the first. `ranking` is the current rankings, best first, without the Spare Player;
    `met` the pairs that have played each other; `had_odd` the coaches who already played the Spare
    Player (or had a Bye, with `odd_player` BYE). `keep_top_pair` is the final round's option: 1st and 2nd
    play each other even if they met before."""
    _check(ranking)
    odd = odd_one_out(ranking, set(had_odd)) if len(ranking) % 2 else None
    pool = [coach for coach in ranking if coach != odd]
    fixed: list[tuple[T, T]] = []
    if keep_top_pair:
        fixed.append((pool[0], pool[1]))
        pool = pool[2:]
    pairs = fixed + pair_by_ranking(pool, met)
    rematches = tuple(frozenset(pair) for pair in pairs if frozenset(pair) in met)
    return SwissRound(
        tables=_tables(pairs, odd, odd_player),
        bye=odd if odd_player is OddPlayer.BYE else None,
        draws=(),
        rematches=rematches,
    )


def pair_by_ranking(ranking: Sequence[T], met: Collection[frozenset[T]]) -> list[tuple[T, T]]:
    """Pair an even number of coaches, best first: 1st v 2nd, 3rd v 4th, ..., breaking rematches by the
    seed's swap and, where that is not enough, by searching further down the table. The fewest rematches
    possible; among pairings with that many, the first in ranking order (top of the table first)."""
    if len(ranking) % 2:
        raise ValueError("pairing needs an even number of coaches")
    size = len(ranking)
    met_set = set(met)
    # bit j of blocked[i]: coaches i and j have met
    blocked = [0] * size
    for i in range(size):
        for j in range(i + 1, size):
            if frozenset((ranking[i], ranking[j])) in met_set:
                blocked[i] |= 1 << j
                blocked[j] |= 1 << i
    failed: set[tuple[int, int]] = set()

    def search(remaining: int, budget: int) -> list[tuple[int, int]] | None:
        if not remaining:
            return []
        if (remaining, budget) in failed:
            return None
        top = (remaining & -remaining).bit_length() - 1
        rest = remaining & ~(1 << top)
        if not budget and not rest & ~blocked[top]:
            failed.add((remaining, budget))
            return None
        candidates = rest
        while candidates:
            low = candidates & -candidates
            candidates ^= low
            other = low.bit_length() - 1
            cost = 1 if blocked[top] & low else 0
            if cost > budget:
                continue
            found = search(rest & ~low, budget - cost)
            if found is not None:
                return [(top, other), *found]
        failed.add((remaining, budget))
        return None

    everyone = (1 << size) - 1
    for budget in range(size // 2 + 1):
        found = search(everyone, budget)
        if found is not None:
            return [(ranking[a], ranking[b]) for a, b in found]
    raise AssertionError("a pairing with every pair a rematch always exists")
