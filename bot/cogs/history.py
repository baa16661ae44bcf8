"""/playoffs and /history: the bracket with each game's state, and every season's champions and tables, as
text or as pictures for phones."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot import i18n
from bot.i18n import _
from bot.services.inputs import one_of
from bot.services.league import playoffs, seasons
from bot.ui.context import actor_of, runtime_of
from bot.ui.history_pictures import history_pictures, season_pictures
from bot.ui.league_views import standings_pages
from bot.ui.limits import send_messages
from bot.ui.options import LEAGUE_HELP, LeagueOption, choices
from bot.ui.pictures import bracket_picture, send_picture, send_pictures
from bot.ui.season_views import bracket_embeds, history_embeds

if TYPE_CHECKING:
    from bot.host import Host

FORMATS = {"text": "Text", "picture": "Picture"}


class HistoryCog(commands.Cog):
    def __init__(self, league_bot: Host) -> None:
        self.bot = league_bot

    @app_commands.command(name="playoffs", description="The play-off bracket: match-ups, results, prizes")
    @app_commands.describe(
        season="A past season's number (default: the current one)",
        league=LEAGUE_HELP,
        format="Text (default) or a picture for phones",
    )
    @app_commands.choices(format=choices(FORMATS))
    async def playoffs(
        self,
        interaction: discord.Interaction,
        season: app_commands.Range[int, 1, 999] | None = None,
        league: LeagueOption | None = None,
        format: str = "text",
    ) -> None:
        shape = one_of(format, tuple(FORMATS), _("the format"))
        found = await playoffs.bracket(
            runtime_of(interaction), actor_of(interaction).guild_id, league, season
        )
        number = found.season.number
        with i18n.using(found.league.language):  # public: the league's language (a picture's too)
            if shape == "picture":
                title = _("{league}: season {number} play-offs", league=found.league.name, number=number)
                stem = f"{found.league.name}_season_{number}_playoffs"
                await send_picture(interaction, title, stem, partial(bracket_picture, found))
                return
            embeds = bracket_embeds(found)
        await send_messages(interaction, embeds=embeds)

    @app_commands.command(
        name="history", description="Past seasons: champions and prize money, or one season's tables"
    )
    @app_commands.describe(
        season="One season's final standings and play-offs (default: every season's champions)",
        league=LEAGUE_HELP,
        format="Text (default) or a picture for phones",
    )
    @app_commands.choices(format=choices(FORMATS))
    async def history(
        self,
        interaction: discord.Interaction,
        season: app_commands.Range[int, 1, 999] | None = None,
        league: LeagueOption | None = None,
        format: str = "text",
    ) -> None:
        shape = one_of(format, tuple(FORMATS), _("the format"))
        rt, guild_id = runtime_of(interaction), actor_of(interaction).guild_id
        if season is None:
            past = await playoffs.history(rt, guild_id, league)
            with i18n.using(past.league.language):  # public: the league's language
                if shape == "picture":
                    stem = f"{past.league.name}_history"
                    title = _("{league}: seasons", league=past.league.name)
                    await send_pictures(interaction, title, stem, partial(history_pictures, past))
                    return
                embeds = history_embeds(past)
            await send_messages(interaction, embeds=embeds)
            return
        table = await seasons.standings(rt, guild_id, league, None, season)
        bracket = await playoffs.bracket(rt, guild_id, league, season)
        with i18n.using(table.league.language):
            if shape == "picture":
                title = _("{league}: season {number}", league=table.league.name, number=table.season.number)
                stem = f"{table.league.name}_season_{table.season.number}"
                await send_pictures(interaction, title, stem, partial(season_pictures, table, bracket))
                return
            embeds = [*standings_pages(table), *bracket_embeds(bracket)]
        await send_messages(interaction, embeds=embeds)


async def setup(league_bot: Host) -> None:
    await league_bot.add_cog(HistoryCog(league_bot))
