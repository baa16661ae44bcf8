"""World-Cup size (issue 29) made pairing and ranking faster without changing a single table or place.

This file keeps a frozen copy of the pairing and ranking code as it was before (the reference) and
compares the bot's code to it over many seeded random events: 8 to 300 coaches, several rounds, odd
fields with Byes and Spare Players, fields so small that rematches are forced, concessions, Byes, votes
and every tiebreaker order. A digest of the rankings, recorded before the change, guards the scoring of a
game too (Tournament Points, Bonus Points, concessions), which the reference calls rather than copies.

Seed 000: "The coach who is highest in the rankings will play the coach who is second in the rankings,
the coach in third will play the coach in fourth ... If a coach is supposed to play an opponent they have
already played, then the lowest ranked of the two will swap places with the highest ranked player of the
pairing below them."
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Collection, Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from bot.catalog import load_catalog
from bot.rules.ranking import HEAD_TO_HEAD, KEYS, REGISTRATION, Meeting, Placed, Tally, order
from bot.rules.tournament.swiss import OddPlayer, next_round, pair_by_ranking
from bot.rules.tournament.tournament_scoring import (
    TIEBREAKER_NAMES,
    Tiebreaker,
    TournamentGame,
    bye_side,
    count,
    rank,
)

SCORING = load_catalog().tournament.scoring
U = TypeVar("U", bound=Hashable)

# The reference: bot/rules/tournament/swiss.py's pair_by_ranking before issue 29, unchanged.


def reference_pairs(ranking: Sequence[int], met: Collection[frozenset[int]]) -> list[tuple[int, int]]:
    size = len(ranking)
    met_set = set(met)
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
    raise AssertionError("unreachable")


def reference_round(
    ranking: Sequence[int], met: Collection[frozenset[int]], had_odd: Collection[int], keep_top: bool
) -> tuple[list[tuple[int, int]], int | None]:
    """next_round before issue 29: the odd coach out (lowest-ranked who has not had it), then the pairs."""
    odd = None
    if len(ranking) % 2:
        odd = next((c for c in reversed(ranking) if c not in set(had_odd)), ranking[-1])
    pool = [c for c in ranking if c != odd]
    fixed = [(pool[0], pool[1])] if keep_top else []
    return fixed + reference_pairs(pool[2:] if keep_top else pool, met), odd


# The reference: bot/rules/ranking.py's order before issue 29, unchanged.


def _reference_values(
    name: str, group: Sequence[U], tallies: Mapping[U, Tally], meetings: Sequence[Meeting[U]]
) -> dict[U, int]:
    if name == HEAD_TO_HEAD:
        members = set(group)
        mini = dict.fromkeys(group, 0)
        for meeting in meetings:
            if meeting.unit in members and meeting.opponent in members:
                mini[meeting.unit] += meeting.points
        return mini
    key = KEYS[name]
    return {unit: key(tallies[unit]) for unit in group}


@dataclass(frozen=True)
class _ReferenceLevel(Generic[U]):
    tallies: Mapping[U, Tally]
    meetings: Sequence[Meeting[U]]
    registration: Mapping[U, int]

    def separate(self, group: list[U], order: Sequence[str], reasons: dict[U, str]) -> list[U]:
        if len(group) <= 1:
            return group
        if not order:
            ranked = sorted(group, key=self.registration.__getitem__)
            for unit in ranked[1:]:
                reasons[unit] = REGISTRATION
            return ranked
        name, rest = order[0], order[1:]
        values = _reference_values(name, group, self.tallies, self.meetings)
        ranked = []
        for i, value in enumerate(sorted(set(values.values()), reverse=True)):
            subgroup = self.separate([u for u in group if values[u] == value], rest, reasons)
            if i:
                reasons[subgroup[0]] = name
            ranked.extend(subgroup)
        return ranked


def reference_order(
    units: Sequence[U], tallies: Mapping[U, Tally], tiebreakers: Sequence[str], meetings: Sequence[Meeting[U]]
) -> list[Placed[U]]:
    level = _ReferenceLevel(tallies, meetings, {unit: i for i, unit in enumerate(units)})
    reasons: dict[U, str] = {}
    ranked: list[U] = []
    for points in sorted({tallies[u].points for u in units}, reverse=True):
        ranked += level.separate([u for u in units if tallies[u].points == points], tiebreakers, reasons)
    return [Placed(unit, position, reasons.get(unit)) for position, unit in enumerate(ranked, start=1)]


def reference_rank(
    coaches: Sequence[int],
    games: Sequence[TournamentGame[int]],
    byes: Sequence[int],
    tiebreakers: Sequence[Tiebreaker],
    votes: Mapping[int, int],
) -> list[tuple[object, ...]]:
    """tournament_scoring.rank before issue 29, as (coach, place, tiebreaker's name, totals) rows."""
    tallies = {coach: Tally() for coach in coaches}
    for side in [s for game in games for s in game.sides(SCORING)] + [bye_side(c, SCORING) for c in byes]:
        if side.coach in tallies:
            count(tallies[side.coach], side)
    for coach, received in votes.items():
        if coach in tallies:
            tallies[coach].votes = received
    rows: list[tuple[object, ...]] = []
    for placed in reference_order(coaches, tallies, tiebreakers, ()):
        t = tallies[placed.unit]
        decided = TIEBREAKER_NAMES[placed.decided_by] if placed.decided_by is not None else None
        totals = (t.played, t.points, t.bonus, t.td_for, t.td_against, t.cas_for, t.sent_off, t.votes)
        rows.append((placed.unit, placed.position, decided, *totals, t.objectives, t.won, t.drawn, t.lost))
    return rows


def rows_of(
    coaches: Sequence[int],
    games: Sequence[TournamentGame[int]],
    byes: Sequence[int],
    tiebreakers: Sequence[Tiebreaker],
    votes: Mapping[int, int],
) -> list[tuple[object, ...]]:
    """The bot's rankings as the reference's rows."""
    return [
        (
            *(r.coach, r.position, r.decided_by, r.played, r.tournament_points, r.bonus_points, r.td_for),
            *(r.td_against, r.cas_for, r.sent_off, r.votes, r.objectives, r.won, r.drawn, r.lost),
        )
        for r in rank(SCORING, coaches, games, byes, tiebreakers, votes)
    ]


# The seeded events


SPARE = 0  # the Spare Player: plays, never ranked
NAMES: tuple[Tiebreaker, ...] = ("bonus", "td_diff", "td_for", "cas_for", "votes", "sent_off", "objectives")


def _game(rng: random.Random, first: int, second: int, low_scores: bool) -> TournamentGame[int]:
    top = 1 if low_scores else 4
    return TournamentGame(
        first,
        second,
        rng.randint(0, top),
        rng.randint(0, top),
        rng.randint(0, top),
        rng.randint(0, top),
        rng.randint(0, 1),
        rng.randint(0, 1),
        rng.choice((first, second)) if rng.random() < 0.05 else None,
        rng.randint(0, 3) if rng.random() < 0.1 else 0,
        rng.randint(0, 3) if rng.random() < 0.1 else 0,
    )


@dataclass
class Played:
    coaches: list[int]
    games: list[TournamentGame[int]]
    byes: list[int]
    met: set[frozenset[int]]
    had_odd: set[int]


def _event(seed: int) -> tuple[Played, random.Random, list[Tiebreaker], dict[int, int], OddPlayer]:
    rng = random.Random(seed)
    size = rng.choice((rng.randint(8, 16), rng.randint(8, 40), rng.randint(40, 300)))
    coaches = rng.sample(range(1, 10_000), size)  # registration order is not the numbers' order
    tiebreakers = rng.sample(NAMES, rng.randint(0, len(NAMES)))
    votes = {c: rng.randint(0, 3) for c in coaches if rng.random() < 0.3}
    odd_player = rng.choice(tuple(OddPlayer))
    return Played(coaches, [], [], set(), set()), rng, tiebreakers, votes, odd_player


def _ranking(event: Played, tiebreakers: list[Tiebreaker], votes: dict[int, int]) -> list[int]:
    rows = reference_rank(event.coaches, event.games, event.byes, tiebreakers, votes)
    assert rows == rows_of(event.coaches, event.games, event.byes, tiebreakers, votes)
    return [int(str(row[0])) for row in rows]


def _play_events(events: int) -> list[object]:
    """Play each seeded event round by round, checking every pairing and ranking against the reference;
    returns every ranking for the digest."""
    seen: list[object] = []
    for seed in range(events):
        event, rng, tiebreakers, votes, odd_player = _event(seed)
        low = rng.random() < 0.5  # few distinct scores: many ties for the tiebreakers to separate
        rounds = rng.randint(2, min(9, len(event.coaches) - 1 + len(event.coaches) % 2 + 2))
        for number in range(1, rounds + 1):
            ranking = _ranking(event, tiebreakers, votes)
            seen.append(ranking)
            if number == 1:
                rng.shuffle(ranking)
            keep_top = number == rounds and rng.random() < 0.5
            expected, odd = reference_round(ranking, event.met, event.had_odd, keep_top)
            swiss = next_round(
                ranking, event.met, odd_player=odd_player, had_odd=event.had_odd, keep_top_pair=keep_top
            )
            got = [(t.first, t.second) for t in swiss.tables if t.second is not None]
            assert got == expected, f"event {seed} round {number}"
            assert swiss.rematches == tuple(frozenset(p) for p in expected if frozenset(p) in event.met)
            for first, second in expected:
                event.games.append(_game(rng, first, second, low))
                event.met.add(frozenset((first, second)))
            if odd is not None:
                event.had_odd.add(odd)
                if odd_player is OddPlayer.BYE:
                    event.byes.append(odd)
                else:
                    event.games.append(_game(rng, odd, SPARE, low))
            # a coach met outside the pairings (a swap, a dropped coach): pairs the ranking never lists
            event.met.add(frozenset((rng.choice(event.coaches), -number)))
        seen.append(_ranking(event, tiebreakers, votes))
    return seen


def test_pairings_and_rankings_match_the_reference_over_200_events() -> None:
    seen = _play_events(200)
    digest = hashlib.sha256(repr(seen).encode()).hexdigest()
    assert digest == RECORDED


RECORDED = (
    "259b64bb0ac73f6ba1922e89ee18a102113e3db7f7ba8195fe13e4c48c545f93"  # today's code, before the change
)


def test_crowded_tables_force_rematches_and_match_the_reference() -> None:
    """Small fields that have met almost everyone: the swap is not enough, the search backtracks, and some
    pairs must meet again (the fewest, first in ranking order)."""
    for seed in range(300):
        rng = random.Random(seed)
        size = rng.randrange(4, 21, 2)
        ranking = rng.sample(range(100), size)
        everyone = [frozenset((a, b)) for i, a in enumerate(ranking) for b in ranking[i + 1 :]]
        met = set(rng.sample(everyone, int(len(everyone) * rng.uniform(0.3, 0.95))))
        assert pair_by_ranking(ranking, met) == reference_pairs(ranking, met), seed


def test_the_ranking_engine_matches_the_reference_with_head_to_head() -> None:
    """League standings and squads use the same engine with head-to-head among those level."""
    keys: list[str] = [*KEYS, HEAD_TO_HEAD]
    for seed in range(300):
        rng = random.Random(seed)
        units = rng.sample(range(1000), rng.randint(1, 60))
        tallies = {u: _tally(rng) for u in units}
        meetings = [
            Meeting(a, b, rng.randint(0, 3)) for a in units for b in units if a != b and rng.random() < 0.2
        ]
        tiebreakers = rng.sample(keys, rng.randint(0, len(keys)))
        assert order(units, tallies, tiebreakers, meetings) == reference_order(
            units, tallies, tiebreakers, meetings
        ), seed


def _tally(rng: random.Random) -> Tally:
    names = ["points", "bonus", "td_for", "td_against", "cas_for", "cas_against", "sent_off", "votes"]
    values = {name: rng.randint(0, 2) for name in names}
    values |= {"won": rng.randint(0, 2), "drawn": rng.randint(0, 2), "objectives": rng.randint(0, 1)}
    return Tally(**values)
