"""/language: a commissioner sets a league's language, an organiser an event's; replies in the user's."""

from __future__ import annotations

from dataclasses import replace
from unittest.mock import MagicMock

import pytest

from bot import i18n
from bot.cogs.language import LANGUAGES, LanguageCog
from bot.services.league import leagues
from bot.services.runtime import Runtime
from bot.services.tournament import tournaments
from bot.ui.checks import NotCommissioner
from tests.cogs.mocks import make_interaction, sent
from tests.conftest import actor

ORGANISER_ROLE = 900


async def test_each_language_is_offered_by_its_own_name() -> None:
    assert [(c.name, c.value) for c in LANGUAGES] == [
        ("English", "en"),
        ("Français", "fr"),
        ("Español", "es-ES"),
        ("Italiano", "it"),
        ("Deutsch", "de"),
    ]


async def test_a_commissioner_sets_the_league_language_and_sees_it(runtime: Runtime) -> None:
    await leagues.create_league(runtime, actor(), "Reavers League", 100)
    cog = LanguageCog(MagicMock())
    interaction = make_interaction(runtime, manage_guild=True)
    await cog.language.callback(cog, interaction, "fr", None, None, "the French club")
    content, kwargs = sent(interaction)
    assert content.startswith("**Reavers League** now speaks Français") and kwargs["ephemeral"] is True
    assert (await leagues.get_league(runtime, 1, None)).language == "fr"

    shown = make_interaction(runtime, manage_guild=True, locale="fr")  # a French commissioner reads French
    i18n.set_language("fr")  # as LocalisedTree does when the interaction starts
    try:
        await cog.language.callback(cog, shown, None, None, None, None)
    finally:
        i18n.set_language("en")
    assert sent(shown)[0] == "**Reavers League** parle Français dans son salon et sur ses pages web."


async def test_an_organiser_sets_an_events_language_but_not_a_leagues(runtime: Runtime) -> None:
    await leagues.create_league(runtime, actor(), "Reavers League", 100)
    await tournaments.create_tournament(runtime, replace(actor(), server_language="it"), "Spring Cup", 200)
    from bot.services import guild_config

    await guild_config.set_organiser_role(runtime, actor(), ORGANISER_ROLE)
    cog = LanguageCog(MagicMock())
    organiser = make_interaction(runtime, role_ids=(ORGANISER_ROLE,))
    await cog.language.callback(cog, organiser, "de", None, "Spring Cup", None)
    assert "now speaks Deutsch" in sent(organiser)[0]
    refused = make_interaction(runtime, role_ids=(ORGANISER_ROLE,))
    with pytest.raises(NotCommissioner):
        await cog.language.callback(cog, refused, "de", "Reavers League", None, None)
    assert (await leagues.get_league(runtime, 1, "Reavers League")).language == "en"
