"""Drafting a team (seed 001, Drafting a Blood Bowl Team; seed 000, Writing your roster): the one sequence a
league team and an event roster both follow. Create it, hire and fire players, set re-rolls, staff and
dedicated fans, submit it, and the review; each step asks the competition's book (books.py: a league's here,
an event's in event_drafting.py) what differs. Hiring, firing and staff work in a league's post-game sequence
too (firing there is postgame_roster.py's); naming and numbering players and the Team Draft List are a
league's; the look-ups other services share are in team_lookup.py."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import TypeVar

from bot import i18n
from bot.catalog.models import Position
from bot.errors import Conflict, InvalidInput
from bot.i18n import N_, _
from bot.rules.league.redraft import rehire_cost
from bot.rules.roster.eligibility import choose_league_and_alignment
from bot.rules.roster.staff import staff_changes
from bot.rules.roster.stars import StarUnit
from bot.rules.roster.team_building import (
    Staffing,
    check_hire,
    check_hire_request,
    check_not_retired,
    check_release,
    check_review,
    check_shirt_number,
    next_free_number,
    within_budget,
)
from bot.rules.rulesets import ruleset
from bot.rules.statuses import team_status
from bot.services.inputs import optional_reason
from bot.services.league.leagues import clean_name, find_league, language_of
from bot.services.roster.books import Book, LeagueBook, Opener, league_book, write
from bot.services.roster.team_lookup import (
    DraftResult,
    TeamSheet,
    build_sheet,
    find_player,
    find_position,
    find_roster,
    find_team,
    limit_positions,
    open_redraft,
    own_team,
    roster_of,
    staffing_of,
    star_position_id,
)
from bot.services.runtime import Actor, Runtime
from bot.store import audit
from bot.store import coaches as coach_store
from bot.store import postgame as postgame_store
from bot.store import teams as team_store
from bot.store.connection import Connection
from bot.store.leagues import League
from bot.store.teams import PlayerRow, TeamRow
from bot.text import gp, plural

T = TypeVar("T")
# Each kind of staff as a ledger line and a reply name it (rules/roster/staff.py's items).
STAFF_ITEMS = {
    "team re-roll": N_("team re-roll"),
    "assistant coach": N_("assistant coach"),
    "cheerleader": N_("cheerleader"),
    "apothecary": N_("apothecary"),
    "dedicated fan": N_("dedicated fan"),
}


def staff_item(item: str) -> str:
    """A kind of staff in the current language."""
    return _(STAFF_ITEMS[item]) if item in STAFF_ITEMS else item


# --- create -------------------------------------------------------------------------------------------


def create_in(
    conn: Connection,
    rt: Runtime,
    actor: Actor,
    league: League,
    name: str,
    roster_ref: str,
    regional_league: str | None,
    alignment: str | None,
) -> TeamRow:
    """The drafting sequence's first step in a competition already found (a league, or a tournament whose
    LeagueSettings carry the event's Team Draft Budget): the new team with its budget in the treasury."""
    existing = team_store.by_coach(conn, actor.guild_id, league.id, actor.user_id)
    if existing is not None:
        values = {"team": existing.name, "league": league.name}
        if league.is_tournament:
            refusal = _(
                "You already coach {team} in {league}; a coach has one team per tournament.", **values
            )
        else:
            refusal = _("You already coach {team} in {league}; a coach has one team per league.", **values)
        if existing.status == "approved":
            refusal = _(
                "{refusal} In the off-season, /redraft start re-drafts it and /redraft retire retires it so "
                "you can start a new one.",
                refusal=refusal,
            )
        raise Conflict(refusal)
    roster = find_roster(rt.catalog, roster_ref)
    chosen_league, chosen_alignment = choose_league_and_alignment(roster, regional_league, alignment)
    if any(t.name.lower() == name.lower() for t in team_store.in_league(conn, actor.guild_id, league.id)):
        raise Conflict(_("{league} already has a team called {name}.", league=league.name, name=name))
    now = rt.clock.now()
    team = team_store.insert(
        conn,
        guild_id=actor.guild_id,
        league_id=league.id,
        coach_id=actor.user_id,
        name=name,
        roster=roster.id,
        regional_league=chosen_league,
        alignment=chosen_alignment,
        now=now,
    )
    coach_store.remember(conn, actor.guild_id, actor.user_id, actor.name, now)
    with i18n.using(league.language):  # the team's ledger
        cause = _("draft budget")
    team_store.change_treasury(
        conn, team, league.settings.draft_budget, cause, actor_id=actor.user_id, now=now
    )
    detail = {"team": name, "roster": roster.name, "league": chosen_league, "alignment": chosen_alignment}
    audit.record_in(conn, league, actor.user_id, "team.create", now, detail)
    refreshed = team_store.get(conn, actor.guild_id, team.id)
    assert refreshed is not None
    return refreshed


def _create(
    conn: Connection,
    rt: Runtime,
    actor: Actor,
    league_ref: str | None,
    name: str,
    roster_ref: str,
    regional_league: str | None,
    alignment: str | None,
) -> DraftResult:
    league = find_league(conn, actor.guild_id, league_ref)
    team = create_in(conn, rt, actor, league, name, roster_ref, regional_league, alignment)
    roster = roster_of(rt.catalog, team)
    message = _(
        "{team} ({roster}) is drafting with {budget}. Hire players with /team hire.",
        team=name,
        roster=roster.name,
        budget=gp(league.settings.draft_budget),
    )
    return LeagueBook(rt, league).result(conn, team, message)


async def create_team(
    rt: Runtime,
    actor: Actor,
    league_ref: str | None,
    name: str,
    roster: str,
    regional_league: str | None = None,
    alignment: str | None = None,
) -> DraftResult:
    return await rt.db.write(
        _create, rt, actor, league_ref, clean_name(name, _("team name")), roster, regional_league, alignment
    )


# --- hire, fire, staff: one sequence for every book --------------------------------------------------


@dataclass(frozen=True)
class Hiring:
    """One kind of hire: its position and price, and whether they come as Mercenary Players (an event's, at
    the mercenary price) with the one Primary skill bought with each (`hired` gives it)."""

    position: Position
    price: int
    mercenary: bool = False
    hired: Callable[[Connection, PlayerRow], None] | None = None  # what each new player also gets (his skill)

    @property
    def what(self) -> str:
        """What is hired, in the current language: the position (a catalogue name), or a Mercenary one."""
        return (
            _("Mercenary {position}", position=self.position.name) if self.mercenary else self.position.name
        )


def hire_in(
    conn: Connection,
    rt: Runtime,
    actor: Actor,
    book: Book[T],
    position_ref: str,
    count: int,
    name: str | None,
    number: int | None,
    hiring: Callable[[Position], Hiring] | None = None,
) -> T:
    """Hire players for the caller's team, paid from its treasury (in the post-game too); `hiring` prices a
    hire other than at the position's cost (an event's Mercenary Players)."""
    change = book.changeable(conn, book.team(conn, actor))
    team = change.team
    before = book.before(conn, team)
    roster = roster_of(rt.catalog, team)
    position = find_position(roster, position_ref)
    hire = hiring(position) if hiring is not None else Hiring(position, position.cost)
    check_hire_request(count, bool(name or number))
    current = team_store.players(conn, team)
    positions = limit_positions(rt.catalog, roster, current)
    check_hire(roster, position.id, positions, rt.catalog.drafting, count)
    now = rt.clock.now()
    taken = [row.number for row in current]
    hired = []
    with within_budget(book.budget_note):
        for _hire in range(count):
            shirt = number if number is not None else next_free_number(taken)
            taken.append(shirt)
            label = name or f"{position.name} {shirt}"
            with i18n.using(book.league.language):  # the team's ledger
                values = {"number": shirt, "player": label, "what": hire.what}
                if change.drafting:
                    cause = _("hire #{number} {player} ({what})", **values)
                else:
                    cause = _("post-game: hire #{number} {player} ({what})", **values)
            team_store.change_treasury(
                conn,
                team,
                -hire.price,
                cause,
                actor_id=actor.user_id,
                now=now,
                fixture_id=change.postgame_fixture,
            )
            player = team_store.insert_player(
                conn,
                team,
                number=shirt,
                name=label,
                position=position.id,
                hiring_fee=hire.price,
                now=now,
                hired_in_fixture=change.postgame_fixture,
                mercenary=hire.mercenary,
            )
            if hire.hired is not None:
                hire.hired(conn, player)
            hired.append(player)
    refreshed = team_store.get(conn, actor.guild_id, team.id)
    assert refreshed is not None
    book.after(conn, before, refreshed)
    numbers = ", ".join(f"#{p.number}" for p in hired)
    message = _(
        "Hired {players} ({numbers}) for {cost}. Treasury {treasury}.",
        players=plural(count, hire.what),
        numbers=numbers,
        cost=gp(hire.price * count),
        treasury=gp(refreshed.treasury),
    )
    return book.result(conn, refreshed, message)


async def hire(
    rt: Runtime,
    actor: Actor,
    opener: Opener[Book[T]],
    position: str,
    count: int = 1,
    name: str | None = None,
    number: int | None = None,
    hiring: Callable[[Position], Hiring] | None = None,
) -> T:
    check_shirt_number(number)
    cleaned = clean_name(name, _("player name")) if name else None
    return await write(rt, actor, opener, hire_in, position, count, cleaned, number, hiring)


async def hire_players(
    rt: Runtime,
    actor: Actor,
    league_ref: str | None,
    position: str,
    count: int = 1,
    name: str | None = None,
    number: int | None = None,
) -> DraftResult:
    return await hire(rt, actor, league_book(league_ref), position, count, name, number)


def fire_in(conn: Connection, rt: Runtime, actor: Actor, book: Book[T], player_ref: str) -> T:
    """Release one of the caller's players: while drafting refunded in full (he was never part of the
    competition); in a league's post-game fired without a refund."""
    team = book.team(conn, actor)
    player = find_player(conn, team, player_ref)
    check_release(player.name, under_contract=player.star_contract is not None)
    change = book.changeable(conn, team)
    team = change.team
    if not change.drafting:
        return book.fire_after_game(conn, actor, change, player)
    book.release(conn, team, player)
    refund = _release_veteran(conn, rt, actor, team, player)
    if refund is None:  # a player hired in this draft never existed in the league
        refund = player.hiring_fee
        team_store.delete_player(conn, team, player.id)
    with i18n.using(book.league.language):  # the team's ledger
        cause = _("draft: released #{number} {player}", number=player.number, player=player.name)
    team_store.change_treasury(conn, team, refund, cause, actor_id=actor.user_id, now=rt.clock.now())
    message = _(
        "Released #{number} {player}; {refund} back in the treasury.",
        number=player.number,
        player=player.name,
        refund=gp(refund),
    )
    return book.result(conn, team, message)


def _release_veteran(
    conn: Connection, rt: Runtime, actor: Actor, team: TeamRow, player: PlayerRow
) -> int | None:
    """A veteran re-hired in this re-draft, released again: he goes back to last season's list and what he
    cost comes back. None for anyone else."""
    redraft = open_redraft(conn, team)
    if redraft is None or player.id not in redraft.previous_players:
        return None
    with i18n.using(language_of(conn, team.guild_id, team.league_id)):  # the player's history
        reason = _("off-season: released again")
    postgame_store.leave(conn, team, player.id, reason, actor_id=actor.user_id, now=rt.clock.now())
    return rehire_cost(player.current_value, player.seasons_played, rt.catalog.season_end.redraft)


async def fire_player(rt: Runtime, actor: Actor, league_ref: str | None, player: str) -> DraftResult:
    """While drafting, a released player is refunded in full: he was never part of the league. In the
    post-game a fired player leaves without a refund."""
    return await write(rt, actor, league_book(league_ref), fire_in, player)


def add_star_rows(
    conn: Connection, team: TeamRow, unit: StarUnit, costs: Sequence[int], now: datetime
) -> list[PlayerRow]:
    """A star (or a pair) joins the roster: a player row per member, on free shirt numbers, each at his
    share of the unit's cost (an event's star, or a league's star under contract)."""
    taken = [p.number for p in team_store.players(conn, team)]
    rows = []
    for member, cost in zip(unit.members, costs, strict=True):
        number = next_free_number(taken)
        taken.append(number)
        position = star_position_id(member)
        rows.append(
            team_store.insert_player(
                conn, team, number=number, name=member, position=position, hiring_fee=cost, now=now
            )
        )
    return rows


Wanted = dict[str, int | bool | None]  # staff by name; None keeps what the team has


def _staffing(current: Staffing, wanted: Wanted) -> Staffing:
    def count(key: str, now: int) -> int:
        value = wanted.get(key)
        return now if value is None else int(value)

    apothecary = wanted.get("apothecary")
    return Staffing(
        rerolls=count("rerolls", current.rerolls),
        assistant_coaches=count("assistant_coaches", current.assistant_coaches),
        cheerleaders=count("cheerleaders", current.cheerleaders),
        apothecary=current.apothecary if apothecary is None else bool(apothecary),
        dedicated_fans=count("dedicated_fans", current.dedicated_fans),
    )


def staff_in(conn: Connection, rt: Runtime, actor: Actor, book: Book[T], wanted: Wanted) -> T:
    """Set the caller's re-rolls, staff and fans (None keeps one): while drafting the treasury pays or
    refunds the difference; in the post-game staff are hired and let go without a refund."""
    league = book.league
    change = book.changeable(conn, book.team(conn, actor))
    team = change.team
    before = book.before(conn, team)
    current = staffing_of(team)
    new, priced_before, priced_after = book.staff_to_price(current, _staffing(current, wanted))
    changes = staff_changes(
        roster_of(rt.catalog, team),
        priced_before,
        priced_after,
        rt.catalog.drafting,
        drafting=change.drafting,
        rerolls_removable=ruleset(rt.catalog, league.settings.ruleset).rerolls_removable,
    )
    now = rt.clock.now()
    with within_budget(book.budget_note):
        for staff in changes:
            if not change.drafting and staff.delta < 0:
                continue  # post-game: let go without a refund
            with i18n.using(league.language):  # the team's ledger
                values = {"count": abs(staff.delta), "item": staff_item(staff.item)}
                if change.drafting and staff.delta > 0:
                    reason = _("draft: bought {count} {item}", **values)
                elif change.drafting:
                    reason = _("draft: sold back {count} {item}", **values)
                else:
                    reason = _("post-game: hired {count} {item}", **values)
            team_store.change_treasury(
                conn,
                team,
                staff.treasury_change,
                reason,
                actor_id=actor.user_id,
                now=now,
                fixture_id=change.postgame_fixture,
            )
    team_store.set_staff(conn, team, **new.bought())
    refreshed = team_store.get(conn, actor.guild_id, team.id)
    assert refreshed is not None
    book.after(conn, before, refreshed)
    summary = ", ".join(f"{staff_item(c.item)} {c.before}→{c.after}" for c in changes)
    if changes:
        message = _(
            "Changed {summary}. Treasury {treasury}.", summary=summary, treasury=gp(refreshed.treasury)
        )
    else:
        message = _("Nothing changed. Treasury {treasury}.", treasury=gp(refreshed.treasury))
    return book.result(conn, refreshed, message)


async def set_staff(
    rt: Runtime,
    actor: Actor,
    league_ref: str | None,
    *,
    rerolls: int | None = None,
    assistant_coaches: int | None = None,
    cheerleaders: int | None = None,
    apothecary: bool | None = None,
    dedicated_fans: int | None = None,
) -> DraftResult:
    """Set re-rolls, staff and dedicated fans while drafting; the treasury pays or refunds the difference."""
    wanted: Wanted = {
        "rerolls": rerolls,
        "assistant_coaches": assistant_coaches,
        "cheerleaders": cheerleaders,
        "apothecary": apothecary,
        "dedicated_fans": dedicated_fans,
    }
    return await write(rt, actor, league_book(league_ref), staff_in, wanted)


# --- a league's names and numbers ------------------------------------------------------------------------


def _rename(
    conn: Connection,
    rt: Runtime,
    actor: Actor,
    league_ref: str | None,
    player_ref: str,
    name: str | None,
    number: int | None,
) -> DraftResult:
    league = find_league(conn, actor.guild_id, league_ref)
    team = own_team(conn, actor, league)
    check_not_retired(team.name, team.status)
    player = find_player(conn, team, player_ref)
    new_name = name or player.name
    new_number = player.number if number is None else number
    team_store.rename_player(conn, team, player.id, name=new_name, number=new_number)
    detail = {"team": team.name, "from": f"#{player.number} {player.name}", "to": f"#{new_number} {new_name}"}
    audit.record_in(conn, league, actor.user_id, "player.rename", rt.clock.now(), detail)
    return LeagueBook(rt, league).result(
        conn, team, _("Now #{number} {player}.", number=new_number, player=new_name)
    )


async def update_player(
    rt: Runtime,
    actor: Actor,
    league_ref: str | None,
    player: str,
    *,
    name: str | None = None,
    number: int | None = None,
) -> DraftResult:
    if name is None and number is None:
        raise InvalidInput(_("Give a new name, a new number, or both."))
    check_shirt_number(number)
    return await rt.db.write(
        _rename, rt, actor, league_ref, player, clean_name(name, _("player name")) if name else None, number
    )


# --- submit and review ----------------------------------------------------------------------------------


def submit_in(conn: Connection, rt: Runtime, actor: Actor, book: Book[T]) -> T:
    """The caller's team, checked as its book says, waits for the review."""
    team = book.team(conn, actor)
    submission = book.submittable(conn, team)
    team_store.set_status(conn, team, "submitted")
    detail = {"team": team.name, "spent": submission.spent}
    audit.record_in(conn, book.league, actor.user_id, "team.submit", rt.clock.now(), detail)
    message = _(
        "{team} is submitted: {reviewer} will approve or reject it.",
        team=team.name,
        reviewer=_(book.reviewer),
    )
    message += submission.note
    return book.result(conn, team, message)


async def submit_team(rt: Runtime, actor: Actor, league_ref: str | None) -> DraftResult:
    return await write(rt, actor, league_book(league_ref), submit_in)


def review_in(
    conn: Connection,
    rt: Runtime,
    actor: Actor,
    book: Book[T],
    team_ref: str,
    approve: bool,
    reason: str | None,
) -> T:
    """Approve (checked again by the book) or reject a submitted team of the book's competition."""
    team = find_team(conn, actor.guild_id, team_ref, book.league)
    if approve:
        book.approvable(conn, team)
    if team.status != "submitted":
        raise Conflict(
            _("{team} is {status}, not waiting for review.", team=team.name, status=team_status(team.status))
        )
    check_review(approve, reason)
    team_store.set_status(conn, team, "approved" if approve else "rejected", reason)
    audit.record_in(
        conn,
        book.league,
        actor.user_id,
        "team.approve" if approve else "team.reject",
        rt.clock.now(),
        {"team": team.name, "coach": team.coach_id},
        reason=reason,
    )
    if approve:
        said = _("{team} is approved", team=team.name)
    else:
        said = _("{team} is rejected: {reason}", team=team.name, reason=reason)
    return book.result(conn, team, said)


async def review(
    rt: Runtime, actor: Actor, opener: Opener[Book[T]], team: str, approve: bool, reason: str | None
) -> T:
    return await write(rt, actor, opener, review_in, team, approve, optional_reason(reason))


async def review_team(
    rt: Runtime, actor: Actor, league_ref: str | None, team: str, *, approve: bool, reason: str | None = None
) -> DraftResult:
    """A commissioner approves or rejects a submitted team; the reason is kept in the audit log."""
    return await review(rt, actor, league_book(league_ref), team, approve, reason)


# --- reading ----------------------------------------------------------------------------------------------


def _sheet(
    conn: Connection, rt: Runtime, actor: Actor, league_ref: str | None, team_ref: str | None
) -> TeamSheet:
    league = find_league(conn, actor.guild_id, league_ref)
    team = find_team(conn, actor.guild_id, team_ref, league) if team_ref else own_team(conn, actor, league)
    return build_sheet(conn, rt.catalog, league, team)


async def team_sheet(rt: Runtime, actor: Actor, league_ref: str | None, team: str | None = None) -> TeamSheet:
    """A team's draft list (the caller's own team when none is named)."""
    return await rt.db.read(_sheet, rt, actor, league_ref, team)
