"""The browser tests' world: the demo (`python -m bot demo --port 0`) serving its web view on 127.0.0.1 in a
real process, and one headless Chromium for the whole package, driven by Playwright.

Chromium is Debian's (`/usr/bin/chromium`, or $CHROMIUM); `.ci/run` installs it where it is missing, so CI
always runs these tests. Playwright never downloads a browser here (`playwright install` is not used)."""

from __future__ import annotations

import os
import queue
import re
import shutil
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, ViewportSize, sync_playwright

from tests.conftest import built_once_location

ROOT = Path(__file__).resolve().parents[2]
START_TIMEOUT = 120  # seconds for the demo to fill its database and start serving
PHONE: ViewportSize = {"width": 390, "height": 844}
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def chromium_path() -> str | None:
    """$CHROMIUM, else Debian's chromium; None when neither is installed."""
    wanted = os.environ.get("CHROMIUM") or "/usr/bin/chromium"
    return wanted if os.access(wanted, os.X_OK) else shutil.which("chromium")


@dataclass(frozen=True)
class Demo:
    """The demo's web view: its address, the two links it printed, and its database."""

    base: str  # http://127.0.0.1:<port>
    league: str  # the league link's path, /l/<token>/
    tournament: str
    db: str  # where the demo keeps its data (a test may change a competition's language there)


@pytest.fixture(scope="package")
def demo(tmp_path_factory: pytest.TempPathFactory, request: pytest.FixtureRequest) -> Iterator[Demo]:
    """The real demo process on a free port, on a new database of the tests' engine; stopped with Ctrl+C
    (SIGINT) at the end."""
    db = built_once_location(tmp_path_factory, request, "demo")
    env = {k: v for k, v in os.environ.items() if k not in ("DISCORD_TOKEN", "WEB_PORT")}
    process = subprocess.Popen(
        [sys.executable, "-m", "bot", "demo", "--port", "0", "--db", db],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    assert process.stdout is not None
    lines: queue.Queue[str] = queue.Queue()

    def read() -> None:
        for line in process.stdout or ():
            lines.put(line)

    threading.Thread(target=read, daemon=True).start()
    printed: list[str] = []
    deadline = time.monotonic() + START_TIMEOUT
    try:
        while not printed or "Ctrl+C" not in printed[-1]:
            try:
                printed.append(lines.get(timeout=max(0.1, deadline - time.monotonic())))
            except queue.Empty:
                pytest.fail("the demo did not start:\n" + "".join(printed))
        links = re.findall(r"(http://127\.0\.0\.1:\d+)(/l/[\w-]+/)", "".join(printed))
        assert len(links) == 2, printed
        yield Demo(links[0][0], links[0][1], links[1][1], db)
    finally:
        process.send_signal(signal.SIGINT)
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()


@pytest.fixture(scope="package")
def browser() -> Iterator[Browser]:
    """One headless Chromium for every browser test."""
    executable = chromium_path()
    if executable is None:
        pytest.skip(
            "Chromium is not installed (.ci/run installs Debian's chromium: apt-get install chromium)"
        )
    with sync_playwright() as p:
        launched = p.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
        yield launched
        launched.close()


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    """A new tab, phone-sized, with JavaScript on."""
    context = browser.new_context(viewport=PHONE, java_script_enabled=True)
    opened = context.new_page()
    yield opened
    context.close()
