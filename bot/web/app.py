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
import re
import secrets
from collections.abc import Awaitable, Callable

from aiohttp import web
from aiohttp.http_exceptions import HttpProcessingError

from bot.errors import DomainError
from bot.services.runtime import Runtime
from bot.web import league_routes, tournament_routes
from bot.web.page import HERE, RUNTIME, TEMPLATES, base_of, browser_language, environment, render, token_of

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
TOKEN_IN_PATH = re.compile(r"(/l/)[^/?#\s'\"]+")


def redacted(text: str) -> str:
    """`text` with every link's token taken out: a log line never holds a link's secret."""
    return TOKEN_IN_PATH.sub(r"\1…", text)


class PrivateLog(logging.Filter):
    """On aiohttp's loggers: a request aiohttp refuses before any route (a line too long, a bad request
    line) is the client's mistake, logged as a warning without its traceback; and no line holds a token."""

    def filter(self, record: logging.LogRecord) -> bool:
        error = record.exc_info[1] if record.exc_info else None
        if isinstance(error, HttpProcessingError):
            record.levelno, record.levelname = logging.WARNING, "WARNING"
            record.msg, record.args = "refused a bad request (%s, %s)", (error.code, type(error).__name__)
            record.exc_info, record.exc_text = None, None
            return True
        record.msg, record.args = redacted(record.getMessage()), ()
        return True


def keep_logs_private() -> None:
    """Install `PrivateLog` on aiohttp's loggers (once)."""
    for name in ("aiohttp.server", "aiohttp.web", "aiohttp.access"):
        logger = logging.getLogger(name)
        if not any(isinstance(f, PrivateLog) for f in logger.filters):
            logger.addFilter(PrivateLog())


@web.middleware
async def guard(request: web.Request, handler: Handler) -> web.StreamResponse:
    """Refusals become a plain 404 page (never saying whether a league exists); a bug becomes a 500 page
    with an error id that is logged with its traceback. Both in the browser's language (no league's)."""
    try:
        response = await handler(request)
    except DomainError:
        response = render(request, "not_found.html", language=_browser(request), status=404)
    except web.HTTPException as exc:
        if exc.status != 404:  # a redirect, a 405: with the same headers as every page
            exc.headers.update(SECURITY_HEADERS)
            raise
        response = render(request, "not_found.html", language=_browser(request), status=404)
    except Exception:
        error_id = secrets.token_hex(4)
        log.exception("web view error %s on %s", error_id, redacted(request.path))
        response = render(request, "error.html", language=_browser(request), status=500, error_id=error_id)
    response.headers.update(SECURITY_HEADERS)
    if request.path.startswith("/static/") and "v" in request.query and response.status == 200:
        response.headers["Cache-Control"] = STATIC_CACHE  # the address names the file's version
    return response


def _browser(request: web.Request) -> str:
    """A page with no league (home, not found, an error) is worded in the browser's language when it is a
    shipped one (Accept-Language), else in English."""
    return browser_language(request.headers.get("Accept-Language"))


async def home(request: web.Request) -> web.Response:
    return render(request, "home.html", language=_browser(request))


async def health(_request: web.Request) -> web.Response:
    return web.Response(text="ok")


async def to_slash(request: web.Request) -> web.Response:
    raise web.HTTPPermanentRedirect(f"{base_of(token_of(request))}/")


def make_app(runtime: Runtime) -> web.Application:
    keep_logs_private()
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
