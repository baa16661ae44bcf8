"""What several bot processes on one database claim before acting, on each engine: an announcement is
posted by one of them (a claim older than the lease, a process that died while posting, is taken over),
and the command tree is synced by one of them."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta

from bot.store import Database, announcements, meta
from bot.store.connection import Connection

NOW = datetime(2026, 11, 26, 12, 0, tzinfo=UTC)
LEASE = 300


def _announce(conn: Connection) -> int:
    league = conn.execute(
        "INSERT INTO leagues (guild_id, name, settings, created_by, created_at) VALUES (1, 'L', '{}', 1, 0)"
    ).lastrowid
    assert league is not None
    announcements.add(conn, guild_id=1, league_id=league, title="Title", lines=["line"], now=NOW)
    return announcements.unsent(conn)[0].id


async def test_an_announcement_is_claimed_once_until_its_claim_is_stale(database: Database) -> None:
    item = await database.write(_announce)
    other = await Database.open(database.location)  # a second process
    try:
        claims = await asyncio.gather(
            *(db.write(announcements.claim, item, NOW, LEASE) for db in (database, other) * 5)
        )
        assert claims.count(True) == 1
        assert not await other.write(announcements.claim, item, NOW + timedelta(seconds=LEASE - 1), LEASE)
        assert await other.write(announcements.claim, item, NOW + timedelta(seconds=LEASE), LEASE)
        assert await other.write(announcements.mark_sent, item, NOW)
        assert not await database.write(announcements.claim, item, NOW + timedelta(days=1), LEASE)
    finally:
        await other.close()


async def test_the_command_tree_is_synced_by_one_process(database: Database) -> None:
    other = await Database.open(database.location)
    try:
        changes = await asyncio.gather(
            *(db.write(meta.replace, "command_tree:global", "abc") for db in (database, other) * 4)
        )
        assert [changed for changed, _ in changes].count(True) == 1
        assert await database.write(meta.replace, "command_tree:global", "abc") == (False, "abc")
        assert await other.write(meta.replace, "command_tree:global", "def") == (True, "abc")
    finally:
        await other.close()
