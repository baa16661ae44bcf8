"""What is due when: round deadlines, reminders, automatic confirmations. Every piece of work is claimed with
a conditional UPDATE before it is done, so it is done once even if two processes (or a restart) try."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from bot.clock import from_unix, unix
from bot.rules.times import EARLIEST_UNIX, LATEST_UNIX
from bot.store.connection import Connection, Row
from bot.store.rows import readable


@dataclass(frozen=True)
class Due:
    kind: str  # 'deadline', 'reminder', 'auto_confirm'
    guild_id: int
    item_id: int  # round, reminder or fixture id
    at: datetime

    @property
    def job_id(self) -> str:
        return f"{self.kind}:{self.item_id}"


def _due(kind: str, row: Row, column: str) -> Due | None:
    """A due item of a row, or None when its time is one the bot never writes (a bad row: `unreadable`)."""
    at = readable(int(row[column]))
    return None if at is None else Due(kind, row["guild_id"], row["id"], at)


def _dues(kind: str, rows: list[Row], column: str) -> list[Due]:
    return [due for due in (_due(kind, row, column) for row in rows) if due is not None]


def open_rounds(conn: Connection, until: int = LATEST_UNIX) -> list[tuple[Due, int]]:
    """Every open round of a running (not paused) season whose deadline is at `until` (unix) or before,
    with its deadline and its league's id (a round whose deadline cannot be read is left out: `unreadable`
    names it)."""
    rows = conn.execute(
        "SELECT r.id, r.guild_id, r.deadline_at, s.league_id FROM rounds r JOIN seasons s ON s.id = r.season_id"
        " WHERE r.status = 'open' AND r.deadline_at <= ? AND s.paused_at IS NULL"
        " AND s.status IN ('regular', 'playoffs') ORDER BY r.deadline_at",
        (until,),
    ).fetchall()
    found = ((_due("deadline", row, "deadline_at"), int(row["league_id"])) for row in rows)
    return [(due, league_id) for due, league_id in found if due is not None]


def rounds_without_reminders(conn: Connection, since: int, until: int = LATEST_UNIX) -> list[tuple[Due, int]]:
    """Every open round of a running season whose deadline is between `since` and `until` (unix) and that
    has no reminder at all (opened before reminders existed, or imported without them), with its league's
    id. A round writes its reminders when it opens, so these are few."""
    rows = conn.execute(
        "SELECT r.id, r.guild_id, r.deadline_at, s.league_id FROM rounds r JOIN seasons s ON s.id = r.season_id"
        " WHERE r.status = 'open' AND r.deadline_at BETWEEN ? AND ? AND s.paused_at IS NULL"
        " AND s.status IN ('regular', 'playoffs')"
        " AND NOT EXISTS (SELECT 1 FROM reminders m WHERE m.round_id = r.id)",
        (max(since, EARLIEST_UNIX), min(until, LATEST_UNIX)),
    ).fetchall()
    found = ((_due("deadline", row, "deadline_at"), int(row["league_id"])) for row in rows)
    return [(due, league_id) for due, league_id in found if due is not None]


def pending_reminders(conn: Connection, until: int = LATEST_UNIX) -> list[Due]:
    rows = conn.execute(
        "SELECT m.id, m.guild_id, m.remind_at FROM reminders m JOIN rounds r ON r.id = m.round_id"
        " JOIN seasons s ON s.id = r.season_id WHERE m.status = 'pending' AND m.remind_at <= ?"
        " AND r.status = 'open' AND s.paused_at IS NULL ORDER BY m.remind_at",
        (until,),
    ).fetchall()
    return _dues("reminder", rows, "remind_at")


def pending_auto_confirms(conn: Connection, until: int = LATEST_UNIX) -> list[Due]:
    rows = conn.execute(
        "SELECT id, guild_id, auto_confirm_at FROM fixtures WHERE status = 'reported' AND auto_confirm_at <= ?"
        " ORDER BY auto_confirm_at",
        (until,),
    ).fetchall()
    return _dues("auto_confirm", rows, "auto_confirm_at")


def ensure_reminders(
    conn: Connection,
    guild_id: int,
    round_id: int,
    deadline: datetime,
    hours: tuple[int, ...],
    now: datetime,
) -> None:
    """One reminder per offset; a time already passed when the round is created is not worth a reminder."""
    add_reminders(conn, reminders_due(guild_id, round_id, deadline, hours, now))


def reminders_due(
    guild_id: int, round_id: int, deadline: datetime, hours: tuple[int, ...], now: datetime
) -> list[tuple[int, int, int, int]]:
    """The (guild, round, hours, unix time) of each reminder a round should have: those still ahead."""
    times = ((offset, unix(deadline) - offset * 3600) for offset in hours)
    return [(guild_id, round_id, offset, at) for offset, at in times if at > unix(now)]


def add_reminders(conn: Connection, reminders: list[tuple[int, int, int, int]]) -> None:
    """Write reminders (from `reminders_due`) in one batch; one a round already has is left as it is."""
    if reminders:
        conn.executemany(
            "INSERT INTO reminders (guild_id, round_id, hours, remind_at) VALUES (?, ?, ?, ?)"
            " ON CONFLICT DO NOTHING",
            reminders,
        )


def move_reminders(conn: Connection, guild_id: int, round_id: int, deadline: datetime) -> None:
    """An extended deadline moves its pending reminders with it."""
    conn.execute(
        "UPDATE reminders SET remind_at = ? - hours * 3600 WHERE guild_id = ? AND round_id = ?"
        " AND status = 'pending'",
        (unix(deadline), guild_id, round_id),
    )


def claim_round(conn: Connection, guild_id: int, round_id: int, now: datetime) -> bool:
    cursor = conn.execute(
        "UPDATE rounds SET status = 'closed', processed_at = ? WHERE guild_id = ? AND id = ? AND status = 'open'"
        " AND deadline_at <= ?",
        (unix(now), guild_id, round_id, unix(now)),
    )
    return cursor.rowcount == 1


def close_rounds(conn: Connection, guild_id: int, season_id: int, now: datetime) -> int:
    """Every open round of a season is over (its fixtures all settled early): no deadline job is left."""
    cursor = conn.execute(
        "UPDATE rounds SET status = 'closed', processed_at = ? WHERE guild_id = ? AND season_id = ?"
        " AND status = 'open'",
        (unix(now), guild_id, season_id),
    )
    return cursor.rowcount


def claim_reminder(conn: Connection, guild_id: int, reminder_id: int, now: datetime) -> int | None:
    """Claim a due reminder's round; returns the round id, or None if there is nothing to send.

    Only the latest reminder of the round that is due and still before the deadline is sent (whichever of
    the round's due reminders fires first sends it); the earlier due ones are marked skipped, so after a
    downtime coaches get one reminder, not several with the same text. Once the deadline has passed none is
    sent: every due reminder of the round is skipped (the deadline's own processing announces the end).
    """
    row = conn.execute(
        "SELECT m.round_id, r.deadline_at, r.status AS round_status FROM reminders m"
        " JOIN rounds r ON r.id = m.round_id WHERE m.guild_id = ? AND m.id = ? AND m.status = 'pending'"
        " AND m.remind_at <= ?",
        (guild_id, reminder_id, unix(now)),
    ).fetchone()
    if row is None:
        return None  # sent or skipped already, or not due
    round_id = int(row["round_id"])
    due = conn.execute(
        "SELECT id FROM reminders WHERE guild_id = ? AND round_id = ? AND status = 'pending' AND remind_at <= ?"
        " ORDER BY remind_at DESC, id DESC",
        (guild_id, round_id, unix(now)),
    ).fetchall()
    still_before = row["round_status"] == "open" and row["deadline_at"] > unix(now)
    send = int(due[0]["id"]) if still_before else None
    for item in due:
        conn.execute(
            "UPDATE reminders SET status = ?, sent_at = ? WHERE guild_id = ? AND id = ? AND status = 'pending'",
            ("sent" if item["id"] == send else "skipped", unix(now), guild_id, item["id"]),
        )
    return round_id if send is not None else None


def claim_auto_confirm(conn: Connection, guild_id: int, fixture_id: int, now: datetime) -> bool:
    cursor = conn.execute(
        "UPDATE fixtures SET auto_confirm_at = NULL, settled_by = 'auto_confirm' WHERE guild_id = ? AND id = ?"
        " AND status = 'reported' AND auto_confirm_at IS NOT NULL AND auto_confirm_at <= ?",
        (guild_id, fixture_id, unix(now)),
    )
    return cursor.rowcount == 1


def set_auto_confirm(conn: Connection, guild_id: int, fixture_id: int, at: datetime) -> None:
    conn.execute(
        "UPDATE fixtures SET auto_confirm_at = ? WHERE guild_id = ? AND id = ?",
        (unix(at), guild_id, fixture_id),
    )


def round_fixture_ids(conn: Connection, guild_id: int, round_id: int) -> list[int]:
    rows = conn.execute(
        "SELECT id FROM fixtures WHERE guild_id = ? AND round_id = ? AND kind IN ('league', 'playoff') ORDER BY id",
        (guild_id, round_id),
    )
    return [int(row["id"]) for row in rows]


def round_info(conn: Connection, guild_id: int, round_id: int) -> Row | None:
    row: Row | None = conn.execute(
        "SELECT r.*, s.league_id, s.number AS season_number FROM rounds r JOIN seasons s ON s.id = r.season_id"
        " WHERE r.guild_id = ? AND r.id = ?",
        (guild_id, round_id),
    ).fetchone()
    return row


def mark_settled(conn: Connection, guild_id: int, fixture_id: int, how: str) -> None:
    conn.execute(
        "UPDATE fixtures SET settled_by = ? WHERE guild_id = ? AND id = ?", (how, guild_id, fixture_id)
    )


def request_concession(conn: Connection, guild_id: int, fixture_id: int, team_id: int) -> None:
    conn.execute(
        "UPDATE fixtures SET concede_requested_by = ? WHERE guild_id = ? AND id = ?",
        (team_id, guild_id, fixture_id),
    )


def concession_of(conn: Connection, guild_id: int, fixture_id: int) -> int | None:
    row = conn.execute(
        "SELECT concede_requested_by FROM fixtures WHERE guild_id = ? AND id = ?", (guild_id, fixture_id)
    ).fetchone()
    return None if row is None else row["concede_requested_by"]


def next_open_round(conn: Connection, guild_id: int, season_id: int) -> tuple[int, datetime] | None:
    row = conn.execute(
        "SELECT number, deadline_at FROM rounds WHERE guild_id = ? AND season_id = ? AND status = 'open'"
        " ORDER BY number LIMIT 1",
        (guild_id, season_id),
    ).fetchone()
    return None if row is None else (int(row["number"]), from_unix(row["deadline_at"]))


def shift_round(conn: Connection, guild_id: int, round_id: int, *, deadline_by: int, start_by: int) -> None:
    conn.execute(
        "UPDATE rounds SET deadline_at = deadline_at + ?, starts_at = starts_at + ? WHERE guild_id = ? AND id = ?",
        (deadline_by, start_by, guild_id, round_id),
    )


def paused_at(conn: Connection, guild_id: int, season_id: int) -> int | None:
    row = conn.execute(
        "SELECT paused_at FROM seasons WHERE guild_id = ? AND id = ?", (guild_id, season_id)
    ).fetchone()
    return None if row is None else row["paused_at"]


def set_paused(conn: Connection, guild_id: int, season_id: int, at: datetime | None) -> None:
    conn.execute(
        "UPDATE seasons SET paused_at = ? WHERE guild_id = ? AND id = ?",
        (None if at is None else unix(at), guild_id, season_id),
    )


def shift_open_deadlines(conn: Connection, guild_id: int, season_id: int, seconds: int) -> None:
    """Every open deadline of the season, and its pending reminders, move on by `seconds`."""
    conn.execute(
        "UPDATE rounds SET deadline_at = deadline_at + ? WHERE guild_id = ? AND season_id = ? AND status = 'open'",
        (seconds, guild_id, season_id),
    )
    conn.execute(
        "UPDATE reminders SET remind_at = remind_at + ? WHERE guild_id = ? AND status = 'pending' AND round_id IN"
        " (SELECT id FROM rounds WHERE guild_id = ? AND season_id = ? AND status = 'open')",
        (seconds, guild_id, guild_id, season_id),
    )


def extended_fixtures(conn: Connection, until: int = LATEST_UNIX) -> list[Due]:
    """Fixtures with their own (extended) deadline, at `until` or before, still to be processed, in running
    seasons."""
    rows = conn.execute(
        "SELECT f.id, f.guild_id, f.deadline_at FROM fixtures f JOIN seasons s ON s.id = f.season_id"
        " WHERE f.deadline_processed_at IS NULL AND f.deadline_at <= ? AND f.status IN ('scheduled', 'reported')"
        " AND s.paused_at IS NULL ORDER BY f.deadline_at",
        (until,),
    ).fetchall()
    return _dues("fixture_deadline", rows, "deadline_at")


def set_fixture_deadline(conn: Connection, guild_id: int, fixture_id: int, at: datetime) -> None:
    conn.execute(
        "UPDATE fixtures SET deadline_at = ? WHERE guild_id = ? AND id = ?", (unix(at), guild_id, fixture_id)
    )


def own_deadline(conn: Connection, guild_id: int, fixture_id: int) -> datetime | None:
    row = conn.execute(
        "SELECT deadline_at FROM fixtures WHERE guild_id = ? AND id = ?", (guild_id, fixture_id)
    ).fetchone()
    return None if row is None or row["deadline_at"] is None else from_unix(row["deadline_at"])


def claim_fixture_deadline(conn: Connection, guild_id: int, fixture_id: int, now: datetime) -> bool:
    cursor = conn.execute(
        "UPDATE fixtures SET deadline_processed_at = ? WHERE guild_id = ? AND id = ? AND deadline_at IS NOT NULL"
        " AND deadline_at <= ? AND deadline_processed_at IS NULL",
        (unix(now), guild_id, fixture_id, unix(now)),
    )
    return cursor.rowcount == 1


def shift_fixture_deadlines(conn: Connection, guild_id: int, season_id: int, seconds: int) -> None:
    conn.execute(
        "UPDATE fixtures SET deadline_at = deadline_at + ? WHERE guild_id = ? AND season_id = ?"
        " AND deadline_at IS NOT NULL AND deadline_processed_at IS NULL",
        (seconds, guild_id, season_id),
    )


def replan_reminders(
    conn: Connection, guild_id: int, league_id: int, hours: tuple[int, ...], now: datetime
) -> None:
    """The league's reminder hours changed: every open round of its running seasons gets the new set.
    Pending reminders at hours no longer wanted go; new hours get a reminder if its time is still ahead."""
    rounds = conn.execute(
        "SELECT r.id, r.deadline_at FROM rounds r JOIN seasons s ON s.id = r.season_id"
        " WHERE r.guild_id = ? AND s.league_id = ? AND r.status = 'open'",
        (guild_id, league_id),
    ).fetchall()
    for row in rounds:
        pending = conn.execute(
            "SELECT id, hours FROM reminders WHERE guild_id = ? AND round_id = ? AND status = 'pending'",
            (guild_id, row["id"]),
        ).fetchall()
        conn.executemany(
            "DELETE FROM reminders WHERE guild_id = ? AND id = ? AND status = 'pending'",
            [(guild_id, p["id"]) for p in pending if p["hours"] not in hours],
        )
        ensure_reminders(conn, guild_id, int(row["id"]), from_unix(row["deadline_at"]), hours, now)


def hold_unplayed(conn: Connection, guild_id: int, fixture_id: int, now: datetime) -> None:
    """An unplayed fixture whose settlement waits for a post-game: it becomes due again as its own deadline."""
    conn.execute(
        "UPDATE fixtures SET deadline_at = ?, deadline_processed_at = NULL WHERE guild_id = ? AND id = ?",
        (unix(now), guild_id, fixture_id),
    )


def overdue_of_team(conn: Connection, guild_id: int, team_id: int, now: datetime) -> list[int]:
    """The team's fixtures whose automatic confirmation or deadline settlement is overdue (held)."""
    rows = conn.execute(
        "SELECT id FROM fixtures WHERE guild_id = ? AND (home_team_id = ? OR away_team_id = ?) AND ("
        " (status = 'reported' AND auto_confirm_at IS NOT NULL AND auto_confirm_at <= ?)"
        " OR (status = 'scheduled' AND deadline_at IS NOT NULL AND deadline_processed_at IS NULL"
        " AND deadline_at <= ?)) ORDER BY id",
        (guild_id, team_id, team_id, unix(now), unix(now)),
    )
    return [int(row["id"]) for row in rows]


@dataclass(frozen=True)
class Unreadable:
    """A row the watch would arm whose time the bot never writes (imported, migrated or edited by hand)."""

    guild_id: int
    league_id: int
    what: str  # 'round', 'reminder', 'fixture', 'signing draft'
    item_id: int
    seconds: int


# (what, the query of its league and time among the rows the watch arms, the time's column): each read twice,
# below the earliest and above the latest time, so an index finds the (rare) bad rows without a scan.
_UNREADABLE = (
    (
        "round",
        "SELECT r.guild_id, s.league_id, r.id, r.deadline_at FROM rounds r JOIN seasons s ON s.id = r.season_id"
        " WHERE r.status = 'open'",
        "r.deadline_at",
    ),
    (
        "reminder",
        "SELECT m.guild_id, s.league_id, m.id, m.remind_at FROM reminders m JOIN rounds r ON r.id = m.round_id"
        " JOIN seasons s ON s.id = r.season_id WHERE m.status = 'pending'",
        "m.remind_at",
    ),
    (
        "fixture",
        "SELECT guild_id, league_id, id, auto_confirm_at FROM fixtures WHERE status = 'reported'",
        "auto_confirm_at",
    ),
    (
        "fixture",
        "SELECT guild_id, league_id, id, deadline_at FROM fixtures WHERE deadline_processed_at IS NULL"
        " AND status IN ('scheduled', 'reported')",
        "deadline_at",
    ),
    (
        "signing draft",
        "SELECT guild_id, league_id, id, pick_deadline_at FROM signing_drafts WHERE status = 'open'",
        "pick_deadline_at",
    ),
)


def unreadable(conn: Connection) -> list[Unreadable]:
    """Every row the watch would arm whose time is outside what the bot writes: skipped by the watch."""
    found = []
    for what, query, column in _UNREADABLE:
        for bound, value in (("<", EARLIEST_UNIX), (">", LATEST_UNIX)):
            for row in conn.execute(f"{query} AND {column} {bound} ?", (value,)).fetchall():
                found.append(Unreadable(int(row[0]), int(row[1]), what, int(row[2]), int(row[3])))
    return found
