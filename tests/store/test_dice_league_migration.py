"""Migration 0022 gives earlier rolls their league: a fixture's rolls its league, a draw the league its
purpose names (the longest name when one starts another), an off-season check its team's league; rolls of
no league (/roll) stay without one."""

from __future__ import annotations

import sqlite3

from bot.store.database import _apply_migrations, load_migrations


def test_earlier_rolls_get_the_league_they_were_rolled_for() -> None:
    migrations = load_migrations()
    conn = sqlite3.connect(":memory:", isolation_level=None)  # autocommit, as the store opens it
    conn.execute("PRAGMA foreign_keys = ON")
    _apply_migrations(conn, [m for m in migrations if m.version < 22])
    conn.executescript(
        """
        INSERT INTO leagues (id, guild_id, name, settings, created_by, created_at)
            VALUES (1, 9, 'Old World', '{}', 1, 0), (2, 9, 'Old World Two', '{}', 1, 0),
                   (3, 8, 'Old World', '{}', 1, 0);
        INSERT INTO teams
            (id, guild_id, league_id, coach_id, name, roster, regional_league, treasury, created_at)
            VALUES (1, 9, 1, 10, 'Reavers', 'human', 'Old World Classic', 0, 0),
                   (2, 9, 2, 11, 'Raiders', 'orc', 'Badlands Brawl', 0, 0);
        INSERT INTO fixtures (id, guild_id, league_id, kind, home_team_id, away_team_id, created_at)
            VALUES (1, 9, 2, 'friendly', 1, 2, 0);
        """
    )
    purposes = [
        ("Old World season 1: division draw", None),
        ("Old World Two season 1: play-off draw", None),
        ("Raiders off-season: niggling injury heals?", None),
        ("armour", None),
        ("Reavers v Raiders: winnings", 1),
    ]
    conn.executemany(
        "INSERT INTO dice_rolls (guild_id, channel_id, user_id, purpose, expression, faces, fixture_id,"
        ' rolled_at) VALUES (9, 5, 1, ?, \'d6\', \'{"faces": [3], "labels": ["3"]}\', ?, 0)',
        purposes,
    )
    _apply_migrations(conn, migrations)
    leagues = [r[0] for r in conn.execute("SELECT league_id FROM dice_rolls ORDER BY id")]
    assert leagues == [1, 2, 2, None, 2]
