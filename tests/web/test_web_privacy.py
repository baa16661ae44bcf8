"""Issue 31 §1.5: every answer of the web view carries the headers that keep a link private (the 405 of a
method it does not serve and the redirect to a link's front page too), and no log line holds a link's token
(an over-long request was logged at ERROR with the token in the line)."""

from __future__ import annotations

import asyncio
import logging

import pytest
from aiohttp.test_utils import TestClient

from bot.services.runtime import Runtime
from bot.services.web import web_links
from bot.web.app import SECURITY_HEADERS, redacted
from tests import builders
from tests.builders import COMMISH


async def _token(runtime: Runtime) -> str:
    await builders.season(runtime, 4)
    return (await web_links.set_link(runtime, COMMISH, None, "on")).token


async def test_a_405_and_a_redirect_carry_the_privacy_headers(
    runtime: Runtime, web: TestClient[object, object]
) -> None:
    token = await _token(runtime)
    refused = await web.post(f"/l/{token}/")
    assert refused.status == 405
    redirect = await web.get(f"/l/{token}", allow_redirects=False)
    assert redirect.status == 308
    for response in (refused, redirect):
        for header, value in SECURITY_HEADERS.items():
            assert response.headers.get(header) == value, (response.status, header)


async def test_an_over_long_request_is_a_warning_without_the_token(
    runtime: Runtime, web: TestClient[object, object], caplog: pytest.LogCaptureFixture
) -> None:
    token = await _token(runtime)
    caplog.set_level(logging.DEBUG)
    reader, writer = await asyncio.open_connection(web.server.host, web.server.port)
    writer.write(f"GET /l/{token}/".encode() + b"a" * 9000 + b" HTTP/1.1\r\nHost: x\r\n\r\n")
    await writer.drain()
    answer = await reader.read(100)
    writer.close()
    assert answer.startswith(b"HTTP/1.") and b" 400 " in answer
    assert not any(token in r.getMessage() or (r.exc_text and token in r.exc_text) for r in caplog.records)
    assert not any(r.levelno >= logging.ERROR for r in caplog.records if r.name.startswith("aiohttp"))
    assert any("refused a bad request" in r.getMessage() for r in caplog.records)


def test_a_token_is_taken_out_of_any_line() -> None:
    assert redacted("web view error ab12 on /l/Sekr3t-_x/team/4") == "web view error ab12 on /l/…/team/4"
    assert redacted("GET /l/abc?x=1 and /l/def/") == "GET /l/…?x=1 and /l/…/"
