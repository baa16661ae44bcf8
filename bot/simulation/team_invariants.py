"""Invariants of a team event (seed 000, Team Events) after any run (the simulator checks them; tests too).

- every ranked coach plays exactly once a round (a game, or his squad's Bye), always against a coach of the
  squad his squad is paired with, and each squad meets one squad (or has the Bye) a round;
- in every round after the first, each squad match pairs its coaches 1st v 1st, 2nd v 2nd ... by the
  individual rankings of the rounds before; squads meet again only when no pairing avoids it;
- the squad standings equal a recomputation by plain arithmetic (2/1/0 on games won; games won, drawn,
  lost) from the confirmed results and the Byes;
- no catalogue team twice in a squad, no star player twice in a squad;
- the individual standings and the fans as in a standard event (bot/simulation/tournament_invariants.py).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable

from bot.catalog.models import TournamentScoring
from bot.rules.match.match_result import ResultReport
from bot.rules.tournament.tournament_scoring import TournamentGame, rank
from bot.rules.tournament.tournament_teams import SquadRow
from bot.services.roster.team_lookup import STAR_PREFIX
from bot.services.tournament.tournaments import Event, Played, game_of, played
from bot.simulation.tournament_invariants import Ranking, individual_problems
from bot.store import seasons as season_store
from bot.store import teams as team_store
from bot.store import tournament_squads as squad_store
from bot.store import tournaments as tournament_store
from bot.store.connection import Connection


def _rounds(conn: Connection, event: Event) -> dict[int, list[tournament_store.TableRow]]:
    by_round: dict[int, list[tournament_store.TableRow]] = defaultdict(list)
    for table in tournament_store.tables(conn, event.league.guild_id, event.id):
        by_round[table.round_number].append(table)
    return dict(sorted(by_round.items()))


def _rematch_avoidable(squads: list[int], met: set[frozenset[int]]) -> bool:
    """Whether the squads could all be paired without a rematch (a small search; events are small)."""
    if not squads:
        return True
    first, rest = squads[0], squads[1:]
    return any(
        frozenset((first, other)) not in met and _rematch_avoidable(rest[:i] + rest[i + 1 :], met)
        for i, other in enumerate(rest)
    )


def _pairings(
    conn: Connection,
    event: Event,
    state: Played,
    scoring: TournamentScoring,
    squad_of: dict[int, int],
) -> tuple[list[str], dict[int, tuple[int, int, int, int]]]:
    """The pairing problems, and each squad's (team points, won, drawn, lost) by plain arithmetic."""
    problems: list[str] = []
    fixtures = {fx.id: fx for fx in season_store.fixtures(conn, event.league.guild_id, league_id=event.id)}
    ranked = state.ranked_ids
    games: list[TournamentGame[int]] = []
    byes: list[int] = []
    met: set[frozenset[int]] = set()
    totals: dict[int, list[int]] = defaultdict(lambda: [0, 0, 0, 0])
    for number, tables in _rounds(conn, event).items():
        order = [row.coach for row in rank(scoring, ranked, games, byes, event.rulespack.tiebreakers)]
        seen: Counter[int] = Counter()
        opponent: dict[int, set[int]] = defaultdict(set)
        by_match: dict[frozenset[int], list[tuple[int, int]]] = defaultdict(list)
        wins: Counter[tuple[frozenset[int], int]] = Counter()
        confirmed: Counter[frozenset[int]] = Counter()
        round_games: list[TournamentGame[int]] = []
        bye_squads: set[int] = set()
        for table in tables:
            if table.bye_team_id is not None:
                seen[table.bye_team_id] += 1
                byes.append(table.bye_team_id)
                bye_squads.add(squad_of.get(table.bye_team_id, -1))
                continue
            fx = fixtures[table.fixture_id or 0]
            home, away = fx.home_team_id, fx.away_team_id
            seen[home] += 1
            seen[away] += 1
            a, b = squad_of.get(home, -1), squad_of.get(away, -1)
            opponent[a].add(b)
            opponent[b].add(a)
            by_match[frozenset((a, b))].append((home, away))
            if fx.status == "confirmed" and fx.report is not None:
                game = game_of(ResultReport.model_validate_json(fx.report), home, away)
                round_games.append(game)
                confirmed[frozenset((a, b))] += 1
                for side in game.sides(scoring):
                    mine = squad_of.get(side.coach, -1)
                    outcome = (
                        0 if side.td_for > side.td_against else 1 if side.td_for == side.td_against else 2
                    )
                    wins[(frozenset((a, b)), mine)] += outcome == 0
                    totals[mine][1 + outcome] += 1
        for team in ranked:
            if seen[team] != 1:
                problems.append(f"round {number}: roster {team} is paired {seen[team]} times (once a round)")
        for squad, others in opponent.items():
            if len(others) != 1 or squad in others or squad in bye_squads:
                problems.append(f"round {number}: squad {squad} meets {sorted(others)} (one squad a round)")
        for squad in bye_squads:
            totals[squad][0] += scoring.win
            totals[squad][1] += sum(1 for t in ranked if squad_of.get(t) == squad)
        for pair, pairs in by_match.items():
            first, second = sorted(pair)
            for squad, other in ((first, second), (second, first)):
                won, lost = wins[(pair, squad)], wins[(pair, other)]
                if confirmed[pair]:  # a match counts once a game of it is confirmed
                    totals[squad][0] += (
                        scoring.win if won > lost else scoring.draw if won == lost else scoring.loss
                    )
            if number > 1:
                homes = [h for h, _ in pairs]
                aways = [w for _, w in pairs]
                if any(sorted(side, key=order.index) != side for side in (homes, aways)):
                    problems.append(f"round {number}: squads {sorted(pair)} not paired 1st v 1st by ranking")
        paired = sorted({s for pair in by_match for s in pair})
        rematches = [pair for pair in by_match if pair in met]
        if rematches and _rematch_avoidable(paired, met):
            problems.append(f"round {number}: squads meet again though a pairing without a rematch exists")
        met |= set(by_match)
        games += round_games
    return problems, {squad: (t[0], t[1], t[2], t[3]) for squad, t in totals.items()}


def _limits(conn: Connection, event: Event, state: Played, squad_of: dict[int, int]) -> list[str]:
    problems: list[str] = []
    rosters: dict[int, Counter[str]] = defaultdict(Counter)
    stars: dict[int, Counter[str]] = defaultdict(Counter)
    for team_id in state.ranked_ids:
        squad = squad_of.get(team_id)
        if squad is None:
            problems.append(f"roster {team_id} is in no squad")
            continue
        team = state.teams[team_id]
        rosters[squad][team.roster] += 1
        for player in team_store.players(conn, team):
            if player.position.startswith(STAR_PREFIX):
                stars[squad][player.position] += 1
    for squad, counts in rosters.items():
        problems += [f"squad {squad} has {n} {roster} rosters" for roster, n in counts.items() if n > 1]
    for squad, counts in stars.items():
        problems += [f"squad {squad} has {star} {n} times" for star, n in counts.items() if n > 1]
    if event.rulespack.team_size is not None:
        sizes = Counter(squad_of.get(t) for t in state.ranked_ids)
        problems += [
            f"squad {squad} plays with {n} rosters, not {event.rulespack.team_size}"
            for squad, n in sizes.items()
            if n != event.rulespack.team_size
        ]
    return problems


def check_team_event(
    conn: Connection,
    event: Event,
    scoring: TournamentScoring,
    ranking: Ranking,
    squad_ranking: Callable[[Played], list[SquadRow[int]]],
) -> list[str]:
    """Every problem found in one team event (empty when sound). `ranking`/`squad_ranking` are the bot's."""
    state = played(conn, event)
    squads = squad_store.squads(conn, event.league.guild_id, event.id)
    by_coach = {coach: s.id for s in squads for coach in s.members}
    squad_of = {tid: by_coach[t.coach_id] for tid, t in state.teams.items() if t.coach_id in by_coach}
    problems, expected = _pairings(conn, event, state, scoring, squad_of)
    rows = squad_ranking(state)
    for row in rows:
        got = (row.team_points, row.won, row.drawn, row.lost)
        if got != expected.get(row.squad, (0, 0, 0, 0)):
            problems.append(
                f"squad {row.squad}: ranked with {got}, the results give {expected.get(row.squad)}"
            )
    points = [row.team_points for row in rows]
    if points != sorted(points, reverse=True):
        problems.append("the squad rankings are not in team points order")
    if {row.squad for row in rows} != {s.id for s in squads}:
        problems.append("the squad rankings do not list exactly the squads")
    return (
        problems + _limits(conn, event, state, squad_of) + individual_problems(state, ranking(state), scoring)
    )
