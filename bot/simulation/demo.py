"""`python -m bot demo`: the bot's work without Discord or a token.

    python -m bot demo [--port P] [--db PATH] [--seed N]

Fills a fresh database through the simulator (a league of 8 teams played through two seasons, each with
its play-offs, and a group and knock-out tournament of 8 coaches), turns on both web links with the
services `/league web` and `/event web` use, and serves the web view on 127.0.0.1 until Ctrl+C.
"""

from __future__ import annotations

import asyncio
import contextlib
import signal
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from bot.catalog import Catalog, load_catalog
from bot.clock import FakeClock
from bot.rules.dice import SeededDice
from bot.services.runtime import Runtime
from bot.services.web import web_links
from bot.simulation import tournament
from bot.simulation.coaches import START, commissioner_of
from bot.simulation.run import simulate
from bot.store import Database, postgres
from bot.web.server import WebServer

LEAGUE_GUILD = 1000  # the simulator's first league's server
LEAGUE_TEAMS = 8
SEASONS = 2
COACHES = 8  # two groups of four
QUALIFIERS = 4
HOST = "127.0.0.1"


@dataclass(frozen=True)
class DemoLinks:
    """The tokens of the demo's two web links."""

    league: str
    tournament: str


async def open_runtime(db_path: Path | str, catalog: Catalog) -> tuple[Database, Runtime]:
    """The demo database, migrated, with a runtime to read it (seeded dice, the simulator's clock)."""
    database = await Database.open(db_path)
    await database.migrate()
    return database, Runtime(db=database, dice=SeededDice(0), clock=FakeClock(START), catalog=catalog)


async def fill(db_path: Path | str, seed: int = 1, catalog: Catalog | None = None) -> DemoLinks:
    """Fill a new database at `db_path` (a file, or an empty PostgreSQL database) through the simulator and
    turn on both web links. The simulations check their invariants as they always do; a broken one stops
    the demo."""
    if not await _is_new(db_path):
        raise FileExistsError(
            f"{postgres.shown(db_path)} is not new: the demo fills a new database (choose another --db)."
        )
    catalog = catalog or load_catalog()
    league_run = await simulate(1, LEAGUE_TEAMS, seed, db_path, catalog, seasons_count=SEASONS)
    event_run = await tournament.simulate_tournament(
        COACHES, 3, seed, db_path, catalog, fmt="groups", qualifiers=QUALIFIERS
    )
    problems = league_run.problems + event_run.problems
    if problems:  # the demo shows only what the invariants accept
        raise RuntimeError("the demo's simulation broke an invariant: " + "; ".join(problems))
    database, rt = await open_runtime(db_path, catalog)
    try:
        league = await web_links.set_link(rt, commissioner_of(LEAGUE_GUILD), None, "on")
        event = await web_links.set_link(rt, tournament.ORGANISER, None, "on", kind="tournament")
    finally:
        await database.close()
    assert league.token is not None and event.token is not None  # turned on just now
    return DemoLinks(league.token, event.token)


async def _is_new(location: Path | str) -> bool:
    """No file there yet; or a PostgreSQL database never migrated."""
    if not postgres.is_url(location):
        return not await asyncio.to_thread(Path(location).exists)
    database = await Database.open(location)
    try:
        return await database.version() == 0
    finally:
        await database.close()


async def serve(
    db_path: Path | str, links: DemoLinks, port: int, stop: asyncio.Event, say: Callable[[str], None] = print
) -> None:
    """Serve the web view of `db_path` on 127.0.0.1:`port` (0: any free port), print the links, and run
    until `stop` is set."""
    database, rt = await open_runtime(db_path, load_catalog())
    server = WebServer(rt, HOST, port)
    try:
        await server.start()
        base = f"http://{HOST}:{server.bound_port}"
        say(f"League:     {base}/l/{links.league}/")
        say(f"Tournament: {base}/l/{links.tournament}/")
        say("Ctrl+C to stop.")
        await stop.wait()
    finally:
        await server.stop()
        await database.close()


async def run(port: int, db_path: Path | str | None, seed: int) -> int:
    """The whole demo: fill (a temporary database unless `db_path`), then serve until Ctrl+C or SIGTERM."""
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError):
            loop.add_signal_handler(sig, stop.set)
    with tempfile.TemporaryDirectory(prefix="bb-demo-") as temporary:
        path = db_path or Path(temporary) / "demo.sqlite3"
        print(f"Filling the demo database {postgres.shown(path)} through the simulator ...", flush=True)
        links = await fill(path, seed)
        await serve(path, links, port, stop, lambda line: print(line, flush=True))
    return 0
