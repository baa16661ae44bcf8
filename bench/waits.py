"""Where a service call's time goes on PostgreSQL against SQLite: statements, waits and CPU time.

    .venv/bin/python -m bench.waits [--leagues 2] [--top 12] [--postgres URL] [--profile N]

Plays the benchmark's seasons (bench/bench.py) on SQLite and then on a throwaway PostgreSQL server (or
`--postgres`, which must run on this machine for its CPU time to be read) and prints, for each call the
benchmark times (medians over the calls):
- wall time on each engine and PostgreSQL's as a multiple of SQLite's (what bench/bench.py reports);
- CPU time: the bot's process on each engine, and the PostgreSQL server process serving it. On a machine
  shared with other work, wall time varies with the load, CPU time much less: PostgreSQL's client and
  server CPU against SQLite's is the call's cost without the waits for the scheduler;
- PostgreSQL's statements and waits for the server (a read whose answer is not in yet, a row count, a
  commit), and for each call the statements waited for most often: what a unit must read before it can
  go on.
`--profile N` prints instead the N functions with the most time of their own on PostgreSQL's store thread
(cProfile). A profiling aid: it patches psycopg's cursor and pipeline in this process only.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import cProfile
import pstats
import statistics
import tempfile
import time
from collections import Counter
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from bench.bench import Timings, _play_seasons
from bot.store import Database, pg_connection
from bot.store.pg_connection import PgConnection, wait_for_socket
from bot.store.postgres import PostgresEngine

T = TypeVar("T")


@dataclass
class Tally:
    statements: int = 0
    waits: int = 0
    waited_for: Counter[str] = field(default_factory=Counter)


TALLY = Tally()


class _CountingWait:
    """bot/store/pg_connection.py's wait for the server's socket, counting the waits for an answer (the
    socket had nothing to take in yet)."""

    blocked = 0

    def __call__(self, socket: int, *, writing: bool = False) -> bool:
        if not writing:
            self.blocked += 1
        return wait_for_socket(socket, writing=writing)


@contextlib.contextmanager
def counting() -> Iterator[None]:
    """Count the statements every PostgreSQL unit of work sends and its waits for the server (a read, a
    row count or a commit whose answer was not in yet, the bot blocked until it came), while inside."""
    sent, wait_for, send = PgConnection._sent, PgConnection.wait_for, PgConnection._send
    waiting = _CountingWait()
    names: dict[int, str] = {}

    def counted_sent(self: PgConnection, *args: Any) -> Any:
        answer = sent(self, *args)
        TALLY.statements += answer.kind == 0
        names[id(answer)] = ("(BEGIN, COMMIT or bound client-side)", "(prepare)", "(the unit's end: COMMIT)")[
            answer.kind
        ]
        return answer

    def counted_wait(self: PgConnection, answer: Any) -> Any:
        before = waiting.blocked
        try:
            return wait_for(self, answer)
        finally:
            if waiting.blocked > before:
                TALLY.waits += 1
                TALLY.waited_for[names[id(answer)]] += 1

    def named_send(self: PgConnection, found: Any, parameters: Any) -> Any:
        answer = send(self, found, parameters)
        names[id(answer)] = " ".join(found.text.split())[:110]
        return answer

    PgConnection._sent = counted_sent  # type: ignore[method-assign,assignment]
    PgConnection.wait_for = counted_wait  # type: ignore[method-assign]
    PgConnection._send = named_send  # type: ignore[method-assign]
    pg_connection.wait_for_socket = waiting
    try:
        yield
    finally:
        PgConnection._sent, PgConnection.wait_for, PgConnection._send = sent, wait_for, send  # type: ignore[method-assign]
        pg_connection.wait_for_socket = wait_for_socket


@contextlib.contextmanager
def profiling(profile: cProfile.Profile) -> Iterator[None]:
    """Profile every unit of work on PostgreSQL's store thread (cProfile sees one thread only)."""
    run = PostgresEngine.transaction

    async def profiled(self: PostgresEngine, write: bool, fn: Callable[[Any], T]) -> T:
        def inside(conn: Any) -> T:
            profile.enable()
            try:
                return fn(conn)
            finally:
                profile.disable()

        return await run(self, write, inside)

    PostgresEngine.transaction = profiled  # type: ignore[method-assign]
    try:
        yield
    finally:
        PostgresEngine.transaction = run  # type: ignore[method-assign]


def server_cpu(pid: int | None) -> float:
    """Seconds of CPU the server process `pid` has used (0 when it is not on this machine)."""
    if pid is None:
        return 0.0
    try:
        return int(Path(f"/proc/{pid}/schedstat").read_text().split()[0]) / 1e9
    except OSError:
        return 0.0


@dataclass
class Sample:
    seconds: float
    cpu: float  # this process
    server_cpu: float  # the PostgreSQL server process serving it
    statements: int
    waits: int


class CountingTimings(Timings):
    """The benchmark's timings, with each call's CPU time and what it sent and waited for."""

    def __init__(self, server_pid: int | None = None) -> None:
        super().__init__()
        self.server_pid = server_pid
        self.counted: dict[str, list[Sample]] = {}
        self.waited_for: dict[str, Counter[str]] = {}

    async def time(self, name: str, call: Awaitable[T]) -> T:
        before = (TALLY.statements, TALLY.waits, Counter(TALLY.waited_for))
        cpu, served = time.process_time(), server_cpu(self.server_pid)
        result = await super().time(name, call)
        self.counted.setdefault(name, []).append(
            Sample(
                self.last(name),
                time.process_time() - cpu,
                server_cpu(self.server_pid) - served,
                TALLY.statements - before[0],
                TALLY.waits - before[1],
            )
        )
        self.waited_for.setdefault(name, Counter()).update(TALLY.waited_for - before[2])
        return result

    def median(self, name: str, what: Callable[[Sample], float]) -> float:
        return statistics.median(what(s) for s in self.counted[name])


def report(sqlite: CountingTimings, pg: CountingTimings, top: int) -> list[str]:
    lines = [
        "medians per call; wall ms and CPU ms on SQLite and PostgreSQL (PG: the bot, its server, both)",
        f"{'call':<24} {'wall':>6} {'PG':>6} {'x':>4} | {'CPU':>6} {'PG bot':>6} {'server':>6} {'both':>6}"
        f" {'x':>4} | {'statements':>10} {'waits':>5}",
    ]
    for name in pg.counted:
        wall_s, wall_p = sqlite.median(name, lambda s: s.seconds), pg.median(name, lambda s: s.seconds)
        cpu_s, cpu_p = sqlite.median(name, lambda s: s.cpu), pg.median(name, lambda s: s.cpu)
        served = pg.median(name, lambda s: s.server_cpu)
        both = pg.median(name, lambda s: s.cpu + s.server_cpu)
        lines.append(
            f"{name[:24]:<24} {wall_s * 1000:>6.2f} {wall_p * 1000:>6.2f} {wall_p / wall_s:>4.1f} |"
            f" {cpu_s * 1000:>6.2f} {cpu_p * 1000:>6.2f} {served * 1000:>6.2f} {both * 1000:>6.2f}"
            f" {both / cpu_s:>4.1f} | {pg.median(name, lambda s: s.statements):>10.0f}"
            f" {pg.median(name, lambda s: s.waits):>5.0f}"
        )
    for name, waited in pg.waited_for.items():
        if top:
            calls = len(pg.counted[name])
            lines.append(f"\n{name}: waits per call, by the statement waited for")
            lines += [f"  {count / calls:6.2f}  {what}" for what, count in waited.most_common(top)]
    return lines


async def _play(location: Path | str, leagues: int, timings: CountingTimings) -> None:
    db = await Database.open(location)
    try:
        if db.engine == "postgresql":
            timings.server_pid = await db.read(
                lambda conn: conn.execute("SELECT pg_backend_pid()").fetchone()[0]
            )
        await _play_seasons(db, leagues, timings)
    finally:
        await db.close()


async def main() -> None:
    parser = argparse.ArgumentParser(
        description="Each service call's waits and CPU time, PostgreSQL and SQLite."
    )
    parser.add_argument("--leagues", type=int, default=2, help="leagues of 8 teams whose seasons are played")
    parser.add_argument("--top", type=int, default=0, help="statements waited for shown per call")
    parser.add_argument(
        "--postgres", default=None, help="a PostgreSQL server's URL (default: a throwaway one)"
    )
    parser.add_argument("--profile", type=int, default=0, help="print the N dearest functions (cProfile)")
    args = parser.parse_args()
    from tests.postgres_server import Server, server

    sqlite, pg = CountingTimings(), CountingTimings()
    profile = cProfile.Profile()
    with tempfile.TemporaryDirectory(prefix="bb-waits-") as folder:
        await _play(Path(folder) / "services.sqlite3", args.leagues, sqlite)
    with contextlib.ExitStack() as stack:
        server_ = Server(args.postgres) if args.postgres else stack.enter_context(server())
        with profiling(profile) if args.profile else counting():
            await _play(server_.new_database(), args.leagues, pg)
    if args.profile:
        pstats.Stats(profile).sort_stats("tottime").print_stats(args.profile)
    else:
        print("\n".join(report(sqlite, pg, args.top)))


if __name__ == "__main__":
    asyncio.run(main())
