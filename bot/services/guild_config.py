"""Per-guild configuration: the commissioner role and the event organiser role."""

from __future__ import annotations

from typing import Literal

from bot.i18n import _
from bot.services.inputs import optional_id
from bot.services.runtime import Actor, Runtime
from bot.store import audit, guild_settings
from bot.store.connection import Connection
from bot.store.guild_settings import GuildSettings


async def get_settings(rt: Runtime, guild_id: int) -> GuildSettings:
    return await rt.db.read(guild_settings.get, guild_id)


def _set_role(
    conn: Connection,
    rt: Runtime,
    actor: Actor,
    which: Literal["commissioner", "organiser"],
    role_id: int | None,
) -> GuildSettings:
    """Set one of the server's roles, with its before and after in the audit log."""
    previous = guild_settings.get(conn, actor.guild_id)
    now = rt.clock.now()
    setter = (
        guild_settings.set_commissioner_role if which == "commissioner" else guild_settings.set_organiser_role
    )
    setter(conn, actor.guild_id, role_id, actor_id=actor.user_id, now=now)
    before = previous.commissioner_role_id if which == "commissioner" else previous.organiser_role_id
    detail = {"from": before, "to": role_id}
    audit.record(conn, actor.guild_id, actor.user_id, f"config.{which}_role", now, detail=detail)
    return guild_settings.get(conn, actor.guild_id)


async def set_commissioner_role(rt: Runtime, actor: Actor, role_id: int | None) -> GuildSettings:
    """Name the role whose members act as commissioners (None removes it). Recorded in the audit log."""
    optional_id(role_id, _("role"))
    return await rt.db.write(_set_role, rt, actor, "commissioner", role_id)


async def set_organiser_role(rt: Runtime, actor: Actor, role_id: int | None) -> GuildSettings:
    """Name the role whose members organise tournaments (None removes it). Recorded in the audit log."""
    optional_id(role_id, _("role"))
    return await rt.db.write(_set_role, rt, actor, "organiser", role_id)
