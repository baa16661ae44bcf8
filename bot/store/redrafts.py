"""The off-season re-draft: one row per team and finished season (its budget, the players it may re-hire,
everything rolled and summed), and the off-season's changes to players (recoveries, healed injuries)."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass
from datetime import datetime

from bot.clock import unix
from bot.store.connection import Connection, Row
from bot.store.postgame import CHANGE_COLUMNS, record_change
from bot.store.rows import from_row
from bot.store.teams import TeamRow


@dataclass(frozen=True)
class Redraft:
    id: int
    team_id: int
    after_season_id: int
    budget: int
    lost: int
    previous_players: tuple[int, ...]
    summary: tuple[str, ...]


def _redraft(row: Row) -> Redraft:
    return from_row(Redraft, row, ("previous_players", "summary"))


def insert(
    conn: Connection,
    team: TeamRow,
    *,
    after_season_id: int,
    budget: int,
    lost: int,
    previous_players: list[int],
    summary: list[str],
    actor_id: int,
    now: datetime,
) -> None:
    conn.execute(
        "INSERT INTO team_redrafts (guild_id, league_id, team_id, after_season_id, budget, lost, previous_players,"
        " summary, actor_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (
            team.guild_id,
            team.league_id,
            team.id,
            after_season_id,
            budget,
            lost,
            json.dumps(previous_players),
            json.dumps(summary),
            actor_id,
            unix(now),
        ),
    )


def for_season(conn: Connection, guild_id: int, team_id: int, season_id: int) -> Redraft | None:
    row = conn.execute(
        "SELECT * FROM team_redrafts WHERE guild_id = ? AND team_id = ? AND after_season_id = ?",
        (guild_id, team_id, season_id),
    ).fetchone()
    return None if row is None else _redraft(row)


def last_season_played(conn: Connection, guild_id: int, team_id: int) -> int | None:
    """The id of the latest season the team played in (was in a division of), if any."""
    row = conn.execute(
        "SELECT MAX(d.season_id) FROM division_teams dt JOIN divisions d ON d.id = dt.division_id"
        " WHERE dt.guild_id = ? AND dt.team_id = ?",
        (guild_id, team_id),
    ).fetchone()
    return None if row[0] is None else int(row[0])


def league_results(
    conn: Connection, guild_id: int, team_id: int, season_id: int
) -> list[tuple[str, str | None]]:
    """A team's confirmed league fixtures of a season: its outcome, and how it was settled if unplayed."""
    rows = conn.execute(
        "SELECT CASE WHEN home_team_id = ? THEN home_outcome ELSE away_outcome END,"
        " json_extract(report, '$.unplayed')"
        " FROM fixtures WHERE guild_id = ? AND season_id = ? AND kind = 'league' AND status = 'confirmed'"
        " AND (home_team_id = ? OR away_team_id = ?) ORDER BY id",
        (team_id, guild_id, season_id, team_id, team_id),
    ).fetchall()
    return [(row[0], row[1]) for row in rows]


def reductions(conn: Connection, guild_id: int, player_id: int) -> list[str]:
    """The characteristic reductions a player still carries from Lasting Injuries (one entry each)."""
    rows = conn.execute(
        "SELECT id, kind, detail FROM player_changes WHERE guild_id = ? AND player_id = ?"
        " AND kind IN ('injury', 'recovery') ORDER BY id",
        (guild_id, player_id),
    ).fetchall()
    reverted = {json.loads(r["detail"]).get("revert") for r in rows}
    carried: Counter[str] = Counter()
    for row in rows:
        detail = json.loads(row["detail"])
        if row["id"] in reverted or "revert" in detail:
            continue
        if (
            row["kind"] == "injury"
            and detail.get("injury") == "lasting_injury"
            and detail.get("characteristic")
        ):
            carried[detail["characteristic"]] += 1
        elif row["kind"] == "recovery" and detail.get("healed_characteristic"):
            carried[detail["healed_characteristic"]] -= 1
    return [c for c in CHANGE_COLUMNS for _ in range(max(0, carried[c]))]


def _off_season_recovery(
    conn: Connection,
    team: TeamRow,
    player_id: int,
    actor_id: int,
    now: datetime,
    assignment: str,
    value: int,
    **healed: object,
) -> None:
    """Change a player out of season (`assignment`: 'miss_next_game = ?', with its value) and record it as a
    recovery that no fixture caused."""
    conn.execute(
        f"UPDATE players SET {assignment} WHERE guild_id = ? AND id = ?",  # noqa: S608
        (value, team.guild_id, player_id),
    )
    detail = {"off_season": True, **healed}
    record_change(
        conn, team, player_id, "recovery", fixture_id=None, actor_id=actor_id, now=now, detail=detail
    )


def recover(conn: Connection, team: TeamRow, player_id: int, *, actor_id: int, now: datetime) -> None:
    """The off-season: a player who was to miss the next game is fit for the next season."""
    _off_season_recovery(conn, team, player_id, actor_id, now, "miss_next_game = ?", 0)


def heal_niggling(
    conn: Connection, team: TeamRow, player_id: int, healed: int, *, actor_id: int, now: datetime
) -> None:
    niggling = "niggling_injuries = niggling_injuries - ?"
    _off_season_recovery(conn, team, player_id, actor_id, now, niggling, healed, niggling_healed=healed)


def heal_reduction(
    conn: Connection,
    team: TeamRow,
    player_id: int,
    characteristic: str,
    *,
    actor_id: int,
    now: datetime,
) -> None:
    """Undo one Lasting Injury reduction: MA, ST, AV one higher again; AG, PA one step better."""
    column = CHANGE_COLUMNS[characteristic]
    step = -1 if characteristic in ("ag", "pa") else 1
    reduced = f"{column} = {column} + ?"
    _off_season_recovery(
        conn, team, player_id, actor_id, now, reduced, step, healed_characteristic=characteristic
    )


def come_back(conn: Connection, team: TeamRow, player_id: int, number: int) -> None:
    """A re-hired player: on the roster again under `number`, fit to play (no longer retired for now)."""
    conn.execute(
        "UPDATE players SET status = 'active', number = ?, temporarily_retired = 0 WHERE guild_id = ? AND id = ?",
        (number, team.guild_id, player_id),
    )
