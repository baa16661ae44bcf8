"""Who may run admin commands: commissioners (Manage Server, or the server's commissioner role).

Admin commands also carry `default_permissions(manage_guild=True)` so Discord hides them from others;
these checks repeat the decision at run time, because server admins can change who sees a command.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

import discord
from discord import app_commands

from bot.i18n import _
from bot.services import guild_config
from bot.ui.context import runtime_of

T = TypeVar("T")


class NotCommissioner(app_commands.CheckFailure):
    """The user is not a commissioner of this server."""


class NotServerManager(app_commands.CheckFailure):
    """The user does not have Manage Server."""


async def _role_id(interaction: discord.Interaction, which: str) -> int | None:
    """The server's commissioner (or organiser) role, if it has one."""
    settings = await guild_config.get_settings(runtime_of(interaction), interaction.guild_id or 0)
    return settings.commissioner_role_id if which == "commissioner" else settings.organiser_role_id


async def _has_role(interaction: discord.Interaction, which: str) -> bool:
    """The member has the server's commissioner (or organiser) role."""
    member = interaction.user
    if interaction.guild_id is None or not isinstance(member, discord.Member):
        return False
    role_id = await _role_id(interaction, which)
    return role_id is not None and any(role.id == role_id for role in member.roles)


async def is_commissioner(interaction: discord.Interaction) -> bool:
    if interaction.guild_id is not None and interaction.permissions.manage_guild:
        return isinstance(interaction.user, discord.Member)
    return await _has_role(interaction, "commissioner")


async def require_commissioner(interaction: discord.Interaction) -> bool:
    if await is_commissioner(interaction):
        return True
    role_id = await _role_id(interaction, "commissioner")  # the refusal names the server's role, if any
    if role_id:
        raise NotCommissioner(
            _(
                "Only a commissioner can do this: someone with Manage Server, or the commissioner role "
                "(<@&{role}>).",
                role=role_id,
            )
        )
    raise NotCommissioner(
        _("Only a commissioner can do this: someone with Manage Server, or the commissioner role.")
    )


class NotOrganiser(app_commands.CheckFailure):
    """The user is neither a commissioner nor has the server's organiser role."""


async def is_organiser(interaction: discord.Interaction) -> bool:
    """Commissioners organise events too; so do members with the server's organiser role."""
    return await is_commissioner(interaction) or await _has_role(interaction, "organiser")


async def require_organiser(interaction: discord.Interaction) -> bool:
    if await is_organiser(interaction):
        return True
    role_id = await _role_id(interaction, "organiser")  # the refusal names the server's role, if any
    if role_id:
        raise NotOrganiser(
            _(
                "Only an event organiser can do this: a commissioner, or someone with the organiser role "
                "(<@&{role}>).",
                role=role_id,
            )
        )
    raise NotOrganiser(
        _("Only an event organiser can do this: a commissioner, or someone with the organiser role.")
    )


def organiser_only() -> Callable[[T], T]:
    """Decorator for event organiser commands: refuse anyone who is neither commissioner nor organiser."""
    return app_commands.check(require_organiser)


async def require_server_manager(interaction: discord.Interaction) -> bool:
    if interaction.guild_id is not None and interaction.permissions.manage_guild:
        return True
    raise NotServerManager(_("Only someone with the Manage Server permission can do this."))


def commissioner_only() -> Callable[[T], T]:
    """Decorator for admin commands: refuse anyone who is not a commissioner."""
    return app_commands.check(require_commissioner)


def server_manager_only() -> Callable[[T], T]:
    """Decorator for server-level settings: only Manage Server (not the commissioner role) may change them."""
    return app_commands.check(require_server_manager)
