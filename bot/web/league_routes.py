"""The pages of a league (`/l/<token>/...`): each handler calls one read service and renders one template."""

from __future__ import annotations

from aiohttp import web

from bot.services import web_pages
from bot.web.app import RUNTIME, base_of, render, token_of
from bot.web.tournament_routes import tournament_front


async def front(request: web.Request) -> web.Response:
    """A link's first page: the league's standings, this round and the latest results."""
    token = token_of(request)
    if (rankings := await tournament_front(request)) is not None:  # a tournament's link: its rankings
        return rankings
    page = await web_pages.league_page(request.app[RUNTIME], token)
    return render(request, "league.html", page=page, base=base_of(token))


def add_routes(app: web.Application) -> None:
    app.router.add_get("/l/{token}/", front)
