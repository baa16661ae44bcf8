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


async def test_setting_the_organiser_role_lets_its_members_organise(runtime: Runtime) -> None:
    from bot.ui.checks import is_organiser

    cog = ConfigCog(MagicMock())
    role = MagicMock(spec_set=discord.Role)
    role.id = 777
    interaction = make_interaction(runtime, manage_guild=True)
    await cog.organiser_role.callback(cog, interaction, role)
    content, kwargs = sent(interaction)
    assert "<@&777>" in content and kwargs["ephemeral"] is True
    assert (await guild_config.get_settings(runtime, 1)).organiser_role_id == 777
    shown = make_interaction(runtime, manage_guild=True)
    await cog.show.callback(cog, shown)
    assert "<@&777>" in sent(shown)[1]["embed"].fields[1].value

    member = make_interaction(runtime, manage_guild=False)
    assert await is_organiser(member) is False  # a plain member without the role
    cleared = make_interaction(runtime, manage_guild=True)
    await cog.organiser_role.callback(cog, cleared, None)
    assert "No organiser role" in sent(cleared)[0]
