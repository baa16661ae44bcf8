"""Secret Objectives (seed 000): the results each coach rolled for a tournament game."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from bot.clock import unix
from bot.store.connection import Connection, Row


@dataclass(frozen=True)
class ObjectiveRow:
    fixture_id: int
    team_id: int
    results: tuple[int, ...]


def add(
    conn: Connection,
    guild_id: int,
    league_id: int,
    fixture_id: int,
    team_id: int,
    results: Sequence[int],
    now: datetime,
) -> bool:
    """Store one coach's objectives for a game; False when that game already has his (kept as rolled)."""
    cursor = conn.execute(
        "INSERT INTO tournament_objectives (guild_id, league_id, fixture_id, team_id, results,"
        " rolled_at) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
        (guild_id, league_id, fixture_id, team_id, json.dumps(list(results)), unix(now)),
    )
    return cursor.rowcount == 1


def _row(r: Row) -> ObjectiveRow:
    return ObjectiveRow(r["fixture_id"], r["team_id"], tuple(int(x) for x in json.loads(r["results"])))


def of_fixture(conn: Connection, guild_id: int, fixture_id: int) -> list[ObjectiveRow]:
    rows = conn.execute(
        "SELECT fixture_id, team_id, results FROM tournament_objectives WHERE guild_id = ? AND fixture_id = ?"
        " ORDER BY id",
        (guild_id, fixture_id),
    ).fetchall()
    return [_row(r) for r in rows]


def of_team(conn: Connection, guild_id: int, team_id: int) -> list[ObjectiveRow]:
    """A team's objectives, game by game, in the order rolled."""
    rows = conn.execute(
        "SELECT fixture_id, team_id, results FROM tournament_objectives WHERE guild_id = ? AND team_id = ?"
        " ORDER BY id",
        (guild_id, team_id),
    ).fetchall()
    return [_row(r) for r in rows]


def of_event(conn: Connection, guild_id: int, league_id: int) -> list[ObjectiveRow]:
    rows = conn.execute(
        "SELECT fixture_id, team_id, results FROM tournament_objectives WHERE guild_id = ? AND league_id = ?"
        " ORDER BY id",
        (guild_id, league_id),
    ).fetchall()
    return [_row(r) for r in rows]


def move(conn: Connection, guild_id: int, team_id: int, from_fixture: int, to_fixture: int | None) -> None:
    """The organiser swapped a coach to another table: his objectives go with him (to a Bye: none)."""
    if to_fixture is None:
        conn.execute(
            "DELETE FROM tournament_objectives WHERE guild_id = ? AND team_id = ? AND fixture_id = ?",
            (guild_id, team_id, from_fixture),
        )
        return
    conn.execute(
        "UPDATE tournament_objectives SET fixture_id = ? WHERE guild_id = ? AND team_id = ? AND fixture_id = ?",
        (to_fixture, guild_id, team_id, from_fixture),
    )
