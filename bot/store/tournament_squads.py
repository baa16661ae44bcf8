"""Team events: the squads (teams of coaches, seed 000 Team Events) of an event and their coaches."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from bot.clock import unix
from bot.store.connection import Connection


@dataclass(frozen=True)
class Squad:
    id: int
    guild_id: int
    league_id: int
    name: str
    captain_id: int
    members: tuple[int, ...]  # coach ids, in the order they were added (the captain first)


def _squads(conn: Connection, guild_id: int, where: str, params: tuple[object, ...]) -> list[Squad]:
    rows = conn.execute(
        f"SELECT * FROM tournament_squads WHERE guild_id = ? AND {where} ORDER BY created_at, id",  # noqa: S608
        (guild_id, *params),
    ).fetchall()
    if not rows:
        return []
    ids = [row["id"] for row in rows]
    members: dict[int, list[int]] = {i: [] for i in ids}
    marks = ", ".join("?" for _ in ids)
    for member in conn.execute(
        f"SELECT squad_id, coach_id FROM tournament_squad_members WHERE guild_id = ? AND squad_id IN ({marks})"  # noqa: S608
        " ORDER BY added_at, position",
        (guild_id, *ids),
    ):
        members[member["squad_id"]].append(member["coach_id"])
    return [
        Squad(
            row["id"],
            row["guild_id"],
            row["league_id"],
            row["name"],
            row["captain_id"],
            tuple(members[row["id"]]),
        )
        for row in rows
    ]


def squads(conn: Connection, guild_id: int, league_id: int) -> list[Squad]:
    """Every squad of the event, in the order they were created."""
    return _squads(conn, guild_id, "league_id = ?", (league_id,))


def get(conn: Connection, guild_id: int, squad_id: int) -> Squad | None:
    found = _squads(conn, guild_id, "id = ?", (squad_id,))
    return found[0] if found else None


def by_name(conn: Connection, guild_id: int, league_id: int, name: str) -> Squad | None:
    found = _squads(conn, guild_id, "league_id = ? AND lower(name) = lower(?)", (league_id, name))
    return found[0] if found else None


def of_coach(conn: Connection, guild_id: int, league_id: int, coach_id: int) -> Squad | None:
    row = conn.execute(
        "SELECT squad_id FROM tournament_squad_members WHERE guild_id = ? AND league_id = ? AND coach_id = ?",
        (guild_id, league_id, coach_id),
    ).fetchone()
    return None if row is None else get(conn, guild_id, row["squad_id"])


def insert(conn: Connection, guild_id: int, league_id: int, name: str, captain_id: int, now: datetime) -> int:
    cursor = conn.execute(
        "INSERT INTO tournament_squads (guild_id, league_id, name, captain_id, created_at) VALUES (?, ?, ?, ?, ?)",
        (guild_id, league_id, name, captain_id, unix(now)),
    )
    assert cursor.lastrowid is not None
    return cursor.lastrowid


def add_member(conn: Connection, squad: Squad, coach_id: int, now: datetime) -> None:
    conn.execute(
        "INSERT INTO tournament_squad_members (squad_id, guild_id, league_id, coach_id, added_at, position)"
        " VALUES (?, ?, ?, ?, ?, (SELECT COALESCE(MAX(position), 0) + 1 FROM tournament_squad_members"
        " WHERE guild_id = ? AND squad_id = ?))",
        (squad.id, squad.guild_id, squad.league_id, coach_id, unix(now), squad.guild_id, squad.id),
    )


def remove_member(conn: Connection, squad: Squad, coach_id: int) -> None:
    conn.execute(
        "DELETE FROM tournament_squad_members WHERE guild_id = ? AND squad_id = ? AND coach_id = ?",
        (squad.guild_id, squad.id, coach_id),
    )


def delete(conn: Connection, squad: Squad) -> None:
    conn.execute("DELETE FROM tournament_squads WHERE guild_id = ? AND id = ?", (squad.guild_id, squad.id))
