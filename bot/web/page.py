"""What every page of the web view is made with: the Jinja2 environment and its filters, `render`, and the
numbers and token read from an address. bot/web/app.py builds the application; the route modules
(league_routes.py, tournament_routes.py) import this module, never the application.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from aiohttp import web
from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape

from bot.services.runtime import Runtime

HERE = Path(__file__).resolve().parent
RUNTIME: web.AppKey[Runtime] = web.AppKey("runtime", Runtime)
TEMPLATES: web.AppKey[Environment] = web.AppKey("templates", Environment)


def when(value: datetime | None) -> str:
    """A time for the web: day, month, year and UTC time (Discord's own timestamps do not exist here)."""
    if value is None:
        return ""
    return value.astimezone(UTC).strftime("%a %d %b %Y, %H:%M UTC")


def day(value: datetime) -> str:
    """A short date for a tight table on a phone: "12 Aug" (the full time goes in the element's title)."""
    return f"{value.astimezone(UTC).day} {value.astimezone(UTC):%b}"


def day_time(value: datetime) -> str:
    """A short date and UTC time for a tight table on a phone: "12 Aug 14:05"."""
    return f"{day(value)} {value.astimezone(UTC):%H:%M}"


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
    env.filters["day"] = day
    env.filters["day_time"] = day_time
    return env


def render(request: web.Request, template: str, status: int = 200, **context: Any) -> web.Response:
    html = request.app[TEMPLATES].get_template(template).render(**context)
    return web.Response(text=html, status=status, content_type="text/html", charset="utf-8")


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


def runtime_of(request: web.Request) -> Runtime:
    return request.app[RUNTIME]


def token_of(request: web.Request) -> str:
    return request.match_info["token"]


def base_of(token: str) -> str:
    """The address every link of a league's pages starts with."""
    return f"/l/{token}"
