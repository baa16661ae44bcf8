"""Issue 32: the web view follows the league's or event's language (its pages' words, `<html lang>`, dates
and numbers); a page with no league (home, not found) follows the browser's Accept-Language when it is a
shipped language, else English. English pages read as they always did."""

from __future__ import annotations

import re

import pytest
from aiohttp.test_utils import TestClient

from bot.services.runtime import Runtime
from bot.services.web import web_links
from bot.store import leagues as league_store
from bot.web.page import browser_language
from tests import builders
from tests.builders import COMMISH, HOME, ORGANISER
from tests.web.pages import read, text_of
from tests.web.test_league_pages import _played_game

Client = TestClient[object, object]


async def _in(runtime: Runtime, language: str, kind: league_store.Kind = "league") -> str:
    """The league's (or the event's) link, its language set to `language`; the link's token."""
    state = await web_links.set_link(
        runtime, ORGANISER if kind == "tournament" else COMMISH, None, "on", kind
    )
    await runtime.db.write(league_store.set_language, state.league, language)
    assert state.token is not None
    return state.token


def _lang(html: str) -> str:
    found = re.search(r'<html lang="([^"]+)">', html)
    assert found is not None
    return found.group(1)


async def test_a_french_leagues_pages_are_in_french(runtime: Runtime, web: Client) -> None:
    fixture_id, _token = await _played_game(runtime)
    token = await _in(runtime, "fr")
    home = await builders.team_of(runtime, HOME)
    player_id = (await runtime.db.read(lambda conn: conn.execute("SELECT MIN(id) FROM players").fetchone()))[
        0
    ]
    pages = {
        "": ("Classement", "Saison 1", "Derniers résultats", "Équipes"),
        f"team/{home.id}": ("Trésorerie", "Effectif (11)", "Historique de la trésorerie", "Matchs"),
        f"player/{player_id}": ("Carrière", "Match par match", "Progressions"),
        f"fixture/{fixture_id}": ("Après-match", "Historique", "Tous les dés", "Sorties causées (SPP)"),
        "fixtures": ("Calendrier", "Journées :", "Date limite"),
        "seasons": ("Saison 1", "4 équipes", "commencée"),
        "leaders": ("Leaders", "Depuis toujours", "Joueur · équipe"),
        "dice": ("Journal des dés", "en tout"),
        "playoffs": ("Play-offs", "Saison 1"),
    }
    for path, french in pages.items():
        response = await web.get(f"/l/{token}/{path}")
        html = await response.text()
        assert response.status == 200, path
        assert _lang(html) == "fr" and response.headers["Content-Language"] == "fr", path
        text = text_of(html)
        for words in (*french, "Calendrier", "Journal des dés", "Vue en lecture seule"):
            assert words in text, (path, words)
        for english in ("Standings", "Fixtures", "Dice log", "Read-only view", "Season 1", "Deadline"):
            assert english not in text, (path, english)
    fixtures = text_of(await read(web, f"/l/{token}/fixtures"))
    # dates and numbers the French way: "12 janv. 2026, 18:00 UTC", "1 000 000"
    assert re.search(
        r"\d{1,2} (janv|févr|mars|avr|mai|juin|juil|août|sept|oct|nov|déc)\.? \d{4}, \d\d:\d\d UTC", fixtures
    )
    team = text_of(await read(web, f"/l/{token}/team/{home.id}"))
    assert re.search(r"Trésorerie \d{1,3}( \d{3})+ po", team), team[:300]  # 120 000 po


async def test_an_english_league_reads_as_it_always_did(runtime: Runtime, web: Client) -> None:
    _fixture_id, token = await _played_game(runtime)
    html = await read(web, f"/l/{token}/fixtures")
    assert _lang(html) == "en"
    text = text_of(html)
    assert "Fixtures" in text and "Season 1" in text and "Rounds: all" in text
    assert re.search(r"Deadline (Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d\d [A-Z][a-z]{2} \d{4}, \d\d:\d\d UTC", text)


async def test_a_spanish_events_pages_are_in_spanish(runtime: Runtime, web: Client) -> None:
    await builders.tournament_event(runtime, 4, rounds=3)
    token = await _in(runtime, "es-ES", "tournament")
    for path, spanish in (("", "Clasificación"), ("rosters", "Plantillas")):
        html = await read(web, f"/l/{token}/{path}")
        assert _lang(html) == "es-ES"
        text = text_of(html)
        assert spanish in text and "Vista de solo lectura" in text and "Rankings" not in text


async def test_a_page_with_no_league_follows_the_browser(web: Client) -> None:
    response = await web.get("/l/no-such-link-at-all-here/", headers={"Accept-Language": "de-DE,de;q=0.9"})
    html = await response.text()
    assert response.status == 404 and _lang(html) == "de" and "Hier ist nichts" in text_of(html)
    english = await web.get("/l/no-such-link-at-all-here/", headers={"Accept-Language": "pt-BR,pt"})
    assert "Nothing here" in text_of(await english.text())
    home = await web.get("/", headers={"Accept-Language": "it"})
    assert _lang(await home.text()) == "it"


@pytest.mark.parametrize(
    ("header", "language"),
    [
        ("fr-CH, fr;q=0.9, en;q=0.8", "fr"),
        ("en;q=0.5, es;q=0.8", "es-ES"),
        ("es-419", "es-ES"),
        ("pt-BR, it;q=0.2", "it"),
        ("de;q=0, fr;q=0.1", "fr"),
        ("de;q=nonsense, it", "it"),
        ("*", "en"),
        ("", "en"),
        (None, "en"),
    ],
)
def test_the_browsers_language_is_its_most_wanted_shipped_one(header: str | None, language: str) -> None:
    assert browser_language(header) == language
