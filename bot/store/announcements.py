"""Announcements written in the transaction that caused them and posted after it commits (an outbox):
nothing is announced that did not happen, and nothing that happened goes unannounced across a restart."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Literal

from bot.clock import unix
from bot.store.connection import Connection
from bot.store.leagues import League


@dataclass(frozen=True)
class Announcement:
    id: int
    guild_id: int
    league_id: int
    title: str
    lines: tuple[str, ...]
    mentions: tuple[int, ...]
    dm_user_id: int | None = None  # set: sent to this user alone, by direct message
    picture: str | None = None  # what to draw and attach: 'bracket:<season number>', 'standings:<...>'


PictureKind = Literal["bracket", "standings"]


def picture_spec(kind: PictureKind, season_number: int) -> str:
    """An announcement's picture: the play-off bracket or the standings of a season of its league."""
    return f"{kind}:{season_number}"


def parse_picture(spec: str) -> tuple[PictureKind, int] | None:
    """The picture a spec names, or None for one this version does not draw."""
    kind, _, number = spec.partition(":")
    if not number.isdigit():
        return None
    if kind == "bracket":
        return "bracket", int(number)
    if kind == "standings":
        return "standings", int(number)
    return None


def add(
    conn: Connection,
    guild_id: int,
    league_id: int,
    title: str,
    lines: Sequence[str],
    now: datetime,
    *,
    mentions: Sequence[int] = (),
    dm_user_id: int | None = None,
    picture: str | None = None,
) -> None:
    """Post `lines` in the league's channel once committed, or (`dm_user_id`) to that user alone by DM;
    with `picture`, the outbox draws that picture when it posts and attaches it."""
    conn.execute(
        "INSERT INTO announcements"
        " (guild_id, league_id, title, lines, mentions, created_at, dm_user_id, picture)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        (
            guild_id,
            league_id,
            title,
            json.dumps(list(lines)),
            json.dumps(list(mentions)),
            unix(now),
            dm_user_id,
            picture,
        ),
    )


def to_league(
    conn: Connection,
    league: League,
    title: str,
    lines: Sequence[str],
    now: datetime,
    mentions: Sequence[int] = (),
    *,
    picture: str | None = None,
) -> None:
    """`add` an announcement for the channel of a league or an event."""
    add(conn, league.guild_id, league.id, title, lines, now, mentions=mentions, picture=picture)


def unsent(conn: Connection, limit: int = 20) -> list[Announcement]:
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
            r["picture"],
        )
        for r in rows
    ]


def claim(conn: Connection, announcement_id: int, now: datetime, lease_seconds: int) -> bool:
    """Take an unsent announcement to post it: False when it is sent, or another process holds it (a claim
    older than the lease is a process that died while posting: it is taken over)."""
    cursor = conn.execute(
        "UPDATE announcements SET claimed_at = ? WHERE id = ? AND sent_at IS NULL"
        " AND (claimed_at IS NULL OR claimed_at <= ?)",
        (unix(now), announcement_id, unix(now) - lease_seconds),
    )
    return cursor.rowcount == 1


def mark_sent(conn: Connection, announcement_id: int, now: datetime) -> bool:
    cursor = conn.execute(
        "UPDATE announcements SET sent_at = ? WHERE id = ? AND sent_at IS NULL", (unix(now), announcement_id)
    )
    return cursor.rowcount == 1
