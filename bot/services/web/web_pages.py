"""What the read-only web view shows (bot/web renders it). One read transaction per page; each page is
found through its link's token (`web_links.resolve_in`), and every id in a page's address is looked up
inside that link's league and guild (else NotFound, a 404), so a link shows its own league and nothing
else. The pages reuse the loaders the commands use: the Team Draft List (`team_lookup.build_sheet`),
the standings, the play-off bracket and the league's history."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from bot.catalog import Catalog
from bot.catalog.models import Position
from bot.errors import NotFound
from bot.i18n import _
from bot.rules.league.playoffs import Shootout
from bot.rules.match.match_result import ResultReport
from bot.services.inputs import an_id, optional_whole, whole
from bot.services.league import leaders, playoffs, seasons
from bot.services.league.playoffs import Bracket, LeagueHistory
from bot.services.roster.team_lookup import (
    SheetPlayer,
    TeamSheet,
    build_sheet,
    position_of,
    profile_of,
    roster_of,
)
from bot.services.runtime import BOT_USER, Runtime
from bot.services.web.web_facts import (
    DiceGame,
    GameSide,
    PlayerGame,
    Record,
    TeamFacts,
    coach_names,
    game_side,
    group_dice,
    injury_text,
    penalty_winners,
    player_games,
    player_status,
    record_of,
    team_facts,
)
from bot.services.web.web_links import WebScope, resolve_in, worded
from bot.store import advancements as advancement_store
from bot.store import history
from bot.store import playoffs as playoff_store
from bot.store import seasons as season_store
from bot.store import teams as team_store
from bot.store.advancements import Advancement
from bot.store.connection import Connection
from bot.store.dice_log import LoggedRoll
from bot.store.history import PlayerChange, ReportStep, TeamChange, TreasuryChange
from bot.store.playoffs import Award
from bot.store.seasons import Fixture, Round, Season
from bot.store.teams import PlayerRow, TeamRow

LATEST_RESULTS = 10
TREASURY_PAGE = 25
DICE_PAGE = 50
MAX_PAGE = 1_000_000
LASTING = ("serious_injury", "lasting_injury")  # what a player carries: niggling and characteristic injuries


@dataclass(frozen=True)
class Paging:
    """Which page of a long list is shown (from 1) and how many there are."""

    page: int
    pages: int
    total: int


def _paging(page: int, total: int, size: int) -> Paging:
    pages = max(1, -(-total // size))
    return Paging(min(max(page, 1), pages), pages, total)


def _season_or_current(conn: Connection, scope: WebScope, number: int | None) -> Season | None:
    """The season asked for (NotFound if the league has none of that number), else the current one."""
    if number is None:
        return season_store.current_season(conn, scope.guild_id, scope.league.id)
    season = season_store.season_by_number(conn, scope.guild_id, scope.league.id, number)
    if season is None:
        raise NotFound(_("{league} has no season {number}.", league=scope.league.name, number=number))
    return season


def _status_text(change: PlayerChange) -> str:
    """A change of a player's status as his page lists it: "Fired: too many fouls", "Dead"."""
    status = player_status(str(change.detail.get("status", ""))).capitalize()
    reason = change.detail.get("reason", "")
    if not reason:
        return status
    return _("{status}: {reason}", status=status, reason=reason) if status else str(reason)


def _live(changes: list[PlayerChange]) -> list[PlayerChange]:
    """The changes still in force: neither a reversal (a reverted post-game) nor reversed by one."""
    reverted = {c.detail["revert"] for c in changes if "revert" in c.detail}
    return [c for c in changes if "revert" not in c.detail and c.id not in reverted]


def _who(user_id: int, coaches: dict[int, str]) -> str:
    """Who did something, as a public page may say it: the team whose coach it was, or the bot."""
    return _("the bot") if user_id == BOT_USER else coaches.get(user_id) or _("a league official")


# --- the league ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class LeaguePage:
    scope: WebScope
    season: Season | None
    standings: seasons.Standings | None
    current_round: Round | None
    round_fixtures: tuple[Fixture, ...]  # this round's games (league and play-off)
    latest: tuple[Fixture, ...]  # the latest confirmed results, newest first
    teams: tuple[TeamRow, ...]  # every approved team, by name
    facts: dict[int, TeamFacts]  # team id -> race, coach, team value (every team shown)
    champion: Award | None  # a finished season's first place
    penalties: dict[int, str]  # fixture id -> the team that won it on penalties


def _league_page(conn: Connection, catalog: Catalog, token: str, number: int | None) -> LeaguePage:
    scope = resolve_in(conn, token)
    guild, league = scope.guild_id, scope.league
    every_team = team_store.in_league(conn, guild, league.id)
    teams = tuple(sorted((t for t in every_team if t.status == "approved"), key=lambda t: t.name.casefold()))
    season = _season_or_current(conn, scope, number)
    if season is None:
        facts = team_facts(conn, catalog, scope, teams)
        return LeaguePage(scope, None, None, None, (), (), teams, facts, None, {})
    table = seasons.standings_in(conn, guild, scope.ref, None, season.number)
    rounds = season_store.rounds(conn, guild, season.id)
    games = [
        f
        for f in season_store.fixtures(conn, guild, league_id=league.id, season_id=season.id)
        if f.kind in ("league", "playoff")
    ]
    current = next((r for r in rounds if r.status == "open"), None)
    in_round = tuple(f for f in games if current is not None and f.round_number == current.number)
    confirmed = [f for f in games if f.status == "confirmed"]
    latest = tuple(
        sorted(confirmed, key=lambda f: (f.round_number or 0, f.id), reverse=True)[:LATEST_RESULTS]
    )
    shown = {row.team_id for division in table.tables for row in division.rows} | {t.id for t in teams}
    facts = team_facts(conn, catalog, scope, [t for t in every_team if t.id in shown])
    champion = next(
        (
            a
            for a in playoff_store.awards(conn, guild, league.id)
            if a.season_id == season.id and a.place == 1 and season.status == "finished"
        ),
        None,
    )
    penalties = penalty_winners((*in_round, *latest))
    return LeaguePage(scope, season, table, current, in_round, latest, teams, facts, champion, penalties)


async def league_page(rt: Runtime, token: str, season: int | None = None) -> LeaguePage:
    """The league: standings per division (of the current season, or of season N) with each team's race,
    coach and team value, a finished season's champion, this round's fixtures with their deadline, the
    latest results (a drawn play-off with its winner on penalties)."""
    optional_whole(season, 1, 9999, _("the season"))
    return await rt.db.read(worded(token, _league_page), rt.catalog, token, season)


# --- a team ----------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class RosterPlayer:
    """A player as the team page shows him: the Team Draft List's entry, his profile now, his injuries."""

    entry: SheetPlayer
    profile: str
    injuries: tuple[str, ...]  # the injuries he carries (niggling, lasting), oldest first


@dataclass(frozen=True)
class GonePlayer:
    row: PlayerRow
    position: str
    injuries: tuple[str, ...]


@dataclass(frozen=True)
class TeamPage:
    scope: WebScope
    sheet: TeamSheet
    players: tuple[RosterPlayer, ...]
    gone: tuple[GonePlayer, ...]  # dead, fired, retired or left
    treasury: tuple[TreasuryChange, ...]  # one page, newest first
    paging: Paging
    fixtures: tuple[Fixture, ...]  # every game of the team, every season
    season_numbers: dict[int, int]  # season id -> number
    coach: str | None  # the coach's kept name (None: the bot kept none)
    record: Record  # won-drawn-lost over every confirmed game
    penalties: dict[int, str]  # fixture id -> the team that won it on penalties


def _team_in(conn: Connection, scope: WebScope, team_id: int) -> TeamRow:
    team = team_store.get(conn, scope.guild_id, team_id)
    if team is None or team.league_id != scope.league.id:
        raise NotFound(_("There is no such team in this league."))
    return team


def _injuries(conn: Connection, team: TeamRow) -> dict[int, list[str]]:
    found: dict[int, list[str]] = {}
    for change in _live(history.injuries_of_team(conn, team.guild_id, team.id)):
        if change.detail.get("injury") in LASTING:
            found.setdefault(change.player_id, []).append(injury_text(change))
    return found


def _team_page(conn: Connection, rt: Runtime, token: str, team_id: int, page: int) -> TeamPage:
    scope = resolve_in(conn, token)
    team = _team_in(conn, scope, team_id)
    sheet = build_sheet(conn, rt.catalog, scope.league, team)
    injuries = _injuries(conn, team)
    players = tuple(
        RosterPlayer(p, profile_of(p.position, p.row), tuple(injuries.get(p.row.id, [])))
        for p in sheet.players
    )
    roster = roster_of(rt.catalog, team)
    gone = []
    for row in team_store.players(conn, team, include_gone=True):
        if row.status == "active" and not row.temporarily_retired:
            continue
        position = position_of(rt.catalog, roster, row)
        gone.append(
            GonePlayer(row, position.name if position else row.position, tuple(injuries.get(row.id, [])))
        )
    paging = _paging(page, history.treasury_count(conn, scope.guild_id, team.id), TREASURY_PAGE)
    changes = history.treasury_page(
        conn, scope.guild_id, team.id, limit=TREASURY_PAGE, offset=(paging.page - 1) * TREASURY_PAGE
    )
    games = season_store.fixtures(conn, scope.guild_id, league_id=scope.league.id, team_id=team.id)
    numbers = {s.id: s.number for s in season_store.seasons_of(conn, scope.guild_id, scope.league.id)}
    games.sort(key=lambda f: (numbers.get(f.season_id or 0, 0), f.round_number or 0, f.id))
    return TeamPage(
        scope,
        sheet,
        players,
        tuple(gone),
        tuple(changes),
        paging,
        tuple(games),
        numbers,
        coach_names(conn, scope, [team]).get(team.id),
        record_of(team.id, games),
        penalty_winners(games),
    )


async def team_page(rt: Runtime, token: str, team_id: int, page: int = 1) -> TeamPage:
    """A team: its coach and record (W-D-L); roster with profiles, skills, SPP, injuries and values; staff;
    the treasury and its history (newest first, a page at a time); every game."""
    an_id(team_id, _("team"))
    whole(page, 1, MAX_PAGE, _("the page"))
    return await rt.db.read(worded(token, _team_page), rt, token, team_id, page)


# --- a player --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Career:
    games: int
    touchdowns: int
    casualties: int
    completions: int
    interceptions: int
    mvps: int
    spp_earned: int
    spp_spent: int


@dataclass(frozen=True)
class PlayerEvent:
    """A change in a player's career: an injury or a change of status, with the game it came from."""

    fixture_id: int | None
    text: str
    change: PlayerChange


@dataclass(frozen=True)
class PlayerPage:
    scope: WebScope
    team: TeamRow
    player: PlayerRow
    position: Position
    profile: str
    skills: tuple[str, ...]  # the position's
    gained: tuple[str, ...]  # gained by advancement (and traits)
    career: Career
    advancements: tuple[Advancement, ...]
    events: tuple[PlayerEvent, ...]
    games: tuple[PlayerGame, ...]  # game by game: the games he did something in or that changed him


def _player_page(conn: Connection, rt: Runtime, token: str, player_id: int) -> PlayerPage:
    scope = resolve_in(conn, token)
    team_id = history.team_of_player(conn, scope.guild_id, player_id)
    team = None if team_id is None else team_store.get(conn, scope.guild_id, team_id)
    row = (
        None
        if team is None or team.league_id != scope.league.id
        else team_store.player(conn, team, player_id)
    )
    if team is None or row is None:
        raise NotFound(_("There is no such player in this league."))
    sheet = build_sheet(conn, rt.catalog, scope.league, team)
    entry = next((p for p in sheet.players if p.row.id == row.id), None)
    position = entry.position if entry else position_of(rt.catalog, sheet.roster, row)
    if position is None:
        raise NotFound(
            _(
                "{team}: player #{number} has an unknown position `{position}`.",
                team=team.name,
                number=row.number,
                position=row.position,
            )
        )
    changes = _live(history.changes_of_player(conn, scope.guild_id, row.id))
    left = next(
        (c.created_at for c in reversed(changes) if c.kind == "status" and row.status != "active"), None
    )
    taken = advancement_store.taken(conn, scope.guild_id, row.id)
    fixtures = season_store.fixtures(conn, scope.guild_id, league_id=scope.league.id, team_id=team.id)
    numbers = {s.id: s.number for s in season_store.seasons_of(conn, scope.guild_id, scope.league.id)}
    fixtures.sort(key=lambda f: (numbers.get(f.season_id or 0, 0), f.round_number or 0, f.id))
    games = player_games(fixtures, team.id, row.id, changes, numbers)
    lines = [g.line for g in games if g.line is not None]
    career = Career(
        games=history.games_played(conn, scope.guild_id, team.id, row.id, left_at=left),
        touchdowns=sum(p.touchdowns for p in lines),
        casualties=sum(p.casualties for p in lines),
        completions=sum(p.completions for p in lines),
        interceptions=sum(p.interceptions for p in lines),
        mvps=sum(1 for c in changes if c.kind == "mvp"),
        spp_earned=sum(c.spp_delta for c in changes if c.kind in ("spp", "mvp")),
        spp_spent=sum(a.spp_cost for a in taken),
    )
    events = tuple(
        PlayerEvent(
            c.fixture_id,
            injury_text(c) if c.kind == "injury" else _status_text(c),
            c,
        )
        for c in changes
        if c.kind in ("injury", "status")
    )
    return PlayerPage(
        scope,
        team,
        row,
        position,
        profile_of(position, row),
        tuple(position.skills),
        entry.gained_skills if entry else tuple(a.skill for a in taken if a.skill),
        career,
        tuple(taken),
        events,
        games,
    )


async def player_page(rt: Runtime, token: str, player_id: int) -> PlayerPage:
    """A player's career: games, touchdowns, casualties, completions, interceptions, MVPs, SPP earned and
    spent, advancements, injuries, his team; and game by game what he did, the SPP and injuries of each."""
    an_id(player_id, _("player"))
    return await rt.db.read(worded(token, _player_page), rt, token, player_id)


# --- fixtures --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class RoundGames:
    round: Round
    games: tuple[Fixture, ...]
    byes: tuple[str, ...]


@dataclass(frozen=True)
class FixturesPage:
    scope: WebScope
    season: Season | None
    seasons: tuple[Season, ...]
    rounds: tuple[Round, ...]  # every round of the season (for the links)
    shown: tuple[RoundGames, ...]  # every round, or the one asked for
    round_number: int | None
    penalties: dict[int, str] = field(default_factory=dict)  # fixture id -> the team that won on penalties


def _fixtures_page(
    conn: Connection, token: str, number: int | None, round_number: int | None
) -> FixturesPage:
    scope = resolve_in(conn, token)
    every_season = tuple(season_store.seasons_of(conn, scope.guild_id, scope.league.id))
    season = _season_or_current(conn, scope, number)
    if season is None:
        return FixturesPage(scope, None, every_season, (), (), None)
    rounds = season_store.rounds(conn, scope.guild_id, season.id)
    if round_number is not None and not any(r.number == round_number for r in rounds):
        raise NotFound(_("Season {number} has no round {round}.", number=season.number, round=round_number))
    every = [
        f
        for f in season_store.fixtures(conn, scope.guild_id, league_id=scope.league.id, season_id=season.id)
        if f.kind in ("league", "playoff")
    ]
    names = {t.id: t.name for t in team_store.in_league(conn, scope.guild_id, scope.league.id)}
    playing = {t for d in season_store.divisions(conn, scope.guild_id, season.id) for t in d.team_ids}
    byes = seasons.round_byes(rounds, every, playing, names)
    shown = tuple(
        RoundGames(r, tuple(f for f in every if f.round_number == r.number), tuple(byes.get(r.number, [])))
        for r in rounds
        if round_number is None or r.number == round_number
    )
    return FixturesPage(
        scope, season, every_season, tuple(rounds), shown, round_number, penalty_winners(every)
    )


async def fixtures_page(
    rt: Runtime, token: str, season: int | None = None, round_number: int | None = None
) -> FixturesPage:
    """A season's fixtures (the current season by default), every round or one, with the byes."""
    optional_whole(season, 1, 9999, _("the season"))
    optional_whole(round_number, 1, 999, _("the round"))
    return await rt.db.read(worded(token, _fixtures_page), token, season, round_number)


@dataclass(frozen=True)
class FixturePage:
    scope: WebScope
    fixture: Fixture
    season: Season | None
    report: ResultReport | None  # the current report (the confirmed one once confirmed)
    steps: tuple[ReportStep, ...]  # every version: reported, disputed, confirmed, corrected
    dice: tuple[LoggedRoll, ...]  # every die rolled for this fixture, in order
    player_changes: tuple[PlayerChange, ...]
    treasury: tuple[TreasuryChange, ...]
    team_changes: tuple[TeamChange, ...]
    postgame: dict[int, tuple[str, ...]]  # team id -> the post-game lines
    shootout: Shootout | None
    names: dict[int, str]  # team id -> name
    actors: dict[int, str]  # who took each step of the history (by user id): a team, the bot or an official
    sides: tuple[GameSide, GameSide]  # home, away: each player once with all the game did to him
    dice_groups: tuple[DiceGame, ...]  # the dice by phase


def _fixture_page(conn: Connection, token: str, fixture_id: int) -> FixturePage:
    scope = resolve_in(conn, token)
    guild = scope.guild_id
    fx = season_store.fixture(conn, guild, fixture_id)
    if fx is None or fx.league_id != scope.league.id:
        raise NotFound("There is no such game in this league.")
    season = next(
        (s for s in season_store.seasons_of(conn, guild, scope.league.id) if s.id == fx.season_id), None
    )
    steps = tuple(history.report_steps(conn, guild, fx.id))
    coaches = {fx.home_coach_id: fx.home_name, fx.away_coach_id: fx.away_name}
    report = ResultReport.model_validate_json(fx.report) if fx.report else None
    dice = tuple(history.dice_of_fixture(conn, guild, fx.id))
    changes = tuple(history.changes_of_fixture(conn, guild, fx.id))
    treasury = tuple(history.treasury_of_fixture(conn, guild, fx.id))
    postgame = history.postgame_summaries(conn, guild, fx.id)
    home, away = (
        game_side(
            name,
            team_id,
            side,
            changes,
            postgame.get(team_id, ()),
            treasury,
        )
        for side, team_id, name in (
            (None if report is None else report.home, fx.home_team_id, fx.home_name),
            (None if report is None else report.away, fx.away_team_id, fx.away_name),
        )
    )
    return FixturePage(
        scope,
        fx,
        season,
        report,
        steps,
        dice,
        changes,
        treasury,
        tuple(history.team_changes_of_fixture(conn, guild, fx.id)),
        postgame,
        playoff_store.shootout(conn, guild, fx.id),
        {fx.home_team_id: fx.home_name, fx.away_team_id: fx.away_name},
        {step.actor_id: _who(step.actor_id, coaches) for step in steps},
        (home, away),
        group_dice([(d, _who(d.user_id, coaches), fx) for d in dice]),
    )


async def fixture_page(rt: Runtime, token: str, fixture_id: int) -> FixturePage:
    """One game: its report, the report's history, the post-game with every die and every change it made."""
    an_id(fixture_id, _("game"))
    return await rt.db.read(worded(token, _fixture_page), token, fixture_id)


# --- the end of seasons ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class PlayoffsPage:
    scope: WebScope
    bracket: Bracket | None  # None: no season yet
    seasons: tuple[Season, ...]
    shootouts: dict[int, Shootout]  # fixture id -> its penalty shoot-out
    penalties: dict[int, str]  # fixture id -> the team that won it on penalties


def _playoffs_page(conn: Connection, token: str, number: int | None) -> PlayoffsPage:
    scope = resolve_in(conn, token)
    every_season = tuple(season_store.seasons_of(conn, scope.guild_id, scope.league.id))
    if _season_or_current(conn, scope, number) is None:
        return PlayoffsPage(scope, None, every_season, {}, {})
    bracket = playoffs.read_bracket(conn, scope.guild_id, scope.ref, number)
    shootouts = {
        fx.id: s
        for _title, games in bracket.stages
        for fx in games
        if (s := playoff_store.shootout(conn, scope.guild_id, fx.id)) is not None
    }
    penalties = penalty_winners(fx for _title, games in bracket.stages for fx in games)
    return PlayoffsPage(scope, bracket, every_season, shootouts, penalties)


async def playoffs_page(rt: Runtime, token: str, season: int | None = None) -> PlayoffsPage:
    """The play-off bracket of the current season (or season N): stages, results, shoot-outs, prizes."""
    optional_whole(season, 1, 9999, _("the season"))
    return await rt.db.read(worded(token, _playoffs_page), token, season)


@dataclass(frozen=True)
class SeasonsPage:
    scope: WebScope
    history: LeagueHistory


def _seasons_page(conn: Connection, token: str) -> SeasonsPage:
    scope = resolve_in(conn, token)
    return SeasonsPage(scope, playoffs.history_in(conn, scope.guild_id, scope.ref))


async def seasons_page(rt: Runtime, token: str) -> SeasonsPage:
    """Every season of the league: its state, champion and prizes."""
    return await rt.db.read(worded(token, _seasons_page), token)


# --- leaderboards ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class LeadersPage:
    scope: WebScope
    leaders: leaders.Leaders | None  # None: no season has started yet


def _leaders_page(
    conn: Connection, catalog: Catalog, token: str, season: int | Literal["all"] | None
) -> LeadersPage:
    scope = resolve_in(conn, token)
    if scope.league.is_tournament:
        raise NotFound(_("A tournament's leaders are its awards."))
    if season_store.current_season(conn, scope.guild_id, scope.league.id) is None:
        return LeadersPage(scope, None)
    return LeadersPage(scope, leaders.leaders_in(conn, catalog, scope.guild_id, scope.ref, season))


async def leaders_page(rt: Runtime, token: str, season: int | Literal["all"] | None = None) -> LeadersPage:
    """Every leaderboard of the league (`/leaders`): this season's, season N's or all time's."""
    if season != leaders.ALL_TIME:
        optional_whole(season, 1, 9999, _("the season"))
    return await rt.db.read(worded(token, _leaders_page), rt.catalog, token, season)


# --- the dice log ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class DiceLine:
    roll: LoggedRoll
    who: str  # the team whose coach rolled, "the bot", or "a league official"
    fixture: Fixture | None


@dataclass(frozen=True)
class DicePage:
    scope: WebScope
    lines: tuple[DiceLine, ...]
    paging: Paging
    games: tuple[DiceGame, ...]  # the lines grouped: by game, then by phase (one heading each)


def _dice_page(conn: Connection, token: str, page: int) -> DicePage:
    scope = resolve_in(conn, token)
    guild, league = scope.guild_id, scope.league
    paging = _paging(page, history.dice_count(conn, guild, league.id), DICE_PAGE)
    rolls = history.dice_of_league(
        conn, guild, league.id, limit=DICE_PAGE, offset=(paging.page - 1) * DICE_PAGE
    )
    coaches = {t.coach_id: t.name for t in team_store.in_league(conn, guild, league.id)}
    games: dict[int, Fixture | None] = {}
    lines = []
    for roll in rolls:
        if roll.fixture_id is not None and roll.fixture_id not in games:
            games[roll.fixture_id] = season_store.fixture(conn, guild, roll.fixture_id)
        who = _who(roll.user_id, coaches)
        lines.append(DiceLine(roll, who, games.get(roll.fixture_id) if roll.fixture_id else None))
    grouped = group_dice([(line.roll, line.who, line.fixture) for line in lines])
    return DicePage(scope, tuple(lines), paging, grouped)


async def dice_page(rt: Runtime, token: str, page: int = 1) -> DicePage:
    """Every die rolled for the league's games, newest first, 50 a page, grouped by game and phase."""
    whole(page, 1, MAX_PAGE, _("the page"))
    return await rt.db.read(worded(token, _dice_page), token, page)
