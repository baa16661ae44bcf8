"""Small text helpers for replies."""

from __future__ import annotations

import functools
from datetime import datetime
from typing import Literal

import discord

from bot.clock import unix
from bot.i18n import N_, _
from bot.text import gp, ordinal, plural

__all__ = [
    "SEASON_STATES",
    "TEAM_STATUS",
    "gp",
    "ordinal",
    "plain",
    "plural",
    "span",
    "team_status",
    "timestamp",
]

TEAM_STATUS = {  # a team's status as a reply words it (marked: worded by `team_status`)
    "draft": N_("draft"),
    "submitted": N_("waiting for approval"),
    "approved": N_("approved"),
    "rejected": N_("rejected"),
    "retired": N_("retired"),
}
SEASON_STATES = {  # a season's status (marked: worded as `_(SEASON_STATES[status])`)
    "regular": N_("regular season"),
    "playoffs": N_("play-offs"),
    "finished": N_("finished"),
}


def team_status(status: str) -> str:
    """A team's status in the current language, as a reply words it (an unknown one as it is; a fixture's:
    bot/rules/statuses.py)."""
    return _(TEAM_STATUS[status]) if status in TEAM_STATUS else status


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
