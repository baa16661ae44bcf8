"""What the read-only web view shows (bot/web renders it). One read transaction per page; each page is
found through its link's token (`web_links.resolve_in`), and every id in a page's address is looked up
inside that link's league, so a link shows its own league and nothing else."""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass

from bot.services import seasons
from bot.services.runtime import Runtime
from bot.services.web_links import WebScope, resolve_in
from bot.store import seasons as season_store
from bot.store import teams as team_store
from bot.store.seasons import Fixture, Round, Season
from bot.store.teams import TeamRow

LATEST_RESULTS = 10


@dataclass(frozen=True)
class LeaguePage:
    scope: WebScope
    season: Season | None
    standings: seasons.Standings | None
    current_round: Round | None
    round_fixtures: tuple[Fixture, ...]  # this round's games (league and play-off)
    latest: tuple[Fixture, ...]  # the latest confirmed results, newest first
    teams: tuple[TeamRow, ...]  # every approved team, by name


def _league_page(conn: sqlite3.Connection, token: str) -> LeaguePage:
    scope = resolve_in(conn, token)
    guild, league = scope.guild_id, scope.league
    teams = tuple(
        sorted(
            (t for t in team_store.in_league(conn, guild, league.id) if t.status == "approved"),
            key=lambda t: t.name.casefold(),
        )
    )
    season = season_store.current_season(conn, guild, league.id)
    if season is None:
        return LeaguePage(scope, None, None, None, (), (), teams)
    table = seasons.standings_in(conn, guild, scope.ref, None)
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
    return LeaguePage(scope, season, table, current, in_round, latest, teams)


async def league_page(rt: Runtime, token: str) -> LeaguePage:
    """The league: standings per division, this round's fixtures with their deadline, the latest results."""
    return await rt.db.read(_league_page, token)
