"""What happened to a team, a player and a fixture, as the rows that record it: treasury changes, player
and team changes, a fixture's report versions, and the dice of a fixture or a league (the web view reads
these; each query is scoped by guild and by the team, player, fixture or league asked for)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from bot.clock import from_unix, unix
from bot.store.connection import Connection, Row
from bot.store.dice_log import SHOWN, SHOWN_ARGS, LoggedRoll, row_to_roll


@dataclass(frozen=True)
class TreasuryChange:
    id: int
    team_id: int
    amount: int
    balance_after: int
    cause: str
    fixture_id: int | None
    created_at: datetime


@dataclass(frozen=True)
class PlayerChange:
    id: int
    team_id: int
    player_id: int
    player_name: str
    player_number: int
    fixture_id: int | None
    kind: str
    spp_delta: int
    detail: dict[str, Any]
    created_at: datetime


@dataclass(frozen=True)
class TeamChange:
    team_id: int
    kind: str
    before: int
    after: int
    cause: str


@dataclass(frozen=True)
class ReportStep:
    """One version of a fixture's result: reported, disputed, confirmed or corrected, by whom and why."""

    version: int
    action: str
    actor_id: int
    reason: str | None
    created_at: datetime


def _treasury(row: Row) -> TreasuryChange:
    return TreasuryChange(
        row["id"],
        row["team_id"],
        row["amount"],
        row["balance_after"],
        row["cause"],
        row["fixture_id"],
        from_unix(row["created_at"]),
    )


def treasury_count(conn: Connection, guild_id: int, team_id: int) -> int:
    row = conn.execute(
        "SELECT COUNT(*) FROM treasury_changes WHERE guild_id = ? AND team_id = ?", (guild_id, team_id)
    ).fetchone()
    return int(row[0])


def treasury_page(
    conn: Connection, guild_id: int, team_id: int, *, limit: int, offset: int
) -> list[TreasuryChange]:
    """A team's treasury changes, newest first, one page of them."""
    rows = conn.execute(
        "SELECT * FROM treasury_changes WHERE guild_id = ? AND team_id = ? ORDER BY id DESC LIMIT ? OFFSET ?",
        (guild_id, team_id, limit, offset),
    )
    return [_treasury(r) for r in rows]


def treasury_of_fixture(conn: Connection, guild_id: int, fixture_id: int) -> list[TreasuryChange]:
    rows = conn.execute(
        "SELECT * FROM treasury_changes WHERE guild_id = ? AND fixture_id = ? ORDER BY id",
        (guild_id, fixture_id),
    )
    return [_treasury(r) for r in rows]


_CHANGE_SELECT = (
    "SELECT c.*, p.name AS player_name, p.number AS player_number FROM player_changes c"
    " JOIN players p ON p.id = c.player_id"
)


def _change(row: Row) -> PlayerChange:
    return PlayerChange(
        row["id"],
        row["team_id"],
        row["player_id"],
        row["player_name"],
        row["player_number"],
        row["fixture_id"],
        row["kind"],
        row["spp_delta"],
        json.loads(row["detail"]),
        from_unix(row["created_at"]),
    )


def changes_of_player(conn: Connection, guild_id: int, player_id: int) -> list[PlayerChange]:
    rows = conn.execute(
        _CHANGE_SELECT + " WHERE c.guild_id = ? AND c.player_id = ? ORDER BY c.id", (guild_id, player_id)
    )
    return [_change(r) for r in rows]


def changes_of_fixture(conn: Connection, guild_id: int, fixture_id: int) -> list[PlayerChange]:
    rows = conn.execute(
        _CHANGE_SELECT + " WHERE c.guild_id = ? AND c.fixture_id = ? ORDER BY c.id", (guild_id, fixture_id)
    )
    return [_change(r) for r in rows]


def injuries_of_team(conn: Connection, guild_id: int, team_id: int) -> list[PlayerChange]:
    """Every injury (and its reversal) of a team's players, oldest first."""
    rows = conn.execute(
        _CHANGE_SELECT + " WHERE c.guild_id = ? AND c.team_id = ? AND c.kind = 'injury' ORDER BY c.id",
        (guild_id, team_id),
    )
    return [_change(r) for r in rows]


def team_changes_of_fixture(conn: Connection, guild_id: int, fixture_id: int) -> list[TeamChange]:
    rows = conn.execute(
        "SELECT * FROM team_changes WHERE guild_id = ? AND fixture_id = ? ORDER BY id", (guild_id, fixture_id)
    )
    return [TeamChange(r["team_id"], r["kind"], r["before"], r["after"], r["cause"]) for r in rows]


def report_steps(conn: Connection, guild_id: int, fixture_id: int) -> list[ReportStep]:
    rows = conn.execute(
        "SELECT version, action, actor_id, reason, created_at FROM fixture_reports"
        " WHERE guild_id = ? AND fixture_id = ? ORDER BY id",
        (guild_id, fixture_id),
    )
    return [
        ReportStep(r["version"], r["action"], r["actor_id"], r["reason"], from_unix(r["created_at"]))
        for r in rows
    ]


def postgame_summaries(conn: Connection, guild_id: int, fixture_id: int) -> dict[int, tuple[str, ...]]:
    """Each team's post-game lines for a fixture (every roll the post-game made, in words)."""
    rows = conn.execute(
        "SELECT team_id, summary FROM team_postgames WHERE guild_id = ? AND fixture_id = ? ORDER BY id",
        (guild_id, fixture_id),
    )
    return {r["team_id"]: tuple(json.loads(r["summary"])) for r in rows}


def dice_of_fixture(conn: Connection, guild_id: int, fixture_id: int) -> list[LoggedRoll]:
    rows = conn.execute(
        f"SELECT * FROM dice_rolls WHERE guild_id = ? AND fixture_id = ? AND {SHOWN} ORDER BY id",  # noqa: S608
        (guild_id, fixture_id, *SHOWN_ARGS),
    )
    return [row_to_roll(r) for r in rows]


def dice_count(conn: Connection, guild_id: int, league_id: int) -> int:
    row = conn.execute(
        f"SELECT COUNT(*) FROM dice_rolls WHERE league_id = ? AND guild_id = ? AND {SHOWN}",  # noqa: S608
        (league_id, guild_id, *SHOWN_ARGS),
    ).fetchone()
    return int(row[0])


def dice_of_league(
    conn: Connection, guild_id: int, league_id: int, *, limit: int, offset: int
) -> list[LoggedRoll]:
    """Every die the bot rolled for the league (its games, draws, signing orders, off-season checks: the
    rolls that carry its `league_id`, migration 0022), newest first, one page of them."""
    rows = conn.execute(
        f"SELECT * FROM dice_rolls WHERE league_id = ? AND guild_id = ? AND {SHOWN}"  # noqa: S608
        " ORDER BY id DESC LIMIT ? OFFSET ?",
        (league_id, guild_id, *SHOWN_ARGS, limit, offset),
    )
    return [row_to_roll(r) for r in rows]


def team_of_player(conn: Connection, guild_id: int, player_id: int) -> int | None:
    row = conn.execute(
        "SELECT team_id FROM players WHERE guild_id = ? AND id = ?", (guild_id, player_id)
    ).fetchone()
    return None if row is None else int(row[0])


def games_played(
    conn: Connection, guild_id: int, team_id: int, player_id: int, *, left_at: datetime | None
) -> int:
    """The confirmed games of a player's team since he joined it (and until he left), less the games he
    missed (the post-game's record of who missed the game)."""
    sql = (
        "SELECT COUNT(*) FROM fixtures f, players p WHERE p.guild_id = ? AND p.id = ?"
        " AND f.guild_id = p.guild_id AND f.status = 'confirmed'"
        " AND (f.home_team_id = ? OR f.away_team_id = ?) AND f.confirmed_at >= p.created_at"
        " AND NOT EXISTS (SELECT 1 FROM team_postgames g, json_each(g.missed_player_ids) m"
        "                 WHERE g.guild_id = f.guild_id AND g.fixture_id = f.id AND g.team_id = ?"
        "                 AND CAST(m.value AS BIGINT) = p.id)"
    )
    params: list[object] = [guild_id, player_id, team_id, team_id, team_id]
    if left_at is not None:
        sql += " AND f.confirmed_at <= ?"
        params.append(unix(left_at))
    return int(conn.execute(sql, params).fetchone()[0])
