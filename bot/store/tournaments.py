"""Tournaments: the rulespack and status of an event, its entries (what a team in an event has beyond a league
team), the Skill Point skills, each round's tables, and the votes. The event itself is a `leagues` row of kind
'tournament' (store/leagues.py); its teams, players, rounds and fixtures are the shared tables."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from typing import Literal

from bot.clock import unix
from bot.rules.tournament.tournament_settings import Rulespack
from bot.store.connection import Connection, Row
from bot.store.rows import from_row

Status = Literal["registration", "running", "finished"]
VoteKind = Literal["sporting", "painted"]
Stage = Literal["swiss", "group", "knockout", "rest"]


@dataclass(frozen=True)
class Tournament:
    league_id: int
    guild_id: int
    rulespack: Rulespack
    status: Status
    best_painted: int | None  # team id: the organiser's choice
    started_at: int | None
    finished_at: int | None


@dataclass(frozen=True)
class Entry:
    team_id: int
    league_id: int
    spare: bool
    inducements: tuple[tuple[str, int], ...]
    fans_gained: int  # registration order is the order `entries` returns them in
    naf_name: str | None = None  # the coach's NAF name and number (the NAF report)
    naf_number: int | None = None


@dataclass(frozen=True)
class TableRow:
    id: int
    round_number: int
    table_number: int
    fixture_id: int | None
    bye_team_id: int | None
    stage: Stage = "swiss"
    label: str | None = None  # shown above the table: a group, the places at stake, Best of the Rest


@dataclass(frozen=True)
class Vote:
    kind: VoteKind
    voter_team_id: int
    for_team_id: int


def _tournament(row: Row) -> Tournament:
    return from_row(Tournament, row, rulespack=Rulespack.model_validate_json(row["rulespack"]))


def insert(conn: Connection, guild_id: int, league_id: int, rulespack: Rulespack) -> Tournament:
    conn.execute(
        "INSERT INTO tournaments (league_id, guild_id, rulespack) VALUES (?, ?, ?)",
        (league_id, guild_id, rulespack.model_dump_json()),
    )
    event = get(conn, guild_id, league_id)
    assert event is not None
    return event


def get(conn: Connection, guild_id: int, league_id: int) -> Tournament | None:
    row = conn.execute(
        "SELECT * FROM tournaments WHERE guild_id = ? AND league_id = ?", (guild_id, league_id)
    ).fetchone()
    return None if row is None else _tournament(row)


def set_rulespack(conn: Connection, event: Tournament, rulespack: Rulespack) -> None:
    conn.execute(
        "UPDATE tournaments SET rulespack = ? WHERE guild_id = ? AND league_id = ?",
        (rulespack.model_dump_json(), event.guild_id, event.league_id),
    )


def set_status(conn: Connection, event: Tournament, status: Status, now: datetime) -> bool:
    """Move the event on from its current status (claimed: False when another action moved it first)."""
    stamp = unix(now)
    cursor = conn.execute(
        "UPDATE tournaments SET status = ?,"
        " started_at = CASE WHEN ? = 'running' THEN ? ELSE started_at END,"
        " finished_at = CASE WHEN ? = 'finished' THEN ? ELSE finished_at END"
        " WHERE guild_id = ? AND league_id = ? AND status = ?",
        (status, status, stamp, status, stamp, event.guild_id, event.league_id, event.status),
    )
    return cursor.rowcount == 1


def set_best_painted(conn: Connection, event: Tournament, team_id: int | None) -> None:
    conn.execute(
        "UPDATE tournaments SET best_painted = ? WHERE guild_id = ? AND league_id = ?",
        (team_id, event.guild_id, event.league_id),
    )


# --- entries ---------------------------------------------------------------------------------------------


def _entry(row: Row) -> Entry:
    return from_row(
        Entry,
        row,
        spare=bool(row["spare"]),
        inducements=tuple((str(key), int(count)) for key, count in json.loads(row["inducements"])),
    )


def insert_entry(
    conn: Connection, guild_id: int, league_id: int, team_id: int, *, spare: bool, now: datetime
) -> None:
    conn.execute(
        "INSERT INTO tournament_entries (team_id, guild_id, league_id, spare, registered_at)"
        " VALUES (?, ?, ?, ?, ?)",
        (team_id, guild_id, league_id, int(spare), unix(now)),
    )


def entry(conn: Connection, guild_id: int, team_id: int) -> Entry | None:
    row = conn.execute(
        "SELECT * FROM tournament_entries WHERE guild_id = ? AND team_id = ?", (guild_id, team_id)
    ).fetchone()
    return None if row is None else _entry(row)


def entries(conn: Connection, guild_id: int, league_id: int) -> list[Entry]:
    """Every entry of the event, in registration order."""
    rows = conn.execute(
        "SELECT * FROM tournament_entries WHERE guild_id = ? AND league_id = ? ORDER BY registered_at, team_id",
        (guild_id, league_id),
    )
    return [_entry(row) for row in rows]


def set_spare(conn: Connection, guild_id: int, team_id: int, spare: bool) -> None:
    conn.execute(
        "UPDATE tournament_entries SET spare = ? WHERE guild_id = ? AND team_id = ?",
        (int(spare), guild_id, team_id),
    )


def set_inducements(
    conn: Connection, guild_id: int, team_id: int, inducements: tuple[tuple[str, int], ...]
) -> None:
    conn.execute(
        "UPDATE tournament_entries SET inducements = ? WHERE guild_id = ? AND team_id = ?",
        (json.dumps([list(pair) for pair in inducements]), guild_id, team_id),
    )


def set_naf(conn: Connection, guild_id: int, team_id: int, name: str | None, number: int | None) -> None:
    """The coach's NAF name and number on the entry (None: not given)."""
    conn.execute(
        "UPDATE tournament_entries SET naf_name = ?, naf_number = ? WHERE guild_id = ? AND team_id = ?",
        (name, number, guild_id, team_id),
    )


def add_fans(conn: Connection, guild_id: int, team_id: int, fans: int) -> None:
    conn.execute(
        "UPDATE tournament_entries SET fans_gained = fans_gained + ? WHERE guild_id = ? AND team_id = ?",
        (fans, guild_id, team_id),
    )


# --- Skill Point skills ------------------------------------------------------------------------------------


def skills_of_team(conn: Connection, guild_id: int, team_id: int) -> dict[int, str]:
    """player id -> the skill bought with Skill Points."""
    rows = conn.execute(
        "SELECT player_id, skill FROM tournament_skills WHERE guild_id = ? AND team_id = ?",
        (guild_id, team_id),
    )
    return {int(row["player_id"]): str(row["skill"]) for row in rows}


def set_skill(
    conn: Connection, guild_id: int, team_id: int, player_id: int, skill: str | None, now: datetime
) -> None:
    """Give a player their one added skill (replacing any), or take it away (None)."""
    conn.execute("DELETE FROM tournament_skills WHERE guild_id = ? AND player_id = ?", (guild_id, player_id))
    if skill is not None:
        conn.execute(
            "INSERT INTO tournament_skills (player_id, guild_id, team_id, skill, created_at) VALUES (?, ?, ?, ?, ?)",
            (player_id, guild_id, team_id, skill, unix(now)),
        )


# --- tables (pairings) -------------------------------------------------------------------------------------


def _table(row: Row) -> TableRow:
    return from_row(TableRow, row)


def insert_table(
    conn: Connection,
    guild_id: int,
    league_id: int,
    *,
    round_number: int,
    table_number: int,
    fixture_id: int | None,
    bye_team_id: int | None,
    stage: Stage = "swiss",
    label: str | None = None,
) -> None:
    conn.execute(
        "INSERT INTO tournament_tables"
        " (guild_id, league_id, round_number, table_number, fixture_id, bye_team_id, stage, label)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        (guild_id, league_id, round_number, table_number, fixture_id, bye_team_id, stage, label),
    )


def tables(
    conn: Connection, guild_id: int, league_id: int, round_number: int | None = None
) -> list[TableRow]:
    """The event's tables (of one round, or of all), by round and table number."""
    rows = conn.execute(
        "SELECT * FROM tournament_tables WHERE guild_id = ? AND league_id = ?"
        " AND (? IS NULL OR round_number = ?) ORDER BY round_number, table_number",
        (guild_id, league_id, round_number, round_number),
    )
    return [_table(row) for row in rows]


def stage_of_fixture(conn: Connection, guild_id: int, fixture_id: int) -> Stage | None:
    """The stage of the tournament table a fixture is played at (None: not a tournament game)."""
    row = conn.execute(
        "SELECT stage FROM tournament_tables WHERE guild_id = ? AND fixture_id = ?", (guild_id, fixture_id)
    ).fetchone()
    return None if row is None else row["stage"]


def last_round(conn: Connection, guild_id: int, league_id: int) -> int:
    """The number of the latest round paired (0 before the first)."""
    row = conn.execute(
        "SELECT MAX(round_number) FROM tournament_tables WHERE guild_id = ? AND league_id = ?",
        (guild_id, league_id),
    ).fetchone()
    return int(row[0] or 0)


# --- votes -------------------------------------------------------------------------------------------------


def cast_vote(
    conn: Connection,
    guild_id: int,
    league_id: int,
    kind: VoteKind,
    voter_team_id: int,
    for_team_id: int,
    now: datetime,
) -> None:
    """A coach's vote of one kind (a second vote of the same kind replaces the first)."""
    conn.execute(
        "INSERT INTO tournament_votes (guild_id, league_id, kind, voter_team_id, for_team_id, created_at)"
        " VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (league_id, kind, voter_team_id) DO UPDATE SET"
        " for_team_id = excluded.for_team_id, created_at = excluded.created_at",
        (guild_id, league_id, kind, voter_team_id, for_team_id, unix(now)),
    )


def votes(conn: Connection, guild_id: int, league_id: int) -> list[Vote]:
    rows = conn.execute(
        "SELECT kind, voter_team_id, for_team_id FROM tournament_votes WHERE guild_id = ? AND league_id = ?"
        " ORDER BY kind, voter_team_id",
        (guild_id, league_id),
    )
    return [Vote(row["kind"], row["voter_team_id"], row["for_team_id"]) for row in rows]


# --- play (part 2): the organiser's swap of two coaches between tables -----------------------------------


def set_fixture_team(conn: Connection, guild_id: int, fixture_id: int, old: int, new: int) -> None:
    """Put team `new` in `old`'s place in an unplayed fixture."""
    conn.execute(
        "UPDATE fixtures SET home_team_id = CASE WHEN home_team_id = ? THEN ? ELSE home_team_id END,"
        " away_team_id = CASE WHEN away_team_id = ? THEN ? ELSE away_team_id END"
        " WHERE guild_id = ? AND id = ? AND status = 'scheduled'",
        (old, new, old, new, guild_id, fixture_id),
    )


def set_bye_team(conn: Connection, guild_id: int, table_id: int, team_id: int) -> None:
    conn.execute(
        "UPDATE tournament_tables SET bye_team_id = ? WHERE guild_id = ? AND id = ? AND bye_team_id IS NOT NULL",
        (team_id, guild_id, table_id),
    )
