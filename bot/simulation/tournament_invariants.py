"""Invariants of a Swiss tournament after any run (the simulator checks them; tests use them too).

- every ranked coach plays exactly once a round (a game or a Bye), the Spare Player at most once;
- every round after the first is exactly the pairing seed 000's rules give from the rankings of the rounds
  before (so no avoidable rematch, the Spare Player or the Bye to the lowest-ranked coach who has not had
  it); the first is a draw, so only the once-a-round rule is checked there;
- the standings equal a recomputation, by plain arithmetic, from the confirmed results and the Byes;
- the Spare Player is never ranked; every winner gained exactly one Dedicated Fan per win;
- the Carnage Cup and Most Patched-Up count every casualty reported, crowd pushes included, and the
  organiser's own tiebreaker ranks by the numbers reported (`result_number_problems`).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable
from itertools import pairwise

from bot.catalog.models import TournamentScoring
from bot.rules.match.match_result import ResultReport
from bot.rules.tournament.swiss import next_round
from bot.rules.tournament.tournament_scoring import RankingRow, TournamentGame, rank
from bot.services.tournament.tournament_awards import Standing
from bot.services.tournament.tournaments import Event, Played, game_of, played
from bot.store import seasons as season_store
from bot.store import tournaments as tournament_store
from bot.store.connection import Connection

Ranking = Callable[[Played], list[RankingRow[int]]]  # the bot's own ranking of an event as played


def _rounds(conn: Connection, event: Event) -> dict[int, list[tournament_store.TableRow]]:
    by_round: dict[int, list[tournament_store.TableRow]] = defaultdict(list)
    for table in tournament_store.tables(conn, event.league.guild_id, event.id):
        by_round[table.round_number].append(table)
    return dict(sorted(by_round.items()))


def _pairings(conn: Connection, event: Event, state: Played, scoring: TournamentScoring) -> list[str]:
    problems: list[str] = []
    guild_id = event.league.guild_id
    fixtures = {fx.id: fx for fx in season_store.fixtures(conn, guild_id, league_id=event.id)}
    spare = state.spare_team_id
    ranked = state.ranked_ids
    rounds = _rounds(conn, event)
    met: set[frozenset[int]] = set()
    had_odd: set[int] = set()
    games: list[TournamentGame[int]] = []
    byes: list[int] = []
    for number, tables in rounds.items():
        seen: Counter[int] = Counter()
        pairs: set[frozenset[int]] = set()
        odd: int | None = None
        round_games: list[TournamentGame[int]] = []
        for table in tables:
            if table.bye_team_id is not None:
                seen[table.bye_team_id] += 1
                odd = table.bye_team_id
                continue
            fx = fixtures[table.fixture_id or 0]
            seen[fx.home_team_id] += 1
            seen[fx.away_team_id] += 1
            if spare in (fx.home_team_id, fx.away_team_id):
                odd = fx.away_team_id if fx.home_team_id == spare else fx.home_team_id
            else:
                pairs.add(frozenset((fx.home_team_id, fx.away_team_id)))
            if fx.status == "confirmed" and fx.report is not None:
                report = ResultReport.model_validate_json(fx.report)
                round_games.append(game_of(report, fx.home_team_id, fx.away_team_id))
        for team in ranked:
            if seen[team] != 1:
                problems.append(f"round {number}: team {team} is paired {seen[team]} times (once a round)")
        if spare is not None and seen[spare] > 1:
            problems.append(f"round {number}: the Spare Player plays {seen[spare]} games")
        if number > 1:
            ranking = [row.coach for row in rank(scoring, ranked, games, byes, event.rulespack.tiebreakers)]
            final = number == event.rulespack.rounds and event.rulespack.final_rematch
            expected = next_round(
                ranking, met, odd_player=event.rulespack.odd_player, had_odd=had_odd, keep_top_pair=final
            )
            want = {frozenset((t.first, t.second)) for t in expected.tables if t.second is not None}
            want_odd = expected.bye if expected.bye is not None else expected.spare_opponent
            if want != pairs or want_odd != odd:
                avoidable = len([p for p in pairs if p in met]) - len(expected.rematches)
                problems.append(
                    f"round {number}: the pairings are not seed 000's from the rankings"
                    + (f" ({avoidable} avoidable rematches)" if avoidable > 0 else "")
                )
        met |= pairs
        if odd is not None:
            had_odd.add(odd)
            if odd in [t.bye_team_id for t in tables]:
                byes.append(odd)
        games += round_games
    return problems


def recomputed_totals(state: Played, scoring: TournamentScoring) -> dict[int, tuple[int, int, int, int, int]]:
    """(TP, BP, TD for, TD against, casualties) per ranked coach, by plain arithmetic from the reports."""
    totals: dict[int, list[int]] = {team: [0, 0, 0, 0, 0] for team in state.ranked_ids}

    def add(team: int, tp: int, bp: int, scored: int, conceded: int, cas: int) -> None:
        if team in totals:
            for i, value in enumerate((tp, bp, scored, conceded, cas)):
                totals[team][i] += value

    for game in state.games:
        a, b = game.first_score, game.second_score
        if game.conceded_by is None:
            for team, mine, theirs, cas in (
                (game.first, a, b, game.first_cas),
                (game.second, b, a, game.second_cas),
            ):
                tp = scoring.win if mine > theirs else scoring.draw if mine == theirs else scoring.loss
                bp = (mine >= scoring.bonus_touchdowns) + (theirs == 0) + (cas >= scoring.bonus_casualties)
                add(team, tp, bp, mine, theirs, cas)
            continue
        winner_first = game.conceded_by == game.second
        won, lost = (a, b) if winner_first else (b, a)
        if (won - lost, won) <= (
            scoring.concession_score[0] - scoring.concession_score[1],
            scoring.concession_score[0],
        ):
            won, lost = scoring.concession_score
        winner, loser = (game.first, game.second) if winner_first else (game.second, game.first)
        winner_cas, loser_cas = (
            (game.first_cas, game.second_cas) if winner_first else (game.second_cas, game.first_cas)
        )
        add(winner, scoring.win, scoring.max_bonus_points, won, lost, winner_cas)
        add(loser, scoring.loss - scoring.concession_penalty, 0, lost, won, loser_cas)
    for team in state.byes:
        scored, conceded = scoring.bye_score
        add(team, scoring.win, 1 + (scored >= scoring.bonus_touchdowns), scored, conceded, 0)
    return {team: (t[0], t[1], t[2], t[3], t[4]) for team, t in totals.items()}


def _standings(rows: list[RankingRow[int]], state: Played, scoring: TournamentScoring) -> list[str]:
    problems: list[str] = []
    expected = recomputed_totals(state, scoring)
    if {row.coach for row in rows} != set(expected):
        problems.append("the rankings do not list exactly the ranked coaches")
    for row in rows:
        got = (row.tournament_points, row.bonus_points, row.td_for, row.td_against, row.cas_for)
        if row.coach in expected and got != expected[row.coach]:
            problems.append(f"team {row.coach}: ranked with {got}, the results give {expected[row.coach]}")
    points = [row.tournament_points for row in rows]
    if points != sorted(points, reverse=True):
        problems.append("the rankings are not in Tournament Points order")
    if state.spare_team_id is not None and state.spare_team_id in {row.coach for row in rows}:
        problems.append("the Spare Player is ranked")
    return problems


def _fans(state: Played) -> list[str]:
    wins: Counter[int] = Counter()
    for game in state.games:
        first, second = game.first_score, game.second_score
        if game.conceded_by is not None:
            wins[game.second if game.conceded_by == game.first else game.first] += 1
        elif first != second:
            wins[game.first if first > second else game.second] += 1
    for table in state.tables:  # a knock-out game level after extra time: the shoot-out's winner
        level = table.game is not None and table.game.first_score == table.game.second_score
        if level and table.winner is not None and table.game is not None and table.game.conceded_by is None:
            wins[table.winner] += 1
    return [
        f"team {e.team_id} gained {e.fans_gained} Dedicated Fans from {wins[e.team_id]} wins"
        for e in state.entries
        if e.fans_gained != wins[e.team_id]
    ]


def check_tournament(
    conn: Connection, event: Event, scoring: TournamentScoring, ranking: Ranking
) -> list[str]:
    """Every problem found in one event (an empty list when it is sound). `ranking` is the bot's own."""
    state = played(conn, event)
    return _pairings(conn, event, state, scoring) + _standings(ranking(state), state, scoring) + _fans(state)


def individual_problems(state: Played, rows: list[RankingRow[int]], scoring: TournamentScoring) -> list[str]:
    """The individual rankings against a recomputation, and the fans: what a team event shares with a
    standard one (its pairings are checked by bot/simulation/team_invariants.py)."""
    return _standings(rows, state, scoring) + _fans(state)


def result_number_problems(state: Played, standing: Standing) -> list[str]:
    """Seed 000's Carnage Cup and Most Patched-Up equal a recomputation from the reports, crowd pushes
    included (a conceded game keeps its casualties); each ranked coach's number for the organiser's own
    tiebreaker is the sum of what was reported for him, and a tie it settled puts the higher number first."""
    inflicted: Counter[int] = Counter()
    suffered: Counter[int] = Counter()
    custom: Counter[int] = Counter()
    for report in state.reports:
        for mine, theirs in ((report.home, report.away), (report.away, report.home)):
            caused = mine.casualties + mine.crowd_casualties
            inflicted[mine.team_id] += caused
            suffered[theirs.team_id] += caused
            custom[mine.team_id] += mine.tiebreaker or 0
    rows = standing.rows
    eligible = [row.coach for row in rows if row.played > 0 and row.coach != state.spare_team_id]
    problems: list[str] = []
    awarded = {award.key: award for award in standing.awards}
    for key, counts in (("carnage", inflicted), ("patched", suffered)):
        best = max((counts[c] for c in eligible), default=0)
        want = {c for c in eligible if counts[c] == best} if best > 0 else set()
        award = awarded[key]
        if {w.team for w in award.winners} != want or (want and award.value != best):
            problems.append(f"{award.name}: awarded {award.value}, the reports give {best} to {sorted(want)}")
    name = state.event.rulespack.custom_tiebreaker
    for above, row in pairwise(rows):
        if name and row.decided_by == name and not above.custom > row.custom:
            problems.append(f"team {row.coach} placed below team {above.coach} on {name} without fewer")
    problems += [
        f"team {row.coach}: {row.custom} {name or 'tiebreaker'} ranked, {custom[row.coach]} reported"
        for row in rows
        if row.custom != custom[row.coach]
    ]
    return problems
