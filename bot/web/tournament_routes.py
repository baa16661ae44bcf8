"""The pages of a tournament's link (`/l/<token>/...`): the rankings (the link's front page), each round's
pairings, the approved rosters and one roster, and a group event's bracket. Each handler calls one read
service (bot/services/web/web_tournament_pages.py) and renders one template."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Protocol

from aiohttp import web

from bot.services.runtime import Runtime
from bot.services.web import web_tournament_pages as pages
from bot.services.web.web_tournament_pages import EventNav
from bot.web.page import base_of, number_in, path_number, render, runtime_of, token_of

DICE_ROUTE = "/l/{token}/dice"  # the dice log (the league pages' own, bot/web/league_routes.py)


class _EventPage(Protocol):
    @property
    def nav(self) -> EventNav: ...


def _show(request: web.Request, template: str, page: _EventPage) -> web.Response:
    """A page in its event's language, with what tournament_base.html needs: the links' base, and whether a
    dice log page exists."""
    has_dice = any(r.canonical == DICE_ROUTE for r in request.app.router.resources())
    base = base_of(token_of(request))
    language = page.nav.scope.league.language
    return render(request, template, language=language, page=page, base=base, nav=page.nav, has_dice=has_dice)


async def tournament_front(request: web.Request) -> web.Response | None:
    """A link's first page when it shows a tournament: the rankings. None for a league's link."""
    page = await pages.rankings_page(runtime_of(request), token_of(request))
    return None if page is None else _show(request, "tournament_rankings.html", page)


# The pages of an event after its front page: address under the link -> the template, and the read service
# called with the runtime, the link's token and what the address holds.
Load = Callable[[Runtime, str, web.Request], Awaitable[_EventPage]]
PAGES: dict[str, tuple[str, Load]] = {
    "round/{number}": (
        "tournament_round.html",
        lambda rt, token, r: pages.round_page(rt, token, path_number(r, "number")),
    ),
    "rosters": ("tournament_rosters.html", lambda rt, token, _r: pages.rosters_page(rt, token)),
    "roster/{team_id}": (
        "tournament_roster.html",
        lambda rt, token, r: pages.roster_page(
            rt, token, path_number(r, "team_id"), number_in(r.query.get("round"))
        ),
    ),
    "bracket": ("tournament_bracket.html", lambda rt, token, _r: pages.bracket_page(rt, token)),
}


def page_route(template: str, load: Load) -> Callable[[web.Request], Awaitable[web.Response]]:
    async def handler(request: web.Request) -> web.Response:
        return _show(request, template, await load(runtime_of(request), token_of(request), request))

    return handler


def add_routes(app: web.Application) -> None:
    for address, (template, load) in PAGES.items():
        app.router.add_get(f"/l/{{token}}/{address}", page_route(template, load))
