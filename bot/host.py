"""The bot as the cogs, the views, the outbox and the deadline watch see it.

bot/app.py's LeagueBot is the one Host: it opens the store, loads the cogs and starts the scheduler, the
outbox and the deadline watch. What it wires names this type instead of LeagueBot, so the composition root
stays above everything it wires (nothing imports bot/app.py but `python -m bot`).
"""

from __future__ import annotations

from typing import Protocol

from discord.ext import commands

from bot.config import Settings
from bot.scheduler import Scheduler
from bot.services.runtime import Runtime


class Rearms(Protocol):
    """The deadline watch (bot/deadline_watch.py), as a command that changed a deadline sees it."""

    async def rearm(self) -> int: ...


class Host(commands.Bot):
    """A discord.py Bot with the settings, the scheduler, the deadline watch and the runtime."""

    settings: Settings
    scheduler: Scheduler
    deadlines: Rearms

    @property
    def runtime(self) -> Runtime:
        """The store, dice, clock and catalogue every service takes (there once the bot has started)."""
        raise NotImplementedError
