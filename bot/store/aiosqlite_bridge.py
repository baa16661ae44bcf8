"""The store's one seam with aiosqlite's private API, kept here and nowhere else.

Why: a unit of work (`fn(conn, ...)`) runs whole on aiosqlite's connection thread in one hop. aiosqlite's
public API hops to that thread once per statement (`await conn.execute(...)`), about 20 times slower for a
typical service call (see DESIGN's performance notes and bench/), and it has no public call for "run this
function on the connection's thread". So this module uses two private members of
`aiosqlite.Connection`, as they are in the versions pyproject.toml allows (the range CI installs and tests):

- `_execute(fn, *args)`: queues a plain function on the connection's thread and awaits its result;
- `_conn`: the `sqlite3.Connection`, which only that thread may touch.

`check(connection)` runs when the database opens and refuses, with a message naming the installed and
the tested versions, an aiosqlite whose members no longer look like this; tests/store/test_aiosqlite_bridge.py
checks the same against every aiosqlite CI installs, so an upgrade that changes them fails loudly.
"""

from __future__ import annotations

import inspect
import sqlite3
from collections.abc import Awaitable, Callable
from importlib import metadata
from typing import TypeVar, cast

import aiosqlite

T = TypeVar("T")

TESTED_VERSIONS = ">=0.22.1,<0.23"  # keep equal to the aiosqlite range in pyproject.toml


class IncompatibleAiosqlite(RuntimeError):
    """The installed aiosqlite no longer has the private members this adapter relies on."""


def check(connection: aiosqlite.Connection) -> None:
    """Raise IncompatibleAiosqlite unless `connection` has `_execute` (a coroutine function) and `_conn`."""
    problems = []
    execute = getattr(type(connection), "_execute", None)
    if execute is None or not inspect.iscoroutinefunction(execute):
        problems.append("Connection._execute is no longer a coroutine function")
    if not isinstance(getattr(type(connection), "_conn", None), property):
        problems.append("Connection._conn is no longer a property")
    if problems:
        raise IncompatibleAiosqlite(
            f"aiosqlite {metadata.version('aiosqlite')} is not supported ({'; '.join(problems)}); "
            f"bot/store/aiosqlite_bridge.py was tested with aiosqlite{TESTED_VERSIONS}."
        )


async def run_on_connection_thread(
    connection: aiosqlite.Connection, fn: Callable[[sqlite3.Connection], T]
) -> T:
    """Run `fn(sqlite3_connection)` on the connection's own thread, in one hop, and return its result."""

    def job() -> T:
        return fn(connection._conn)  # only ever touched on the connection's thread, here

    # `_execute` carries no annotations; this is its signature as the adapter uses it.
    execute = cast(Callable[[Callable[[], T]], Awaitable[T]], connection._execute)
    return await execute(job)
