"""/roll through the service: rolled and logged in one transaction, history scoped and stable."""

from __future__ import annotations

import pytest

from bot.rules.dice import InvalidDiceExpression, ScriptedDice
from bot.services import dice_rolls
from bot.services.runtime import Runtime
from tests.conftest import actor


async def test_a_roll_is_logged_with_who_where_and_why(runtime: Runtime) -> None:
    runtime = Runtime(runtime.db, ScriptedDice([4, 2]), runtime.clock, runtime.catalog)
    logged = await dice_rolls.roll(runtime, actor(user_id=7), "2d6", "  armour   break ")
    assert logged.faces == (4, 2) and logged.total == 6 and logged.purpose == "armour break"
    page = await dice_rolls.history(runtime, 1, 100)
    assert [(r.id, r.user_id, r.expression, r.faces) for r in page.rolls] == [(logged.id, 7, "2d6", (4, 2))]
    assert page.rolls[0].rolled_at == runtime.clock.now().replace(microsecond=0)


async def test_a_refused_expression_logs_nothing(runtime: Runtime) -> None:
    with pytest.raises(InvalidDiceExpression):
        await dice_rolls.roll(runtime, actor(), "7 block")
    assert (await dice_rolls.history(runtime, 1, 100)).total == 0


async def test_history_is_newest_first_paged_and_anchored(runtime: Runtime) -> None:
    for n in range(25):
        await dice_rolls.roll(runtime, actor(), "d6", f"roll {n}")
    first = await dice_rolls.history(runtime, 1, 100)
    assert first.page_count == 3 and first.total == 25
    assert first.rolls[0].purpose == "roll 24" and len(first.rolls) == dice_rolls.HISTORY_PAGE_SIZE
    await dice_rolls.roll(runtime, actor(), "d6", "rolled while reading")
    last = await dice_rolls.history(runtime, 1, 100, page=2, anchor_id=first.anchor_id)
    assert [r.purpose for r in last.rolls] == ["roll 4", "roll 3", "roll 2", "roll 1", "roll 0"]
    beyond = await dice_rolls.history(runtime, 1, 100, page=99, anchor_id=first.anchor_id)
    assert beyond.page == 2  # clamped to the last page


async def test_history_never_crosses_guilds_or_channels(runtime: Runtime) -> None:
    await dice_rolls.roll(runtime, actor(guild_id=1, channel_id=100), "d6", "ours")
    await dice_rolls.roll(runtime, actor(guild_id=2, channel_id=100), "d6", "other server, same channel id")
    await dice_rolls.roll(runtime, actor(guild_id=1, channel_id=101), "d6", "other channel")
    page = await dice_rolls.history(runtime, 1, 100)
    assert [r.purpose for r in page.rolls] == ["ours"]
