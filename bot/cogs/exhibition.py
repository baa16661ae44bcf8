"""/dungeonbowl: the rolls of multi-player Dungeon Bowl (seed 004), made by the bot in the open."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import _
from bot.services.league import exhibition
from bot.services.league.exhibition import RolledOrder
from bot.ui.context import actor_of, runtime_of

if TYPE_CHECKING:
    from bot.host import Host

COACHES_HELP = {f"coach{n}": "A coach taking part" for n in range(1, 9)}  # the options coach1 to coach8


def _coaches(*members: discord.Member | discord.User | None) -> list[int]:
    return [m.id for m in members if m is not None]


def _faces(faces: list[int]) -> str:
    """A coach's dice, ties re-rolled: 3, then 5."""
    text = str(faces[0])
    for face in faces[1:]:
        text = _("{earlier}, then {face}", earlier=text, face=face)
    return text


def _rolls(rolled: RolledOrder) -> str:
    return " · ".join(f"<@{coach}> {_faces(faces)}" for coach, faces in rolled.rolls)


class ExhibitionCog(
    commands.GroupCog, group_name="dungeonbowl", group_description="Multi-player Dungeon Bowl: orders rolled"
):
    def __init__(self, league_bot: Host) -> None:
        self.bot = league_bot
        super().__init__()

    @app_commands.command(
        name="placing", description="Roll who places each Chest and Portal (3 or more coaches)"
    )
    @app_commands.describe(
        **COACHES_HELP,
    )
    async def placing(
        self,
        interaction: discord.Interaction,
        coach1: discord.Member,
        coach2: discord.Member,
        coach3: discord.Member,
        coach4: discord.Member | None = None,
        coach5: discord.Member | None = None,
        coach6: discord.Member | None = None,
        coach7: discord.Member | None = None,
        coach8: discord.Member | None = None,
    ) -> None:
        rolled = await exhibition.placing_order(
            runtime_of(interaction),
            actor_of(interaction),
            _coaches(coach1, coach2, coach3, coach4, coach5, coach6, coach7, coach8),
        )
        lines = [_("🎲 D6 each, ties re-rolled: {rolls}", rolls=_rolls(rolled))]
        lines.append(_("Placing order: {coaches}", coaches=", ".join(f"<@{c}>" for c in rolled.order)))
        lines += [f"{item}: <@{coach}>" for item, coach in rolled.placing]
        await interaction.response.send_message(
            "\n".join(lines), allowed_mentions=discord.AllowedMentions.none()
        )

    @app_commands.command(name="turn", description="Start of a game turn: roll the order of team turns")
    @app_commands.describe(
        game_turn="Which game turn",
        **COACHES_HELP,
    )
    async def turn(
        self,
        interaction: discord.Interaction,
        game_turn: app_commands.Range[int, 1, 99],
        coach1: discord.Member,
        coach2: discord.Member,
        coach3: discord.Member,
        coach4: discord.Member | None = None,
        coach5: discord.Member | None = None,
        coach6: discord.Member | None = None,
        coach7: discord.Member | None = None,
        coach8: discord.Member | None = None,
    ) -> None:
        rolled = await exhibition.turn_order(
            runtime_of(interaction),
            actor_of(interaction),
            _coaches(coach1, coach2, coach3, coach4, coach5, coach6, coach7, coach8),
            game_turn,
        )
        text = _(
            "🎲 Game turn {turn}, D6 each, ties re-rolled: {rolls}\nTeam turns: {order}",
            turn=game_turn,
            rolls=_rolls(rolled),
            order=" → ".join(f"<@{c}>" for c in rolled.order),
        )
        await interaction.response.send_message(text, allowed_mentions=discord.AllowedMentions.none())


async def setup(league_bot: Host) -> None:
    await league_bot.add_cog(ExhibitionCog(league_bot))
