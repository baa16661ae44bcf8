"""`/league web` links: unguessable, turned on and off, replaced; a page shows its own league only."""

from __future__ import annotations

import re

import pytest
from aiohttp.test_utils import TestClient

from bot.errors import InvalidInput, NotFound
from bot.services.league import leagues
from bot.services.runtime import Runtime
from bot.services.web import web_links
from bot.services.web.web_links import resolve_in
from tests import builders
from tests.builders import COMMISH
from tests.conftest import actor
from tests.web.pages import text_of

OTHER_GUILD = actor(guild_id=2, user_id=1)


async def test_a_link_is_made_once_and_kept_until_replaced(runtime: Runtime) -> None:
    await builders.league(runtime, 2)
    shown = await web_links.set_link(runtime, COMMISH, None, "show")
    assert shown.token is None and not shown.enabled and not shown.changed
    on = await web_links.set_link(runtime, COMMISH, None, "on")
    assert on.enabled and on.changed and on.token is not None
    assert re.fullmatch(r"[A-Za-z0-9_-]{22}", on.token)  # 16 random bytes
    again = await web_links.set_link(runtime, COMMISH, None, "on")
    assert again.token == on.token and not again.changed
    off = await web_links.set_link(runtime, COMMISH, None, "off")
    assert off.token == on.token and not off.enabled
    back = await web_links.set_link(runtime, COMMISH, None, "on")
    assert back.token == on.token and back.enabled
    replaced = await web_links.set_link(runtime, COMMISH, None, "replace")
    assert replaced.enabled and replaced.token not in (None, on.token)


async def test_resolving_finds_only_an_enabled_current_link(runtime: Runtime) -> None:
    await builders.league(runtime, 2)
    old = (await web_links.set_link(runtime, COMMISH, None, "on")).token
    assert old is not None
    scope = await runtime.db.read(resolve_in, old)
    assert (scope.guild_id, scope.league.name) == (1, "League")
    new = (await web_links.set_link(runtime, COMMISH, None, "replace")).token
    assert new is not None
    with pytest.raises(NotFound):
        await runtime.db.read(resolve_in, old)
    await web_links.set_link(runtime, COMMISH, None, "off")
    with pytest.raises(NotFound):
        await runtime.db.read(resolve_in, new)
    for nonsense in ("", "x", "' OR 1=1 --", "a" * 200):
        with pytest.raises(NotFound):
            await runtime.db.read(resolve_in, nonsense)


async def test_the_service_refuses_an_unknown_action(runtime: Runtime) -> None:
    await builders.league(runtime, 2)
    with pytest.raises(InvalidInput, match="show, on, off, replace"):
        await web_links.set_link(runtime, COMMISH, None, "delete")  # type: ignore[arg-type]


async def test_the_league_page_shows_standings_and_the_round(
    runtime: Runtime, web: TestClient[object, object]
) -> None:
    await builders.season(runtime, 4)
    fx = (await builders.fixtures(runtime))[0]
    await builders.play(runtime, fx, 2, 1)
    token = (await web_links.set_link(runtime, COMMISH, None, "on")).token
    response = await web.get(f"/l/{token}/")
    assert response.status == 200
    html = await response.text()
    assert "Season 1" in html and "Round 1" in html and "Latest results" in html
    assert f"{fx.home_name} 2 – 1 {fx.away_name}" in text_of(html)
    assert (
        f'href="/l/{token}/fixture/{fx.id}"' in html and f'href="/l/{token}/team/{fx.home_team_id}"' in html
    )
    assert response.headers["Referrer-Policy"] == "no-referrer"
    assert "script-src" not in response.headers["Content-Security-Policy"]
    redirect = await web.get(f"/l/{token}", allow_redirects=False)
    assert redirect.status == 308 and redirect.headers["Location"] == f"/l/{token}/"


async def test_a_replaced_or_other_link_shows_nothing(
    runtime: Runtime, web: TestClient[object, object]
) -> None:
    await builders.league(runtime, 2)
    await leagues.create_league(runtime, OTHER_GUILD, "Elsewhere", 777)
    old = (await web_links.set_link(runtime, COMMISH, None, "on")).token
    await web_links.set_link(runtime, COMMISH, None, "replace")
    for path in (f"/l/{old}/", "/l/not-a-token-at-all-really/", "/l/x/"):
        response = await web.get(path)
        assert response.status == 404
        assert "League" not in await response.text()


async def test_nothing_can_be_changed_from_the_web(runtime: Runtime, web: TestClient[object, object]) -> None:
    await builders.league(runtime, 2)
    token = (await web_links.set_link(runtime, COMMISH, None, "on")).token
    for method in ("POST", "PUT", "DELETE", "PATCH"):
        response = await web.request(method, f"/l/{token}/")
        assert response.status == 405


async def test_the_stylesheet_is_cached_by_its_version_and_pages_never(
    runtime: Runtime, web: TestClient[object, object]
) -> None:
    await builders.league(runtime, 2)
    token = (await web_links.set_link(runtime, COMMISH, None, "on")).token
    page = await web.get(f"/l/{token}/")
    assert page.headers["Cache-Control"] == "no-store"  # a page changes with every result
    found = re.search(r'href="(/static/style\.css\?v=[^"]+)"', await page.text())
    assert found, "the pages link the stylesheet by its version"
    sheet = await web.get(found.group(1).replace("&amp;", "&"))
    assert sheet.status == 200 and "immutable" in sheet.headers["Cache-Control"]
