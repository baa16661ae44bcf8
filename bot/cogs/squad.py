"""/squad: a team event's squads, a squad being a team of coaches (seed 000, Team Events). The captain (or an
organiser) creates the squad and names its coaches; each coach registers his own roster with /roster."""

from __future__ import annotations

from operator import attrgetter
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import _, ngettext
from bot.services.tournament import tournament_squads
from bot.services.tournament.tournament_squads import SquadView
from bot.ui.autocomplete import Choices, offer
from bot.ui.checks import is_organiser
from bot.ui.context import actor_of, runtime_of
from bot.ui.limits import send_messages
from bot.ui.options import TOURNAMENT_IF_SEVERAL, Completed, TournamentOption
from bot.ui.tournament_views import squad_embeds

if TYPE_CHECKING:
    from bot.host import Host

SQUAD_HELP = "The squad: a team of coaches (seed 000, Team Events)"
MORE_HELP = "Another coach to add in the same command"


async def squad_autocomplete(interaction: discord.Interaction, current: str) -> Choices:
    """The event's squads by name."""
    value = getattr(interaction.namespace, "tournament", None)
    found = await tournament_squads.squad_choices(
        runtime_of(interaction), actor_of(interaction).guild_id, str(value) if value else None
    )
    return offer(
        current,
        found,
        lambda s: ngettext("{squad} ({n} coach)", "{squad} ({n} coaches)", len(s.members), squad=s.name),
        lambda s: f"s:{s.id}",
        attrgetter("name"),
    )


SquadOption = app_commands.Transform[str, Completed(squad_autocomplete)]


async def _reply(interaction: discord.Interaction, view: SquadView) -> None:
    await send_messages(
        interaction,
        view.message,
        squad_embeds([view]),
        ephemeral=True,
        allowed_mentions=discord.AllowedMentions.none(),
    )


class SquadCog(commands.GroupCog, group_name="squad", group_description="Team events: your team of coaches"):
    def __init__(self, league_bot: Host) -> None:
        self.bot = league_bot
        super().__init__()

    @app_commands.command(name="create", description="Create a squad (a team of coaches) and be its captain")
    @app_commands.describe(
        name="The squad's name, e.g. your club's",
        captain="Organisers only: another coach to be its captain",
        tournament=TOURNAMENT_IF_SEVERAL,
    )
    async def create(
        self,
        interaction: discord.Interaction,
        name: app_commands.Range[str, 1, 60],
        captain: discord.Member | None = None,
        tournament: TournamentOption | None = None,
    ) -> None:
        view = await tournament_squads.create_squad(
            runtime_of(interaction),
            actor_of(interaction),
            tournament,
            name,
            captain_id=captain.id if captain else None,
            as_organiser=captain is not None and await is_organiser(interaction),
        )
        await _reply(interaction, view)

    @app_commands.command(name="add", description="Add coaches to your squad (captain or organiser)")
    @app_commands.describe(
        coach="The coach to add",
        squad=SQUAD_HELP,
        tournament=TOURNAMENT_IF_SEVERAL,
        coach2=MORE_HELP,
        coach3=MORE_HELP,
        coach4=MORE_HELP,
        coach5=MORE_HELP,
        coach6=MORE_HELP,
        coach7=MORE_HELP,
    )
    async def add(
        self,
        interaction: discord.Interaction,
        coach: discord.Member,
        squad: SquadOption,
        tournament: TournamentOption | None = None,
        coach2: discord.Member | None = None,
        coach3: discord.Member | None = None,
        coach4: discord.Member | None = None,
        coach5: discord.Member | None = None,
        coach6: discord.Member | None = None,
        coach7: discord.Member | None = None,
    ) -> None:
        more = (coach2, coach3, coach4, coach5, coach6, coach7)
        ids = [coach.id, *(m.id for m in more if m is not None)]
        rt, actor, organiser = runtime_of(interaction), actor_of(interaction), await is_organiser(interaction)
        view = await tournament_squads.add_coaches(rt, actor, tournament, squad, ids, as_organiser=organiser)
        await _reply(interaction, view)

    @app_commands.command(name="remove", description="Take a coach out of your squad (captain or organiser)")
    @app_commands.describe(
        coach="The coach to remove (the captain last: that disbands the squad)",
        squad=SQUAD_HELP,
        tournament=TOURNAMENT_IF_SEVERAL,
    )
    async def remove(
        self,
        interaction: discord.Interaction,
        coach: discord.Member,
        squad: SquadOption,
        tournament: TournamentOption | None = None,
    ) -> None:
        rt, actor, organiser = runtime_of(interaction), actor_of(interaction), await is_organiser(interaction)
        view = await tournament_squads.remove_coach(
            rt, actor, tournament, squad, coach.id, as_organiser=organiser
        )
        await _reply(interaction, view)

    @app_commands.command(
        name="show", description="A squad's captain, coaches and rosters (yours by default)"
    )
    @app_commands.describe(squad=SQUAD_HELP, tournament=TOURNAMENT_IF_SEVERAL)
    async def show(
        self,
        interaction: discord.Interaction,
        squad: SquadOption | None = None,
        tournament: TournamentOption | None = None,
    ) -> None:
        actor = actor_of(interaction)
        view = await tournament_squads.show_squad(
            runtime_of(interaction), actor.guild_id, tournament, squad, actor.user_id
        )
        await _reply(interaction, view)

    @app_commands.command(name="list", description="Every squad of a team event")
    @app_commands.describe(tournament=TOURNAMENT_IF_SEVERAL)
    async def list_(
        self, interaction: discord.Interaction, tournament: TournamentOption | None = None
    ) -> None:
        views = await tournament_squads.list_squads(
            runtime_of(interaction), actor_of(interaction).guild_id, tournament
        )
        await send_messages(
            interaction,
            None if views else _("No squads yet: a captain creates one with /squad create."),
            squad_embeds(views),
            ephemeral=True,
            allowed_mentions=discord.AllowedMentions.none(),
        )


async def setup(league_bot: Host) -> None:
    await league_bot.add_cog(SquadCog(league_bot))
