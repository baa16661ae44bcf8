"""The one seam with aiosqlite's private API (bot/store/aiosqlite_bridge.py): it still holds for the
aiosqlite installed, the range in pyproject.toml is the one the adapter names, and a changed aiosqlite is
refused with a message that says what changed and which versions were tested."""

from __future__ import annotations

import sqlite3
import threading
import tomllib
from collections.abc import AsyncIterator
from importlib import metadata
from pathlib import Path
from typing import cast

import aiosqlite
import pytest
from packaging.requirements import Requirement
from packaging.specifiers import SpecifierSet

from bot.store import Database, aiosqlite_bridge

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
async def connection(tmp_path: Path) -> AsyncIterator[aiosqlite.Connection]:
    conn = await aiosqlite.connect(str(tmp_path / "bridge.sqlite3"), isolation_level=None)
    try:
        yield conn
    finally:
        await conn.close()


def test_the_installed_aiosqlite_is_in_the_tested_range() -> None:
    installed = metadata.version("aiosqlite")
    assert installed in SpecifierSet(aiosqlite_bridge.TESTED_VERSIONS), (
        f"aiosqlite {installed} is outside the range bot/store/aiosqlite_bridge.py was tested with "
        f"({aiosqlite_bridge.TESTED_VERSIONS}): run these tests with it, then widen the range"
    )


def test_pyproject_allows_exactly_the_tested_range() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    (requirement,) = [r for r in map(Requirement, project["dependencies"]) if r.name == "aiosqlite"]
    assert requirement.specifier == SpecifierSet(aiosqlite_bridge.TESTED_VERSIONS)


async def test_the_private_members_are_as_the_adapter_uses_them(connection: aiosqlite.Connection) -> None:
    aiosqlite_bridge.check(connection)  # raises IncompatibleAiosqlite otherwise


async def test_a_unit_of_work_runs_on_the_connections_own_thread(connection: aiosqlite.Connection) -> None:
    await connection.create_function("thread_id", 0, threading.get_ident)
    async with connection.execute("SELECT thread_id()") as cursor:  # the public API: aiosqlite's thread
        row = await cursor.fetchone()
    assert row is not None
    connection_thread = row[0]

    def unit(conn: sqlite3.Connection) -> tuple[bool, int, int]:
        return (
            isinstance(conn, sqlite3.Connection),
            threading.get_ident(),
            conn.execute("SELECT 41 + 1").fetchone()[0],
        )

    is_sqlite3, thread, answer = await aiosqlite_bridge.run_on_connection_thread(connection, unit)
    assert (is_sqlite3, answer) == (True, 42)
    assert thread == connection_thread != threading.get_ident()


async def test_an_error_in_the_unit_of_work_reaches_the_caller(connection: aiosqlite.Connection) -> None:
    def unit(conn: sqlite3.Connection) -> None:
        conn.execute("SELECT * FROM no_such_table")

    with pytest.raises(sqlite3.OperationalError, match="no_such_table"):
        await aiosqlite_bridge.run_on_connection_thread(connection, unit)


class _Changed:
    """An aiosqlite whose private members changed: `_execute` is no longer a coroutine, `_conn` a method."""

    def _execute(self, fn, *args, **kwargs):  # type: ignore[no-untyped-def]
        return fn(*args, **kwargs)

    def _conn(self) -> None:
        return None


def test_a_changed_aiosqlite_is_refused_loudly() -> None:
    with pytest.raises(aiosqlite_bridge.IncompatibleAiosqlite) as refused:
        aiosqlite_bridge.check(cast(aiosqlite.Connection, _Changed()))
    message = str(refused.value)
    assert f"aiosqlite {metadata.version('aiosqlite')} is not supported" in message
    assert "_execute is no longer a coroutine function" in message
    assert "_conn is no longer a property" in message
    assert aiosqlite_bridge.TESTED_VERSIONS in message


async def test_opening_the_database_refuses_a_changed_aiosqlite(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def refuse(connection: aiosqlite.Connection) -> None:
        raise aiosqlite_bridge.IncompatibleAiosqlite("changed")

    monkeypatch.setattr(aiosqlite_bridge, "check", refuse)
    with pytest.raises(aiosqlite_bridge.IncompatibleAiosqlite):
        await Database.open(tmp_path / "league.sqlite3")
