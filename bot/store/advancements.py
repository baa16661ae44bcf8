"""Advancements taken by players, and rolled advancements waiting for the coach's choice."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Literal

from bot.clock import unix
from bot.store.connection import Connection, Row
from bot.store.postgame import CHANGE_COLUMNS
from bot.store.rows import from_row
from bot.store.teams import TeamRow

Characteristic = Literal["ma", "st", "ag", "pa", "av"]  # the CHECK of player_advancements.characteristic


@dataclass(frozen=True)
class Advancement:
    kind: str
    skill: str | None
    characteristic: Characteristic | None
    spp_cost: int
    value_increase: int


@dataclass(frozen=True)
class PendingAdvancement:
    id: int
    team_id: int
    player_id: int
    fixture_id: int | None
    kind: str
    category: str | None
    spp_cost: int
    options: tuple[str, ...]
    forced: bool
    rolls: tuple[str, ...]


def taken(conn: Connection, guild_id: int, player_id: int) -> list[Advancement]:
    rows = conn.execute(
        "SELECT kind, skill, characteristic, spp_cost, value_increase FROM player_advancements"
        " WHERE guild_id = ? AND player_id = ? ORDER BY id",
        (guild_id, player_id),
    )
    return [
        Advancement(r["kind"], r["skill"], r["characteristic"], r["spp_cost"], r["value_increase"])
        for r in rows
    ]


def for_team(conn: Connection, guild_id: int, team_id: int) -> dict[int, list[Advancement]]:
    rows = conn.execute(
        "SELECT player_id, kind, skill, characteristic, spp_cost, value_increase FROM player_advancements"
        " WHERE guild_id = ? AND team_id = ? ORDER BY id",
        (guild_id, team_id),
    )
    found: dict[int, list[Advancement]] = {}
    for r in rows:
        found.setdefault(r["player_id"], []).append(
            Advancement(r["kind"], r["skill"], r["characteristic"], r["spp_cost"], r["value_increase"])
        )
    return found


def spend(
    conn: Connection,
    team: TeamRow,
    player_id: int,
    amount: int,
    *,
    fixture_id: int | None,
    actor_id: int,
    now: datetime,
    detail: dict[str, Any],
) -> None:
    """Spend SPP and count one more advancement (recorded as a negative SPP change)."""
    conn.execute(
        "UPDATE players SET spp = spp - ?, advancements = advancements + 1"
        " WHERE guild_id = ? AND team_id = ? AND id = ?",
        (amount, team.guild_id, team.id, player_id),
    )
    conn.execute(
        "INSERT INTO player_changes (guild_id, team_id, player_id, fixture_id, kind, spp_delta, detail,"
        " actor_id, created_at) VALUES (?, ?, ?, ?, 'advancement', ?, ?, ?, ?)",
        (team.guild_id, team.id, player_id, fixture_id, -amount, json.dumps(detail), actor_id, unix(now)),
    )


def record(
    conn: Connection,
    team: TeamRow,
    player_id: int,
    *,
    kind: str,
    skill: str | None,
    characteristic: str | None,
    step: int,
    spp_cost: int,
    value_increase: int,
    fixture_id: int | None,
    actor_id: int,
    now: datetime,
) -> None:
    """Give the player what the advancement brings: a skill or a characteristic step, and value."""
    conn.execute(
        "INSERT INTO player_advancements (guild_id, team_id, player_id, fixture_id, kind, skill, characteristic,"
        " spp_cost, value_increase, actor_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (
            team.guild_id,
            team.id,
            player_id,
            fixture_id,
            kind,
            skill,
            characteristic,
            spp_cost,
            value_increase,
            actor_id,
            unix(now),
        ),
    )
    conn.execute(
        "UPDATE players SET value_increase = value_increase + ? WHERE guild_id = ? AND id = ?",
        (value_increase, team.guild_id, player_id),
    )
    if characteristic is not None:
        column = CHANGE_COLUMNS[characteristic]
        conn.execute(
            f"UPDATE players SET {column} = {column} + ? WHERE guild_id = ? AND id = ?",  # noqa: S608
            (step, team.guild_id, player_id),
        )


def add_pending(
    conn: Connection,
    team: TeamRow,
    player_id: int,
    *,
    fixture_id: int | None,
    kind: str,
    category: str | None,
    spp_cost: int,
    options: list[str],
    forced: bool,
    rolls: list[str],
    now: datetime,
) -> int:
    cursor = conn.execute(
        "INSERT INTO pending_advancements (guild_id, team_id, player_id, fixture_id, kind, category, spp_cost,"
        " options, forced, rolls, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (
            team.guild_id,
            team.id,
            player_id,
            fixture_id,
            kind,
            category,
            spp_cost,
            json.dumps(options),
            int(forced),
            json.dumps(rolls),
            unix(now),
        ),
    )
    return int(cursor.lastrowid or 0)


def _pending(row: Row) -> PendingAdvancement:
    return from_row(PendingAdvancement, row, ("options", "rolls"), forced=bool(row["forced"]))


def pending(conn: Connection, guild_id: int, pending_id: int) -> PendingAdvancement | None:
    row = conn.execute(
        "SELECT * FROM pending_advancements WHERE guild_id = ? AND id = ? AND status = 'open'",
        (guild_id, pending_id),
    ).fetchone()
    return None if row is None else _pending(row)


def pending_for_player(conn: Connection, guild_id: int, player_id: int) -> PendingAdvancement | None:
    row = conn.execute(
        "SELECT * FROM pending_advancements WHERE guild_id = ? AND player_id = ? AND status = 'open'",
        (guild_id, player_id),
    ).fetchone()
    return None if row is None else _pending(row)


def players_with_pending(conn: Connection, guild_id: int, team_id: int) -> set[int]:
    """The team's players with a rolled advancement still to choose."""
    rows = conn.execute(
        "SELECT player_id FROM pending_advancements WHERE guild_id = ? AND team_id = ? AND status = 'open'",
        (guild_id, team_id),
    )
    return {int(row[0]) for row in rows}


def close_pending(conn: Connection, guild_id: int, pending_id: int) -> bool:
    """Mark taken; False when it already was (a double click)."""
    cursor = conn.execute(
        "UPDATE pending_advancements SET status = 'taken' WHERE guild_id = ? AND id = ? AND status = 'open'",
        (guild_id, pending_id),
    )
    return cursor.rowcount == 1
