"""What a unit of work sees of the database, whichever engine is behind it.

A unit of work is a plain function `fn(conn: Connection, ...)`. On SQLite `conn` is the `sqlite3.Connection`
itself; on PostgreSQL it is bot/store/postgres.py's `PgConnection`, which takes the same SQL (`?` marks)
and gives the same rows (by position and by name). Repositories use only what these protocols name.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import Any, Protocol, TypeVar, overload

import psycopg

A = TypeVar("A")
B = TypeVar("B")
C = TypeVar("C")
D = TypeVar("D")
E = TypeVar("E")
F = TypeVar("F")


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


Read = Callable[[Connection], A]


@overload
def together(conn: Connection, a: Read[A], b: Read[B], /) -> tuple[A, B]: ...
@overload
def together(conn: Connection, a: Read[A], b: Read[B], c: Read[C], /) -> tuple[A, B, C]: ...
@overload
def together(conn: Connection, a: Read[A], b: Read[B], c: Read[C], d: Read[D], /) -> tuple[A, B, C, D]: ...
@overload
def together(
    conn: Connection, a: Read[A], b: Read[B], c: Read[C], d: Read[D], e: Read[E], /
) -> tuple[A, B, C, D, E]: ...
@overload
def together(
    conn: Connection, a: Read[A], b: Read[B], c: Read[C], d: Read[D], e: Read[E], f: Read[F], /
) -> tuple[A, B, C, D, E, F]: ...
def together(conn: Connection, *reads: Read[Any]) -> tuple[Any, ...]:
    """Reads of one unit of work that do not depend on one another, each `read(conn)`, and their results
    in order. PostgreSQL sends each read's first statement before it waits for any answer, so they cost
    one wait for the server, not one each; SQLite, in the bot's own process, runs them one by one."""
    ahead(conn, *reads)
    return tuple(read(conn) for read in reads)


def ahead(conn: Connection, *reads: Read[object]) -> None:
    """Reads the unit will make a little later (each `read(conn)`, deeper in what it calls): PostgreSQL sends
    each one's first statement now, and the unit finds it sent when it makes it (a write to its table in
    between makes it read again, so a read gives what it would have given). Nothing on SQLite. Only a hint:
    a read not made after all costs the server one statement, nothing else."""
    send_ahead = getattr(conn, "send_ahead", None)
    if send_ahead is not None:
        for read in reads:
            send_ahead(read)


# A statement the schema refuses (a unique index, a CHECK, a foreign key), on either engine.
IntegrityError: tuple[type[Exception], ...] = (sqlite3.IntegrityError, psycopg.IntegrityError)


def refuse_newer(current: int, known: int) -> None:
    """Both engines' migrations: a database at a schema version this code does not know is not touched."""
    if current > known:
        raise RuntimeError(f"the database is at schema version {current}, newer than this bot ({known})")
