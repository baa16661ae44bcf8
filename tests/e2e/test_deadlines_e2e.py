"""Round deadlines through the real bot process: a deadline passed while the bot was stopped is processed
once at start-up, and the forfeit and the announcement arrive in the league's channel."""

from __future__ import annotations

import time

from bot.store.connection import Connection
from tests.conftest import on_database
from tests.e2e import builders as build
from tests.e2e.conftest import BotProcess, World
from tests.e2e.fake_discord import button_ids, message_text


async def _move_round_one_reminders_into_the_past(database: str) -> None:
    """Both reminders of round 1 (72 h and 24 h) came due while the bot was down; the deadline did not."""
    await on_database(
        database,
        lambda conn: conn.execute(
            "UPDATE reminders SET remind_at = ? - (hours - 23) * 3600"
            " WHERE round_id = (SELECT id FROM rounds WHERE number = 1)",
            (int(time.time()),),
        ),
    )


async def _move_round_one_into_the_past(database: str) -> None:
    def move(conn: Connection) -> None:
        past = int(time.time()) - 3600
        conn.execute("UPDATE rounds SET deadline_at = ? WHERE number = 1", (past,))
        conn.execute(
            "UPDATE reminders SET remind_at = ? WHERE round_id = (SELECT id FROM rounds WHERE number = 1)",
            (past - 60,),
        )

    await on_database(database, move)


async def test_a_missed_deadline_forfeits_and_is_announced(world: World, bot_process: BotProcess) -> None:
    discord = world.discord
    await build.set_up_season(world)
    opted = await discord.invoke("notify", world.coaches[0], dm_reminders=True)
    assert opted.ephemeral and "direct message" in opted.content
    schedule = await discord.invoke("league schedule", world.admin)
    assert "round deadline" in schedule.text and "reminder" in schedule.text

    assert await bot_process.stop() == 0
    await _move_round_one_reminders_into_the_past(bot_process.database)
    await bot_process.start()
    channel = world.guild.channel.id
    reminder = await discord.wait_for_message(channel, lambda m: "Still to play" in message_text(m))
    assert "round 1 ends" in message_text(reminder)
    dm_channel = world.coaches[0].id + 1  # the fake's DM channel for this user
    direct = await discord.wait_for_message(dm_channel, lambda m: "Still to play" in message_text(m))
    assert "by DM because you asked" in message_text(direct)
    await discord.invoke("roll", world.coaches[0], dice="d6")  # the bot is up and answering

    assert await bot_process.stop() == 0
    # both overdue reminders came due, but only the latest one was posted (once)
    assert len([m for m in discord.messages_in(channel) if "Still to play" in message_text(m)]) == 1
    await _move_round_one_into_the_past(bot_process.database)
    await bot_process.start()

    over = await discord.wait_for_message(channel, lambda m: "round 1 is over" in message_text(m))
    text = message_text(over)
    assert text.count("not played: a loss for both") == 2 and "Round 2 is open" in text
    await discord.wait_for_message(
        channel,
        lambda m: (
            len([x for x in discord.messages_in(channel) if message_text(x).startswith("Post-game")]) >= 2
        ),
    )
    postgames = [m for m in discord.messages_in(channel) if message_text(m).startswith("Post-game")]
    assert len(postgames) == 2 and all(len(button_ids(m)) == 2 for m in postgames)
    # no reminder once the deadline has passed: the round's end is the announcement
    assert len([m for m in discord.messages_in(channel) if "Still to play" in message_text(m)]) == 1

    standings = await discord.invoke("standings", world.coaches[0])
    assert "0-0-1" in standings.text

    assert await bot_process.stop() == 0  # and again: nothing is processed twice after another restart
    count = len(discord.messages_in(channel))
    await bot_process.start()
    await discord.invoke("roll", world.coaches[0], dice="d6")  # the bot is up and answering
    assert len([m for m in discord.messages_in(channel) if "round 1 is over" in message_text(m)]) == 1
    assert len(discord.messages_in(channel)) == count + 1  # only the roll
