"""Play-offs and prizes: qualifiers, play-off fixtures in their bracket slots, penalty shoot-outs, awards."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime

from bot.clock import unix
from bot.rules.league.playoffs import Qualifier, Shootout
from bot.store.connection import Connection


def save_qualifiers(conn: Connection, guild_id: int, season_id: int, qualifiers: list[Qualifier]) -> None:
    conn.executemany(
        "INSERT INTO playoff_qualifiers (season_id, team_id, guild_id, seed, division_number, division_place)"
        " VALUES (?, ?, ?, ?, ?, ?)",
        [(season_id, q.team_id, guild_id, q.seed, q.division, q.place) for q in qualifiers],
    )
    conn.execute(
        "UPDATE seasons SET playoff_size = ? WHERE guild_id = ? AND id = ?",
        (len(qualifiers), guild_id, season_id),
    )


def qualifiers(conn: Connection, guild_id: int, season_id: int) -> list[Qualifier]:
    rows = conn.execute(
        "SELECT * FROM playoff_qualifiers WHERE guild_id = ? AND season_id = ? ORDER BY seed",
        (guild_id, season_id),
    )
    return [Qualifier(r["seed"], r["team_id"], r["division_number"], r["division_place"]) for r in rows]


def insert_playoff_fixtures(
    conn: Connection,
    *,
    guild_id: int,
    league_id: int,
    season_id: int,
    round_id: int,
    stage: int,
    games: list[tuple[int, int, int, bool]],
    now: datetime,
) -> None:
    """(slot, home team, away team, third place) per game of one stage."""
    conn.executemany(
        "INSERT INTO fixtures (guild_id, league_id, season_id, round_id, kind, home_team_id, away_team_id,"
        " playoff_stage, playoff_slot, third_place, created_at) VALUES (?, ?, ?, ?, 'playoff', ?, ?, ?, ?, ?, ?)",
        [
            (guild_id, league_id, season_id, round_id, home, away, stage, slot, int(third), unix(now))
            for slot, home, away, third in games
        ],
    )


def stage_exists(conn: Connection, guild_id: int, season_id: int, stage: int) -> bool:
    row = conn.execute(
        "SELECT 1 FROM fixtures WHERE guild_id = ? AND season_id = ? AND playoff_stage = ? LIMIT 1",
        (guild_id, season_id, stage),
    ).fetchone()
    return row is not None


def save_shootout(
    conn: Connection, guild_id: int, fixture_id: int, shootout: Shootout, actor_id: int, now: datetime
) -> bool:
    """False when this fixture's shoot-out was already rolled (it is rolled once)."""
    cursor = conn.execute(
        "INSERT INTO penalty_shootouts (fixture_id, guild_id, roll_offs, winner, actor_id, created_at)"
        " VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
        (fixture_id, guild_id, json.dumps(shootout.roll_offs), shootout.winner, actor_id, unix(now)),
    )
    return cursor.rowcount == 1


def shootout(conn: Connection, guild_id: int, fixture_id: int) -> Shootout | None:
    row = conn.execute(
        "SELECT roll_offs FROM penalty_shootouts WHERE guild_id = ? AND fixture_id = ?",
        (guild_id, fixture_id),
    ).fetchone()
    if row is None:
        return None
    return Shootout(tuple(tuple((int(h), int(a)) for h, a in rolls) for rolls in json.loads(row[0])))


@dataclass(frozen=True)
class Award:
    season_id: int
    season_number: int
    place: int
    team_id: int
    team_name: str
    prize: int


def save_award(
    conn: Connection,
    guild_id: int,
    season_id: int,
    place: int,
    team_id: int,
    prize: int,
    now: datetime,
) -> None:
    conn.execute(
        "INSERT INTO season_awards (season_id, guild_id, place, team_id, prize, created_at)"
        " VALUES (?, ?, ?, ?, ?, ?)",
        (season_id, guild_id, place, team_id, prize, unix(now)),
    )


def awards(conn: Connection, guild_id: int, league_id: int) -> list[Award]:
    rows = conn.execute(
        "SELECT a.*, s.number AS season_number, t.name AS team_name FROM season_awards a"
        " JOIN seasons s ON s.id = a.season_id JOIN teams t ON t.id = a.team_id"
        " WHERE a.guild_id = ? AND s.league_id = ? ORDER BY s.number, a.place",
        (guild_id, league_id),
    )
    return [
        Award(r["season_id"], r["season_number"], r["place"], r["team_id"], r["team_name"], r["prize"])
        for r in rows
    ]


def trophy_holder(conn: Connection, guild_id: int, league_id: int) -> int | None:
    """The team that won the league's latest finished season: it holds the trophy until the next winner."""
    row = conn.execute(
        "SELECT a.team_id FROM season_awards a JOIN seasons s ON s.id = a.season_id"
        " WHERE a.guild_id = ? AND s.league_id = ? AND a.place = 1 ORDER BY s.number DESC LIMIT 1",
        (guild_id, league_id),
    ).fetchone()
    return None if row is None else int(row[0])
