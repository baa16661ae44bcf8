"""/roster: a coach registers and drafts a tournament roster (seed 000, Writing your roster and Skill Points);
anyone reads or exports any registered roster."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import _
from bot.services.roster import event_drafting, event_rosters
from bot.services.tournament import tournament_entries
from bot.ui import drafting
from bot.ui.context import actor_of, runtime_of
from bot.ui.drafting import ROSTERS
from bot.ui.formatting import plain
from bot.ui.limits import send_messages
from bot.ui.options import (
    TOURNAMENT_IF_SEVERAL,
    AlignmentOption,
    EntryOption,
    HireCount,
    NafName,
    NafNumber,
    Name,
    RegionalLeagueOption,
    Rerolls,
    RosterOption,
    ShirtNumber,
    StaffCount,
    TournamentOption,
)
from bot.ui.roster_views import (
    mercenary_skill_autocomplete,
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

NAF_NAME_HELP = "Your NAF name (for NAF-sanctioned events)"
NAF_NUMBER_HELP = "Your NAF membership number"


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
        naf_name=NAF_NAME_HELP,
        naf_number=NAF_NUMBER_HELP,
        tournament=TOURNAMENT_IF_SEVERAL,
    )
    async def register(
        self,
        interaction: discord.Interaction,
        name: Name,
        roster: RosterOption,
        regional_league: RegionalLeagueOption | None = None,
        alignment: AlignmentOption | None = None,
        naf_name: NafName | None = None,
        naf_number: NafNumber | None = None,
        tournament: TournamentOption | None = None,
    ) -> None:
        await drafting.step(
            ROSTERS,
            interaction,
            tournament_entries.register,
            tournament,
            name,
            roster,
            regional_league,
            alignment,
            naf_name,
            naf_number,
        )

    @app_commands.command(name="naf", description="Set or change your NAF name and number for the NAF report")
    @app_commands.describe(
        naf_name=NAF_NAME_HELP, naf_number=NAF_NUMBER_HELP, tournament=TOURNAMENT_IF_SEVERAL
    )
    async def naf(
        self,
        interaction: discord.Interaction,
        naf_name: NafName | None = None,
        naf_number: NafNumber | None = None,
        tournament: TournamentOption | None = None,
    ) -> None:
        await drafting.step(
            ROSTERS, interaction, tournament_entries.set_naf, tournament, naf_name, naf_number
        )

    @app_commands.command(name="hire", description="Hire players for your tournament roster")
    @app_commands.describe(
        position="The position to hire",
        count="How many (1-16)",
        name="A name (only when hiring one)",
        number="A shirt number (only when hiring one)",
        tournament=TOURNAMENT_IF_SEVERAL,
    )
    @app_commands.autocomplete(position=roster_position_autocomplete)
    async def hire(
        self,
        interaction: discord.Interaction,
        position: str,
        count: HireCount = 1,
        name: Name | None = None,
        number: ShirtNumber | None = None,
        tournament: TournamentOption | None = None,
    ) -> None:
        await drafting.step(
            ROSTERS, interaction, event_drafting.hire, tournament, position, count, name, number
        )

    @app_commands.command(
        name="mercenary", description="Hire Mercenary Players: cost +30,000 gp, Loner (4+), no SPP (up to 3)"
    )
    @app_commands.describe(
        position="The position to hire as a Mercenary",
        count="How many (1-3)",
        skill="One Primary skill for each, +50,000 gp (optional)",
        name="A name (only when hiring one)",
        number="A shirt number (only when hiring one)",
        tournament=TOURNAMENT_IF_SEVERAL,
    )
    @app_commands.autocomplete(position=roster_position_autocomplete, skill=mercenary_skill_autocomplete)
    async def mercenary(
        self,
        interaction: discord.Interaction,
        position: str,
        count: app_commands.Range[int, 1, 3] = 1,
        skill: str | None = None,
        name: Name | None = None,
        number: ShirtNumber | None = None,
        tournament: TournamentOption | None = None,
    ) -> None:
        await drafting.step(
            ROSTERS,
            interaction,
            event_drafting.hire_mercenary,
            tournament,
            position,
            count,
            skill,
            name,
            number,
        )

    @app_commands.command(name="fire", description="Release a player from your tournament roster (refunded)")
    @app_commands.describe(player="The player (number or name)", tournament=TOURNAMENT_IF_SEVERAL)
    @app_commands.autocomplete(player=roster_player_autocomplete)
    async def fire(
        self, interaction: discord.Interaction, player: str, tournament: TournamentOption | None = None
    ) -> None:
        await drafting.step(ROSTERS, interaction, event_drafting.fire, tournament, player)

    @app_commands.command(name="staff", description="Set re-rolls and sideline staff (league prices)")
    @app_commands.describe(
        rerolls="Team re-rolls",
        assistant_coaches="Assistant coaches",
        cheerleaders="Cheerleaders",
        apothecary="An apothecary (if your roster may have one)",
        tournament=TOURNAMENT_IF_SEVERAL,
    )
    async def staff(
        self,
        interaction: discord.Interaction,
        rerolls: Rerolls | None = None,
        assistant_coaches: StaffCount | None = None,
        cheerleaders: StaffCount | None = None,
        apothecary: bool | None = None,
        tournament: TournamentOption | None = None,
    ) -> None:
        await drafting.step(
            ROSTERS,
            interaction,
            event_drafting.set_staff,
            tournament,
            rerolls=rerolls,
            assistant_coaches=assistant_coaches,
            cheerleaders=cheerleaders,
            apothecary=apothecary,
        )

    @app_commands.command(
        name="skill", description="Give a player his one Skill-Point skill (primary 1, secondary 2)"
    )
    @app_commands.describe(
        player="The player (never a star)",
        skill="A skill of his Primary or Secondary categories; none takes it away",
        tournament=TOURNAMENT_IF_SEVERAL,
    )
    @app_commands.autocomplete(player=roster_player_autocomplete, skill=roster_skill_autocomplete)
    async def skill(
        self,
        interaction: discord.Interaction,
        player: str,
        skill: str,
        tournament: TournamentOption | None = None,
    ) -> None:
        await drafting.step(ROSTERS, interaction, event_drafting.set_skill, tournament, player, skill)

    @app_commands.command(name="star", description="Add a star player or pair: gold plus 2 Skill Points")
    @app_commands.describe(
        name="The star player or pair (once the roster has 11 players)", tournament=TOURNAMENT_IF_SEVERAL
    )
    @app_commands.autocomplete(name=roster_star_autocomplete)
    async def star(
        self, interaction: discord.Interaction, name: str, tournament: TournamentOption | None = None
    ) -> None:
        await drafting.step(ROSTERS, interaction, event_drafting.add_star, tournament, name)

    @app_commands.command(name="unstar", description="Remove a star player or pair from your roster")
    @app_commands.describe(name="The star player or pair", tournament=TOURNAMENT_IF_SEVERAL)
    @app_commands.autocomplete(name=roster_star_autocomplete)
    async def unstar(
        self, interaction: discord.Interaction, name: str, tournament: TournamentOption | None = None
    ) -> None:
        await drafting.step(ROSTERS, interaction, event_drafting.remove_star, tournament, name)

    @app_commands.command(name="fans", description="Set your Dedicated Fans (up to 6, 10,000 gp each)")
    @app_commands.describe(fans="Dedicated Fans in all (1-6)", tournament=TOURNAMENT_IF_SEVERAL)
    async def fans(
        self,
        interaction: discord.Interaction,
        fans: app_commands.Range[int, 1, 6],
        tournament: TournamentOption | None = None,
    ) -> None:
        await drafting.step(ROSTERS, interaction, event_drafting.set_fans, tournament, fans)

    @app_commands.command(name="induce", description="Put an inducement the event allows on your roster")
    @app_commands.describe(
        item="The inducement", count="How many in all (0 removes it)", tournament=TOURNAMENT_IF_SEVERAL
    )
    @app_commands.autocomplete(item=roster_inducement_autocomplete)
    async def induce(
        self,
        interaction: discord.Interaction,
        item: str,
        count: app_commands.Range[int, 0, 16],
        tournament: TournamentOption | None = None,
    ) -> None:
        await drafting.step(ROSTERS, interaction, event_drafting.set_inducement, tournament, item, count)

    @app_commands.command(name="submit", description="Submit your roster for the organiser's approval")
    @app_commands.describe(tournament=TOURNAMENT_IF_SEVERAL)
    async def submit(
        self, interaction: discord.Interaction, tournament: TournamentOption | None = None
    ) -> None:
        await drafting.step(ROSTERS, interaction, event_drafting.submit, tournament)

    @app_commands.command(name="show", description="Show a registered tournament roster (yours by default)")
    @app_commands.describe(
        team="Any registered team",
        tournament=TOURNAMENT_IF_SEVERAL,
        round="Gold piece escalation: the roster of this round (default: the latest written)",
    )
    async def show(
        self,
        interaction: discord.Interaction,
        team: EntryOption | None = None,
        tournament: TournamentOption | None = None,
        round: app_commands.Range[int, 1, 15] | None = None,
    ) -> None:
        sheet = await event_rosters.roster_sheet(
            runtime_of(interaction), actor_of(interaction), tournament, team, round
        )
        await send_messages(interaction, None, roster_embeds(sheet), ephemeral=True)

    @app_commands.command(name="export", description="A registered roster as a text file to keep")
    @app_commands.describe(team="Any registered team (yours by default)", tournament=TOURNAMENT_IF_SEVERAL)
    async def export(
        self,
        interaction: discord.Interaction,
        team: EntryOption | None = None,
        tournament: TournamentOption | None = None,
    ) -> None:
        sheet = await event_rosters.roster_sheet(
            runtime_of(interaction), actor_of(interaction), tournament, team
        )
        await interaction.response.send_message(
            _("{team}'s roster for {event}.", team=plain(sheet.team.name), event=plain(sheet.event.name)),
            file=roster_file(sheet),
            ephemeral=True,
        )

    # --- roster options ---

    @app_commands.command(
        name="escalate", description="Gold piece escalation: close this roster and write the next budget's"
    )
    @app_commands.describe(tournament=TOURNAMENT_IF_SEVERAL)
    async def escalate(
        self, interaction: discord.Interaction, tournament: TournamentOption | None = None
    ) -> None:
        await drafting.step(ROSTERS, interaction, tournament_entries.escalate, tournament)


async def setup(league_bot: Host) -> None:
    await league_bot.add_cog(RosterCog(league_bot))
