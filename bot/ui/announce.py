"""Posting to a league's announcements channel (best effort: a missing channel never fails the action)."""

from __future__ import annotations

import logging

import discord

from bot.store.leagues import League

log = logging.getLogger(__name__)


async def announce(
    client: discord.Client,
    league: League,
    *,
    content: str | None = None,
    embed: discord.Embed | None = None,
    view: discord.ui.View | None = None,
) -> discord.Message | None:
    """Send to the league's announcements channel; returns None (and logs) when it cannot."""
    if league.announce_channel_id is None:
        return None
    channel = client.get_channel(league.announce_channel_id)
    try:
        if channel is None:
            channel = await client.fetch_channel(league.announce_channel_id)
        if not isinstance(channel, discord.abc.Messageable):
            return None
        return await channel.send(
            content,
            embed=embed if embed is not None else discord.utils.MISSING,
            view=view if view is not None else discord.utils.MISSING,
            allowed_mentions=discord.AllowedMentions(users=True, roles=False, everyone=False),
        )
    except discord.HTTPException:
        log.warning("could not post in the announcements channel of league %s", league.id, exc_info=True)
        return None
