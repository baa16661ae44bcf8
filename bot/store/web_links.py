"""The web view's public links: one per league or tournament (see migration 0020)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from bot.clock import unix
from bot.store.connection import Connection, Row


@dataclass(frozen=True)
class WebLink:
    guild_id: int
    league_id: int
    token: str
    enabled: bool


def _link(row: Row) -> WebLink:
    return WebLink(row["guild_id"], row["league_id"], row["token"], bool(row["enabled"]))


def of_league(conn: Connection, guild_id: int, league_id: int) -> WebLink | None:
    row = conn.execute(
        "SELECT * FROM league_web_links WHERE guild_id = ? AND league_id = ?", (guild_id, league_id)
    ).fetchone()
    return None if row is None else _link(row)


def save(
    conn: Connection,
    *,
    guild_id: int,
    league_id: int,
    token: str,
    enabled: bool,
    now: datetime,
    actor_id: int,
) -> WebLink:
    conn.execute(
        "INSERT INTO league_web_links (league_id, guild_id, token, enabled, changed_at, changed_by)"
        " VALUES (?, ?, ?, ?, ?, ?)"
        " ON CONFLICT (league_id) DO UPDATE SET token = excluded.token, enabled = excluded.enabled,"
        " changed_at = excluded.changed_at, changed_by = excluded.changed_by"
        " WHERE league_web_links.guild_id = excluded.guild_id",
        (league_id, guild_id, token, int(enabled), unix(now), actor_id),
    )
    return WebLink(guild_id, league_id, token, enabled)


def by_token(conn: Connection, token: str) -> WebLink | None:
    """The enabled link with this token, whichever guild it is in (a web request knows only the token)."""
    row = conn.execute("SELECT * FROM league_web_links WHERE token = ? AND enabled = 1", (token,)).fetchone()
    return None if row is None else _link(row)
