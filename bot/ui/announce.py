"""Posting to a league's announcements channel (best effort: a missing channel never fails the action)."""

from __future__ import annotations

import logging
from collections.abc import Sequence

import discord

from bot.services.records import League
from bot.ui.limits import messages

log = logging.getLogger(__name__)


async def announce(
    client: discord.Client,
    league: League,
    *,
    content: str | None = None,
    embed: discord.Embed | None = None,
    embeds: Sequence[discord.Embed] = (),
    view: discord.ui.View | None = None,
    files: Sequence[discord.File] = (),
) -> discord.Message | None:
    """Send to the league's announcements channel, in as many messages as Discord's limits need (the
    content's mentions still ping; the view and the files go with the last message). Returns the last
    message, or None (and logs) when it cannot post."""
    if league.announce_channel_id is None:
        return None
    channel = client.get_channel(league.announce_channel_id)
    parts = messages(content, [*([embed] if embed is not None else []), *embeds])
    try:
        if channel is None:
            channel = await client.fetch_channel(league.announce_channel_id)
        if not isinstance(channel, discord.abc.Messageable):
            return None
        sent = None
        for i, part in enumerate(parts):
            last = i == len(parts) - 1
            sent = await channel.send(
                part.content,
                embeds=list(part.embeds) if part.embeds else discord.utils.MISSING,
                view=view if view is not None and last else discord.utils.MISSING,
                files=list(files) if files and last else discord.utils.MISSING,
                allowed_mentions=discord.AllowedMentions(users=True, roles=False, everyone=False),
            )
        return sent
    except discord.HTTPException:
        log.warning("could not post in the announcements channel of league %s", league.id, exc_info=True)
        return None
