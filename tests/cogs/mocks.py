"""Interaction mocks built with spec_set of the real discord.py classes: a typo'd attribute fails."""

from __future__ import annotations

from typing import Any
from unittest.mock import AsyncMock, MagicMock

import discord

from bot.app import LeagueBot
from bot.services.runtime import Runtime


def make_member(user_id: int = 10, role_ids: tuple[int, ...] = ()) -> MagicMock:
    member = MagicMock(spec_set=discord.Member)
    member.id = user_id
    member.mention = f"<@{user_id}>"
    roles = []
    for role_id in role_ids:
        role = MagicMock(spec_set=discord.Role)
        role.id = role_id
        roles.append(role)
    member.roles = roles
    return member


def make_interaction(
    runtime: Runtime,
    *,
    guild_id: int | None = 1,
    user_id: int = 10,
    channel_id: int = 100,
    manage_guild: bool = False,
    role_ids: tuple[int, ...] = (),
    responded: bool = False,
    locale: str = "en-US",
    guild_locale: str = "en-US",
) -> MagicMock:
    interaction = MagicMock(spec_set=discord.Interaction)
    client = MagicMock(spec_set=LeagueBot)
    client.runtime = runtime
    interaction.client = client
    interaction.guild_id = guild_id
    interaction.channel_id = channel_id
    interaction.user = make_member(user_id, role_ids)
    interaction.permissions = discord.Permissions(manage_guild=manage_guild)
    response = MagicMock(spec_set=discord.InteractionResponse)
    response.send_message = AsyncMock()
    response.edit_message = AsyncMock()
    response.is_done = MagicMock(return_value=responded)
    interaction.response = response
    followup = MagicMock(spec_set=discord.Webhook)
    followup.send = AsyncMock()
    interaction.followup = followup
    interaction.command = None
    interaction.locale = discord.Locale(locale)
    interaction.guild_locale = discord.Locale(guild_locale)
    return interaction


def sent(interaction: MagicMock) -> tuple[str, dict[str, Any]]:
    """The content and keyword arguments of the single reply sent."""
    interaction.response.send_message.assert_awaited_once()
    call = interaction.response.send_message.await_args
    content = call.args[0] if call.args else call.kwargs.get("content", "")
    return content or "", call.kwargs
