"""Look-ups shared by the services that act on teams: a team, a coach's own team, a player, a roster and
a player's position (a contracted star's too), the Team Draft List (players, staff, treasury, TV and CTV),
whether a team may change now, and the teams and players autocomplete offers."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, replace

from bot.catalog import Catalog
from bot.catalog.models import Position, Team
from bot.catalog.search import best_matches
from bot.errors import NotFound, RuleViolation
from bot.i18n import _
from bot.rules.match.postgame import RosterPlace, counts_towards_player_limit
from bot.rules.roster.team_building import SquadPlayer, Staffing, check_changeable
from bot.rules.rulesets import ruleset
from bot.services.inputs import row_id
from bot.services.league.leagues import find_league
from bot.services.runtime import Actor, Runtime
from bot.store import advancements as advancement_store
from bot.store import contracts as contract_store
from bot.store import leagues as league_store
from bot.store import playoffs as playoff_store
from bot.store import postgame as postgame_store
from bot.store import redrafts as redraft_store
from bot.store import seasons as season_store
from bot.store import teams as team_store
from bot.store import tournaments as tournament_store
from bot.store import traits as trait_store
from bot.store.connection import Connection, together
from bot.store.leagues import League
from bot.store.redrafts import Redraft
from bot.store.teams import PlayerRow, TeamRow


@dataclass(frozen=True)
class SheetPlayer:
    row: PlayerRow
    position: Position
    gained_skills: tuple[str, ...] = ()  # by advancement, and traits
    familiar_face: bool = False  # a star signed by the same team as last season: plays without Loner
    added_skill: str | None = None  # an event's Skill-Point skill (seed 000): no value, but the player's

    @property
    def loner(self) -> tuple[str, ...]:
        """Loner (4+), which journeymen (seed 001) and Mercenary Players have."""
        return ("Loner (4+)",) if self.row.journeyman or self.row.mercenary else ()

    @property
    def extra_skills(self) -> tuple[str, ...]:
        """Every skill the player has beyond his position's: the Skill-Point skill, then those gained."""
        return (*((self.added_skill,) if self.added_skill else ()), *self.gained_skills)


@dataclass(frozen=True)
class TeamSheet:
    """Everything the Team Draft List shows."""

    league: League
    team: TeamRow
    roster: Team
    players: list[SheetPlayer]
    team_value: int
    current_team_value: int
    special_rules: tuple[str, ...]
    trophy_rerolls: int = 0  # the League Trophy holder's free re-roll (in TV)
    fans_name: str = "Dedicated Fans"  # the ruleset's name for the team's fans (seed 003: Fan Factor)
    one_value: bool = False  # the ruleset has one Team Value (seed 003), not TV and CTV

    @property
    def staffing(self) -> Staffing:
        return staffing_of(self.team)


@dataclass(frozen=True)
class DraftResult:
    sheet: TeamSheet
    message: str


def staffing_of(team: TeamRow) -> Staffing:
    return Staffing(
        rerolls=team.rerolls,
        assistant_coaches=team.assistant_coaches,
        cheerleaders=team.cheerleaders,
        apothecary=team.apothecary,
        dedicated_fans=team.dedicated_fans,
    )


def roster_of(catalog: Catalog, team: TeamRow) -> Team:
    roster = catalog.teams.get(team.roster)
    if roster is None:
        raise NotFound(
            _(
                "{team}'s roster `{roster}` is not in the {edition} catalogue.",
                team=team.name,
                roster=team.roster,
                edition=catalog.edition,
            )
        )
    return roster


STAR_PREFIX = "star_"


def star_position_id(name: str) -> str:
    """The players.position of a contracted star: `star_` and his name in lowercase letters and digits."""
    return STAR_PREFIX + re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_")


def known_position(catalog: Catalog, roster: Team, position_id: str) -> bool:
    """Whether a stored position is one of the roster's, or a star player's (`star_<name>`)."""
    if position_id.startswith(STAR_PREFIX):
        return any(star_position_id(s.name) == position_id for s in catalog.stars.values())
    return roster.position(position_id) is not None


def position_of(
    catalog: Catalog, roster: Team, row: PlayerRow, familiar_face: bool = False
) -> Position | None:
    """A player's position: the roster's, or for a star under contract his own profile (a Familiar Face
    without Loner), at the value he counts for in TV."""
    if not row.position.startswith(STAR_PREFIX):
        return roster.position(row.position)
    star = next((s for s in catalog.stars.values() if star_position_id(s.name) == row.position), None)
    if star is None:
        return None
    return Position.model_construct(
        id=row.position,
        name=star.name,
        max=1,
        cost=row.hiring_fee,
        ma=star.ma,
        st=star.st,
        ag=star.ag,
        pa=star.pa,
        av=star.av,
        skills=tuple(s for s in star.skills if not (familiar_face and s.startswith("Loner"))),
        primary=(),
        secondary=(),
        keywords=star.keywords,
    )


def squad_positions(catalog: Catalog, roster: Team, rows: list[PlayerRow]) -> list[Position]:
    """Positions of the players on a roster (stars included), for the hiring limits."""
    return [p for p in (position_of(catalog, roster, r) for r in rows) if p is not None]


def profile_of(position: Position, row: PlayerRow) -> str:
    """A player's profile now (MA/ST/AG/PA/AV): the position's, with injuries and improvements applied."""
    pa = "-" if position.pa is None else f"{position.pa + row.pa_change}+"
    return (
        f"{position.ma + row.ma_change}/{position.st + row.st_change}/{position.ag + row.ag_change}+/"
        f"{pa}/{position.av + row.av_change}+"
    )


def roster_place(row: PlayerRow, missed_this_game: frozenset[int] = frozenset()) -> RosterPlace:
    return RosterPlace(
        journeyman=row.journeyman,
        miss_next_game=row.miss_next_game,
        temporarily_retired=row.temporarily_retired,
        missed_this_game=row.id in missed_this_game,
    )


def limit_positions(catalog: Catalog, roster: Team, rows: list[PlayerRow]) -> list[Position]:
    """Positions of the players who count towards the 16-player limit (journeymen do not)."""
    return squad_positions(catalog, roster, [r for r in rows if counts_towards_player_limit(roster_place(r))])


def build_sheet(conn: Connection, catalog: Catalog, league: League, team: TeamRow) -> TeamSheet:
    roster = roster_of(catalog, team)
    rows, gained, traits, familiar, added, holder = together(
        conn,
        lambda c: team_store.players(c, team),
        lambda c: advancement_store.for_team(c, team.guild_id, team.id),
        lambda c: trait_store.of_team(c, team.guild_id, team.id),
        lambda c: contract_store.familiar_players(c, team.guild_id, team.id),
        lambda c: tournament_store.skills_of_team(c, team.guild_id, team.id) if league.is_tournament else {},
        lambda c: playoff_store.trophy_holder(c, team.guild_id, team.league_id),
    )
    players = []
    for row in rows:
        position = position_of(catalog, roster, row, row.id in familiar)
        if position is None:
            raise NotFound(
                _(
                    "{team}: player #{number} has an unknown position `{position}`.",
                    team=team.name,
                    number=row.number,
                    position=row.position,
                )
            )
        skills = tuple(a.skill for a in gained.get(row.id, []) if a.skill) + tuple(
            t.label for t in traits if t.player_id == row.id
        )
        players.append(SheetPlayer(row, position, skills, row.id in familiar, added.get(row.id)))
    squad = squad_of(players)
    holds_trophy = holder == team.id
    trophy = catalog.season_end.trophy_rerolls if holds_trophy else 0
    staff = replace(staffing_of(team), trophy_rerolls=trophy)
    special = roster.special_rules_with(team.regional_league, team.alignment)
    rs = ruleset(catalog, league.settings.ruleset)
    tv, ctv = rs.team_values(roster, squad, staff, special)
    return TeamSheet(
        league=league,
        team=team,
        roster=roster,
        players=players,
        team_value=tv,
        current_team_value=ctv,
        special_rules=special,
        trophy_rerolls=trophy,
        fans_name=rs.fans_name,
        one_value=rs.one_value,
    )


def squad_of(players: Iterable[SheetPlayer]) -> list[SquadPlayer]:
    """The players as the team-value rules count them."""
    return [
        SquadPlayer(
            p.position,
            p.row.hiring_fee,
            p.row.value_increase,
            p.row.miss_next_game,
            p.row.temporarily_retired,
        )
        for p in players
    ]


def find_team(conn: Connection, guild_id: int, reference: str, league: League | None = None) -> TeamRow:
    """A team by autocomplete value (`t:<id>`) or by name, in the guild (and league, when given)."""
    reference = reference.strip()
    number = row_id(reference[2:]) if reference.startswith("t:") else None
    if number is not None:
        team = team_store.get(conn, guild_id, number)
        if team is not None and (league is None or team.league_id == league.id):
            return team
    candidates = (
        team_store.in_league(conn, guild_id, league.id)
        if league is not None
        else [t for lg in _leagues(conn, guild_id) for t in team_store.in_league(conn, guild_id, lg)]
    )
    exact = [t for t in candidates if t.name.lower() == reference.lower()]
    found = exact or best_matches(reference, candidates, lambda t: t.name, limit=1)
    if not found:
        raise NotFound(
            _("No team called `{name}`. Start typing and pick one from the list.", name=reference[:60])
        )
    return found[0]


def _leagues(conn: Connection, guild_id: int) -> list[int]:
    return league_store.ids_in_guild(conn, guild_id)


def own_team(conn: Connection, actor: Actor, league: League) -> TeamRow:
    team = team_store.by_coach(conn, actor.guild_id, league.id, actor.user_id)
    if team is None:
        raise NotFound(_("You have no team in {league}. Start one with /team create.", league=league.name))
    return team


@dataclass(frozen=True)
class Changeable:
    """A team the coach may change now: drafting, or an approved team in its post-game sequence."""

    team: TeamRow
    postgame_fixture: int | None  # the fixture whose post-game is open; None while drafting

    @property
    def drafting(self) -> bool:
        return self.postgame_fixture is None


def changeable(conn: Connection, team: TeamRow) -> Changeable:
    """Whether (and how) a team may change now: an approved team only while a post-game is open; a draft,
    a submitted or a rejected team while drafting (changing it makes it a draft again: teams.py)."""
    approved = team.status == "approved"
    postgames = postgame_store.open_for_team(conn, team.guild_id, team.id) if approved else []
    check_changeable(team.name, team.status, postgame_open=bool(postgames))
    return Changeable(team, postgames[0].fixture_id if postgames else None)


def open_redraft(conn: Connection, team: TeamRow) -> Redraft | None:
    """The team's re-draft, while the league is between seasons."""
    season = season_store.current_season(conn, team.guild_id, team.league_id)
    last = redraft_store.last_season_played(conn, team.guild_id, team.id)
    if season is None or season.status != "finished" or last is None:
        return None
    return redraft_store.for_season(conn, team.guild_id, team.id, last)


def find_roster(catalog: Catalog, reference: str) -> Team:
    roster = catalog.team(reference)
    if roster is None:
        found = best_matches(reference, list(catalog.teams.values()), lambda t: t.name, limit=1)
        if not found:
            raise NotFound(_("No roster called `{name}`; /rules team lists them.", name=reference[:40]))
        roster = found[0]
    return roster


def find_position(roster: Team, reference: str) -> Position:
    position = roster.position(reference.strip())
    if position is None:
        found = best_matches(reference, list(roster.positions), lambda p: p.name, limit=1)
        if not found:
            names = ", ".join(p.name for p in roster.positions)
            raise NotFound(
                _(
                    "{roster} teams have no `{position}`; they hire: {names}.",
                    roster=roster.name,
                    position=reference[:40],
                    names=names,
                )
            )
        position = found[0]
    return position


def find_player(conn: Connection, team: TeamRow, reference: str) -> PlayerRow:
    """A player by autocomplete value (`p:<id>`), shirt number (`7` or `#7`) or name."""
    reference = reference.strip()
    player_id = row_id(reference[2:]) if reference.startswith("p:") else None
    if player_id is not None:
        found = team_store.player(conn, team, player_id)
        if found is not None and found.status == "active":
            return found
    shirt = row_id(reference.lstrip("#"))
    if shirt is not None:
        by_number = team_store.player_by_number(conn, team, shirt)
        if by_number is not None:
            return by_number
    matches = best_matches(reference, team_store.players(conn, team), lambda p: p.name, limit=1)
    if not matches:
        raise NotFound(_("{team} has no player `{player}`.", team=team.name, player=reference[:40]))
    return matches[0]


# --- autocomplete -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class TeamChoice:
    id: int
    name: str
    roster: str
    status: str


def _choices(conn: Connection, guild_id: int, league_ref: str | None) -> list[TeamChoice]:
    try:
        leagues = [find_league(conn, guild_id, league_ref)]
    except (NotFound, RuleViolation):
        leagues = league_store.in_guild(conn, guild_id)
    return [
        TeamChoice(t.id, t.name, t.roster, t.status)
        for league in leagues
        for t in team_store.in_league(conn, guild_id, league.id)
        if t.status != "retired"
    ]


async def team_choices(rt: Runtime, guild_id: int, league_ref: str | None) -> list[TeamChoice]:
    """Teams for autocomplete, in the named league or every league of the server."""
    return await rt.db.read(_choices, guild_id, league_ref)


def _my_players(conn: Connection, actor: Actor, league_ref: str | None) -> list[PlayerRow]:
    try:
        league = find_league(conn, actor.guild_id, league_ref)
        team = own_team(conn, actor, league)
    except (NotFound, RuleViolation):
        return []
    return team_store.players(conn, team)


async def my_players(rt: Runtime, actor: Actor, league_ref: str | None) -> list[PlayerRow]:
    """The caller's players, for autocomplete (empty when they have no team)."""
    return await rt.db.read(_my_players, actor, league_ref)


def _my_roster(conn: Connection, rt: Runtime, actor: Actor, league_ref: str | None) -> Team | None:
    try:
        return roster_of(rt.catalog, own_team(conn, actor, find_league(conn, actor.guild_id, league_ref)))
    except (NotFound, RuleViolation):
        return None


async def my_roster(rt: Runtime, actor: Actor, league_ref: str | None) -> Team | None:
    return await rt.db.read(_my_roster, rt, actor, league_ref)
