"""Long-term star contracts (seed 004): the season's signing draft and the contracts signed in it."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime

from bot.clock import from_unix, unix
from bot.rules.roster.stars import StarUnit
from bot.store.connection import Connection, Row
from bot.store.deadlines import Due
from bot.store.rows import from_row, readable
from bot.store.seasons import Season
from bot.store.teams import TeamRow


@dataclass(frozen=True)
class SigningDraft:
    id: int
    guild_id: int
    league_id: int
    season_id: int
    order: tuple[int, ...]  # team ids still to sign, the one on the clock first
    status: str
    pick_deadline_at: datetime | None
    reminded: bool
    log: tuple[str, ...]


def _draft(row: Row) -> SigningDraft:
    return from_row(
        SigningDraft,
        row,
        ("log",),
        order=tuple(json.loads(row["team_order"])),
        pick_deadline_at=from_unix(row["pick_deadline_at"]) if row["pick_deadline_at"] is not None else None,
        reminded=bool(row["reminded"]),
    )


def insert_draft(
    conn: Connection,
    guild_id: int,
    season: Season,
    *,
    order: list[int],
    deadline: datetime,
    log: list[str],
    now: datetime,
) -> None:
    """The season's signing draft: the teams in signing `order`, the first on the clock until `deadline`."""
    conn.execute(
        "INSERT INTO signing_drafts (guild_id, league_id, season_id, team_order, pick_deadline_at, log, created_at)"
        " VALUES (?, ?, ?, ?, ?, ?, ?)",
        (
            guild_id,
            season.league_id,
            season.id,
            json.dumps(order),
            unix(deadline),
            json.dumps(log),
            unix(now),
        ),
    )


def draft_for_season(conn: Connection, guild_id: int, season_id: int) -> SigningDraft | None:
    row = conn.execute(
        "SELECT * FROM signing_drafts WHERE guild_id = ? AND season_id = ?", (guild_id, season_id)
    ).fetchone()
    return None if row is None else _draft(row)


def draft_by_id(conn: Connection, guild_id: int, draft_id: int) -> SigningDraft | None:
    row = conn.execute(
        "SELECT * FROM signing_drafts WHERE guild_id = ? AND id = ?", (guild_id, draft_id)
    ).fetchone()
    return None if row is None else _draft(row)


def save_draft(
    conn: Connection,
    draft: SigningDraft,
    *,
    order: list[int],
    deadline: datetime | None,
    log: list[str],
    reminded: bool = False,
) -> None:
    conn.execute(
        "UPDATE signing_drafts SET team_order = ?, status = ?, pick_deadline_at = ?, reminded = ?, log = ?"
        " WHERE guild_id = ? AND id = ?",
        (
            json.dumps(order),
            "open" if order else "done",
            unix(deadline) if deadline is not None and order else None,
            int(reminded),
            json.dumps(log),
            draft.guild_id,
            draft.id,
        ),
    )


def _claim(conn: Connection, draft: SigningDraft, change: str, condition: str, value: int) -> bool:
    """Make `change` to an open draft where `condition` holds (with `value`): True for the one caller that
    made it, however often it is attempted."""
    cursor = conn.execute(
        f"UPDATE signing_drafts SET {change} WHERE guild_id = ? AND id = ? AND status = 'open' AND {condition}",  # noqa: S608
        (draft.guild_id, draft.id, value),
    )
    return cursor.rowcount == 1


def claim_timeout(conn: Connection, draft: SigningDraft, now: datetime) -> bool:
    """Claim the time-out of the pick now due (once, however often it is attempted)."""
    due = "pick_deadline_at IS NOT NULL AND pick_deadline_at <= ?"
    return _claim(conn, draft, "pick_deadline_at = NULL", due, unix(now))


def claim_reminder(conn: Connection, draft: SigningDraft, deadline: datetime) -> bool:
    """Claim the reminder of the pick whose deadline is `deadline` (a new pick gets a new reminder)."""
    return _claim(conn, draft, "reminded = 1", "reminded = 0 AND pick_deadline_at = ?", unix(deadline))


def due_signings(conn: Connection) -> list[Due]:
    """Every open signing draft's pick deadline, and a reminder half the pick time before it (once)."""
    rows = conn.execute(
        "SELECT d.id, d.guild_id, d.pick_deadline_at, d.reminded,"
        " COALESCE(CAST(json_extract(l.settings, '$.signing_pick_hours') AS BIGINT), 24) AS hours"
        " FROM signing_drafts d JOIN leagues l ON l.id = d.league_id"
        " WHERE d.status = 'open' AND d.pick_deadline_at IS NOT NULL"
    ).fetchall()
    due = []
    for row in rows:
        deadline = readable(int(row["pick_deadline_at"]))
        if deadline is None:
            continue  # a bad row: the watch skips it (deadlines.unreadable names it)
        due.append(Due("signing", row["guild_id"], row["id"], deadline))
        reminder = readable(int(row["pick_deadline_at"]) - int(row["hours"]) * 1800)
        if not row["reminded"] and reminder is not None:
            due.append(Due("signing_reminder", row["guild_id"], row["id"], reminder))
    return due


@dataclass(frozen=True)
class Contract:
    id: int
    season_id: int
    team_id: int
    star: str
    members: tuple[str, ...]
    cost: int
    familiar_face: bool
    how: str
    status: str


def _contract(row: Row) -> Contract:
    return from_row(Contract, row, ("members",), familiar_face=bool(row["familiar_face"]))


def insert_contract(
    conn: Connection,
    team: TeamRow,
    season: Season,
    unit: StarUnit,
    *,
    familiar_face: bool,
    how: str,
    actor_id: int,
    now: datetime,
) -> int:
    """The team's contract with a star (or a pair, `unit`) for the season."""
    cursor = conn.execute(
        "INSERT INTO star_contracts (guild_id, league_id, season_id, team_id, star, members, cost, familiar_face,"
        " how, actor_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (
            team.guild_id,
            team.league_id,
            season.id,
            team.id,
            unit.name,
            json.dumps(list(unit.members)),
            unit.cost,
            int(familiar_face),
            how,
            actor_id,
            unix(now),
        ),
    )
    return int(cursor.lastrowid or 0)


def contracts_of_season(conn: Connection, guild_id: int, season_id: int) -> list[Contract]:
    rows = conn.execute(
        "SELECT * FROM star_contracts WHERE guild_id = ? AND season_id = ? ORDER BY id", (guild_id, season_id)
    )
    return [_contract(r) for r in rows]


def link_player(conn: Connection, guild_id: int, player_id: int, contract_id: int) -> None:
    conn.execute(
        "UPDATE players SET star_contract = ? WHERE guild_id = ? AND id = ?",
        (contract_id, guild_id, player_id),
    )


def expire(conn: Connection, guild_id: int, season_id: int) -> list[tuple[int, int]]:
    """The season is over: every contract of it expires. Returns the star players (player id, team id):
    they leave."""
    conn.execute(
        "UPDATE star_contracts SET status = 'expired' WHERE guild_id = ? AND season_id = ? AND status = 'active'",
        (guild_id, season_id),
    )
    rows = conn.execute(
        "SELECT p.id, p.team_id FROM players p JOIN star_contracts c ON c.id = p.star_contract"
        " WHERE p.guild_id = ? AND c.season_id = ? AND p.status = 'active'",
        (guild_id, season_id),
    )
    return [(int(r[0]), int(r[1])) for r in rows]


def familiar_players(conn: Connection, guild_id: int, team_id: int) -> set[int]:
    """The team's star players who are Familiar Faces this season (they play without Loner)."""
    rows = conn.execute(
        "SELECT p.id FROM players p JOIN star_contracts c ON c.id = p.star_contract"
        " WHERE p.guild_id = ? AND p.team_id = ? AND c.familiar_face = 1",
        (guild_id, team_id),
    )
    return {int(r[0]) for r in rows}
