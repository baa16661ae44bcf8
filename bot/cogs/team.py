"""/team: a coach drafts a team (hire, fire, staff, names and numbers), shows it and submits it."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.services.match import postgame_roster
from bot.services.roster import teams
from bot.services.roster.team_lookup import DraftResult
from bot.ui.announce import announce
from bot.ui.autocomplete import (
    alignment_autocomplete,
    hatred_autocomplete,
    league_autocomplete,
    my_player_autocomplete,
    my_position_autocomplete,
    regional_league_autocomplete,
    roster_autocomplete,
    team_autocomplete,
)
from bot.ui.context import actor_of, runtime_of
from bot.ui.files import attachment
from bot.ui.formatting import plain
from bot.ui.league_views import team_sheet_embeds
from bot.ui.limits import send_messages
from bot.ui.team_export import roster_csv, team_json

if TYPE_CHECKING:
    from bot.host import Host

LEAGUE_HELP = "Which league (only needed when the server runs several)"


async def _reply(interaction: discord.Interaction, result: DraftResult) -> None:
    await send_messages(interaction, result.message, team_sheet_embeds(result.sheet), ephemeral=True)


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
        league=LEAGUE_HELP,
    )
    @app_commands.autocomplete(
        roster=roster_autocomplete,
        regional_league=regional_league_autocomplete,
        alignment=alignment_autocomplete,
        league=league_autocomplete,
    )
    async def create(
        self,
        interaction: discord.Interaction,
        name: app_commands.Range[str, 1, 60],
        roster: str,
        regional_league: str | None = None,
        alignment: str | None = None,
        league: str | None = None,
    ) -> None:
        result = await teams.create_team(
            runtime_of(interaction), actor_of(interaction), league, name, roster, regional_league, alignment
        )
        await _reply(interaction, result)

    @app_commands.command(
        name="hire", description="Hire players (while drafting, or in the post-game from the treasury)"
    )
    @app_commands.describe(
        position="The player type",
        count="How many (default 1)",
        name="Name (when hiring one)",
        number="Shirt number 1-99 (when hiring one)",
        league=LEAGUE_HELP,
    )
    @app_commands.autocomplete(position=my_position_autocomplete, league=league_autocomplete)
    async def hire(
        self,
        interaction: discord.Interaction,
        position: str,
        count: app_commands.Range[int, 1, 16] = 1,
        name: app_commands.Range[str, 1, 60] | None = None,
        number: app_commands.Range[int, 1, 99] | None = None,
        league: str | None = None,
    ) -> None:
        result = await teams.hire_players(
            runtime_of(interaction), actor_of(interaction), league, position, count, name, number
        )
        await _reply(interaction, result)

    @app_commands.command(
        name="fire", description="Release a player (refunded while drafting; in the post-game no refund)"
    )
    @app_commands.describe(player="The player (number or name)", league=LEAGUE_HELP)
    @app_commands.autocomplete(player=my_player_autocomplete, league=league_autocomplete)
    async def fire(self, interaction: discord.Interaction, player: str, league: str | None = None) -> None:
        result = await teams.fire_player(runtime_of(interaction), actor_of(interaction), league, player)
        await _reply(interaction, result)

    @app_commands.command(
        name="retire",
        description="Temporarily retire a player with a Lasting Injury for the "
        "rest of the season (post-game)",
    )
    @app_commands.describe(player="The injured player", league=LEAGUE_HELP)
    @app_commands.autocomplete(player=my_player_autocomplete, league=league_autocomplete)
    async def retire(self, interaction: discord.Interaction, player: str, league: str | None = None) -> None:
        result = await postgame_roster.retire_player(
            runtime_of(interaction), actor_of(interaction), league, player
        )
        await _reply(interaction, result)

    @app_commands.command(
        name="keep", description="Hire a journeyman who played, in the post-game (keeps his SPP)"
    )
    @app_commands.describe(player="The journeyman", league=LEAGUE_HELP)
    @app_commands.autocomplete(player=my_player_autocomplete, league=league_autocomplete)
    async def keep(self, interaction: discord.Interaction, player: str, league: str | None = None) -> None:
        result = await postgame_roster.keep_journeyman(
            runtime_of(interaction), actor_of(interaction), league, player
        )
        await _reply(interaction, result)

    @app_commands.command(
        name="hatred", description="Getting Even gave a player Hatred: choose what he now hates"
    )
    @app_commands.describe(
        player="The player who got even", keyword="A keyword of the team that injured him", league=LEAGUE_HELP
    )
    @app_commands.autocomplete(
        player=my_player_autocomplete, keyword=hatred_autocomplete, league=league_autocomplete
    )
    async def hatred(
        self, interaction: discord.Interaction, player: str, keyword: str, league: str | None = None
    ) -> None:
        result = await postgame_roster.choose_hatred(
            runtime_of(interaction), actor_of(interaction), league, player, keyword
        )
        await _reply(interaction, result)

    @app_commands.command(name="player", description="Rename or renumber one of your players")
    @app_commands.describe(
        player="The player", name="New name", number="New shirt number 1-99", league=LEAGUE_HELP
    )
    @app_commands.autocomplete(player=my_player_autocomplete, league=league_autocomplete)
    async def player(
        self,
        interaction: discord.Interaction,
        player: str,
        name: app_commands.Range[str, 1, 60] | None = None,
        number: app_commands.Range[int, 1, 99] | None = None,
        league: str | None = None,
    ) -> None:
        result = await teams.update_player(
            runtime_of(interaction), actor_of(interaction), league, player, name=name, number=number
        )
        await _reply(interaction, result)

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
        league=LEAGUE_HELP,
    )
    @app_commands.autocomplete(league=league_autocomplete)
    async def staff(
        self,
        interaction: discord.Interaction,
        rerolls: app_commands.Range[int, 0, 8] | None = None,
        assistant_coaches: app_commands.Range[int, 0, 6] | None = None,
        cheerleaders: app_commands.Range[int, 0, 6] | None = None,
        apothecary: bool | None = None,
        dedicated_fans: app_commands.Range[int, 1, 7] | None = None,
        league: str | None = None,
    ) -> None:
        result = await teams.set_staff(
            runtime_of(interaction),
            actor_of(interaction),
            league,
            rerolls=rerolls,
            assistant_coaches=assistant_coaches,
            cheerleaders=cheerleaders,
            apothecary=apothecary,
            dedicated_fans=dedicated_fans,
        )
        await _reply(interaction, result)

    @app_commands.command(
        name="show", description="A team's draft list: players, staff, treasury, TV and CTV"
    )
    @app_commands.describe(
        team="Whose team (default: yours)", public="Post it in the channel for everyone", league=LEAGUE_HELP
    )
    @app_commands.autocomplete(team=team_autocomplete, league=league_autocomplete)
    async def show(
        self,
        interaction: discord.Interaction,
        team: str | None = None,
        public: bool = False,
        league: str | None = None,
    ) -> None:
        sheet = await teams.team_sheet(runtime_of(interaction), actor_of(interaction), league, team)
        await send_messages(interaction, embeds=team_sheet_embeds(sheet), ephemeral=not public)

    @app_commands.command(
        name="submit", description="Send your drafted team to the commissioner for approval"
    )
    @app_commands.describe(league=LEAGUE_HELP)
    @app_commands.autocomplete(league=league_autocomplete)
    async def submit(self, interaction: discord.Interaction, league: str | None = None) -> None:
        result = await teams.submit_team(runtime_of(interaction), actor_of(interaction), league)
        await _reply(interaction, result)
        await announce(
            self.bot,
            result.sheet.league,
            content=f"📝 **{plain(result.sheet.team.name)}** ({result.sheet.roster.name}, coach "
            f"<@{result.sheet.team.coach_id}>) is submitted: a commissioner can "
            "`/league approve` or `/league reject` it.",
        )

    # --- exports and imports ---
    @app_commands.command(name="export", description="A team's roster as a CSV and a JSON file")
    @app_commands.describe(team="Whose team (default: yours)", league=LEAGUE_HELP)
    @app_commands.autocomplete(team=team_autocomplete, league=league_autocomplete)
    async def export(
        self, interaction: discord.Interaction, team: str | None = None, league: str | None = None
    ) -> None:
        sheet = await teams.team_sheet(runtime_of(interaction), actor_of(interaction), league, team)
        await interaction.response.send_message(
            f"**{plain(sheet.team.name)}**: {len(sheet.players)} players.",
            files=[
                attachment(roster_csv(sheet), sheet.team.name, "csv"),
                attachment(team_json(sheet), sheet.team.name, "json"),
            ],
            ephemeral=True,
        )


async def setup(league_bot: Host) -> None:
    await league_bot.add_cog(TeamCog(league_bot))
