"""The pages of a league (`/l/<token>/...`): each handler calls one read service and renders one template.
Numbers in an address (ids, ?season=, ?round=, ?page=) that are not whole numbers are a 404."""

from __future__ import annotations

from typing import Literal

from aiohttp import web

from bot.rules.league.leaders import STATS
from bot.services.league.leaders import ALL_TIME
from bot.services.web import web_pages
from bot.web.page import RUNTIME, base_of, number_in, path_number, query_number, render, token_of
from bot.web.tournament_routes import tournament_front

LEADERS_SHOWN = 10  # each board's first lines on the overview; `?board=` shows one board whole


def _page(request: web.Request) -> int:
    found = query_number(request, "page")
    return 1 if found is None else found


async def front(request: web.Request) -> web.Response:
    """A link's first page: the league's standings, this round and the latest results."""
    token = token_of(request)
    if (rankings := await tournament_front(request)) is not None:  # a tournament's link: its rankings
        return rankings
    page = await web_pages.league_page(request.app[RUNTIME], token, query_number(request, "season"))
    return render(request, "league.html", page=page, base=base_of(token))


async def team(request: web.Request) -> web.Response:
    token = token_of(request)
    page = await web_pages.team_page(
        request.app[RUNTIME], token, path_number(request, "team_id"), _page(request)
    )
    return render(request, "team.html", page=page, base=base_of(token))


async def player(request: web.Request) -> web.Response:
    token = token_of(request)
    page = await web_pages.player_page(request.app[RUNTIME], token, path_number(request, "player_id"))
    return render(request, "player.html", page=page, base=base_of(token))


async def fixtures(request: web.Request) -> web.Response:
    token = token_of(request)
    page = await web_pages.fixtures_page(
        request.app[RUNTIME], token, query_number(request, "season"), query_number(request, "round")
    )
    return render(request, "fixtures.html", page=page, base=base_of(token))


async def fixture(request: web.Request) -> web.Response:
    token = token_of(request)
    page = await web_pages.fixture_page(request.app[RUNTIME], token, path_number(request, "fixture_id"))
    return render(request, "fixture.html", page=page, base=base_of(token))


async def playoffs(request: web.Request) -> web.Response:
    token = token_of(request)
    page = await web_pages.playoffs_page(request.app[RUNTIME], token, query_number(request, "season"))
    return render(request, "playoffs.html", page=page, base=base_of(token))


async def seasons(request: web.Request) -> web.Response:
    token = token_of(request)
    page = await web_pages.seasons_page(request.app[RUNTIME], token)
    return render(request, "seasons.html", page=page, base=base_of(token))


async def leaders(request: web.Request) -> web.Response:
    token = token_of(request)
    wanted = request.query.get("season")
    season: int | Literal["all"] | None = ALL_TIME if wanted == ALL_TIME else number_in(wanted)
    board = request.query.get("board")
    if board is not None and board not in STATS:
        raise web.HTTPNotFound()
    page = await web_pages.leaders_page(request.app[RUNTIME], token, season)
    boards = {board: STATS[board]} if board is not None else STATS
    shown = None if board is not None else LEADERS_SHOWN
    return render(request, "leaders.html", page=page, base=base_of(token), stats=boards, shown=shown)


async def dice(request: web.Request) -> web.Response:
    token = token_of(request)
    page = await web_pages.dice_page(request.app[RUNTIME], token, _page(request))
    return render(request, "dice.html", page=page, base=base_of(token))


def add_routes(app: web.Application) -> None:
    app.router.add_get("/l/{token}/", front)
    app.router.add_get("/l/{token}/team/{team_id}", team)
    app.router.add_get("/l/{token}/player/{player_id}", player)
    app.router.add_get("/l/{token}/fixtures", fixtures)
    app.router.add_get("/l/{token}/fixture/{fixture_id}", fixture)
    app.router.add_get("/l/{token}/playoffs", playoffs)
    app.router.add_get("/l/{token}/seasons", seasons)
    app.router.add_get("/l/{token}/leaders", leaders)
    app.router.add_get("/l/{token}/dice", dice)
