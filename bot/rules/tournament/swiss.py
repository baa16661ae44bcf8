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


def _blocked(ranking: Sequence[T], met: Collection[frozenset[T]]) -> list[int]:
    """Bit j of blocked[i]: the coaches ranked i and j have met. Read from the pairs that met (a few per
    coach), not from every pair of coaches, so a 1,500-coach field costs milliseconds."""
    place = {coach: i for i, coach in enumerate(ranking)}
    blocked = [0] * len(ranking)
    for pair in met:
        if len(pair) != 2:
            continue
        first, second = pair
        i, j = place.get(first), place.get(second)
        if i is not None and j is not None:
            blocked[i] |= 1 << j
            blocked[j] |= 1 << i
    return blocked


@dataclass
class _Step:
    """One pair being tried by the search: `top` (the best coach left) against `other`, with `candidates`
    still to try after it, within `budget` rematches for the coaches `remaining` (bit masks of places)."""

    remaining: int
    budget: int
    top: int
    rest: int
    candidates: int
    other: int = -1


def _step(remaining: int, budget: int, blocked: list[int], failed: set[tuple[int, int]]) -> _Step | None:
    """The search's step for `remaining` coaches, or None when it is known to fail (or plainly must: no
    budget left and every coach left has met the best of them)."""
    if (remaining, budget) in failed:
        return None
    top = (remaining & -remaining).bit_length() - 1
    rest = remaining & ~(1 << top)
    if not budget and not rest & ~blocked[top]:
        failed.add((remaining, budget))
        return None
    return _Step(remaining, budget, top, rest, rest)


def _search(
    blocked: list[int], everyone: int, budget: int, failed: set[tuple[int, int]]
) -> list[tuple[int, int]] | None:
    """The first pairing in ranking order (depth first: the best coach left takes the first opponent that
    lets the others be paired) with at most `budget` rematches; None if there is none. `failed` remembers
    the (coaches left, budget) that cannot be paired. A loop over a stack, not recursion, so that a
    2,000-coach field (1,000 tables deep) stays within Python's recursion limit."""
    if not everyone:
        return []
    first = _step(everyone, budget, blocked, failed)
    stack = [first] if first is not None else []
    while stack:
        step = stack[-1]
        while step.candidates:
            low = step.candidates & -step.candidates
            step.candidates ^= low
            cost = 1 if blocked[step.top] & low else 0
            if cost <= step.budget:
                break
        else:  # every opponent tried: these coaches cannot be paired within this budget
            failed.add((step.remaining, step.budget))
            stack.pop()
            continue
        step.other = low.bit_length() - 1
        left = step.rest & ~low
        if not left:
            return [(s.top, s.other) for s in stack]
        following = _step(left, step.budget - cost, blocked, failed)
        if following is not None:
            stack.append(following)
    return None


def pair_by_ranking(ranking: Sequence[T], met: Collection[frozenset[T]]) -> list[tuple[T, T]]:
    """Pair an even number of coaches, best first: 1st v 2nd, 3rd v 4th, ..., breaking rematches by the
    seed's swap and, where that is not enough, by searching further down the table. The fewest rematches
    possible; among pairings with that many, the first in ranking order (top of the table first)."""
    if len(ranking) % 2:
        raise ValueError("pairing needs an even number of coaches")
    size = len(ranking)
    blocked = _blocked(ranking, met)
    failed: set[tuple[int, int]] = set()
    everyone = (1 << size) - 1
    for budget in range(size // 2 + 1):
        found = _search(blocked, everyone, budget, failed)
        if found is not None:
            return [(ranking[a], ranking[b]) for a, b in found]
    raise AssertionError("a pairing with every pair a rematch always exists")
