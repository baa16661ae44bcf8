"""The issue's quality bar: "A test tries every page with another league's ids and with a replaced link,
and gets nothing". League A and league B share guild 1, league C is in guild 2; every page of A's link is
asked for B's and C's teams, players, games and seasons and answers 404 without a word of theirs; every
page answers 404 through a replaced link and through a link turned off."""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass

from aiohttp.test_utils import TestClient

from bot.services.runtime import Runtime
from bot.services.web import web_links
from bot.store import seasons as season_store
from tests import builders
from tests.builders import COMMISH, Entry
from tests.conftest import actor
from tests.web.pages import link, read, text_of

FAR_COMMISH = actor(guild_id=2, user_id=1)


@dataclass(frozen=True)
class Ids:
    teams: list[int]
    players: list[int]
    fixtures: list[int]
    names: list[str]  # team and player names


async def _ids(runtime: Runtime, guild_id: int, league_name: str) -> Ids:
    def read_ids(conn: sqlite3.Connection) -> Ids:
        league = conn.execute(
            "SELECT id FROM leagues WHERE guild_id = ? AND name = ?", (guild_id, league_name)
        ).fetchone()[0]
        teams = conn.execute(
            "SELECT id, name FROM teams WHERE guild_id = ? AND league_id = ?", (guild_id, league)
        ).fetchall()
        players = conn.execute(
            "SELECT p.id, p.name FROM players p JOIN teams t ON t.id = p.team_id"
            " WHERE t.guild_id = ? AND t.league_id = ?",
            (guild_id, league),
        ).fetchall()
        fixtures = conn.execute(
            "SELECT id FROM fixtures WHERE guild_id = ? AND league_id = ?", (guild_id, league)
        ).fetchall()
        return Ids(
            [r[0] for r in teams],
            [r[0] for r in players],
            [r[0] for r in fixtures],
            [r[1] for r in teams] + [r[1] for r in players],
        )

    return await runtime.db.read(read_ids)


async def _three_leagues(runtime: Runtime) -> None:
    """A ("League", guild 1), B ("Bees", guild 1) and C ("Faraway", guild 2), each in its first season
    with one game played (so each has dice, post-games, changes)."""
    await builders.season(runtime, 4)
    bees = [Entry(actor(user_id=200 + n), f"Bee Team {n}", "orc") for n in range(4)]
    await builders.season(runtime, bees, name="Bees")
    far = [Entry(actor(guild_id=2, user_id=300 + n), f"Faraway Team {n}", "dwarf") for n in range(4)]
    await builders.season(runtime, far, name="Faraway", commissioner=FAR_COMMISH)
    for guild, name in ((1, "League"), (1, "Bees"), (2, "Faraway")):
        ids = await _ids(runtime, guild, name)
        fx = await runtime.db.read(season_store.fixture, guild, ids.fixtures[0])
        assert fx is not None
        await builders.play(runtime, fx, 2, 1)


def _pages(ids: Ids) -> list[str]:
    """Every page of the league view, asked for with these ids."""
    paths = []
    for team in ids.teams:
        paths += [f"/team/{team}", f"/team/{team}?page=2"]
    paths += [f"/player/{p}" for p in ids.players]
    paths += [f"/fixture/{f}" for f in ids.fixtures]
    return paths


EVERY_PAGE = [
    "/",
    "/?season=1",
    "/fixtures",
    "/fixtures?season=1&round=1",
    "/playoffs",
    "/seasons",
    "/leaders",
    "/leaders?season=all",
    "/dice",
]


async def test_a_link_shows_nothing_of_another_league_or_guild(
    runtime: Runtime, web: TestClient[object, object]
) -> None:
    await _three_leagues(runtime)
    ours = await _ids(runtime, 1, "League")
    token = await link(runtime, COMMISH, "League")
    others = [await _ids(runtime, 1, "Bees"), await _ids(runtime, 2, "Faraway")]
    bees_token = await link(runtime, COMMISH, "Bees")
    far_token = await link(runtime, FAR_COMMISH)
    # Our own pages work, and show none of the others' names.
    for path in EVERY_PAGE + _pages(ours):
        body = text_of(await read(web, f"/l/{token}{path}"))
        for other in others:
            assert not any(name in body for name in other.names if name), path
    # The others' ids through our link: nothing.
    for other in others:
        for path in _pages(other):
            response = await web.get(f"/l/{token}{path}")
            body = await response.text()
            assert response.status == 404, path
            assert not any(name in body for name in other.names), path
    for path in ("/?season=2", "/fixtures?season=2", "/playoffs?season=2"):
        await read(web, f"/l/{token}{path}", 404)
    # And the other way round: the others' links do not reach ours.
    for other_token in (bees_token, far_token):
        for path in _pages(ours):
            await read(web, f"/l/{other_token}{path}", 404)


async def test_a_replaced_or_disabled_link_shows_no_page(
    runtime: Runtime, web: TestClient[object, object]
) -> None:
    await _three_leagues(runtime)
    ours = await _ids(runtime, 1, "League")
    old = await link(runtime, COMMISH, "League")
    for path in EVERY_PAGE + _pages(ours):
        await read(web, f"/l/{old}{path}")  # every page works before
    new = (await web_links.set_link(runtime, COMMISH, "League", "replace")).token
    assert new is not None
    for path in EVERY_PAGE + _pages(ours):
        body = await read(web, f"/l/{old}{path}", 404)
        assert not any(name in text_of(body) for name in ours.names), path
    await web_links.set_link(runtime, COMMISH, "League", "off")
    for path in EVERY_PAGE + _pages(ours):
        body = await read(web, f"/l/{new}{path}", 404)
        assert not any(name in text_of(body) for name in ours.names), path
