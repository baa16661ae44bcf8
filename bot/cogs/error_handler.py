"""The central error handler for every slash command."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

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
        await report_error(interaction, error)


async def setup(league_bot: Host) -> None:
    await league_bot.add_cog(ErrorHandler(league_bot))
