"""Issue 32: "the web view follows the league's or event's language; the browser tests run in one other
language". The demo's league and tournament set to French: each kind of page says `<html lang="fr">`, shows
its navigation and labels in French, and still fits a phone (tests/browser/overflow.py: French runs longer
than English). Both competitions are English again afterwards, as the other browser tests read them."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager

import pytest
from playwright.sync_api import Page

from bot.store import leagues as league_store
from bot.store import web_links
from bot.store.connection import Connection
from tests.browser.conftest import PHONE, Demo
from tests.browser.overflow import links, problems_on
from tests.conftest import on_database

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def _set_language(demo: Demo, language: str) -> None:
    """Both of the demo's competitions (found by their links) set to `language`, in the demo's database."""
    tokens = [path.strip("/").split("/")[1] for path in (demo.league, demo.tournament)]

    def work(conn: Connection) -> None:
        for token in tokens:
            link = web_links.by_token(conn, token)
            assert link is not None
            league = league_store.get(conn, link.guild_id, link.league_id)
            assert league is not None
            league_store.set_language(conn, league, language)

    with ThreadPoolExecutor(1) as thread:  # its own event loop, away from Playwright's
        thread.submit(asyncio.run, on_database(demo.db, work)).result()


@contextmanager
def spoken(demo: Demo, language: str) -> Iterator[None]:
    _set_language(demo, language)
    try:
        yield
    finally:
        _set_language(demo, "en")


def _first(page: Page, url: str, base: str, kind: str) -> str:
    """The first page of `kind` (team, player, fixture, roster) that the page at `url` links to."""
    page.goto(url)
    found = next((u for u in links(page, base) if f"/{kind}/" in u), None)
    assert found is not None, (url, kind)
    return found


def test_the_pages_in_french_are_french_and_fit_a_phone(demo: Demo, page: Page) -> None:
    league, event = demo.base + demo.league, demo.base + demo.tournament
    with spoken(demo, "fr"):
        team = _first(page, league, demo.base, "team")
        shown = {
            league: "Classement",
            league + "fixtures": "Calendrier",
            league + "playoffs": "Play-offs",
            league + "leaders": "Leaders",
            league + "seasons": "Saisons",
            league + "dice": "Journal des dés",
            team: "Historique de la trésorerie",
            _first(page, team, demo.base, "player"): "Carrière",
            _first(page, team, demo.base, "fixture"): "Tous les dés",
            event: "Classement",
            event + "rosters": "Effectifs",
            _first(page, event + "rosters", demo.base, "roster"): "Compétences",
            event + "round/1": "Ronde 1 sur",
            event + "bracket": "Tableau",
        }
        problems: list[str] = []
        for url, french in shown.items():
            page.goto(url)
            assert page.get_attribute("html", "lang") == "fr", url
            text = page.inner_text("body")
            assert french in text and "Vue en lecture seule" in text, (url, french)
            for english in ("Standings", "Rankings", "Dice log", "Read-only view"):
                assert english not in text, (url, english)
            problems_on(page, url, PHONE["width"], problems.append)
        assert not problems, f"{len(problems)} elements hide content sideways at 390 px:\n" + "\n".join(
            problems
        )
    page.goto(league)
    assert page.get_attribute("html", "lang") == "en" and "Standings" in page.inner_text("header")
