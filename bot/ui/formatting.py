"""Small text helpers for replies."""

from __future__ import annotations

import functools
from datetime import datetime
from typing import Literal

import discord

from bot.clock import unix
from bot.text import gp, plural

__all__ = ["TEAM_STATUS", "gp", "plain", "plural", "span", "timestamp"]

TEAM_STATUS = {  # a team's status as a reply words it
    "draft": "draft",
    "submitted": "waiting for approval",
    "approved": "approved",
    "rejected": "rejected",
    "retired": "retired",
}

TimestampStyle = Literal["t", "T", "d", "D", "f", "F", "R"]


def timestamp(moment: datetime, style: TimestampStyle = "f") -> str:
    """A Discord timestamp: every reader sees it in their own time zone."""
    return f"<t:{unix(moment)}:{style}>"


def span(low: object, high: object | None) -> str:
    """A range of a table as a reply writes it: `3`, `3-5`, or `3+` with no top."""
    if high is None:
        return f"{low}+"
    return f"{low}" if low == high else f"{low}-{high}"


@functools.lru_cache(maxsize=4096)  # team and player names repeat on every line of a long list
def plain(text: str) -> str:
    """User-typed text made safe to show: no markdown tricks, no mentions."""
    return discord.utils.escape_mentions(discord.utils.escape_markdown(text))
