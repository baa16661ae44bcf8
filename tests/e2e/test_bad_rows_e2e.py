"""Issue 31 §1.1 through the real bot process: a round whose stored deadline is one the bot never writes
(here year 31690708, as an import once left it) no longer stops start-up or the deadline watch. The bot
starts, answers, tells the league's commissioner once by direct message, and keeps the other rounds."""

from __future__ import annotations

from tests.conftest import on_database
from tests.e2e import builders as build
from tests.e2e.conftest import BotProcess, World
from tests.e2e.fake_discord import message_text

FAR = 1_000_000_000_000_000  # seconds: year 31690708, out of Python's datetime range


async def test_a_bad_deadline_row_is_skipped_and_told_once(world: World, bot_process: BotProcess) -> None:
    discord = world.discord
    await build.set_up_season(world)
    assert await bot_process.stop() == 0
    await on_database(
        bot_process.database,
        lambda conn: conn.execute("UPDATE rounds SET deadline_at = ? WHERE number = 2", (FAR,)),
    )
    await bot_process.start()  # it connects: start-up no longer fails on the row
    dm_channel = world.admin.id + 1  # the fake's DM channel for the commissioner who created the league
    told = await discord.wait_for_message(dm_channel, lambda m: "cannot read" in message_text(m))
    assert "holds a time the bot never writes" in message_text(told), message_text(told)
    rolled = await discord.invoke("roll", world.coaches[0], dice="d6")  # the bot is up and answering
    assert rolled.text, rolled
    schedule = await discord.invoke("league schedule", world.admin)
    assert "round deadline" in schedule.text  # round 1's deadline is still armed
    assert await bot_process.stop() == 0
    await bot_process.start()  # a second start does not tell it again
    await discord.invoke("roll", world.coaches[0], dice="d6")
    told_again = [m for m in discord.messages_in(dm_channel) if "cannot read" in message_text(m)]
    assert len(told_again) == 1
