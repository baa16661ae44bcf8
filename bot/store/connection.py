"""What a unit of work sees of the database, whichever engine is behind it.

A unit of work is a plain function `fn(conn: Connection, ...)`. On SQLite `conn` is the `sqlite3.Connection`
itself; on PostgreSQL it is bot/store/postgres.py's `PgConnection`, which takes the same SQL (`?` marks)
and gives the same rows (by position and by name). Repositories use only what these protocols name.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any, Protocol

import psycopg


class Row(Protocol):
    """A result row: `row[0]` or `row["name"]` (names are case-insensitive, as in sqlite3.Row)."""

    def __getitem__(self, key: int | str, /) -> Any: ...

    def keys(self) -> list[str]: ...


class Cursor(Protocol):
    @property
    def lastrowid(self) -> int | None: ...

    @property
    def rowcount(self) -> int: ...

    def fetchone(self) -> Any: ...

    def fetchall(self) -> list[Any]: ...

    def __iter__(self) -> Iterator[Any]: ...


class Connection(Protocol):
    def execute(self, sql: str, parameters: Sequence[Any] | Mapping[str, Any] = ..., /) -> Cursor: ...

    def executemany(self, sql: str, parameters: Iterable[Sequence[Any]], /) -> Cursor: ...


# A statement the schema refuses (a unique index, a CHECK, a foreign key), on either engine.
IntegrityError: tuple[type[Exception], ...] = (sqlite3.IntegrityError, psycopg.IntegrityError)


def refuse_newer(current: int, known: int) -> None:
    """Both engines' migrations: a database at a schema version this code does not know is not touched."""
    if current > known:
        raise RuntimeError(f"the database is at schema version {current}, newer than this bot ({known})")
