"""The web view's aiohttp application: its routes and the rules every page keeps (what a page is made
with, its template environment and the numbers read from an address, is bot/web/page.py).

Read-only: only GET (and HEAD) routes exist, so anything else is refused by aiohttp with 405. A page is
reached through its league's link (`/l/<token>/...`); the services look every id up inside that league,
so a link shows nothing of another league, and a replaced or disabled link shows nothing at all.
Every answer carries headers that keep the link private (no Referer leaves the page, no indexing) and
allow only the view's own stylesheet (no scripts).
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Awaitable, Callable

from aiohttp import web

from bot.errors import DomainError
from bot.services.runtime import Runtime
from bot.web import league_routes, tournament_routes
from bot.web.page import HERE, RUNTIME, TEMPLATES, base_of, environment, render, token_of

log = logging.getLogger(__name__)

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]

SECURITY_HEADERS = {
    "Content-Security-Policy": "default-src 'none'; style-src 'self'; img-src 'self' data:; "
    "base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    "Referrer-Policy": "no-referrer",  # the token is the link's secret: never sent to another site
    "X-Robots-Tag": "noindex, nofollow",
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "no-store",
}


STATIC_CACHE = "public, max-age=31536000, immutable"


@web.middleware
async def guard(request: web.Request, handler: Handler) -> web.StreamResponse:
    """Refusals become a plain 404 page (never saying whether a league exists); a bug becomes a 500 page
    with an error id that is logged with its traceback."""
    try:
        response = await handler(request)
    except DomainError:
        response = render(request, "not_found.html", status=404)
    except web.HTTPException as exc:
        if exc.status != 404:
            raise
        response = render(request, "not_found.html", status=404)
    except Exception:
        error_id = secrets.token_hex(4)
        log.exception("web view error %s on %s", error_id, request.path)
        response = render(request, "error.html", status=500, error_id=error_id)
    response.headers.update(SECURITY_HEADERS)
    if request.path.startswith("/static/") and "v" in request.query and response.status == 200:
        response.headers["Cache-Control"] = STATIC_CACHE  # the address names the file's version
    return response


async def home(request: web.Request) -> web.Response:
    return render(request, "home.html")


async def health(_request: web.Request) -> web.Response:
    return web.Response(text="ok")


async def to_slash(request: web.Request) -> web.Response:
    raise web.HTTPPermanentRedirect(f"{base_of(token_of(request))}/")


def make_app(runtime: Runtime) -> web.Application:
    app = web.Application(middlewares=[guard])
    app[RUNTIME] = runtime
    app[TEMPLATES] = environment()
    app.router.add_get("/", home)
    app.router.add_get("/healthz", health)
    static = app.router.add_static("/static", HERE / "static", append_version=True)
    # the stylesheet's address names its version (a hash of the file), so browsers may keep it for good
    app[TEMPLATES].globals["stylesheet"] = str(static.url_for(filename="style.css"))
    app.router.add_get("/l/{token}", to_slash)
    league_routes.add_routes(app)
    tournament_routes.add_routes(app)
    return app
