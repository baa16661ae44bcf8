"""Leaderboards of a league: one season's or all time (see bot/rules/league/leaders.py for what each counts).

`leaders` reads every board in one read transaction; `/leaders` shows one of them, the web view may show
them all. Player boards count every confirmed game of the league in the season (league, play-off and
friendly games alike; a friendly's kills are not counted where the league's ruleset counts every casualty
of a friendly as Badly Hurt, as BB2025's does); team points and wins are the regular season's, as the
standings count them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from bot.catalog import Catalog
from bot.errors import InvalidInput, NotFound
from bot.i18n import _
from bot.rules.league.leaders import STATS, Leader, Stat, boards, kills, team_records
from bot.rules.match.match_result import ResultReport
from bot.rules.match.tallies import player_tallies
from bot.rules.rulesets import ruleset
from bot.services.inputs import one_of, optional_whole
from bot.services.league.leagues import find_league
from bot.services.league.seasons import current_or_error, standings_tables
from bot.services.runtime import Runtime
from bot.store import leaders as leader_store
from bot.store import seasons as season_store
from bot.store import teams as team_store
from bot.store.connection import Connection
from bot.store.leagues import League
from bot.store.seasons import Season

ALL_TIME: Literal["all"] = "all"


@dataclass(frozen=True)
class Leaders:
    """Every leaderboard of one season (`season`) or of all time (`season` None)."""

    league: League
    season: Season | None
    seasons: int  # how many seasons the league has had
    boards: dict[Stat, list[Leader]]
    team_names: dict[int, str]

    @property
    def scope(self) -> str:
        return _("all time") if self.season is None else _("season {number}", number=self.season.number)


def leaders_in(
    conn: Connection,
    catalog: Catalog,
    guild_id: int,
    league_ref: str | None,
    season_number: int | Literal["all"] | None,
) -> Leaders:
    league = find_league(conn, guild_id, league_ref)
    current = current_or_error(conn, league)
    season: Season | None = current
    if season_number == ALL_TIME:
        season = None
    elif season_number is not None and season_number != current.number:
        season = season_store.season_by_number(conn, guild_id, league.id, season_number)
        if season is None:
            raise NotFound(
                _(
                    "{league} has seasons 1 to {number}, or all-time.",
                    league=league.name,
                    number=current.number,
                )
            )
    fixtures = season_store.fixtures(
        conn, guild_id, league_id=league.id, season_id=None if season is None else season.id
    )
    played = [
        (fx, ResultReport.model_validate_json(fx.report))
        for fx in fixtures
        if fx.status == "confirmed" and fx.report is not None
    ]
    friendly_kills = not ruleset(catalog, league.settings.ruleset).friendlies.casualties_badly_hurt
    seasons = [season] if season is not None else season_store.seasons_of(conn, guild_id, league.id)
    tables = [table for s in seasons for table in standings_tables(conn, league, s, fixtures).values()]
    names = {t.id: t.name for t in team_store.in_league(conn, guild_id, league.id)}
    found = boards(
        player_tallies(report for _fx, report in played),
        leader_store.earned(conn, guild_id, league.id, None if season is None else season.id),
        kills(report for fx, report in played if fx.kind != "friendly" or friendly_kills),
        team_records(tables),
        names,
    )
    return Leaders(league, season, current.number, found, names)


async def leaders(
    rt: Runtime, guild_id: int, league_ref: str | None, season: int | Literal["all"] | None = None
) -> Leaders:
    """Every leaderboard of a league: of the current season (`season` None), of season N, or of all time
    (`season` "all"). Refused for a tournament (its awards are /tournament awards)."""
    if season != ALL_TIME:
        optional_whole(season, 1, 9999, _("the season"))
    return await rt.db.read(leaders_in, rt.catalog, guild_id, league_ref, season)


def stat_of(text: str) -> Stat:
    """A leaderboard's key, checked."""
    return one_of(text, tuple(STATS), _("the leaderboard"))


def parse_season(text: str | None) -> int | Literal["all"] | None:
    """A season option as typed: empty (the current season), a number, or all-time."""
    if text is None or not text.strip():
        return None
    cleaned = text.strip().casefold().replace(" ", "-")
    if cleaned in ("all", "all-time", "alltime"):
        return ALL_TIME
    if cleaned.isdigit() and len(cleaned) <= 4:
        return int(cleaned)
    raise InvalidInput(_("The season is a number (1, 2, ...) or all-time."))
