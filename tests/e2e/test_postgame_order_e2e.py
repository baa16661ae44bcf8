"""A team's post-games happen one at a time, through the real bot process: a deadline settlement that would
open a second post-game is held, and goes ahead once the coach presses Finish on the first one."""

from __future__ import annotations

import time
from typing import Any

from bot.store.connection import Connection
from tests.conftest import on_database
from tests.e2e import builders as build
from tests.e2e.conftest import BotProcess, World
from tests.e2e.fake_discord import FakeMember, button_ids, message_text


async def _play(world: World, coach: FakeMember) -> tuple[dict[str, Any], FakeMember]:
    """Coach reports round 1, the opponent confirms: the post-game message (with its Finish buttons)."""
    report, opponent = await build.report(world, coach)
    confirmed = await world.discord.click(report.message, button_ids(report.message)[0], opponent)
    await confirmed.wait(lambda i: len(i.messages) >= 2)
    postgame = confirmed.messages[1]
    await build.choose_grudges(world, postgame)
    return postgame, opponent


async def _move_rounds_into_the_past(database: str, *numbers: int) -> None:
    def move(conn: Connection) -> None:
        for number in numbers:
            past = int(time.time()) - 3600 * (10 - number)
            conn.execute("UPDATE rounds SET deadline_at = ? WHERE number = ?", (past, number))
            conn.execute(
                "UPDATE reminders SET remind_at = ?"
                " WHERE round_id = (SELECT id FROM rounds WHERE number = ?)",
                (past - 60, number),
            )

    await on_database(database, move)


async def test_a_held_forfeit_is_settled_when_the_earlier_post_game_is_finished(
    world: World, bot_process: BotProcess
) -> None:
    discord = world.discord
    await build.set_up_season(world)
    slow = world.coaches[0]
    first, opponent = await _play(world, slow)
    buttons = {c.id: b for c, b in zip(build.coaches_of(world, first), button_ids(first), strict=True)}
    await discord.click(
        first, buttons[opponent.id], opponent
    )  # the opponent finishes; the slow coach doesn't
    others = [c for c in world.coaches if c not in (slow, opponent)]
    other, _ = await _play(world, others[0])
    for coach, button in zip(build.coaches_of(world, other), button_ids(other), strict=True):
        await discord.click(other, button, coach)

    assert await bot_process.stop() == 0
    await _move_rounds_into_the_past(bot_process.database, 1, 2)  # round 2 is never played
    await bot_process.start()

    channel = world.guild.channel.id
    over = await discord.wait_for_message(channel, lambda m: "round 2 is over" in message_text(m))
    assert "not played: settled once" in message_text(over) and "finishes its post-game" in message_text(over)

    finished = await discord.click(first, buttons[slow.id], slow)
    assert "Post-game finished" in finished.text
    released = await discord.wait_for_message(channel, lambda m: "is settled now" in message_text(m))
    assert "finished the post-game of fixture" in message_text(released)
    settled = await discord.wait_for_message(
        channel,
        lambda m: (
            "round 2 is over" in message_text(m) and "a loss for both" in message_text(m) and m is not over
        ),
    )
    assert "settled once" not in message_text(settled)

    # and its post-game (a forfeit: no MVP) is posted with Finish buttons, as at any deadline: round 2's
    # other fixture at the deadline, this one now
    def forfeits() -> list[dict[str, Any]]:
        return [m for m in discord.messages_in(channel) if "No MVP: not played" in message_text(m)]

    await discord.wait_for_message(channel, lambda m: len(forfeits()) >= 2)
    assert [len(button_ids(m)) for m in forfeits()] == [2, 2]
