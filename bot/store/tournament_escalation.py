"""Gold piece escalation's rows (migration 0019): from which round a player, a star or a Skill-Point skill
counts, and the staff, fans and inducements of each roster a coach has closed. Every query is scoped by
guild."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime

from bot.clock import unix
from bot.store.connection import Connection


@dataclass(frozen=True)
class PlayerRounds:
    joined: int  # the first round whose roster has the player
    skilled: int | None  # ... and his Skill-Point skill (None: no row, so round 1 if he has one)


@dataclass(frozen=True)
class ClosedRound:
    """A roster the coach has closed: what it had beyond its players."""

    round_number: int
    rerolls: int
    assistant_coaches: int
    cheerleaders: int
    apothecary: bool
    dedicated_fans: int
    inducements: tuple[tuple[str, int], ...]


def players_of_team(conn: Connection, guild_id: int, team_id: int) -> dict[int, PlayerRounds]:
    rows = conn.execute(
        "SELECT player_id, joined, skilled FROM tournament_escalation_players WHERE guild_id = ? AND team_id = ?",
        (guild_id, team_id),
    )
    return {int(r["player_id"]): PlayerRounds(int(r["joined"]), r["skilled"]) for r in rows}


def set_joined(conn: Connection, guild_id: int, team_id: int, player_id: int, joined: int) -> None:
    conn.execute(
        "INSERT INTO tournament_escalation_players (player_id, guild_id, team_id, joined) VALUES (?, ?, ?, ?)"
        " ON CONFLICT (player_id) DO UPDATE SET joined = excluded.joined",
        (player_id, guild_id, team_id, joined),
    )


def set_skilled(conn: Connection, guild_id: int, team_id: int, player_id: int, skilled: int | None) -> None:
    conn.execute(
        "INSERT INTO tournament_escalation_players (player_id, guild_id, team_id, skilled) VALUES (?, ?, ?, ?)"
        " ON CONFLICT (player_id) DO UPDATE SET skilled = excluded.skilled",
        (player_id, guild_id, team_id, skilled),
    )


def closed_rounds(conn: Connection, guild_id: int, team_id: int) -> list[ClosedRound]:
    rows = conn.execute(
        "SELECT * FROM tournament_escalation_rounds WHERE guild_id = ? AND team_id = ? ORDER BY round_number",
        (guild_id, team_id),
    )
    return [
        ClosedRound(
            round_number=int(r["round_number"]),
            rerolls=int(r["rerolls"]),
            assistant_coaches=int(r["assistant_coaches"]),
            cheerleaders=int(r["cheerleaders"]),
            apothecary=bool(r["apothecary"]),
            dedicated_fans=int(r["dedicated_fans"]),
            inducements=tuple((str(k), int(n)) for k, n in json.loads(r["inducements"])),
        )
        for r in rows
    ]


def close_round(conn: Connection, guild_id: int, team_id: int, closed: ClosedRound, now: datetime) -> None:
    conn.execute(
        "INSERT INTO tournament_escalation_rounds (guild_id, team_id, round_number, rerolls, assistant_coaches,"
        " cheerleaders, apothecary, dedicated_fans, inducements, closed_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (
            guild_id,
            team_id,
            closed.round_number,
            closed.rerolls,
            closed.assistant_coaches,
            closed.cheerleaders,
            int(closed.apothecary),
            closed.dedicated_fans,
            json.dumps([list(pair) for pair in closed.inducements]),
            unix(now),
        ),
    )
