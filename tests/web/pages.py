"""Helpers for reading the web view's pages in tests."""

from __future__ import annotations

import html
import re

from aiohttp.test_utils import TestClient

from bot.services.runtime import Actor, Runtime
from bot.services.web import web_links

TAG = re.compile(r"<[^>]+>")


def text_of(page: str) -> str:
    """A page's text as a reader sees it: no tags, entities decoded, white space collapsed."""
    return " ".join(html.unescape(TAG.sub(" ", page)).split())


async def link(runtime: Runtime, who: Actor, league_ref: str | None = None) -> str:
    """Turn a league's link on; its token."""
    token = (await web_links.set_link(runtime, who, league_ref, "on")).token
    assert token is not None
    return token


async def read(web: TestClient[object, object], path: str, status: int = 200) -> str:
    response = await web.get(path)
    body = await response.text()
    assert response.status == status, (path, response.status, text_of(body)[:500])
    return body
