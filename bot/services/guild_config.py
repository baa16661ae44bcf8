"""Per-guild configuration: the commissioner role and the event organiser role."""

from __future__ import annotations

import sqlite3

from bot.services.inputs import optional_id
from bot.services.runtime import Actor, Runtime
from bot.store import audit, guild_settings
from bot.store.guild_settings import GuildSettings


async def get_settings(rt: Runtime, guild_id: int) -> GuildSettings:
    return await rt.db.read(guild_settings.get, guild_id)


def _set_role(conn: sqlite3.Connection, rt: Runtime, actor: Actor, role_id: int | None) -> GuildSettings:
    previous = guild_settings.get(conn, actor.guild_id)
    now = rt.clock.now()
    guild_settings.set_commissioner_role(conn, actor.guild_id, role_id, actor_id=actor.user_id, now=now)
    audit.record(
        conn,
        guild_id=actor.guild_id,
        actor_id=actor.user_id,
        action="config.commissioner_role",
        now=now,
        detail={"from": previous.commissioner_role_id, "to": role_id},
    )
    return guild_settings.get(conn, actor.guild_id)


async def set_commissioner_role(rt: Runtime, actor: Actor, role_id: int | None) -> GuildSettings:
    """Name the role whose members act as commissioners (None removes it). Recorded in the audit log."""
    optional_id(role_id, "role")
    return await rt.db.write(_set_role, rt, actor, role_id)


def _set_organiser_role(
    conn: sqlite3.Connection, rt: Runtime, actor: Actor, role_id: int | None
) -> GuildSettings:
    previous = guild_settings.get(conn, actor.guild_id)
    now = rt.clock.now()
    guild_settings.set_organiser_role(conn, actor.guild_id, role_id, actor_id=actor.user_id, now=now)
    audit.record(
        conn,
        guild_id=actor.guild_id,
        actor_id=actor.user_id,
        action="config.organiser_role",
        now=now,
        detail={"from": previous.organiser_role_id, "to": role_id},
    )
    return guild_settings.get(conn, actor.guild_id)


async def set_organiser_role(rt: Runtime, actor: Actor, role_id: int | None) -> GuildSettings:
    """Name the role whose members organise tournaments (None removes it). Recorded in the audit log."""
    optional_id(role_id, "role")
    return await rt.db.write(_set_organiser_role, rt, actor, role_id)
