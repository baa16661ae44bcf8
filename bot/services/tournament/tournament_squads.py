"""Team events (seed 000, Team Events): squads, their limits and their standings.

A squad is a team of coaches (in this bot "team" is a Blood Bowl roster). Its captain (or an organiser)
creates it and names its coaches while registration is open; each coach then registers and drafts his own
roster with /roster, as in any event. A roster belongs to the squad of its coach. The seed's limits are
checked whenever they can be broken: a coach joins a squad, registers, adds a star, submits, is approved,
and again when the event starts (`squad_refusals`; at the start `squad_limits`, handed to the format).

How a team event's rounds are paired and its squads ranked is its format's (rules/tournament/format_team.py
and format_team_groups.py); `squad_standings` shows that ranking with each squad.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from bot.errors import Conflict, DomainError, InvalidInput, NotAllowed, NotFound
from bot.i18n import _
from bot.rules.tournament.tournament_teams import (
    SquadRoster,
    SquadRow,
    check_captain_leaves,
    check_limits,
    check_squad_room,
    check_squads_open,
    check_team_event,
    roster_refusals,
    squad_limit_refusals,
)
from bot.services.inputs import an_id
from bot.services.league.leagues import clean_name
from bot.services.roster.team_lookup import STAR_PREFIX, star_position_id
from bot.services.runtime import Actor, Runtime
from bot.services.tournament.tournaments import Event, Played, event_format, find_event, played
from bot.store import audit
from bot.store import teams as team_store
from bot.store import tournament_squads as squad_store
from bot.store import tournaments as tournament_store
from bot.store.connection import Connection
from bot.store.teams import TeamRow
from bot.store.tournament_squads import Squad


@dataclass(frozen=True)
class SquadView:
    """A squad with its coaches' rosters in the event (a coach may not have registered yet)."""

    event: Event
    squad: Squad
    rosters: dict[int, TeamRow]  # coach id -> his roster in the event
    message: str = ""


# --- the seed's limits -----


def _team_event(event: Event) -> int:
    return check_team_event(event.name, event.rulespack.team_size)


def _roster_of(conn: Connection, event: Event, coach_id: int) -> TeamRow | None:
    team = team_store.by_coach(conn, event.league.guild_id, event.id, coach_id)
    entry = tournament_store.entry(conn, event.league.guild_id, team.id) if team is not None else None
    return team if entry is not None and entry.league_id == event.id else None


def _stars_of(conn: Connection, team: TeamRow) -> set[str]:
    return {p.position for p in team_store.players(conn, team) if p.position.startswith(STAR_PREFIX)}


def _rosters(conn: Connection, event: Event, squad: Squad) -> dict[int, TeamRow]:
    found = {coach: _roster_of(conn, event, coach) for coach in squad.members}
    return {coach: team for coach, team in found.items() if team is not None}


def _as_read(conn: Connection, rt: Runtime, rosters: dict[int, TeamRow]) -> dict[int, SquadRoster]:
    """Each coach's roster as the squad limits read it: its catalogue team's title, its stars' names."""
    stars = {star_position_id(name): name for name in rt.catalog.stars}
    teams = rt.catalog.teams
    return {
        coach: SquadRoster(
            team.name,
            team.roster,
            teams[team.roster].name if team.roster in teams else team.roster,
            {p: stars.get(p, p.removeprefix(STAR_PREFIX)) for p in _stars_of(conn, team)},
        )
        for coach, team in rosters.items()
    }


def _limits(conn: Connection, rt: Runtime, rosters: dict[int, TeamRow]) -> list[str]:
    return squad_limit_refusals(_as_read(conn, rt, rosters))


def squad_refusals(conn: Connection, rt: Runtime, event: Event, team: TeamRow) -> list[str]:
    """What a roster breaks of seed 000's team-event limits (nothing outside a team event): its coach must be
    in a squad; no other coach of the squad on the same catalogue team; no star player twice in the squad."""
    if not event.rulespack.is_team_event:
        return []
    squad = squad_store.of_coach(conn, event.league.guild_id, event.id, team.coach_id)
    rosters = None if squad is None else _rosters(conn, event, squad) | {team.coach_id: team}
    return roster_refusals(event.name, team.name, None if rosters is None else _as_read(conn, rt, rosters))


def check_squad(conn: Connection, rt: Runtime, event: Event, team: TeamRow) -> None:
    """Refuse a change that breaks the team-event limits (the caller's transaction is rolled back)."""
    check_limits(squad_refusals(conn, rt, event, team))


def squad_limits(conn: Connection, rt: Runtime, state: Played) -> dict[int, list[str]]:
    """What each squad's approved rosters break of seed 000's team-event limits, for the start's check
    (rules/tournament/format_team.py `squad_refusals`); no squads, nothing."""
    approved = {state.teams[t].coach_id: state.teams[t] for t in state.ranked_ids}
    return {
        squad.id: _limits(conn, rt, {c: approved[c] for c in squad.members if c in approved})
        for squad in state.squads
    }


# --- changing a squad -----


def _find(conn: Connection, event: Event, reference: str) -> Squad:
    text = reference.strip()
    if text.startswith("s:") and text[2:].isdigit():
        found = squad_store.get(conn, event.league.guild_id, int(text[2:]))
        if found is not None and found.league_id == event.id:
            return found
    found = squad_store.by_name(conn, event.league.guild_id, event.id, " ".join(text.split()))
    if found is None:
        raise NotFound(
            _(
                "{event} has no squad called `{name}`; /squad list shows them.",
                event=event.name,
                name=text[:40],
            )
        )
    return found


def _open(conn: Connection, actor: Actor, event_ref: str | None) -> Event:
    event = find_event(conn, actor.guild_id, event_ref)
    _team_event(event)
    check_squads_open(event.name, event.status)
    return event


def _may_change(actor: Actor, squad: Squad, as_organiser: bool) -> None:
    if not as_organiser and actor.user_id != squad.captain_id:
        raise NotAllowed(
            _(
                "Only {squad}'s captain (<@{captain}>) or an organiser may change it.",
                squad=squad.name,
                captain=squad.captain_id,
            )
        )


def _record(conn: Connection, rt: Runtime, actor: Actor, event: Event, detail: dict[str, object]) -> None:
    audit.record_in(conn, event.league, actor.user_id, "tournament.squad", rt.clock.now(), detail)


def _join(conn: Connection, rt: Runtime, event: Event, squad: Squad, coach_id: int) -> None:
    check_squad_room(squad.name, len(squad.members), _team_event(event))
    other = squad_store.of_coach(conn, event.league.guild_id, event.id, coach_id)
    if other is not None:
        raise Conflict(
            _(
                "<@{coach}> is in {squad} already; a coach plays for one squad.",
                coach=coach_id,
                squad=other.name,
            )
        )
    squad_store.add_member(conn, squad, coach_id, rt.clock.now())
    joined = squad_store.get(conn, squad.guild_id, squad.id)
    assert joined is not None
    check_limits(_limits(conn, rt, _rosters(conn, event, joined)))


def _view(conn: Connection, event: Event, squad_id: int, message: str = "") -> SquadView:
    squad = squad_store.get(conn, event.league.guild_id, squad_id)
    assert squad is not None
    return SquadView(event, squad, _rosters(conn, event, squad), message)


def _create(
    conn: Connection,
    rt: Runtime,
    actor: Actor,
    event_ref: str | None,
    name: str,
    captain_id: int,
    as_organiser: bool,
) -> SquadView:
    event = _open(conn, actor, event_ref)
    if captain_id != actor.user_id and not as_organiser:
        raise NotAllowed(
            _("Create your own squad (you are its captain); an organiser may name another captain.")
        )
    if squad_store.by_name(conn, actor.guild_id, event.id, name) is not None:
        raise Conflict(_("{event} already has a squad called {name}.", event=event.name, name=name))
    squad_id = squad_store.insert(conn, actor.guild_id, event.id, name, captain_id, rt.clock.now())
    squad = squad_store.get(conn, actor.guild_id, squad_id)
    assert squad is not None
    _join(conn, rt, event, squad, captain_id)
    _record(conn, rt, actor, event, {"squad": name, "change": "created", "coach": captain_id})
    return _view(
        conn,
        event,
        squad_id,
        _(
            "{squad} is a squad in {event} with captain <@{captain}>: add its coaches with /squad add "
            "({size} in all); each registers his own roster with /roster register.",
            squad=name,
            event=event.name,
            captain=captain_id,
            size=event.rulespack.team_size,
        ),
    )


async def create_squad(
    rt: Runtime,
    actor: Actor,
    event_ref: str | None,
    name: str,
    *,
    captain_id: int | None = None,
    as_organiser: bool = False,
) -> SquadView:
    """A new squad (a team of coaches) in a team event open for registration; its captain (the caller, or the
    coach an organiser names) is its first coach."""
    captain = an_id(captain_id if captain_id is not None else actor.user_id, _("captain"))
    return await rt.db.write(
        _create, rt, actor, event_ref, clean_name(name, _("squad name")), captain, as_organiser
    )


Change = Callable[[Connection, Runtime, Actor, Event, Squad, int], SquadView]


def _changeable(
    conn: Connection, actor: Actor, where: tuple[str | None, str], as_organiser: bool
) -> tuple[Event, Squad]:
    """The event and the squad, when the caller may change it now (registration open; the captain or an
    organiser)."""
    event_ref, squad_ref = where
    event = _open(conn, actor, event_ref)
    squad = _find(conn, event, squad_ref)
    _may_change(actor, squad, as_organiser)
    return event, squad


def _change(
    conn: Connection,
    rt: Runtime,
    actor: Actor,
    where: tuple[str | None, str],
    coach_id: int,
    as_organiser: bool,
    change: Change,
) -> SquadView:
    """A change of a squad's coaches by its captain (or an organiser) while registration is open."""
    event, squad = _changeable(conn, actor, where, as_organiser)
    return change(conn, rt, actor, event, squad, coach_id)


def _add(conn: Connection, rt: Runtime, actor: Actor, event: Event, squad: Squad, coach_id: int) -> SquadView:
    _join(conn, rt, event, squad, coach_id)
    _record(conn, rt, actor, event, {"squad": squad.name, "change": "added", "coach": coach_id})
    return _view(conn, event, squad.id, _("<@{coach}> joins {squad}.", coach=coach_id, squad=squad.name))


async def add_coach(
    rt: Runtime, actor: Actor, event_ref: str | None, squad: str, coach_id: int, *, as_organiser: bool = False
) -> SquadView:
    """The captain (or an organiser) adds a coach to the squad: at most team_size; a coach in one squad; his
    roster, if he has one, neither the same team nor a star of another coach of the squad."""
    an_id(coach_id, _("coach"))
    return await rt.db.write(_change, rt, actor, (event_ref, squad), coach_id, as_organiser, _add)


MAX_ADDED_AT_ONCE = 7  # a full squad of 8 (seed 000's largest) is its captain and 7 coaches


async def add_coaches(
    rt: Runtime,
    actor: Actor,
    event_ref: str | None,
    squad: str,
    coach_ids: Sequence[int],
    *,
    as_organiser: bool = False,
) -> SquadView:
    """Several coaches added at once: each is `add_coach`, its own change in its own transaction (one coach
    refused leaves the others added); the message says who joined and why each refused one was refused.
    Refused as a whole when the caller may not change the squad (or the one coach named is refused)."""
    wanted = list(dict.fromkeys(an_id(c, _("coach")) for c in coach_ids))  # each coach once, in order
    if not 1 <= len(wanted) <= MAX_ADDED_AT_ONCE:
        raise InvalidInput(_("Name from 1 to {most} coaches to add at once.", most=MAX_ADDED_AT_ONCE))
    await rt.db.read(_changeable, actor, (event_ref, squad), as_organiser)
    lines: list[str] = []
    view: SquadView | None = None
    for coach_id in wanted:
        try:
            view = await add_coach(rt, actor, event_ref, squad, coach_id, as_organiser=as_organiser)
        except DomainError as refused:
            if len(wanted) == 1:
                raise  # one coach named: the refusal is the answer
            lines.append(_("<@{coach}> not added: {refusal}", coach=coach_id, refusal=refused))
        else:
            lines.append(view.message)
    if view is None:  # nobody joined: the squad as it is
        event, found = await rt.db.read(_changeable, actor, (event_ref, squad), as_organiser)
        view = await rt.db.read(_view, event, found.id)
    return replace(view, message="\n".join(lines))


def _remove(
    conn: Connection, rt: Runtime, actor: Actor, event: Event, squad: Squad, coach_id: int
) -> SquadView:
    if coach_id not in squad.members:
        raise NotFound(_("<@{coach}> is not in {squad}.", coach=coach_id, squad=squad.name))
    if coach_id == squad.captain_id:
        check_captain_leaves(squad.name, coach_id, len(squad.members))
        squad_store.remove_member(conn, squad, coach_id)
        squad_store.delete(conn, squad)
        _record(conn, rt, actor, event, {"squad": squad.name, "change": "disbanded", "coach": coach_id})
        return SquadView(event, squad, {}, _("{squad} is disbanded.", squad=squad.name))
    squad_store.remove_member(conn, squad, coach_id)
    _record(conn, rt, actor, event, {"squad": squad.name, "change": "removed", "coach": coach_id})
    return _view(conn, event, squad.id, _("<@{coach}> leaves {squad}.", coach=coach_id, squad=squad.name))


async def remove_coach(
    rt: Runtime, actor: Actor, event_ref: str | None, squad: str, coach_id: int, *, as_organiser: bool = False
) -> SquadView:
    """The captain (or an organiser) removes a coach (his roster stays registered but needs a squad to be
    approved); removing the captain, the last coach, disbands the squad."""
    an_id(coach_id, _("coach"))
    return await rt.db.write(_change, rt, actor, (event_ref, squad), coach_id, as_organiser, _remove)


def _show(
    conn: Connection, guild_id: int, event_ref: str | None, squad_ref: str | None, user_id: int
) -> SquadView:
    event = find_event(conn, guild_id, event_ref)
    _team_event(event)
    if squad_ref:
        squad = _find(conn, event, squad_ref)
    else:
        mine = squad_store.of_coach(conn, guild_id, event.id, user_id)
        if mine is None:
            raise NotFound(
                _("You are in no squad of {event}; name one to see it (/squad list).", event=event.name)
            )
        squad = mine
    return _view(conn, event, squad.id)


async def show_squad(
    rt: Runtime, guild_id: int, event_ref: str | None, squad: str | None, user_id: int
) -> SquadView:
    """A squad (the caller's by default): captain, coaches and their rosters."""
    return await rt.db.read(_show, guild_id, event_ref, squad, user_id)


def _list(conn: Connection, guild_id: int, event_ref: str | None) -> list[SquadView]:
    event = find_event(conn, guild_id, event_ref)
    _team_event(event)
    return [
        SquadView(event, s, _rosters(conn, event, s)) for s in squad_store.squads(conn, guild_id, event.id)
    ]


async def list_squads(rt: Runtime, guild_id: int, event_ref: str | None) -> list[SquadView]:
    """Every squad of the event, in the order they were created."""
    return await rt.db.read(_list, guild_id, event_ref)


def _names(conn: Connection, guild_id: int, event_ref: str | None) -> list[Squad]:
    try:
        event = find_event(conn, guild_id, event_ref)
    except NotFound:
        return []
    return squad_store.squads(conn, guild_id, event.id)


async def squad_choices(rt: Runtime, guild_id: int, event_ref: str | None) -> list[Squad]:
    """The event's squads, for autocomplete (none when no event is found)."""
    return await rt.db.read(_names, guild_id, event_ref)


# --- rankings -----


@dataclass(frozen=True)
class SquadStanding:
    row: SquadRow[int]
    squad: Squad


def squad_standings(
    conn: Connection, rt: Runtime, event: Event, state: Played | None = None
) -> list[SquadStanding]:
    """The squad rankings of a team event with each squad, as its format ranks them (none outside a team
    event): rules/tournament/format_team.py, format_team_groups.py."""
    state = state or played(conn, event)
    policy, view = event_format(rt, state)
    by_id = {s.id: s for s in state.squads}
    return [SquadStanding(row, by_id[row.squad]) for row in policy.squad_ranking(view)]
