"""Announcements written in the transaction that caused them and posted after it commits (an outbox):
nothing is announced that did not happen, and nothing that happened goes unannounced across a restart."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from bot.clock import unix


@dataclass(frozen=True)
class Announcement:
    id: int
    guild_id: int
    league_id: int
    title: str
    lines: tuple[str, ...]
    mentions: tuple[int, ...]
    dm_user_id: int | None = None  # set: sent to this user alone, by direct message


def add(
    conn: sqlite3.Connection,
    *,
    guild_id: int,
    league_id: int,
    title: str,
    lines: Sequence[str],
    now: datetime,
    mentions: Sequence[int] = (),
    dm_user_id: int | None = None,
) -> None:
    """Post `lines` in the league's channel once committed, or (`dm_user_id`) to that user alone by DM."""
    conn.execute(
        "INSERT INTO announcements (guild_id, league_id, title, lines, mentions, created_at, dm_user_id)"
        " VALUES (?, ?, ?, ?, ?, ?, ?)",
        (
            guild_id,
            league_id,
            title,
            json.dumps(list(lines)),
            json.dumps(list(mentions)),
            unix(now),
            dm_user_id,
        ),
    )


def unsent(conn: sqlite3.Connection, limit: int = 20) -> list[Announcement]:
    rows = conn.execute(
        "SELECT * FROM announcements WHERE sent_at IS NULL ORDER BY id LIMIT ?", (limit,)
    ).fetchall()
    return [
        Announcement(
            r["id"],
            r["guild_id"],
            r["league_id"],
            r["title"],
            tuple(json.loads(r["lines"])),
            tuple(int(m) for m in json.loads(r["mentions"])),
            r["dm_user_id"],
        )
        for r in rows
    ]


def mark_sent(conn: sqlite3.Connection, announcement_id: int, now: datetime) -> bool:
    cursor = conn.execute(
        "UPDATE announcements SET sent_at = ? WHERE id = ? AND sent_at IS NULL", (unix(now), announcement_id)
    )
    return cursor.rowcount == 1
