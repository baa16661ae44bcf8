"""Small text helpers for replies."""

from __future__ import annotations

import functools
from datetime import datetime
from typing import Literal

import discord

from bot.clock import unix
from bot.text import gp, plural

__all__ = ["gp", "plain", "plural", "timestamp"]

TimestampStyle = Literal["t", "T", "d", "D", "f", "F", "R"]


def timestamp(moment: datetime, style: TimestampStyle = "f") -> str:
    """A Discord timestamp: every reader sees it in their own time zone."""
    return f"<t:{unix(moment)}:{style}>"


@functools.lru_cache(maxsize=4096)  # team and player names repeat on every line of a long list
def plain(text: str) -> str:
    """User-typed text made safe to show: no markdown tricks, no mentions."""
    return discord.utils.escape_mentions(discord.utils.escape_markdown(text))
