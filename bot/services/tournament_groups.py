"""Group and knock-out events (seed 000, Group & Knockout Events): the planner of their rounds and what the
bracket shows. The rules are in bot/rules/tournament_groups.py; the event as played is read back from its
stored tables (`tournaments.groups_progress`), so a round is planned from what was paired and confirmed.

Rounds 1-3: the groups of four (drawn with the bot's dice in round 1, every die logged) play their round
robin. Round 4: once every group game is confirmed, the qualifiers are seeded into the knock-out (tables
"Places 1-Q") and the others start Best of the Rest (its own round 1 drawn with the dice). Later rounds:
each knock-out bracket splits into winners and losers (tables "Places p-q", the last "Final"), and Best of
the Rest pairs by its own rankings (avoiding any pair that has met in the event, as a Swiss round does).
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass

from bot.errors import RuleViolation
from bot.rules.swiss import SwissRound, first_round, next_round
from bot.rules.tournament_groups import (
    REST_LABEL,
    GroupsProgress,
    check_entrants,
    draw_groups,
    group_games,
    group_name,
    next_knockout,
    seed_knockout,
)
from bot.rules.tournament_settings import GROUP_ROUNDS
from bot.services import tournament_play
from bot.services.runtime import Runtime
from bot.services.tournaments import Event, Played, find_event, groups_progress, played
from bot.store.teams import TeamRow
from bot.store.tournaments import Stage


def check_start(event: Event, coaches: int) -> None:
    """/event start: a group event needs groups of four and at least its qualifiers."""
    try:
        check_entrants(coaches, event.rulespack.qualifiers)
    except ValueError as error:
        raise RuleViolation(
            f"{event.name} has {coaches} coaches: a group and knock-out event needs a multiple of 4, at "
            f"least {max(4, event.rulespack.qualifiers)} (its qualifiers). Approve or reject entries, or "
            "change qualifiers in the rulespack."
        ) from error


def _met_and_odd(state: Played) -> tuple[set[frozenset[int]], set[int]]:
    """Pairs that have met anywhere in the event; units that had Best of the Rest's Bye or Spare Player."""
    spare = state.spare_team_id
    met: set[frozenset[int]] = set()
    had_odd: set[int] = set()
    for table in state.tables:
        if table.second is None or table.second == spare:
            had_odd.add(table.first)
        else:
            met.add(frozenset((table.first, table.second)))
    return met, had_odd


def plan_round(
    conn: sqlite3.Connection, rt: Runtime, event: Event, state: Played, number: int
) -> tournament_play.RoundPlan:
    """Round `number` of a group and knock-out event (see the module's docstring)."""
    planned = tournament_play.PlannedTable
    names = state.teams
    if number == 1:
        drawn = draw_groups(state.ranked_ids, rt.dice)
        tables = [
            planned(a, b, "group", group_name(i))
            for i, group in enumerate(drawn.groups)
            for a, b in group_games(group, 0)
        ]
        groups = tuple(
            f"{group_name(i)}: " + ", ".join(names[u].name for u in group)
            for i, group in enumerate(drawn.groups)
        )
        return tournament_play.RoundPlan(tuple(tables), draws=drawn.draws, notes=groups)
    now = groups_progress(rt, state)
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
        others = [u for u in state.ranked_ids if u not in order[:qualifiers]]
        rest = first_round(others, rt.dice, odd_player) if len(others) >= 2 else None
        seeds = ", ".join(f"{i}. {names[u].name}" for i, u in enumerate(order[:qualifiers], start=1))
        notes: tuple[str, ...] = (f"Knock-out seeds: {seeds}.",)
    else:
        if not now.knockout or any(g.winner is None for g in now.knockout[-1]):
            raise RuleViolation(
                f"{event.name}: every knock-out game must have its winner before the next round is paired."
            )
        if now.knockout[-1][0].high - now.knockout[-1][0].low == 1:
            raise RuleViolation(f"{event.name}: the knock-out is over; the event can be finished.")
        knockout = next_knockout(now.knockout[-1])
        met, had_odd = _met_and_odd(state)
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


# --- reading: the bracket -----


def sections(rt: Runtime, state: Played) -> tuple[tuple[int, str], ...]:
    """Headings of a group event's rankings: (the position a section starts at, its heading)."""
    now = groups_progress(rt, state)
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


def _bracket(conn: sqlite3.Connection, rt: Runtime, guild_id: int, reference: str | None) -> Bracket:
    event = find_event(conn, guild_id, reference)
    if event.rulespack.format != "groups":
        raise RuleViolation(f"{event.name} is a Swiss event: see /tournament standings and pairings.")
    state = played(conn, event)
    return Bracket(event, groups_progress(rt, state), state.teams, GROUP_ROUNDS + 1)


async def bracket(rt: Runtime, guild_id: int, reference: str | None) -> Bracket:
    """A group and knock-out event: its group tables, knock-out bracket with the places decided, and Best of
    the Rest's rankings."""
    return await rt.db.read(lambda conn: _bracket(conn, rt, guild_id, reference))
