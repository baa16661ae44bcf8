"""Benchmark: service calls and post-game sequences against the raw SQLite ceiling, on this machine.

    .venv/bin/python -m bench.bench [--leagues 12] [--rounds 10000]

Figures, all from one run:
- the ceiling: raw committed SQLite transactions per second (one INSERT and one UPDATE each) with the bot's
  own settings (WAL, synchronous=NORMAL, foreign keys, busy timeout), plain sqlite3 in one thread;
- p50 / p99 latency of report result, confirm (which runs the post-game sequence for both teams), the
  coach's post-game choices (advancements, hiring), post-game finish, standings and every leaderboard
  (services.leaders), through the services as the bot calls them;
- post-game sequences per second (one team's whole sequence: its half of the confirmation, its choices and
  its finish);
- start-up with many open deadlines: reading them from the database and arming one job each (10,000+
  round deadlines and their reminders).
Each throughput is also printed as a ratio to the ceiling, each latency as a multiple of one raw transaction.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sqlite3
import tempfile
import time
from collections.abc import Awaitable
from datetime import UTC, datetime
from pathlib import Path
from typing import TypeVar

from bot.catalog import load_catalog
from bot.clock import FakeClock
from bot.rules.dice import SeededDice
from bot.scheduler import Scheduler
from bot.services import deadlines, leaders, postgame, results, seasons
from bot.services.runtime import Actor, Runtime
from bot.simulation.choices import match_report
from bot.simulation.coaches import START, CountingDice, Tally, able_numbers, draft_league, postgame_choices
from bot.store import Database
from bot.store.database import BUSY_TIMEOUT_MS
from bot.store.seasons import Fixture

T = TypeVar("T")


def ceiling(path: Path, transactions: int) -> float:
    """Raw committed transactions per second with the bot's database settings."""
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("PRAGMA journal_mode = WAL")
    conn.execute("PRAGMA synchronous = NORMAL")
    conn.execute("PRAGMA foreign_keys = ON")
    conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
    conn.execute("CREATE TABLE ledger (id INTEGER PRIMARY KEY, team INTEGER, amount INTEGER)")
    conn.execute("CREATE TABLE teams (id INTEGER PRIMARY KEY, treasury INTEGER)")
    conn.execute("INSERT INTO teams VALUES (1, 0)")
    started = time.perf_counter()
    for n in range(transactions):
        conn.execute("BEGIN IMMEDIATE")
        conn.execute("INSERT INTO ledger (team, amount) VALUES (1, ?)", (n,))
        conn.execute("UPDATE teams SET treasury = treasury + ? WHERE id = 1", (n,))
        conn.execute("COMMIT")
    elapsed = time.perf_counter() - started
    conn.close()
    return transactions / elapsed


class Timings:
    def __init__(self) -> None:
        self.samples: dict[str, list[float]] = {}

    async def time(self, name: str, call: Awaitable[T]) -> T:
        started = time.perf_counter()
        result = await call
        self.samples.setdefault(name, []).append(time.perf_counter() - started)
        return result

    def last(self, name: str) -> float:
        return self.samples[name][-1]

    def p(self, name: str, quantile: float) -> float:
        values = sorted(self.samples[name])
        return values[min(len(values) - 1, int(quantile * len(values)))]


async def _play(rt: Runtime, rng: random.Random, timings: Timings, guild_id: int, fx: Fixture) -> float:
    """One fixture as coaches play it: report, confirm, choices, finish; returns the post-game sequences' time
    (the bot's own work: the confirmation and both finishes, not the coaches' choices in between)."""
    home, away = Actor(guild_id, fx.home_coach_id, guild_id), Actor(guild_id, fx.away_coach_id, guild_id)
    home_side, away_side = match_report(
        rng, await able_numbers(rt, rng, home, fx.id), await able_numbers(rt, rng, away, fx.id)
    )
    await timings.time("report result", results.report_result(rt, home, f"f:{fx.id}", home_side, away_side))
    await timings.time("confirm (both post-games)", results.confirm_result(rt, away, fx.id, 1))
    for coach in (home, away):
        team_id = await timings.time(
            "coach's choices (many calls)", postgame_choices(rt, rng, coach, Tally())
        )
        await timings.time("post-game finish", postgame.finish_postgame(rt, coach, fx.id, team_id))
    return timings.last("confirm (both post-games)") + sum(timings.samples["post-game finish"][-2:])


async def service_figures(path: Path, league_count: int) -> tuple[Timings, float, int]:
    """Play seven rounds of `league_count` leagues of 8 teams, timing each service call."""
    db = await Database.open(path)
    try:
        return await _play_seasons(db, league_count)
    finally:
        await db.close()


async def _play_seasons(db: Database, league_count: int) -> tuple[Timings, float, int]:
    await db.migrate()
    rt = Runtime(db=db, dice=CountingDice(SeededDice(1)), clock=FakeClock(START), catalog=load_catalog())
    rng = random.Random("bench")
    guilds = [2000 + n for n in range(league_count)]
    for guild_id in guilds:
        await draft_league(rt, rng, guild_id, 8, Tally())
    timings = Timings()
    postgame_seconds = 0.0
    sequences = 0
    for round_number in range(1, 8):
        for guild_id in guilds:
            anyone = Actor(guild_id, guild_id * 100, guild_id)
            listing = await seasons.list_fixtures(rt, anyone, None, "round", round_number=round_number)
            for fx in listing.fixtures:
                postgame_seconds += await _play(rt, rng, timings, guild_id, fx)
                sequences += 2
                await timings.time("standings", seasons.standings(rt, guild_id, None))
                await timings.time("leaders (every board)", leaders.leaders(rt, guild_id, None))
    return timings, sequences / postgame_seconds, sequences


async def startup_figures(path: Path, rounds: int) -> tuple[int, float, float]:
    """Open round deadlines (and their reminders) in the database; time reading and arming them all."""
    db = await Database.open(path)
    try:
        return await _restart(db, rounds)
    finally:
        await db.close()


async def _restart(db: Database, rounds: int) -> tuple[int, float, float]:
    await db.migrate()
    per_season = 100
    opened = datetime.now(UTC)  # real time: the scheduler arms on the wall clock, so nothing falls due

    def fill(conn: sqlite3.Connection) -> None:
        now = int(opened.timestamp())
        for season in range(rounds // per_season):
            guild = 5000 + season
            conn.execute(
                "INSERT INTO leagues (guild_id, name, settings, created_by, created_at)"
                " VALUES (?, ?, '{}', 1, ?)",
                (guild, f"League {season}", now),
            )
            league_id = conn.execute("SELECT last_insert_rowid()").fetchone()[0]
            conn.execute(
                "INSERT INTO seasons (guild_id, league_id, number, started_by, started_at)"
                " VALUES (?, ?, 1, 1, ?)",
                (guild, league_id, now),
            )
            season_id = conn.execute("SELECT last_insert_rowid()").fetchone()[0]
            conn.executemany(
                "INSERT INTO rounds (guild_id, season_id, number, starts_at, deadline_at)"
                " VALUES (?, ?, ?, ?, ?)",
                [(guild, season_id, n, now, now + 86400 * 14 * n) for n in range(1, per_season + 1)],
            )

    await db.write(fill)
    rt = Runtime(db=db, dice=SeededDice(1), clock=FakeClock(opened), catalog=load_catalog())
    await deadlines.schedule(rt)  # the first start after the rounds opened writes their reminders
    started = time.perf_counter()
    planned = await deadlines.schedule(rt)  # a restart: everything is read back and re-armed
    read_seconds = time.perf_counter() - started
    scheduler = Scheduler()
    scheduler.start()

    async def job(*_args: object) -> None:
        return None

    started = time.perf_counter()
    for due in planned:
        scheduler.arm(due.job_id, due.at, job, due)
    arm_seconds = time.perf_counter() - started
    await scheduler.shutdown()
    return len(planned), read_seconds, arm_seconds


async def main() -> None:
    parser = argparse.ArgumentParser(description="Benchmark the bot's services against the SQLite ceiling.")
    parser.add_argument("--leagues", type=int, default=12, help="leagues of 8 teams whose seasons are played")
    parser.add_argument(
        "--rounds", type=int, default=10_000, help="open round deadlines for the start-up figure"
    )
    parser.add_argument("--transactions", type=int, default=20_000, help="raw transactions for the ceiling")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bb-bench-") as folder:
        root = Path(folder)
        raw = ceiling(root / "ceiling.sqlite3", args.transactions)
        raw_latency = 1 / raw
        timings, sequences_per_second, sequences = await service_figures(
            root / "services.sqlite3", args.leagues
        )
        jobs, read_seconds, arm_seconds = await startup_figures(root / "startup.sqlite3", args.rounds)
    print(f"ceiling: {raw:,.0f} raw SQLite transactions/s (one INSERT + one UPDATE, WAL, synchronous=NORMAL)")
    print(
        f"post-game sequences: {sequences_per_second:,.0f}/s over {sequences} sequences "
        f"= {sequences_per_second / raw:.3f} x ceiling"
    )
    print(
        f"{'service call':<32} {'calls':>6} {'p50 ms':>8} {'p99 ms':>8} {'p50 / raw tx':>13} {'calls/s':>9} "
        f"{'x ceiling':>9}"
    )
    for name, values in timings.samples.items():
        p50, p99 = timings.p(name, 0.5), timings.p(name, 0.99)
        rate = len(values) / sum(values)
        print(
            f"{name:<32} {len(values):>6} {p50 * 1000:>8.2f} {p99 * 1000:>8.2f} {p50 / raw_latency:>12.1f}x "
            f"{rate:>9,.0f} {rate / raw:>9.3f}"
        )
    print(
        f"start-up: {jobs:,} deadline and reminder jobs read in {read_seconds:.2f} s and armed in "
        f"{arm_seconds:.2f} s ({jobs / (read_seconds + arm_seconds):,.0f} jobs/s = "
        f"{jobs / (read_seconds + arm_seconds) / raw:.3f} x ceiling)"
    )


if __name__ == "__main__":
    asyncio.run(main())
