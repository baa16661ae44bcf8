"""Group and knock-out events (seed 000, Group & Knockout Events): the planner of their rounds and what the
bracket shows. The rules are in rules/tournament/tournament_groups.py; the event as played is read back
from its stored tables (`tournaments.groups_progress`), so a round is planned from what was paired and
confirmed.

Rounds 1-3: the groups of four (drawn with the bot's dice in round 1, every die logged) play their round
robin. Round 4: once every group game is confirmed, the qualifiers are seeded into the knock-out (tables
"Places 1-Q") and the others start Best of the Rest (its own round 1 drawn with the dice). Later rounds:
each knock-out bracket splits into winners and losers (tables "Places p-q", the last "Final"), and Best of
the Rest pairs by its own rankings (avoiding any pair that has met in the event, as a Swiss round does).

A team event in groups (seed 000: "This format can also be used together with the likes of Team Events")
pairs its squads the same way (`_plan_units`), read back as squads by `tournament_squads.squad_groups`; each
squad match is then its coaches' games (`_plan_squads`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from bot.errors import RuleViolation
from bot.rules.tournament.swiss import SwissRound, first_round, next_round
from bot.rules.tournament.tournament_groups import (
    REST_LABEL,
    GroupsProgress,
    StagedTable,
    check_entrants,
    draw_groups,
    group_games,
    group_name,
    next_knockout,
    seed_knockout,
)
from bot.rules.tournament.tournament_settings import GROUP_ROUNDS
from bot.rules.tournament.tournament_teams import draw_coaches, pair_ranked
from bot.services.runtime import Runtime
from bot.services.tournament import tournament_play
from bot.services.tournament.tournament_squads import members_ranked, squad_groups, squads_played
from bot.services.tournament.tournaments import Event, Played, find_event, groups_progress, played, ranking
from bot.store import tournament_squads as squad_store
from bot.store.connection import Connection
from bot.store.teams import TeamRow
from bot.store.tournaments import Stage


def check_start(conn: Connection, event: Event, coaches: int) -> None:
    """/event start: a group event needs groups of four and at least its qualifiers (of squads, in a team
    event: the groups are of squads)."""
    if event.rulespack.is_team_event:
        count = len(squad_store.squads(conn, event.league.guild_id, event.id))
        what = "squads"
    else:
        count, what = coaches, "coaches"
    try:
        check_entrants(count, event.rulespack.qualifiers)
    except ValueError as error:
        raise RuleViolation(
            f"{event.name} has {count} {what}: a group and knock-out event needs a multiple of 4, at "
            f"least {max(4, event.rulespack.qualifiers)} (its qualifiers). "
            + (
                "Add or disband squads, or change qualifiers in the rulespack."
                if what == "squads"
                else "Approve or reject entries, or change qualifiers in the rulespack."
            )
        ) from error


def _met_and_odd(
    tables: Sequence[StagedTable[int]], spare: int | None
) -> tuple[set[frozenset[int]], set[int]]:
    """Pairs that have met anywhere in the event; units that had Best of the Rest's Bye or Spare Player."""
    met: set[frozenset[int]] = set()
    had_odd: set[int] = set()
    for table in tables:
        if table.second is None or table.second == spare:
            had_odd.add(table.first)
        else:
            met.add(frozenset((table.first, table.second)))
    return met, had_odd


def plan_round(
    conn: Connection, rt: Runtime, event: Event, state: Played, number: int
) -> tournament_play.RoundPlan:
    """Round `number` of a group and knock-out event (see the module's docstring); a team event's units
    are its squads (`_plan_squads`)."""
    if event.rulespack.is_team_event:
        return _plan_squads(conn, rt, event, state, number)
    names = {u: t.name for u, t in state.teams.items()}
    return _plan_units(
        rt,
        event,
        number,
        state.ranked_ids,
        lambda: groups_progress(rt, state),
        state.tables,
        names,
        state.spare_team_id,
    )


def _plan_units(
    rt: Runtime,
    event: Event,
    number: int,
    units: Sequence[int],
    now_of: Callable[[], GroupsProgress[int]],
    stored: Sequence[StagedTable[int]],
    names: Mapping[int, str],
    spare: int | None,
) -> tournament_play.RoundPlan:
    """Round `number` of the units (coaches' teams, or squads): groups, knock-out, Best of the Rest."""
    planned = tournament_play.PlannedTable
    if number == 1:
        drawn = draw_groups(units, rt.dice)
        tables = [
            planned(a, b, "group", group_name(i))
            for i, group in enumerate(drawn.groups)
            for a, b in group_games(group, 0)
        ]
        groups = tuple(
            f"{group_name(i)}: " + ", ".join(names[u] for u in group) for i, group in enumerate(drawn.groups)
        )
        return tournament_play.RoundPlan(tuple(tables), draws=drawn.draws, notes=groups)
    now = now_of()
    if number <= GROUP_ROUNDS:
        return tournament_play.RoundPlan(
            tuple(
                planned(a, b, "group", g.name)
                for g in now.groups
                for a, b in group_games(g.members, number - 1)
            )
        )
    odd_player = event.rulespack.odd_player
    rest: SwissRound[int] | None
    if number == GROUP_ROUNDS + 1:
        if not now.groups_complete:
            raise RuleViolation(
                f"{event.name}: every group game must be confirmed before the knock-out is drawn."
            )
        order = [row.coach for row in now.order]
        qualifiers = event.rulespack.qualifiers
        knockout = seed_knockout(order[:qualifiers], now.group_of)
        others = [u for u in units if u not in order[:qualifiers]]
        rest = first_round(others, rt.dice, odd_player) if len(others) >= 2 else None
        seeds = ", ".join(f"{i}. {names[u]}" for i, u in enumerate(order[:qualifiers], start=1))
        notes: tuple[str, ...] = (f"Knock-out seeds: {seeds}.",)
    else:
        if not now.knockout or any(g.winner is None for g in now.knockout[-1]):
            raise RuleViolation(
                f"{event.name}: every knock-out game must have its winner before the next round is paired."
            )
        if now.knockout[-1][0].high - now.knockout[-1][0].low == 1:
            raise RuleViolation(f"{event.name}: the knock-out is over; the event can be finished.")
        knockout = next_knockout(now.knockout[-1])
        met, had_odd = _met_and_odd(stored, spare)
        rest_order = [row.coach for row in now.rest]
        rest = (
            next_round(rest_order, met, odd_player=odd_player, had_odd=had_odd)
            if len(rest_order) >= 2
            else None
        )
        notes = ()
    tables = [planned(g.first, g.second, "knockout", g.label) for g in knockout]
    byes: tuple[tuple[int, Stage, str | None], ...] = ()
    if rest is not None:
        tables += [planned(t.first, t.second, "rest", REST_LABEL) for t in rest.tables]
        byes = ((rest.bye, "rest", REST_LABEL),) if rest.bye is not None else ()
    return tournament_play.RoundPlan(
        tuple(tables),
        byes=byes,
        draws=rest.draws if rest is not None else (),
        rematches=rest.rematches if rest is not None else (),
        notes=notes,
    )


def _plan_squads(
    conn: Connection, rt: Runtime, event: Event, state: Played, number: int
) -> tournament_play.RoundPlan:
    """A group and knock-out team event: the squads are paired as units (groups, knock-out, Best of the
    Rest), then each squad match becomes its coaches' games, drawn with the dice in round 1 and 1st v 1st
    by individual ranking after (rules/tournament/tournament_teams.py); each table is labelled with its stage
    and the squad match ("Group A · Squad X v Squad Y"). A squad's Bye is a Bye for each of its coaches."""
    squads = squads_played(conn, event, state)
    members = members_ranked(state, squads, ranking(rt, state))
    names = {s.id: s.name for s in squads.squads}
    read = squad_groups(rt, state, squads)
    plan = _plan_units(
        rt,
        event,
        number,
        [s.id for s in squads.squads],
        lambda: read.progress,
        read.tables,
        names,
        None,
    )
    planned = tournament_play.PlannedTable
    tables: list[tournament_play.PlannedTable] = []
    draws = list(plan.draws)
    for table in plan.tables:
        assert table.away is not None  # squads are never paired with the Spare Player
        first, second = members[table.home], members[table.away]
        if number == 1:
            games, dice_used = draw_coaches(first, second, rt.dice)
            draws += dice_used
        else:
            games = pair_ranked(first, second)
        label = f"{table.label} · {names[table.home]} v {names[table.away]}"
        tables += [planned(home, away, table.stage, label) for home, away in games]
    byes = tuple(
        (coach, stage, f"{label} · {names[squad]}: Bye" if label else f"{names[squad]}: Bye")
        for squad, stage, label in plan.byes
        for coach in members[squad]
    )
    return tournament_play.RoundPlan(
        tuple(tables),
        byes=byes,
        draws=tuple(draws),
        rematches=(),
        notes=(
            *plan.notes,
            *(
                f"{names[a]} and {names[b]} meet again: no other pairing was possible."
                for a, b in (sorted(pair) for pair in plan.rematches)
            ),
        ),
    )


# --- reading: the bracket -----


def _progress(conn: Connection, rt: Runtime, state: Played) -> GroupsProgress[int]:
    """The event as played: of the coaches' teams, or of the squads in a team event."""
    if state.event.rulespack.is_team_event:
        return squad_groups(rt, state, squads_played(conn, state.event, state)).progress
    return groups_progress(rt, state)


def sections(conn: Connection, rt: Runtime, state: Played) -> tuple[tuple[int, str], ...]:
    """Headings of a group event's rankings: (the position a section starts at, its heading); in a team
    event they head the squad ranking."""
    now = _progress(conn, rt, state)
    qualifiers = state.event.rulespack.qualifiers
    if not now.knockout:
        return ((1, f"Group stage: group winners, then runners-up, ... (the first {qualifiers} qualify)"),)
    heads = [(1, f"Knock-out: places 1-{qualifiers}" + (" (decided)" if now.places else " (so far)"))]
    if now.rest_units:
        heads.append(
            (qualifiers + 1, f"{REST_LABEL}: places {qualifiers + 1}-{qualifiers + len(now.rest_units)}")
        )
    return tuple(heads)


@dataclass(frozen=True)
class Bracket:
    """A group event as it stands: the groups, the knock-out rounds, Best of the Rest (team rows by id)."""

    event: Event
    progress: GroupsProgress[int]
    teams: dict[int, TeamRow]
    first_knockout_round: int
    squads: dict[int, str] = field(default_factory=dict)  # a team event: its units are squads (id -> name)


def bracket_in(conn: Connection, rt: Runtime, guild_id: int, reference: str | None) -> Bracket:
    event = find_event(conn, guild_id, reference)
    if event.rulespack.format != "groups":
        raise RuleViolation(f"{event.name} is a Swiss event: see /tournament standings and pairings.")
    state = played(conn, event)
    squads = {s.id: s.name for s in squad_store.squads(conn, guild_id, event.id)}
    return Bracket(
        event,
        _progress(conn, rt, state),
        state.teams,
        GROUP_ROUNDS + 1,
        squads if event.rulespack.is_team_event else {},
    )


async def bracket(rt: Runtime, guild_id: int, reference: str | None) -> Bracket:
    """A group and knock-out event: its group tables, knock-out bracket with the places decided, and Best of
    the Rest's rankings (of squads, in a team event)."""
    return await rt.db.read(lambda conn: bracket_in(conn, rt, guild_id, reference))
