"""/config: server-level bot settings (who the commissioners and the event organisers are)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import _
from bot.services import guild_config
from bot.ui.checks import commissioner_only, server_manager_only
from bot.ui.context import actor_of, runtime_of

if TYPE_CHECKING:
    from bot.host import Host


@app_commands.default_permissions(manage_guild=True)
class ConfigCog(
    commands.GroupCog,
    group_name="config",
    group_description="Bot settings for this server (commissioners only)",
):
    def __init__(self, league_bot: Host) -> None:
        self.bot = league_bot
        super().__init__()

    @app_commands.command(
        name="commissioner-role",
        description="Choose the role whose members run leagues here (Manage Server only)",
    )
    @app_commands.describe(role="Members with this role act as commissioners; leave empty to remove it")
    @server_manager_only()
    async def commissioner_role(
        self, interaction: discord.Interaction, role: discord.Role | None = None
    ) -> None:
        settings = await guild_config.set_commissioner_role(
            runtime_of(interaction), actor_of(interaction), role.id if role else None
        )
        if settings.commissioner_role_id is None:
            text = _("No commissioner role: only members with Manage Server are commissioners.")
        else:
            text = _(
                "Commissioners are now members with <@&{role}>, and everyone with Manage Server.",
                role=settings.commissioner_role_id,
            )
        await interaction.response.send_message(
            text, ephemeral=True, allowed_mentions=discord.AllowedMentions.none()
        )

    @app_commands.command(
        name="organiser-role",
        description="Choose the role whose members organise tournaments (Manage Server only)",
    )
    @app_commands.describe(
        role="Members with this role run tournaments with /event; leave empty to remove it"
    )
    @server_manager_only()
    async def organiser_role(
        self, interaction: discord.Interaction, role: discord.Role | None = None
    ) -> None:
        settings = await guild_config.set_organiser_role(
            runtime_of(interaction), actor_of(interaction), role.id if role else None
        )
        if settings.organiser_role_id is None:
            text = _("No organiser role: commissioners organise tournaments.")
        else:
            text = _(
                "Event organisers are now members with <@&{role}>, and commissioners.",
                role=settings.organiser_role_id,
            )
        await interaction.response.send_message(
            text, ephemeral=True, allowed_mentions=discord.AllowedMentions.none()
        )

    @app_commands.command(name="show", description="Show this server's bot settings")
    @commissioner_only()
    async def show(self, interaction: discord.Interaction) -> None:
        settings = await guild_config.get_settings(runtime_of(interaction), actor_of(interaction).guild_id)
        role = f"<@&{settings.commissioner_role_id}>" if settings.commissioner_role_id else _("none")
        embed = discord.Embed(title=_("Server settings"), colour=discord.Colour.blurple())
        embed.add_field(
            name=_("Commissioner role"),
            value=_("{role} (plus everyone with Manage Server)", role=role),
            inline=False,
        )
        organiser = f"<@&{settings.organiser_role_id}>" if settings.organiser_role_id else _("none")
        embed.add_field(
            name=_("Event organiser role"),
            value=_("{role} (plus commissioners)", role=organiser),
            inline=False,
        )
        await interaction.response.send_message(embed=embed, ephemeral=True)


async def setup(league_bot: Host) -> None:
    await league_bot.add_cog(ConfigCog(league_bot))
