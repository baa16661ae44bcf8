"""Coaches' names (per server): the display name a coach had when he last created a team, registered for an
event, or reported or confirmed a result. The web view shows it beside his team; the bot itself knows a coach
by his Discord id."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime

from bot.clock import unix
from bot.store.connection import Connection

MAX_NAME = 100  # a Discord display name is at most 32 characters; a longer one is cut


def remember(conn: Connection, guild_id: int, user_id: int, name: str | None, now: datetime) -> None:
    """Keep (or update) the coach's name; no name, or a blank one, changes nothing."""
    name = " ".join((name or "").split())[:MAX_NAME]
    if not name:
        return
    conn.execute(
        "INSERT INTO coach_names (guild_id, user_id, name, updated_at) VALUES (?, ?, ?, ?)"
        " ON CONFLICT (guild_id, user_id) DO UPDATE SET name = excluded.name, updated_at = excluded.updated_at",
        (guild_id, user_id, name, unix(now)),
    )


def names(conn: Connection, guild_id: int, user_ids: Iterable[int]) -> dict[int, str]:
    """The kept names of these coaches (a coach with none is absent)."""
    wanted = sorted(set(user_ids))
    if not wanted:
        return {}
    marks = ", ".join("?" for _ in wanted)
    rows = conn.execute(
        f"SELECT user_id, name FROM coach_names WHERE guild_id = ? AND user_id IN ({marks})",  # noqa: S608
        (guild_id, *wanted),
    )
    return {int(row["user_id"]): str(row["name"]) for row in rows}
