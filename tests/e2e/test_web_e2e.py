"""The web view in the real bot process: WEB_PORT serves it, `/league web` gives the link, replacing or
turning it off makes the old link show nothing, and nothing can be changed through it."""

from __future__ import annotations

import re
import socket
from collections.abc import AsyncIterator
from pathlib import Path

import aiohttp
import pytest_asyncio

from tests.e2e.builders import set_up_season
from tests.e2e.conftest import BotProcess, World, assert_clean_run


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


PORT = free_port()
PUBLIC = "https://bb.example.test"


@pytest_asyncio.fixture
async def web_bot(world: World, database_location: str, tmp_path: Path) -> AsyncIterator[BotProcess]:
    process = BotProcess(
        world.discord,
        database_location,
        {"WEB_PORT": str(PORT), "WEB_HOST": "127.0.0.1", "PUBLIC_URL": PUBLIC},
        folder=tmp_path,
    )
    await process.start()
    yield process
    assert_clean_run(world.discord, process, await process.stop())


async def fetch(path: str, method: str = "GET") -> tuple[int, str]:
    async with (
        aiohttp.ClientSession() as session,
        session.request(method, f"http://127.0.0.1:{PORT}{path}", allow_redirects=False) as response,
    ):
        return response.status, await response.text()


async def test_the_league_page_is_served_by_its_link(world: World, web_bot: BotProcess) -> None:
    assert "web view on http://127.0.0.1" in web_bot.log  # the bot says where it serves
    await set_up_season(world)
    discord = world.discord
    shown = await discord.invoke("league web", world.admin)
    assert shown.ephemeral and "no web page yet" in shown.content

    refused = await discord.invoke("league web", world.coaches[0], action="on")
    assert refused.ephemeral and "commissioner" in refused.content.lower()

    on = await discord.invoke("league web", world.admin, action="on")
    match = re.search(rf"<{re.escape(PUBLIC)}(/l/[A-Za-z0-9_-]+/)>", on.content)
    assert match, on.content
    path = match.group(1)
    status, html = await fetch(path)
    assert status == 200 and "Season 1" in html and "Round 1" in html
    standings = html[html.index('class="standings"') : html.index("</table>")]
    for coach in world.coaches:  # each coach by the display name Discord sent when he created his team
        assert f'<span class="coach">{coach.user.username}</span>' in standings

    status, _ = await fetch(path, "POST")
    assert status == 405

    replaced = await discord.invoke("league web", world.admin, action="replace")
    assert "old one shows nothing" in replaced.content
    new_path = re.search(r"(/l/[A-Za-z0-9_-]+/)>", replaced.content)
    assert new_path and new_path.group(1) != path
    assert (await fetch(path))[0] == 404
    assert (await fetch(new_path.group(1)))[0] == 200

    off = await discord.invoke("league web", world.admin, action="off")
    assert "is off" in off.content
    assert (await fetch(new_path.group(1)))[0] == 404

    log = await discord.invoke("league log", world.admin)
    assert "turned the web page's link on" in log.text and "replaced the web page's link" in log.text
