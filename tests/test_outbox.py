"""The announcement outbox: what a transaction wrote is posted once, after it committed."""

from __future__ import annotations

import sqlite3
from unittest.mock import AsyncMock, MagicMock, patch

from bot.app import LeagueBot
from bot.config import Settings
from bot.deadline_watch import DeadlineWatch
from bot.outbox import Outbox
from bot.services.league import leagues
from bot.services.runtime import Runtime
from bot.store import announcements
from tests.conftest import actor


async def test_announcements_are_posted_once_and_marked_sent(runtime: Runtime) -> None:
    league = await leagues.create_league(runtime, actor(user_id=1), "League", 555)

    def write(conn: sqlite3.Connection) -> None:
        announcements.add(
            conn,
            guild_id=1,
            league_id=league.id,
            title="Play-offs",
            lines=["a", "b"],
            now=runtime.clock.now(),
            mentions=[7, 7, 8],
        )

    await runtime.db.write(write)
    real = LeagueBot(Settings(discord_token="token"))
    real._runtime = runtime
    bot = MagicMock(spec_set=real)  # an instance: its attributes (deadlines ...) are part of the spec
    bot.runtime = runtime
    bot.deadlines = MagicMock(spec_set=DeadlineWatch)
    bot.deadlines.rearm = AsyncMock(return_value=0)
    outbox = Outbox(bot)
    with patch("bot.outbox.announce", new=AsyncMock()) as posted:
        assert await outbox.flush() == 1
        assert await outbox.flush() == 0  # sent once
    kwargs = posted.await_args.kwargs
    assert kwargs["content"] == "<@7> <@8>" and kwargs["embeds"][0].title == "Play-offs"
    assert kwargs["embeds"][0].description == "a\nb"
    bot.deadlines.rearm.assert_awaited_once()  # a posted announcement may come with a new round
    assert await runtime.db.read(announcements.unsent) == []


async def test_every_committed_write_wakes_the_outbox(runtime: Runtime) -> None:
    woken: list[int] = []
    runtime.db.after_commit(lambda: woken.append(1))
    await leagues.create_league(runtime, actor(user_id=1), "League", 555)
    assert woken == [1]


async def test_a_private_announcement_goes_to_the_user_alone(runtime: Runtime) -> None:
    """A coach's Secret Objectives: a direct message, never the league's channel."""
    league = await leagues.create_league(runtime, actor(user_id=1), "League", 555)

    def write(conn: sqlite3.Connection) -> None:
        announcements.add(
            conn,
            guild_id=1,
            league_id=league.id,
            title="Your Secret Objectives",
            lines=["1. Red Card"],
            now=runtime.clock.now(),
            dm_user_id=42,
        )

    await runtime.db.write(write)
    real = LeagueBot(Settings(discord_token="token"))
    real._runtime = runtime
    bot = MagicMock(spec_set=real)
    bot.runtime = runtime
    bot.deadlines = MagicMock(spec_set=DeadlineWatch)
    bot.deadlines.rearm = AsyncMock(return_value=0)
    user = MagicMock()
    user.send = AsyncMock()
    bot.get_user = MagicMock(return_value=user)
    with patch("bot.outbox.announce", new=AsyncMock()) as posted:
        assert await Outbox(bot).flush() == 1
    posted.assert_not_awaited()
    bot.get_user.assert_called_once_with(42)
    embeds = user.send.await_args.kwargs["embeds"]
    assert embeds[0].title == "Your Secret Objectives" and embeds[0].description == "1. Red Card"
