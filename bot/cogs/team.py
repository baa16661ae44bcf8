"""/team: a coach drafts a team (hire, fire, staff, names and numbers), shows it and submits it."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot import i18n
from bot.i18n import _, ngettext
from bot.services.match import postgame, postgame_roster
from bot.services.roster import teams
from bot.ui import drafting
from bot.ui.announce import announce
from bot.ui.autocomplete import (
    hatred_autocomplete,
    my_position_autocomplete,
)
from bot.ui.context import actor_of, runtime_of
from bot.ui.drafting import TEAMS
from bot.ui.files import attachment
from bot.ui.formatting import plain
from bot.ui.league_views import team_sheet_embeds
from bot.ui.limits import send_messages
from bot.ui.options import (
    LEAGUE_IF_SEVERAL,
    AlignmentOption,
    HireCount,
    LeagueOption,
    MyPlayerOption,
    Name,
    RegionalLeagueOption,
    Rerolls,
    RosterOption,
    ShirtNumber,
    StaffCount,
    TeamOption,
)
from bot.ui.result_views import show_open_postgames
from bot.ui.team_export import roster_csv, team_json

if TYPE_CHECKING:
    from bot.host import Host


class TeamCog(commands.GroupCog, group_name="team", group_description="Draft, show and submit your team"):
    def __init__(self, league_bot: Host) -> None:
        self.bot = league_bot
        super().__init__()

    @app_commands.command(name="create", description="Start drafting a team for a league")
    @app_commands.describe(
        name="Your team's name",
        roster="The team roster, e.g. Human, Orc, Skaven",
        regional_league="The league it plays in, if its roster offers a choice",
        alignment="Its Favoured of... alignment, if its roster offers a choice (permanent)",
        league=LEAGUE_IF_SEVERAL,
    )
    async def create(
        self,
        interaction: discord.Interaction,
        name: Name,
        roster: RosterOption,
        regional_league: RegionalLeagueOption | None = None,
        alignment: AlignmentOption | None = None,
        league: LeagueOption | None = None,
    ) -> None:
        await drafting.step(
            TEAMS, interaction, teams.create_team, league, name, roster, regional_league, alignment
        )

    @app_commands.command(
        name="hire", description="Hire players (while drafting, or in the post-game from the treasury)"
    )
    @app_commands.describe(
        position="The player type",
        count="How many (default 1)",
        name="Name (when hiring one)",
        number="Shirt number 1-99 (when hiring one)",
        league=LEAGUE_IF_SEVERAL,
    )
    @app_commands.autocomplete(position=my_position_autocomplete)
    async def hire(
        self,
        interaction: discord.Interaction,
        position: str,
        count: HireCount = 1,
        name: Name | None = None,
        number: ShirtNumber | None = None,
        league: LeagueOption | None = None,
    ) -> None:
        await drafting.step(TEAMS, interaction, teams.hire_players, league, position, count, name, number)

    @app_commands.command(
        name="fire", description="Release a player (refunded while drafting; in the post-game no refund)"
    )
    @app_commands.describe(player="The player (number or name)", league=LEAGUE_IF_SEVERAL)
    async def fire(
        self, interaction: discord.Interaction, player: MyPlayerOption, league: LeagueOption | None = None
    ) -> None:
        await drafting.step(TEAMS, interaction, teams.fire_player, league, player)

    @app_commands.command(
        name="retire",
        description="Temporarily retire a player with a Lasting Injury for the "
        "rest of the season (post-game)",
    )
    @app_commands.describe(player="The injured player", league=LEAGUE_IF_SEVERAL)
    async def retire(
        self, interaction: discord.Interaction, player: MyPlayerOption, league: LeagueOption | None = None
    ) -> None:
        await drafting.step(TEAMS, interaction, postgame_roster.retire_player, league, player)

    @app_commands.command(
        name="keep", description="Hire a journeyman who played, in the post-game (keeps his SPP)"
    )
    @app_commands.describe(player="The journeyman", league=LEAGUE_IF_SEVERAL)
    async def keep(
        self, interaction: discord.Interaction, player: MyPlayerOption, league: LeagueOption | None = None
    ) -> None:
        await drafting.step(TEAMS, interaction, postgame_roster.keep_journeyman, league, player)

    @app_commands.command(
        name="hatred", description="Getting Even gave a player Hatred: choose what he now hates"
    )
    @app_commands.describe(
        player="The player who got even",
        keyword="A keyword of the team that injured him",
        league=LEAGUE_IF_SEVERAL,
    )
    @app_commands.autocomplete(keyword=hatred_autocomplete)
    async def hatred(
        self,
        interaction: discord.Interaction,
        player: MyPlayerOption,
        keyword: str,
        league: LeagueOption | None = None,
    ) -> None:
        await drafting.step(TEAMS, interaction, postgame_roster.choose_hatred, league, player, keyword)

    @app_commands.command(name="player", description="Rename or renumber one of your players")
    @app_commands.describe(
        player="The player", name="New name", number="New shirt number 1-99", league=LEAGUE_IF_SEVERAL
    )
    async def player(
        self,
        interaction: discord.Interaction,
        player: MyPlayerOption,
        name: Name | None = None,
        number: ShirtNumber | None = None,
        league: LeagueOption | None = None,
    ) -> None:
        await drafting.step(TEAMS, interaction, teams.update_player, league, player, name=name, number=number)

    @app_commands.command(
        name="staff",
        description="Re-rolls, sideline staff, dedicated fans (in the post-game re-rolls cost double)",
    )
    @app_commands.describe(
        rerolls="Team re-rolls 0-8",
        assistant_coaches="Assistant coaches 0-6 (10k each)",
        cheerleaders="Cheerleaders 0-6 (10k each)",
        apothecary="An apothecary (50k) if your roster allows one",
        dedicated_fans="Dedicated fans 1-3 (1 is free, 5k per step)",
        league=LEAGUE_IF_SEVERAL,
    )
    async def staff(
        self,
        interaction: discord.Interaction,
        rerolls: Rerolls | None = None,
        assistant_coaches: StaffCount | None = None,
        cheerleaders: StaffCount | None = None,
        apothecary: bool | None = None,
        dedicated_fans: app_commands.Range[int, 1, 7] | None = None,
        league: LeagueOption | None = None,
    ) -> None:
        await drafting.step(
            TEAMS,
            interaction,
            teams.set_staff,
            league,
            rerolls=rerolls,
            assistant_coaches=assistant_coaches,
            cheerleaders=cheerleaders,
            apothecary=apothecary,
            dedicated_fans=dedicated_fans,
        )

    @app_commands.command(
        name="show", description="A team's draft list: players, staff, treasury, TV and CTV"
    )
    @app_commands.describe(
        team="Whose team (default: yours)",
        public="Post it in the channel for everyone",
        league=LEAGUE_IF_SEVERAL,
    )
    async def show(
        self,
        interaction: discord.Interaction,
        team: TeamOption | None = None,
        public: bool = False,
        league: LeagueOption | None = None,
    ) -> None:
        sheet = await teams.team_sheet(runtime_of(interaction), actor_of(interaction), league, team)
        with i18n.using(sheet.league.language if public else None):
            embeds = team_sheet_embeds(sheet)
        await send_messages(interaction, embeds=embeds, ephemeral=not public)

    @app_commands.command(
        name="postgame",
        description="Show your open post-game again, with its Finish button (only you see it)",
    )
    @app_commands.describe(league=LEAGUE_IF_SEVERAL)
    async def postgame(self, interaction: discord.Interaction, league: LeagueOption | None = None) -> None:
        found = await postgame.open_postgames_of(runtime_of(interaction), actor_of(interaction), league)
        await show_open_postgames(interaction, found)

    @app_commands.command(
        name="submit", description="Send your drafted team to the commissioner for approval"
    )
    @app_commands.describe(league=LEAGUE_IF_SEVERAL)
    async def submit(self, interaction: discord.Interaction, league: LeagueOption | None = None) -> None:
        result = await drafting.step(TEAMS, interaction, teams.submit_team, league)
        sheet = result.sheet
        with i18n.using(sheet.league.language):
            content = _(
                "📝 **{team}** ({roster}, coach <@{coach}>) is submitted: a commissioner can "
                "`/league approve` or `/league reject` it.",
                team=plain(sheet.team.name),
                roster=sheet.roster.name,
                coach=sheet.team.coach_id,
            )
        await announce(self.bot, sheet.league, content=content)

    # --- exports and imports ---
    @app_commands.command(name="export", description="A team's roster as a CSV and a JSON file")
    @app_commands.describe(team="Whose team (default: yours)", league=LEAGUE_IF_SEVERAL)
    async def export(
        self,
        interaction: discord.Interaction,
        team: TeamOption | None = None,
        league: LeagueOption | None = None,
    ) -> None:
        sheet = await teams.team_sheet(runtime_of(interaction), actor_of(interaction), league, team)
        await interaction.response.send_message(
            ngettext(
                "**{team}**: {n} player.",
                "**{team}**: {n} players.",
                len(sheet.players),
                team=plain(sheet.team.name),
            ),
            files=[
                attachment(roster_csv(sheet), sheet.team.name, "csv"),
                attachment(team_json(sheet), sheet.team.name, "json"),
            ],
            ephemeral=True,
        )


async def setup(league_bot: Host) -> None:
    await league_bot.add_cog(TeamCog(league_bot))
