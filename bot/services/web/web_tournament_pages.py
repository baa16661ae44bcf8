"""What the web view shows of a tournament (bot/web/tournament_routes.py renders it): the rankings, a round's
pairings, the approved rosters and one roster, and a group event's bracket. One read transaction per page;
the link's token is resolved first (`web_links.resolve_in`), a link of a league shows none of these pages,
and every id in an address is looked up inside the link's event, so nothing of another competition shows.
The loaders are the ones the Discord commands use (`/tournament standings`, `pairings`, `bracket`,
`/roster show`)."""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.errors import NotFound
from bot.i18n import N_, _
from bot.rules.tournament.formats import format_of
from bot.rules.tournament.tournament_scoring import RankingRow
from bot.services.roster import event_rosters
from bot.services.roster.event_rosters import TournamentSheet
from bot.services.roster.team_lookup import SheetPlayer, profile_of, roster_of
from bot.services.runtime import Runtime
from bot.services.tournament import tournament_groups, tournament_play
from bot.services.tournament.tournament_groups import Bracket
from bot.services.tournament.tournament_play import EventStandings, Pairings
from bot.services.tournament.tournaments import Event, find_event
from bot.services.web.web_facts import coach_names
from bot.services.web.web_links import WebScope, resolve_in, worded
from bot.store import teams as team_store
from bot.store import tournaments as tournament_store
from bot.store.connection import Connection
from bot.store.teams import TeamRow

GONE = N_("This page does not exist in this tournament.")  # raised as NotFound(_(GONE))


@dataclass(frozen=True)
class EventNav:
    """What every tournament page's header needs: the link, the event, how many rounds exist."""

    scope: WebScope
    event: Event
    rounds_paired: int

    @property
    def has_bracket(self) -> bool:
        """Whether the event's format shows a bracket (a group event)."""
        return format_of(self.event.rulespack).has_bracket()


@dataclass(frozen=True)
class RankingsPage:
    nav: EventNav
    standings: EventStandings
    # A group event: each Best of the Rest coach's line over his Best of the Rest games alone (what ranks
    # them, seed 000: "a separate event ... to determine the Best of the Rest"), beside his event totals.
    rest: dict[int, RankingRow[int]] = field(default_factory=dict)
    who: dict[int, str] = field(default_factory=dict)  # team id -> "its race · its coach's name"


@dataclass(frozen=True)
class RoundPage:
    nav: EventNav
    pairings: Pairings


@dataclass(frozen=True)
class RosterEntry:
    """One approved roster in the list: the team and what it plays (roster name, tier)."""

    team: TeamRow
    roster_name: str
    tier: int
    spare: bool


@dataclass(frozen=True)
class RostersPage:
    nav: EventNav
    entries: tuple[RosterEntry, ...]


@dataclass(frozen=True)
class RosterLine:
    """A player of a tournament roster: number, name, position, profile now, skills (the event's added)."""

    player: SheetPlayer
    profile: str
    skills: tuple[str, ...]
    added_skill: str | None


@dataclass(frozen=True)
class RosterPage:
    nav: EventNav
    sheet: TournamentSheet
    players: tuple[RosterLine, ...]


@dataclass(frozen=True)
class BracketPage:
    nav: EventNav
    bracket: Bracket

    def name(self, unit: int) -> str:
        """A unit of the bracket by name: a coach's team, or a squad in a team event."""
        if self.bracket.squads:
            return self.bracket.squads.get(unit) or _("squad {number}", number=unit)
        team = self.bracket.teams.get(unit)
        return team.name if team else _("team {number}", number=unit)


def _nav(conn: Connection, token: str) -> EventNav:
    scope = resolve_in(conn, token)
    if not scope.league.is_tournament:
        raise NotFound(_(GONE))
    event = find_event(conn, scope.guild_id, scope.ref)
    return EventNav(scope, event, tournament_store.last_round(conn, scope.guild_id, event.id))


def nav_in(conn: Connection, token: str) -> EventNav | None:
    """The tournament a link shows, or None when it is a league's link (NotFound when it leads nowhere)."""
    scope = resolve_in(conn, token)
    return _nav(conn, token) if scope.league.is_tournament else None


def _rankings(conn: Connection, rt: Runtime, token: str) -> RankingsPage | None:
    nav = nav_in(conn, token)
    if nav is None:
        return None
    guild, ref = nav.scope.guild_id, nav.scope.ref
    standings = tournament_play.standings_in(conn, rt, guild, ref)
    rest: dict[int, RankingRow[int]] = {}
    if nav.has_bracket and not standings.squads:  # a team event's Best of the Rest is of squads
        rest = {row.coach: row for row in tournament_groups.bracket_in(conn, rt, guild, ref).progress.rest}
    teams = [line.team for line in standings.lines]
    kept = coach_names(conn, nav.scope, teams)
    naf = {e.team_id: e.naf_name for e in tournament_store.entries(conn, guild, nav.event.id) if e.naf_name}
    who = {}
    for team in teams:
        coach = kept.get(team.id) or naf.get(team.id)
        race = roster_of(rt.catalog, team).name
        who[team.id] = f"{race} · {coach}" if coach else race
    return RankingsPage(nav, standings, rest, who)


async def rankings_page(rt: Runtime, token: str) -> RankingsPage | None:
    """A tournament's rankings (squads first in a team event; a group event's places, then Best of the
    Rest, with each of its coaches' points in its own games, which rank them), each team with its race and
    its coach (his kept display name, else his NAF name); None when the link is a league's (its front page
    is the league's)."""
    return await rt.db.read(worded(token, _rankings), rt, token)


def _round(conn: Connection, token: str, number: int) -> RoundPage:
    nav = _nav(conn, token)
    if not 1 <= number <= nav.rounds_paired:
        raise NotFound(_(GONE))
    return RoundPage(nav, tournament_play.pairings_in(conn, nav.scope.guild_id, nav.scope.ref, number))


async def round_page(rt: Runtime, token: str, number: int) -> RoundPage:
    """One round's tables with the scores of the confirmed games (a Bye as a Bye)."""
    return await rt.db.read(worded(token, _round), token, number)


def _approved(conn: Connection, nav: EventNav) -> dict[int, TeamRow]:
    guild, event_id = nav.scope.guild_id, nav.event.id
    registered = {e.team_id for e in tournament_store.entries(conn, guild, event_id)}
    teams = team_store.in_league(conn, guild, event_id, ("approved",))
    return {t.id: t for t in teams if t.id in registered}


def _rosters(conn: Connection, rt: Runtime, token: str) -> RostersPage:
    nav = _nav(conn, token)
    approved = _approved(conn, nav)
    spares = {e.team_id for e in tournament_store.entries(conn, nav.scope.guild_id, nav.event.id) if e.spare}
    entries = []
    for team in sorted(approved.values(), key=lambda t: t.name.casefold()):
        roster = roster_of(rt.catalog, team)
        tier = nav.event.rulespack.tier_of(roster.id, roster.tier)
        entries.append(RosterEntry(team, roster.name, tier, team.id in spares))
    return RostersPage(nav, tuple(entries))


async def rosters_page(rt: Runtime, token: str) -> RostersPage:
    """Every approved roster of the event, by team name, with its roster and tier."""
    return await rt.db.read(worded(token, _rosters), rt, token)


def _roster(conn: Connection, rt: Runtime, token: str, team_id: int, round_number: int | None) -> RosterPage:
    nav = _nav(conn, token)
    team = _approved(conn, nav).get(team_id)
    if team is None:
        raise NotFound(_(GONE))
    sheet = event_rosters.build_tournament_sheet(conn, rt, nav.event, team, round_number)
    lines = tuple(
        RosterLine(
            p,
            profile_of(p.position, p.row),
            (*p.position.skills, *p.loner, *p.gained_skills),
            sheet.skills.get(p.row.id),
        )
        for p in sheet.sheet.players
    )
    return RosterPage(nav, sheet, lines)


async def roster_page(rt: Runtime, token: str, team_id: int, round_number: int | None = None) -> RosterPage:
    """One approved roster as `/roster show` shows it: players with profiles and skills (the Skill-Point
    skills marked), stars, staff, fans, inducements, the gold and Skill Points spent. With gold piece
    escalation, `round_number` picks the roster fielded in that round (a round's page links to it)."""
    return await rt.db.read(worded(token, _roster), rt, token, team_id, round_number)


def _bracket(conn: Connection, rt: Runtime, token: str) -> BracketPage:
    nav = _nav(conn, token)
    if not nav.has_bracket:
        raise NotFound(_(GONE))
    return BracketPage(nav, tournament_groups.bracket_in(conn, rt, nav.scope.guild_id, nav.scope.ref))


async def bracket_page(rt: Runtime, token: str) -> BracketPage:
    """A group and knock-out event: the groups' tables, the knock-out rounds, the places, Best of the Rest."""
    return await rt.db.read(worded(token, _bracket), rt, token)
