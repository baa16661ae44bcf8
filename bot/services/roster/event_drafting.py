"""Drafting an event roster (seed 000, Writing your roster, Inducements, Skill Points, Stars).

A registered coach drafts with the one drafting sequence of teams.py (hire, fire, staff, submit) in the
event's book, `EventBook`: the event's Team Draft Budget, rosters that change only while the event is in
registration (changing an approved one makes it a draft again), and every change checked at once with the
event's rulespack (rules/tournament/tournament_rosters.py: a step is refused when it adds a refusal the roster
did not have; with gold piece escalation, only additions to the roster of the round before). Then what only
a tournament roster has: Dedicated Fans up to 6 at 10,000 gp, the inducements the event allows (permanently
on the roster), one Skill-Point skill per player and star players (player rows, so reports name them by
number). Every gold piece is a treasury row; the treasury left at the end is lost.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from bot import i18n
from bot.catalog.models import Inducement, Position, Skill
from bot.catalog.search import best_matches
from bot.errors import Conflict, NotFound
from bot.i18n import N_, _
from bot.rules.match import inducements as inducement_rules
from bot.rules.roster.stars import StarUnit, star_units
from bot.rules.roster.team_building import MAX_HIRE_AT_ONCE, Staffing
from bot.rules.statuses import team_status
from bot.rules.tournament.naf_report import check_naf_details
from bot.rules.tournament.roster_changes import (
    check_entered,
    check_not_mercenary,
    check_rosters_open,
    check_star_release,
    check_star_skill,
    check_step,
    refuse_after_game,
)
from bot.rules.tournament.tournament_escalation import check_only_adds, check_skill_kept
from bot.rules.tournament.tournament_rosters import (
    RosterCheck,
    check_fans,
    check_mercenary_skill,
    mercenary_price,
    staff_apart_from_fans,
    star_points,
)
from bot.services.inputs import whole
from bot.services.roster import teams as drafting
from bot.services.roster.books import Before, Opener, Submission, made_draft, write
from bot.services.roster.event_rosters import (
    EntryResult,
    allowed_inducements,
    build_tournament_sheet,
    entry_of,
    roster_check,
    stars_of,
)
from bot.services.roster.team_lookup import (
    STAR_PREFIX,
    Changeable,
    find_player,
    roster_of,
    staffing_of,
)
from bot.services.runtime import Actor, Runtime
from bot.services.tournament import tournament_escalation as escalation
from bot.services.tournament.tournament_squads import check_squad
from bot.services.tournament.tournaments import Event, find_event
from bot.store import audit
from bot.store import teams as team_store
from bot.store import tournament_escalation as escalation_store
from bot.store import tournaments as tournament_store
from bot.store.connection import Connection
from bot.store.leagues import League
from bot.store.teams import PlayerRow, TeamRow
from bot.text import gp


def open_event(conn: Connection, actor: Actor, event_ref: str | None) -> Event:
    """The event a roster change means, refused once it has started: rosters lock at the start."""
    event = find_event(conn, actor.guild_id, event_ref)
    check_rosters_open(event.name, event.status)
    return event


@dataclass(frozen=True)
class EventBook:
    """An event's rosters, while the event is in registration (the drafting sequence's book)."""

    rt: Runtime
    event: Event
    reviewer: str = N_("the organiser")  # worded where said: _(book.reviewer)

    @property
    def league(self) -> League:
        return self.event.league

    @property
    def budget_note(self) -> str:
        return _(
            "Seed 000: a coach spends at most the {budget} Team Draft Budget.",
            budget=gp(self.event.rulespack.budget),
        )

    def team(self, conn: Connection, actor: Actor) -> TeamRow:
        team = team_store.by_coach(conn, actor.guild_id, self.event.id, actor.user_id)
        if team is None:
            raise NotFound(
                _("You have no roster in {event}. Register one with /roster register.", event=self.event.name)
            )
        return team

    def changeable(self, conn: Connection, team: TeamRow) -> Changeable:
        """A roster changes while drafting only; a submitted, rejected or approved one is a draft again."""
        if team.status in ("submitted", "rejected", "approved"):
            team = made_draft(conn, team)
        return Changeable(team, None)

    def own(self, conn: Connection, actor: Actor) -> TeamRow:
        """The caller's roster, ready to change."""
        return self.changeable(conn, self.team(conn, actor)).team

    def check(self, conn: Connection, team: TeamRow) -> RosterCheck:
        return roster_check(conn, self.rt, self.event, team)

    def before(self, conn: Connection, team: TeamRow) -> Before:
        writing = escalation.guard(conn, self.event, team)
        players = frozenset(r.id for r in team_store.players(conn, team))
        return Before(writing, self.check(conn, team).refusals, players)

    def after(self, conn: Connection, before: Before, team: TeamRow) -> None:
        if before.writing > 1:  # players hired for a later budget count from its round
            for row in team_store.players(conn, team):
                if row.id not in before.players:
                    escalation_store.set_joined(conn, team.guild_id, team.id, row.id, before.writing)
        after = self.check(conn, team)
        self.step(before, after)
        self.additions_only(after)

    def step(self, before: Before, after: RosterCheck) -> None:
        """Refuse a change that breaks a rule the roster kept before it (a roster still short of 11 players
        is no refusal while drafting: /roster submit asks for it)."""
        check_step(before.refusals, after.refusals)

    def additions_only(self, after: RosterCheck) -> None:
        """Refuse a change after which the roster being written no longer holds all of the one before."""
        check_only_adds(bool(self.event.rulespack.escalation), after.refusals)

    def release(self, conn: Connection, team: TeamRow, player: PlayerRow) -> None:
        """A star leaves with /roster unstar; a player of an earlier escalation roster stays; a released
        player's Skill-Point skill goes with him."""
        check_star_release(player.name, star=player.position.startswith(STAR_PREFIX))
        escalation.guard(conn, self.event, team, player)
        tournament_store.set_skill(conn, team.guild_id, team.id, player.id, None, self.rt.clock.now())

    def staff_to_price(self, current: Staffing, new: Staffing) -> tuple[Staffing, Staffing, Staffing]:
        return staff_apart_from_fans(current, new, self.rt.catalog.drafting)

    def fire_after_game(
        self, conn: Connection, actor: Actor, change: Changeable, player: PlayerRow
    ) -> EntryResult:
        # `changeable` never opens a post-game: an event's rosters change only before it starts.
        refuse_after_game(self.event.name)

    def submittable(self, conn: Connection, team: TeamRow) -> Submission:
        if team.status in ("submitted", "approved"):
            raise Conflict(_("{team} is {status} already.", team=team.name, status=team_status(team.status)))
        check = self.entered(conn, team)
        lost = " " + _("{gold} unspent is lost.", gold=gp(check.gold_lost)) if check.gold_lost else ""
        return Submission(check.gold_spent, lost)

    def approvable(self, conn: Connection, team: TeamRow) -> None:
        self.entered(conn, team)  # the rulespack may have changed since it was submitted

    def entered(self, conn: Connection, team: TeamRow) -> RosterCheck:
        """The roster's check, refused with every rule it breaks (and a team event's squad limits)."""
        check = check_entered(team.name, self.check(conn, team))
        check_squad(conn, self.rt, self.event, team)
        entry = entry_of(conn, self.event, team)
        check_naf_details(team.name, self.event.rulespack.naf, entry.naf_name, entry.naf_number)
        return check

    def record(self, conn: Connection, actor: Actor, action: str, detail: dict[str, Any]) -> None:
        audit.record_in(conn, self.league, actor.user_id, action, self.rt.clock.now(), detail)

    def result(self, conn: Connection, team: TeamRow, message: str) -> EntryResult:
        refreshed = team_store.get(conn, team.guild_id, team.id)
        assert refreshed is not None
        return EntryResult(build_tournament_sheet(conn, self.rt, self.event, refreshed), message)


def event_book(event_ref: str | None) -> Opener[EventBook]:
    """The book of the event a roster change means, while it is in registration."""
    return lambda conn, rt, actor: EventBook(rt, open_event(conn, actor, event_ref))


# --- the drafting sequence in the event's book -----------------------------------------------------------


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
    whole(count, 1, MAX_HIRE_AT_ONCE, _("count"))
    return await drafting.hire(rt, actor, event_book(event_ref), position, count, name, number)


async def fire(rt: Runtime, actor: Actor, event_ref: str | None, player: str) -> EntryResult:
    """Release a player (refunded in full while drafting); his Skill-Point skill goes with him."""
    return await write(rt, actor, event_book(event_ref), drafting.fire_in, player)


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
    wanted: drafting.Wanted = {
        "rerolls": rerolls,
        "assistant_coaches": assistant_coaches,
        "cheerleaders": cheerleaders,
        "apothecary": apothecary,
    }
    return await write(rt, actor, event_book(event_ref), drafting.staff_in, wanted)


async def submit(rt: Runtime, actor: Actor, event_ref: str | None) -> EntryResult:
    """Submit the roster; refused with every rule it breaks."""
    return await write(rt, actor, event_book(event_ref), drafting.submit_in)


# --- what only a tournament roster has ---------------------------------------------------------------------


def _fans(conn: Connection, rt: Runtime, actor: Actor, book: EventBook, fans: int) -> EntryResult:
    team = book.own(conn, actor)
    check_fans(rt.catalog, fans)
    before = book.before(conn, team)
    delta = fans - team.dedicated_fans
    if delta:
        team_store.set_staff(conn, team, **replace(staffing_of(team), dedicated_fans=fans).bought())
        refreshed = team_store.get(conn, team.guild_id, team.id)
        assert refreshed is not None
        after = book.check(conn, refreshed)
        if delta > 0:
            book.step(before, after)
        book.additions_only(after)
        with i18n.using(book.league.language):  # the roster's ledger
            if delta > 0:
                cause = _("draft: bought {count} Dedicated Fans", count=delta)
            else:
                cause = _("draft: sold back {count} Dedicated Fans", count=-delta)
        team_store.change_treasury(
            conn,
            team,
            -delta * rt.catalog.tournament.roster.fan_cost,
            cause,
            actor_id=actor.user_id,
            now=rt.clock.now(),
        )
    return book.result(
        conn, team, _("Dedicated Fans {before}→{after}.", before=team.dedicated_fans, after=fans)
    )


async def set_fans(rt: Runtime, actor: Actor, event_ref: str | None, fans: int) -> EntryResult:
    """Dedicated Fans bought for the event: up to 6 in all, each above the first at 10,000 gp."""
    whole(fans, 0, 99, _("dedicated fans"))
    return await write(rt, actor, event_book(event_ref), _fans, fans)


def _find_inducement(rt: Runtime, event: Event, reference: str) -> Inducement:
    allowed = allowed_inducements(rt, event)
    wanted = reference.strip().lower()
    found = allowed.get(reference.strip()) or next(
        (i for i in allowed.values() if i.name.lower() == wanted), None
    )
    if found is None:
        matches = best_matches(reference, list(allowed.values()), lambda i: i.name, limit=1)
        if not matches:
            raise NotFound(
                _(
                    "`{item}` is not an inducement this event allows; pick one from the list.",
                    item=reference[:40],
                )
            )
        found = matches[0]
    return found


def _induce(
    conn: Connection, rt: Runtime, actor: Actor, book: EventBook, item: str, count: int
) -> EntryResult:
    team = book.own(conn, actor)
    inducement = _find_inducement(rt, book.event, item)
    entry = entry_of(conn, book.event, team)
    before = book.before(conn, team)
    current = dict(entry.inducements)
    had = current.get(inducement.id, 0)
    if count:
        current[inducement.id] = count
    else:
        current.pop(inducement.id, None)
    tournament_store.set_inducements(conn, actor.guild_id, team.id, tuple(current.items()))
    after = book.check(conn, team)
    if count > had:
        book.step(before, after)
    book.additions_only(after)
    roster = roster_of(rt.catalog, team)
    unit_price = inducement_rules.price(
        inducement, roster, roster.special_rules_with(team.regional_league, team.alignment)
    )
    if count != had:
        with i18n.using(book.league.language):  # the roster's ledger
            cause = _("draft: {item} {before}→{after}", item=inducement.name, before=had, after=count)
        team_store.change_treasury(
            conn, team, -(count - had) * unit_price, cause, actor_id=actor.user_id, now=rt.clock.now()
        )
    book.record(
        conn, actor, "tournament.induce", {"team": team.name, "item": inducement.name, "count": count}
    )
    said = _(
        "{item}: {before}→{after} ({price} each).",
        item=inducement.name,
        before=had,
        after=count,
        price=gp(unit_price),
    )
    return book.result(conn, team, said)


async def set_inducement(
    rt: Runtime, actor: Actor, event_ref: str | None, item: str, count: int
) -> EntryResult:
    """How many of an inducement the event allows are permanently on the roster (0 removes it)."""
    whole(count, 0, 16, _("count"))
    return await write(rt, actor, event_book(event_ref), _induce, item, count)


async def hire_mercenary(
    rt: Runtime,
    actor: Actor,
    event_ref: str | None,
    position: str,
    count: int = 1,
    skill: str | None = None,
    name: str | None = None,
    number: int | None = None,
) -> EntryResult:
    """Hire Mercenary Players (seed 000: "All Inducements ... are allowed"; on the roster for the event):
    each at his position's cost + 30,000 gp, with Loner (4+); with `skill`, one Primary skill for 50,000
    more."""
    whole(count, 1, MAX_HIRE_AT_ONCE, _("count"))
    wanted = None if skill is None or skill.strip().lower() in ("", "none") else skill.strip()

    def hiring(chosen_position: Position) -> drafting.Hiring:
        chosen = None
        if wanted is not None:
            chosen = check_mercenary_skill(rt.catalog, chosen_position, _find_skill(rt, wanted).name)

        def with_skill(conn: Connection, player: PlayerRow) -> None:
            tournament_store.set_skill(
                conn, actor.guild_id, player.team_id, player.id, chosen, rt.clock.now()
            )

        price = mercenary_price(rt.catalog, chosen_position, chosen)
        return drafting.Hiring(chosen_position, price, mercenary=True, hired=with_skill if chosen else None)

    return await drafting.hire(rt, actor, event_book(event_ref), position, count, name, number, hiring)


def _find_skill(rt: Runtime, reference: str) -> Skill:
    skill = rt.catalog.skill(reference)
    if skill is None:
        found = best_matches(reference, list(rt.catalog.skills.values()), lambda s: s.name, limit=1)
        if not found:
            raise NotFound(_("There is no skill `{skill}`; /rules skill lists them.", skill=reference[:40]))
        skill = found[0]
    return skill


def _skill(
    conn: Connection, rt: Runtime, actor: Actor, book: EventBook, player_ref: str, skill_ref: str | None
) -> EntryResult:
    team = book.own(conn, actor)
    player = find_player(conn, team, player_ref)
    check_star_skill(star=player.position.startswith(STAR_PREFIX))
    check_not_mercenary(f"#{player.number} {player.name}", player.mercenary)
    before = book.before(conn, team)
    writing = before.writing
    previous = tournament_store.skills_of_team(conn, actor.guild_id, team.id).get(player.id)
    skill = None if skill_ref is None else _find_skill(rt, skill_ref).name
    if writing > 1 and previous is not None:
        skilled = escalation.escalation_of(conn, team).skilled(player.id)
        check_skill_kept(f"#{player.number} {player.name}", previous, skilled, writing)
    tournament_store.set_skill(conn, actor.guild_id, team.id, player.id, skill, rt.clock.now())
    if writing > 1:
        escalation_store.set_skilled(conn, actor.guild_id, team.id, player.id, writing if skill else None)
    after = book.check(conn, team)
    if skill is not None:
        book.step(before, after)
    detail = {
        "team": team.name,
        "player": f"#{player.number} {player.name}",
        "skill": skill,
        "before": previous,
    }
    book.record(conn, actor, "tournament.skill", detail)
    values = {
        "number": player.number,
        "player": player.name,
        "skill": skill,
        "previous": previous,
        "points": after.skill_points_spent,
    }
    replaced = previous is not None and previous != skill  # say what went: a player has one added skill
    if skill and replaced:
        said = _(
            "#{number} {player} now has {skill}, in place of {previous} (one added skill a player). "
            "Skill Points spent: {points}.",
            **values,
        )
    elif skill:
        said = _("#{number} {player} now has {skill}. Skill Points spent: {points}.", **values)
    elif replaced:
        said = _(
            "#{number} {player} has no added skill ({previous} taken off). Skill Points spent: {points}.",
            **values,
        )
    else:
        said = _("#{number} {player} has no added skill. Skill Points spent: {points}.", **values)
    return book.result(conn, team, said)


async def set_skill(
    rt: Runtime, actor: Actor, event_ref: str | None, player: str, skill: str | None
) -> EntryResult:
    """Give a player his one Skill-Point skill (primary 1 point, secondary 2; replacing any), or None to
    take it away. Never a star; added skills do not raise the player's value."""
    wanted = None if skill is None or skill.strip().lower() in ("", "none") else skill.strip()
    return await write(rt, actor, event_book(event_ref), _skill, player, wanted)


def _find_unit(rt: Runtime, reference: str) -> StarUnit:
    wanted = reference.strip().lower()
    units = star_units(rt.catalog)
    unit = next((u for u in units if wanted in (u.name.lower(), *(m.lower() for m in u.members))), None)
    if unit is None:
        found = best_matches(reference, units, lambda u: u.name, limit=1)
        if not found:
            raise NotFound(_("No star player called `{star}`: pick one from the list.", star=reference[:40]))
        unit = found[0]
    return unit


def _add_star(conn: Connection, rt: Runtime, actor: Actor, book: EventBook, star: str) -> EntryResult:
    team = book.own(conn, actor)
    unit = _find_unit(rt, star)
    before = book.before(conn, team)
    rows = team_store.players(conn, team)
    if any(s.unit == unit for s in stars_of(rt, rows)):
        raise Conflict(_("{star} is on the roster already.", star=unit.name))
    now = rt.clock.now()
    for row in drafting.add_star_rows(conn, team, unit, unit.member_costs(), now):
        if before.writing > 1:  # a star added for a later budget counts from its round
            escalation_store.set_joined(conn, team.guild_id, team.id, row.id, before.writing)
    after = book.check(conn, team)
    book.step(before, after)  # before paying: the budget refusal names the rule
    check_squad(conn, rt, book.event, team)  # a team event: no star twice in a squad
    with i18n.using(book.league.language):  # the roster's ledger
        cause = _("draft: star player {star}", star=unit.name)
    team_store.change_treasury(conn, team, -unit.cost, cause, actor_id=actor.user_id, now=now)
    book.record(conn, actor, "tournament.star", {"team": team.name, "star": unit.name, "added": True})
    points = star_points(rt.catalog, unit)
    said = _(
        "{star} joins {team} for {cost} and {points} Skill Points.",
        star=unit.name,
        team=team.name,
        cost=gp(unit.cost),
        points=points,
    )
    return book.result(conn, team, said)


async def add_star(rt: Runtime, actor: Actor, event_ref: str | None, star: str) -> EntryResult:
    """Put a star player (or a pair, one choice in two roster places) on the roster: his gold and 2 Skill
    Points (a Mega-star 4), only once the roster has 11 players, within the tier's and seed 000's limits."""
    return await write(rt, actor, event_book(event_ref), _add_star, star)


def _remove_star(conn: Connection, rt: Runtime, actor: Actor, book: EventBook, star: str) -> EntryResult:
    team = book.own(conn, actor)
    unit = _find_unit(rt, star)
    on_roster = next((s for s in stars_of(rt, team_store.players(conn, team)) if s.unit == unit), None)
    if on_roster is None:
        raise NotFound(_("{star} is not on {team}'s roster.", star=unit.name, team=team.name))
    escalation.guard(conn, book.event, team, on_roster.players[0])
    now = rt.clock.now()
    for row in on_roster.players:
        team_store.delete_player(conn, team, row.id)
    with i18n.using(book.league.language):  # the roster's ledger
        cause = _("draft: star player {star} removed", star=unit.name)
    team_store.change_treasury(conn, team, unit.cost, cause, actor_id=actor.user_id, now=now)
    book.record(conn, actor, "tournament.star", {"team": team.name, "star": unit.name, "added": False})
    return book.result(
        conn, team, _("{star} leaves; {cost} back in the budget.", star=unit.name, cost=gp(unit.cost))
    )


async def remove_star(rt: Runtime, actor: Actor, event_ref: str | None, star: str) -> EntryResult:
    return await write(rt, actor, event_book(event_ref), _remove_star, star)
