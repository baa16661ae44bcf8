"""The odds helper's replies: percentages with one decimal, a line each (reads on a phone)."""

from __future__ import annotations

from fractions import Fraction

import discord

from bot.rules.odds import RESULT_NAMES, RESULTS, BlockOdds, percent
from bot.ui.league_views import COLOUR

_SKILL_NAMES = {
    "attacker_block": "attacker Block",
    "defender_block": "defender Block",
    "attacker_wrestle": "attacker Wrestle",
    "defender_wrestle": "defender Wrestle",
    "defender_dodge": "defender Dodge",
    "attacker_tackle": "attacker Tackle",
}
REROLL_RULES = {
    "none": "No re-roll.",
    "turnover": "Team re-roll used only on a turnover (all dice re-rolled; the second roll stands).",
    "standing": (
        "Team re-roll used whenever the defender is still standing or the attacker falls "
        "(all dice re-rolled; the second roll stands)."
    ),
}


def block_embed(odds: BlockOdds) -> discord.Embed:
    chooser = "attacker's choice" if odds.chooser == "attacker" else "defender's choice"
    dice = f"{odds.dice} dice, {chooser}" if odds.dice > 1 else "1 die"
    skills = [name for key, name in _SKILL_NAMES.items() if getattr(odds.skills, key)]
    lines = [
        f"Defender down: **{percent(odds.knocked_down)}**",
        f"Turnover: **{percent(odds.turnover)}**",
        f"Push only: **{percent(odds.push_only)}**",
        "",
        "__Every result__",
        *(f"{RESULT_NAMES[r]}: {percent(odds.results[r])}" for r in RESULTS if odds.results[r]),
        "",
        REROLL_RULES[odds.reroll],
        "Skills: " + (", ".join(skills) if skills else "none"),
    ]
    embed = discord.Embed(title=f"Block odds: {dice}", description="\n".join(lines), colour=COLOUR)
    embed.set_footer(text="Defender down counts Both Down and Wrestle's prone too")
    return embed


def roll_embed(target: int, reroll: str, loner: int | None, chance: Fraction) -> discord.Embed:
    how = {"none": "no re-roll", "team": "a team re-roll", "skill": "a skill re-roll"}[reroll]
    if loner is not None:
        how += f" (Loner {loner}+ first)"
    lines = [
        f"**{percent(chance)}** to roll {target}+ on a D6 with {how}.",
        "A natural 1 always fails and a 6 always succeeds.",
    ]
    return discord.Embed(title=f"Odds of {target}+", description="\n".join(lines), colour=COLOUR)
