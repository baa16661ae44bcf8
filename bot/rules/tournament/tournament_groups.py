"""Group and knock-out events (seed 000, Group & Knockout Events; Best of the Rest).

"Teams should be divided into groups of four then the first three games of the event are played as a round
robin format with each team playing each other team in their group once." The groups are drawn with the
bot's dice (`draw_groups`, every die returned for logging); each group plays `ROUND_ROBIN` in rounds 1-3.

Who qualifies (the seed leaves it to the organiser; the rulespack's `qualifiers`, a power of 2): the group
winners first, then the runners-up, then the third places, ... and, among the coaches of one place, by their
group games judged as one table (Tournament Points, then the event's tiebreakers, then registration order)
(`qualification_order`). The first `qualifiers` of that order qualify and are seeded in that order.

The knock-out seeding pairs 1 v Q, 2 v Q-1, ... in the usual bracket order (1 and 2 can only meet in the
final); where a first knock-out game would be two coaches of one group, the lower seeds are exchanged, as
little as possible, so that no such game remains where that can be done (`seed_knockout`).

The knock-out stage keeps every coach playing for his final place: "if eight teams qualify for the knockout
round, then after the first game in this stage there will be the four winning teams playing for places 1 to
4 and the four losing teams playing for places 5 to 8." Each bracket of places p..p+s-1 splits the same way
after every round (`next_knockout`) until each game decides two places (`knockout_places`). A drawn
knock-out game goes to extra time and the shoot-out, as league play-offs: a knock-out game always has a
winner (bot/services/match/results.py).

"Those teams that do not qualify for the knockout stage will form a separate event played alongside the
knockout stage to determine the Best of the Rest. This takes the same format as a normal event": their own
round 1 drawn, later rounds by their rankings of their own games (bot/rules/tournament/swiss.py).

The event's ranking (`GroupsProgress.order`, used for the final announcement and the awards) is the
knock-out places 1..Q, then Best of the Rest's rankings below them. Everything here works on generic
"units" (a coach's team, or a team of coaches), so a group event of teams pairs the same way: `progress`
takes a `Ranker` (by default a coach's ranking, `rank`; a team event passes its squad ranking, whose stored
"game" per table is the squad match, see format_team_groups.py). The formats plan rounds with these rules:
format_groups.py for coaches, format_team_groups.py for squads.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Generic, Literal, TypeVar

from bot.catalog.models import TournamentScoring
from bot.i18n import N_, _
from bot.rules.dice import Dice, RecordingDice, shuffle
from bot.rules.tournament.swiss import Draw
from bot.rules.tournament.tournament_scoring import (
    DEFAULT_TIEBREAKERS,
    RankingRow,
    Tiebreaker,
    TournamentGame,
    rank,
)
from bot.rules.tournament.tournament_settings import GROUP_ROUNDS, GROUP_SIZE

T = TypeVar("T", bound=Hashable)

# The round robin of a group of four, by position in the group: each plays each other once in three rounds.
ROUND_ROBIN: tuple[tuple[tuple[int, int], ...], ...] = (
    ((0, 1), (2, 3)),
    ((0, 2), (1, 3)),
    ((0, 3), (1, 2)),
)
assert len(ROUND_ROBIN) == GROUP_ROUNDS and all(len(r) * 2 == GROUP_SIZE for r in ROUND_ROBIN)
REST_LABEL = N_("Best of the Rest")  # worded where shown: _(REST_LABEL)

StageName = Literal["swiss", "group", "knockout", "rest"]
# The stages whose tables the organiser cannot swap: the groups and the bracket are read back from them.
FIXED_STAGES: tuple[StageName, ...] = ("group", "knockout")


def check_entrants(count: int, qualifiers: int) -> None:
    """A group event needs groups of four and at least as many coaches as qualify."""
    if count % GROUP_SIZE or count < max(qualifiers, GROUP_SIZE):
        raise ValueError(
            f"a group and knock-out event needs a multiple of {GROUP_SIZE} coaches and at least "
            f"{max(qualifiers, GROUP_SIZE)} (the qualifiers): it has {count}"
        )


def group_name(index: int) -> str:
    """Group A, B, ... Z, AA, AB, ..."""
    letters = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return _("Group {letters}", letters=letters)


def places_label(low: int, high: int) -> str:
    """How a knock-out game is shown: the places it is played for."""
    return _("Final") if (low, high) == (1, 2) else _("Places {low}-{high}", low=low, high=high)


@dataclass(frozen=True)
class GroupDraw(Generic[T]):
    groups: tuple[tuple[T, ...], ...]
    draws: tuple[Draw, ...]


def draw_groups(units: Sequence[T], dice: Dice) -> GroupDraw[T]:
    """Round 1: the units drawn out of a hat with the dice (d{n}, d{n-1}, ... d2) and dealt into groups of
    four in the order drawn (the first four drawn are Group A, ...)."""
    if len(set(units)) != len(units):
        raise ValueError("each unit can be drawn once")
    check_entrants(len(units), 2)
    recorder = RecordingDice(dice)
    drawn = shuffle(units, recorder)
    groups = tuple(tuple(drawn[i : i + GROUP_SIZE]) for i in range(0, len(drawn), GROUP_SIZE))
    return GroupDraw(groups, tuple(Draw(sides, face) for sides, face in recorder.rolls))


def group_games(group: Sequence[T], round_index: int) -> list[tuple[T, T]]:
    """The games of one group in its round `round_index` (0, 1, 2)."""
    if len(group) != GROUP_SIZE:
        raise ValueError("a group has four units")
    return [(group[a], group[b]) for a, b in ROUND_ROBIN[round_index]]


def group_from_first_round(games: Sequence[tuple[T, T]]) -> tuple[T, ...]:
    """A group's members in draw order, read back from its two round-1 games (positions 0v1 and 2v3)."""
    (a, b), (c, d) = games
    return (a, b, c, d)


def qualification_order(
    rules: TournamentScoring,
    groups: Sequence[Sequence[T]],
    group_rows: Sequence[Sequence[RankingRow[T]]],
    games: Sequence[TournamentGame[T]],
    tiebreakers: Sequence[Tiebreaker] = DEFAULT_TIEBREAKERS,
    votes: Mapping[T, int] | None = None,
    registration: Sequence[T] = (),
) -> list[T]:
    """Every unit best first: the group winners (among themselves by their group games, as one table), then
    the runners-up, the third places, the fourth places; still level, by `registration` order (else group
    order). The first Q qualify, seeded in this order."""
    return _qualification_order(
        groups, group_rows, lambda units: rank(rules, units, games, (), tiebreakers, votes), registration
    )


def _qualification_order(
    groups: Sequence[Sequence[T]],
    group_rows: Sequence[Sequence[RankingRow[T]]],
    rank_place: Callable[[list[T]], Sequence[RankingRow[T]]],
    registration: Sequence[T] = (),
) -> list[T]:
    index = {u: i for i, u in enumerate(registration or [u for group in groups for u in group])}
    order: list[T] = []
    for place in range(GROUP_SIZE):
        at_place = [rows[place].coach for rows in group_rows if len(rows) > place]
        at_place.sort(key=lambda u: index.get(u, len(index)))
        order += [row.coach for row in rank_place(at_place)]
    return order


def bracket_order(size: int) -> list[int]:
    """Seeds 1..size in bracket order, paired consecutively: 8 -> 1,8,4,5,2,7,3,6 (1 and 2 meet last)."""
    if size < 1 or size & (size - 1):
        raise ValueError("a bracket has a power of 2 places")
    order = [1]
    while len(order) < size:
        n = len(order) * 2
        order = [x for seed in order for x in (seed, n + 1 - seed)]
    return order


@dataclass(frozen=True)
class KnockoutGame(Generic[T]):
    """One knock-out game, played for places `low`..`high`; `winner` once it is decided."""

    first: T
    second: T
    low: int
    high: int
    winner: T | None = None

    @property
    def label(self) -> str:
        return places_label(self.low, self.high)

    @property
    def loser(self) -> T | None:
        if self.winner is None:
            return None
        return self.second if self.winner == self.first else self.first


_SEARCH_LIMIT = 20_000  # steps of the seeding search before it settles for the plain 1 v Q seeding


def seed_knockout(seeds: Sequence[T], group_of: Mapping[T, int]) -> list[KnockoutGame[T]]:
    """The first knock-out round of the seeded qualifiers (best first; a power of 2 of them): 1 v Q, 2 v
    Q-1, ... in bracket order, every game for places 1..Q. Where that would pair two units of one group, the
    lower seeds are exchanged: each top seed in turn takes the nearest lower seed to his own 1 v Q opponent
    that leaves a pairing with no such game (if none exists, the plain seeding stands)."""
    size = len(seeds)
    if len(set(seeds)) != size:
        raise ValueError("each unit can be seeded once")
    slots = bracket_order(size)  # raises unless a power of 2
    half = size // 2
    top, bottom = list(seeds[:half]), list(seeds[half:])
    default = {i: half - 1 - i for i in range(half)}  # top i plays seed size - i
    steps = 0

    def clash(i: int, j: int) -> bool:
        return group_of.get(top[i]) is not None and group_of.get(top[i]) == group_of.get(bottom[j])

    def search(i: int, free: frozenset[int]) -> list[int] | None:
        nonlocal steps
        if i == half:
            return []
        steps += 1
        if steps > _SEARCH_LIMIT:
            return None
        for j in sorted(free, key=lambda j: (abs(j - default[i]), j)):
            if clash(i, j):
                continue
            rest = search(i + 1, free - {j})
            if rest is not None:
                return [j, *rest]
        return None

    chosen = search(0, frozenset(range(half))) if half else []
    opponent = chosen if chosen is not None else [default[i] for i in range(half)]
    games: list[KnockoutGame[T]] = []
    for seed in slots[::2]:  # the top seeds' slots, in bracket order
        i = seed - 1
        games.append(KnockoutGame(top[i], bottom[opponent[i]], 1, size))
    return games


def brackets(games: Sequence[KnockoutGame[T]]) -> list[list[KnockoutGame[T]]]:
    """A knock-out round's games split by the places they are played for, best places first."""
    out: list[list[KnockoutGame[T]]] = []
    for game in games:
        if out and (out[-1][0].low, out[-1][0].high) == (game.low, game.high):
            out[-1].append(game)
        else:
            out.append([game])
    return out


def next_knockout(games: Sequence[KnockoutGame[T]]) -> list[KnockoutGame[T]]:
    """The next knock-out round: in each bracket of places p..p+s-1, the winners (in table order, 1st v 2nd,
    3rd v 4th) play for p..p+s/2-1 and the losers for p+s/2..p+s-1. Every game must have its winner."""
    following: list[KnockoutGame[T]] = []
    for bracket in brackets(games):
        low, high = bracket[0].low, bracket[0].high
        if high - low + 1 != 2 * len(bracket):
            raise ValueError("a bracket has two places per game")
        if len(bracket) < 2:
            raise ValueError("a final decides its places: there is no next round")
        middle = low + len(bracket)
        winners = [g.winner for g in bracket]
        losers = [g.loser for g in bracket]
        if any(w is None for w in winners):
            raise ValueError("every knock-out game needs its winner before the next round")
        for units, start, end in ((winners, low, middle - 1), (losers, middle, high)):
            for k in range(0, len(units), 2):
                first, second = units[k], units[k + 1]
                assert first is not None and second is not None
                following.append(KnockoutGame(first, second, start, end))
    return following


def knockout_places(games: Sequence[KnockoutGame[T]]) -> dict[T, int]:
    """The places decided by a round of games each played for two places (winner the better)."""
    places: dict[T, int] = {}
    for game in games:
        if game.high - game.low != 1:
            raise ValueError("only a game for two places decides them")
        if game.winner is not None:
            loser = game.loser
            assert loser is not None
            places[game.winner] = game.low
            places[loser] = game.high
    return places


def knockout_rounds(qualifiers: int) -> int:
    """Rounds of the knock-out stage: one per halving (8 qualifiers: 3)."""
    return qualifiers.bit_length() - 1


# --- the event as played, from its tables ------------------------------------------------------------------


@dataclass(frozen=True)
class StagedTable(Generic[T]):
    """One stored table of the event: its round, table number, stage, the two units (`second` None: a
    Bye; the Spare Player's game names his unit, which is not ranked), and once confirmed the game as scored
    and its winner (a knock-out game level after extra time has its shoot-out's winner). For a team of
    coaches the table is a squad match, `game` its summary once every game of it is confirmed."""

    round: int
    number: int
    stage: StageName
    first: T
    second: T | None
    game: TournamentGame[T] | None = None
    winner: T | None = None
    fixture: int | None = None


def complete_rounds(tables: Sequence[StagedTable[T]]) -> frozenset[int]:
    """The rounds among `tables` whose every game is confirmed (a round of Byes alone is complete)."""
    still_open = {t.round for t in tables if t.second is not None and t.game is None}
    return frozenset(t.round for t in tables if t.round not in still_open)


def counted_byes(tables: Sequence[StagedTable[T]]) -> list[T]:
    """One unit per Bye the rankings count: a Bye counts once every game of its round is confirmed (issue
    29: rankings follow games played). Who already had a Bye (pairing) reads every Bye table, counted or
    not."""
    complete = complete_rounds(tables)
    return [t.first for t in tables if t.second is None and t.round in complete]


@dataclass(frozen=True)
class Group(Generic[T]):
    name: str
    members: tuple[T, ...]  # in draw order
    rows: tuple[RankingRow[T], ...]  # its table, best first
    complete: bool  # all six games confirmed


@dataclass(frozen=True)
class GroupsProgress(Generic[T]):
    """A group event as played so far: the groups and their tables, the qualifiers (seeded, once the
    knock-out is drawn), the knock-out rounds as paired, the places decided, Best of the Rest's units and
    rankings, and the event's ranking (`order`): places 1..Q, then Best of the Rest below."""

    groups: tuple[Group[T], ...]
    qualifiers: tuple[T, ...]
    knockout: tuple[tuple[KnockoutGame[T], ...], ...]
    places: Mapping[T, int]
    rest_units: tuple[T, ...]
    rest: tuple[RankingRow[T], ...]
    order: tuple[RankingRow[T], ...]
    group_of: Mapping[T, int] = field(default_factory=dict)

    @property
    def groups_complete(self) -> bool:
        return bool(self.groups) and all(g.complete for g in self.groups)


# How the units are ranked over some tables (a group's, Best of the Rest's, all): best first.
Ranker = Callable[[Sequence[T], Sequence[StagedTable[T]]], Sequence[RankingRow[T]]]


def game_ranker(
    rules: TournamentScoring,
    tiebreakers: Sequence[Tiebreaker] = DEFAULT_TIEBREAKERS,
    votes: Mapping[T, int] | None = None,
    custom_name: str | None = None,
) -> Ranker[T]:
    """The coaches' ranking (seed 000) over the tables' confirmed games and the Byes of complete rounds
    (`custom_name`: the rulespack's name of the organiser's own tiebreaker)."""

    def ranker(units: Sequence[T], tables: Sequence[StagedTable[T]]) -> Sequence[RankingRow[T]]:
        games = [t.game for t in tables if t.game is not None]
        return rank(rules, list(units), games, counted_byes(tables), tiebreakers, votes, custom_name)

    return ranker


def _by_round(tables: Sequence[StagedTable[T]], stage: StageName) -> dict[int, list[StagedTable[T]]]:
    rounds: dict[int, list[StagedTable[T]]] = {}
    for table in sorted(tables, key=lambda t: (t.round, t.number)):
        if table.stage == stage:
            rounds.setdefault(table.round, []).append(table)
    return rounds


def progress(
    rules: TournamentScoring,
    units: Sequence[T],
    tables: Sequence[StagedTable[T]],
    qualifiers: int,
    tiebreakers: Sequence[Tiebreaker] = DEFAULT_TIEBREAKERS,
    votes: Mapping[T, int] | None = None,
    ranker: Ranker[T] | None = None,
    custom_name: str | None = None,
) -> GroupsProgress[T]:
    """Read a group event back from its stored tables (`units` in registration order); `ranker` ranks units
    over tables (by default `game_ranker(rules, tiebreakers, votes, custom_name)`)."""
    ranked_by = ranker or game_ranker(rules, tiebreakers, votes, custom_name)
    registration = {u: i for i, u in enumerate(units)}
    group_rounds = _by_round(tables, "group")
    group_tables = [t for ts in group_rounds.values() for t in ts]
    groups: list[Group[T]] = []
    group_of: dict[T, int] = {}
    if group_rounds:
        first = group_rounds[min(group_rounds)]
        for index in range(len(first) // 2):
            pair = first[2 * index : 2 * index + 2]
            members = group_from_first_round([(t.first, t.second) for t in pair if t.second is not None])
            for unit in members:
                group_of[unit] = index
            ordered = sorted(members, key=lambda u: registration.get(u, len(registration)))
            mine = [t for t in group_tables if t.first in members and t.second in members]
            rows = ranked_by(ordered, mine)
            played = sum(1 for t in group_tables if t.first in members and t.game is not None)
            groups.append(Group(group_name(index), members, tuple(rows), played == len(ROUND_ROBIN) * 2))
    everyone = _qualification_order(
        [g.members for g in groups],
        [g.rows for g in groups],
        lambda at_place: ranked_by(at_place, group_tables),
        registration=units,
    )

    ko_rounds = _by_round(tables, "knockout")
    knockout: list[tuple[KnockoutGame[T], ...]] = []
    seeded: tuple[T, ...] = ()
    size = 0
    for k, number in enumerate(sorted(ko_rounds)):
        round_tables = [t for t in ko_rounds[number] if t.second is not None]
        if k == 0:
            size = 2 * len(round_tables)
        span = size >> k  # places per bracket this round
        games = []
        for position, t in enumerate(round_tables):
            assert t.second is not None
            low = 1 + (position // max(span // 2, 1)) * span
            games.append(KnockoutGame(t.first, t.second, low, low + span - 1, t.winner))
        knockout.append(tuple(games))
    if knockout:
        seeded = tuple(u for u in everyone if any(u in (g.first, g.second) for g in knockout[0]))
    places: dict[T, int] = {}
    if knockout and knockout[-1] and knockout[-1][0].high - knockout[-1][0].low == 1:
        places = knockout_places(knockout[-1])

    rest_rounds = _by_round(tables, "rest")
    rest_units: tuple[T, ...] = ()
    rest_rows: tuple[RankingRow[T], ...] = ()
    if knockout or rest_rounds:
        rest_units = tuple(u for u in units if u in group_of and u not in seeded)
        rest_tables = [t for ts in rest_rounds.values() for t in ts]
        rest_rows = tuple(ranked_by(rest_units, rest_tables))

    order = _order(units, tables, everyone, knockout, places, seeded, rest_rows, ranked_by)
    return GroupsProgress(
        tuple(groups), seeded, tuple(knockout), places, rest_units, rest_rows, order, group_of
    )


def _order(
    units: Sequence[T],
    tables: Sequence[StagedTable[T]],
    everyone: Sequence[T],
    knockout: Sequence[Sequence[KnockoutGame[T]]],
    places: Mapping[T, int],
    seeded: Sequence[T],
    rest_rows: Sequence[RankingRow[T]],
    ranked_by: Ranker[T],
) -> tuple[RankingRow[T], ...]:
    """The event's ranking: the knock-out places (a bracket not yet decided in seed order), then Best of
    the Rest's rankings; before the knock-out, the group stage's qualification order. Each row carries the
    unit's totals over all its games."""
    totals = {row.coach: row for row in ranked_by(units, tables)}
    if knockout:
        seed_index = {u: i for i, u in enumerate(seeded)}
        last = knockout[-1]
        bracket_low: dict[T, int] = {}
        for game in last:
            for unit in (game.first, game.second):
                bracket_low[unit] = game.low
        top = sorted(seeded, key=lambda u: (places.get(u, bracket_low.get(u, 0)), seed_index[u]))
        ranked: list[tuple[T, str | None]] = [(u, None) for u in top]
        ranked += [(row.coach, row.decided_by) for row in rest_rows]
    else:
        ranked = [(u, None) for u in everyone]
    seen = {u for u, _decided in ranked}
    ranked += [(u, None) for u in units if u not in seen]  # not drawn into a group (not yet started)
    rows = []
    for position, (unit, decided_by) in enumerate(ranked, start=1):
        rows.append(replace(totals[unit], position=position, decided_by=decided_by))  # every total kept
    return tuple(rows)
