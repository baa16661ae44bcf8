"""A league's or event's language (issue 32): the server's at creation, changed by /language, audited."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from bot.errors import InvalidInput, NotFound
from bot.services import languages
from bot.services.league import leagues
from bot.services.runtime import Runtime
from bot.services.tournament import tournaments
from bot.store import audit
from tests.conftest import actor


async def test_a_new_league_and_event_speak_the_servers_language(runtime: Runtime) -> None:
    french = replace(actor(), server_language="fr")
    league = await leagues.create_league(runtime, french, "Ligue du Vieux Monde", 100)
    event = await tournaments.create_tournament(runtime, replace(actor(), server_language="de"), "Cup", 200)
    assert league.language == "fr"
    assert event.league.language == "de"
    assert (await leagues.create_league(runtime, actor(), "Old League", 100)).language == "en"


async def test_the_language_changes_is_audited_and_refuses_what_the_bot_does_not_speak(
    runtime: Runtime,
) -> None:
    league = await leagues.create_league(runtime, actor(), "Reavers League", 100)
    change = await languages.set_language(runtime, actor(user_id=7), None, None, "es-ES", reason="liga local")
    assert (change.before, change.competition.language) == ("en", "es-ES")
    assert (await leagues.get_league(runtime, 1, None)).language == "es-ES"
    again = await languages.set_language(runtime, actor(user_id=7), f"l:{league.id}", None, "es-ES")
    assert again.before == again.competition.language == "es-ES"
    entries = [e for e in await runtime.db.read(audit.recent, 1) if e.action == "league.language"]
    assert [(e.actor_id, e.detail, e.reason) for e in entries] == [
        (7, {"language": ["en", "es-ES"]}, "liga local")
    ]
    with pytest.raises(
        InvalidInput, match=re.escape("The bot speaks en, fr, es-ES, it, de; pt-BR is not one of them.")
    ):
        await languages.set_language(runtime, actor(), None, None, "pt-BR")


async def test_the_competition_is_the_one_named_or_the_servers_only_one(runtime: Runtime) -> None:
    with pytest.raises(NotFound, match="no league or event"):
        await languages.competition(runtime, 1, None, None)
    await leagues.create_league(runtime, actor(), "Reavers League", 100)
    assert (await languages.competition(runtime, 1, None, None)).name == "Reavers League"
    event = await tournaments.create_tournament(runtime, actor(), "Spring Cup", 200)
    with pytest.raises(NotFound, match="several leagues or events"):
        await languages.competition(runtime, 1, None, None)
    changed = await languages.set_language(runtime, actor(), None, "Spring Cup", "it")
    assert changed.competition.id == event.league.id and changed.competition.language == "it"
    assert (await languages.competition(runtime, 1, "Reavers League", None)).language == "en"
    with pytest.raises(NotFound):  # another server's league is not found here
        await languages.competition(runtime, 2, "Reavers League", None)
