"""The bot process: a discord.py Bot that opens the store, loads the cogs, starts the scheduler and
syncs its slash commands only when they changed."""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import pkgutil
from typing import Any

import discord
import yarl
from discord import app_commands
from discord.ext import commands

import bot.cogs
from bot import i18n
from bot.catalog import load_catalog
from bot.clock import Clock, SystemClock
from bot.config import Settings
from bot.deadline_watch import DeadlineWatch
from bot.host import Host
from bot.outbox import Outbox
from bot.rules.dice import Dice, SecureDice
from bot.scheduler import Scheduler
from bot.services.runtime import Runtime
from bot.store import Database, meta
from bot.ui.pagination import PageButton
from bot.ui.translator import CommandTranslator, LocalisedTree
from bot.web.server import WebServer

log = logging.getLogger(__name__)


def point_at_discord(settings: Settings) -> None:
    """Send REST and gateway traffic where the settings say (Discord itself unless a proxy is set)."""
    discord.http.Route.BASE = settings.discord_api_base
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(settings.discord_gateway_url)


def cog_modules() -> list[str]:
    """Every module in bot/cogs: each is an extension with a `setup` function."""
    return sorted(f"{bot.cogs.__name__}.{m.name}" for m in pkgutil.iter_modules(bot.cogs.__path__))


def sharding(settings: Settings) -> dict[str, Any]:
    """discord.py's shard options from the settings (none without SHARD_COUNT)."""
    if settings.shard_count is None:
        return {}
    return {"shard_count": settings.shard_count, "shard_ids": settings.shard_ids}


def make_bot(settings: Settings) -> LeagueBot:
    """The bot the settings ask for: one connection, or (SHARD_COUNT) the shards this process runs."""
    return LeagueBot(settings) if settings.shard_count is None else ShardedLeagueBot(settings)


class LeagueBot(Host):
    """The bot process: the one Host (bot/host.py) the cogs, views, outbox and deadline watch are given."""

    def __init__(self, settings: Settings, *, dice: Dice | None = None, clock: Clock | None = None) -> None:
        intents = discord.Intents.none()
        intents.guilds = True
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            help_command=None,
            tree_cls=LocalisedTree,
            allowed_mentions=discord.AllowedMentions(
                everyone=False, roles=False, users=True, replied_user=False
            ),
            allowed_contexts=app_commands.AppCommandContext(
                guild=True, dm_channel=False, private_channel=False
            ),
            allowed_installs=app_commands.AppInstallationType(guild=True, user=False),
            **sharding(settings),
        )
        self.settings = settings
        self.dice: Dice = dice or SecureDice()
        self.clock: Clock = clock or SystemClock()
        self.scheduler = Scheduler()
        self.deadlines: DeadlineWatch = DeadlineWatch(self)
        self.outbox = Outbox(self)
        self._runtime: Runtime | None = None
        self.web: WebServer | None = None

    @property
    def runtime(self) -> Runtime:
        if self._runtime is None:
            raise RuntimeError("the bot has not finished starting: no database yet")
        return self._runtime

    async def setup_hook(self) -> None:
        catalog = load_catalog()  # validates every data file; a broken file stops the bot here, by name
        log.info(
            "rules catalogue %s: %d teams, %d skills, %d star players",
            catalog.edition,
            len(catalog.teams),
            len(catalog.skills),
            len(catalog.stars),
        )
        # every language's catalogue read now (off the loop), so a broken one stops the bot here, by name
        await asyncio.to_thread(lambda: [i18n.translations(language) for language in i18n.SHIPPED])
        database = await Database.open(self.settings.database)
        version = await database.migrate()
        log.info("database %s at schema version %d", self.settings.database_name, version)
        self._runtime = Runtime(db=database, dice=self.dice, clock=self.clock, catalog=catalog)
        await self.tree.set_translator(CommandTranslator())
        self.add_dynamic_items(PageButton)
        for module in cog_modules():
            await self.load_extension(module)
        self.scheduler.start()
        armed = await self.deadlines.rearm()  # overdue items (missed while down) run once, right away
        log.info("armed %d deadline, reminder and confirmation jobs", armed)
        self.outbox.start()
        if self.settings.web_port is not None:
            self.web = WebServer(self.runtime, self.settings.web_host, self.settings.web_port)
            await self.web.start()
        await self.sync_commands_if_changed()

    def _sync_scope(self) -> discord.Object | None:
        if self.settings.dev_guild_id is None:
            return None
        guild = discord.Object(id=self.settings.dev_guild_id)
        self.tree.copy_global_to(guild=guild)
        return guild

    async def command_tree_hash(self, guild: discord.abc.Snowflake | None) -> str:
        """The commands as they are synced, translations included (a new translation syncs again)."""
        translator = self.tree.translator
        payload = [
            await command.get_translated_payload(self.tree, translator)
            if translator is not None
            else command.to_dict(self.tree)
            for command in self.tree.get_commands(guild=guild)
        ]
        encoded = json.dumps(payload, sort_keys=True, separators=(",", ":")).encode()
        return hashlib.sha256(encoded).hexdigest()

    async def sync_commands_if_changed(self) -> bool:
        """Sync the slash commands only when they differ from the last sync (Discord rate-limits syncs)."""
        guild = self._sync_scope()
        scope = f"guild:{guild.id}" if guild else "global"
        key = f"command_tree:{self.application_id}:{scope}"
        digest = await self.command_tree_hash(guild)
        # Claimed before syncing: of several processes starting with the same commands, one syncs.
        changed, previous = await self.runtime.db.write(meta.replace, key, digest)
        if not changed:
            log.info("slash commands unchanged (%s): not syncing", scope)
            return False
        try:
            synced = await self.tree.sync(guild=guild)
        except BaseException:
            await self.runtime.db.write(meta.put, key, previous or "")  # the next start tries again
            raise
        log.info("synced %d slash commands (%s)", len(synced), scope)
        return True

    async def on_ready(self) -> None:
        log.info("ready as %s in %d servers", self.user, len(self.guilds))

    async def close(self) -> None:
        self._stop_waiting_for_ready()
        if self.web is not None:
            await self.web.stop()
            self.web = None
        await self.outbox.stop()
        await self.scheduler.shutdown()
        await super().close()
        if self._runtime is not None:
            await self._runtime.db.close()
            self._runtime = None

    def _stop_waiting_for_ready(self) -> None:
        """discord.py fires on_ready 2 s after the last GUILD_CREATE, from a task its close() leaves running:
        a bot stopped within those seconds would log an error when the task fires on a closed client. The
        task (one per shard, and one for all, when sharded) is cancelled instead; discord.py cancels it
        itself this way when a new READY comes."""
        state = self._connection
        pending = [getattr(state, "_ready_task", None), *getattr(state, "_ready_tasks", {}).values()]
        for task in pending:
            if isinstance(task, asyncio.Task):
                task.cancel()


class ShardedLeagueBot(LeagueBot, commands.AutoShardedBot):
    """The same bot on several Discord shards in one process (discord.py's AutoShardedBot): all of them, or
    SHARD_IDS of SHARD_COUNT, so several processes (on one PostgreSQL database) can share a large bot."""
