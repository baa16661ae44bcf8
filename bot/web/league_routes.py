"""The pages of a league (`/l/<token>/...`): each handler calls one read service and renders one template.
Numbers in an address (ids, ?season=, ?round=, ?page=) that are not whole numbers are a 404."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any, Literal, Protocol

from aiohttp import web

from bot.rules.league.leaders import STATS
from bot.services.league.leaders import ALL_TIME
from bot.services.runtime import Runtime
from bot.services.web import web_pages
from bot.services.web.web_links import WebScope
from bot.web.page import base_of, number_in, path_number, query_number, render, runtime_of, token_of
from bot.web.tournament_routes import tournament_front

LEADERS_SHOWN = 10  # each board's first lines on the overview; `?board=` shows one board whole


def _page(request: web.Request) -> int:
    found = query_number(request, "page")
    return 1 if found is None else found


class _LeaguePage(Protocol):
    @property
    def scope(self) -> WebScope: ...


def _show(request: web.Request, template: str, page: _LeaguePage, **more: Any) -> web.Response:
    """The page in its league's language, with the links' base."""
    language = page.scope.league.language
    return render(request, template, language=language, page=page, base=base_of(token_of(request)), **more)


async def front(request: web.Request) -> web.Response:
    """A link's first page: the league's standings, this round and the latest results."""
    if (rankings := await tournament_front(request)) is not None:  # a tournament's link: its rankings
        return rankings
    page = await web_pages.league_page(
        runtime_of(request), token_of(request), query_number(request, "season")
    )
    return _show(request, "league.html", page)


async def leaders(request: web.Request) -> web.Response:
    wanted = request.query.get("season")
    season: int | Literal["all"] | None = ALL_TIME if wanted == ALL_TIME else number_in(wanted)
    board = request.query.get("board")
    if board is not None and board not in STATS:
        raise web.HTTPNotFound()
    page = await web_pages.leaders_page(runtime_of(request), token_of(request), season)
    boards = {board: STATS[board]} if board is not None else STATS
    shown = None if board is not None else LEADERS_SHOWN
    return _show(request, "leaders.html", page, stats=boards, shown=shown)


# The pages that are one read service's answer in one template: address under the link -> the template, and
# the service called with the runtime, the link's token and what the address holds.
Load = Callable[[Runtime, str, web.Request], Awaitable[_LeaguePage]]
PAGES: dict[str, tuple[str, Load]] = {
    "team/{team_id}": (
        "team.html",
        lambda rt, token, r: web_pages.team_page(rt, token, path_number(r, "team_id"), _page(r)),
    ),
    "player/{player_id}": (
        "player.html",
        lambda rt, token, r: web_pages.player_page(rt, token, path_number(r, "player_id")),
    ),
    "fixtures": (
        "fixtures.html",
        lambda rt, token, r: web_pages.fixtures_page(
            rt, token, query_number(r, "season"), query_number(r, "round")
        ),
    ),
    "fixture/{fixture_id}": (
        "fixture.html",
        lambda rt, token, r: web_pages.fixture_page(rt, token, path_number(r, "fixture_id")),
    ),
    "playoffs": (
        "playoffs.html",
        lambda rt, token, r: web_pages.playoffs_page(rt, token, query_number(r, "season")),
    ),
    "seasons": ("seasons.html", lambda rt, token, _r: web_pages.seasons_page(rt, token)),
    "dice": ("dice.html", lambda rt, token, r: web_pages.dice_page(rt, token, _page(r))),
}


def page_route(template: str, load: Load) -> Callable[[web.Request], Awaitable[web.Response]]:
    async def handler(request: web.Request) -> web.Response:
        return _show(request, template, await load(runtime_of(request), token_of(request), request))

    return handler


def add_routes(app: web.Application) -> None:
    app.router.add_get("/l/{token}/", front)
    app.router.add_get("/l/{token}/leaders", leaders)
    for address, (template, load) in PAGES.items():
        app.router.add_get(f"/l/{{token}}/{address}", page_route(template, load))
