"""Per-guild bot settings (who the commissioners are)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from bot.clock import unix
from bot.store.connection import Connection


@dataclass(frozen=True)
class GuildSettings:
    guild_id: int
    commissioner_role_id: int | None = None
    organiser_role_id: int | None = None  # members with it organise tournaments (besides commissioners)


def get(conn: Connection, guild_id: int) -> GuildSettings:
    row = conn.execute(
        "SELECT commissioner_role_id, organiser_role_id FROM guild_settings WHERE guild_id = ?", (guild_id,)
    ).fetchone()
    if row is None:
        return GuildSettings(guild_id=guild_id)
    return GuildSettings(
        guild_id=guild_id,
        commissioner_role_id=row["commissioner_role_id"],
        organiser_role_id=row["organiser_role_id"],
    )


def set_commissioner_role(
    conn: Connection, guild_id: int, role_id: int | None, *, actor_id: int, now: datetime
) -> None:
    conn.execute(
        "INSERT INTO guild_settings (guild_id, commissioner_role_id, updated_by, updated_at)"
        " VALUES (?, ?, ?, ?) ON CONFLICT (guild_id) DO UPDATE SET"
        " commissioner_role_id = excluded.commissioner_role_id, updated_by = excluded.updated_by,"
        " updated_at = excluded.updated_at",
        (guild_id, role_id, actor_id, unix(now)),
    )


def set_organiser_role(
    conn: Connection, guild_id: int, role_id: int | None, *, actor_id: int, now: datetime
) -> None:
    conn.execute(
        "INSERT INTO guild_settings (guild_id, organiser_role_id, updated_by, updated_at)"
        " VALUES (?, ?, ?, ?) ON CONFLICT (guild_id) DO UPDATE SET"
        " organiser_role_id = excluded.organiser_role_id, updated_by = excluded.updated_by,"
        " updated_at = excluded.updated_at",
        (guild_id, role_id, actor_id, unix(now)),
    )
