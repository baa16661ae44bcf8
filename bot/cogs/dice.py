"""/roll and /roll-history: dice rolled by the bot, in the open, with a log nobody can edit."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import _, ngettext
from bot.rules.dice import suggest_expressions
from bot.services import dice_rolls
from bot.services.records import LoggedRoll
from bot.ui.context import actor_of, runtime_of
from bot.ui.formatting import plain, timestamp
from bot.ui.pagination import RenderedPage, register_page_source, send_paginated

if TYPE_CHECKING:
    from bot.host import Host

HISTORY_SOURCE = "roll_history"


def describe_roll(roll: LoggedRoll) -> str:
    """`2d6`: 5 + 3 = 8, or `2 block`: POW! | Push."""
    if roll.total is None:
        shown = " | ".join(f"**{label}**" for label in roll.labels)
        return f"`{roll.expression}`: {shown}"
    dice = " + ".join(f"**{label}**" for label in roll.labels)
    modifier = roll.total - sum(roll.faces)
    if modifier:
        dice += f" {'+' if modifier > 0 else '-'} {abs(modifier)}"
    if len(roll.faces) == 1 and not modifier:
        return f"`{roll.expression}`: {dice}"
    return f"`{roll.expression}`: {dice} = **{roll.total}**"


def roll_message(roll: LoggedRoll) -> str:
    if roll.purpose:
        return _(
            "🎲 <@{user}> rolled {roll} for *{reason}* · roll #{number}",
            user=roll.user_id,
            roll=describe_roll(roll),
            reason=plain(roll.purpose),
            number=roll.id,
        )
    return _(
        "🎲 <@{user}> rolled {roll} · roll #{number}",
        user=roll.user_id,
        roll=describe_roll(roll),
        number=roll.id,
    )


async def render_history(interaction: discord.Interaction, key: str, page: int) -> RenderedPage:
    """Key: '<channel id>.<anchor roll id>'. Always scoped to the clicking user's guild."""
    channel_text, _dot, anchor_text = key.partition(".")
    actor = actor_of(interaction)
    result = await dice_rolls.history(
        runtime_of(interaction),
        actor.guild_id,
        int(channel_text),
        page=page,
        anchor_id=int(anchor_text) if anchor_text else None,
    )
    embed = discord.Embed(title=_("Dice rolled in this channel"), colour=discord.Colour.dark_gold())
    if not result.rolls:
        embed.description = _("No dice rolled here yet. Use `/roll`.")
    else:
        embed.description = "\n".join(
            f"#{r.id} {timestamp(r.rolled_at, 'R')} <@{r.user_id}> {describe_roll(r)}"
            + (f" — {plain(r.purpose)}" if r.purpose else "")
            for r in result.rolls
        )
    footer = ngettext(
        "Page {page} of {pages} · {n} roll",
        "Page {page} of {pages} · {n} rolls",
        result.total,
        page=result.page + 1,
        pages=result.page_count,
    )
    embed.set_footer(text=footer)
    # The key carries the anchor, so rolls made after the listing opened do not shift its pages.
    return RenderedPage(
        embed=embed, page=result.page, page_count=result.page_count, key=f"{channel_text}.{result.anchor_id}"
    )


class DiceCog(commands.Cog):
    def __init__(self, league_bot: Host) -> None:
        self.bot = league_bot

    @app_commands.command(name="roll", description="Roll dice in the open: everyone sees every die.")
    @app_commands.describe(
        dice="What to roll: d3, d6, 2d6, 3d6, d8, d16, NdS (e.g. 2d6+1), or 1-3 block",
        reason="What the roll is for, e.g. armour, injury, GFI",
    )
    async def roll(
        self,
        interaction: discord.Interaction,
        dice: app_commands.Range[str, 1, 30],
        reason: app_commands.Range[str, 0, dice_rolls.MAX_REASON_LENGTH] | None = None,
    ) -> None:
        logged = await dice_rolls.roll(runtime_of(interaction), actor_of(interaction), dice, reason)
        await interaction.response.send_message(
            roll_message(logged), allowed_mentions=discord.AllowedMentions.none()
        )

    @roll.autocomplete("dice")
    async def roll_dice_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=text, value=text) for text in suggest_expressions(current)]

    @app_commands.command(
        name="roll-history",
        description="The dice rolled in this channel, newest first: who, what for, result.",
    )
    async def roll_history(self, interaction: discord.Interaction) -> None:
        await send_paginated(interaction, HISTORY_SOURCE, f"{interaction.channel_id or 0}.")


register_page_source(HISTORY_SOURCE, render_history)


async def setup(league_bot: Host) -> None:
    await league_bot.add_cog(DiceCog(league_bot))
