"""A group and knock-out event of coaches (seed 000, Group & Knockout Events); one of the formats of
formats.py. The rules of groups, knock-out and Best of the Rest are in tournament_groups.py; this module plans
each round from the event as played and ranks it.

Rounds 1-3: the groups of four (drawn with the bot's dice in round 1) play their round robin. Round 4: once
every group game is confirmed, the qualifiers are seeded into the knock-out (tables "Places 1-Q") and the
others start Best of the Rest (its own round 1 drawn with the dice). Later rounds: each knock-out bracket
splits into winners and losers (tables "Places p-q", the last "Final"), and Best of the Rest pairs by its own
rankings (avoiding any pair that has met in the event, as a Swiss round does).

`plan_units` plans any units the same way: a team event in groups (format_team_groups.py) passes its squads.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import partial

from bot.errors import RuleViolation
from bot.i18n import _
from bot.rules.dice import Dice
from bot.rules.tournament.event_state import (
    Bracket,
    EventState,
    PlannedTable,
    RoundPlan,
    check_entries,
    met_and_odd,
)
from bot.rules.tournament.format_swiss import check_swap as check_swap  # the stages decide what may change
from bot.rules.tournament.format_swiss import squad_ranking as squad_ranking  # coaches alone: no squads
from bot.rules.tournament.swiss import SwissRound, first_round, next_round
from bot.rules.tournament.tournament_groups import (
    REST_LABEL,
    GroupsProgress,
    StagedTable,
    StageName,
    draw_groups,
    group_games,
    group_name,
    next_knockout,
    progress,
    seed_knockout,
)
from bot.rules.tournament.tournament_scoring import RankingRow
from bot.rules.tournament.tournament_settings import GROUP_ROUNDS, Rulespack


def plan_units(
    state: EventState,
    number: int,
    dice: Dice,
    units: Sequence[int],
    now_of: Callable[[], GroupsProgress[int]],
    stored: Sequence[StagedTable[int]],
    names: Mapping[int, str],
    spare: int | None,
) -> RoundPlan:
    """Round `number` of the units (coaches' teams, or squads): groups, knock-out, Best of the Rest.
    `now_of` reads the event as played so far (not needed for round 1); `stored` are the units' tables;
    `spare` the Spare Player's unit, if any."""
    if number == 1:
        drawn = draw_groups(units, dice)
        tables = [
            PlannedTable(a, b, "group", group_name(i))
            for i, group in enumerate(drawn.groups)
            for a, b in group_games(group, 0)
        ]
        groups = tuple(
            _("{group}: {teams}", group=group_name(i), teams=", ".join(names[u] for u in group))
            for i, group in enumerate(drawn.groups)
        )
        return RoundPlan(tuple(tables), draws=drawn.draws, notes=groups)
    now = now_of()
    if number <= GROUP_ROUNDS:
        return RoundPlan(
            tuple(
                PlannedTable(a, b, "group", g.name)
                for g in now.groups
                for a, b in group_games(g.members, number - 1)
            )
        )
    check_knockout(state.name, number, now)
    if number == GROUP_ROUNDS + 1:
        return _first_knockout(state, dice, units, now, names)
    return _later_knockout(state, now, stored, spare)


def check_knockout(event: str, number: int, now: GroupsProgress[int]) -> None:
    """Round `number` after the groups may be paired: the knock-out is drawn once every group game is
    confirmed; a later round needs every knock-out game's winner, and a bracket left to play."""
    if number <= GROUP_ROUNDS:
        return
    if number == GROUP_ROUNDS + 1:
        if not now.groups_complete:
            raise RuleViolation(
                _("{event}: every group game must be confirmed before the knock-out is drawn.", event=event)
            )
        return
    if not now.knockout or any(g.winner is None for g in now.knockout[-1]):
        raise RuleViolation(
            _(
                "{event}: every knock-out game must have its winner before the next round is paired.",
                event=event,
            )
        )
    if now.knockout[-1][0].high - now.knockout[-1][0].low == 1:
        raise RuleViolation(_("{event}: the knock-out is over; the event can be finished.", event=event))


def _first_knockout(
    state: EventState, dice: Dice, units: Sequence[int], now: GroupsProgress[int], names: Mapping[int, str]
) -> RoundPlan:
    """The qualifiers seeded into the knock-out (`check_knockout` first); the others' Best of the Rest
    drawn."""
    order = [row.coach for row in now.order]
    qualifiers = state.rulespack.qualifiers
    knockout = seed_knockout(order[:qualifiers], now.group_of)
    others = [u for u in units if u not in order[:qualifiers]]
    rest = first_round(others, dice, state.rulespack.odd_player) if len(others) >= 2 else None
    seeds = ", ".join(f"{i}. {names[u]}" for i, u in enumerate(order[:qualifiers], start=1))
    tables = [PlannedTable(g.first, g.second, "knockout", g.label) for g in knockout]
    return _with_rest(tables, rest, (_("Knock-out seeds: {seeds}.", seeds=seeds),))


def _later_knockout(
    state: EventState, now: GroupsProgress[int], stored: Sequence[StagedTable[int]], spare: int | None
) -> RoundPlan:
    """Each knock-out bracket split into winners and losers (`check_knockout` first); Best of the Rest
    paired by its rankings."""
    knockout = next_knockout(now.knockout[-1])
    met, had_odd = met_and_odd(stored, spare)
    rest_order = [row.coach for row in now.rest]
    odd_player = state.rulespack.odd_player
    rest = (
        next_round(rest_order, met, odd_player=odd_player, had_odd=had_odd) if len(rest_order) >= 2 else None
    )
    tables = [PlannedTable(g.first, g.second, "knockout", g.label) for g in knockout]
    return _with_rest(tables, rest, ())


def _with_rest(tables: list[PlannedTable], rest: SwissRound[int] | None, notes: tuple[str, ...]) -> RoundPlan:
    byes: tuple[tuple[int, StageName, str | None], ...] = ()
    if rest is not None:
        label = _(REST_LABEL)
        tables += [PlannedTable(t.first, t.second, "rest", label) for t in rest.tables]
        byes = ((rest.bye, "rest", label),) if rest.bye is not None else ()
    return RoundPlan(
        tuple(tables),
        byes=byes,
        draws=rest.draws if rest is not None else (),
        rematches=rest.rematches if rest is not None else (),
        notes=notes,
    )


def sections_of(now: GroupsProgress[int], qualifiers: int) -> tuple[tuple[int, str], ...]:
    """Headings of a group event's rankings: (the position a section starts at, its heading)."""
    if not now.knockout:
        heading = _(
            "Group stage: group winners, then runners-up, ... (the first {qualifiers} qualify)",
            qualifiers=qualifiers,
        )
        return ((1, heading),)
    if now.places:
        knockout = _("Knock-out: places 1-{last} (decided)", last=qualifiers)
    else:
        knockout = _("Knock-out: places 1-{last} (so far)", last=qualifiers)
    heads = [(1, knockout)]
    if now.rest_units:
        first, last = qualifiers + 1, qualifiers + len(now.rest_units)
        heads.append((first, _("Best of the Rest: places {first}-{last}", first=first, last=last)))
    return tuple(heads)


# --- the format -----


def groups_progress(state: EventState) -> GroupsProgress[int]:
    """The event as played so far (groups, knock-out bracket, Best of the Rest)."""
    rulespack = state.rulespack
    return progress(
        state.scoring,
        state.units,
        state.tables,
        rulespack.qualifiers,
        rulespack.tiebreakers,
        state.votes,
        custom_name=rulespack.custom_tiebreaker or None,
    )


def check_start(state: EventState, limits: Mapping[int, Sequence[str]]) -> None:
    check_entries(state, groups_of=(len(state.units), "coaches"))


def check_round(state: EventState, number: int) -> None:
    if number > GROUP_ROUNDS:
        check_knockout(state.name, number, groups_progress(state))


def plan_round(state: EventState, number: int, dice: Dice) -> RoundPlan:
    now_of = partial(groups_progress, state)
    return plan_units(state, number, dice, state.units, now_of, state.tables, state.names, state.spare)


def ranking(state: EventState) -> list[RankingRow[int]]:
    """The knock-out places, then Best of the Rest below them (before the knock-out, by the group stage's
    qualification order): `progress(...).order`."""
    return list(groups_progress(state).order)


def sections(state: EventState) -> tuple[tuple[int, str], ...]:
    return sections_of(groups_progress(state), state.rulespack.qualifiers)


def bracket(state: EventState) -> Bracket:
    return Bracket(groups_progress(state), tables=state.tables)


def has_bracket() -> bool:
    return True  # the groups, the knock-out and Best of the Rest


def describe(rulespack: Rulespack) -> str:
    return _(
        "groups of four (a round robin of three games), then a knock-out of {qualifiers} for every place; "
        "the others play Best of the Rest",
        qualifiers=rulespack.qualifiers,
    )
