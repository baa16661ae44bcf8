"""Posts the announcements services write into the `announcements` table (play-offs opening, a new stage
drawn, champions crowned ...) once the transaction that made them has committed.

Every committed unit of work wakes the outbox; it reads what is unsent (a partial index makes that
instant), posts each in its league's channel, and marks it sent. A crash between posting and marking posts
it again after the restart rather than never. A posted announcement may come with a new round, so the
deadline watch re-arms afterwards. Several processes may share the database: each announcement is
claimed (`announcements.claim`) before it is posted, so one of them posts it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging

import discord

from bot import i18n
from bot.host import Host
from bot.store import announcements
from bot.store import leagues as league_store
from bot.store.announcements import Announcement
from bot.ui.announce import announce
from bot.ui.league_views import COLOUR
from bot.ui.limits import messages, pack_embeds
from bot.ui.pictures import announcement_picture, picture_message

log = logging.getLogger(__name__)
IDLE_SECONDS = 60.0  # look anyway now and then (nothing is lost if a wake-up is missed)
STOP_SECONDS = 5.0
LEASE_SECONDS = 300  # a claim this old is a process that died while posting: another takes it over


class Outbox:
    def __init__(self, league_bot: Host) -> None:
        self.bot = league_bot
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self.bot.runtime.db.after_commit(self.poke)
        self._task = asyncio.create_task(self._run(), name="announcement outbox")
        self.poke()  # whatever a previous run left unsent

    def poke(self) -> None:
        self._wake.set()

    async def stop(self) -> None:
        """Stop posting (what is unsent is posted at the next start). Never holds up a shutdown."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, TimeoutError):
                await asyncio.wait_for(self._task, timeout=STOP_SECONDS)
            self._task = None

    async def _run(self) -> None:
        while True:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), timeout=IDLE_SECONDS)
            self._wake.clear()
            try:
                await self.flush()
            except Exception:
                log.exception("posting announcements failed; trying again later")

    async def flush(self) -> int:
        """Post everything unsent; returns how many were posted."""
        db = self.bot.runtime.db
        clock = self.bot.runtime.clock
        posted = 0
        while True:
            taken = 0
            for item in await db.read(announcements.unsent):
                # Claimed first: of several processes on one database, one posts it.
                if not await db.write(announcements.claim, item.id, clock.now(), LEASE_SECONDS):
                    continue
                taken += 1
                await self._post(item)
                await db.write(announcements.mark_sent, item.id, clock.now())
                posted += 1
            if not taken:
                break
        if posted:
            await self.bot.deadlines.rearm()
        return posted

    async def _post(self, item: Announcement) -> None:
        league = await self.bot.runtime.db.read(league_store.get, item.guild_id, item.league_id)
        if league is None:
            return
        embeds = pack_embeds(item.title, description=item.lines, colour=COLOUR)
        if item.dm_user_id is not None:
            await self._direct(item.dm_user_id, embeds)
            return
        content = " ".join(f"<@{user_id}>" for user_id in dict.fromkeys(item.mentions)) or None
        files = []
        if item.picture is not None:  # drawn now from the spec, so a re-post after a restart has it too
            try:
                with i18n.using(league.language):  # its labels in the league's language, as its text
                    drawn = await announcement_picture(
                        self.bot.runtime, item.guild_id, item.league_id, item.picture
                    )
            except Exception:  # a picture never holds up the announcement itself
                log.exception("could not draw picture %s of announcement %s", item.picture, item.id)
                drawn = None
            if drawn is not None:
                image, file = picture_message(*drawn)
                embeds.append(image)
                files.append(file)
        await announce(self.bot, league, content=content, embeds=embeds, files=files)

    async def _direct(self, user_id: int, embeds: list[discord.Embed]) -> None:
        """A private announcement (a coach's secret objectives): best effort, as a coach who closed his
        DMs still has the command that shows it (/tournament objectives)."""
        try:
            user = self.bot.get_user(user_id) or await self.bot.fetch_user(user_id)
            for part in messages(None, embeds):
                await user.send(
                    part.content, embeds=list(part.embeds) if part.embeds else discord.utils.MISSING
                )
        except discord.HTTPException:
            log.info("could not send user %s a direct message", user_id)
