"""Errors become short private replies; unexpected ones are logged with an id the user sees."""

from __future__ import annotations

import logging
import re
from unittest.mock import MagicMock

import discord
import pytest
from discord import app_commands

from bot import i18n
from bot.app import LeagueBot
from bot.cogs.error_handler import ErrorHandler
from bot.errors import DomainError, InvalidInput, RuleViolation
from bot.services.runtime import Runtime
from bot.ui.errors import report_error
from tests.cogs.mocks import make_interaction, sent


@pytest.mark.parametrize(
    "refusal",
    [
        RuleViolation("A team has at most 8 re-rolls."),
        InvalidInput("Give the days to extend by as a whole number from 1 to 60."),
    ],
    ids=lambda e: type(e).__name__,
)
async def test_domain_error_is_shown_as_it_is(runtime: Runtime, refusal: DomainError) -> None:
    """A broken rule and a value the command does not take are answered alike: the message, privately."""
    interaction = make_interaction(runtime)
    command = app_commands.Command(name="x", description="x", callback=_noop)
    await report_error(interaction, app_commands.CommandInvokeError(command, refusal))
    content, kwargs = sent(interaction)
    assert content == str(refusal) and kwargs["ephemeral"] is True


async def test_check_failure_message(runtime: Runtime) -> None:
    interaction = make_interaction(runtime)
    await report_error(interaction, app_commands.CheckFailure("Only a commissioner can do this."))
    assert sent(interaction)[0] == "Only a commissioner can do this."


async def test_unexpected_error_is_logged_with_an_id(
    runtime: Runtime, caplog: pytest.LogCaptureFixture
) -> None:
    interaction = make_interaction(runtime)
    with caplog.at_level(logging.ERROR, logger="bot.errors"):
        await report_error(interaction, ZeroDivisionError("boom"))
    content, kwargs = sent(interaction)
    error_id = re.search(r"Error id: `([0-9a-f]{8})`", content)
    assert error_id and kwargs["ephemeral"] is True
    assert error_id.group(1) in caplog.text and "ZeroDivisionError" in caplog.text


async def test_after_a_deferral_the_error_goes_to_a_followup(runtime: Runtime) -> None:
    interaction = make_interaction(runtime, responded=True)
    await report_error(interaction, RuleViolation("nope"))
    interaction.response.send_message.assert_not_awaited()
    interaction.followup.send.assert_awaited_once_with("nope", ephemeral=True)


async def test_the_reply_is_worded_in_the_users_language(
    runtime: Runtime, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 32: errors are in the user's language, even inside a league's (a channel's) language."""
    worded_in = []

    async def report(interaction: discord.Interaction, error: BaseException) -> None:
        worded_in.append(i18n.current())

    monkeypatch.setattr("bot.cogs.error_handler.report_error", report)
    cog = ErrorHandler(MagicMock(spec_set=LeagueBot))
    with i18n.using("de"):
        await cog.on_app_command_error(make_interaction(runtime, locale="fr"), app_commands.CheckFailure("x"))
        await cog.on_app_command_error(
            make_interaction(runtime, locale="pt-BR"), app_commands.CheckFailure("x")
        )
        assert i18n.current() == "de"
    assert worded_in == ["fr", "en"]


async def _noop(interaction: object) -> None:  # pragma: no cover - only a command shell
    return None


async def test_the_handler_answers_for_the_tree_while_its_cog_is_loaded() -> None:
    client = discord.Client(intents=discord.Intents.none())
    tree: app_commands.CommandTree[discord.Client] = app_commands.CommandTree(client)
    league_bot = MagicMock(spec_set=LeagueBot)
    league_bot.tree = tree
    before = tree.on_error
    cog = ErrorHandler(league_bot)
    await cog.cog_load()
    assert tree.on_error == cog.on_app_command_error
    await cog.cog_unload()
    assert tree.on_error == before
