"""Shared fixtures: a real database (SQLite in a temp dir, or PostgreSQL), seeded dice and a fake clock.

The store and service tests run on both engines (`backend` is parametrised for tests/store and
tests/services); every other test that uses the `database` fixture runs on `BB_TEST_BACKEND` (sqlite
unless set). The e2e tests and those that open a SQLite file themselves stay on SQLite. PostgreSQL comes from
`TEST_DATABASE_URL`, else from a throwaway server started once per session (tests/postgres_server.py).
"""

from __future__ import annotations

import asyncio
import os
import shutil
from collections.abc import AsyncIterator, Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import TypeVar

import pytest
import pytest_asyncio
from psycopg.conninfo import conninfo_to_dict

from bot.catalog import Catalog, load_catalog
from bot.clock import FakeClock
from bot.rules.dice import SeededDice
from bot.services.runtime import Actor, Runtime
from bot.store import Database
from bot.store.connection import Connection
from bot.store.postgres import is_url
from tests import postgres_server

T = TypeVar("T")
NewLocation = Callable[[str], str]  # makes a new database on the test's engine (see new_location)
BACKENDS = ("sqlite", "postgresql")
BOTH_BACKENDS = ("tests/store/", "tests/services/")  # these run on each engine


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "backend" in metafunc.fixturenames:
        path = metafunc.definition.path.as_posix()
        if any(f"/{folder}" in path for folder in BOTH_BACKENDS):
            metafunc.parametrize("backend", BACKENDS, indirect=True)


@pytest.fixture
def backend(request: pytest.FixtureRequest) -> str:
    return str(getattr(request, "param", chosen_backend()))


def chosen_backend() -> str:
    """The engine BB_TEST_BACKEND chooses for the tests not run on both (sqlite unless set)."""
    name = os.environ.get("BB_TEST_BACKEND", "sqlite")
    if name not in BACKENDS:
        raise ValueError(f"BB_TEST_BACKEND must be one of {BACKENDS}, not {name!r}")
    return name


@pytest.fixture(scope="session")
def postgres() -> Iterator[postgres_server.Server]:
    """The session's PostgreSQL server, with a template database migrated to this code's schema."""

    async def migrate(url: str) -> None:
        db = await Database.open(url)
        try:
            await db.migrate()
        finally:
            await db.close()

    def migrate_now(url: str) -> None:  # on a thread of its own: a test's event loop may be running here
        with ThreadPoolExecutor(max_workers=1) as thread:
            thread.submit(asyncio.run, migrate(url)).result()

    with postgres_server.server() as server:
        server.make_template(migrate_now)
        yield server


@pytest.fixture
def new_location(backend: str, tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[NewLocation]:
    """Makes new, empty databases on the test's engine, by name: a SQLite file in the test's folder, or a
    new PostgreSQL database (dropped after the test). Returns where each is (a path, or a URL)."""
    made: list[str] = []

    def new(name: str) -> str:
        if backend == "sqlite":
            return str(tmp_path / f"{name}.sqlite3")
        server: postgres_server.Server = request.getfixturevalue("postgres")
        made.append(server.new_database())
        return made[-1]

    yield new
    for url in made:
        request.getfixturevalue("postgres").drop(url)


@pytest.fixture
def database_location(new_location: NewLocation) -> str:
    """Where a new, empty database is: a SQLite file path, or a new PostgreSQL database's URL."""
    return new_location("test")


def built_once_location(
    tmp_path_factory: pytest.TempPathFactory, request: pytest.FixtureRequest, name: str
) -> str:
    """Where a module builds a database once for its tests to copy (see `copy_of`): a SQLite file, or a new
    PostgreSQL database (dropped when the fixture asking ends)."""
    if chosen_backend() == "sqlite":
        return str(tmp_path_factory.mktemp(name) / f"{name}.sqlite3")
    server: postgres_server.Server = request.getfixturevalue("postgres")
    url = server.new_database()
    request.addfinalizer(lambda: server.drop(url))
    return url


def copy_of(source: str, tmp_path: Path, request: pytest.FixtureRequest) -> str:
    """A copy of a built database for one test: the SQLite file copied, or a new PostgreSQL database made
    with the built one as its template (dropped after the test)."""
    if not is_url(source):
        copy = tmp_path / "copy.sqlite3"
        shutil.copy(source, copy)
        return str(copy)
    server: postgres_server.Server = request.getfixturevalue("postgres")
    url = server.new_database(template=conninfo_to_dict(source)["dbname"])
    request.addfinalizer(lambda: server.drop(url))
    return url


async def on_database(location: str | Path, work: Callable[[Connection], T]) -> T:
    """Run `work` in one write transaction on the database at `location` (either engine), as the store
    runs a unit of work: for tests that set up or read rows directly."""
    db = await Database.open(location)
    try:
        return await db.write(work)
    finally:
        await db.close()


@pytest_asyncio.fixture
async def database(backend: str, tmp_path: Path, request: pytest.FixtureRequest) -> AsyncIterator[Database]:
    """A migrated database on the test's engine (PostgreSQL: a copy of the session's migrated template)."""
    if backend == "sqlite":
        db = await Database.open(tmp_path / "test.sqlite3")
        await db.migrate()
        yield db
        await db.close()
        return
    server: postgres_server.Server = request.getfixturevalue("postgres")
    url = server.new_database(server.template)
    db = await Database.open(url)
    await db.migrate()
    yield db
    await db.close()
    server.drop(url)


CATALOG: Catalog = load_catalog()


@pytest_asyncio.fixture
async def runtime(database: Database) -> Runtime:
    return Runtime(db=database, dice=SeededDice(1234), clock=FakeClock(), catalog=CATALOG)


def actor(guild_id: int = 1, user_id: int = 10, channel_id: int = 100) -> Actor:
    return Actor(guild_id=guild_id, user_id=user_id, channel_id=channel_id)
