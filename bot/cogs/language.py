"""/language: the language a league or event speaks in its channel and on its web pages.

Each coach reads his own replies in his own Discord language; what a league's channel sees (announcements,
reminders, post-games, standings, pairings) and its web view are in the league's language, which starts as
the server's and is changed here: by a commissioner for a league, by an organiser for an event.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot import i18n
from bot.i18n import _
from bot.services import languages
from bot.ui.checks import organiser_only, require_commissioner
from bot.ui.context import actor_of, runtime_of
from bot.ui.options import (
    LEAGUE_HELP,
    REASON_HELP,
    TOURNAMENT_HELP,
    LeagueOption,
    Reason,
    TournamentOption,
)

if TYPE_CHECKING:
    from bot.host import Host

# Each language by its own name: a French organiser finds "Français" whatever his Discord language.
LANGUAGES = [app_commands.Choice(name=i18n.NAMES[code], value=code) for code in i18n.SHIPPED]


class LanguageCog(commands.Cog):
    def __init__(self, league_bot: Host) -> None:
        self.bot = league_bot

    @app_commands.command(
        name="language",
        description="The language a league or event speaks in its channel and web pages",
    )
    @app_commands.describe(
        language="The new language (leave empty to see the current one)",
        league=LEAGUE_HELP,
        event=TOURNAMENT_HELP,
        reason=REASON_HELP,
    )
    @app_commands.choices(language=LANGUAGES)
    @app_commands.default_permissions(manage_guild=True)
    @organiser_only()
    async def language(
        self,
        interaction: discord.Interaction,
        language: str | None = None,
        league: LeagueOption | None = None,
        event: TournamentOption | None = None,
        reason: Reason | None = None,
    ) -> None:
        rt, actor = runtime_of(interaction), actor_of(interaction)
        found = await languages.competition(rt, actor.guild_id, league, event)
        if not found.is_tournament:
            await require_commissioner(interaction)  # an organiser runs events, not leagues
        if language is None:
            text = _(
                "**{name}** speaks {language} in its channel and on its web pages.",
                name=found.name,
                language=i18n.NAMES[found.language],
            )
        else:
            change = await languages.set_language(rt, actor, league, event, language, reason=reason)
            now = change.competition
            if now.language == change.before:
                text = _(
                    "**{name}** already speaks {language}.", name=now.name, language=i18n.NAMES[now.language]
                )
            else:
                text = _(
                    "**{name}** now speaks {language}: its announcements, reminders, post-games, standings "
                    "and web pages. Each coach still reads his own replies in his Discord language.",
                    name=now.name,
                    language=i18n.NAMES[now.language],
                )
        await interaction.response.send_message(text, ephemeral=True)


async def setup(league_bot: Host) -> None:
    await league_bot.add_cog(LanguageCog(league_bot))
