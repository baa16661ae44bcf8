"""Registration and tournament rosters (seed 000, Writing your roster, Inducements, Skill Points, Stars).

A coach registers one team per event and drafts it with the league drafting sequence (services/teams.py:
create, hire, fire, staff, in the event's competition row, whose LeagueSettings carry the event's Team Draft
Budget), then adds what only a tournament roster has: Dedicated Fans up to 6 at 10,000 gp, the inducements
the event allows (permanently on the roster), one Skill-Point skill per player and star players (player rows,
so reports name them by number). Every addition is checked at once with `rules.tournament_rosters.
check_roster` (a step is refused when it adds a refusal the roster did not have); the whole roster is checked
again at submit and at approval. Every gold piece is a treasury row; the treasury left at the end is lost.
Rosters change only while the event is in registration; changing an approved roster makes it a draft again.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from bot.catalog.models import Inducement, Position, Skill
from bot.catalog.search import best_matches
from bot.errors import Conflict, NotFound, RuleViolation
from bot.rules.league.star_drafts import StarUnit, star_units
from bot.rules.match import inducements as inducement_rules
from bot.rules.roster.eligibility import plays_for
from bot.rules.roster.team_building import current_team_value, next_free_number, team_value
from bot.rules.tournament.tournament_rosters import (
    ONLY_ADDS,
    DraftedPlayer,
    DraftedStar,
    RosterCheck,
    TierAllowance,
    TournamentRoster,
    check_roster,
    event_inducements,
    free_inducements,
    only_additions,
    stunty_refusals,
)
from bot.services.inputs import whole
from bot.services.league.leagues import clean_name
from bot.services.roster import teams as drafting
from bot.services.roster.team_lookup import (
    STAR_PREFIX,
    TeamChoice,
    TeamSheet,
    build_sheet,
    find_player,
    find_team,
    roster_of,
    squad_of,
    staffing_of,
    star_position_id,
)
from bot.services.runtime import Actor, Runtime
from bot.services.tournament.tournament_squads import check_squad
from bot.services.tournament.tournaments import Event, find_event, tier_table
from bot.store import audit
from bot.store import teams as team_store
from bot.store import tournament_escalation as escalation_store
from bot.store import tournaments as tournament_store
from bot.store.connection import Connection
from bot.store.teams import PlayerRow, TeamRow
from bot.store.tournaments import Entry
from bot.text import gp

NEEDS_MORE_PLAYERS = "A new team needs at least"  # check_roster's refusal of a roster still being drafted
OVERSPENT = "That costs"  # the treasury's refusal to go below zero (store/teams.change_treasury)


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


# --- reading a roster -------------------------------------------------------------------------------------


def _stars(rt: Runtime, rows: list[PlayerRow]) -> list[RosterStar]:
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


def _allowed(rt: Runtime, event: Event) -> dict[str, Inducement]:
    """What a coach may buy: the catalogue's inducements and the event's custom ones that are not free."""
    return event_inducements(rt.catalog, event.rulespack.inducements)


def _roster(
    rt: Runtime, team: TeamRow, rows: list[PlayerRow], entry: Entry, skills: dict[int, str]
) -> TournamentRoster:
    return TournamentRoster(
        team_id=team.roster,
        league=team.regional_league,
        alignment=team.alignment,
        players=tuple(
            DraftedPlayer(r.position, (skills[r.id],) if r.id in skills else ())
            for r in rows
            if not r.position.startswith(STAR_PREFIX)
        ),
        stars=tuple(DraftedStar(s.unit.name) for s in _stars(rt, rows)),
        staff=staffing_of(team),
        dedicated_fans=team.dedicated_fans,
        inducements=entry.inducements,
    )


def _check(
    rt: Runtime,
    event: Event,
    team: TeamRow,
    rows: list[PlayerRow],
    entry: Entry,
    skills: dict[int, str],
    budget: int,
) -> tuple[TournamentRoster, RosterCheck]:
    roster = roster_of(rt.catalog, team)
    drafted = _roster(rt, team, rows, entry, skills)
    check = check_roster(
        rt.catalog,
        drafted,
        budget,
        tier_table(rt, event.rulespack),
        _allowed(rt, event),
        event.rulespack.tier_of(roster.id, roster.tier),
        options=event.rulespack.roster_rules,
    )
    return drafted, check


def roster_check(conn: Connection, rt: Runtime, event: Event, team: TeamRow) -> RosterCheck:
    """A registered team's roster as stored, checked against the event's rulespack (for the simulator's
    invariants too). With gold piece escalation: every roster written so far, each against its budget and
    each only adding to the one before (refusals name the round); spent and lost are the latest roster's."""
    entry = _entry(conn, event, team)
    rows = team_store.players(conn, team)
    skills = tournament_store.skills_of_team(conn, team.guild_id, team.id)
    if not event.rulespack.escalation:
        return _check(rt, event, team, rows, entry, skills, event.rulespack.budget)[1]
    # --- gold piece escalation ---
    esc = escalation_of(conn, team)
    refusals: list[str] = []
    previous: TournamentRoster | None = None
    check: RosterCheck | None = None
    for number in range(1, esc.writing(event) + 1):
        budget = event.rulespack.budget_of(number)
        drafted, check = _check(rt, event, *_as_of(team, rows, entry, skills, esc, number), budget)
        refusals += [f"Round {number} roster ({gp(budget)}): {r}" for r in check.refusals]
        if previous is not None:
            refusals += only_additions(previous, drafted, number)
        previous = drafted
    if esc.drafting_round < event.rulespack.roster_rounds:
        refusals.append(
            f"{ROSTERS_MISSING} ({event.rulespack.roster_rounds}); /roster escalate opens the next."
        )
    assert check is not None
    return replace(check, refusals=tuple(refusals))


def rosters_breaking_rules(conn: Connection, rt: Runtime, event: Event) -> list[str]:
    """Every approved roster that breaks the rulespack as it is now (it may have changed since approval,
    e.g. a mandatory star switched on): 'Team: refusal' lines; empty when all may play."""
    lines: list[str] = []
    for entry in tournament_store.entries(conn, event.league.guild_id, event.id):
        team = team_store.get(conn, event.league.guild_id, entry.team_id)
        if team is not None and team.status == "approved":
            lines += [f"{team.name}: {r}" for r in roster_check(conn, rt, event, team).refusals]
    return lines


def _entry(conn: Connection, event: Event, team: TeamRow) -> Entry:
    entry = tournament_store.entry(conn, team.guild_id, team.id)
    if entry is None or entry.league_id != event.id:
        raise NotFound(f"{team.name} is not registered in {event.name}.")
    return entry


def build_tournament_sheet(
    conn: Connection, rt: Runtime, event: Event, team: TeamRow, round_number: int | None = None
) -> TournamentSheet:
    """A registered team's tournament roster with its check (what was spent, what was lost, what breaks).
    With gold piece escalation: the roster of `round_number` (default: the one being written, or the last);
    the check is of every roster written so far."""
    entry = _entry(conn, event, team)
    rows = team_store.players(conn, team)
    skills = tournament_store.skills_of_team(conn, team.guild_id, team.id)
    full = team
    check = roster_check(conn, rt, event, team)
    shown: int | None = None
    if event.rulespack.escalation:
        esc = escalation_of(conn, team)
        shown = esc.writing(event) if round_number is None else min(max(1, round_number), esc.writing(event))
        team, rows, entry, skills = _as_of(team, rows, entry, skills, esc, shown)
        spent = _check(rt, event, team, rows, entry, skills, event.rulespack.budget_of(shown))[1]
        check = replace(
            check,
            gold_spent=spent.gold_spent,
            gold_lost=spent.gold_lost,
            skill_points_spent=spent.skill_points_spent,
        )
    roster = roster_of(rt.catalog, team)
    tier = event.rulespack.tier_of(roster.id, roster.tier)
    table = tier_table(rt, event.rulespack)
    allowed = _allowed(rt, event)
    special = roster.special_rules_with(team.regional_league, team.alignment)
    bought = tuple(
        RosterInducement(allowed[key], count, count * inducement_rules.price(allowed[key], roster, special))
        for key, count in entry.inducements
        if key in allowed
    )
    sheet = build_sheet(conn, rt.catalog, event.league, full)
    if shown is not None:
        sheet = _sheet_as_of(rt, sheet, team, {r.id for r in rows})
    return TournamentSheet(
        event=event,
        sheet=sheet,
        entry=entry,
        tier=tier,
        allowance=table.allowance(tier),
        skills=skills,
        stars=tuple(_stars(rt, rows)),
        inducements=bought,
        check=check,
        free=tuple(free_inducements(rt.catalog, event.rulespack.inducements)),
        round_number=shown,
    )


# --- gold piece escalation ---------------------------------------------------------------

ROSTERS_MISSING = "Write a roster for every budget of the escalation"


@dataclass(frozen=True)
class Escalation:
    """A team's escalation rows: from which round each player and skill counts; the closed rosters."""

    players: dict[int, escalation_store.PlayerRounds]
    closed: tuple[escalation_store.ClosedRound, ...]

    @property
    def drafting_round(self) -> int:
        """The roster being written (1 + the closed ones)."""
        return len(self.closed) + 1

    def writing(self, event: Event) -> int:
        """The last roster written or being written (never past the event's budgets)."""
        return min(self.drafting_round, event.rulespack.roster_rounds)

    def joined(self, player_id: int) -> int:
        tag = self.players.get(player_id)
        return tag.joined if tag else 1

    def skilled(self, player_id: int) -> int:
        tag = self.players.get(player_id)
        return max(tag.joined, tag.skilled or 1) if tag else 1


def escalation_of(conn: Connection, team: TeamRow) -> Escalation:
    return Escalation(
        escalation_store.players_of_team(conn, team.guild_id, team.id),
        tuple(escalation_store.closed_rounds(conn, team.guild_id, team.id)),
    )


def _as_of(
    team: TeamRow,
    rows: list[PlayerRow],
    entry: Entry,
    skills: dict[int, str],
    esc: Escalation,
    number: int,
) -> tuple[TeamRow, list[PlayerRow], Entry, dict[int, str]]:
    """The roster of round `number` from the stored (last) one: its players and skills, and a closed
    round's staff, fans and inducements."""
    kept = [r for r in rows if esc.joined(r.id) <= number]
    ids = {r.id for r in kept}
    kept_skills = {pid: skill for pid, skill in skills.items() if pid in ids and esc.skilled(pid) <= number}
    closed = next((c for c in esc.closed if c.round_number == number), None)
    if closed is not None:
        team = replace(
            team,
            rerolls=closed.rerolls,
            assistant_coaches=closed.assistant_coaches,
            cheerleaders=closed.cheerleaders,
            apothecary=closed.apothecary,
            dedicated_fans=closed.dedicated_fans,
        )
        entry = replace(entry, inducements=closed.inducements)
    return team, kept, entry, kept_skills


def _sheet_as_of(rt: Runtime, sheet: TeamSheet, team: TeamRow, ids: set[int]) -> TeamSheet:
    """The Team Draft List of one round: its players, staff and team value."""
    players = [p for p in sheet.players if p.row.id in ids]
    squad = squad_of(players)
    staff = staffing_of(team)
    return replace(
        sheet,
        team=team,
        players=players,
        team_value=team_value(sheet.roster, squad, staff, rt.catalog.drafting),
        current_team_value=current_team_value(
            sheet.roster, squad, staff, rt.catalog.drafting, sheet.special_rules
        ),
    )


def _escalation_guard(
    conn: Connection, rt: Runtime, event: Event, team: TeamRow, player: PlayerRow | None = None
) -> int:
    """The roster being written (1 without escalation); refuses taking away a player (or star) of an
    earlier roster, and any change that leaves the roster less than the one before."""
    if not event.rulespack.escalation:
        return 1
    esc = escalation_of(conn, team)
    if esc.drafting_round > event.rulespack.roster_rounds:
        raise Conflict(
            f"All {event.rulespack.roster_rounds} rosters are written: submit them with /roster submit."
        )
    if player is not None and esc.joined(player.id) < esc.drafting_round:
        raise RuleViolation(
            f"#{player.number} {player.name} is on your round-{esc.joined(player.id)} roster: "
            f"seed 000, {ONLY_ADDS}."
        )
    return esc.drafting_round


def _additions_only(conn: Connection, rt: Runtime, event: Event, team: TeamRow) -> None:
    """After a change: refuse it when the roster being written no longer holds all of the one before."""
    if event.rulespack.escalation:
        broken = [r for r in roster_check(conn, rt, event, team).refusals if ONLY_ADDS in r]
        if broken:
            raise RuleViolation(" ".join(broken))


def _escalate(conn: Connection, rt: Runtime, actor: Actor, event_ref: str | None) -> EntryResult:
    event = _open_event(conn, actor, event_ref)
    if not event.rulespack.escalation:
        raise RuleViolation(f"{event.name} has one Team Draft Budget: there is no next roster to write.")
    team = _own(conn, actor, event)
    number = _escalation_guard(conn, rt, event, team)
    if number >= event.rulespack.roster_rounds:
        raise Conflict(
            f"This is the last roster ({number} of {event.rulespack.roster_rounds}): submit them with "
            "/roster submit."
        )
    prefix = f"Round {number} roster"
    broken = [r for r in roster_check(conn, rt, event, team).refusals if r.startswith(prefix)]
    if broken:
        raise RuleViolation(
            f"Your round-{number} roster is not ready:\n" + "\n".join(f"• {r}" for r in broken)
        )
    entry = _entry(conn, event, team)
    escalation_store.close_round(
        conn,
        team.guild_id,
        team.id,
        escalation_store.ClosedRound(
            round_number=number,
            rerolls=team.rerolls,
            assistant_coaches=team.assistant_coaches,
            cheerleaders=team.cheerleaders,
            apothecary=team.apothecary,
            dedicated_fans=team.dedicated_fans,
            inducements=entry.inducements,
        ),
        rt.clock.now(),
    )
    before, after = event.rulespack.budget_of(number), event.rulespack.budget_of(number + 1)
    team_store.change_treasury(
        conn,
        team,
        after - before,
        f"escalation: the round-{number + 1} Team Draft Budget {gp(after)}",
        actor_id=actor.user_id,
        now=rt.clock.now(),
    )
    _record(
        conn,
        rt,
        actor,
        event,
        "tournament.escalate",
        {"team": team.name, "round": number + 1, "budget": after},
    )
    return _result(
        conn,
        rt,
        event,
        team,
        f"Round-{number} roster closed. Now writing the round-{number + 1} roster: {gp(after - before)} more "
        f"to spend ({gp(after)} in all); it can only add to the one before.",
    )


async def escalate(rt: Runtime, actor: Actor, event_ref: str | None) -> EntryResult:
    """Gold piece escalation: close the roster being written (checked against its budget) and open the next
    one, with the next budget's extra gold (seed 000: every roster is submitted at the start; each only adds
    to the one before)."""
    return await rt.db.write(_escalate, rt, actor, event_ref)


# --- the shared steps of every change ---------------------------------------------------------------------


def _open_event(conn: Connection, actor: Actor, event_ref: str | None) -> Event:
    event = find_event(conn, actor.guild_id, event_ref)
    if event.status != "registration":
        raise RuleViolation(
            f"{event.name} has {'started' if event.status == 'running' else 'finished'}: "
            "rosters lock when the event starts."
        )
    return event


def _own(conn: Connection, actor: Actor, event: Event) -> TeamRow:
    """The caller's team in the event, made a draft again if it was submitted, rejected or approved."""
    team = team_store.by_coach(conn, actor.guild_id, event.id, actor.user_id)
    if team is None:
        raise NotFound(f"You have no roster in {event.name}. Register one with /roster register.")
    if team.status in ("submitted", "rejected", "approved"):
        team_store.set_status(conn, team, "draft", team.review_note)
        again = team_store.get(conn, team.guild_id, team.id)
        assert again is not None
        return again
    return team


def _step_check(before: RosterCheck, after: RosterCheck) -> None:
    """Refuse a change that breaks a rule the roster kept before it (a roster still short of 11 players is
    no refusal while drafting: /roster submit asks for it)."""
    new = [r for r in after.refusals if r not in before.refusals and NEEDS_MORE_PLAYERS not in r]
    if new:
        raise RuleViolation(" ".join(new))


def _result(conn: Connection, rt: Runtime, event: Event, team: TeamRow, message: str) -> EntryResult:
    refreshed = team_store.get(conn, team.guild_id, team.id)
    assert refreshed is not None
    return EntryResult(build_tournament_sheet(conn, rt, event, refreshed), message)


def _record(
    conn: Connection,
    rt: Runtime,
    actor: Actor,
    event: Event,
    action: str,
    detail: dict[str, object],
    reason: str | None = None,
) -> None:
    audit.record(
        conn,
        guild_id=actor.guild_id,
        league_id=event.id,
        actor_id=actor.user_id,
        action=action,
        now=rt.clock.now(),
        detail=detail,
        reason=reason,
    )


# --- register, and the drafting steps shared with leagues --------------------------------------------------


def _register(
    conn: Connection,
    rt: Runtime,
    actor: Actor,
    event_ref: str | None,
    name: str,
    roster: str,
    regional_league: str | None,
    alignment: str | None,
) -> EntryResult:
    event = _open_event(conn, actor, event_ref)
    if not event.rulespack.registration_open:
        raise RuleViolation(f"Registration for {event.name} is closed; ask the organiser to open it.")
    created = drafting.create_in(conn, rt, actor, event.league, name, roster, regional_league, alignment)
    team = created.sheet.team
    if event.rulespack.stunty:  # refused before any player is hired (the transaction is rolled back)
        refusals = stunty_refusals(rt.catalog, roster_of(rt.catalog, team), ())
        if refusals:
            raise RuleViolation(refusals[0])
    tournament_store.insert_entry(conn, actor.guild_id, event.id, team.id, spare=False, now=rt.clock.now())
    check_squad(conn, rt, event, team)  # a team event: in a squad, no roster twice in it
    _record(conn, rt, actor, event, "tournament.register", {"team": team.name, "roster": roster})
    return _result(
        conn,
        rt,
        event,
        team,
        f"{team.name} is registered in {event.name}; Team Draft Budget {gp(event.rulespack.budget)}. "
        "Hire players with /roster hire; /roster submit when it is ready.",
    )


async def register(
    rt: Runtime,
    actor: Actor,
    event_ref: str | None,
    name: str,
    roster: str,
    regional_league: str | None = None,
    alignment: str | None = None,
) -> EntryResult:
    """Register a new team (one per coach per event) while the event is open for registration."""
    return await rt.db.write(
        _register, rt, actor, event_ref, clean_name(name, "team name"), roster, regional_league, alignment
    )


def _drafting_step(
    conn: Connection,
    rt: Runtime,
    actor: Actor,
    event_ref: str | None,
    step: str,
    args: tuple[object, ...],
) -> EntryResult:
    event = _open_event(conn, actor, event_ref)
    team = _own(conn, actor, event)
    writing = _escalation_guard(conn, rt, event, team)
    before = roster_check(conn, rt, event, team)
    known = {r.id for r in team_store.players(conn, team)}
    if step in ("hire", "staff"):
        do = drafting.hire_in if step == "hire" else drafting.staff_in
        try:
            done = do(conn, rt, actor, event.league, *args)  # type: ignore[arg-type]
        except RuleViolation as refusal:
            if not str(refusal).startswith(OVERSPENT):
                raise
            raise RuleViolation(
                f"{refusal} Seed 000: a coach spends at most the {gp(event.rulespack.budget)} "
                "Team Draft Budget."
            ) from refusal
    else:  # fire: a removal, never refused by the roster check
        player = find_player(conn, team, str(args[0]))
        if player.position.startswith(STAR_PREFIX):
            raise RuleViolation(f"{player.name} is a star player: remove him with /roster unstar.")
        _escalation_guard(conn, rt, event, team, player)
        tournament_store.set_skill(conn, actor.guild_id, team.id, player.id, None, rt.clock.now())
        done = drafting.fire_in(conn, rt, actor, event.league, player_ref=f"p:{player.id}")
        return _result(conn, rt, event, team, done.message)
    refreshed = team_store.get(conn, team.guild_id, team.id)
    assert refreshed is not None
    if writing > 1:  # players hired for a later budget count from its round
        for row in team_store.players(conn, refreshed):
            if row.id not in known:
                escalation_store.set_joined(conn, team.guild_id, team.id, row.id, writing)
    _step_check(before, roster_check(conn, rt, event, refreshed))
    _additions_only(conn, rt, event, refreshed)
    return _result(conn, rt, event, refreshed, done.message)


async def hire(
    rt: Runtime,
    actor: Actor,
    event_ref: str | None,
    position: str,
    count: int = 1,
    name: str | None = None,
    number: int | None = None,
) -> EntryResult:
    """Hire players for the caller's tournament roster (the league drafting rules; the event's budget)."""
    if number is not None and not 1 <= number <= 99:
        raise RuleViolation("Shirt numbers are 1 to 99.")
    whole(count, 1, drafting.MAX_HIRE_AT_ONCE, "count")
    cleaned = clean_name(name, "player name") if name else None
    return await rt.db.write(_drafting_step, rt, actor, event_ref, "hire", (position, count, cleaned, number))


async def fire(rt: Runtime, actor: Actor, event_ref: str | None, player: str) -> EntryResult:
    """Release a player (refunded in full while drafting); his Skill-Point skill goes with him."""
    return await rt.db.write(_drafting_step, rt, actor, event_ref, "fire", (player,))


async def set_staff(
    rt: Runtime,
    actor: Actor,
    event_ref: str | None,
    *,
    rerolls: int | None = None,
    assistant_coaches: int | None = None,
    cheerleaders: int | None = None,
    apothecary: bool | None = None,
) -> EntryResult:
    """Re-rolls and sideline staff at the league prices (Dedicated Fans: `set_fans`)."""
    wanted: dict[str, int | bool | None] = {
        "rerolls": rerolls,
        "assistant_coaches": assistant_coaches,
        "cheerleaders": cheerleaders,
        "apothecary": apothecary,
        "dedicated_fans": None,
    }
    return await rt.db.write(_drafting_step, rt, actor, event_ref, "staff", (wanted,))


# --- what only a tournament roster has ---------------------------------------------------------------------


def _find_skill(rt: Runtime, reference: str) -> Skill:
    skill = rt.catalog.skill(reference)
    if skill is None:
        found = best_matches(reference, list(rt.catalog.skills.values()), lambda s: s.name, limit=1)
        if not found:
            raise NotFound(f"There is no skill `{reference[:40]}`; /rules skill lists them.")
        skill = found[0]
    return skill


def _skill(
    conn: Connection,
    rt: Runtime,
    actor: Actor,
    event_ref: str | None,
    player_ref: str,
    skill_ref: str | None,
) -> EntryResult:
    event = _open_event(conn, actor, event_ref)
    team = _own(conn, actor, event)
    player = find_player(conn, team, player_ref)
    if player.position.startswith(STAR_PREFIX):
        raise RuleViolation("Star Players cannot be given additional Skills under any circumstances.")
    writing = _escalation_guard(conn, rt, event, team)
    before = roster_check(conn, rt, event, team)
    previous = tournament_store.skills_of_team(conn, actor.guild_id, team.id).get(player.id)
    skill = None if skill_ref is None else _find_skill(rt, skill_ref).name
    if writing > 1 and previous is not None and escalation_of(conn, team).skilled(player.id) < writing:
        raise RuleViolation(
            f"#{player.number} {player.name}'s {previous} is on an earlier roster: seed 000, {ONLY_ADDS}."
        )
    tournament_store.set_skill(conn, actor.guild_id, team.id, player.id, skill, rt.clock.now())
    if writing > 1:
        escalation_store.set_skilled(conn, actor.guild_id, team.id, player.id, writing if skill else None)
    if skill is not None:
        _step_check(before, roster_check(conn, rt, event, team))
    _record(
        conn,
        rt,
        actor,
        event,
        "tournament.skill",
        {"team": team.name, "player": f"#{player.number} {player.name}", "skill": skill, "before": previous},
    )
    check = roster_check(conn, rt, event, team)
    what = f"#{player.number} {player.name} " + (f"now has {skill}" if skill else "has no added skill")
    return _result(conn, rt, event, team, f"{what}. Skill Points spent: {check.skill_points_spent}.")


async def set_skill(
    rt: Runtime, actor: Actor, event_ref: str | None, player: str, skill: str | None
) -> EntryResult:
    """Give a player his one Skill-Point skill (primary 1 point, secondary 2; replacing any), or None to
    take it away. Never a star; added skills do not raise the player's value."""
    wanted = None if skill is None or skill.strip().lower() in ("", "none") else skill.strip()
    return await rt.db.write(_skill, rt, actor, event_ref, player, wanted)


def _find_unit(rt: Runtime, reference: str) -> StarUnit:
    wanted = reference.strip().lower()
    units = star_units(rt.catalog)
    unit = next((u for u in units if wanted in (u.name.lower(), *(m.lower() for m in u.members))), None)
    if unit is None:
        found = best_matches(reference, units, lambda u: u.name, limit=1)
        if not found:
            raise NotFound(f"No star player called `{reference[:40]}`: pick one from the list.")
        unit = found[0]
    return unit


def _add_star(conn: Connection, rt: Runtime, actor: Actor, event_ref: str | None, star: str) -> EntryResult:
    event = _open_event(conn, actor, event_ref)
    team = _own(conn, actor, event)
    unit = _find_unit(rt, star)
    writing = _escalation_guard(conn, rt, event, team)
    before = roster_check(conn, rt, event, team)
    rows = team_store.players(conn, team)
    if any(s.unit == unit for s in _stars(rt, rows)):
        raise Conflict(f"{unit.name} is on the roster already.")
    now = rt.clock.now()
    taken = [p.number for p in rows]
    for member, cost in zip(unit.members, unit.member_costs(), strict=True):
        number = next_free_number(taken)
        taken.append(number)
        team_store.insert_player(
            conn,
            team,
            number=number,
            name=member,
            position=star_position_id(member),
            hiring_fee=cost,
            now=now,
        )
    if writing > 1:  # a star added for a later budget counts from its round
        for row in team_store.players(conn, team):
            if row.id not in {r.id for r in rows}:
                escalation_store.set_joined(conn, team.guild_id, team.id, row.id, writing)
    after = roster_check(conn, rt, event, team)
    _step_check(before, after)  # before paying: the budget refusal names the rule
    check_squad(conn, rt, event, team)  # a team event: no star twice in a squad
    team_store.change_treasury(
        conn, team, -unit.cost, f"draft: star player {unit.name}", actor_id=actor.user_id, now=now
    )
    _record(conn, rt, actor, event, "tournament.star", {"team": team.name, "star": unit.name, "added": True})
    points = after.skill_points_spent - before.skill_points_spent
    return _result(
        conn, rt, event, team, f"{unit.name} joins {team.name} for {gp(unit.cost)} and {points} Skill Points."
    )


async def add_star(rt: Runtime, actor: Actor, event_ref: str | None, star: str) -> EntryResult:
    """Put a star player (or a pair, one choice in two roster places) on the roster: his gold and 2 Skill
    Points (a Mega-star 4), only once the roster has 11 players, within the tier's and seed 000's limits."""
    return await rt.db.write(_add_star, rt, actor, event_ref, star)


def _remove_star(
    conn: Connection, rt: Runtime, actor: Actor, event_ref: str | None, star: str
) -> EntryResult:
    event = _open_event(conn, actor, event_ref)
    team = _own(conn, actor, event)
    unit = _find_unit(rt, star)
    on_roster = next((s for s in _stars(rt, team_store.players(conn, team)) if s.unit == unit), None)
    if on_roster is None:
        raise NotFound(f"{unit.name} is not on {team.name}'s roster.")
    _escalation_guard(conn, rt, event, team, on_roster.players[0])
    now = rt.clock.now()
    for row in on_roster.players:
        team_store.delete_player(conn, team, row.id)
    team_store.change_treasury(
        conn, team, unit.cost, f"draft: star player {unit.name} removed", actor_id=actor.user_id, now=now
    )
    _record(conn, rt, actor, event, "tournament.star", {"team": team.name, "star": unit.name, "added": False})
    return _result(conn, rt, event, team, f"{unit.name} leaves; {gp(unit.cost)} back in the budget.")


async def remove_star(rt: Runtime, actor: Actor, event_ref: str | None, star: str) -> EntryResult:
    return await rt.db.write(_remove_star, rt, actor, event_ref, star)


def _fans(conn: Connection, rt: Runtime, actor: Actor, event_ref: str | None, fans: int) -> EntryResult:
    event = _open_event(conn, actor, event_ref)
    team = _own(conn, actor, event)
    numbers = rt.catalog.tournament.roster
    start = rt.catalog.drafting.dedicated_fans.start
    if not start <= fans <= numbers.max_fans:
        raise RuleViolation(
            f"A tournament team may have {start}-{numbers.max_fans} Dedicated Fans, "
            f"each above {start} at {gp(numbers.fan_cost)}."
        )
    _escalation_guard(conn, rt, event, team)
    before = roster_check(conn, rt, event, team)
    delta = fans - team.dedicated_fans
    if delta:
        staff = staffing_of(team)
        team_store.set_staff(
            conn,
            team,
            rerolls=staff.rerolls,
            assistant_coaches=staff.assistant_coaches,
            cheerleaders=staff.cheerleaders,
            apothecary=staff.apothecary,
            dedicated_fans=fans,
        )
        refreshed = team_store.get(conn, team.guild_id, team.id)
        assert refreshed is not None
        if delta > 0:
            _step_check(before, roster_check(conn, rt, event, refreshed))
        _additions_only(conn, rt, event, refreshed)
        verb = "bought" if delta > 0 else "sold back"
        team_store.change_treasury(
            conn,
            team,
            -delta * numbers.fan_cost,
            f"draft: {verb} {abs(delta)} Dedicated Fans",
            actor_id=actor.user_id,
            now=rt.clock.now(),
        )
    return _result(conn, rt, event, team, f"Dedicated Fans {team.dedicated_fans}→{fans}.")


async def set_fans(rt: Runtime, actor: Actor, event_ref: str | None, fans: int) -> EntryResult:
    """Dedicated Fans bought for the event: up to 6 in all, each above the first at 10,000 gp."""
    whole(fans, 0, 99, "dedicated fans")
    return await rt.db.write(_fans, rt, actor, event_ref, fans)


def _find_inducement(rt: Runtime, event: Event, reference: str) -> Inducement:
    allowed = _allowed(rt, event)
    wanted = reference.strip().lower()
    found = allowed.get(reference.strip()) or next(
        (i for i in allowed.values() if i.name.lower() == wanted), None
    )
    if found is None:
        matches = best_matches(reference, list(allowed.values()), lambda i: i.name, limit=1)
        if not matches:
            raise NotFound(
                f"`{reference[:40]}` is not an inducement this event allows; pick one from the list."
            )
        found = matches[0]
    return found


def _induce(
    conn: Connection, rt: Runtime, actor: Actor, event_ref: str | None, item: str, count: int
) -> EntryResult:
    event = _open_event(conn, actor, event_ref)
    team = _own(conn, actor, event)
    inducement = _find_inducement(rt, event, item)
    entry = _entry(conn, event, team)
    _escalation_guard(conn, rt, event, team)
    before = roster_check(conn, rt, event, team)
    current = dict(entry.inducements)
    had = current.get(inducement.id, 0)
    if count:
        current[inducement.id] = count
    else:
        current.pop(inducement.id, None)
    tournament_store.set_inducements(conn, actor.guild_id, team.id, tuple(current.items()))
    after = roster_check(conn, rt, event, team)
    if count > had:
        _step_check(before, after)
    _additions_only(conn, rt, event, team)
    roster = roster_of(rt.catalog, team)
    unit_price = inducement_rules.price(
        inducement, roster, roster.special_rules_with(team.regional_league, team.alignment)
    )
    if count != had:
        team_store.change_treasury(
            conn,
            team,
            -(count - had) * unit_price,
            f"draft: {inducement.name} {had}→{count}",
            actor_id=actor.user_id,
            now=rt.clock.now(),
        )
    _record(
        conn,
        rt,
        actor,
        event,
        "tournament.induce",
        {"team": team.name, "item": inducement.name, "count": count},
    )
    return _result(conn, rt, event, team, f"{inducement.name}: {had}→{count} ({gp(unit_price)} each).")


async def set_inducement(
    rt: Runtime, actor: Actor, event_ref: str | None, item: str, count: int
) -> EntryResult:
    """How many of an inducement the event allows are permanently on the roster (0 removes it)."""
    whole(count, 0, 16, "count")
    return await rt.db.write(_induce, rt, actor, event_ref, item, count)


# --- submit, review, the Spare Player ----------------------------------------------------------------------


def _refusal_list(team: TeamRow, check: RosterCheck) -> RuleViolation:
    return RuleViolation(
        f"{team.name} cannot be entered yet:\n" + "\n".join(f"• {r}" for r in check.refusals)
    )


def _submit(conn: Connection, rt: Runtime, actor: Actor, event_ref: str | None) -> EntryResult:
    event = _open_event(conn, actor, event_ref)
    team = team_store.by_coach(conn, actor.guild_id, event.id, actor.user_id)
    if team is None:
        raise NotFound(f"You have no roster in {event.name}. Register one with /roster register.")
    if team.status in ("submitted", "approved"):
        raise Conflict(f"{team.name} is {team.status} already.")
    check = roster_check(conn, rt, event, team)
    if not check.legal:
        raise _refusal_list(team, check)
    check_squad(conn, rt, event, team)
    team_store.set_status(conn, team, "submitted")
    _record(
        conn,
        rt,
        actor,
        event,
        "team.submit",
        {"team": team.name, "spent": check.gold_spent},
    )
    lost = f" {gp(check.gold_lost)} unspent is lost." if check.gold_lost else ""
    return _result(
        conn, rt, event, team, f"{team.name} is submitted: the organiser will approve or reject it.{lost}"
    )


async def submit(rt: Runtime, actor: Actor, event_ref: str | None) -> EntryResult:
    """Submit the roster; refused with every rule it breaks."""
    return await rt.db.write(_submit, rt, actor, event_ref)


def _review(
    conn: Connection,
    rt: Runtime,
    actor: Actor,
    event_ref: str | None,
    team_ref: str,
    approve: bool,
    reason: str | None,
) -> EntryResult:
    event = _open_event(conn, actor, event_ref)
    team = find_team(conn, actor.guild_id, team_ref, event.league)
    if approve:
        check = roster_check(conn, rt, event, team)  # the rulespack may have changed since it was submitted
        if not check.legal:
            raise _refusal_list(team, check)
        check_squad(conn, rt, event, team)
    done = drafting.review_in(conn, rt, actor, event.league, f"t:{team.id}", approve, reason)
    return _result(conn, rt, event, team, done.message)


async def review(
    rt: Runtime, actor: Actor, event_ref: str | None, team: str, *, approve: bool, reason: str | None = None
) -> EntryResult:
    """The organiser approves (checked again) or rejects (with a reason) a submitted roster."""
    cleaned = " ".join((reason or "").split())[:300] or None
    return await rt.db.write(_review, rt, actor, event_ref, team, approve, cleaned)


def _spare(
    conn: Connection, rt: Runtime, actor: Actor, event_ref: str | None, team_ref: str, spare: bool
) -> EntryResult:
    event = _open_event(conn, actor, event_ref)
    team = find_team(conn, actor.guild_id, team_ref, event.league)
    entry = _entry(conn, event, team)
    if spare and event.rulespack.is_team_event:
        raise RuleViolation(f"{event.name} is a team event: it has no Spare Player (an odd squad has a Bye).")
    if spare and not entry.spare:
        current = next((e for e in tournament_store.entries(conn, actor.guild_id, event.id) if e.spare), None)
        if current is not None:
            other = team_store.get(conn, actor.guild_id, current.team_id)
            raise Conflict(
                f"{other.name if other else 'Another team'} is the Spare Player already; unmark it first."
            )
    tournament_store.set_spare(conn, actor.guild_id, team.id, spare)
    _record(conn, rt, actor, event, "tournament.spare", {"team": team.name, "spare": spare})
    message = (
        f"{team.name} is the Spare Player: it plays when the number of coaches is odd but is not ranked "
        "and wins nothing."
        if spare
        else f"{team.name} is no longer the Spare Player."
    )
    return _result(conn, rt, event, team, message)


async def set_spare(
    rt: Runtime, actor: Actor, event_ref: str | None, team: str, spare: bool = True
) -> EntryResult:
    """Mark (or unmark) the Spare Player's roster (seed 000: not ranked, wins nothing)."""
    return await rt.db.write(_spare, rt, actor, event_ref, team, spare)


# --- reading and autocomplete -------------------------------------------------------------------------------


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
            raise NotFound(f"You have no roster in {event.name}; name a team to see its roster.")
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
        whole(round_number, 1, 15, "round")
    return await rt.db.read(_show, rt, actor, event_ref, team, round_number)


def _entries(conn: Connection, guild_id: int, event_ref: str | None) -> list[TeamChoice]:
    try:
        event = find_event(conn, guild_id, event_ref)
    except (NotFound, RuleViolation):
        return []
    registered = {e.team_id for e in tournament_store.entries(conn, guild_id, event.id)}
    return [
        TeamChoice(t.id, t.name, t.roster, t.status)
        for t in team_store.in_league(conn, guild_id, event.id)
        if t.id in registered
    ]


async def entry_choices(rt: Runtime, guild_id: int, event_ref: str | None) -> list[TeamChoice]:
    """The event's registered teams, for autocomplete (empty when no event is meant)."""
    return await rt.db.read(_entries, guild_id, event_ref)


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
        inducements=tuple(_allowed(rt, event).values()),
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
