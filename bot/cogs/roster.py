"""/roster: a coach registers and drafts a tournament roster (seed 000, Writing your roster and Skill Points);
anyone reads or exports any registered roster."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.services.roster import event_drafting, event_rosters
from bot.services.roster.event_rosters import EntryResult
from bot.services.tournament import tournament_entries
from bot.ui.autocomplete import (
    alignment_autocomplete,
    regional_league_autocomplete,
    roster_autocomplete,
    tournament_autocomplete,
)
from bot.ui.context import actor_of, runtime_of
from bot.ui.formatting import plain
from bot.ui.limits import send_messages
from bot.ui.roster_views import (
    entry_autocomplete,
    roster_embeds,
    roster_file,
    roster_inducement_autocomplete,
    roster_player_autocomplete,
    roster_position_autocomplete,
    roster_skill_autocomplete,
    roster_star_autocomplete,
)

if TYPE_CHECKING:
    from bot.host import Host

EVENT_HELP = "Which tournament (only needed when the server runs several)"


async def _reply(interaction: discord.Interaction, result: EntryResult) -> None:
    await send_messages(interaction, result.message, roster_embeds(result.sheet), ephemeral=True)


class RosterCog(commands.GroupCog, group_name="roster", group_description="Your tournament roster"):
    def __init__(self, league_bot: Host) -> None:
        self.bot = league_bot
        super().__init__()

    @app_commands.command(
        name="register", description="Register a team for a tournament and start its roster"
    )
    @app_commands.describe(
        name="Your team's name",
        roster="The team roster, e.g. Wood Elf, Orc",
        regional_league="The league it plays in, if its roster offers a choice",
        alignment="Its Favoured of... alignment, if its roster offers a choice",
        tournament=EVENT_HELP,
    )
    @app_commands.autocomplete(
        roster=roster_autocomplete,
        regional_league=regional_league_autocomplete,
        alignment=alignment_autocomplete,
        tournament=tournament_autocomplete,
    )
    async def register(
        self,
        interaction: discord.Interaction,
        name: app_commands.Range[str, 1, 60],
        roster: str,
        regional_league: str | None = None,
        alignment: str | None = None,
        tournament: str | None = None,
    ) -> None:
        result = await tournament_entries.register(
            runtime_of(interaction),
            actor_of(interaction),
            tournament,
            name,
            roster,
            regional_league,
            alignment,
        )
        await _reply(interaction, result)

    @app_commands.command(name="hire", description="Hire players for your tournament roster")
    @app_commands.describe(
        position="The position to hire",
        count="How many (1-16)",
        name="A name (only when hiring one)",
        number="A shirt number (only when hiring one)",
        tournament=EVENT_HELP,
    )
    @app_commands.autocomplete(position=roster_position_autocomplete, tournament=tournament_autocomplete)
    async def hire(
        self,
        interaction: discord.Interaction,
        position: str,
        count: app_commands.Range[int, 1, 16] = 1,
        name: app_commands.Range[str, 1, 60] | None = None,
        number: app_commands.Range[int, 1, 99] | None = None,
        tournament: str | None = None,
    ) -> None:
        result = await event_drafting.hire(
            runtime_of(interaction), actor_of(interaction), tournament, position, count, name, number
        )
        await _reply(interaction, result)

    @app_commands.command(name="fire", description="Release a player from your tournament roster (refunded)")
    @app_commands.describe(player="The player (number or name)", tournament=EVENT_HELP)
    @app_commands.autocomplete(player=roster_player_autocomplete, tournament=tournament_autocomplete)
    async def fire(
        self, interaction: discord.Interaction, player: str, tournament: str | None = None
    ) -> None:
        result = await event_drafting.fire(runtime_of(interaction), actor_of(interaction), tournament, player)
        await _reply(interaction, result)

    @app_commands.command(name="staff", description="Set re-rolls and sideline staff (league prices)")
    @app_commands.describe(
        rerolls="Team re-rolls",
        assistant_coaches="Assistant coaches",
        cheerleaders="Cheerleaders",
        apothecary="An apothecary (if your roster may have one)",
        tournament=EVENT_HELP,
    )
    @app_commands.autocomplete(tournament=tournament_autocomplete)
    async def staff(
        self,
        interaction: discord.Interaction,
        rerolls: app_commands.Range[int, 0, 8] | None = None,
        assistant_coaches: app_commands.Range[int, 0, 6] | None = None,
        cheerleaders: app_commands.Range[int, 0, 6] | None = None,
        apothecary: bool | None = None,
        tournament: str | None = None,
    ) -> None:
        result = await event_drafting.set_staff(
            runtime_of(interaction),
            actor_of(interaction),
            tournament,
            rerolls=rerolls,
            assistant_coaches=assistant_coaches,
            cheerleaders=cheerleaders,
            apothecary=apothecary,
        )
        await _reply(interaction, result)

    @app_commands.command(
        name="skill", description="Give a player his one Skill-Point skill (primary 1, secondary 2)"
    )
    @app_commands.describe(
        player="The player (never a star)",
        skill="A skill of his Primary or Secondary categories; none takes it away",
        tournament=EVENT_HELP,
    )
    @app_commands.autocomplete(
        player=roster_player_autocomplete, skill=roster_skill_autocomplete, tournament=tournament_autocomplete
    )
    async def skill(
        self, interaction: discord.Interaction, player: str, skill: str, tournament: str | None = None
    ) -> None:
        result = await event_drafting.set_skill(
            runtime_of(interaction), actor_of(interaction), tournament, player, skill
        )
        await _reply(interaction, result)

    @app_commands.command(name="star", description="Add a star player or pair: gold plus 2 Skill Points")
    @app_commands.describe(
        name="The star player or pair (once the roster has 11 players)", tournament=EVENT_HELP
    )
    @app_commands.autocomplete(name=roster_star_autocomplete, tournament=tournament_autocomplete)
    async def star(self, interaction: discord.Interaction, name: str, tournament: str | None = None) -> None:
        result = await event_drafting.add_star(
            runtime_of(interaction), actor_of(interaction), tournament, name
        )
        await _reply(interaction, result)

    @app_commands.command(name="unstar", description="Remove a star player or pair from your roster")
    @app_commands.describe(name="The star player or pair", tournament=EVENT_HELP)
    @app_commands.autocomplete(name=roster_star_autocomplete, tournament=tournament_autocomplete)
    async def unstar(
        self, interaction: discord.Interaction, name: str, tournament: str | None = None
    ) -> None:
        result = await event_drafting.remove_star(
            runtime_of(interaction), actor_of(interaction), tournament, name
        )
        await _reply(interaction, result)

    @app_commands.command(name="fans", description="Set your Dedicated Fans (up to 6, 10,000 gp each)")
    @app_commands.describe(fans="Dedicated Fans in all (1-6)", tournament=EVENT_HELP)
    @app_commands.autocomplete(tournament=tournament_autocomplete)
    async def fans(
        self,
        interaction: discord.Interaction,
        fans: app_commands.Range[int, 1, 6],
        tournament: str | None = None,
    ) -> None:
        result = await event_drafting.set_fans(
            runtime_of(interaction), actor_of(interaction), tournament, fans
        )
        await _reply(interaction, result)

    @app_commands.command(name="induce", description="Put an inducement the event allows on your roster")
    @app_commands.describe(
        item="The inducement", count="How many in all (0 removes it)", tournament=EVENT_HELP
    )
    @app_commands.autocomplete(item=roster_inducement_autocomplete, tournament=tournament_autocomplete)
    async def induce(
        self,
        interaction: discord.Interaction,
        item: str,
        count: app_commands.Range[int, 0, 16],
        tournament: str | None = None,
    ) -> None:
        result = await event_drafting.set_inducement(
            runtime_of(interaction), actor_of(interaction), tournament, item, count
        )
        await _reply(interaction, result)

    @app_commands.command(name="submit", description="Submit your roster for the organiser's approval")
    @app_commands.describe(tournament=EVENT_HELP)
    @app_commands.autocomplete(tournament=tournament_autocomplete)
    async def submit(self, interaction: discord.Interaction, tournament: str | None = None) -> None:
        result = await event_drafting.submit(runtime_of(interaction), actor_of(interaction), tournament)
        await _reply(interaction, result)

    @app_commands.command(name="show", description="Show a registered tournament roster (yours by default)")
    @app_commands.describe(
        team="Any registered team",
        tournament=EVENT_HELP,
        round="Gold piece escalation: the roster of this round (default: the latest written)",
    )
    @app_commands.autocomplete(team=entry_autocomplete, tournament=tournament_autocomplete)
    async def show(
        self,
        interaction: discord.Interaction,
        team: str | None = None,
        tournament: str | None = None,
        round: app_commands.Range[int, 1, 15] | None = None,
    ) -> None:
        sheet = await event_rosters.roster_sheet(
            runtime_of(interaction), actor_of(interaction), tournament, team, round
        )
        await send_messages(interaction, None, roster_embeds(sheet), ephemeral=True)

    @app_commands.command(name="export", description="A registered roster as a text file to keep")
    @app_commands.describe(team="Any registered team (yours by default)", tournament=EVENT_HELP)
    @app_commands.autocomplete(team=entry_autocomplete, tournament=tournament_autocomplete)
    async def export(
        self, interaction: discord.Interaction, team: str | None = None, tournament: str | None = None
    ) -> None:
        sheet = await event_rosters.roster_sheet(
            runtime_of(interaction), actor_of(interaction), tournament, team
        )
        await interaction.response.send_message(
            f"{plain(sheet.team.name)}'s roster for {plain(sheet.event.name)}.",
            file=roster_file(sheet),
            ephemeral=True,
        )

    # --- roster options ---

    @app_commands.command(
        name="escalate", description="Gold piece escalation: close this roster and write the next budget's"
    )
    @app_commands.describe(tournament=EVENT_HELP)
    @app_commands.autocomplete(tournament=tournament_autocomplete)
    async def escalate(self, interaction: discord.Interaction, tournament: str | None = None) -> None:
        result = await tournament_entries.escalate(runtime_of(interaction), actor_of(interaction), tournament)
        await _reply(interaction, result)


async def setup(league_bot: Host) -> None:
    await league_bot.add_cog(RosterCog(league_bot))
