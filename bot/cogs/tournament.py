"""/tournament: what every coach reads and does in a tournament (seed 000)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.cogs.event import send_rulespack
from bot.services import tournament_awards, tournaments
from bot.ui.autocomplete import team_autocomplete, tournament_autocomplete
from bot.ui.award_views import ballot_text, standing_embeds
from bot.ui.context import actor_of, runtime_of
from bot.ui.limits import send_messages

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

    # --- awards (part 3) ---

    @app_commands.command(
        name="vote", description="Vote for your Favourite Opponent (and Best Painted), secretly"
    )
    @app_commands.describe(
        opponent="A coach you have played: your Favourite Opponent (Most Sporting Coach)",
        painted="The best painted team (when the coaches vote for it)",
        tournament="Which tournament (only when the server runs several)",
    )
    @app_commands.autocomplete(
        opponent=team_autocomplete, painted=team_autocomplete, tournament=tournament_autocomplete
    )
    async def vote(
        self,
        interaction: discord.Interaction,
        opponent: app_commands.Range[str, 1, 100],
        painted: app_commands.Range[str, 1, 100] | None = None,
        tournament: str | None = None,
    ) -> None:
        ballot = await tournament_awards.vote(
            runtime_of(interaction), actor_of(interaction), tournament, opponent, painted
        )
        await send_messages(interaction, ballot_text(ballot), ephemeral=True)

    @app_commands.command(name="awards", description="The rankings and awards as they stand")
    @app_commands.describe(tournament="Which tournament (only when the server runs several)")
    @app_commands.autocomplete(tournament=tournament_autocomplete)
    async def awards(self, interaction: discord.Interaction, tournament: str | None = None) -> None:
        standing = await tournament_awards.awards(
            runtime_of(interaction), actor_of(interaction).guild_id, tournament
        )
        await send_messages(
            interaction,
            None,
            standing_embeds(standing),
            ephemeral=True,
            allowed_mentions=discord.AllowedMentions.none(),
        )


async def setup(league_bot: LeagueBot) -> None:
    await league_bot.add_cog(TournamentCog(league_bot))
