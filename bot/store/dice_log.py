"""The dice log: every die the bot rolls, with who rolled it, where, and what for."""

from __future__ import annotations

import json
from dataclasses import dataclass, fields
from datetime import datetime

from bot.clock import from_unix, unix
from bot.rules.tournament.secret_objectives import SECRET_PURPOSE
from bot.store.connection import Connection, Row

# Every public read of the log (/roll-history, the web view's dice log and game pages) keeps this condition:
# a secret roll (the Secret Objectives') is hidden while its game has no report. `SHOWN_ARGS` binds it.
SHOWN = (
    "NOT (dice_rolls.purpose LIKE ? AND EXISTS"
    " (SELECT 1 FROM fixtures f WHERE f.id = dice_rolls.fixture_id AND f.status = 'scheduled'))"
)
SHOWN_ARGS = (f"{SECRET_PURPOSE}%",)


@dataclass(frozen=True)
class NewRoll:
    """A roll to log: who rolled what, where, for what, and the faces."""

    guild_id: int
    channel_id: int
    user_id: int
    purpose: str
    expression: str
    faces: tuple[int, ...]
    labels: tuple[str, ...]
    total: int | None
    rolled_at: datetime
    fixture_id: int | None = None


@dataclass(frozen=True, kw_only=True)
class LoggedRoll(NewRoll):
    """A roll in the log: the roll and its row id."""

    id: int


def row_to_roll(row: Row) -> LoggedRoll:
    stored = json.loads(row["faces"])
    return LoggedRoll(
        id=row["id"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        user_id=row["user_id"],
        purpose=row["purpose"],
        expression=row["expression"],
        faces=tuple(stored["faces"]),
        labels=tuple(stored["labels"]),
        total=row["total"],
        fixture_id=row["fixture_id"],
        rolled_at=from_unix(row["rolled_at"]),
    )


def insert(conn: Connection, roll: NewRoll) -> LoggedRoll:
    faces = json.dumps({"faces": list(roll.faces), "labels": list(roll.labels)})
    cursor = conn.execute(
        "INSERT INTO dice_rolls (guild_id, channel_id, user_id, purpose, expression, faces, total,"
        " fixture_id, rolled_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (
            roll.guild_id,
            roll.channel_id,
            roll.user_id,
            roll.purpose,
            roll.expression,
            faces,
            roll.total,
            roll.fixture_id,
            unix(roll.rolled_at),
        ),
    )
    row_id = cursor.lastrowid
    assert row_id is not None
    given = {f.name: getattr(roll, f.name) for f in fields(roll)}
    return LoggedRoll(**{**given, "rolled_at": from_unix(unix(roll.rolled_at))}, id=row_id)


def latest_id(conn: Connection, guild_id: int, channel_id: int) -> int:
    row = conn.execute(
        "SELECT COALESCE(MAX(id), 0) FROM dice_rolls WHERE guild_id = ? AND channel_id = ?",
        (guild_id, channel_id),
    ).fetchone()
    return int(row[0])


def in_channel(
    conn: Connection, guild_id: int, channel_id: int, *, up_to_id: int, limit: int, offset: int
) -> tuple[list[LoggedRoll], int]:
    """Rolls in a channel with id <= up_to_id, newest first, one page of them, and how many there are."""
    rows = conn.execute(
        f"SELECT * FROM dice_rolls WHERE guild_id = ? AND channel_id = ? AND id <= ? AND {SHOWN}"  # noqa: S608
        " ORDER BY id DESC LIMIT ? OFFSET ?",
        (guild_id, channel_id, up_to_id, *SHOWN_ARGS, limit, offset),
    ).fetchall()
    total = conn.execute(
        f"SELECT COUNT(*) FROM dice_rolls WHERE guild_id = ? AND channel_id = ? AND id <= ? AND {SHOWN}",  # noqa: S608
        (guild_id, channel_id, up_to_id, *SHOWN_ARGS),
    ).fetchone()[0]
    return [row_to_roll(row) for row in rows], int(total)


def insert_rolls(
    conn: Connection,
    *,
    guild_id: int,
    channel_id: int,
    user_id: int,
    rolls: list[tuple[str, str, tuple[int, ...]]],
    rolled_at: datetime,
    fixture_id: int | None = None,
    league_id: int | None = None,
) -> None:
    """Log rolls a rule made: (purpose, expression such as 'd6' or '2d6', faces) each. The league is the
    one given, else the fixture's."""
    conn.executemany(
        "INSERT INTO dice_rolls (guild_id, channel_id, user_id, purpose, expression, faces, total, fixture_id,"
        " rolled_at, league_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?,"
        " COALESCE(?, (SELECT league_id FROM fixtures WHERE guild_id = ? AND id = ?)))",
        [
            (
                guild_id,
                channel_id,
                user_id,
                purpose,
                expression,
                json.dumps({"faces": list(faces), "labels": [str(f) for f in faces]}),
                sum(faces),
                fixture_id,
                unix(rolled_at),
                league_id,
                guild_id,
                fixture_id,
            )
            for purpose, expression, faces in rolls
        ],
    )
