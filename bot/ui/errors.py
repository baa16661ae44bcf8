"""Turning errors into short replies: domain errors as they are, anything unexpected as an error id."""

from __future__ import annotations

import logging
import secrets

import discord
from discord import app_commands

from bot.errors import DomainError
from bot.i18n import _

log = logging.getLogger("bot.errors")


async def send_ephemeral(interaction: discord.Interaction, content: str) -> None:
    """Reply privately, whether or not the interaction was already answered or deferred."""
    if interaction.response.is_done():
        await interaction.followup.send(content, ephemeral=True)
    else:
        await interaction.response.send_message(content, ephemeral=True)


def user_message(error: BaseException) -> str | None:
    """The message a user should see for an expected error, or None if the error is unexpected."""
    if isinstance(error, app_commands.CommandInvokeError):
        error = error.original
    if isinstance(error, DomainError):
        return str(error)
    if isinstance(error, app_commands.CheckFailure | app_commands.TransformerError):
        return str(error) or _("You can't use this command here.")
    if isinstance(error, app_commands.CommandOnCooldown):
        return _("Slow down: try again in {seconds} s.", seconds=round(error.retry_after))
    return None


async def report_error(interaction: discord.Interaction, error: BaseException) -> None:
    """Answer the user: the domain message, or a short error id for a logged traceback."""
    message = user_message(error)
    if message is None:
        error_id = secrets.token_hex(4)
        command = interaction.command.qualified_name if interaction.command else "component"
        original = error.original if isinstance(error, app_commands.CommandInvokeError) else error
        log.error(
            "error %s in %s (guild %s, user %s)",
            error_id,
            command,
            interaction.guild_id,
            interaction.user.id,
            exc_info=original,
        )
        message = _(
            "Something went wrong on our side. Error id: `{error_id}` (give it to the bot's host).",
            error_id=error_id,
        )
    try:
        await send_ephemeral(interaction, message)
    except discord.HTTPException:
        log.warning("could not tell the user about an error", exc_info=True)
