"""A team event (seed 000, Team Events): squads of coaches paired by the Swiss rule, each squad match its
coaches' games; one of the formats of formats.py.

The squads are read from the event as played (`squads_played`): each roster's squad, the squad matches of
each round (the confirmed games between two squads' coaches), the squad Byes, the pairs of squads that have
met. Round 1 draws the squads and each match's coaches with the dice; later rounds pair the squad ranking by
the Swiss rule and each match's coaches 1st v 1st by individual ranking (`team_round` in
tournament_teams.py). The squads are ranked by team points, games won, games drawn, then the rulespack's
tiebreakers summed (`rank_squads`); the coaches keep the individual ranking of a standard event.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from bot.errors import RuleViolation
from bot.i18n import _, ngettext
from bot.rules.dice import Dice
from bot.rules.tournament import format_swiss
from bot.rules.tournament.event_state import EventState, PlannedTable, RoundPlan, check_entries, meeting_again
from bot.rules.tournament.format_swiss import bracket as bracket  # a Swiss event of squads: no bracket
from bot.rules.tournament.format_swiss import check_round as check_round  # any round of squads
from bot.rules.tournament.format_swiss import describe as describe  # Swiss rounds (of squads)
from bot.rules.tournament.format_swiss import has_bracket as has_bracket
from bot.rules.tournament.format_swiss import ranking as ranking  # the coaches': it pairs a squad match
from bot.rules.tournament.format_swiss import sections as sections
from bot.rules.tournament.tournament_scoring import RankingRow, TournamentGame
from bot.rules.tournament.tournament_teams import SquadMatch, SquadRow, rank_squads, team_round


@dataclass(frozen=True)
class SquadsPlayed:
    """The squads of a team event with what they played: the squad of each roster, the squad matches with
    their confirmed games (by round, in table order), the squad Byes and the pairs of squads that have met."""

    squads: tuple[int, ...]  # in creation order
    squad_of: Mapping[int, int]  # roster (team id) -> squad id
    matches: tuple[SquadMatch[int, int], ...]
    squad_byes: tuple[int, ...]  # of the rounds complete: what the squad ranking counts
    met: frozenset[frozenset[int]]
    had_bye: frozenset[int]  # every squad that had a Bye, its round played or not: what pairing avoids


def squads_played(state: EventState) -> SquadsPlayed:
    """Read the squads' matches from every table paired: a squad match is the games between two squads'
    coaches in one round; a coach's Bye is his squad's."""
    squad_of = state.squad_of
    games: dict[tuple[int, int, int], list[TournamentGame[int]]] = {}
    met: set[frozenset[int]] = set()
    byes: set[tuple[int, int]] = set()
    for table in state.tables:
        if table.second is None:
            if table.first in squad_of:
                byes.add((table.round, squad_of[table.first]))
            continue
        if table.first not in squad_of or table.second not in squad_of:
            continue
        home, away = squad_of[table.first], squad_of[table.second]
        met.add(frozenset((home, away)))
        bucket = games.setdefault((table.round, home, away), [])
        if table.game is not None:
            bucket.append(table.game)
    matches = tuple(
        SquadMatch(home, away, tuple(bucket))
        for (_number, home, away), bucket in sorted(games.items())
        if bucket
    )
    return SquadsPlayed(
        tuple(s.id for s in state.squads),
        squad_of,
        matches,
        tuple(squad for number, squad in sorted(byes) if number in state.complete),  # ranked once played
        frozenset(met),
        frozenset(squad for _round, squad in byes),
    )


def members_ranked(squads: SquadsPlayed, individual: Sequence[RankingRow[int]]) -> dict[int, list[int]]:
    """Each squad's approved rosters in individual ranking order, best first."""
    members: dict[int, list[int]] = {s: [] for s in squads.squads}
    for row in individual:
        squad = squads.squad_of.get(row.coach)
        if squad is not None:
            members[squad].append(row.coach)
    return members


def squad_refusals(state: EventState, limits: Mapping[int, Sequence[str]]) -> list[str]:
    """Why a team event cannot start: every squad needs exactly team_size approved rosters, every approved
    roster a squad, the squad's limits kept (`limits`: what each squad's rosters break, found by the
    services), no Spare Player, and an odd number of squads a Bye."""
    size = state.rulespack.team_size
    refusals: list[str] = []
    approved = {state.coach_of[team]: team for team in state.units}
    for squad in state.squads:
        rosters = [coach for coach in squad.members if coach in approved]
        if len(rosters) != size:
            refusals.append(
                ngettext(
                    "{squad} has {n} approved roster; a squad plays with {size}.",
                    "{squad} has {n} approved rosters; a squad plays with {size}.",
                    len(rosters),
                    squad=squad.name,
                    size=size,
                )
            )
        refusals += limits.get(squad.id, ())
    in_squads = {coach for squad in state.squads for coach in squad.members}
    strays = [state.names[team] for coach, team in approved.items() if coach not in in_squads]
    if strays:
        refusals.append(_("Not in a squad: {teams}.", teams=", ".join(strays)))
    if state.spare is not None:
        refusals.append(_("A team event has no Spare Player: unmark it (/event spare)."))
    count = len(state.squads)
    if count < 2:
        refusals.append(_("{event} needs at least 2 squads (it has {count}).", event=state.name, count=count))
    elif count % 2 and state.rulespack.odd_player != "bye":
        refusals.append(
            _("{count} squads is an odd number: set odd_player: bye in the rulespack.", count=count)
        )
    return refusals


def check_same_squad(state: EventState, first: int, second: int) -> None:
    """Two rosters of different squads may not trade tables: the swap would break the squad matches."""
    squad = state.squad_of.get(first)
    if squad is None or squad != state.squad_of.get(second):
        raise RuleViolation(
            _(
                "{first} and {second} play for different squads: in a team event only coaches of the same "
                "squad can swap tables.",
                first=state.names[first],
                second=state.names[second],
            )
        )


def names_of(state: EventState) -> dict[int, str]:
    return {s.id: s.name for s in state.squads}


# --- the format -----


def check_start(state: EventState, limits: Mapping[int, Sequence[str]]) -> None:
    check_entries(state, squad_refusals(state, limits))


def plan_round(state: EventState, number: int, dice: Dice) -> RoundPlan:
    """Squads by the Swiss rule (drawn in round 1, by the squad ranking after), their coaches drawn in round
    1 and 1st v 1st by individual ranking after; each table labelled with its squad match. A squad's Bye is
    a Bye for each of its coaches."""
    squads = squads_played(state)
    members = members_ranked(squads, ranking(state))
    order = list(squads.squads) if number == 1 else [row.squad for row in _ranked(state, squads)]
    team = team_round(
        number,
        order,
        members,
        dice,
        met=squads.met,
        had_bye=squads.had_bye,
        keep_top_pair=state.keep_top_pair(number),
    )
    names = names_of(state)
    tables = tuple(
        PlannedTable(
            home, away, "swiss", _("{first} v {second}", first=names[match.first], second=names[match.second])
        )
        for match in team.matches
        for home, away in match.games
    )
    label = _("{squad}: Bye", squad=names[team.bye]) if team.bye is not None else None
    return RoundPlan(
        tables=tables,
        byes=tuple((coach, "swiss", label) for coach in team.bye_coaches),
        draws=team.draws,
        notes=meeting_again(names, team.rematches),
    )


def _ranked(state: EventState, squads: SquadsPlayed) -> list[SquadRow[int]]:
    return rank_squads(
        state.scoring,
        squads.squads,
        squads.squad_of,
        squads.matches,
        squads.squad_byes,
        state.ranked_byes,
        state.rulespack.tiebreakers,
        state.votes,
        state.rulespack.custom_tiebreaker or None,
    )


def squad_ranking(state: EventState) -> list[SquadRow[int]]:
    """Seed 000's team rankings: team points, games won, games drawn, then the rulespack's tiebreakers summed
    over each squad's coaches; squads in creation order as the last resort."""
    return _ranked(state, squads_played(state))


def check_swap(state: EventState, first: int, second: int) -> None:
    """Only coaches of one squad trade tables, as two coaches of a Swiss round do."""
    check_same_squad(state, first, second)
    format_swiss.check_swap(state, first, second)
