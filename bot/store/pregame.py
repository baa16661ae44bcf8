"""A fixture's pre-game steps (migration 0025): what each rolled step decided, and what a commissioner
recorded by hand. A step is written once; a second roll of it finds the first."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from bot.clock import unix
from bot.store.connection import Connection, Row


@dataclass(frozen=True)
class PregameStepRow:
    fixture_id: int
    step: str
    result: dict[str, Any]
    recorded: bool  # typed by a commissioner rather than rolled by the bot
    actor_id: int
    created_at: int


def _row(row: Row) -> PregameStepRow:
    return PregameStepRow(
        row["fixture_id"],
        row["step"],
        json.loads(row["result"]),
        bool(row["recorded"]),
        row["actor_id"],
        row["created_at"],
    )


def steps(conn: Connection, guild_id: int, fixture_id: int) -> dict[str, PregameStepRow]:
    """Every step written for the fixture, by step id, in the order written."""
    rows = conn.execute(
        "SELECT * FROM fixture_pregame WHERE guild_id = ? AND fixture_id = ? ORDER BY id",
        (guild_id, fixture_id),
    ).fetchall()
    return {row["step"]: _row(row) for row in rows}


def step(conn: Connection, guild_id: int, fixture_id: int, step_id: str) -> PregameStepRow | None:
    row = conn.execute(
        "SELECT * FROM fixture_pregame WHERE guild_id = ? AND fixture_id = ? AND step = ?",
        (guild_id, fixture_id, step_id),
    ).fetchone()
    return _row(row) if row is not None else None


def write(
    conn: Connection,
    guild_id: int,
    fixture_id: int,
    step_id: str,
    result: dict[str, Any],
    *,
    actor_id: int,
    now: datetime,
    recorded: bool = False,
) -> bool:
    """Write a step once: False (and nothing changed) when the fixture has it already. A recorded step
    replaces an earlier recording of the same step (a commissioner's correction)."""
    if recorded:
        cursor = conn.execute(
            "INSERT INTO fixture_pregame (guild_id, fixture_id, step, result, recorded, actor_id, created_at)"
            " VALUES (?, ?, ?, ?, 1, ?, ?) ON CONFLICT (fixture_id, step) DO UPDATE SET result = excluded.result,"
            " actor_id = excluded.actor_id, created_at = excluded.created_at WHERE fixture_pregame.recorded = 1",
            (guild_id, fixture_id, step_id, json.dumps(result, sort_keys=True), actor_id, unix(now)),
        )
    else:
        cursor = conn.execute(
            "INSERT INTO fixture_pregame (guild_id, fixture_id, step, result, recorded, actor_id, created_at)"
            " VALUES (?, ?, ?, ?, 0, ?, ?) ON CONFLICT (fixture_id, step) DO NOTHING",
            (guild_id, fixture_id, step_id, json.dumps(result, sort_keys=True), actor_id, unix(now)),
        )
    return cursor.rowcount == 1
