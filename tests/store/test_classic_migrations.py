"""Migration 0024 rebuilds `teams` so a classic Fan Factor may pass 7 (seed 003: it rises while 3D6 beats
it), keeping every row and every foreign key; migration 0025 adds the fixture's pre-game steps."""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime

import pytest

from bot.store import pregame as pregame_store
from bot.store.database import _apply_migrations, load_migrations

NOW = datetime(2026, 11, 1, tzinfo=UTC)


def _database(before: int) -> sqlite3.Connection:
    conn = sqlite3.connect(":memory:", isolation_level=None)  # autocommit, as the store opens it
    conn.row_factory = sqlite3.Row
    conn.execute("PRAGMA foreign_keys = ON")
    _apply_migrations(conn, [m for m in load_migrations() if m.version < before])
    conn.executescript(
        """
        INSERT INTO leagues (id, guild_id, name, settings, created_by, created_at)
            VALUES (1, 9, 'Old World', '{}', 1, 0);
        INSERT INTO teams (id, guild_id, league_id, coach_id, name, roster, regional_league, treasury,
            dedicated_fans, created_at)
            VALUES (1, 9, 1, 10, 'Reavers', 'human', 'Old World Classic', 50000, 7, 0),
                   (2, 9, 1, 11, 'Raiders', 'orc', 'Badlands Brawl', 0, 2, 0);
        INSERT INTO players (guild_id, team_id, number, name, position, hiring_fee, created_at)
            VALUES (9, 1, 1, 'Griff', 'human_lineman', 50000, 0);
        INSERT INTO fixtures (id, guild_id, league_id, kind, home_team_id, away_team_id, created_at)
            VALUES (1, 9, 1, 'friendly', 1, 2, 0);
        """
    )
    return conn


def test_the_teams_rebuild_keeps_every_row_and_lets_a_fan_factor_pass_seven() -> None:
    conn = _database(24)
    _apply_migrations(conn, load_migrations())
    rows = [
        tuple(r) for r in conn.execute("SELECT id, name, treasury, dedicated_fans FROM teams ORDER BY id")
    ]
    assert rows == [(1, "Reavers", 50000, 7), (2, "Raiders", 0, 2)]
    assert conn.execute("PRAGMA foreign_keys").fetchone()[0] == 1
    assert conn.execute("PRAGMA foreign_key_check").fetchall() == []
    conn.execute("UPDATE teams SET dedicated_fans = 18 WHERE id = 1")
    with pytest.raises(sqlite3.IntegrityError):
        conn.execute("UPDATE teams SET dedicated_fans = 19 WHERE id = 1")
    with pytest.raises(sqlite3.IntegrityError):
        conn.execute("UPDATE teams SET dedicated_fans = 0 WHERE id = 1")
    with pytest.raises(sqlite3.IntegrityError):  # the players still point at a team that must exist
        conn.execute(
            "INSERT INTO players (guild_id, team_id, number, name, position, hiring_fee, created_at)"
            " VALUES (9, 99, 2, 'Nobody', 'human_lineman', 50000, 0)"
        )
    names = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE tbl_name = 'teams'")}
    assert {"teams_one_per_coach", "teams_by_guild"} <= names


def test_a_rebuild_that_breaks_a_foreign_key_is_refused_whole() -> None:
    conn = _database(24)
    conn.execute("PRAGMA foreign_keys = OFF")
    conn.execute("UPDATE players SET team_id = 99")  # a row the rebuild's check must find
    conn.execute("PRAGMA foreign_keys = ON")
    with pytest.raises(RuntimeError, match="foreign key"):
        _apply_migrations(conn, load_migrations())
    assert conn.execute("PRAGMA user_version").fetchone()[0] == 23
    assert conn.execute("PRAGMA foreign_keys").fetchone()[0] == 1


def test_a_pregame_step_is_written_once_and_a_recording_can_be_corrected() -> None:
    conn = _database(26)
    assert pregame_store.write(conn, 9, 1, "weather", {"entry": "Nice"}, actor_id=10, now=NOW)
    assert not pregame_store.write(conn, 9, 1, "weather", {"entry": "Blizzard"}, actor_id=11, now=NOW)
    assert pregame_store.step(conn, 9, 1, "weather").result == {"entry": "Nice"}  # type: ignore[union-attr]
    assert pregame_store.step(conn, 8, 1, "weather") is None  # another server sees nothing
    assert pregame_store.write(
        conn, 9, 1, "famous_referees", {"text": "Jorm"}, actor_id=1, now=NOW, recorded=True
    )
    assert pregame_store.write(
        conn, 9, 1, "famous_referees", {"text": "Ranulf"}, actor_id=1, now=NOW, recorded=True
    )
    assert not pregame_store.write(conn, 9, 1, "weather", {"text": "x"}, actor_id=1, now=NOW, recorded=True)
    steps = pregame_store.steps(conn, 9, 1)
    assert list(steps) == ["weather", "famous_referees"]
    assert steps["famous_referees"].result == {"text": "Ranulf"} and steps["famous_referees"].recorded
    assert not steps["weather"].recorded
