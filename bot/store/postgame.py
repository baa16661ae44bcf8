"""The post-game sequence's records: one row per team per fixture, and every change it makes."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Literal

from bot.clock import unix
from bot.store.connection import Connection, Row
from bot.store.rows import from_row
from bot.store.teams import TeamRow

PostgameStatus = Literal["open", "finished"]
InjuryKind = Literal["badly_hurt", "seriously_hurt", "serious_injury", "lasting_injury", "dead"]
CHANGE_COLUMNS = {
    "ma": "ma_change",
    "st": "st_change",
    "ag": "ag_change",
    "pa": "pa_change",
    "av": "av_change",
}


@dataclass(frozen=True)
class TeamPostgame:
    id: int
    fixture_id: int
    team_id: int
    status: PostgameStatus
    fan_factor: int | None
    winnings: int
    fans_before: int
    fans_after: int
    missed_player_ids: tuple[int, ...]
    summary: tuple[str, ...]
    winnings_die: int | None = None  # classic: the winnings die kept
    winnings_reroll: Literal["offered", "used", "declined"] | None = None  # classic: the winner's re-roll


def _postgame(row: Row) -> TeamPostgame:
    return from_row(TeamPostgame, row, ("missed_player_ids", "summary"))


def insert(
    conn: Connection,
    team: TeamRow,
    *,
    fixture_id: int,
    fan_factor: int | None,
    winnings: int,
    fans_before: int,
    fans_after: int,
    missed_player_ids: list[int],
    summary: list[str],
    now: datetime,
    winnings_die: int | None = None,
    winnings_reroll: Literal["offered"] | None = None,
) -> None:
    conn.execute(
        "INSERT INTO team_postgames (guild_id, fixture_id, team_id, fan_factor, winnings, fans_before,"
        " fans_after, missed_player_ids, summary, staff_before, created_at, winnings_die, winnings_reroll)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (
            team.guild_id,
            fixture_id,
            team.id,
            fan_factor,
            winnings,
            fans_before,
            fans_after,
            json.dumps(missed_player_ids),
            json.dumps(summary),
            json.dumps(
                {
                    "rerolls": team.rerolls,
                    "assistant_coaches": team.assistant_coaches,
                    "cheerleaders": team.cheerleaders,
                    "apothecary": team.apothecary,
                }
            ),
            unix(now),
            winnings_die,
            winnings_reroll,
        ),
    )


def get(conn: Connection, guild_id: int, fixture_id: int, team_id: int) -> TeamPostgame | None:
    row = conn.execute(
        "SELECT * FROM team_postgames WHERE guild_id = ? AND fixture_id = ? AND team_id = ?",
        (guild_id, fixture_id, team_id),
    ).fetchone()
    return None if row is None else _postgame(row)


def open_for_team(conn: Connection, guild_id: int, team_id: int) -> list[TeamPostgame]:
    rows = conn.execute(
        "SELECT * FROM team_postgames WHERE guild_id = ? AND team_id = ? AND status = 'open' ORDER BY id",
        (guild_id, team_id),
    )
    return [_postgame(row) for row in rows]


def use_winnings_reroll(
    conn: Connection, guild_id: int, postgame_id: int, *, die: int, winnings: int, summary: list[str]
) -> bool:
    """Take the winner's re-roll: False (nothing changed) unless it was offered and the post-game is open."""
    cursor = conn.execute(
        "UPDATE team_postgames SET winnings_reroll = 'used', winnings_die = ?, winnings = ?, summary = ?"
        " WHERE guild_id = ? AND id = ? AND status = 'open' AND winnings_reroll = 'offered'",
        (die, winnings, json.dumps(summary), guild_id, postgame_id),
    )
    return cursor.rowcount == 1


def finish(
    conn: Connection,
    guild_id: int,
    postgame_id: int,
    *,
    summary: list[str],
    actor_id: int,
    now: datetime,
) -> bool:
    """Mark finished; False if it already was (a double click)."""
    cursor = conn.execute(
        "UPDATE team_postgames SET status = 'finished', summary = ?, finished_by = ?, finished_at = ?,"
        " winnings_reroll = CASE winnings_reroll WHEN 'offered' THEN 'declined' ELSE winnings_reroll END"
        " WHERE guild_id = ? AND id = ? AND status = 'open'",
        (json.dumps(summary), actor_id, unix(now), guild_id, postgame_id),
    )
    return cursor.rowcount == 1


def record_change(
    conn: Connection,
    team: TeamRow,
    player_id: int,
    kind: str,
    *,
    fixture_id: int | None,
    actor_id: int,
    now: datetime,
    spp_delta: int = 0,
    detail: dict[str, Any] | None = None,
    setting: tuple[str, object] | None = None,
) -> None:
    """A change of one of the team's players, with its cause; `setting` ('spp = spp + ?', its value) is what
    it changed on his row, set first (None: the caller changed it)."""
    if setting is not None:
        assignment, value = setting
        conn.execute(
            f"UPDATE players SET {assignment} WHERE guild_id = ? AND team_id = ? AND id = ?",  # noqa: S608
            (value, team.guild_id, team.id, player_id),
        )
    conn.execute(
        "INSERT INTO player_changes (guild_id, team_id, player_id, fixture_id, kind, spp_delta, detail,"
        " actor_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (
            team.guild_id,
            team.id,
            player_id,
            fixture_id,
            kind,
            spp_delta,
            json.dumps(detail or {}),
            actor_id,
            unix(now),
        ),
    )


def add_spp(
    conn: Connection,
    team: TeamRow,
    player_id: int,
    amount: int,
    kind: Literal["spp", "mvp"],
    *,
    fixture_id: int,
    actor_id: int,
    now: datetime,
    detail: dict[str, Any],
) -> None:
    record_change(
        conn,
        team,
        player_id,
        kind,
        setting=("spp = spp + ?", amount),
        fixture_id=fixture_id,
        actor_id=actor_id,
        now=now,
        spp_delta=amount,
        detail=detail,
    )


def add_spp_to_many(
    conn: Connection,
    team: TeamRow,
    awards: list[tuple[int, int, dict[str, Any]]],
    kind: Literal["spp", "mvp"],
    *,
    fixture_id: int,
    actor_id: int,
    now: datetime,
) -> None:
    """`add_spp` for several of the team's players, `awards` (player id, points, detail) in order: one UPDATE
    and one INSERT for them all (not two statements a player)."""
    if not awards:
        return
    totals: dict[int, int] = {}
    for player_id, points, _detail in awards:
        totals[player_id] = totals.get(player_id, 0) + points
    cases = " ".join("WHEN ? THEN ?" for _ in totals)
    marks = ", ".join("?" for _ in totals)
    conn.execute(
        f"UPDATE players SET spp = spp + CASE id {cases} END"  # noqa: S608 (marks only)
        f" WHERE guild_id = ? AND team_id = ? AND id IN ({marks})",
        (*(value for item in totals.items() for value in item), team.guild_id, team.id, *totals),
    )
    rows = ", ".join("(?, ?, ?, ?, ?, ?, ?, ?, ?)" for _ in awards)
    insert = "INSERT INTO player_changes (guild_id, team_id, player_id, fixture_id, kind, spp_delta, detail,"
    conn.execute(
        f"{insert} actor_id, created_at) VALUES {rows}",  # only marks are joined in
        [
            value
            for player_id, points, detail in awards
            for value in (
                team.guild_id,
                team.id,
                player_id,
                fixture_id,
                kind,
                points,
                json.dumps(detail),
                actor_id,
                unix(now),
            )
        ],
    )


def injure(
    conn: Connection,
    team: TeamRow,
    player_id: int,
    injury: InjuryKind,
    *,
    characteristic: str | None,
    fixture_id: int,
    actor_id: int,
    now: datetime,
) -> None:
    """Apply a casualty result: miss next game, niggling injury, characteristic reduction, or death."""
    if injury == "dead":
        conn.execute(
            "UPDATE players SET status = 'dead' WHERE guild_id = ? AND id = ?", (team.guild_id, player_id)
        )
    elif injury != "badly_hurt":
        conn.execute(
            "UPDATE players SET miss_next_game = 1 WHERE guild_id = ? AND id = ?", (team.guild_id, player_id)
        )
    if injury == "serious_injury":
        conn.execute(
            "UPDATE players SET niggling_injuries = niggling_injuries + 1 WHERE guild_id = ? AND id = ?",
            (team.guild_id, player_id),
        )
    if injury == "lasting_injury" and characteristic is not None:
        column = CHANGE_COLUMNS[characteristic]
        # A lasting injury makes MA, ST, AV one lower and AG, PA one step worse (a higher target number).
        step = 1 if characteristic in ("ag", "pa") else -1
        conn.execute(
            f"UPDATE players SET {column} = {column} + ? WHERE guild_id = ? AND id = ?",  # noqa: S608
            (step, team.guild_id, player_id),
        )
    why = {"injury": injury, "characteristic": characteristic}
    record_change(
        conn, team, player_id, "injury", fixture_id=fixture_id, actor_id=actor_id, now=now, detail=why
    )


def recover(
    conn: Connection,
    team: TeamRow,
    player_ids: list[int],
    *,
    fixture_id: int,
    actor_id: int,
    now: datetime,
) -> None:
    """Players who missed this game are ready for the next one."""
    fit = ("miss_next_game = ?", 0)
    for player_id in player_ids:
        record_change(
            conn, team, player_id, "recovery", setting=fit, fixture_id=fixture_id, actor_id=actor_id, now=now
        )


def set_status(
    conn: Connection,
    team: TeamRow,
    player_id: int,
    status: str,
    *,
    fixture_id: int | None,
    actor_id: int,
    now: datetime,
    reason: str,
) -> None:
    why = {"status": status, "reason": reason}
    record_change(
        conn,
        team,
        player_id,
        "status",
        setting=("status = ?", status),
        fixture_id=fixture_id,
        actor_id=actor_id,
        now=now,
        detail=why,
    )


def leave(
    conn: Connection,
    team: TeamRow,
    player_id: int,
    reason: str,
    *,
    actor_id: int,
    now: datetime,
    fixture_id: int | None = None,
) -> None:
    """The player leaves the team (status 'left'), for `reason`; outside a game unless `fixture_id`."""
    set_status(
        conn, team, player_id, "left", fixture_id=fixture_id, actor_id=actor_id, now=now, reason=reason
    )


def set_fans(
    conn: Connection,
    team: TeamRow,
    *,
    before: int,
    after: int,
    cause: str,
    fixture_id: int,
    actor_id: int,
    now: datetime,
) -> None:
    conn.execute(
        "UPDATE teams SET dedicated_fans = ? WHERE guild_id = ? AND id = ?", (after, team.guild_id, team.id)
    )
    conn.execute(
        "INSERT INTO team_changes (guild_id, team_id, fixture_id, kind, before, after, cause, actor_id,"
        " created_at) VALUES (?, ?, ?, 'dedicated_fans', ?, ?, ?, ?, ?)",
        (team.guild_id, team.id, fixture_id, before, after, cause, actor_id, unix(now)),
    )


def set_postgame_fans(
    conn: Connection, guild_id: int, fixture_id: int, team_id: int, fans_after: int
) -> None:
    """A corrected result rolled the team's fans anew: its post-game record keeps the new `fans_after`."""
    conn.execute(
        "UPDATE team_postgames SET fans_after = ? WHERE guild_id = ? AND fixture_id = ? AND team_id = ?",
        (fans_after, guild_id, fixture_id, team_id),
    )


def spp_total(conn: Connection, guild_id: int, player_id: int) -> int:
    row = conn.execute(
        "SELECT COALESCE(SUM(spp_delta), 0) FROM player_changes WHERE guild_id = ? AND player_id = ?",
        (guild_id, player_id),
    ).fetchone()
    return int(row[0])


def has_lasting_injury(conn: Connection, guild_id: int, player_id: int) -> bool:
    row = conn.execute(
        "SELECT 1 FROM player_changes WHERE guild_id = ? AND player_id = ? AND kind = 'injury'"
        " AND json_extract(detail, '$.injury') = 'lasting_injury' LIMIT 1",
        (guild_id, player_id),
    ).fetchone()
    return row is not None


def retire_temporarily(
    conn: Connection,
    team: TeamRow,
    player_id: int,
    *,
    fixture_id: int | None,
    actor_id: int,
    now: datetime,
) -> None:
    why = {"status": "temporarily retired"}
    record_change(
        conn,
        team,
        player_id,
        "status",
        setting=("temporarily_retired = ?", 1),
        fixture_id=fixture_id,
        actor_id=actor_id,
        now=now,
        detail=why,
    )


def spp_earned_in(conn: Connection, guild_id: int, team_id: int, fixture_id: int) -> dict[int, int]:
    """The Star Player Points each of the team's players earned in one fixture (its post-game's rows)."""
    rows = conn.execute(
        "SELECT player_id, SUM(spp_delta) FROM player_changes WHERE guild_id = ? AND team_id = ?"
        " AND fixture_id = ? AND kind IN ('spp', 'mvp') GROUP BY player_id",
        (guild_id, team_id, fixture_id),
    ).fetchall()
    return {int(row[0]): int(row[1]) for row in rows if int(row[1])}
