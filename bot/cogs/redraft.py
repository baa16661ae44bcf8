"""/redraft: the off-season re-draft of a coach's team (rest and relaxation, budget, re-hiring)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot import i18n
from bot.catalog.search import best_matches
from bot.errors import DomainError, InvalidInput
from bot.i18n import _, ngettext
from bot.services.league import redraft
from bot.services.league.redraft import RedraftView
from bot.ui.autocomplete import Choices, choice
from bot.ui.context import actor_of, runtime_of
from bot.ui.formatting import gp, plain
from bot.ui.league_views import COLOUR, team_sheet_embeds
from bot.ui.limits import pack_embeds, send_messages
from bot.ui.options import LEAGUE_IF_SEVERAL, LeagueOption

if TYPE_CHECKING:
    from bot.host import Host


def veterans_embeds(view: RedraftView) -> list[discord.Embed]:
    lines = [
        f"{'✅' if v.rehired else '▫️'} #{v.player.number} {plain(v.player.name)}: {gp(v.cost)} ({seasons})"
        for v in view.veterans
        for seasons in [ngettext("{n} season", "{n} seasons", v.player.seasons_played)]
    ]
    return pack_embeds(
        _("Last season's players"),
        description=[
            *(lines or [_("Nobody to re-hire.")]),
            "",
            _("Re-hire: current value + agent's fee per previous season (/redraft rehire)."),
        ],
        colour=COLOUR,
    )


async def veteran_autocomplete(interaction: discord.Interaction, current: str) -> Choices:
    try:
        view = await redraft.show_redraft(
            runtime_of(interaction), actor_of(interaction), getattr(interaction.namespace, "league", None)
        )
    except DomainError:  # no re-draft running: nothing to offer
        return []
    waiting = [v for v in view.veterans if not v.rehired]
    return [
        choice(f"#{v.player.number} {v.player.name} ({gp(v.cost)})", f"p:{v.player.id}")
        for v in best_matches(current, waiting, lambda v: f"{v.player.number} {v.player.name}")
    ]


class RedraftCog(
    commands.GroupCog, group_name="redraft", group_description="Re-draft your team in the off-season"
):
    def __init__(self, league_bot: Host) -> None:
        self.bot = league_bot
        super().__init__()

    @app_commands.command(
        name="start", description="Off-season: rest and relaxation, raise funds, start the re-draft"
    )
    @app_commands.describe(league=LEAGUE_IF_SEVERAL)
    async def start(self, interaction: discord.Interaction, league: LeagueOption | None = None) -> None:
        view = await redraft.start_redraft(runtime_of(interaction), actor_of(interaction), league)
        team = view.result.sheet.team
        with i18n.using(view.result.sheet.league.language):  # every roll in the open
            title = _("{team}: off-season", team=plain(team.name))
            summary = pack_embeds(title, description=view.redraft.summary, colour=COLOUR)
        await send_messages(interaction, embeds=summary)
        await send_messages(
            interaction,
            view.result.message,
            [*veterans_embeds(view), *team_sheet_embeds(view.result.sheet)],
            ephemeral=True,
            followup=True,
        )

    @app_commands.command(
        name="show", description="Your re-draft: budget left, last season's players and costs"
    )
    @app_commands.describe(league=LEAGUE_IF_SEVERAL)
    async def show(self, interaction: discord.Interaction, league: LeagueOption | None = None) -> None:
        view = await redraft.show_redraft(runtime_of(interaction), actor_of(interaction), league)
        await send_messages(
            interaction,
            view.result.message,
            [*veterans_embeds(view), *team_sheet_embeds(view.result.sheet)],
            ephemeral=True,
        )

    @app_commands.command(
        name="rehire", description="Re-hire a player of last season: current value + 20,000 per season played"
    )
    @app_commands.describe(player="A player of last season's Team Draft List", league=LEAGUE_IF_SEVERAL)
    @app_commands.autocomplete(player=veteran_autocomplete)
    async def rehire(
        self, interaction: discord.Interaction, player: str, league: LeagueOption | None = None
    ) -> None:
        view = await redraft.rehire_player(runtime_of(interaction), actor_of(interaction), league, player)
        await send_messages(
            interaction, view.result.message, team_sheet_embeds(view.result.sheet), ephemeral=True
        )

    @app_commands.command(
        name="retire", description="Off-season: retire your team instead, to start a brand-new one"
    )
    @app_commands.describe(confirm="True: yes, retire my team for good", league=LEAGUE_IF_SEVERAL)
    async def retire(
        self, interaction: discord.Interaction, confirm: bool, league: LeagueOption | None = None
    ) -> None:
        if not confirm:
            raise InvalidInput(_("Nothing changed: retiring a team is for good, so it needs confirm:True."))
        text = await redraft.retire_team(runtime_of(interaction), actor_of(interaction), league)
        await interaction.response.send_message(text)


async def setup(league_bot: Host) -> None:
    await league_bot.add_cog(RedraftCog(league_bot))
