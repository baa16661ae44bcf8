from __future__ import annotations

from unittest.mock import MagicMock

import discord

from bot.cogs.config import ConfigCog
from bot.services import guild_config
from bot.services.runtime import Runtime
from tests.cogs.mocks import make_interaction, sent


async def test_setting_the_commissioner_role(runtime: Runtime) -> None:
    cog = ConfigCog(MagicMock())
    role = MagicMock(spec_set=discord.Role)
    role.id = 4242
    interaction = make_interaction(runtime, manage_guild=True)
    await cog.commissioner_role.callback(cog, interaction, role)
    content, kwargs = sent(interaction)
    assert "<@&4242>" in content and kwargs["ephemeral"] is True
    assert (await guild_config.get_settings(runtime, 1)).commissioner_role_id == 4242

    cleared = make_interaction(runtime, manage_guild=True)
    await cog.commissioner_role.callback(cog, cleared, None)
    assert "No commissioner role" in sent(cleared)[0]


async def test_show(runtime: Runtime) -> None:
    cog = ConfigCog(MagicMock())
    interaction = make_interaction(runtime, manage_guild=True)
    await cog.show.callback(cog, interaction)
    _, kwargs = sent(interaction)
    assert kwargs["embed"].fields[0].value.startswith("none")
