"""Invariants of a group and knock-out TEAM event (seed 000: group & knockout "together with the likes of Team
Events") after any run; the simulator checks them, tests too. Recomputed from the stored tables and results:

- every ranked coach plays once a round, against a coach of the squad his squad is paired with; each squad
  meets one squad a round;
- the group stage (rounds 1-3) is a round robin of squads in groups of four: each pair of a group meets once;
- every knock-out squad match has a winner, the squad that won more of its games (each knock-out game has
  its winner), when they are not level;
- each knock-out round after the first pairs squads that won (or lost) in the same bracket the round before,
  for the upper (lower) half of its places; the squad places are 1..Q once each, each final game's winner
  placed above its loser; the squad ranking lists places 1..Q first, in order, then every other squad;
- the team-event limits and the individual standings as in any team event (team_invariants)."""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable, Sequence

from bot.catalog.models import TournamentScoring
from bot.rules.tournament.tournament_groups import GroupsProgress
from bot.rules.tournament.tournament_settings import GROUP_ROUNDS, GROUP_SIZE
from bot.rules.tournament.tournament_teams import SquadRow
from bot.services.tournament.tournaments import Event, Played, played
from bot.simulation.team_invariants import _limits
from bot.simulation.tournament_invariants import Ranking, individual_problems
from bot.store import tournament_squads as squad_store
from bot.store.connection import Connection


def _rounds(state: Played, squad_of: dict[int, int]) -> tuple[list[str], dict[int, list[frozenset[int]]]]:
    """Once a round against the paired squad; the squad pairs of each round."""
    problems: list[str] = []
    by_round: dict[int, list[frozenset[int]]] = defaultdict(list)
    numbers = sorted({t.round for t in state.tables})
    for number in numbers:
        seen: Counter[int] = Counter()
        opponent: dict[int, set[int]] = defaultdict(set)
        for table in (t for t in state.tables if t.round == number):
            seen[table.first] += 1
            if table.second is None:
                continue
            seen[table.second] += 1
            a, b = squad_of.get(table.first, -1), squad_of.get(table.second, -1)
            opponent[a].add(b)
            opponent[b].add(a)
        problems += [
            f"round {number}: roster {team} is paired {seen[team]} times (once a round)"
            for team in state.ranked_ids
            if seen[team] != 1
        ]
        for squad, others in opponent.items():
            if len(others) != 1 or squad in others:
                problems.append(f"round {number}: squad {squad} meets {sorted(others)} (one squad a round)")
        by_round[number] = sorted(
            {frozenset((s, next(iter(o)))) for s, o in opponent.items() if len(o) == 1}, key=sorted
        )
    return problems, by_round


def _groups(by_round: dict[int, list[frozenset[int]]], squads: Sequence[int]) -> list[str]:
    problems: list[str] = []
    met = Counter(pair for number in range(1, GROUP_ROUNDS + 1) for pair in by_round.get(number, []))
    links: dict[int, set[int]] = defaultdict(set)
    for pair in met:
        a, b = sorted(pair)
        links[a].add(b)
        links[b].add(a)
    for squad in squads:
        group = {squad, *links[squad]}
        if len(group) != GROUP_SIZE or any({s, *links[s]} != group for s in group):
            problems.append(f"squad {squad}'s group is not four squads playing each other: {sorted(group)}")
    problems += [f"squads {sorted(pair)} met {n} times in the groups" for pair, n in met.items() if n != 1]
    return problems


def _knockout(state: Played, squad_of: dict[int, int], now: GroupsProgress[int]) -> list[str]:
    """Each knock-out squad match's winner against its games' winners, and the bracket's flow."""
    problems: list[str] = []
    wins: dict[tuple[int, frozenset[int]], Counter[int]] = defaultdict(Counter)
    for table in state.tables:
        if table.stage != "knockout" or table.second is None:
            continue
        pair = frozenset((squad_of[table.first], squad_of[table.second]))
        if table.winner is None:
            problems.append(f"round {table.round}: a knock-out game has no winner")
            continue
        wins[(table.round, pair)][squad_of[table.winner]] += 1
    first_round = GROUP_ROUNDS + 1
    for k, games in enumerate(now.knockout):
        for game in games:
            if game.winner is None:
                problems.append(
                    f"knock-out round {k + 1}: squads {game.first} v {game.second} have no winner"
                )
                continue
            count = wins[(first_round + k, frozenset((game.first, game.second)))]
            loser = game.loser
            assert loser is not None
            if count[game.winner] < count[loser]:
                problems.append(
                    f"knock-out: squad {game.winner} won fewer games than {loser} but won the match"
                )
        if k == 0:
            continue
        before = {u: g for g in now.knockout[k - 1] for u in (g.first, g.second)}
        for game in games:
            a, b = before.get(game.first), before.get(game.second)
            if a is None or b is None or (a.low, a.high) != (b.low, b.high):
                problems.append(f"knock-out round {k + 1}: {game.first} v {game.second} not from one bracket")
                continue
            upper = game.low == a.low
            for unit in (game.first, game.second):
                won = before[unit].winner == unit
                if won != upper:
                    problems.append(f"knock-out round {k + 1}: squad {unit} plays for the wrong places")
    return problems


def check_team_groups(
    conn: Connection,
    event: Event,
    scoring: TournamentScoring,
    ranking: Ranking,
    progress: Callable[[Played], GroupsProgress[int]],
    squad_ranking: Callable[[Played], list[SquadRow[int]]],
) -> list[str]:
    """Every problem found in one group and knock-out team event (empty when sound); `ranking`, `progress`
    and `squad_ranking` are the bot's (individual ranking, the event read as squads, the squad ranking)."""
    state = played(conn, event)
    squads = [s.id for s in squad_store.squads(conn, event.league.guild_id, event.id)]
    by_coach = {
        coach: s.id for s in squad_store.squads(conn, event.league.guild_id, event.id) for coach in s.members
    }
    squad_of = {tid: by_coach[t.coach_id] for tid, t in state.teams.items() if t.coach_id in by_coach}
    problems, by_round = _rounds(state, squad_of)
    problems += _groups(by_round, squads)
    try:
        now = progress(state)
    except ValueError as error:  # the stored tables do not read back as groups, a bracket, ...
        problems.append(f"the event does not read back as squads: {error}")
        return problems + _limits(conn, event, state, squad_of)
    problems += _knockout(state, squad_of, now)
    qualifiers = event.rulespack.qualifiers
    if sorted(now.places.values()) != list(range(1, qualifiers + 1)):
        problems.append(f"the squad places are {sorted(now.places.values())}, not 1..{qualifiers} once each")
    for game in now.knockout[-1] if now.knockout else ():
        placed = now.places.get(game.winner, 0) if game.winner is not None else 0
        if game.loser is not None and placed >= now.places.get(game.loser, 0):
            problems.append(f"squad {game.winner} beat {game.loser} but is not placed above it")
    rows = squad_ranking(state)
    top = sorted(now.places, key=lambda s: now.places[s])
    if [row.squad for row in rows[: len(top)]] != top:
        problems.append("the squad ranking does not start with the knock-out places in order")
    if sorted(row.squad for row in rows) != sorted(squads) or [r.position for r in rows] != list(
        range(1, len(rows) + 1)
    ):
        problems.append("the squad ranking does not list every squad once, positions 1..n")
    return (
        problems + _limits(conn, event, state, squad_of) + individual_problems(state, ranking(state), scoring)
    )
