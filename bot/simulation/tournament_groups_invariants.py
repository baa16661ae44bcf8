"""Invariants of a group and knock-out event after any run (the simulator checks them; tests use them too).

- every ranked unit plays exactly once a round, for every round of the rulespack;
- rounds 1-3 are the group stage: the units split into groups of four, each group's six games played once;
- the qualifiers are the group winners, then the runners-up, ... (recomputed from the group results);
- each knock-out game has a winner; every qualifier plays every knock-out round once; the places 1..Q are
  assigned once each and agree with the results (a winner above the unit he beat, both within the places
  their game was played for);
- Best of the Rest: every other unit plays as many rounds as the knock-out, only against one another;
- the event's ranking: places 1..Q, then Best of the Rest by its own games; totals equal the results.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from itertools import combinations

from bot.catalog.models import TournamentScoring
from bot.rules.tournament.tournament_groups import knockout_rounds
from bot.rules.tournament.tournament_scoring import rank
from bot.rules.tournament.tournament_settings import GROUP_ROUNDS, GROUP_SIZE
from bot.services.tournament.tournaments import Event, Played, played
from bot.simulation.tournament_invariants import Ranking, recomputed_totals
from bot.store.connection import Connection


def _once_a_round(state: Played, rounds: int) -> list[str]:
    problems: list[str] = []
    seen: dict[int, Counter[int]] = defaultdict(Counter)
    for t in state.tables:
        seen[t.round][t.first] += 1
        if t.second is not None:
            seen[t.round][t.second] += 1
    if sorted(seen) != list(range(1, rounds + 1)):
        problems.append(f"rounds paired {sorted(seen)}, the rulespack has {rounds}")
    for number, counts in sorted(seen.items()):
        for unit in state.ranked_ids:
            if counts[unit] != 1:
                problems.append(f"round {number}: team {unit} plays {counts[unit]} times (once a round)")
    return problems


def _groups(state: Played) -> tuple[list[frozenset[int]], list[str]]:
    problems: list[str] = []
    pairs: Counter[frozenset[int]] = Counter()
    for t in state.tables:
        if t.stage == "group":
            if t.round > GROUP_ROUNDS or t.second is None:
                problems.append(f"round {t.round}: a group table out of the group stage")
                continue
            pairs[frozenset((t.first, t.second))] += 1
        elif t.round <= GROUP_ROUNDS:
            problems.append(f"round {t.round}: a {t.stage} table during the group stage")
    neighbours: dict[int, set[int]] = defaultdict(set)
    for pair in pairs:
        a, b = sorted(pair)
        neighbours[a] |= {a, b}
        neighbours[b] |= {a, b}
    groups = {frozenset(members) for members in neighbours.values()}
    for group in groups:
        want = {frozenset(p) for p in combinations(sorted(group), 2)}
        if len(group) != GROUP_SIZE or any(pairs[p] != 1 for p in want):
            problems.append(f"group {sorted(group)}: not a round robin of four played once each")
    if sorted(u for g in groups for u in g) != sorted(state.ranked_ids):
        problems.append("the groups do not split every unit once")
    return sorted(groups, key=min), problems


def _qualifiers(state: Played, groups: list[frozenset[int]], scoring: TournamentScoring) -> list[int]:
    games = [t.game for t in state.tables if t.stage == "group" and t.game is not None]
    ranked = state.ranked_ids
    tiebreakers = state.event.rulespack.tiebreakers
    tables = [
        rank(scoring, [u for u in ranked if u in g], games, (), tiebreakers, state.sporting_votes)
        for g in groups
    ]
    order: list[int] = []
    for place in range(GROUP_SIZE):
        at_place = [u for u in ranked if any(len(rows) > place and rows[place].coach == u for rows in tables)]
        order += [r.coach for r in rank(scoring, at_place, games, (), tiebreakers, state.sporting_votes)]
    return order[: state.event.rulespack.qualifiers]


def _knockout(state: Played, qualifiers: list[int]) -> tuple[dict[int, int], list[str]]:
    problems: list[str] = []
    size = len(qualifiers)
    ko = [t for t in state.tables if t.stage == "knockout"]
    rounds = sorted({t.round for t in ko})
    if rounds != list(range(GROUP_ROUNDS + 1, GROUP_ROUNDS + 1 + knockout_rounds(size))):
        problems.append(f"knock-out rounds {rounds} for {size} qualifiers")
    beaten: list[tuple[int, int, int, int]] = []  # winner, loser, low, high
    brackets: dict[int, set[int]] = {u: set(range(1, size + 1)) for u in qualifiers}
    for k, number in enumerate(rounds):
        tables = sorted((t for t in ko if t.round == number), key=lambda t: t.number)
        units = sorted(u for t in tables for u in (t.first, t.second) if u is not None)
        if units != sorted(qualifiers):
            problems.append(f"round {number}: the knock-out is not every qualifier once")
        span = size >> k
        for position, t in enumerate(tables):
            if t.second is None or t.winner is None:
                problems.append(f"round {number} table {t.number}: a knock-out game without a winner")
                continue
            low = 1 + (position // max(span // 2, 1)) * span
            loser = t.second if t.winner == t.first else t.first
            for unit in (t.winner, loser):
                if not brackets.get(unit, set()) >= set(range(low, low + span)):
                    problems.append(f"round {number}: team {unit} plays for places it could not reach")
            brackets[t.winner] = set(range(low, low + span // 2))
            brackets[loser] = set(range(low + span // 2, low + span))
            beaten.append((t.winner, loser, low, low + span - 1))
    places = {u: min(p) for u, p in brackets.items() if len(p) == 1}
    if sorted(places.values()) != list(range(1, size + 1)):
        problems.append(f"places {sorted(places.values())}: not 1 to {size} once each")
    for winner, loser, low, high in beaten:
        if winner in places and loser in places and not low <= places[winner] < places[loser] <= high:
            problems.append(f"team {winner} beat team {loser} but does not place above him")
    return places, problems


def _rest(state: Played, qualifiers: list[int], scoring: TournamentScoring) -> tuple[list[int], list[str]]:
    problems: list[str] = []
    others = [u for u in state.ranked_ids if u not in qualifiers]
    rest = [t for t in state.tables if t.stage == "rest"]
    played_rounds: Counter[int] = Counter()
    for t in rest:
        for unit in (t.first, t.second):
            if unit is None:
                continue
            played_rounds[unit] += 1
            if unit in qualifiers:
                problems.append(f"round {t.round}: qualifier {unit} plays in Best of the Rest")
    want = knockout_rounds(state.event.rulespack.qualifiers)
    for unit in others:
        if played_rounds[unit] != want:
            problems.append(f"team {unit} plays {played_rounds[unit]} Best of the Rest rounds, not {want}")
    games = [t.game for t in rest if t.game is not None]
    byes = [t.first for t in rest if t.second is None]
    rows = rank(scoring, others, games, byes, state.event.rulespack.tiebreakers, state.sporting_votes)
    return [r.coach for r in rows], problems


def check_groups(conn: Connection, event: Event, scoring: TournamentScoring, ranking: Ranking) -> list[str]:
    """Every problem found in one group and knock-out event (an empty list when it is sound)."""
    state = played(conn, event)
    problems = _once_a_round(state, event.rulespack.rounds)
    groups, found = _groups(state)
    problems += found
    qualifiers = _qualifiers(state, groups, scoring)
    seeded = sorted(
        u
        for t in state.tables
        if t.stage == "knockout" and t.round == GROUP_ROUNDS + 1
        for u in (t.first, t.second)
        if u is not None
    )
    if seeded != sorted(qualifiers):
        problems.append("the knock-out is not the group winners, then runners-up, ... as the results give")
    places, found = _knockout(state, qualifiers)
    problems += found
    rest_order, found = _rest(state, qualifiers, scoring)
    problems += found
    rows = ranking(state)
    want = sorted(places, key=places.__getitem__) + rest_order
    if [r.coach for r in rows] != want:
        problems.append("the event's ranking is not the knock-out places, then Best of the Rest")
    expected = recomputed_totals(state, scoring)
    for row in rows:
        got = (row.tournament_points, row.bonus_points, row.td_for, row.td_against, row.cas_for)
        if got != expected.get(row.coach):
            problems.append(
                f"team {row.coach}: ranked with {got}, the results give {expected.get(row.coach)}"
            )
    return problems
