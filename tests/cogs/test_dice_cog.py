"""The /roll cog, its callbacks called directly with spec_set interaction mocks."""

from __future__ import annotations

from unittest.mock import MagicMock

import discord
import pytest

from bot.cogs.dice import DiceCog, describe_roll, render_history
from bot.rules.dice import InvalidDiceExpression, ScriptedDice
from bot.services import dice_rolls
from bot.services.runtime import Runtime
from tests.cogs.mocks import make_interaction, sent
from tests.conftest import actor


def cog() -> DiceCog:
    return DiceCog(MagicMock())


async def test_roll_replies_publicly_with_every_die(runtime: Runtime) -> None:
    runtime = Runtime(runtime.db, ScriptedDice([6, 1]), runtime.clock, runtime.catalog)
    interaction = make_interaction(runtime, user_id=42)
    await cog().roll.callback(cog(), interaction, "2d6", "armour")
    content, kwargs = sent(interaction)
    assert content.startswith("🎲 <@42> rolled `2d6`: **6** + **1** = **7** for *armour*")
    assert kwargs.get("ephemeral") is not True
    assert kwargs["allowed_mentions"].users is False  # a reason cannot ping anyone


async def test_roll_escapes_what_the_user_typed(runtime: Runtime) -> None:
    interaction = make_interaction(runtime)
    await cog().roll.callback(cog(), interaction, "d6", "@everyone **bold**")
    content, _ = sent(interaction)
    assert "@everyone" not in content.replace("@\u200beveryone", "") and "\\*\\*bold\\*\\*" in content


async def test_bad_expression_raises_the_domain_error_for_the_handler(runtime: Runtime) -> None:
    interaction = make_interaction(runtime)
    with pytest.raises(InvalidDiceExpression):
        await cog().roll.callback(cog(), interaction, "banana", None)
    interaction.response.send_message.assert_not_awaited()


async def test_autocomplete_returns_choices(runtime: Runtime) -> None:
    interaction = make_interaction(runtime)
    choices = await cog().roll_dice_autocomplete(interaction, "3")
    assert [c.value for c in choices][:2] == ["3d6", "3 block"]


async def test_history_embed_and_buttons(runtime: Runtime) -> None:
    for n in range(11):
        await dice_rolls.roll(runtime, actor(), "d6", f"r{n}")
    interaction = make_interaction(runtime)
    await cog().roll_history.callback(cog(), interaction)
    _, kwargs = sent(interaction)
    assert kwargs["ephemeral"] is True
    embed: discord.Embed = kwargs["embed"]
    assert "r10" in (embed.description or "") and embed.footer.text == "Page 1 of 2 · 11 rolls"
    buttons = [item for item in kwargs["view"].children]
    assert [b.item.disabled for b in buttons] == [True, False]


async def test_history_page_is_scoped_to_the_clicking_guild(runtime: Runtime) -> None:
    await dice_rolls.roll(runtime, actor(guild_id=2, channel_id=100), "d6", "secret")
    interaction = make_interaction(runtime, guild_id=1)
    page = await render_history(interaction, "100.999", 0)
    assert "secret" not in (page.embed.description or "")


def test_describe_roll_forms() -> None:
    from datetime import UTC, datetime

    from bot.store.dice_log import LoggedRoll

    def logged(
        expression: str, faces: tuple[int, ...], labels: tuple[str, ...], total: int | None
    ) -> LoggedRoll:
        return LoggedRoll(1, 1, 1, "", expression, faces, labels, total, datetime.now(UTC), id=1)

    assert describe_roll(logged("d6", (4,), ("4",), 4)) == "`d6`: **4**"
    assert describe_roll(logged("d6+1", (4,), ("4",), 5)) == "`d6+1`: **4** + 1 = **5**"
    assert describe_roll(logged("2d6-1", (4, 2), ("4", "2"), 5)) == "`2d6-1`: **4** + **2** - 1 = **5**"
    assert (
        describe_roll(logged("2 block", (6, 3), ("POW!", "Push"), None)) == "`2 block`: **POW!** | **Push**"
    )
