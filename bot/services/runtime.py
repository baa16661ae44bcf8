"""What every service needs, injected: the database, the dice and the clock; and who is acting."""

from __future__ import annotations

from dataclasses import dataclass

from bot.catalog import Catalog
from bot.clock import Clock
from bot.rules.dice import Dice
from bot.store import Database


@dataclass(frozen=True)
class Runtime:
    db: Database
    dice: Dice
    clock: Clock
    catalog: Catalog


BOT_USER = 0  # the actor id recorded for what the bot does by itself (deadlines, play-offs, drafts)


@dataclass(frozen=True)
class Actor:
    """The user who asked for an action, and where they asked."""

    guild_id: int
    user_id: int
    channel_id: int
    name: str | None = None  # his display name in the server, when known (kept for the web view)
    server_language: str = "en"  # the server's language (bot/i18n), a new league's or event's first one
