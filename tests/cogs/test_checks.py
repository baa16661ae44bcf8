"""Who counts as a commissioner, checked at run time."""

from __future__ import annotations

import pytest

from bot.services import guild_config
from bot.services.runtime import Runtime
from bot.ui.checks import NotCommissioner, NotServerManager, require_commissioner, require_server_manager
from tests.cogs.mocks import make_interaction
from tests.conftest import actor


async def test_manage_server_makes_a_commissioner(runtime: Runtime) -> None:
    assert await require_commissioner(make_interaction(runtime, manage_guild=True))


async def test_a_plain_member_is_refused_with_what_is_allowed(runtime: Runtime) -> None:
    with pytest.raises(NotCommissioner, match="Manage Server"):
        await require_commissioner(make_interaction(runtime))


async def test_the_configured_role_makes_a_commissioner_in_its_guild_only(runtime: Runtime) -> None:
    await guild_config.set_commissioner_role(runtime, actor(guild_id=1), 777)
    assert await require_commissioner(make_interaction(runtime, guild_id=1, role_ids=(777,)))
    with pytest.raises(NotCommissioner, match="<@&777>"):
        await require_commissioner(make_interaction(runtime, guild_id=1, role_ids=(778,)))
    with pytest.raises(NotCommissioner):
        await require_commissioner(make_interaction(runtime, guild_id=2, role_ids=(777,)))


async def test_server_settings_need_manage_server_not_just_the_role(runtime: Runtime) -> None:
    await guild_config.set_commissioner_role(runtime, actor(guild_id=1), 777)
    with pytest.raises(NotServerManager):
        await require_server_manager(make_interaction(runtime, role_ids=(777,)))
    assert await require_server_manager(make_interaction(runtime, manage_guild=True))


async def test_admin_commands_are_hidden_by_default_permissions() -> None:
    from unittest.mock import MagicMock

    from bot.cogs.config import ConfigCog

    group = ConfigCog(MagicMock()).app_command
    assert group is not None and group.default_permissions is not None
    assert group.default_permissions.manage_guild
