"""/tournament: what every coach reads and does in a tournament (seed 000)."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any, TypeVar

import discord
from discord import app_commands
from discord.ext import commands

from bot import i18n
from bot.i18n import _
from bot.services.inputs import one_of
from bot.services.tournament import (
    tournament_awards,
    tournament_groups,
    tournament_objectives,
    tournament_play,
    tournaments,
)
from bot.ui.award_views import ballot_text, standing_embeds
from bot.ui.bracket_views import bracket_embeds
from bot.ui.context import actor_of, runtime_of
from bot.ui.event_pictures import event_bracket_pictures
from bot.ui.limits import send_messages
from bot.ui.objective_views import objectives_embeds
from bot.ui.options import TOURNAMENT_HELP, EntryOption, OpponentOption, TournamentOption, choices
from bot.ui.pagination import RenderedPage, register_page_source, send_paginated
from bot.ui.pictures import (
    member_names,
    rankings_csv,
    rankings_picture,
    send_file,
    send_picture,
    send_pictures,
)
from bot.ui.tournament_views import pairings_embeds, send_rulespack, standings_pages

if TYPE_CHECKING:
    from bot.host import Host

T = TypeVar("T")
FORMATS = {"text": "Text", "picture": "Picture", "csv": "CSV file"}
PICTURE_FORMATS = {"text": "Text", "picture": "Picture"}


class TournamentCog(commands.GroupCog, group_name="tournament", group_description="Play in a tournament"):
    def __init__(self, league_bot: Host) -> None:
        self.bot = league_bot
        super().__init__()

    @app_commands.command(name="rulespack", description="Read a tournament's rulespack")
    @app_commands.describe(tournament=TOURNAMENT_HELP)
    async def rulespack(
        self, interaction: discord.Interaction, tournament: TournamentOption | None = None
    ) -> None:
        event = await tournaments.get_event(
            runtime_of(interaction), actor_of(interaction).guild_id, tournament
        )
        await send_rulespack(interaction, event, "", ephemeral=True)

    # --- play (part 2): pairings, standings ---

    @app_commands.command(name="pairings", description="A round's tables (scores once confirmed)")
    @app_commands.describe(
        round="The round (default: the current one)",
        tournament=TOURNAMENT_HELP,
    )
    async def pairings(
        self,
        interaction: discord.Interaction,
        round: app_commands.Range[int, 1, 15] | None = None,
        tournament: TournamentOption | None = None,
    ) -> None:
        found = await tournament_play.round_pairings(
            runtime_of(interaction), actor_of(interaction).guild_id, tournament, round
        )
        await send_messages(
            interaction,
            None,
            pairings_embeds(found),
            ephemeral=True,
            allowed_mentions=discord.AllowedMentions.none(),
        )

    @app_commands.command(name="standings", description="The tournament's rankings and what settled each tie")
    @app_commands.describe(
        tournament=TOURNAMENT_HELP,
        format="Text (default), a picture for phones, or a CSV file",
    )
    @app_commands.choices(format=choices(FORMATS))
    async def standings(
        self,
        interaction: discord.Interaction,
        tournament: TournamentOption | None = None,
        format: str = "text",
    ) -> None:
        shape = one_of(format, tuple(FORMATS), _("the format"))
        if shape == "text":
            event = await tournaments.get_event(
                runtime_of(interaction), actor_of(interaction).guild_id, tournament
            )
            await send_paginated(interaction, STANDINGS_SOURCE, str(event.id))
            return
        table = await tournament_play.standings(
            runtime_of(interaction), actor_of(interaction).guild_id, tournament
        )
        stem = f"{table.event.name}_rankings_round_{table.rounds_paired}"
        language = table.event.league.language  # the channel sees the file or picture
        if shape == "csv":
            with i18n.using(language):
                content, data = _("The rankings as CSV."), rankings_csv(table)
            await send_file(interaction, content, data, stem, "csv")
            return
        names = member_names(interaction, [line.team.coach_id for line in table.lines])
        with i18n.using(language):
            title = table.title
        await send_picture(
            interaction, title, stem, partial(_worded, language, rankings_picture, table, names)
        )

    # --- awards (part 3) ---

    @app_commands.command(
        name="vote", description="Vote for your Favourite Opponent (and Best Painted), secretly"
    )
    @app_commands.describe(
        opponent="A coach you have played: your Favourite Opponent (Most Sporting Coach)",
        painted="The best painted team (when the coaches vote for it)",
        tournament=TOURNAMENT_HELP,
    )
    async def vote(
        self,
        interaction: discord.Interaction,
        opponent: OpponentOption,
        painted: EntryOption | None = None,
        tournament: TournamentOption | None = None,
    ) -> None:
        ballot = await tournament_awards.vote(
            runtime_of(interaction), actor_of(interaction), tournament, opponent, painted
        )
        await send_messages(interaction, ballot_text(ballot), ephemeral=True)

    @app_commands.command(name="awards", description="The rankings and awards as they stand")
    @app_commands.describe(tournament=TOURNAMENT_HELP)
    async def awards(
        self, interaction: discord.Interaction, tournament: TournamentOption | None = None
    ) -> None:
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

    # --- group and knock-out events ---

    @app_commands.command(
        name="bracket",
        description="A group and knock-out event: the groups, the knock-out and Best of the Rest",
    )
    @app_commands.describe(tournament=TOURNAMENT_HELP, format="Text (default) or a picture for phones")
    @app_commands.choices(format=choices(PICTURE_FORMATS))
    async def bracket(
        self,
        interaction: discord.Interaction,
        tournament: TournamentOption | None = None,
        format: str = "text",
    ) -> None:
        shape = one_of(format, tuple(PICTURE_FORMATS), _("the format"))
        found = await tournament_groups.bracket(
            runtime_of(interaction), actor_of(interaction).guild_id, tournament
        )
        if shape == "picture":  # the channel sees it
            language = found.event.league.language
            with i18n.using(language):
                title = _("{event}: groups and knock-out", event=found.event.name)
            stem = f"{found.event.name}_bracket"
            await send_pictures(
                interaction, title, stem, partial(_worded, language, event_bracket_pictures, found)
            )
            return
        await send_messages(
            interaction,
            None,
            bracket_embeds(found),
            ephemeral=True,
            allowed_mentions=discord.AllowedMentions.none(),
        )

    # --- D: optional rules in play ---

    @app_commands.command(
        name="objectives", description="Your Secret Objectives (only you see them; opponents' once confirmed)"
    )
    @app_commands.describe(tournament=TOURNAMENT_HELP)
    async def objectives(
        self, interaction: discord.Interaction, tournament: TournamentOption | None = None
    ) -> None:
        found = await tournament_objectives.my_objectives(
            runtime_of(interaction), actor_of(interaction), tournament
        )
        await send_messages(
            interaction,
            None,
            objectives_embeds(found),
            ephemeral=True,
            allowed_mentions=discord.AllowedMentions.none(),
        )


def _worded(language: str, draw: Callable[..., T], *args: Any) -> T:
    """`draw(*args)` worded in `language` (a picture drawn off the event loop for the channel)."""
    with i18n.using(language):
        return draw(*args)


STANDINGS_SOURCE = "tournament_standings"


async def render_standings(interaction: discord.Interaction, key: str, page: int) -> RenderedPage:
    table = await tournament_play.standings(
        runtime_of(interaction), actor_of(interaction).guild_id, f"l:{key}"
    )
    pages = standings_pages(table)
    page = min(max(page, 0), len(pages) - 1)
    return RenderedPage(pages[page], page, len(pages), key)


register_page_source(STANDINGS_SOURCE, render_standings)


async def setup(league_bot: Host) -> None:
    await league_bot.add_cog(TournamentCog(league_bot))
