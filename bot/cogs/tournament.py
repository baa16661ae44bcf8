"""/tournament: what every coach reads and does in a tournament (seed 000)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.cogs.event import send_rulespack
from bot.services import tournaments
from bot.ui.autocomplete import tournament_autocomplete
from bot.ui.context import actor_of, runtime_of

if TYPE_CHECKING:
    from bot.app import LeagueBot


class TournamentCog(commands.GroupCog, group_name="tournament", group_description="Play in a tournament"):
    def __init__(self, league_bot: LeagueBot) -> None:
        self.bot = league_bot
        super().__init__()

    @app_commands.command(name="rulespack", description="Read a tournament's rulespack")
    @app_commands.describe(tournament="Which tournament (only when the server runs several)")
    @app_commands.autocomplete(tournament=tournament_autocomplete)
    async def rulespack(self, interaction: discord.Interaction, tournament: str | None = None) -> None:
        event = await tournaments.get_event(
            runtime_of(interaction), actor_of(interaction).guild_id, tournament
        )
        await send_rulespack(interaction, event, "", ephemeral=True)


async def setup(league_bot: LeagueBot) -> None:
    await league_bot.add_cog(TournamentCog(league_bot))
