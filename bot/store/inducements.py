"""Inducement phases and purchases of fixtures."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Literal

from bot.clock import unix
from bot.store.connection import Connection

Stage = Literal["favourite", "underdog", "closed"]


@dataclass(frozen=True)
class Phase:
    fixture_id: int
    home_ctv: int
    away_ctv: int
    favourite: Literal["home", "away"] | None
    stage: Stage
    favourite_spent: int


@dataclass(frozen=True)
class Purchase:
    team_id: int
    inducement: str
    star: str | None
    count: int
    cost: int
    from_petty: int
    from_treasury: int


def phase(conn: Connection, guild_id: int, fixture_id: int) -> Phase | None:
    row = conn.execute(
        "SELECT * FROM inducement_phases WHERE guild_id = ? AND fixture_id = ?", (guild_id, fixture_id)
    ).fetchone()
    if row is None:
        return None
    return Phase(
        row["fixture_id"],
        row["home_ctv"],
        row["away_ctv"],
        row["favourite"],
        row["stage"],
        row["favourite_spent"],
    )


def open_phase(
    conn: Connection,
    guild_id: int,
    fixture_id: int,
    *,
    home_ctv: int,
    away_ctv: int,
    favourite: Literal["home", "away"] | None,
    stage: Stage,
    now: datetime,
) -> None:
    """A fixture's inducement phase as the rules opened it (rules.match.inducements.opening)."""
    conn.execute(
        "INSERT INTO inducement_phases (fixture_id, guild_id, home_ctv, away_ctv, favourite, stage, created_at)"
        " VALUES (?, ?, ?, ?, ?, ?, ?)",
        (
            fixture_id,
            guild_id,
            home_ctv,
            away_ctv,
            favourite,
            stage,
            unix(now),
        ),
    )


def set_stage(conn: Connection, guild_id: int, fixture_id: int, stage: Stage, *, expected: Stage) -> bool:
    cursor = conn.execute(
        "UPDATE inducement_phases SET stage = ? WHERE guild_id = ? AND fixture_id = ? AND stage = ?",
        (stage, guild_id, fixture_id, expected),
    )
    return cursor.rowcount == 1


def add_favourite_spent(conn: Connection, guild_id: int, fixture_id: int, amount: int) -> None:
    conn.execute(
        "UPDATE inducement_phases SET favourite_spent = favourite_spent + ? WHERE guild_id = ? AND fixture_id = ?",
        (amount, guild_id, fixture_id),
    )


def purchases(conn: Connection, guild_id: int, fixture_id: int) -> list[Purchase]:
    rows = conn.execute(
        "SELECT * FROM fixture_inducements WHERE guild_id = ? AND fixture_id = ? ORDER BY id",
        (guild_id, fixture_id),
    )
    return [
        Purchase(
            r["team_id"],
            r["inducement"],
            r["star"],
            r["count"],
            r["cost"],
            r["from_petty"],
            r["from_treasury"],
        )
        for r in rows
    ]


def buy(
    conn: Connection,
    guild_id: int,
    fixture_id: int,
    team_id: int,
    *,
    inducement: str,
    star: str | None,
    count: int,
    cost: int,
    from_petty: int,
    from_treasury: int,
    actor_id: int,
    now: datetime,
) -> None:
    conn.execute(
        "INSERT INTO fixture_inducements (guild_id, fixture_id, team_id, inducement, star, count, cost, from_petty,"
        " from_treasury, actor_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (
            guild_id,
            fixture_id,
            team_id,
            inducement,
            star,
            count,
            cost,
            from_petty,
            from_treasury,
            actor_id,
            unix(now),
        ),
    )
