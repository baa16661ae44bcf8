"""The audit log: who changed what, when, and the reason they gave."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from bot.clock import from_unix, unix
from bot.store.connection import Connection
from bot.store.leagues import League
from bot.store.rows import from_row
from bot.store.seasons import Fixture


@dataclass(frozen=True)
class AuditEntry:
    id: int
    guild_id: int
    league_id: int | None
    actor_id: int
    action: str
    detail: dict[str, Any]
    reason: str | None
    created_at: datetime


def record(
    conn: Connection,
    guild_id: int,
    actor_id: int,
    action: str,
    now: datetime,
    *,
    detail: dict[str, Any] | None = None,
    reason: str | None = None,
    league_id: int | None = None,
) -> None:
    """Add one row to the audit log (PostgreSQL sends it with the unit's next read: nothing waits for it)."""
    conn.execute(
        "INSERT INTO audit_log (guild_id, league_id, actor_id, action, detail, reason, created_at)"
        " VALUES (?, ?, ?, ?, ?, ?, ?)",
        (guild_id, league_id, actor_id, action, json.dumps(detail or {}, sort_keys=True), reason, unix(now)),
    )


def recorded(conn: Connection, guild_id: int, action: str, detail: dict[str, Any]) -> bool:
    """Whether the log already holds this action with exactly this detail."""
    row = conn.execute(
        "SELECT 1 FROM audit_log WHERE guild_id = ? AND action = ? AND detail = ? LIMIT 1",
        (guild_id, action, json.dumps(detail, sort_keys=True)),
    ).fetchone()
    return row is not None


def record_in(
    conn: Connection,
    where: League | Fixture,
    actor_id: int,
    action: str,
    now: datetime,
    detail: dict[str, Any] | None = None,
    *,
    reason: str | None = None,
) -> None:
    """`record` an action taken in a league or an event, or on one of its fixtures: the guild and the league
    are the row's."""
    league_id = where.league_id if isinstance(where, Fixture) else where.id
    record(conn, where.guild_id, actor_id, action, now, detail=detail, reason=reason, league_id=league_id)


def recent(
    conn: Connection, guild_id: int, *, league_id: int | None = None, limit: int = 50
) -> list[AuditEntry]:
    if league_id is None:
        rows = conn.execute(
            "SELECT * FROM audit_log WHERE guild_id = ? ORDER BY id DESC LIMIT ?", (guild_id, limit)
        ).fetchall()
    else:
        rows = conn.execute(
            "SELECT * FROM audit_log WHERE guild_id = ? AND league_id = ? ORDER BY id DESC LIMIT ?",
            (guild_id, league_id, limit),
        ).fetchall()
    return [
        from_row(AuditEntry, r, detail=json.loads(r["detail"]), created_at=from_unix(r["created_at"]))
        for r in rows
    ]
