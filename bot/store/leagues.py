"""Leagues: a server may run several; each has its settings as validated JSON."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Literal

from bot.clock import unix
from bot.rules.league.league_settings import LeagueSettings
from bot.store.connection import Connection, Row
from bot.store.rows import from_row

Kind = Literal["league", "tournament"]


@dataclass(frozen=True)
class League:
    id: int
    guild_id: int
    name: str
    announce_channel_id: int | None
    settings: LeagueSettings
    created_by: int
    kind: Kind = "league"  # a tournament keeps its rulespack in `tournaments` (store/tournaments.py)
    language: str = "en"  # what its channel and web view read (bot/i18n: a shipped language's code)

    @property
    def is_tournament(self) -> bool:
        return self.kind == "tournament"


def _league(row: Row) -> League:
    return from_row(League, row, settings=LeagueSettings.model_validate_json(row["settings"]))


def insert(
    conn: Connection,
    *,
    guild_id: int,
    name: str,
    announce_channel_id: int | None,
    settings: LeagueSettings,
    created_by: int,
    now: datetime,
    kind: Kind = "league",
    language: str = "en",
) -> League:
    cursor = conn.execute(
        "INSERT INTO leagues"
        " (guild_id, name, announce_channel_id, settings, created_by, created_at, kind, language)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        (
            guild_id,
            name,
            announce_channel_id,
            settings.model_dump_json(),
            created_by,
            unix(now),
            kind,
            language,
        ),
    )
    league = get(conn, guild_id, int(cursor.lastrowid or 0))
    assert league is not None
    return league


def get(conn: Connection, guild_id: int, league_id: int) -> League | None:
    row = conn.execute(
        "SELECT * FROM leagues WHERE guild_id = ? AND id = ?", (guild_id, league_id)
    ).fetchone()
    return None if row is None else _league(row)


def by_name(conn: Connection, guild_id: int, name: str) -> League | None:
    """A league or tournament by name: the two share one namespace per server (commands name either)."""
    row = conn.execute(
        "SELECT * FROM leagues WHERE guild_id = ? AND lower(name) = lower(?)", (guild_id, name.strip())
    ).fetchone()
    return None if row is None else _league(row)


def ids_in_guild(conn: Connection, guild_id: int) -> list[int]:
    """The ids of the guild's leagues and tournaments, oldest first."""
    return [
        int(row[0])
        for row in conn.execute("SELECT id FROM leagues WHERE guild_id = ? ORDER BY id", (guild_id,))
    ]


def in_guild(conn: Connection, guild_id: int, kind: Kind = "league") -> list[League]:
    """The guild's leagues (or, with `kind`, its tournaments) by name."""
    rows = conn.execute(
        "SELECT * FROM leagues WHERE guild_id = ? AND kind = ? ORDER BY lower(name), id", (guild_id, kind)
    )
    return [_league(row) for row in rows]


def update(
    conn: Connection, league: League, *, settings: LeagueSettings, announce_channel_id: int | None
) -> None:
    conn.execute(
        "UPDATE leagues SET settings = ?, announce_channel_id = ? WHERE guild_id = ? AND id = ?",
        (settings.model_dump_json(), announce_channel_id, league.guild_id, league.id),
    )


def set_language(conn: Connection, league: League, language: str) -> None:
    conn.execute(
        "UPDATE leagues SET language = ? WHERE guild_id = ? AND id = ?",
        (language, league.guild_id, league.id),
    )
