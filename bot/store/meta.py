"""Small key/value facts the bot keeps about itself (e.g. the hash of the last synced command tree)."""

from __future__ import annotations

from bot.store.connection import Connection


def get(conn: Connection, key: str) -> str | None:
    row = conn.execute("SELECT value FROM app_meta WHERE key = ?", (key,)).fetchone()
    return None if row is None else str(row["value"])


def put(conn: Connection, key: str, value: str) -> None:
    conn.execute(
        "INSERT INTO app_meta (key, value) VALUES (?, ?)"
        " ON CONFLICT (key) DO UPDATE SET value = excluded.value",
        (key, value),
    )


def replace(conn: Connection, key: str, value: str) -> tuple[bool, str | None]:
    """Set `key` to `value` unless it already is; returns whether it changed and what it was. Run in one
    transaction, two processes replacing with the same value see one change between them."""
    previous = get(conn, key)
    if previous == value:
        return False, previous
    put(conn, key, value)
    return True, previous
