"""The web view's aiohttp application: routes, the Jinja2 environment, and the rules every page keeps.

Read-only: only GET (and HEAD) routes exist, so anything else is refused by aiohttp with 405. A page is
reached through its league's link (`/l/<token>/...`); the services look every id up inside that league,
so a link shows nothing of another league, and a replaced or disabled link shows nothing at all.
Every answer carries headers that keep the link private (no Referer leaves the page, no indexing) and
allow only the view's own stylesheet (no scripts).
"""

from __future__ import annotations

import logging
import re
import secrets
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from aiohttp import web
from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape

from bot.errors import DomainError
from bot.services.runtime import Runtime

log = logging.getLogger(__name__)

HERE = Path(__file__).resolve().parent
RUNTIME: web.AppKey[Runtime] = web.AppKey("runtime", Runtime)
TEMPLATES: web.AppKey[Environment] = web.AppKey("templates", Environment)
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


def when(value: datetime | None) -> str:
    """A time for the web: day, month, year and UTC time (Discord's own timestamps do not exist here)."""
    if value is None:
        return ""
    return value.astimezone(UTC).strftime("%a %d %b %Y, %H:%M UTC")


def gold(value: int) -> str:
    """Gold pieces as the rules write them: 1,150,000."""
    return f"{value:,}"


def environment() -> Environment:
    env = Environment(
        loader=FileSystemLoader(HERE / "templates"),
        autoescape=select_autoescape(default=True, default_for_string=True),
        undefined=StrictUndefined,  # a template naming a missing value fails its test, not the reader
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters["when"] = when
    env.filters["gold"] = gold
    return env


def render(request: web.Request, template: str, status: int = 200, **context: Any) -> web.Response:
    html = request.app[TEMPLATES].get_template(template).render(**context)
    return web.Response(text=html, status=status, content_type="text/html", charset="utf-8")


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


NUMBER = re.compile(r"[0-9]{1,12}")


def number_in(text: str | None) -> int | None:
    """A whole number from an address (an id, ?season=, ?page=); None when absent; anything else is a 404."""
    if text is None or text == "":
        return None
    if not NUMBER.fullmatch(text):
        raise web.HTTPNotFound()
    return int(text)


def query_number(request: web.Request, name: str) -> int | None:
    return number_in(request.query.get(name))


def path_number(request: web.Request, name: str) -> int:
    found = number_in(request.match_info[name])
    if found is None:
        raise web.HTTPNotFound()
    return found


def token_of(request: web.Request) -> str:
    return request.match_info["token"]


def base_of(token: str) -> str:
    """The address every link of a league's pages starts with."""
    return f"/l/{token}"


async def home(request: web.Request) -> web.Response:
    return render(request, "home.html")


async def health(_request: web.Request) -> web.Response:
    return web.Response(text="ok")


async def to_slash(request: web.Request) -> web.Response:
    raise web.HTTPPermanentRedirect(f"{base_of(token_of(request))}/")


def make_app(runtime: Runtime) -> web.Application:
    from bot.web import league_routes, tournament_routes  # the pages import this module's helpers

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
