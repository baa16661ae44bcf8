"""A group and knock-out team event (seed 000: the group format "can also be used together with the likes of
Team Events"); one of the formats of formats.py.

The squads are the units of the groups, the knock-out and Best of the Rest, planned as a coaches' group
event plans its coaches (format_groups.py `plan_units`); each squad match is then its coaches' games, drawn
with the dice in round 1 and 1st v 1st by individual ranking after (tournament_teams.py), each table labelled
with its stage and the squad match ("Group A · Squad X v Squad Y"). A squad's Bye is a Bye for each of its
coaches. The event is read back as squads (`squad_groups`): each round's coach tables grouped into squad
matches, the group stage ranked by the squad ranking, each knock-out squad match decided by
`knockout_match_winner` (seeds: the group stage's qualification order).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from bot.i18n import _
from bot.rules.dice import Dice
from bot.rules.tournament.event_state import (
    Bracket,
    EventState,
    PlannedTable,
    RoundPlan,
    check_entries,
    meeting_again,
)
from bot.rules.tournament.format_groups import check_knockout, plan_units, sections_of
from bot.rules.tournament.format_groups import describe as describe  # groups, a knock-out (of squads)
from bot.rules.tournament.format_groups import has_bracket as has_bracket
from bot.rules.tournament.format_team import (
    SquadsPlayed,
    members_ranked,
    names_of,
    squad_refusals,
    squads_played,
)
from bot.rules.tournament.format_team import check_swap as check_swap  # only coaches of one squad
from bot.rules.tournament.format_team import ranking as ranking  # the coaches' individual ranking
from bot.rules.tournament.format_team import squad_ranking as squads_by_points
from bot.rules.tournament.tournament_groups import (
    GroupsProgress,
    Ranker,
    StagedTable,
    StageName,
    complete_rounds,
    progress,
)
from bot.rules.tournament.tournament_scoring import TournamentGame
from bot.rules.tournament.tournament_settings import GROUP_ROUNDS
from bot.rules.tournament.tournament_teams import (
    SquadMatch,
    SquadRow,
    games_won,
    knockout_match_winner,
    rank_squads,
    squad_games,
)

MatchKey = tuple[int, int, int | None]  # round, first squad, second squad (None: a Bye)


@dataclass(frozen=True)
class SquadGroups:
    """A group and knock-out team event read as squads: the squad tables (one per squad match; its `game` a
    summary once every game of it is confirmed, its `winner` in the knock-out), the squad matches by
    (round, first, second), and the event as `tournament_groups.progress` reads it for squads."""

    squads: SquadsPlayed
    tables: tuple[StagedTable[int], ...]
    matches: dict[tuple[int, int, int], SquadMatch[int, int]]
    progress: GroupsProgress[int]


def _squad_ranker(
    state: EventState,
    squads: SquadsPlayed,
    matches: Mapping[tuple[int, int, int], SquadMatch[int, int]],
    coach_byes: Mapping[tuple[int, int], tuple[int, ...]],
) -> Ranker[int]:
    """The squad ranking (`rank_squads`) over some squad tables, as the group rules rank units."""

    def ranker(units: Sequence[int], tables: Sequence[StagedTable[int]]) -> list[SquadRow[int]]:
        mine = [matches[(t.round, t.first, t.second)] for t in tables if t.second is not None]
        complete = complete_rounds(tables)  # a Bye counts once its round's squad matches are confirmed
        bye_tables = [t for t in tables if t.second is None and t.round in complete]
        byes = [t.first for t in bye_tables]
        coaches = [c for t in bye_tables for c in coach_byes.get((t.round, t.first), ())]
        return rank_squads(
            state.scoring,
            list(units),
            squads.squad_of,
            [m for m in mine if m.games],
            byes,
            coaches,
            state.rulespack.tiebreakers,
            state.votes,
            state.rulespack.custom_tiebreaker or None,
        )

    return ranker


def _squad_tables(
    state: EventState,
    squads: SquadsPlayed,
    buckets: Mapping[MatchKey, Sequence[StagedTable[int]]],
    matches: Mapping[tuple[int, int, int], SquadMatch[int, int]],
    seeds: Sequence[int],
) -> list[StagedTable[int]]:
    """One table per squad match, in order: its summary once every game of it is confirmed, and in the
    knock-out its winner once every game has one."""
    out: list[StagedTable[int]] = []
    for position, ((number, first, second), coach_tables) in enumerate(buckets.items(), start=1):
        stage = coach_tables[-1].stage
        summary: TournamentGame[int] | None = None
        winner: int | None = None
        if second is not None and all(t.game is not None for t in coach_tables):
            match = matches[(number, first, second)]
            won_first, won_second = games_won(match, squads.squad_of, state.scoring)
            summary = TournamentGame(first, second, won_first, won_second)
            winners = [t.winner for t in coach_tables if t.winner is not None]
            if stage == "knockout" and len(winners) == len(coach_tables):
                winner = knockout_match_winner(match, squads.squad_of, winners, state.scoring, seeds)
        out.append(StagedTable(number, position, stage, first, second, summary, winner))
    return out


def squad_groups(state: EventState, squads: SquadsPlayed) -> SquadGroups:
    """Read the event back as squads (see the module's docstring)."""
    squad_of = squads.squad_of
    buckets: dict[MatchKey, list[StagedTable[int]]] = {}
    for table in sorted(state.tables, key=lambda t: (t.round, t.number)):
        if table.first not in squad_of or (table.second is not None and table.second not in squad_of):
            continue
        second = squad_of[table.second] if table.second is not None else None
        buckets.setdefault((table.round, squad_of[table.first], second), []).append(table)
    matches: dict[tuple[int, int, int], SquadMatch[int, int]] = {}
    coach_byes: dict[tuple[int, int], tuple[int, ...]] = {}
    for (number, first, second), coach_tables in buckets.items():
        if second is None:
            coach_byes[(number, first)] = tuple(t.first for t in coach_tables)
        else:
            games = tuple(t.game for t in coach_tables if t.game is not None)
            matches[(number, first, second)] = SquadMatch(first, second, games)
    ranker = _squad_ranker(state, squads, matches, coach_byes)
    rulespack = state.rulespack
    group_only = [t for t in _squad_tables(state, squads, buckets, matches, ()) if t.stage == "group"]
    seeds = [
        row.coach
        for row in progress(
            state.scoring,
            squads.squads,
            group_only,
            rulespack.qualifiers,
            rulespack.tiebreakers,
            None,
            ranker,
        ).order
    ]
    tables = tuple(_squad_tables(state, squads, buckets, matches, seeds))
    now = progress(
        state.scoring, squads.squads, tables, rulespack.qualifiers, rulespack.tiebreakers, None, ranker
    )
    return SquadGroups(squads, tables, matches, now)


# --- the format -----


def check_start(state: EventState, limits: Mapping[int, Sequence[str]]) -> None:
    check_entries(state, squad_refusals(state, limits), (len(state.squads), "squads"))


def check_round(state: EventState, number: int) -> None:
    if number > GROUP_ROUNDS:
        check_knockout(state.name, number, squad_groups(state, squads_played(state)).progress)


def plan_round(state: EventState, number: int, dice: Dice) -> RoundPlan:
    """The squads paired as units (groups, knock-out, Best of the Rest), then each squad match its coaches'
    games, drawn with the dice in round 1 and 1st v 1st by individual ranking after."""
    squads = squads_played(state)
    members = members_ranked(squads, ranking(state))
    names = names_of(state)
    read = squad_groups(state, squads)
    plan = plan_units(state, number, dice, squads.squads, lambda: read.progress, read.tables, names, None)
    tables: list[PlannedTable] = []
    draws = list(plan.draws)
    for table in plan.tables:
        assert table.away is not None  # squads are never paired with the Spare Player
        games, dice_used = squad_games(number, members[table.home], members[table.away], dice)
        draws += dice_used
        label = _(
            "{stage} · {first} v {second}",
            stage=table.label,
            first=names[table.home],
            second=names[table.away],
        )
        tables += [PlannedTable(home, away, table.stage, label) for home, away in games]
    byes: tuple[tuple[int, StageName, str | None], ...] = tuple(
        (
            coach,
            stage,
            _("{stage} · {squad}: Bye", stage=label, squad=names[squad])
            if label
            else _("{squad}: Bye", squad=names[squad]),
        )
        for squad, stage, label in plan.byes
        for coach in members[squad]
    )
    notes = (*plan.notes, *meeting_again(names, plan.rematches))
    return RoundPlan(tuple(tables), byes=byes, draws=tuple(draws), notes=notes)


def squad_ranking(state: EventState) -> list[SquadRow[int]]:
    """The squads by the knock-out places, then Best of the Rest (before the knock-out, by the group stage's
    qualification order); each row keeps the squad's totals over the event."""
    totals = {row.squad: row for row in squads_by_points(state)}
    order = squad_groups(state, squads_played(state)).progress.order
    return [replace(totals[line.coach], position=line.position, decided_by=line.decided_by) for line in order]


def sections(state: EventState) -> tuple[tuple[int, str], ...]:
    """The headings of the squad ranking."""
    return sections_of(squad_groups(state, squads_played(state)).progress, state.rulespack.qualifiers)


def bracket(state: EventState) -> Bracket:
    read = squad_groups(state, squads_played(state))
    return Bracket(read.progress, names_of(state), read.tables)
