from __future__ import annotations

from bot.services import guild_config
from bot.services.runtime import Runtime
from bot.store import audit
from tests.conftest import actor


async def test_commissioner_role_is_set_cleared_and_audited(runtime: Runtime) -> None:
    assert (await guild_config.get_settings(runtime, 1)).commissioner_role_id is None
    settings = await guild_config.set_commissioner_role(runtime, actor(user_id=5), 555)
    assert settings.commissioner_role_id == 555
    assert (
        await guild_config.get_settings(runtime, 2)
    ).commissioner_role_id is None  # other guilds untouched
    await guild_config.set_commissioner_role(runtime, actor(user_id=6), None)
    assert (await guild_config.get_settings(runtime, 1)).commissioner_role_id is None
    entries = await runtime.db.read(audit.recent, 1)
    assert [(e.actor_id, e.action, e.detail) for e in entries] == [
        (6, "config.commissioner_role", {"from": 555, "to": None}),
        (5, "config.commissioner_role", {"from": None, "to": 555}),
    ]
