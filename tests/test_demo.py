"""`python -m bot demo`: a database filled through the simulator, its two web links, and the real process
serving them on 127.0.0.1 with no token."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import sys
from dataclasses import dataclass
from pathlib import Path

import aiohttp
import pytest
from aiohttp.test_utils import TestClient, TestServer

from bot.__main__ import main
from bot.simulation import demo, tournament
from bot.store.connection import Connection
from bot.web.app import make_app
from tests.conftest import CATALOG, NewLocation

pytestmark = pytest.mark.slow
ROOT = Path(__file__).resolve().parents[1]


async def test_the_fill_step_makes_both_links_lead_to_pages_named_as_in_a_real_league(
    new_location: NewLocation,
) -> None:
    catalog = CATALOG
    path = new_location("demo")
    links = await demo.fill(path, seed=3, catalog=catalog)
    database, rt = await demo.open_runtime(path, catalog)
    names = await database.read(_names)
    client: TestClient[object, object] = TestClient(TestServer(make_app(rt), host="127.0.0.1"))
    await client.start_server()
    try:
        league = await client.get(f"/l/{links.league}/")
        assert league.status == 200
        html = await league.text()
        assert names.leagues[demo.LEAGUE_GUILD] in html and "Season 2" in html  # season two, after play-offs
        event = await client.get(f"/l/{links.tournament}/")
        assert event.status == 200
        html = await event.text()
        assert names.leagues[tournament.GUILD] in html and "after round 5 of 5" in html
        for path_of in ("bracket", "rosters", "round/1", "round/5"):
            assert (await client.get(f"/l/{links.tournament}/{path_of}")).status == 200, path_of
    finally:
        await client.close()
        await database.close()
    # It reads like a real league (issue 30): no name is a number ("League 1000", "Coach 5 team"), and each
    # is unique where it must be (a server's coaches, a league's teams, a team's players).
    coaches = [name for name, _ in names.coaches]
    named = [*names.leagues.values(), *(name for name, _ in names.teams), *coaches, *names.naf_names]
    assert not [name for name in named if re.search(r"\d", name)]
    assert len(names.teams) == len(set(names.teams)) >= demo.LEAGUE_TEAMS + demo.COACHES
    assert len(names.coaches) == len(set(names.coaches)) >= demo.LEAGUE_TEAMS + demo.COACHES
    assert sorted(names.naf_names) == sorted(
        name for name, guild in names.coaches if guild == tournament.GUILD
    )
    assert len(names.players) == len(set(names.players)) > 200
    assert not [name for name, _ in names.players if re.search(r"\d", name)]  # no "Human Lineman 1"
    with pytest.raises(FileExistsError):  # never fills over an existing database
        await demo.fill(path, catalog=catalog)


async def test_the_demo_process_serves_its_links_until_stopped(new_location: NewLocation) -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("DISCORD_TOKEN", "WEB_PORT")}
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot",
        "demo",
        "--port",
        "0",
        "--db",
        new_location("demo"),
        cwd=ROOT,
        env=env,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    assert process.stdout is not None
    try:
        printed: list[str] = []
        while not printed or "Ctrl+C" not in printed[-1]:
            line = await asyncio.wait_for(process.stdout.readline(), timeout=120)
            assert line, f"the demo stopped early: {printed}"
            printed.append(line.decode())
        links = [m.group(0) for line in printed if (m := re.search(r"http://127\.0\.0\.1:\d+/l/\S+/", line))]
        assert len(links) == 2
        async with aiohttp.ClientSession() as session:
            for link in links:
                async with session.get(link) as response:
                    assert response.status == 200
                    assert "Read-only view" in await response.text()
    finally:
        if process.returncode is None:
            process.send_signal(signal.SIGINT)
        code = await asyncio.wait_for(process.wait(), timeout=30)
    assert code == 0


@dataclass(frozen=True)
class DemoNames:
    leagues: dict[int, str]  # by server: the league and the event
    teams: list[tuple[str, int]]  # each with its league
    coaches: list[tuple[str, int]]  # the names coaches are shown by, each with his server
    naf_names: list[str]  # the event's coaches' NAF names
    players: list[tuple[str, int]]  # each with his team, bar the journeymen (the bot names those)


def _names(conn: Connection) -> DemoNames:
    def rows(sql: str) -> list[tuple[str, int]]:
        return [(str(row[0]), int(row[1])) for row in conn.execute(sql)]

    return DemoNames(
        {guild: name for name, guild in rows("SELECT name, guild_id FROM leagues")},
        rows("SELECT name, league_id FROM teams"),
        rows("SELECT name, guild_id FROM coach_names"),
        [name for name, _ in rows("SELECT naf_name, team_id FROM tournament_entries")],
        rows("SELECT name, team_id FROM players WHERE name NOT LIKE 'Journeyman %'"),
    )


def test_the_demo_command_refuses_a_bad_port_or_an_existing_database(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    existing = tmp_path / "kept.sqlite3"
    existing.write_bytes(b"")
    for argv, said in (
        (["demo", "--port", "70000"], "--port is 0 (any free port) to 65535"),
        (["demo", "--db", str(existing)], "exists: the demo fills a new database"),
    ):
        with pytest.raises(SystemExit) as exited:
            main(argv)
        assert exited.value.code == 2
        assert said in capsys.readouterr().err
    assert existing.read_bytes() == b""
