"""Every screen in French (issue 32: "No reply in a shipped language contains an untranslated English sentence
(a test samples every screen)").

Every slash command the fuzz test knows (tests/cogs/test_fuzz_commands.py walks the whole tree, so a new
command is sampled without touching this file) is run by a French user in a French league, with option
values drawn the fuzz test's way (useful ones and hostile ones), against its started season. Everything the
command shows -- replies, embeds, buttons, forms, refusals and autocomplete labels -- is read for English
left (tests/e2e/english_left.py): a catalogue sentence shown untranslated, or a sentence never marked.
"""

from __future__ import annotations

import os
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any
from unittest.mock import MagicMock

import discord
import pytest
import pytest_asyncio
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot import i18n
from bot.clock import FakeClock
from bot.rules.dice import SeededDice
from bot.services.runtime import Runtime
from bot.store import Database
from bot.store.connection import Connection
from bot.ui.errors import user_message
from tests.cogs.test_fuzz_commands import (
    CALLERS,
    CASES,
    Case,
    League,
    _arguments,
    _bot,
    _build_league,
    _interaction,
)
from tests.conftest import CATALOG, built_once_location, copy_of
from tests.e2e.english_left import english_left

EXAMPLES = int(os.environ.get("SCREEN_EXAMPLES", "6"))


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory, request: pytest.FixtureRequest) -> str:
    return built_once_location(tmp_path_factory, request, "screens_fr")


_built: set[str] = set()


@pytest_asyncio.fixture
async def league(template: str, tmp_path: Path, request: pytest.FixtureRequest) -> AsyncIterator[League]:
    """The fuzz test's league, on a French server from its start (so what it stored is French too)."""
    if template not in _built:
        await _build_league(template, "fr")
        _built.add(template)
    db = await Database.open(copy_of(template, tmp_path, request))
    yield League(Runtime(db=db, dice=SeededDice(11), clock=FakeClock(), catalog=CATALOG))
    await db.close()


def _embed_texts(embed: discord.Embed) -> list[str]:
    texts = [embed.title or "", embed.description or "", embed.footer.text or "", embed.author.name or ""]
    for embed_field in embed.fields:
        texts += [embed_field.name or "", embed_field.value or ""]
    return texts


def _view_texts(view: object) -> list[str]:
    texts = []
    for item in getattr(view, "children", []):
        texts.append(str(getattr(item, "label", "") or ""))
        texts.append(str(getattr(item, "placeholder", "") or ""))
        texts += [str(option.label) for option in getattr(item, "options", [])]
    return texts


def _shown(interaction: MagicMock) -> list[str]:
    """Everything the command sent: contents, embeds, buttons and forms."""
    texts: list[str] = []
    mocks = (interaction.response.send_message, interaction.followup.send, interaction.response.edit_message)
    for mock in mocks:
        for call in mock.await_args_list:
            texts.append(str((call.args[0] if call.args else call.kwargs.get("content")) or ""))
            embeds = list(call.kwargs.get("embeds") or [])
            if call.kwargs.get("embed") is not None:
                embeds.append(call.kwargs["embed"])
            for embed in embeds:
                texts += _embed_texts(embed)
            texts += _view_texts(call.kwargs.get("view"))
    for call in interaction.response.send_modal.await_args_list:
        modal = call.args[0]
        texts.append(str(modal.title))
        texts += [str(getattr(item, "label", "")) for item in modal.children]
    return [text for text in texts if text.strip()]


async def _names(rt: Runtime) -> list[str]:
    """The league's own names (teams, players), which stay as their coaches typed them."""

    def read(conn: Connection) -> list[str]:
        rows = conn.execute(
            "SELECT name FROM teams UNION SELECT name FROM players UNION SELECT name FROM leagues"
        )
        return [str(row[0]) for row in rows]

    return await rt.db.read(read)


async def _run(case: Case, rt: Runtime, caller: tuple[int, bool], arguments: dict[str, Any]) -> list[str]:
    """The command run as the tree runs it for a French user; what it showed."""
    cog = case.cog_class(_bot())  # type: ignore[call-arg]
    interaction = _interaction(rt, caller, arguments)
    interaction.locale = interaction.guild_locale = discord.Locale.french
    shown: list[str] = []
    i18n.set_language("fr")  # as LocalisedTree.interaction_check does
    try:
        for check in case.command.checks:
            await discord.utils.maybe_coroutine(check, interaction)
        await case.command.callback(cog, interaction, **arguments)  # type: ignore[arg-type]
        for name, param in case.command._params.items():
            if param.autocomplete is not None:
                callback = param.autocomplete
                current = str(arguments.get(name) or "")[:100]
                try:
                    choices = await (
                        callback(cog, interaction, current)
                        if getattr(callback, "__self__", None) is None and callback.__code__.co_argcount == 3
                        else callback(interaction, current)
                    )
                except Exception as error:
                    shown.append(user_message(error) or "")
                    continue
                shown += [choice.name for choice in choices]
    except Exception as error:
        message = user_message(error)
        assert message is not None, f"{type(error).__name__}: {error}"
        shown.append(message)
    finally:
        i18n.set_language("en")
    return shown + _shown(interaction)


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
@settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize="SCREEN_EXAMPLES" not in os.environ,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data())
async def test_every_command_shows_a_french_user_no_english(
    case: Case,
    league: League,
    data: st.DataObject,
) -> None:
    caller = data.draw(st.sampled_from(CALLERS), label="caller")
    arguments = data.draw(_arguments(case.command), label="options")
    shown = await _run(case, league.rt, caller, arguments)
    names = [*await _names(league.rt), *(str(v) for v in arguments.values())]
    left = english_left(shown, names)
    assert left == [], f"/{case.name} {arguments} by {caller} showed English:\n" + "\n".join(left)
