"""/stars: long-term star contracts (seed 004): the signing draft, signing a star, who is still unsigned."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot import i18n
from bot.catalog.search import best_matches
from bot.i18n import _
from bot.services.league import contracts
from bot.ui.autocomplete import Choices, choice
from bot.ui.checks import is_commissioner
from bot.ui.context import actor_of, runtime_of
from bot.ui.formatting import gp
from bot.ui.limits import send_messages
from bot.ui.options import LEAGUE_IF_SEVERAL, LeagueOption
from bot.ui.star_views import draft_embeds, market_embeds

if TYPE_CHECKING:
    from bot.host import Host


async def signable_autocomplete(interaction: discord.Interaction, current: str) -> Choices:
    league = getattr(interaction.namespace, "league", None)
    units, fallback = await contracts.sign_options(runtime_of(interaction), actor_of(interaction), league)
    catalog = runtime_of(interaction).catalog
    found = []
    for unit in best_matches(current, units, lambda u: u.name):
        star = catalog.stars[unit.members[0]]
        profile = _("pair") if unit.is_pair else f"{star.ma}/{star.st}/{star.ag}+/{star.pa or '-'}/{star.av}+"
        if fallback:
            label = _(
                "{star} ({cost}, {profile}, plays for anyone now)",
                star=unit.name,
                cost=gp(unit.cost),
                profile=profile,
            )
        else:
            label = f"{unit.name} ({gp(unit.cost)}, {profile})"
        found.append(choice(label, unit.name))
    return found


class StarsCog(
    commands.GroupCog, group_name="stars", group_description="Star players under long-term contracts"
):
    def __init__(self, league_bot: Host) -> None:
        self.bot = league_bot
        super().__init__()

    @app_commands.command(name="sign", description="Signing draft: sign a star for your team for the season")
    @app_commands.describe(
        star="A star who plays for your team (the list shows cost and profile)", league=LEAGUE_IF_SEVERAL
    )
    @app_commands.autocomplete(star=signable_autocomplete)
    async def sign(
        self, interaction: discord.Interaction, star: str, league: LeagueOption | None = None
    ) -> None:
        view = await contracts.sign_star(
            runtime_of(interaction),
            actor_of(interaction),
            league,
            star,
            as_commissioner=await is_commissioner(interaction),
        )
        with i18n.using(view.league.language):
            embeds = draft_embeds(view)
        await send_messages(interaction, embeds=embeds)

    @app_commands.command(
        name="draft", description="The star signing draft: order, who is on the clock, who signed"
    )
    @app_commands.describe(league=LEAGUE_IF_SEVERAL)
    async def draft(self, interaction: discord.Interaction, league: LeagueOption | None = None) -> None:
        view = await contracts.draft_view(runtime_of(interaction), actor_of(interaction).guild_id, league)
        await send_messages(interaction, embeds=draft_embeds(view), ephemeral=True)

    @app_commands.command(name="unsigned", description="Stars not under contract: available as inducements")
    @app_commands.describe(league=LEAGUE_IF_SEVERAL)
    async def unsigned(self, interaction: discord.Interaction, league: LeagueOption | None = None) -> None:
        market = await contracts.market(runtime_of(interaction), actor_of(interaction).guild_id, league)
        await send_messages(interaction, embeds=market_embeds(market), ephemeral=True)


async def setup(league_bot: Host) -> None:
    await league_bot.add_cog(StarsCog(league_bot))
