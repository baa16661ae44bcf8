"""The pages of a tournament's link (`/l/<token>/...`): the rankings (the link's front page), each round's
pairings, the approved rosters and one roster, and a group event's bracket. Each handler calls one read
service (bot/services/web/web_tournament_pages.py) and renders one template."""

from __future__ import annotations

from aiohttp import web

from bot.services.web import web_tournament_pages as pages
from bot.services.web.web_tournament_pages import EventNav
from bot.web.page import RUNTIME, base_of, path_number, render, token_of

DICE_ROUTE = "/l/{token}/dice"  # the dice log (the league pages' own, bot/web/league_routes.py)


def _show(request: web.Request, template: str, page: object, nav: EventNav) -> web.Response:
    """A page with what tournament_base.html needs: the links' base, and whether a dice log page exists."""
    has_dice = any(r.canonical == DICE_ROUTE for r in request.app.router.resources())
    return render(request, template, page=page, base=base_of(token_of(request)), nav=nav, has_dice=has_dice)


async def tournament_front(request: web.Request) -> web.Response | None:
    """A link's first page when it shows a tournament: the rankings. None for a league's link."""
    page = await pages.rankings_page(request.app[RUNTIME], token_of(request))
    if page is None:
        return None
    return _show(request, "tournament_rankings.html", page, page.nav)


async def round_view(request: web.Request) -> web.Response:
    number = path_number(request, "number")
    page = await pages.round_page(request.app[RUNTIME], token_of(request), number)
    return _show(request, "tournament_round.html", page, page.nav)


async def rosters_view(request: web.Request) -> web.Response:
    page = await pages.rosters_page(request.app[RUNTIME], token_of(request))
    return _show(request, "tournament_rosters.html", page, page.nav)


async def roster_view(request: web.Request) -> web.Response:
    team_id = path_number(request, "team_id")
    page = await pages.roster_page(request.app[RUNTIME], token_of(request), team_id)
    return _show(request, "tournament_roster.html", page, page.nav)


async def bracket_view(request: web.Request) -> web.Response:
    page = await pages.bracket_page(request.app[RUNTIME], token_of(request))
    return _show(request, "tournament_bracket.html", page, page.nav)


def add_routes(app: web.Application) -> None:
    app.router.add_get("/l/{token}/round/{number}", round_view)
    app.router.add_get("/l/{token}/rosters", rosters_view)
    app.router.add_get("/l/{token}/roster/{team_id}", roster_view)
    app.router.add_get("/l/{token}/bracket", bracket_view)
