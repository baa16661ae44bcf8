"""Runs the web view inside the bot's own process and event loop (aiohttp's AppRunner and a TCP site)."""

from __future__ import annotations

import logging

from aiohttp import web

from bot.services.runtime import Runtime
from bot.web.app import make_app

log = logging.getLogger(__name__)


class WebServer:
    def __init__(self, runtime: Runtime, host: str, port: int) -> None:
        self._runner = web.AppRunner(make_app(runtime), access_log=None)
        self.host = host
        self.port = port

    async def start(self) -> None:
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.host, self.port)
        await site.start()
        log.info("web view on http://%s:%d", self.host, self.port)

    @property
    def bound_port(self) -> int:
        """The port the view listens on (the one chosen by the system when started with port 0)."""
        address = self._runner.addresses[0]
        return int(address[1])

    async def stop(self) -> None:
        await self._runner.cleanup()
