"""/leaders: a league's best players and teams, one season's or all time, a page at a time."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot import i18n
from bot.rules.league.leaders import STATS
from bot.services.league import leaders
from bot.ui.context import actor_of, runtime_of
from bot.ui.leader_views import leader_pages
from bot.ui.options import LEAGUE_HELP, LeagueOption
from bot.ui.pagination import RenderedPage, register_page_source, send_paginated

if TYPE_CHECKING:
    from bot.host import Host

LEADERS_SOURCE = "leaders"
STAT_CHOICES = [app_commands.Choice(name=spec.title, value=key) for key, spec in STATS.items()]


async def render_leaders(interaction: discord.Interaction, key: str, page: int) -> RenderedPage:
    """Key: '<league id>.<stat>.<season number, or all>'. Scoped to the clicking user's guild."""
    league_id, stat_text, season_text = key.split(".")
    found = await leaders.leaders(
        runtime_of(interaction),
        actor_of(interaction).guild_id,
        f"l:{league_id}",
        leaders.parse_season(season_text),
    )
    with i18n.using(found.league.language):  # a public list
        pages = leader_pages(found, leaders.stat_of(stat_text))
    page = min(max(page, 0), len(pages) - 1)
    return RenderedPage(pages[page], page, len(pages), key, found.league.language)


register_page_source(LEADERS_SOURCE, render_leaders)


class LeadersCog(commands.Cog):
    def __init__(self, league_bot: Host) -> None:
        self.bot = league_bot

    @app_commands.command(
        name="leaders", description="Leaderboards: top players (TD, CAS, SPP, MVPs...) and teams, by season"
    )
    @app_commands.describe(
        stat="What to rank: players' touchdowns, casualties, ..., or teams' kills, points, wins",
        season="A season's number, or all-time (default: the current season)",
        league=LEAGUE_HELP,
    )
    @app_commands.choices(stat=STAT_CHOICES)
    async def leaders(
        self,
        interaction: discord.Interaction,
        stat: str,
        season: app_commands.Range[str, 1, 20] | None = None,
        league: LeagueOption | None = None,
    ) -> None:
        key_stat = leaders.stat_of(stat)
        found = await leaders.leaders(
            runtime_of(interaction), actor_of(interaction).guild_id, league, leaders.parse_season(season)
        )
        scope = "all" if found.season is None else str(found.season.number)
        await send_paginated(
            interaction, LEADERS_SOURCE, f"{found.league.id}.{key_stat}.{scope}", ephemeral=False
        )


async def setup(league_bot: Host) -> None:
    await league_bot.add_cog(LeadersCog(league_bot))
