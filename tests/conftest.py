"""Shared fixtures: a real SQLite database in a temp dir, seeded dice and a fake clock."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest_asyncio

from bot.catalog import Catalog, load_catalog
from bot.clock import FakeClock
from bot.rules.dice import SeededDice
from bot.services.runtime import Actor, Runtime
from bot.store import Database


@pytest_asyncio.fixture
async def database(tmp_path: Path) -> AsyncIterator[Database]:
    db = await Database.open(tmp_path / "test.sqlite3")
    await db.migrate()
    yield db
    await db.close()


CATALOG: Catalog = load_catalog()


@pytest_asyncio.fixture
async def runtime(database: Database) -> Runtime:
    return Runtime(db=database, dice=SeededDice(1234), clock=FakeClock(), catalog=CATALOG)


def actor(guild_id: int = 1, user_id: int = 10, channel_id: int = 100) -> Actor:
    return Actor(guild_id=guild_id, user_id=user_id, channel_id=channel_id)
