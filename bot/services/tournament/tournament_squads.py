"""Team events (seed 000, Team Events): squads, their checks, their rounds and their rankings.

A squad is a team of coaches (in this bot "team" is a Blood Bowl roster). Its captain (or an organiser)
creates it and names its coaches while registration is open; each coach then registers and drafts his own
roster with /roster, as in any event. A roster belongs to the squad of its coach. The seed's limits are
checked whenever they can be broken: a coach joins a squad, registers, adds a star, submits, is approved,
and again when the event starts (`squad_refusals`, `start_refusals`).

The pairing of a round (`team_round_plan`) and the squad rankings (`squad_ranking`) read the event as
`tournaments.played` loads it, plus the squads and each round's tables.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from bot.errors import Conflict, NotAllowed, NotFound, RuleViolation
from bot.rules.match.match_result import ResultReport
from bot.rules.tournament.tournament_groups import GroupsProgress, Ranker, StagedTable, progress
from bot.rules.tournament.tournament_scoring import RankingRow, TournamentGame
from bot.rules.tournament.tournament_teams import (
    SquadMatch,
    SquadRow,
    TeamRound,
    duplicate_rosters,
    duplicate_stars,
    games_won,
    knockout_match_winner,
    rank_squads,
    team_round,
)
from bot.services.inputs import an_id
from bot.services.league.leagues import clean_name
from bot.services.roster.team_lookup import STAR_PREFIX, star_position_id
from bot.services.runtime import Actor, Runtime
from bot.services.tournament.tournaments import Event, Played, find_event, game_of, played, ranking
from bot.store import audit
from bot.store import seasons as season_store
from bot.store import teams as team_store
from bot.store import tournament_squads as squad_store
from bot.store import tournaments as tournament_store
from bot.store.connection import Connection
from bot.store.teams import TeamRow
from bot.store.tournament_squads import Squad
from bot.store.tournaments import Stage

SQUAD_WORDS = "a team of coaches (seed 000, Team Events)"


@dataclass(frozen=True)
class SquadView:
    """A squad with its coaches' rosters in the event (a coach may not have registered yet)."""

    event: Event
    squad: Squad
    rosters: dict[int, TeamRow]  # coach id -> his roster in the event
    message: str = ""


# --- the seed's limits -----


def _team_event(event: Event) -> int:
    size = event.rulespack.team_size
    if size is None:
        raise RuleViolation(
            f"{event.name} is not a team event: squads ({SQUAD_WORDS}) need team_size in the rulespack."
        )
    return size


def _roster_of(conn: Connection, event: Event, coach_id: int) -> TeamRow | None:
    team = team_store.by_coach(conn, event.league.guild_id, event.id, coach_id)
    entry = tournament_store.entry(conn, event.league.guild_id, team.id) if team is not None else None
    return team if entry is not None and entry.league_id == event.id else None


def _stars_of(conn: Connection, team: TeamRow) -> set[str]:
    return {p.position for p in team_store.players(conn, team) if p.position.startswith(STAR_PREFIX)}


def _star_name(rt: Runtime, position: str) -> str:
    names = {star_position_id(name): name for name in rt.catalog.stars}
    return names.get(position, position.removeprefix(STAR_PREFIX))


def _rosters(conn: Connection, event: Event, squad: Squad) -> dict[int, TeamRow]:
    found = {coach: _roster_of(conn, event, coach) for coach in squad.members}
    return {coach: team for coach, team in found.items() if team is not None}


def _limits(conn: Connection, rt: Runtime, rosters: dict[int, TeamRow]) -> list[str]:
    refusals: list[str] = []
    names = {coach: team.name for coach, team in rosters.items()}
    for roster, coaches in duplicate_rosters({c: t.roster for c, t in rosters.items()}).items():
        title = rt.catalog.teams[roster].name if roster in rt.catalog.teams else roster
        refusals.append(
            f"Only one coach of a squad may take {title}: {', '.join(names[c] for c in coaches)} both do."
        )
    stars = {coach: _stars_of(conn, team) for coach, team in rosters.items()}
    for star, coaches in duplicate_stars(stars).items():
        refusals.append(
            f"A star player only once in a squad: {_star_name(rt, star)} is on "
            f"{', '.join(names[c] for c in coaches)}."
        )
    return refusals


def squad_refusals(conn: Connection, rt: Runtime, event: Event, team: TeamRow) -> list[str]:
    """What a roster breaks of seed 000's team-event limits (nothing outside a team event): its coach must be
    in a squad; no other coach of the squad on the same catalogue team; no star player twice in the squad."""
    if not event.rulespack.is_team_event:
        return []
    squad = squad_store.of_coach(conn, event.league.guild_id, event.id, team.coach_id)
    if squad is None:
        return [
            f"{event.name} is a team event: join a squad ({SQUAD_WORDS}) first; its captain adds you "
            "with /squad add."
        ]
    rosters = _rosters(conn, event, squad)
    rosters[team.coach_id] = team
    return [r for r in _limits(conn, rt, rosters) if team.name in r]


def check_squad(conn: Connection, rt: Runtime, event: Event, team: TeamRow) -> None:
    """Refuse a change that breaks the team-event limits (the caller's transaction is rolled back)."""
    refusals = squad_refusals(conn, rt, event, team)
    if refusals:
        raise RuleViolation(" ".join(refusals))


def start_refusals(conn: Connection, rt: Runtime, event: Event, state: Played) -> list[str]:
    """Why a team event cannot start: every squad needs exactly team_size approved rosters, every approved
    roster a squad, the limits kept, and an odd number of squads a Bye (there is no Spare Player)."""
    size = event.rulespack.team_size
    if size is None:
        return []
    refusals: list[str] = []
    guild_id = event.league.guild_id
    squads = squad_store.squads(conn, guild_id, event.id)
    approved = {state.teams[t].coach_id: state.teams[t] for t in state.ranked_ids}
    in_squads: set[int] = set()
    for squad in squads:
        rosters = {c: approved[c] for c in squad.members if c in approved}
        in_squads |= set(squad.members)
        if len(rosters) != size:
            refusals.append(f"{squad.name} has {len(rosters)} approved rosters; a squad plays with {size}.")
        refusals += _limits(conn, rt, rosters)
    strays = [team.name for coach, team in approved.items() if coach not in in_squads]
    if strays:
        refusals.append(f"Not in a squad: {', '.join(strays)}.")
    if state.spare_team_id is not None:
        refusals.append("A team event has no Spare Player: unmark it (/event spare).")
    if len(squads) < 2:
        refusals.append(f"{event.name} needs at least 2 squads (it has {len(squads)}).")
    elif len(squads) % 2 and event.rulespack.odd_player != "bye":
        refusals.append(f"{len(squads)} squads is an odd number: set odd_player: bye in the rulespack.")
    return refusals


def different_squads(conn: Connection, event: Event, first: TeamRow, second: TeamRow) -> str | None:
    """In a team event, why two rosters may not trade tables (they belong to different squads, so the swap
    would break the squad matches); None when they may."""
    if not event.rulespack.is_team_event:
        return None
    guild_id = event.league.guild_id
    a = squad_store.of_coach(conn, guild_id, event.id, first.coach_id)
    b = squad_store.of_coach(conn, guild_id, event.id, second.coach_id)
    if a is not None and b is not None and a.id == b.id:
        return None
    return (
        f"{first.name} and {second.name} play for different squads: in a team event only coaches of the same "
        "squad can swap tables."
    )


# --- changing a squad -----


def _find(conn: Connection, event: Event, reference: str) -> Squad:
    text = reference.strip()
    if text.startswith("s:") and text[2:].isdigit():
        found = squad_store.get(conn, event.league.guild_id, int(text[2:]))
        if found is not None and found.league_id == event.id:
            return found
    found = squad_store.by_name(conn, event.league.guild_id, event.id, " ".join(text.split()))
    if found is None:
        raise NotFound(f"{event.name} has no squad called `{text[:40]}`; /squad list shows them.")
    return found


def _open(conn: Connection, actor: Actor, event_ref: str | None) -> Event:
    event = find_event(conn, actor.guild_id, event_ref)
    _team_event(event)
    if event.status != "registration":
        raise RuleViolation(f"{event.name} has started: its squads are fixed.")
    return event


def _may_change(actor: Actor, squad: Squad, as_organiser: bool) -> None:
    if not as_organiser and actor.user_id != squad.captain_id:
        raise NotAllowed(
            f"Only {squad.name}'s captain (<@{squad.captain_id}>) or an organiser may change it."
        )


def _record(conn: Connection, rt: Runtime, actor: Actor, event: Event, detail: dict[str, object]) -> None:
    audit.record(
        conn,
        guild_id=actor.guild_id,
        league_id=event.id,
        actor_id=actor.user_id,
        action="tournament.squad",
        now=rt.clock.now(),
        detail=detail,
    )


def _join(conn: Connection, rt: Runtime, event: Event, squad: Squad, coach_id: int) -> None:
    size = _team_event(event)
    if len(squad.members) >= size:
        raise RuleViolation(f"{squad.name} has {size} coaches already, the rulespack's team size.")
    other = squad_store.of_coach(conn, event.league.guild_id, event.id, coach_id)
    if other is not None:
        raise Conflict(f"<@{coach_id}> is in {other.name} already; a coach plays for one squad.")
    squad_store.add_member(conn, squad, coach_id, rt.clock.now())
    joined = squad_store.get(conn, squad.guild_id, squad.id)
    assert joined is not None
    refusals = _limits(conn, rt, _rosters(conn, event, joined))
    if refusals:
        raise RuleViolation(" ".join(refusals))


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
            "Create your own squad (you are its captain); an organiser may name another captain."
        )
    if squad_store.by_name(conn, actor.guild_id, event.id, name) is not None:
        raise Conflict(f"{event.name} already has a squad called {name}.")
    squad_id = squad_store.insert(conn, actor.guild_id, event.id, name, captain_id, rt.clock.now())
    squad = squad_store.get(conn, actor.guild_id, squad_id)
    assert squad is not None
    _join(conn, rt, event, squad, captain_id)
    _record(conn, rt, actor, event, {"squad": name, "change": "created", "coach": captain_id})
    return _view(
        conn,
        event,
        squad_id,
        f"{name} is a squad in {event.name} with captain <@{captain_id}>: add its coaches with /squad add "
        f"({event.rulespack.team_size} in all); each registers his own roster with /roster register.",
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
    captain = an_id(captain_id if captain_id is not None else actor.user_id, "captain")
    return await rt.db.write(
        _create, rt, actor, event_ref, clean_name(name, "squad name"), captain, as_organiser
    )


def _add(
    conn: Connection,
    rt: Runtime,
    actor: Actor,
    event_ref: str | None,
    squad_ref: str,
    coach_id: int,
    as_organiser: bool,
) -> SquadView:
    event = _open(conn, actor, event_ref)
    squad = _find(conn, event, squad_ref)
    _may_change(actor, squad, as_organiser)
    _join(conn, rt, event, squad, coach_id)
    _record(conn, rt, actor, event, {"squad": squad.name, "change": "added", "coach": coach_id})
    return _view(conn, event, squad.id, f"<@{coach_id}> joins {squad.name}.")


async def add_coach(
    rt: Runtime, actor: Actor, event_ref: str | None, squad: str, coach_id: int, *, as_organiser: bool = False
) -> SquadView:
    """The captain (or an organiser) adds a coach to the squad: at most team_size; a coach in one squad; his
    roster, if he has one, neither the same team nor a star of another coach of the squad."""
    an_id(coach_id, "coach")
    return await rt.db.write(_add, rt, actor, event_ref, squad, coach_id, as_organiser)


def _remove(
    conn: Connection,
    rt: Runtime,
    actor: Actor,
    event_ref: str | None,
    squad_ref: str,
    coach_id: int,
    as_organiser: bool,
) -> SquadView:
    event = _open(conn, actor, event_ref)
    squad = _find(conn, event, squad_ref)
    _may_change(actor, squad, as_organiser)
    if coach_id not in squad.members:
        raise NotFound(f"<@{coach_id}> is not in {squad.name}.")
    if coach_id == squad.captain_id:
        if len(squad.members) > 1:
            raise RuleViolation(f"<@{coach_id}> is {squad.name}'s captain: remove the other coaches first.")
        squad_store.remove_member(conn, squad, coach_id)
        squad_store.delete(conn, squad)
        _record(conn, rt, actor, event, {"squad": squad.name, "change": "disbanded", "coach": coach_id})
        return SquadView(event, squad, {}, f"{squad.name} is disbanded.")
    squad_store.remove_member(conn, squad, coach_id)
    _record(conn, rt, actor, event, {"squad": squad.name, "change": "removed", "coach": coach_id})
    return _view(conn, event, squad.id, f"<@{coach_id}> leaves {squad.name}.")


async def remove_coach(
    rt: Runtime, actor: Actor, event_ref: str | None, squad: str, coach_id: int, *, as_organiser: bool = False
) -> SquadView:
    """The captain (or an organiser) removes a coach (his roster stays registered but needs a squad to be
    approved); removing the captain, the last coach, disbands the squad."""
    an_id(coach_id, "coach")
    return await rt.db.write(_remove, rt, actor, event_ref, squad, coach_id, as_organiser)


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
            raise NotFound(f"You are in no squad of {event.name}; name one to see it (/squad list).")
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


# --- rounds and rankings -----


@dataclass(frozen=True)
class SquadsPlayed:
    """The squads of a running team event with what they played: the squad of each roster, each roster's
    squad matches, the squad Byes and coach Byes, the pairs of squads that have met."""

    squads: tuple[Squad, ...]
    squad_of: dict[int, int]  # roster (team id) -> squad id
    matches: tuple[SquadMatch[int, int], ...]
    squad_byes: tuple[int, ...]
    met: frozenset[frozenset[int]]
    had_bye: frozenset[int]


def squads_played(conn: Connection, event: Event, state: Played) -> SquadsPlayed:
    """Load the squads and each round's squad matches (confirmed games so far) in a few queries."""
    guild_id = event.league.guild_id
    squads = tuple(squad_store.squads(conn, guild_id, event.id))
    by_coach = {coach: s.id for s in squads for coach in s.members}
    squad_of = {tid: by_coach[t.coach_id] for tid, t in state.teams.items() if t.coach_id in by_coach}
    fixtures = {f.id: f for f in season_store.fixtures(conn, guild_id, league_id=event.id)}
    games: dict[tuple[int, int, int], list[TournamentGame[int]]] = {}
    met: set[frozenset[int]] = set()
    byes: set[tuple[int, int]] = set()
    for table in tournament_store.tables(conn, guild_id, event.id):
        if table.bye_team_id is not None:
            if table.bye_team_id in squad_of:
                byes.add((table.round_number, squad_of[table.bye_team_id]))
            continue
        assert table.fixture_id is not None
        fx = fixtures[table.fixture_id]
        if fx.home_team_id not in squad_of or fx.away_team_id not in squad_of:
            continue
        home, away = squad_of[fx.home_team_id], squad_of[fx.away_team_id]
        met.add(frozenset((home, away)))
        bucket = games.setdefault((table.round_number, home, away), [])
        if fx.status == "confirmed" and fx.report is not None:
            report = ResultReport.model_validate_json(fx.report)
            bucket.append(game_of(report, fx.home_team_id, fx.away_team_id))
    matches = tuple(
        SquadMatch(home, away, tuple(bucket)) for (_, home, away), bucket in sorted(games.items()) if bucket
    )
    return SquadsPlayed(
        squads,
        squad_of,
        matches,
        tuple(squad for _, squad in sorted(byes)),
        frozenset(met),
        frozenset(squad for _, squad in byes),
    )


def squad_ranking(rt: Runtime, state: Played, squads: SquadsPlayed) -> list[SquadRow[int]]:
    """Seed 000's team rankings: team points, games won, games drawn, then the rulespack's tiebreakers summed
    over each squad's coaches; squads in creation order as the last resort."""
    return rank_squads(
        rt.catalog.tournament.scoring,
        [s.id for s in squads.squads],
        squads.squad_of,
        squads.matches,
        squads.squad_byes,
        state.byes,
        state.event.rulespack.tiebreakers,
        state.sporting_votes,
    )


def members_ranked(
    state: Played, squads: SquadsPlayed, individual: Sequence[RankingRow[int]]
) -> dict[int, list[int]]:
    """Each squad's approved rosters in individual ranking order, best first."""
    members: dict[int, list[int]] = {s.id: [] for s in squads.squads}
    for row in individual:
        squad = squads.squad_of.get(row.coach)
        if squad is not None:
            members[squad].append(row.coach)
    return members


def team_round_plan(
    conn: Connection, rt: Runtime, event: Event, state: Played, number: int
) -> tuple[TeamRound[int, int], dict[int, str]]:
    """Round `number` of a team event (squads by the Swiss rule, their coaches drawn in round 1 and then 1st
    v 1st by individual ranking), with each squad's name for the tables' labels."""
    squads = squads_played(conn, event, state)
    individual = ranking(rt, state)
    members = members_ranked(state, squads, individual)
    if number == 1:
        order = [s.id for s in squads.squads]
    else:
        order = [row.squad for row in squad_ranking(rt, state, squads)]
    plan = team_round(
        number,
        order,
        members,
        rt.dice,
        met=squads.met,
        had_bye=squads.had_bye,
        keep_top_pair=number == event.rulespack.rounds and event.rulespack.final_rematch,
    )
    return plan, {s.id: s.name for s in squads.squads}


@dataclass(frozen=True)
class SquadStanding:
    row: SquadRow[int]
    squad: Squad


def squad_standings(
    conn: Connection, rt: Runtime, event: Event, state: Played | None = None
) -> list[SquadStanding]:
    """The squad rankings of a team event with each squad (empty outside a team event). A group and
    knock-out team event ranks its squads by the knock-out places, then Best of the Rest (before the
    knock-out, by the group stage's qualification order); each row keeps the squad's totals."""
    if not event.rulespack.is_team_event:
        return []
    state = state or played(conn, event)
    squads = squads_played(conn, event, state)
    by_id = {s.id: s for s in squads.squads}
    rows = squad_ranking(rt, state, squads)
    if event.rulespack.format == "groups":
        totals = {row.squad: row for row in rows}
        order = squad_groups(rt, state, squads).progress.order
        rows = [
            replace(totals[line.coach], position=line.position, decided_by=line.decided_by) for line in order
        ]
    return [SquadStanding(row, by_id[row.squad]) for row in rows]


# --- a group and knock-out team event (seed 000: group & knockout "together with ... Team Events") -----


@dataclass(frozen=True)
class SquadGroups:
    """A group and knock-out team event read as squads: the squad tables (one per squad match; its `game` a
    summary once every game of it is confirmed, its `winner` in the knock-out), the squad matches by
    (round, first, second), and the event as `rules.tournament_groups.progress` reads it for squads."""

    squads: SquadsPlayed
    tables: tuple[StagedTable[int], ...]
    matches: dict[tuple[int, int, int], SquadMatch[int, int]]
    progress: GroupsProgress[int]


def _as_ranking_row(row: SquadRow[int]) -> RankingRow[int]:
    return RankingRow(
        coach=row.squad,
        position=row.position,
        played=row.matches,
        tournament_points=row.team_points,
        bonus_points=row.bonus_points,
        td_for=row.td_for,
        td_against=row.td_against,
        cas_for=row.cas_for,
        sent_off=row.sent_off,
        votes=row.votes,
        decided_by=row.decided_by,
    )


def _squad_ranker(
    rt: Runtime,
    state: Played,
    squads: SquadsPlayed,
    matches: dict[tuple[int, int, int], SquadMatch[int, int]],
    coach_byes: dict[tuple[int, int], tuple[int, ...]],
) -> Ranker[int]:
    """The squad ranking (`rank_squads`) over some squad tables, as rows of the generic group rules."""

    def ranker(units: Sequence[int], tables: Sequence[StagedTable[int]]) -> list[RankingRow[int]]:
        mine = [matches[(t.round, t.first, t.second)] for t in tables if t.second is not None]
        byes = [t.first for t in tables if t.second is None]
        coaches = [c for t in tables if t.second is None for c in coach_byes.get((t.round, t.first), ())]
        rows = rank_squads(
            rt.catalog.tournament.scoring,
            list(units),
            squads.squad_of,
            [m for m in mine if m.games],
            byes,
            coaches,
            state.event.rulespack.tiebreakers,
            state.sporting_votes,
        )
        return [_as_ranking_row(row) for row in rows]

    return ranker


def squad_groups(rt: Runtime, state: Played, squads: SquadsPlayed) -> SquadGroups:
    """Read a group and knock-out team event back as squads: each round's coach tables grouped into squad
    matches (in table order), the group stage ranked by the squad ranking, each knock-out squad match decided
    by `knockout_match_winner` (seeds: the group stage's qualification order)."""
    rules = rt.catalog.tournament.scoring
    squad_of = squads.squad_of
    buckets: dict[tuple[int, int, int | None], list[StagedTable[int]]] = {}
    stage_of: dict[tuple[int, int, int | None], Stage] = {}
    for table in sorted(state.tables, key=lambda t: (t.round, t.number)):
        if table.first not in squad_of or (table.second is not None and table.second not in squad_of):
            continue
        second = squad_of[table.second] if table.second is not None else None
        key = (table.round, squad_of[table.first], second)
        buckets.setdefault(key, []).append(table)
        stage_of[key] = table.stage
    matches: dict[tuple[int, int, int], SquadMatch[int, int]] = {}
    coach_byes: dict[tuple[int, int], tuple[int, ...]] = {}
    for (number, first, second), coach_tables in buckets.items():
        if second is None:
            coach_byes[(number, first)] = tuple(t.first for t in coach_tables)
        else:
            games = tuple(t.game for t in coach_tables if t.game is not None)
            matches[(number, first, second)] = SquadMatch(first, second, games)
    ranker = _squad_ranker(rt, state, squads, matches, coach_byes)
    units = [s.id for s in squads.squads]
    qualifiers = state.event.rulespack.qualifiers
    tiebreakers = state.event.rulespack.tiebreakers

    def staged(seeds: Sequence[int]) -> list[StagedTable[int]]:
        out: list[StagedTable[int]] = []
        for position, (key, coach_tables) in enumerate(buckets.items(), start=1):
            number, first, second = key
            done = all(t.game is not None for t in coach_tables) and second is not None
            summary: TournamentGame[int] | None = None
            winner: int | None = None
            if done and second is not None:
                match = matches[(number, first, second)]
                won_first, won_second = games_won(match, squad_of, rules)
                summary = TournamentGame(first, second, won_first, won_second)
                if stage_of[key] == "knockout":
                    winners = [t.winner for t in coach_tables if t.winner is not None]
                    if len(winners) == len(coach_tables):
                        winner = knockout_match_winner(match, squad_of, winners, rules, seeds)
            out.append(StagedTable(number, position, stage_of[key], first, second, summary, winner))
        return out

    group_only = [t for t in staged(()) if t.stage == "group"]
    seeds = [
        row.coach for row in progress(rules, units, group_only, qualifiers, tiebreakers, None, ranker).order
    ]
    tables = tuple(staged(seeds))
    now = progress(rules, units, tables, qualifiers, tiebreakers, None, ranker)
    return SquadGroups(squads, tables, matches, now)


def squad_groups_of(conn: Connection, rt: Runtime, state: Played) -> SquadGroups:
    """`squad_groups` with the squads loaded."""
    return squad_groups(rt, state, squads_played(conn, state.event, state))
