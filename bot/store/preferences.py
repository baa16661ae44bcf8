"""Coaches' preferences (per server)."""

from __future__ import annotations

from datetime import datetime

from bot.clock import unix
from bot.store.connection import Connection


def set_dm_reminders(conn: Connection, guild_id: int, user_id: int, on: bool, now: datetime) -> None:
    conn.execute(
        "INSERT INTO coach_preferences (guild_id, user_id, dm_reminders, updated_at) VALUES (?, ?, ?, ?)"
        " ON CONFLICT (guild_id, user_id) DO UPDATE SET dm_reminders = excluded.dm_reminders, updated_at = excluded.updated_at",
        (guild_id, user_id, int(on), unix(now)),
    )


def dm_reminders(conn: Connection, guild_id: int, user_id: int) -> bool:
    row = conn.execute(
        "SELECT dm_reminders FROM coach_preferences WHERE guild_id = ? AND user_id = ?", (guild_id, user_id)
    ).fetchone()
    return bool(row and row["dm_reminders"])


def wanting_dm(conn: Connection, guild_id: int, user_ids: list[int]) -> set[int]:
    if not user_ids:
        return set()
    marks = ", ".join("?" for _ in user_ids)
    rows = conn.execute(
        f"SELECT user_id FROM coach_preferences WHERE guild_id = ? AND dm_reminders = 1 AND user_id IN ({marks})",  # noqa: S608
        (guild_id, *user_ids),
    )
    return {int(row["user_id"]) for row in rows}
