"""A small fake Discord: enough of the REST API and the gateway for the real discord.py client.

It binds to 127.0.0.1 only. The bot process is pointed at it with DISCORD_API_BASE and
DISCORD_GATEWAY_URL and does not know the difference: it logs in, receives READY and GUILD_CREATE,
syncs its commands, and answers INTERACTION_CREATE events through the interaction callback and
webhook routes. Tests drive it as users would: `invoke` a slash command, `autocomplete` an option,
`click` a button, and read what the bot answered or posted. Several bot processes (or shards) may connect
at once: each IDENTIFY is a `Session`, and a server's events go to the session of its shard.

Facts it relies on (discord.py 2.7): JSON replies carry Content-Type exactly `application/json`; the
interaction callback is posted with `with_response=1` and the client reads `interaction.id` from the
answer; READY needs user, session_id, resume_gateway_url, guilds, application; INTERACTION_CREATE needs
member.flags and attachment_size_limit. Gateway frames are sent as text, so no zlib stream is needed.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import logging
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from aiohttp import WSMsgType, web

from tests.e2e import discord_limits
from tests.e2e.discord_limits import Violation

REQUEST_BODY_LIMIT = 25 * 1024 * 1024  # what Discord takes in one request (files included)
log = logging.getLogger("fake_discord")

API_PREFIX = "/api/v10"
MANAGE_GUILD = 1 << 5
ADMINISTRATOR = 1 << 3
BASIC_MEMBER_PERMISSIONS = (
    (1 << 10) | (1 << 11) | (1 << 16) | (1 << 31)
)  # view, send, read history, use commands
ALL_PERMISSIONS = (1 << 50) - 1
EPHEMERAL = 1 << 6

_ids = itertools.count(1_300_000_000_000_000_000)


def snowflake() -> int:
    return next(_ids)


def _now_iso() -> str:
    return datetime.now(UTC).isoformat()


@dataclass
class FakeUser:
    id: int
    username: str
    bot: bool = False
    locale: str = "en-GB"  # the Discord language of this user's client (an interaction's `locale`)

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "username": self.username,
            "discriminator": "0",
            "global_name": self.username,
            "avatar": None,
            "bot": self.bot,
            "public_flags": 0,
            "flags": 0,
        }


@dataclass
class FakeRole:
    id: int
    name: str
    permissions: int = 0
    position: int = 1

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "name": self.name,
            "color": 0,
            "colors": {"primary_color": 0},
            "hoist": False,
            "icon": None,
            "unicode_emoji": None,
            "position": self.position,
            "permissions": str(self.permissions),
            "managed": False,
            "mentionable": True,
            "flags": 0,
        }


@dataclass
class FakeChannel:
    id: int
    guild_id: int
    name: str

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "type": 0,
            "guild_id": str(self.guild_id),
            "name": self.name,
            "position": 0,
            "permission_overwrites": [],
            "nsfw": False,
            "parent_id": None,
            "topic": None,
            "last_message_id": None,
            "rate_limit_per_user": 0,
            "flags": 0,
        }


@dataclass
class FakeMember:
    user: FakeUser
    guild: FakeGuild
    roles: list[FakeRole] = field(default_factory=list)

    @property
    def id(self) -> int:
        return self.user.id

    @property
    def mention(self) -> str:
        return f"<@{self.user.id}>"

    @property
    def permissions(self) -> int:
        total = self.guild.everyone.permissions
        for role in self.roles:
            total |= role.permissions
        if total & ADMINISTRATOR or self.user.id == self.guild.owner_id:
            return ALL_PERMISSIONS
        return total

    def to_dict(self, *, with_permissions: bool = False) -> dict[str, Any]:
        data: dict[str, Any] = {
            "user": self.user.to_dict(),
            "roles": [str(r.id) for r in self.roles],
            "nick": None,
            "avatar": None,
            "joined_at": "2026-01-01T00:00:00+00:00",
            "premium_since": None,
            "deaf": False,
            "mute": False,
            "pending": False,
            "flags": 0,
            "communication_disabled_until": None,
        }
        if with_permissions:
            data["permissions"] = str(self.permissions)
        return data


@dataclass
class FakeGuild:
    id: int
    name: str
    owner_id: int
    everyone: FakeRole
    roles: list[FakeRole] = field(default_factory=list)
    channels: list[FakeChannel] = field(default_factory=list)
    members: list[FakeMember] = field(default_factory=list)
    locale: str = "en-US"  # the server's language (its `preferred_locale`, an interaction's `guild_locale`)

    @property
    def channel(self) -> FakeChannel:
        return self.channels[0]

    def add_role(self, name: str, permissions: int = 0) -> FakeRole:
        role = FakeRole(snowflake(), name, permissions, position=len(self.roles) + 1)
        self.roles.append(role)
        return role

    def add_channel(self, name: str) -> FakeChannel:
        channel = FakeChannel(snowflake(), self.id, name)
        self.channels.append(channel)
        return channel

    def add_member(self, username: str, *, roles: list[FakeRole] | None = None) -> FakeMember:
        member = FakeMember(FakeUser(snowflake(), username), self, list(roles or []))
        self.members.append(member)
        return member

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "name": self.name,
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "owner_id": str(self.owner_id),
            "afk_channel_id": None,
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "roles": [self.everyone.to_dict()] + [r.to_dict() for r in self.roles],
            "emojis": [],
            "stickers": [],
            "features": [],
            "mfa_level": 0,
            "application_id": None,
            "system_channel_id": None,
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "vanity_url_code": None,
            "description": None,
            "banner": None,
            "premium_tier": 0,
            "premium_subscription_count": 0,
            "preferred_locale": self.locale,
            "public_updates_channel_id": None,
            "nsfw_level": 0,
            "premium_progress_bar_enabled": False,
            "joined_at": "2026-01-01T00:00:00+00:00",
            "large": False,
            "unavailable": False,
            "member_count": len(self.members),
            "voice_states": [],
            "members": [m.to_dict() for m in self.members],
            "channels": [c.to_dict() for c in self.channels],
            "threads": [],
            "presences": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
            "max_members": 500000,
        }


@dataclass(frozen=True)
class FakeUpload:
    """A file a user attaches to a slash-command option: served from the fake's own address (127.0.0.1)."""

    filename: str
    data: bytes


@dataclass
class Interaction:
    """One interaction sent to the bot, and everything the bot answered to it."""

    id: int
    token: str
    payload: dict[str, Any]
    callbacks: list[dict[str, Any]] = field(default_factory=list)
    messages: list[dict[str, Any]] = field(default_factory=list)  # original response first, then follow-ups
    _changed: asyncio.Condition = field(default_factory=asyncio.Condition)

    @property
    def response_type(self) -> int:
        return int(self.callbacks[0]["type"])

    @property
    def message(self) -> dict[str, Any]:
        """The bot's reply: the original response message."""
        return self.messages[0]

    @property
    def content(self) -> str:
        return str(self.message.get("content") or "")

    @property
    def embeds(self) -> list[dict[str, Any]]:
        return list(self.message.get("embeds") or [])

    @property
    def ephemeral(self) -> bool:
        return bool(int(self.message.get("flags") or 0) & EPHEMERAL)

    @property
    def text(self) -> str:
        """Content and every embed's title, description, fields and footer, as one string."""
        return message_text(self.message)

    @property
    def choices(self) -> list[dict[str, Any]]:
        """Autocomplete answer."""
        return list(self.callbacks[0]["data"]["choices"])

    async def _notify(self) -> None:
        async with self._changed:
            self._changed.notify_all()

    async def wait(self, predicate: Callable[[Interaction], bool], within: float = 15) -> Interaction:
        async def waiter() -> None:
            async with self._changed:
                await self._changed.wait_for(lambda: predicate(self))

        await asyncio.wait_for(waiter(), within)
        return self

    async def settled(self, quiet: float = 0.5, within: float = 30) -> Interaction:
        """Wait until the bot has sent nothing more to this interaction for `quiet` seconds: a long reply
        comes as a response and follow-ups, and `answered` returns at the first of them."""
        await self.answered(within)
        seen: tuple[int, int] | None = None
        async with asyncio.timeout(within):
            while (now := (len(self.callbacks), len(self.messages))) != seen:
                seen = now
                await asyncio.sleep(quiet)
        return self

    async def answered(self, within: float = 15) -> Interaction:
        """Wait for the first callback, and for the final content if the bot deferred ("thinking")."""
        await self.wait(lambda i: bool(i.callbacks), within)
        if self.response_type == 5:
            await self.wait(lambda i: bool(i.messages) and not i.messages[0].get("_loading"), within)
        return self


def message_text(message: dict[str, Any]) -> str:
    parts = [str(message.get("content") or "")]
    for embed in message.get("embeds") or []:
        parts += [embed.get("title", ""), embed.get("description", "")]
        for embed_field in embed.get("fields", []):
            parts += [embed_field.get("name", ""), embed_field.get("value", "")]
        parts.append((embed.get("footer") or {}).get("text", ""))
    return "\n".join(p for p in parts if p)


def button_ids(message: dict[str, Any]) -> list[str]:
    ids: list[str] = []
    for row in message.get("components") or []:
        for component in row.get("components", []):
            if "custom_id" in component:
                ids.append(component["custom_id"])
    return ids


def _json(data: Any, status: int = 200) -> web.Response:
    # Exactly `application/json`: discord.py compares the header, and aiohttp's json_response adds a charset.
    return web.Response(
        body=json.dumps(data).encode(), status=status, headers={"Content-Type": "application/json"}
    )


def shard_of(guild_id: int, shard_count: int) -> int:
    """The shard Discord sends a server's events on."""
    return (guild_id >> 22) % shard_count


@dataclass(eq=False)
class Session:
    """One gateway connection that identified: a bot process, or one shard of it."""

    ws: web.WebSocketResponse
    shard_id: int
    shard_count: int
    session_id: str
    sequence: int = 0
    ready: bool = False  # READY and every GUILD_CREATE sent

    def holds(self, guild_id: int) -> bool:
        return shard_of(guild_id, self.shard_count) == self.shard_id

    async def send(self, event: str, data: dict[str, Any]) -> None:
        if self.ws.closed:
            raise RuntimeError("this gateway session is closed")
        self.sequence += 1
        await self.ws.send_str(json.dumps({"op": 0, "t": event, "s": self.sequence, "d": data}))


class FakeDiscord:
    def __init__(self) -> None:
        self.token = f"fake.{secrets.token_hex(12)}"
        self.application_id = snowflake()
        self.bot_user = FakeUser(self.application_id, "League Bot", bot=True)
        self.owner = FakeUser(snowflake(), "Server Owner")
        self.guilds: list[FakeGuild] = []
        self.global_commands: list[dict[str, Any]] = []
        self.guild_commands: dict[int, list[dict[str, Any]]] = {}
        self.sync_calls: list[str] = []
        self.channel_messages: dict[int, list[dict[str, Any]]] = {}
        self.interactions: dict[int, Interaction] = {}
        self.unhandled: list[str] = []
        self.refused: list[
            str
        ] = []  # requests refused for breaking Discord's limits: "POST /path: violation"
        self.identify: dict[str, Any] | None = None  # the latest IDENTIFY
        self.sessions: list[Session] = []  # every gateway connection that identified, oldest first
        self._messages_changed = asyncio.Condition()
        self._runner: web.AppRunner | None = None
        self.port = 0
        # every attachment's bytes by its id: the files the bot sent (a PNG is no text) and those a user
        # attached to a command option (served on 127.0.0.1 as Discord's CDN serves them)
        self.uploads: dict[int, bytes] = {}

    # --- setting up the world -------------------------------------------------------------------

    def add_guild(self, name: str, *, shard: tuple[int, int] | None = None) -> FakeGuild:
        """A server; with `shard` (id, count), one whose id Discord routes to that shard."""
        guild_id = snowflake()
        while shard is not None and shard_of(guild_id, shard[1]) != shard[0]:
            guild_id = snowflake()
        everyone = FakeRole(guild_id, "@everyone", BASIC_MEMBER_PERMISSIONS, position=0)
        guild = FakeGuild(guild_id, name, self.owner.id, everyone)
        guild.add_channel("general")
        guild.members.append(FakeMember(self.bot_user, guild))
        self.guilds.append(guild)
        return guild

    # --- server lifecycle -----------------------------------------------------------------------

    @property
    def api_base(self) -> str:
        return f"http://127.0.0.1:{self.port}{API_PREFIX}"

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/gateway"

    async def start(self) -> None:
        app = web.Application(client_max_size=REQUEST_BODY_LIMIT)
        app.router.add_get("/gateway", self._gateway)
        app.router.add_route("*", API_PREFIX + "/{tail:.*}", self._rest)
        app.router.add_get("/attachments/{id}/{filename}", self._download)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        server = site._server
        assert server is not None and server.sockets
        self.port = server.sockets[0].getsockname()[1]

    async def stop(self) -> None:
        for session in self.sessions:
            if not session.ws.closed:
                await session.ws.close()
        if self._runner is not None:
            await self._runner.cleanup()

    async def _download(self, request: web.Request) -> web.Response:
        """The CDN: the bytes of a file a user attached to a command option."""
        data = self.uploads.get(int(request.match_info["id"]))
        if data is None:
            return web.Response(status=404)
        return web.Response(body=data, content_type="application/octet-stream")

    # --- gateway ----------------------------------------------------------------------------------

    async def _gateway(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse()
        await ws.prepare(request)
        await ws.send_str(json.dumps({"op": 10, "d": {"heartbeat_interval": 41250}, "s": None, "t": None}))
        session: Session | None = None
        async for frame in ws:
            if frame.type != WSMsgType.TEXT:
                continue
            message = json.loads(frame.data)
            op = message.get("op")
            if op == 1:
                await ws.send_str(json.dumps({"op": 11, "d": None, "s": None, "t": None}))
            elif op == 2:
                session = await self._on_identify(ws, message["d"])
            elif op == 6 and session is not None:
                await session.send("RESUMED", {})
        return ws

    async def _on_identify(self, ws: web.WebSocketResponse, data: dict[str, Any]) -> Session | None:
        if data.get("token") != self.token:
            await ws.close(code=4004, message=b"Authentication failed.")
            return None
        shard_id, shard_count = data.get("shard") or (0, 1)
        if not 0 <= shard_id < shard_count:
            await ws.close(code=4010, message=b"Invalid shard.")
            return None
        self.identify = data
        session = Session(ws, shard_id, shard_count, secrets.token_hex(16))
        self.sessions.append(session)
        guilds = [g for g in self.guilds if session.holds(g.id)]
        await session.send(
            "READY",
            {
                "v": 10,
                "user": {**self.bot_user.to_dict(), "verified": True, "mfa_enabled": False},
                "guilds": [{"id": str(g.id), "unavailable": True} for g in guilds],
                "session_id": session.session_id,
                "resume_gateway_url": self.gateway_url,
                "application": {"id": str(self.application_id), "flags": 0},
                "shard": [shard_id, shard_count],
                "private_channels": [],
                "relationships": [],
                "user_settings": {},
                "presences": [],
            },
        )
        for guild in guilds:
            await session.send("GUILD_CREATE", guild.to_dict())
        session.ready = True
        return session

    def live_sessions(self, guild_id: int | None = None) -> list[Session]:
        """The connected sessions, oldest first; with `guild_id`, those whose shard holds that server."""
        return [s for s in self.sessions if not s.ws.closed and (guild_id is None or s.holds(guild_id))]

    async def dispatch(
        self, event: str, data: dict[str, Any], *, guild_id: int | None = None, via: Session | None = None
    ) -> None:
        """Send one gateway event to the bot: by default on the newest session whose shard holds the
        server (as Discord routes a guild's events to its shard); `via` picks one of them, as when a new
        process runs the same shard while the old one is still connected (a rolling restart)."""
        holding = self.live_sessions(guild_id)
        if not holding:
            raise RuntimeError("the bot is not connected to the gateway (on this server's shard)")
        if via is None:
            via = holding[-1]
        elif via not in holding:
            raise RuntimeError("Discord sends a server's events only on a session of that server's shard")
        await via.send(event, data)

    # --- REST ---------------------------------------------------------------------------------------

    async def _rest(self, request: web.Request) -> web.StreamResponse:
        path = "/" + request.match_info["tail"]
        parts = path.strip("/").split("/")
        method = request.method
        is_webhook = parts[0] in ("interactions", "webhooks")
        if not is_webhook and request.headers.get("Authorization") != f"Bot {self.token}":
            return _json({"message": "401: Unauthorized", "code": 0}, 401)
        body = await self._read_body(request)
        violations = self._violations(method, parts, body)
        if violations:
            for violation in violations:
                self.refused.append(f"{method} {path}: {violation}")
                log.warning("fake discord: refused %s %s: %s", method, path, violation)
            return _json(discord_limits.error_body(violations), 400)
        try:
            handled = await self._route(method, parts, body, request)
        except KeyError as missing:
            return _json({"message": f"Unknown {missing}", "code": 10003}, 404)
        if handled is None:
            self.unhandled.append(f"{method} {path}")
            log.warning("fake discord: unhandled %s %s", method, path)
            return _json({"message": "404: Not Found", "code": 0}, 404)
        return handled

    @staticmethod
    async def _read_body(request: web.Request) -> Any:
        if not request.can_read_body:
            return None
        if request.content_type.startswith("multipart/"):
            reader = await request.multipart()
            payload: Any = None
            files: dict[str, bytes] = {}
            while (part := await reader.next()) is not None:
                name = getattr(part, "name", None) or ""
                if name == "payload_json":
                    payload = json.loads(await part.text())  # type: ignore[union-attr]
                elif name.startswith("files["):
                    files[name[6:-1]] = bytes(await part.read())  # type: ignore[union-attr]
            if isinstance(payload, dict) and files:
                payload["_files"] = files  # the uploaded bytes, by attachment id
            return payload
        text = await request.text()
        return json.loads(text) if text else None

    @staticmethod
    def _violations(method: str, parts: list[str], body: Any) -> list[Violation]:
        """What Discord would refuse in this request's payload (see tests/e2e/discord_limits.py)."""
        if isinstance(body, dict) and body.get("_files"):
            oversized = discord_limits.attachment_violations(body["_files"])
            if oversized:
                return oversized
        match (method, parts):
            case ("PUT", ["applications", _, "commands"]) | (
                "PUT",
                ["applications", _, "guilds", _, "commands"],
            ):
                return discord_limits.commands_violations(body or [])
            case ("POST", ["interactions", _, _, "callback"]):
                return discord_limits.interaction_callback_violations(body or {})
            case ("POST", ["webhooks", _, _]) | ("POST", ["channels", _, "messages"]):
                return discord_limits.message_violations(body)
            case ("PATCH", ["webhooks", _, _, "messages", _]) | ("PATCH", ["channels", _, "messages", _]):
                return discord_limits.message_violations(body, new=False)
        return []

    async def _route(
        self, method: str, parts: list[str], body: Any, request: web.Request
    ) -> web.Response | None:
        match (method, parts):
            case ("GET", ["users", "@me"]):
                return _json({**self.bot_user.to_dict(), "verified": True, "mfa_enabled": False})
            case ("GET", ["users", user_id]):
                members = [m for g in self.guilds for m in g.members]
                user = next((m.user for m in members if m.user.id == int(user_id)), None)
                if user is None:
                    raise KeyError("User")
                return _json(user.to_dict())
            case ("GET", ["oauth2", "applications", "@me"]) | ("GET", ["applications", "@me"]):
                return _json(self._application())
            case ("GET", ["gateway"]) | ("GET", ["gateway", "bot"]):
                return _json(
                    {
                        "url": self.gateway_url,
                        "shards": 1,
                        "session_start_limit": {
                            "total": 1000,
                            "remaining": 1000,
                            "reset_after": 0,
                            "max_concurrency": 1,
                        },
                    }
                )
            case ("PUT", ["applications", _, "commands"]):
                self.sync_calls.append("global")
                self.global_commands = self._register_commands(body, None)
                return _json(self.global_commands)
            case ("PUT", ["applications", _, "guilds", guild_id, "commands"]):
                self.sync_calls.append(f"guild:{guild_id}")
                self.guild_commands[int(guild_id)] = self._register_commands(body, int(guild_id))
                return _json(self.guild_commands[int(guild_id)])
            case ("GET", ["applications", _, "commands"]):
                return _json(self.global_commands)
            case ("POST", ["interactions", interaction_id, _token, "callback"]):
                return await self._interaction_callback(int(interaction_id), body)
            case ("POST", ["webhooks", _, token]):
                return await self._followup(token, body)
            case ("GET", ["webhooks", _, token, "messages", message_id]):
                return _json(self._webhook_message(token, message_id))
            case ("PATCH", ["webhooks", _, token, "messages", message_id]):
                return await self._edit_webhook_message(token, message_id, body)
            case ("DELETE", ["webhooks", _, token, "messages", message_id]):
                interaction = self._by_token(token)
                message = self._webhook_message(token, message_id)
                interaction.messages.remove(message)
                return web.Response(status=204)
            case ("POST", ["channels", channel_id, "messages"]):
                message = self._new_message(int(channel_id), body)
                await self._store_channel_message(message)
                return _json(message)
            case ("PATCH", ["channels", channel_id, "messages", message_id]):
                message = self._find_channel_message(int(channel_id), int(message_id))
                message.update(self._message_fields(body))
                message["edited_timestamp"] = _now_iso()
                await self._notify_messages()
                return _json(message)
            case ("GET", ["channels", channel_id]):
                return _json(self._channel(int(channel_id)).to_dict())
            case ("POST", ["users", "@me", "channels"]):
                recipient = str(body["recipient_id"])
                if not any(m.user.id == int(recipient) for g in self.guilds for m in g.members):
                    raise KeyError("User")  # Discord: Unknown User (the bot shares no server with him)
                dm_id = int(recipient) + 1  # one stable DM channel id per user
                return _json(
                    {
                        "id": str(dm_id),
                        "type": 1,
                        "last_message_id": None,
                        "flags": 0,
                        "recipients": [
                            {
                                "id": recipient,
                                "username": "user",
                                "discriminator": "0",
                                "global_name": None,
                                "avatar": None,
                            }
                        ],
                    }
                )
        return None

    def _application(self) -> dict[str, Any]:
        return {
            "id": str(self.application_id),
            "name": "League Bot",
            "icon": None,
            "description": "",
            "bot_public": True,
            "bot_require_code_grant": False,
            "owner": self.owner.to_dict(),
            "verify_key": "0" * 64,
            "flags": 0,
            "team": None,
            "summary": "",
            "bot": self.bot_user.to_dict(),
        }

    def _register_commands(self, payload: list[dict[str, Any]], guild_id: int | None) -> list[dict[str, Any]]:
        registered = []
        for command in payload:
            registered.append(
                {
                    **command,
                    "id": str(snowflake()),
                    "application_id": str(self.application_id),
                    "version": str(snowflake()),
                    "guild_id": str(guild_id) if guild_id else None,
                    "default_member_permissions": command.get("default_member_permissions"),
                    "nsfw": command.get("nsfw", False),
                }
            )
        return registered

    def _channel(self, channel_id: int) -> FakeChannel:
        for guild in self.guilds:
            for channel in guild.channels:
                if channel.id == channel_id:
                    return channel
        raise KeyError("Channel")

    # --- messages ---------------------------------------------------------------------------------

    def _message_fields(self, body: dict[str, Any] | None) -> dict[str, Any]:
        body = body or {}
        fields: dict[str, Any] = {}
        for key in ("content", "embeds", "components", "flags", "allowed_mentions"):
            if key in body:
                fields[key] = body[key]
        if "attachments" in body:  # as Discord answers: ids, sizes and urls; the bytes kept for the tests
            files = body.get("_files") or {}
            fields["attachments"] = []
            for attachment in body["attachments"]:
                data = files.get(str(attachment.get("id")), b"")
                new_id = str(snowflake())
                self.uploads[int(new_id)] = data
                filename = str(attachment.get("filename") or "file")
                fields["attachments"].append(
                    {
                        "id": new_id,
                        "filename": filename,
                        "size": len(data),
                        "url": f"https://cdn.discordapp.test/attachments/{new_id}/{filename}",
                        "proxy_url": f"https://media.discordapp.test/attachments/{new_id}/{filename}",
                    }
                )
                # a text file's content, for the tests to read (a picture's bytes are in `uploads`)
                with contextlib.suppress(UnicodeDecodeError):
                    fields["attachments"][-1]["content"] = data.decode("utf-8")
        return fields

    def _new_message(
        self, channel_id: int, body: dict[str, Any] | None, *, flags: int = 0, loading: bool = False
    ) -> dict[str, Any]:
        message = {
            "id": str(snowflake()),
            "channel_id": str(channel_id),
            "author": self.bot_user.to_dict(),
            "content": "",
            "timestamp": _now_iso(),
            "edited_timestamp": None,
            "tts": False,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": [],
            "embeds": [],
            "components": [],
            "pinned": False,
            "type": 0,
            "flags": flags,
        }
        message.update(self._message_fields(body))
        message["flags"] = int(message.get("flags") or 0) | flags
        if loading:
            message["_loading"] = True
        return message

    async def _store_channel_message(self, message: dict[str, Any]) -> None:
        self.channel_messages.setdefault(int(message["channel_id"]), []).append(message)
        await self._notify_messages()

    def _find_channel_message(self, channel_id: int, message_id: int) -> dict[str, Any]:
        for message in self.channel_messages.get(channel_id, []):
            if int(message["id"]) == message_id:
                return message
        raise KeyError("Message")

    async def _notify_messages(self) -> None:
        async with self._messages_changed:
            self._messages_changed.notify_all()

    def direct_messages(self, user_id: int) -> list[dict[str, Any]]:
        """What the bot sent a user by DM (his DM channel's id is his own id + 1)."""
        return self.messages_in(user_id + 1)

    def messages_in(self, channel_id: int) -> list[dict[str, Any]]:
        """Messages posted in a channel (public replies and announcements), oldest first."""
        return list(self.channel_messages.get(channel_id, []))

    async def channel_settled(self, channel_id: int, quiet: float = 0.5, within: float = 30) -> None:
        """Wait until nothing new was posted in the channel for `quiet` seconds."""
        seen: int | None = None
        async with asyncio.timeout(within):
            while (now := len(self.messages_in(channel_id))) != seen:
                seen = now
                await asyncio.sleep(quiet)

    async def wait_for_message(
        self, channel_id: int, predicate: Callable[[dict[str, Any]], bool], within: float = 15
    ) -> dict[str, Any]:
        def found() -> dict[str, Any] | None:
            return next((m for m in self.messages_in(channel_id) if predicate(m)), None)

        async def waiter() -> dict[str, Any]:
            async with self._messages_changed:
                await self._messages_changed.wait_for(lambda: found() is not None)
            result = found()
            assert result is not None
            return result

        return await asyncio.wait_for(waiter(), within)

    # --- interactions -----------------------------------------------------------------------------

    def _by_token(self, token: str) -> Interaction:
        for interaction in self.interactions.values():
            if interaction.token == token:
                return interaction
        raise KeyError("Webhook")

    def _webhook_message(self, token: str, message_id: str) -> dict[str, Any]:
        interaction = self._by_token(token)
        if message_id == "@original":
            if not interaction.messages:
                raise KeyError("Message")
            return interaction.messages[0]
        for message in interaction.messages:
            if message["id"] == message_id:
                return message
        raise KeyError("Message")

    async def _interaction_callback(self, interaction_id: int, body: dict[str, Any]) -> web.Response:
        interaction = self.interactions.get(interaction_id)
        if interaction is None:
            return _json({"message": "Unknown interaction", "code": 10062}, 404)
        if interaction.callbacks:
            return _json({"message": "Interaction has already been acknowledged.", "code": 40060}, 400)
        interaction.callbacks.append(body)
        response_type = int(body["type"])
        data = body.get("data") or {}
        if "_files" in body:  # a reply with files: the bytes came beside the payload
            data = {**data, "_files": body["_files"]}
        channel_id = int(interaction.payload.get("channel_id") or 0)
        message: dict[str, Any] | None = None
        if response_type == 4:  # a message in reply
            message = self._new_message(channel_id, data, flags=int(data.get("flags") or 0))
            interaction.messages.append(message)
            if not message["flags"] & EPHEMERAL:
                await self._store_channel_message(message)
        elif response_type == 5:  # "thinking": the content comes with an edit of @original
            message = self._new_message(
                channel_id, None, flags=int(data.get("flags") or 0) | (1 << 7), loading=True
            )
            interaction.messages.append(message)
        elif response_type == 9:  # a modal for the user to fill in
            pass
        elif response_type == 7:  # update the message whose component was used
            message = interaction.payload["message"]
            message.update(self._message_fields(data))
            message["edited_timestamp"] = _now_iso()
            interaction.messages.append(message)
            await self._notify_messages()
        await interaction._notify()
        answer: dict[str, Any] = {
            "interaction": {
                "id": str(interaction.id),
                "type": interaction.payload["type"],
                "response_message_id": message["id"] if message else None,
                "response_message_loading": response_type == 5,
                "response_message_ephemeral": bool(message and int(message["flags"]) & EPHEMERAL),
            }
        }
        if message is not None:
            answer["resource"] = {
                "type": response_type,
                "message": {k: v for k, v in message.items() if not k.startswith("_")},
            }
        else:
            answer["resource"] = {"type": response_type}
        return _json(answer)

    async def _followup(self, token: str, body: dict[str, Any]) -> web.Response:
        interaction = self._by_token(token)
        if interaction.messages and interaction.messages[0].get("_loading"):
            # As Discord does: the first follow-up of a deferred ("thinking") answer becomes that answer.
            return await self._edit_webhook_message(token, "@original", body)
        channel_id = int(interaction.payload.get("channel_id") or 0)
        message = self._new_message(channel_id, body)
        interaction.messages.append(message)
        if not int(message["flags"]) & EPHEMERAL:
            await self._store_channel_message(message)
        await interaction._notify()
        return _json(message)

    async def _edit_webhook_message(self, token: str, message_id: str, body: dict[str, Any]) -> web.Response:
        interaction = self._by_token(token)
        message = self._webhook_message(token, message_id)
        message.update(self._message_fields(body))
        message["edited_timestamp"] = _now_iso()
        if message.pop("_loading", False):
            message["flags"] = int(message["flags"]) & ~(1 << 7)
            if not int(message["flags"]) & EPHEMERAL:
                await self._store_channel_message(message)
        await interaction._notify()
        await self._notify_messages()
        return _json({k: v for k, v in message.items() if not k.startswith("_")})

    def _base_interaction(
        self, kind: int, member: FakeMember, channel: FakeChannel | None, data: dict[str, Any]
    ) -> Interaction:
        guild = member.guild
        channel = channel or guild.channel
        interaction_id = snowflake()
        token = f"itoken-{secrets.token_hex(16)}"
        payload = {
            "id": str(interaction_id),
            "application_id": str(self.application_id),
            "type": kind,
            "token": token,
            "version": 1,
            "guild_id": str(guild.id),
            "channel_id": str(channel.id),
            "channel": channel.to_dict(),
            "guild": {"id": str(guild.id), "locale": guild.locale, "features": []},
            "member": member.to_dict(with_permissions=True),
            "data": data,
            "app_permissions": str(ALL_PERMISSIONS),
            "locale": member.user.locale,
            "guild_locale": guild.locale,
            "entitlements": [],
            "authorizing_integration_owners": {"0": str(guild.id)},
            "context": 0,
            "attachment_size_limit": discord_limits.ATTACHMENT_SIZE,
        }
        interaction = Interaction(interaction_id, token, payload)
        self.interactions[interaction_id] = interaction
        return interaction

    def find_command(self, name: str, guild: FakeGuild) -> dict[str, Any]:
        for command in self.guild_commands.get(guild.id, []) + self.global_commands:
            if command["name"] == name:
                return command
        known = sorted(c["name"] for c in self.guild_commands.get(guild.id, []) + self.global_commands)
        raise AssertionError(f"/{name} is not a synced command; synced: {known}")

    def _build_options(
        self,
        definitions: list[dict[str, Any]],
        values: dict[str, Any],
        resolved: dict[str, dict[str, Any]],
        focused: str | None,
    ) -> list[dict[str, Any]]:
        by_name = {d["name"]: d for d in definitions}
        options = []
        for name, value in values.items():
            option_name = name.replace("_", "-") if name not in by_name else name
            if option_name not in by_name:
                raise AssertionError(f"no option {name!r}; options are {sorted(by_name)}")
            definition = by_name[option_name]
            kind = definition["type"]
            if isinstance(value, FakeRole):
                resolved.setdefault("roles", {})[str(value.id)] = value.to_dict()
                value = str(value.id)
            elif isinstance(value, FakeMember):
                resolved.setdefault("users", {})[str(value.id)] = value.user.to_dict()
                member_data = value.to_dict(with_permissions=True)
                member_data.pop("user")
                resolved.setdefault("members", {})[str(value.id)] = member_data
                value = str(value.id)
            elif isinstance(value, FakeUpload):
                upload_id = snowflake()
                self.uploads[upload_id] = value.data
                url = f"http://127.0.0.1:{self.port}/attachments/{upload_id}/{value.filename}"
                resolved.setdefault("attachments", {})[str(upload_id)] = {
                    "id": str(upload_id),
                    "filename": value.filename,
                    "size": len(value.data),
                    "url": url,
                    "proxy_url": url,
                }
                value = str(upload_id)
            elif isinstance(value, FakeChannel):
                resolved.setdefault("channels", {})[str(value.id)] = {
                    **value.to_dict(),
                    "permissions": str(ALL_PERMISSIONS),
                }
                value = str(value.id)
            option = {"name": option_name, "type": kind, "value": value}
            if option_name == focused:
                option["focused"] = True
            options.append(option)
        if focused is None:
            missing = [
                d["name"]
                for d in definitions
                if d.get("required") and d["name"] not in {o["name"] for o in options}
            ]
            if missing:
                raise AssertionError(f"required options missing: {missing}")
        return options

    def _command_data(
        self, command_line: str, member: FakeMember, values: dict[str, Any], focused: str | None = None
    ) -> dict[str, Any]:
        words = command_line.strip().lstrip("/").split()
        command = self.find_command(words[0], member.guild)
        resolved: dict[str, dict[str, Any]] = {}
        definitions = command.get("options") or []
        path: list[dict[str, Any]] = []
        for word in words[1:]:
            sub = next((o for o in definitions if o["name"] == word and o["type"] in (1, 2)), None)
            if sub is None:
                raise AssertionError(f"/{command_line}: no subcommand {word!r}")
            path.append(sub)
            definitions = sub.get("options") or []
        options = self._build_options(definitions, values, resolved, focused)
        for sub in reversed(path):
            options = [{"name": sub["name"], "type": sub["type"], "options": options}]
        data: dict[str, Any] = {"id": command["id"], "name": command["name"], "type": 1, "options": options}
        if command.get("guild_id"):
            data["guild_id"] = command["guild_id"]
        if resolved:
            data["resolved"] = resolved
        return data

    async def invoke(
        self,
        command_line: str,
        member: FakeMember,
        *,
        channel: FakeChannel | None = None,
        wait: bool = True,
        via: Session | None = None,
        **options: Any,
    ) -> Interaction:
        """A user runs a slash command: `await fake.invoke("roll", coach, dice="2d6", reason="armour")`."""
        data = self._command_data(command_line, member, options)
        interaction = self._base_interaction(2, member, channel, data)
        await self.dispatch("INTERACTION_CREATE", interaction.payload, guild_id=member.guild.id, via=via)
        if wait:
            await interaction.answered()
        return interaction

    async def autocomplete(
        self,
        command_line: str,
        member: FakeMember,
        focused: str,
        *,
        channel: FakeChannel | None = None,
        via: Session | None = None,
        **options: Any,
    ) -> list[dict[str, Any]]:
        """A user types into an option: returns the choices the bot offers."""
        data = self._command_data(
            command_line,
            member,
            options,
            focused=focused.replace("_", "-") if focused not in options else focused,
        )
        interaction = self._base_interaction(4, member, channel, data)
        await self.dispatch("INTERACTION_CREATE", interaction.payload, guild_id=member.guild.id, via=via)
        await interaction.answered()
        assert interaction.response_type == 8, interaction.callbacks
        return interaction.choices

    async def click(
        self,
        message: dict[str, Any],
        custom_id: str,
        member: FakeMember,
        *,
        values: list[str] | None = None,
        wait: bool = True,
        via: Session | None = None,
    ) -> Interaction:
        """A user clicks a button (or picks `values` in a select) on a message the bot sent."""
        if custom_id not in button_ids(message):
            raise AssertionError(f"{custom_id!r} is not on the message; it has {button_ids(message)}")
        channel = self._channel(int(message["channel_id"]))
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": 3 if values is not None else 2}
        if values is not None:
            data["values"] = values
        interaction = self._base_interaction(3, member, channel, data)
        interaction.payload["message"] = message
        await self.dispatch("INTERACTION_CREATE", interaction.payload, guild_id=member.guild.id, via=via)
        if wait:
            await interaction.answered()
        return interaction

    async def submit_modal(
        self,
        opened_by: Interaction,
        member: FakeMember,
        values: dict[str, str],
        *,
        wait: bool = True,
        via: Session | None = None,
    ) -> Interaction:
        """The user fills in the modal the bot opened (callback type 9) and submits it."""
        assert opened_by.response_type == 9, f"no modal was opened: {opened_by.callbacks}"
        modal = opened_by.callbacks[0]["data"]
        rows = []
        for row in modal["components"]:
            for component in row.get("components", []):
                label = component.get("label", "")
                key = next((k for k in values if k.lower() in label.lower()), None)
                if key is None:
                    raise AssertionError(f"no value given for modal field {label!r}")
                rows.append(
                    {
                        "type": 1,
                        "components": [
                            {"type": 4, "custom_id": component["custom_id"], "value": values[key]}
                        ],
                    }
                )
        channel = self._channel(int(opened_by.payload["channel_id"]))
        data = {"custom_id": modal["custom_id"], "components": rows}
        interaction = self._base_interaction(5, member, channel, data)
        if "message" in opened_by.payload:
            interaction.payload["message"] = opened_by.payload["message"]
        await self.dispatch("INTERACTION_CREATE", interaction.payload, guild_id=member.guild.id, via=via)
        if wait:
            await interaction.answered()
        return interaction
