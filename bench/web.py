"""Web view figures: how long each league page takes to render with many leagues in the database.

    .venv/bin/python -m bench.web [--leagues 1000] [--teams 8] [--seasons 2] [--requests 30]

One league is played through the services by the simulator (`bot.simulation.run.simulate`: its seasons,
play-offs and off-seasons, every post-game, every die), then its rows are copied with SQL into
`leagues - 1` other guilds (every id shifted, so each copy is a league of its own), so the database holds
as many leagues, teams, games and dice as that many real leagues would. Each page of the first league is
then requested `requests` times through the web view's aiohttp application in this process (aiohttp's
TestClient on 127.0.0.1), and the median and 95th percentile are printed in milliseconds, with whether
each is under the budget (50 ms).
"""

from __future__ import annotations

import argparse
import asyncio
import sqlite3
import statistics
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from aiohttp.test_utils import TestClient, TestServer

from bot.catalog import load_catalog
from bot.clock import FakeClock
from bot.rules.dice import SeededDice
from bot.services.runtime import Actor, Runtime
from bot.services.web import web_links
from bot.simulation import tournament
from bot.simulation.run import simulate
from bot.store import Database
from bot.web.app import make_app

BUDGET_MS = 50.0
FIRST_GUILD = 1000  # the simulator's first league lives in guild 1000
ID_STEP = (
    10_000_000  # every id of copy k is shifted by k * ID_STEP (the simulated league's ids are far fewer)
)


def _copy_leagues(path: Path, copies: int) -> None:
    """Copy every row of the simulated guild into `copies` new guilds, ids shifted (one INSERT per table)."""
    conn = sqlite3.connect(path)
    try:
        conn.execute("PRAGMA foreign_keys = OFF")  # the copies reference their own shifted rows
        tables = [
            r[0]
            for r in conn.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
            )
        ]
        with conn:
            conn.execute("CREATE TEMP TABLE copies (k INTEGER PRIMARY KEY)")
            conn.executemany("INSERT INTO copies (k) VALUES (?)", [(k,) for k in range(1, copies + 1)])
            for table in tables:
                columns = [r[1] for r in conn.execute(f"PRAGMA table_info({table})")]
                if "guild_id" not in columns:
                    continue
                shifted = [
                    f"{c} + copies.k * {ID_STEP}" if c == "id" or c.endswith("_id") else c for c in columns
                ]
                names = ", ".join(columns)
                conn.execute(
                    f"INSERT INTO {table} ({names}) SELECT {', '.join(shifted)} FROM {table}, copies"  # noqa: S608
                    f" WHERE {table}.guild_id = ?",
                    (FIRST_GUILD,),
                )
        conn.execute("ANALYZE")
    finally:
        conn.close()


@dataclass(frozen=True)
class Addresses:
    token: str
    team: int
    player: int
    fixture: int
    pages: int  # pages of the dice log


def _addresses(conn: sqlite3.Connection, token: str) -> Addresses:
    league = conn.execute("SELECT id FROM leagues WHERE guild_id = ?", (FIRST_GUILD,)).fetchone()[0]
    team = conn.execute(
        "SELECT team_id FROM treasury_changes WHERE guild_id = ?"
        " GROUP BY team_id ORDER BY COUNT(*) DESC LIMIT 1",
        (FIRST_GUILD,),
    ).fetchone()[0]
    player = conn.execute(
        "SELECT player_id FROM player_changes WHERE guild_id = ?"
        " GROUP BY player_id ORDER BY COUNT(*) DESC LIMIT 1",
        (FIRST_GUILD,),
    ).fetchone()[0]
    fixture = conn.execute(
        "SELECT fixture_id FROM dice_rolls WHERE guild_id = ? AND fixture_id IS NOT NULL"
        " GROUP BY fixture_id ORDER BY COUNT(*) DESC LIMIT 1",
        (FIRST_GUILD,),
    ).fetchone()[0]
    dice = conn.execute(
        "SELECT COUNT(*) FROM dice_rolls d JOIN fixtures f ON f.id = d.fixture_id"
        " WHERE d.guild_id = ? AND f.league_id = ?",
        (FIRST_GUILD, league),
    ).fetchone()[0]
    return Addresses(token, team, player, fixture, max(1, -(-dice // 50)))


def page_addresses(a: Addresses) -> dict[str, str]:
    base = f"/l/{a.token}"
    return {
        "league (standings, round, results)": f"{base}/",
        "league, season 1": f"{base}/?season=1",
        "team (busiest ledger)": f"{base}/team/{a.team}",
        "team, treasury page 2": f"{base}/team/{a.team}?page=2",
        "player (most changes)": f"{base}/player/{a.player}",
        "fixtures (all rounds)": f"{base}/fixtures",
        "fixtures, season 1 round 1": f"{base}/fixtures?season=1&round=1",
        "fixture (most dice)": f"{base}/fixture/{a.fixture}",
        "play-offs": f"{base}/playoffs",
        "play-offs, season 1": f"{base}/playoffs?season=1",
        "seasons": f"{base}/seasons",
        "leaders, this season": f"{base}/leaders",
        "leaders, all time": f"{base}/leaders?season=all",
        "leaders, all time, one whole board": f"{base}/leaders?season=all&board=spp",
        "dice log, newest": f"{base}/dice",
        "dice log, oldest page": f"{base}/dice?page={a.pages}",
    }


@dataclass(frozen=True)
class Timing:
    page: str
    median_ms: float
    p95_ms: float
    bytes: int


def _event_addresses(conn: sqlite3.Connection, token: str) -> dict[str, str]:
    """The simulated tournament's pages: rankings, a round, the rosters, one roster, the bracket."""
    team = conn.execute(
        "SELECT t.id FROM teams t JOIN leagues l ON l.id = t.league_id"
        " WHERE t.guild_id = ? AND l.kind = 'tournament' AND t.status = 'approved' ORDER BY t.id LIMIT 1",
        (tournament.GUILD,),
    ).fetchone()[0]
    base = f"/l/{token}"
    return {
        "tournament rankings": f"{base}/",
        "tournament round 1": f"{base}/round/1",
        "tournament rosters": f"{base}/rosters",
        "tournament roster": f"{base}/roster/{team}",
        "tournament bracket": f"{base}/bracket",
    }


async def time_pages(path: Path, requests: int) -> list[Timing]:
    """Request each page `requests` times (after one warm-up) and time it."""
    database = await Database.open(path)
    try:
        rt = Runtime(db=database, dice=SeededDice(1), clock=FakeClock(), catalog=load_catalog())
        link = await web_links.set_link(rt, Actor(FIRST_GUILD, 1, 0), None, "on")
        event = await web_links.set_link(rt, tournament.ORGANISER, None, "on", kind="tournament")
        assert link.token is not None and event.token is not None
        addresses = page_addresses(await database.read(_addresses, link.token))
        addresses |= await database.read(_event_addresses, event.token)
        client: TestClient[object, object] = TestClient(TestServer(make_app(rt), host="127.0.0.1"))
        await client.start_server()
        timings = []
        try:
            for name, address in addresses.items():
                warm = await client.get(address)
                body = await warm.read()
                if warm.status != 200:
                    raise RuntimeError(f"{name}: {address} answered {warm.status}")
                samples = []
                for _ in range(requests):
                    started = time.perf_counter()
                    response = await client.get(address)
                    await response.read()
                    samples.append((time.perf_counter() - started) * 1000)
                samples.sort()
                p95 = samples[min(len(samples) - 1, round(0.95 * (len(samples) - 1)))]
                timings.append(Timing(name, statistics.median(samples), p95, len(body)))
        finally:
            await client.close()
        return timings
    finally:
        await database.close()


async def figures(path: Path, leagues: int, teams: int, seasons: int, requests: int) -> list[Timing]:
    """Simulate one league, copy it to `leagues` in all, add a group and knock-out tournament of 16
    coaches, and time every page of the first league and of the tournament."""
    result = await simulate(1, teams, seed=17, db_path=path, seasons_count=seasons)
    if result.problems:
        raise RuntimeError("the simulated league breaks an invariant: " + "; ".join(result.problems))
    _copy_leagues(path, leagues - 1)
    event = await tournament.simulate_tournament(16, 3, 17, path, fmt="groups", qualifiers=8)
    if event.problems:
        raise RuntimeError("the simulated tournament breaks an invariant: " + "; ".join(event.problems))
    return await time_pages(path, requests)


def _count(path: Path) -> tuple[int, int, int]:
    conn = sqlite3.connect(path)
    try:
        return tuple(  # type: ignore[return-value]
            conn.execute(f"SELECT COUNT(*) FROM {t}").fetchone()[0]  # noqa: S608
            for t in ("leagues", "fixtures", "dice_rolls")
        )
    finally:
        conn.close()


def main() -> None:
    parser = argparse.ArgumentParser(description="Time the web view's league pages with many leagues.")
    parser.add_argument("--leagues", type=int, default=1000)
    parser.add_argument("--teams", type=int, default=8)
    parser.add_argument("--seasons", type=int, default=2)
    parser.add_argument("--requests", type=int, default=30)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bb-web-bench-") as folder:
        path = Path(folder) / "web.sqlite3"
        started = time.perf_counter()
        timings = asyncio.run(figures(path, args.leagues, args.teams, args.seasons, args.requests))
        leagues, fixtures, dice = _count(path)
        print(
            f"{leagues:,} leagues, {fixtures:,} fixtures, {dice:,} dice in the database"
            f" (built in {time.perf_counter() - started:.0f} s); {args.requests} requests a page"
        )
        print(f"{'page':<38} {'median ms':>9} {'p95 ms':>8} {'KiB':>6}  under {BUDGET_MS:.0f} ms")
        for t in timings:
            ok = "yes" if t.p95_ms < BUDGET_MS else "NO"
            print(f"{t.page:<38} {t.median_ms:>9.1f} {t.p95_ms:>8.1f} {t.bytes / 1024:>6.1f}  {ok}")


if __name__ == "__main__":
    main()
