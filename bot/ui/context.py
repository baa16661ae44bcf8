"""From an interaction to what the services need: the runtime and the acting user."""

from __future__ import annotations

from typing import Any, cast

import discord

from bot import i18n
from bot.errors import NotAllowed
from bot.host import Host
from bot.i18n import _
from bot.services.runtime import Actor, Runtime


def bot_of(interaction: discord.Interaction) -> Host:
    return cast(Host, interaction.client)


def runtime_of(interaction: discord.Interaction) -> Runtime:
    return bot_of(interaction).runtime


def actor_of(interaction: discord.Interaction) -> Actor:
    if interaction.guild_id is None:
        raise NotAllowed(_("This works in a server, not in direct messages."))
    return Actor(
        guild_id=interaction.guild_id,
        user_id=interaction.user.id,
        channel_id=interaction.channel_id or 0,
        name=interaction.user.display_name,
        server_language=i18n.pick(interaction.guild_locale),
    )


def given(**options: Any) -> dict[str, Any]:
    """The options a user filled in (an empty option is None and changes nothing)."""
    return {key: value for key, value in options.items() if value is not None}
