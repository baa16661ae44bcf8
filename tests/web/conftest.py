"""The web view in-process: the aiohttp application over a real SQLite runtime, and a client to read it."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest_asyncio
from aiohttp.test_utils import TestClient, TestServer

from bot.services.runtime import Runtime
from bot.web.app import make_app


@pytest_asyncio.fixture
async def web(runtime: Runtime) -> AsyncIterator[TestClient[object, object]]:
    """A client of the web view, served on 127.0.0.1 by aiohttp's test server."""
    client: TestClient[object, object] = TestClient(TestServer(make_app(runtime), host="127.0.0.1"))
    await client.start_server()
    yield client
    await client.close()
