"""The one dice-logging helper: a rule's named rolls and RecordingDice's bare dice land the same way."""

from __future__ import annotations

import sqlite3

from bot.rules.dice import DieRoll
from bot.services import dice_rolls
from bot.services.dice_logging import log_dice
from bot.services.runtime import Runtime
from tests.conftest import actor


async def test_named_rolls_and_bare_dice_are_logged_with_purpose_fixture_and_actor(runtime: Runtime) -> None:
    who = actor(guild_id=3, user_id=7, channel_id=50)

    def work(conn: sqlite3.Connection) -> None:
        log_dice(
            conn,
            runtime,
            who,
            [DieRoll("winnings", "2d6", (3, 4)), (8, 5)],
            purpose="Orcs v Elves post-game",
        )

    await runtime.db.write(work)
    page = await dice_rolls.history(runtime, 3, 50)
    logged = sorted(page.rolls, key=lambda r: r.id)
    assert [(r.purpose, r.expression, r.faces, r.total, r.user_id) for r in logged] == [
        ("Orcs v Elves post-game: winnings", "2d6", (3, 4), 7, 7),
        ("Orcs v Elves post-game", "d8", (5,), 5, 7),
    ]
    assert (await dice_rolls.history(runtime, 1, 50)).total == 0  # another guild sees none of them
