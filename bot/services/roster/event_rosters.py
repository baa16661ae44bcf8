"""Reading an event roster (seed 000, Writing your roster, Inducements, Skill Points, Stars): the Team Draft
List plus what only a tournament roster has (Skill-Point skills, stars, Dedicated Fans, inducements), and its
check against the event's rulespack with `rules.tournament.tournament_rosters.check_roster` (what was spent,
what is lost, every rule it breaks). With gold piece escalation, a roster per round (tournament_escalation.py)
and the check of every one written so far. What a coach may pick, for autocomplete.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from bot.catalog.models import Inducement, Position, Skill
from bot.errors import NotFound, RuleViolation
from bot.i18n import _
from bot.rules.match import inducements as inducement_rules
from bot.rules.roster.eligibility import plays_for
from bot.rules.roster.stars import StarUnit, star_units
from bot.rules.roster.team_building import current_team_value, team_value
from bot.rules.tournament.tournament_escalation import only_additions, round_refusals
from bot.rules.tournament.tournament_rosters import (
    DraftedPlayer,
    DraftedStar,
    RosterCheck,
    TierAllowance,
    TournamentRoster,
    check_roster,
    event_inducements,
    free_inducements,
)
from bot.services.inputs import whole
from bot.services.roster.team_lookup import (
    STAR_PREFIX,
    TeamSheet,
    build_sheet,
    find_team,
    roster_of,
    squad_of,
    staffing_of,
    star_position_id,
)
from bot.services.runtime import Actor, Runtime
from bot.services.tournament.tournament_escalation import ROSTERS_MISSING, StoredRoster, as_of, escalation_of
from bot.services.tournament.tournaments import Event, find_event, tier_table
from bot.store import teams as team_store
from bot.store import tournaments as tournament_store
from bot.store.connection import Connection
from bot.store.teams import PlayerRow, TeamRow
from bot.store.tournaments import Entry


@dataclass(frozen=True)
class RosterStar:
    """A star (or a pair) on a tournament roster: the unit and its player rows."""

    unit: StarUnit
    players: tuple[PlayerRow, ...]
    mega: bool


@dataclass(frozen=True)
class RosterInducement:
    inducement: Inducement
    count: int
    cost: int  # for all of them


@dataclass(frozen=True)
class TournamentSheet:
    """Everything `/roster show` shows: the Team Draft List plus the tournament's additions and the check."""

    event: Event
    sheet: TeamSheet
    entry: Entry
    tier: int
    allowance: TierAllowance
    skills: dict[int, str]  # player id -> the Skill-Point skill
    stars: tuple[RosterStar, ...]
    inducements: tuple[RosterInducement, ...]
    check: RosterCheck
    free: tuple[Inducement, ...] = ()  # the event's custom inducements every roster has for free
    round_number: int | None = None  # gold piece escalation: the round whose roster this is

    @property
    def team(self) -> TeamRow:
        return self.sheet.team

    @property
    def budget(self) -> int:
        return self.event.rulespack.budget_of(self.round_number or 1)

    @property
    def dedicated_fans(self) -> int:
        """Bought at the draft plus gained by winning games (seed 000: the winner gains 1)."""
        return self.team.dedicated_fans + self.entry.fans_gained


@dataclass(frozen=True)
class EntryResult:
    sheet: TournamentSheet
    message: str


def stars_of(rt: Runtime, rows: list[PlayerRow]) -> list[RosterStar]:
    """Group the star rows of a roster into stars and pairs (a pair's two rows are one choice)."""
    by_position: dict[str, PlayerRow] = {r.position: r for r in rows if r.position.startswith(STAR_PREFIX)}
    found: list[RosterStar] = []
    for unit in sorted(star_units(rt.catalog), key=lambda u: -u.size):  # pairs before their members
        ids = [star_position_id(m) for m in unit.members]
        if all(i in by_position for i in ids):
            members = tuple(by_position.pop(i) for i in ids)
            mega = any(rt.catalog.stars[m].mega_star for m in unit.members)
            found.append(RosterStar(unit, members, mega))
    return found


def allowed_inducements(rt: Runtime, event: Event) -> dict[str, Inducement]:
    """What a coach may buy: the catalogue's inducements and the event's custom ones that are not free."""
    return event_inducements(rt.catalog, event.rulespack.inducements)


def entry_of(conn: Connection, event: Event, team: TeamRow) -> Entry:
    entry = tournament_store.entry(conn, team.guild_id, team.id)
    if entry is None or entry.league_id != event.id:
        raise NotFound(_("{team} is not registered in {event}.", team=team.name, event=event.name))
    return entry


# --- the check ---------------------------------------------------------------------------------------------


def stored_roster(conn: Connection, event: Event, team: TeamRow) -> StoredRoster:
    entry = entry_of(conn, event, team)
    skills = tournament_store.skills_of_team(conn, team.guild_id, team.id)
    return StoredRoster(team, team_store.players(conn, team), entry, skills)


def _roster(rt: Runtime, stored: StoredRoster) -> TournamentRoster:
    team = stored.team
    return TournamentRoster(
        team_id=team.roster,
        league=team.regional_league,
        alignment=team.alignment,
        players=tuple(
            DraftedPlayer(r.position, (stored.skills[r.id],) if r.id in stored.skills else (), r.mercenary)
            for r in stored.players
            if not r.position.startswith(STAR_PREFIX)
        ),
        stars=tuple(DraftedStar(s.unit.name) for s in stars_of(rt, stored.players)),
        staff=staffing_of(team),
        dedicated_fans=team.dedicated_fans,
        inducements=stored.entry.inducements,
    )


def _check(
    rt: Runtime, event: Event, stored: StoredRoster, budget: int
) -> tuple[TournamentRoster, RosterCheck]:
    roster = roster_of(rt.catalog, stored.team)
    drafted = _roster(rt, stored)
    check = check_roster(
        rt.catalog,
        drafted,
        budget,
        tier_table(rt, event.rulespack),
        allowed_inducements(rt, event),
        event.rulespack.tier_of(roster.id, roster.tier),
        options=event.rulespack.roster_rules,
    )
    return drafted, check


def roster_check(conn: Connection, rt: Runtime, event: Event, team: TeamRow) -> RosterCheck:
    """A registered team's roster as stored, checked against the event's rulespack (for the simulator's
    invariants too). With gold piece escalation: every roster written so far, each against its budget and
    each only adding to the one before (refusals name the round); spent and lost are the latest roster's."""
    stored = stored_roster(conn, event, team)
    if not event.rulespack.escalation:
        return _check(rt, event, stored, event.rulespack.budget)[1]
    esc = escalation_of(conn, team)
    refusals: list[str] = []
    previous: TournamentRoster | None = None
    check: RosterCheck | None = None
    for number in range(1, esc.writing(event) + 1):
        budget = event.rulespack.budget_of(number)
        drafted, check = _check(rt, event, as_of(stored, esc, number), budget)
        refusals += round_refusals(number, budget, check.refusals)
        if previous is not None:
            refusals += only_additions(previous, drafted, number)
        previous = drafted
    if esc.drafting_round < event.rulespack.roster_rounds:
        refusals.append(
            _(
                "{missing} ({rounds}); /roster escalate opens the next.",
                missing=_(ROSTERS_MISSING),
                rounds=event.rulespack.roster_rounds,
            )
        )
    assert check is not None
    return replace(check, refusals=tuple(refusals))


# --- the sheet ---------------------------------------------------------------------------------------------


def _sheet_as_of(rt: Runtime, sheet: TeamSheet, stored: StoredRoster) -> TeamSheet:
    """The Team Draft List of one round: its players with that round's Skill-Point skills, staff and team
    value."""
    ids = {r.id for r in stored.players}
    players = [replace(p, added_skill=stored.skills.get(p.row.id)) for p in sheet.players if p.row.id in ids]
    squad = squad_of(players)
    staff = staffing_of(stored.team)
    return replace(
        sheet,
        team=stored.team,
        players=players,
        team_value=team_value(sheet.roster, squad, staff, rt.catalog.drafting),
        current_team_value=current_team_value(
            sheet.roster, squad, staff, rt.catalog.drafting, sheet.special_rules
        ),
    )


def fielded_sheet(conn: Connection, rt: Runtime, event: Event, team: TeamRow, number: int) -> TeamSheet:
    """Gold piece escalation: the Team Draft List a team fields in round `number` (the match sheet): that
    round's players, staff and fans, and its team values (the petty cash's CTV)."""
    stored = as_of(stored_roster(conn, event, team), escalation_of(conn, team), number)
    return _sheet_as_of(rt, build_sheet(conn, rt.catalog, event.league, team), stored)


def build_tournament_sheet(
    conn: Connection, rt: Runtime, event: Event, team: TeamRow, round_number: int | None = None
) -> TournamentSheet:
    """A registered team's tournament roster with its check (what was spent, what was lost, what breaks).
    With gold piece escalation: the roster of `round_number` (default: the one being written, or the last);
    the check is of every roster written so far."""
    stored = stored_roster(conn, event, team)
    check = roster_check(conn, rt, event, team)
    sheet = build_sheet(conn, rt.catalog, event.league, team)
    shown: int | None = None
    if event.rulespack.escalation:
        esc = escalation_of(conn, team)
        shown = esc.writing(event) if round_number is None else min(max(1, round_number), esc.writing(event))
        stored = as_of(stored, esc, shown)
        spent = _check(rt, event, stored, event.rulespack.budget_of(shown))[1]
        check = replace(
            check,
            gold_spent=spent.gold_spent,
            gold_lost=spent.gold_lost,
            skill_points_spent=spent.skill_points_spent,
        )
        sheet = _sheet_as_of(rt, sheet, stored)
    roster = roster_of(rt.catalog, team)
    tier = event.rulespack.tier_of(roster.id, roster.tier)
    allowed = allowed_inducements(rt, event)
    special = roster.special_rules_with(team.regional_league, team.alignment)
    bought = tuple(
        RosterInducement(allowed[key], count, count * inducement_rules.price(allowed[key], roster, special))
        for key, count in stored.entry.inducements
        if key in allowed
    )
    return TournamentSheet(
        event=event,
        sheet=sheet,
        entry=stored.entry,
        tier=tier,
        allowance=tier_table(rt, event.rulespack).allowance(tier),
        skills=stored.skills,
        stars=tuple(stars_of(rt, stored.players)),
        inducements=bought,
        check=check,
        free=tuple(free_inducements(rt.catalog, event.rulespack.inducements)),
        round_number=shown,
    )


def _show(
    conn: Connection,
    rt: Runtime,
    actor: Actor,
    event_ref: str | None,
    team_ref: str | None,
    round_number: int | None = None,
) -> TournamentSheet:
    event = find_event(conn, actor.guild_id, event_ref)
    if team_ref:
        team = find_team(conn, actor.guild_id, team_ref, event.league)
    else:
        found = team_store.by_coach(conn, actor.guild_id, event.id, actor.user_id)
        if found is None:
            raise NotFound(
                _("You have no roster in {event}; name a team to see its roster.", event=event.name)
            )
        team = found
    return build_tournament_sheet(conn, rt, event, team, round_number)


async def roster_sheet(
    rt: Runtime,
    actor: Actor,
    event_ref: str | None,
    team: str | None = None,
    round_number: int | None = None,
) -> TournamentSheet:
    """Any registered team's roster (the caller's own when none is named): anyone may read it. With gold
    piece escalation, `round_number` picks the roster of that round (default: the latest written)."""
    if round_number is not None:
        whole(round_number, 1, 15, _("round"))
    return await rt.db.read(_show, rt, actor, event_ref, team, round_number)


# --- what a coach may pick, for autocomplete ---------------------------------------------------------------


@dataclass(frozen=True)
class RosterOptions:
    """What the caller's roster may pick, for autocomplete."""

    positions: tuple[Position, ...] = ()
    players: tuple[PlayerRow, ...] = ()
    stars: tuple[StarUnit, ...] = ()  # who plays for the team
    inducements: tuple[Inducement, ...] = ()


def _options(conn: Connection, rt: Runtime, actor: Actor, event_ref: str | None) -> RosterOptions:
    try:
        event = find_event(conn, actor.guild_id, event_ref)
    except (NotFound, RuleViolation):
        return RosterOptions()
    team = team_store.by_coach(conn, actor.guild_id, event.id, actor.user_id)
    if team is None:
        return RosterOptions()
    roster = roster_of(rt.catalog, team)
    stars = tuple(
        u
        for u in star_units(rt.catalog)
        if all(
            plays_for(rt.catalog.stars[m], roster, team.regional_league, team.alignment) for m in u.members
        )
    )
    return RosterOptions(
        positions=tuple(roster.positions),
        players=tuple(team_store.players(conn, team)),
        stars=stars,
        inducements=tuple(allowed_inducements(rt, event).values()),
    )


async def roster_options(rt: Runtime, actor: Actor, event_ref: str | None) -> RosterOptions:
    return await rt.db.read(_options, rt, actor, event_ref)


def skill_options(rt: Runtime, position: Position) -> list[Skill]:
    """The skills a player of this position may be given: his Primary and Secondary categories."""
    return [
        s
        for s in rt.catalog.skills.values()
        if (s.category in position.primary or s.category in position.secondary)
        and s.name not in position.skills
    ]
