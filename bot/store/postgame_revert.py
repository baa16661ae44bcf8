"""Undoing a fixture's post-game: the queries behind /league revert (see bot/services/match/revert.py)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from datetime import datetime

from bot.clock import unix
from bot.store.connection import Connection, Row
from bot.store.postgame import CHANGE_COLUMNS
from bot.store.seasons import Fixture
from bot.store.teams import TeamRow


def postgame_records(conn: Connection, guild_id: int, fixture_id: int) -> list[Row]:
    return conn.execute(
        "SELECT * FROM team_postgames WHERE guild_id = ? AND fixture_id = ?", (guild_id, fixture_id)
    ).fetchall()


def later_dependants(conn: Connection, fx: Fixture) -> list[str]:
    """Fixtures of either team reported or played after this one was confirmed."""
    rows = conn.execute(
        "SELECT f.id, f.status FROM fixtures f WHERE f.guild_id = ? AND f.id <> ?"
        " AND (f.home_team_id IN (?, ?) OR f.away_team_id IN (?, ?))"
        " AND f.status <> 'scheduled' AND f.reported_at >= (SELECT confirmed_at FROM fixtures WHERE id = ?)",
        (fx.guild_id, fx.id, fx.home_team_id, fx.away_team_id, fx.home_team_id, fx.away_team_id, fx.id),
    ).fetchall()
    return [f"#{row['id']} ({row['status']})" for row in rows]


def undo_player_changes(
    conn: Connection,
    fx: Fixture,
    team: TeamRow,
    *,
    actor_id: int,
    now: datetime,
    steps: Mapping[str, int],
) -> int:
    """Undo every player change of this post-game (newest first), leaving a reversing row for each;
    remove its advancements and pending choices; players hired during it leave. Returns how many."""
    # Players hired during it leave first: one of them may wear the number of a player who comes back.
    hired = conn.execute(
        "UPDATE players SET status = 'left' WHERE guild_id = ? AND team_id = ?"
        " AND hired_in_fixture = ? AND status = 'active'",
        (fx.guild_id, team.id, fx.id),
    )
    changes = conn.execute(
        "SELECT * FROM player_changes WHERE guild_id = ? AND fixture_id = ? AND team_id = ?"
        " AND json_extract(detail, '$.revert') IS NULL"
        " AND id NOT IN (SELECT CAST(json_extract(detail, '$.revert') AS BIGINT) FROM player_changes"
        "                WHERE fixture_id = ? AND json_extract(detail, '$.revert') IS NOT NULL)"
        " ORDER BY id DESC",
        (fx.guild_id, fx.id, team.id, fx.id),
    ).fetchall()
    for change in changes:
        _undo_one(conn, change)
        conn.execute(
            "INSERT INTO player_changes (guild_id, team_id, player_id, fixture_id, kind, spp_delta, detail, actor_id, created_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                fx.guild_id,
                team.id,
                change["player_id"],
                fx.id,
                change["kind"],
                -change["spp_delta"],
                json.dumps({"revert": change["id"]}),
                actor_id,
                unix(now),
            ),
        )
    advancements = conn.execute(
        "SELECT * FROM player_advancements WHERE guild_id = ? AND fixture_id = ? AND team_id = ?",
        (fx.guild_id, fx.id, team.id),
    ).fetchall()
    for advancement in advancements:
        conn.execute(
            "UPDATE players SET value_increase = value_increase - ? WHERE guild_id = ? AND id = ?",
            (advancement["value_increase"], fx.guild_id, advancement["player_id"]),
        )
        if advancement["characteristic"]:
            column = CHANGE_COLUMNS[advancement["characteristic"]]
            conn.execute(
                f"UPDATE players SET {column} = {column} - ? WHERE guild_id = ? AND id = ?",  # noqa: S608
                (steps[advancement["characteristic"]], fx.guild_id, advancement["player_id"]),
            )
    conn.execute(
        "DELETE FROM player_advancements WHERE guild_id = ? AND fixture_id = ? AND team_id = ?",
        (fx.guild_id, fx.id, team.id),
    )
    conn.execute(
        "DELETE FROM pending_advancements WHERE guild_id = ? AND fixture_id = ? AND team_id = ?",
        (fx.guild_id, fx.id, team.id),
    )
    hired = conn.execute(
        "UPDATE players SET status = 'left' WHERE guild_id = ? AND team_id = ?"
        " AND hired_in_fixture = ? AND status = 'active'",
        (fx.guild_id, team.id, fx.id),
    )
    return len(changes) + hired.rowcount


def _undo_one(conn: Connection, change: Row) -> None:
    detail = json.loads(change["detail"])
    player = (change["guild_id"], change["player_id"])
    kind = change["kind"]
    if kind in ("spp", "mvp"):
        conn.execute(
            "UPDATE players SET spp = spp - ? WHERE guild_id = ? AND id = ?", (change["spp_delta"], *player)
        )
    elif kind == "advancement":
        conn.execute(
            "UPDATE players SET spp = spp - ?, advancements = advancements - 1 WHERE guild_id = ? AND id = ?",
            (change["spp_delta"], *player),
        )
    elif kind == "injury":
        injury, characteristic = detail.get("injury"), detail.get("characteristic")
        if injury == "dead":
            conn.execute("UPDATE players SET status = 'active' WHERE guild_id = ? AND id = ?", player)
        elif injury != "badly_hurt":
            conn.execute("UPDATE players SET miss_next_game = 0 WHERE guild_id = ? AND id = ?", player)
        if injury == "serious_injury":
            conn.execute(
                "UPDATE players SET niggling_injuries = niggling_injuries - 1 WHERE guild_id = ? AND id = ?",
                player,
            )
        if injury == "lasting_injury" and characteristic:
            column = CHANGE_COLUMNS[characteristic]
            step = 1 if characteristic in ("ag", "pa") else -1
            conn.execute(
                f"UPDATE players SET {column} = {column} - ? WHERE guild_id = ? AND id = ?",  # noqa: S608
                (step, *player),
            )
    elif kind == "recovery":
        conn.execute("UPDATE players SET miss_next_game = 1 WHERE guild_id = ? AND id = ?", player)
    elif kind == "status":
        if detail.get("status") == "temporarily retired":
            conn.execute("UPDATE players SET temporarily_retired = 0 WHERE guild_id = ? AND id = ?", player)
        else:
            conn.execute("UPDATE players SET status = 'active' WHERE guild_id = ? AND id = ?", player)


def gold_of(conn: Connection, guild_id: int, team_id: int, fixture_id: int) -> int:
    row = conn.execute(
        "SELECT COALESCE(SUM(amount), 0) FROM treasury_changes WHERE guild_id = ? AND team_id = ?"
        " AND fixture_id = ?",
        (guild_id, team_id, fixture_id),
    ).fetchone()
    return int(row[0])


def restore_team(
    conn: Connection,
    team: TeamRow,
    record: Row,
    *,
    fixture_id: int,
    actor_id: int,
    now: datetime,
) -> None:
    """Dedicated fans and staff as they were when the post-game opened."""
    staff = json.loads(record["staff_before"] or "{}")
    conn.execute(
        "UPDATE teams SET dedicated_fans = ?, rerolls = COALESCE(?, rerolls), assistant_coaches = COALESCE(?, assistant_coaches),"
        " cheerleaders = COALESCE(?, cheerleaders), apothecary = COALESCE(?, apothecary) WHERE guild_id = ? AND id = ?",
        (
            record["fans_before"],
            staff.get("rerolls"),
            staff.get("assistant_coaches"),
            staff.get("cheerleaders"),
            None if staff.get("apothecary") is None else int(staff["apothecary"]),
            team.guild_id,
            team.id,
        ),
    )
    if record["fans_after"] != record["fans_before"]:
        conn.execute(
            "INSERT INTO team_changes (guild_id, team_id, fixture_id, kind, before, after, cause, actor_id, created_at)"
            " VALUES (?, ?, ?, 'dedicated_fans', ?, ?, ?, ?, ?)",
            (
                team.guild_id,
                team.id,
                fixture_id,
                record["fans_after"],
                record["fans_before"],
                f"revert post-game of #{fixture_id}",
                actor_id,
                unix(now),
            ),
        )


def reopen_fixture(conn: Connection, fx: Fixture) -> None:
    """No post-game left, and the result back with the commissioner (disputed) to be set again."""
    conn.execute("DELETE FROM team_postgames WHERE guild_id = ? AND fixture_id = ?", (fx.guild_id, fx.id))
    conn.execute(
        "UPDATE fixtures SET status = 'disputed' WHERE guild_id = ? AND id = ?", (fx.guild_id, fx.id)
    )
