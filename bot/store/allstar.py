"""All-Star games between two coaches of a server: the challenge, the draft's state, the rosters."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from bot.clock import unix
from bot.store.connection import Connection, Row
from bot.store.rows import from_row


@dataclass(frozen=True)
class AllStarRow:
    id: int
    guild_id: int
    channel_id: int
    coach_a: int
    coach_b: int
    method: str
    status: str
    excluded: tuple[str, ...]
    pair_choice: dict[str, str]
    state: dict[str, Any]


def _row(row: Row) -> AllStarRow:
    return from_row(
        AllStarRow,
        row,
        ("excluded",),
        pair_choice=json.loads(row["pair_choice"]),
        state=json.loads(row["state"]),
    )


def insert(
    conn: Connection,
    *,
    guild_id: int,
    channel_id: int,
    coach_a: int,
    coach_b: int,
    method: str,
    excluded: list[str],
    pair_choice: dict[str, str],
    now: datetime,
) -> AllStarRow:
    cursor = conn.execute(
        "INSERT INTO allstar_games (guild_id, channel_id, coach_a, coach_b, method, excluded, pair_choice,"
        " created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (
            guild_id,
            channel_id,
            coach_a,
            coach_b,
            method,
            json.dumps(excluded),
            json.dumps(pair_choice),
            unix(now),
            unix(now),
        ),
    )
    found = get(conn, guild_id, int(cursor.lastrowid or 0))
    assert found is not None
    return found


def get(conn: Connection, guild_id: int, game_id: int) -> AllStarRow | None:
    row = conn.execute(
        "SELECT * FROM allstar_games WHERE guild_id = ? AND id = ?", (guild_id, game_id)
    ).fetchone()
    return None if row is None else _row(row)


def open_for(conn: Connection, guild_id: int, coach: int) -> AllStarRow | None:
    """The coach's proposed or running All-Star game, if any."""
    row = conn.execute(
        "SELECT * FROM allstar_games WHERE guild_id = ? AND (coach_a = ? OR coach_b = ?)"
        " AND status IN ('proposed', 'drafting') ORDER BY id DESC LIMIT 1",
        (guild_id, coach, coach),
    ).fetchone()
    return None if row is None else _row(row)


def proposed_to(conn: Connection, guild_id: int, coach: int) -> AllStarRow | None:
    row = conn.execute(
        "SELECT * FROM allstar_games WHERE guild_id = ? AND coach_b = ? AND status = 'proposed'"
        " ORDER BY id DESC LIMIT 1",
        (guild_id, coach),
    ).fetchone()
    return None if row is None else _row(row)


def latest_for(conn: Connection, guild_id: int, coach: int) -> AllStarRow | None:
    row = conn.execute(
        "SELECT * FROM allstar_games WHERE guild_id = ? AND (coach_a = ? OR coach_b = ?) ORDER BY id DESC LIMIT 1",
        (guild_id, coach, coach),
    ).fetchone()
    return None if row is None else _row(row)


def update(
    conn: Connection,
    guild_id: int,
    game_id: int,
    *,
    status: str,
    now: datetime,
    state: dict[str, Any] | None = None,
    excluded: list[str] | None = None,
    pair_choice: dict[str, str] | None = None,
) -> None:
    current = get(conn, guild_id, game_id)
    assert current is not None
    conn.execute(
        "UPDATE allstar_games SET status = ?, state = ?, excluded = ?, pair_choice = ?, updated_at = ?"
        " WHERE guild_id = ? AND id = ?",
        (
            status,
            json.dumps(state if state is not None else current.state),
            json.dumps(excluded if excluded is not None else list(current.excluded)),
            json.dumps(pair_choice if pair_choice is not None else current.pair_choice),
            unix(now),
            guild_id,
            game_id,
        ),
    )
