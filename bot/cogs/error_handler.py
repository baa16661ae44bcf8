"""The central error handler for every slash command: the reply is the user's alone, so it is worded in his
language (bot/i18n)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot import i18n
from bot.ui.errors import report_error

if TYPE_CHECKING:
    from bot.host import Host


class ErrorHandler(commands.Cog):
    def __init__(self, league_bot: Host) -> None:
        self.bot = league_bot
        self._previous = league_bot.tree.on_error

    async def cog_load(self) -> None:
        self.bot.tree.error(self.on_app_command_error)  # discord.py's public way to set the tree's handler

    async def cog_unload(self) -> None:
        self.bot.tree.error(self._previous)

    async def on_app_command_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        # Set again here: an error can come before the tree set the user's language (a command Discord
        # still shows but the bot no longer has), and a league's language never words a private reply.
        with i18n.using(i18n.pick(interaction.locale)):
            await report_error(interaction, error)


async def setup(league_bot: Host) -> None:
    await league_bot.add_cog(ErrorHandler(league_bot))
