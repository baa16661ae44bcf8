"""Traits players gain in league play (Hatred (keyword) from Getting Even), and lose in the off-season."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from typing import Literal

from bot.clock import unix
from bot.store.connection import Connection, Row
from bot.store.rows import from_row

TraitStatus = Literal["pending", "gained", "lost", "reverted"]


@dataclass(frozen=True)
class GainedTrait:
    id: int
    team_id: int
    player_id: int
    fixture_id: int | None
    trait: str
    parameter: str | None  # None while the coach has still to choose
    options: tuple[str, ...]
    status: TraitStatus

    @property
    def label(self) -> str:
        return f"{self.trait} ({self.parameter or '?'})"


def _trait(row: Row) -> GainedTrait:
    return from_row(GainedTrait, row, ("options",))


def add_pending(
    conn: Connection,
    *,
    guild_id: int,
    team_id: int,
    player_id: int,
    fixture_id: int,
    trait: str,
    options: list[str],
    now: datetime,
) -> None:
    conn.execute(
        "INSERT INTO player_traits (guild_id, team_id, player_id, fixture_id, trait, options, created_at)"
        " VALUES (?, ?, ?, ?, ?, ?, ?)",
        (guild_id, team_id, player_id, fixture_id, trait, json.dumps(options), unix(now)),
    )


def of_team(
    conn: Connection,
    guild_id: int,
    team_id: int,
    statuses: tuple[TraitStatus, ...] = ("pending", "gained"),
) -> list[GainedTrait]:
    rows = conn.execute(  # only players still on the team: a grudge leaves with its player
        "SELECT t.* FROM player_traits t JOIN players p ON p.id = t.player_id AND p.status = 'active'"
        " WHERE t.guild_id = ? AND t.team_id = ? ORDER BY t.id",
        (guild_id, team_id),
    ).fetchall()
    return [t for t in (_trait(r) for r in rows) if t.status in statuses]


def choose(conn: Connection, guild_id: int, trait_id: int, parameter: str, now: datetime) -> bool:
    cursor = conn.execute(
        "UPDATE player_traits SET parameter = ?, status = 'gained', changed_at = ? WHERE guild_id = ? AND id = ?"
        " AND status = 'pending'",
        (parameter, unix(now), guild_id, trait_id),
    )
    return cursor.rowcount == 1


def set_status(conn: Connection, guild_id: int, trait_id: int, status: TraitStatus, now: datetime) -> None:
    conn.execute(
        "UPDATE player_traits SET status = ?, changed_at = ? WHERE guild_id = ? AND id = ?",
        (status, unix(now), guild_id, trait_id),
    )


def revert_fixture(conn: Connection, guild_id: int, fixture_id: int, team_id: int, now: datetime) -> int:
    """A reverted post-game takes back the traits its Getting Even rolls gave."""
    cursor = conn.execute(
        "UPDATE player_traits SET status = 'reverted', changed_at = ? WHERE guild_id = ? AND fixture_id = ?"
        " AND team_id = ? AND status IN ('pending', 'gained')",
        (unix(now), guild_id, fixture_id, team_id),
    )
    return cursor.rowcount
