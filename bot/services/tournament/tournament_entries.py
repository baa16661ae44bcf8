"""An event's entries (seed 000): what only events do with a roster. A coach registers one team per event
while registration is open; the organiser approves (the roster checked again) or rejects a submitted roster
and marks the Spare Player's; with gold piece escalation a coach closes each roster to write the next
budget's. Drafting the roster itself is the one drafting sequence of services/roster (event_drafting.py in
the event's book); reading it is event_rosters.py's.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot import i18n
from bot.errors import Conflict, DomainError, InvalidInput, NotFound, RuleViolation
from bot.i18n import _
from bot.rules.tournament.naf_report import naf_refusal
from bot.rules.tournament.roster_changes import check_registration_open, check_spare
from bot.rules.tournament.tournament_escalation import check_next_roster, check_round_ready
from bot.rules.tournament.tournament_rosters import check_stunty_team
from bot.services.inputs import optional_whole, text_of
from bot.services.league.leagues import clean_name
from bot.services.roster import teams as drafting
from bot.services.roster.books import write
from bot.services.roster.event_drafting import EventBook, event_book
from bot.services.roster.event_rosters import EntryResult, entry_of, roster_check
from bot.services.roster.team_lookup import TeamChoice, find_team, roster_of
from bot.services.runtime import Actor, Runtime
from bot.services.tournament import tournament_escalation as escalation
from bot.services.tournament.tournament_squads import check_squad
from bot.services.tournament.tournaments import Event, find_event
from bot.store import teams as team_store
from bot.store import tournaments as tournament_store
from bot.store.connection import Connection
from bot.store.teams import TeamRow
from bot.text import gp

# --- registration ----------------------------------------------------------------------------------------


def _register(
    conn: Connection,
    rt: Runtime,
    actor: Actor,
    book: EventBook,
    name: str,
    roster: str,
    regional_league: str | None,
    alignment: str | None,
    naf: NafDetails,
) -> EntryResult:
    event = book.event
    check_registration_open(event.name, event.rulespack.registration_open)
    team = drafting.create_in(conn, rt, actor, event.league, name, roster, regional_league, alignment)
    if event.rulespack.stunty:  # refused before any player is hired (the transaction is rolled back)
        check_stunty_team(rt.catalog, roster_of(rt.catalog, team))
    tournament_store.insert_entry(conn, actor.guild_id, event.id, team.id, spare=False, now=rt.clock.now())
    if naf != (None, None):
        tournament_store.set_naf(conn, actor.guild_id, team.id, *naf)
    check_squad(conn, rt, event, team)  # a team event: in a squad, no roster twice in it
    book.record(conn, actor, "tournament.register", {"team": team.name, "roster": roster})
    return book.result(
        conn,
        team,
        _(
            "{team} is registered in {event}; Team Draft Budget {budget}. "
            "Hire players with /roster hire; /roster submit when it is ready.",
            team=team.name,
            event=event.name,
            budget=gp(event.rulespack.budget),
        ),
    )


async def register(
    rt: Runtime,
    actor: Actor,
    event_ref: str | None,
    name: str,
    roster: str,
    regional_league: str | None = None,
    alignment: str | None = None,
    naf_name: str | None = None,
    naf_number: int | None = None,
) -> EntryResult:
    """Register a new team (one per coach per event) while the event is open for registration, with the
    coach's NAF name and number when given."""
    cleaned = clean_name(name, _("team name"))
    naf = _naf_details(naf_name, naf_number)
    return await write(
        rt, actor, event_book(event_ref), _register, cleaned, roster, regional_league, alignment, naf
    )


# --- the coach's NAF name and number (the NAF report) -------------------------------------------------------

NafDetails = tuple[str | None, int | None]
NAF_NAME_LENGTH = 60
NAF_NUMBER_MAX = 9_999_999


def _naf_details(name: str | None, number: int | None) -> NafDetails:
    """A NAF name (text on one line) and a NAF number (a positive whole number), each optional."""
    return (
        None if name is None else text_of(name, _("a NAF name"), NAF_NAME_LENGTH),
        optional_whole(number, 1, NAF_NUMBER_MAX, _("a NAF number")),
    )


def _naf(conn: Connection, rt: Runtime, actor: Actor, book: EventBook, naf: NafDetails) -> EntryResult:
    event = book.event
    check_registration_open(event.name, event.rulespack.registration_open)
    team = book.team(conn, actor)
    entry = entry_of(conn, event, team)
    name, number = naf[0] or entry.naf_name, entry.naf_number if naf[1] is None else naf[1]
    tournament_store.set_naf(conn, actor.guild_id, team.id, name, number)
    book.record(conn, actor, "tournament.naf", {"team": team.name, "naf_name": name, "naf_number": number})
    none = _("(none)")
    return book.result(
        conn,
        team,
        _(
            "{team}: NAF name {name}, NAF number {number}.",
            team=team.name,
            name=name or none,
            number=number or none,
        ),
    )


async def set_naf(
    rt: Runtime, actor: Actor, event_ref: str | None, naf_name: str | None, naf_number: int | None
) -> EntryResult:
    """Set or change the caller's NAF name and number (what is not given stays) while registration is
    open; the event's NAF report names the coach by them."""
    naf = _naf_details(naf_name, naf_number)
    if naf == (None, None):
        raise InvalidInput(_("Give a NAF name, a NAF number or both."))
    return await write(rt, actor, event_book(event_ref), _naf, naf)


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


# --- approval and the Spare Player --------------------------------------------------------------------------


async def review(
    rt: Runtime, actor: Actor, event_ref: str | None, team: str, *, approve: bool, reason: str | None = None
) -> EntryResult:
    """The organiser approves (checked again) or rejects (with a reason) a submitted roster."""
    return await drafting.review(rt, actor, event_book(event_ref), team, approve, reason)


@dataclass(frozen=True)
class Reviewed:
    """Every roster that was waiting for approval, after the organiser approved them all at once."""

    event: Event
    approved: tuple[str, ...]  # the rosters approved, by name
    refused: tuple[str, ...]  # why each other one was not, its name first


def _submitted(
    conn: Connection, rt: Runtime, actor: Actor, event_ref: str | None
) -> tuple[Event, list[TeamRow]]:
    """The event, open for review, and its rosters waiting for approval (in registration order)."""
    event = event_book(event_ref)(conn, rt, actor).event
    teams = [
        team_store.get(conn, actor.guild_id, e.team_id)
        for e in tournament_store.entries(conn, actor.guild_id, event.id)
    ]
    return event, [t for t in teams if t is not None and t.status == "submitted"]


async def approve_all(rt: Runtime, actor: Actor, event_ref: str | None) -> Reviewed:
    """The organiser approves every submitted roster at once. Each is `review` (checked again, its own
    audited approval in its own transaction), so a roster that breaks a rule stays submitted, listed with
    every rule it breaks, and does not hold back the others."""
    event, waiting = await rt.db.read(_submitted, rt, actor, event_ref)
    if not waiting:
        raise Conflict(_("No roster of {event} is waiting for approval.", event=event.name))
    approved: list[str] = []
    refused: list[str] = []
    for team in waiting:
        try:
            await review(rt, actor, f"l:{event.id}", f"t:{team.id}", approve=True)
        except DomainError as refusal:
            why = str(refusal)
            refused.append(why if why.startswith(team.name) else f"{team.name}: {why}")
        else:
            approved.append(team.name)
    return Reviewed(event, tuple(approved), tuple(refused))


def rosters_breaking_rules(conn: Connection, rt: Runtime, event: Event) -> list[str]:
    """Every approved roster that breaks the rulespack as it is now (it may have changed since approval,
    e.g. a mandatory star or NAF sanctioning switched on): 'Team: refusal' lines; empty when all may play."""
    lines: list[str] = []
    for entry in tournament_store.entries(conn, event.league.guild_id, event.id):
        team = team_store.get(conn, event.league.guild_id, entry.team_id)
        if team is not None and team.status == "approved":
            lines += [f"{team.name}: {r}" for r in roster_check(conn, rt, event, team).refusals]
            naf = naf_refusal(event.rulespack.naf, entry.naf_name, entry.naf_number)
            lines += [f"{team.name}: {naf}"] if naf else []
    return lines


def _spare(
    conn: Connection, rt: Runtime, actor: Actor, book: EventBook, team_ref: str, spare: bool
) -> EntryResult:
    event = book.event
    team = find_team(conn, actor.guild_id, team_ref, event.league)
    entry = entry_of(conn, event, team)
    if spare:
        check_spare(event.name, event.rulespack.is_team_event)
    if spare and not entry.spare:
        current = next((e for e in tournament_store.entries(conn, actor.guild_id, event.id) if e.spare), None)
        if current is not None:
            other = team_store.get(conn, actor.guild_id, current.team_id)
            if other is None:
                raise Conflict(_("Another team is the Spare Player already; unmark it first."))
            raise Conflict(_("{team} is the Spare Player already; unmark it first.", team=other.name))
    tournament_store.set_spare(conn, actor.guild_id, team.id, spare)
    book.record(conn, actor, "tournament.spare", {"team": team.name, "spare": spare})
    message = (
        _(
            "{team} is the Spare Player: it plays when the number of coaches is odd but is not ranked "
            "and wins nothing.",
            team=team.name,
        )
        if spare
        else _("{team} is no longer the Spare Player.", team=team.name)
    )
    return book.result(conn, team, message)


async def set_spare(
    rt: Runtime, actor: Actor, event_ref: str | None, team: str, spare: bool = True
) -> EntryResult:
    """Mark (or unmark) the Spare Player's roster (seed 000: not ranked, wins nothing)."""
    return await write(rt, actor, event_book(event_ref), _spare, team, spare)


# --- gold piece escalation: the next roster -----------------------------------------------------------------


def _escalate(conn: Connection, rt: Runtime, actor: Actor, book: EventBook) -> EntryResult:
    event = book.event
    check_next_roster(event.name, bool(event.rulespack.escalation))
    team = book.own(conn, actor)
    number = escalation.guard(conn, event, team)
    if number >= event.rulespack.roster_rounds:
        raise Conflict(
            _(
                "This is the last roster ({number} of {rounds}): submit them with /roster submit.",
                number=number,
                rounds=event.rulespack.roster_rounds,
            )
        )
    check_round_ready(number, roster_check(conn, rt, event, team).refusals)
    escalation.close_round(conn, team, entry_of(conn, event, team), number, rt.clock.now())
    before, after = event.rulespack.budget_of(number), event.rulespack.budget_of(number + 1)
    with i18n.using(event.league.language):  # the team's ledger, which everyone reads
        why = _(
            "escalation: the round-{number} Team Draft Budget {budget}", number=number + 1, budget=gp(after)
        )
    team_store.change_treasury(
        conn,
        team,
        after - before,
        why,
        actor_id=actor.user_id,
        now=rt.clock.now(),
    )
    book.record(conn, actor, "tournament.escalate", {"team": team.name, "round": number + 1, "budget": after})
    return book.result(
        conn,
        team,
        _(
            "Round-{number} roster closed. Now writing the round-{next} roster: {more} more to spend "
            "({total} in all); it can only add to the one before.",
            number=number,
            next=number + 1,
            more=gp(after - before),
            total=gp(after),
        ),
    )


async def escalate(rt: Runtime, actor: Actor, event_ref: str | None) -> EntryResult:
    """Gold piece escalation: close the roster being written (checked against its budget) and open the next
    one, with the next budget's extra gold (seed 000: every roster is submitted at the start; each only adds
    to the one before)."""
    return await write(rt, actor, event_book(event_ref), _escalate)
