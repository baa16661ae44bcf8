"""/odds block and /odds roll: the chances of block dice and of a D6 target roll, as percentages."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.rules.odds import Skills
from bot.services import odds
from bot.ui.odds_views import block_embed, roll_embed
from bot.ui.options import choices

if TYPE_CHECKING:
    from bot.host import Host

CHOOSER_CHOICES = choices(
    {"attacker": "Attacker chooses (attacker stronger)", "defender": "Defender chooses (defender stronger)"}
)
BLOCK_REROLL_CHOICES = choices(
    {
        "none": "No re-roll",
        "turnover": "Team re-roll on a turnover",
        "standing": "Team re-roll unless the defender is down",
    }
)
ROLL_REROLL_CHOICES = choices(
    {
        "none": "No re-roll",
        "team": "Team re-roll",
        "skill": "Skill re-roll (Dodge, Sure Hands, Catch...)",
    }
)


class OddsCog(commands.GroupCog, group_name="odds", group_description="Chances of block dice and D6 rolls"):
    def __init__(self, league_bot: Host) -> None:
        self.bot = league_bot
        super().__init__()

    @app_commands.command(name="block", description="Chances of a block: defender down, turnover, push")
    @app_commands.describe(
        dice="How many block dice: 1, 2 or 3",
        chooser="Who picks the die (default: the attacker)",
        reroll="When a team re-roll is used (default: none)",
        attacker_block="The attacker has Block",
        defender_block="The defender has Block",
        attacker_wrestle="The attacker has Wrestle",
        defender_wrestle="The defender has Wrestle",
        defender_dodge="The defender has Dodge",
        attacker_tackle="The attacker has Tackle",
    )
    @app_commands.choices(chooser=CHOOSER_CHOICES, reroll=BLOCK_REROLL_CHOICES)
    async def block(
        self,
        interaction: discord.Interaction,
        dice: app_commands.Range[int, 1, 3],
        chooser: str = "attacker",
        reroll: str = "none",
        attacker_block: bool = False,
        defender_block: bool = False,
        attacker_wrestle: bool = False,
        defender_wrestle: bool = False,
        defender_dodge: bool = False,
        attacker_tackle: bool = False,
    ) -> None:
        skills = Skills(
            attacker_block=attacker_block,
            defender_block=defender_block,
            attacker_wrestle=attacker_wrestle,
            defender_wrestle=defender_wrestle,
            defender_dodge=defender_dodge,
            attacker_tackle=attacker_tackle,
        )
        found = odds.block(dice, chooser, skills, reroll)
        await interaction.response.send_message(embed=block_embed(found), ephemeral=True)

    @app_commands.command(
        name="roll", description="Chance of a D6 roll of 2+ to 6+, with or without a re-roll"
    )
    @app_commands.describe(
        target="The number needed: 2 to 6 (2+ ... 6+)",
        reroll="A re-roll if the first fails (default: none)",
        loner="The player's Loner (X+) for a team re-roll, e.g. 4 for a journeyman",
    )
    @app_commands.choices(reroll=ROLL_REROLL_CHOICES)
    async def roll(
        self,
        interaction: discord.Interaction,
        target: app_commands.Range[int, 2, 6],
        reroll: str = "none",
        loner: app_commands.Range[int, 2, 6] | None = None,
    ) -> None:
        chance = odds.roll(target, reroll, loner)
        await interaction.response.send_message(
            embed=roll_embed(target, reroll, loner, chance), ephemeral=True
        )


async def setup(league_bot: Host) -> None:
    await league_bot.add_cog(OddsCog(league_bot))
