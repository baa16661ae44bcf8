"""The odds helper's replies: percentages with one decimal, a line each (reads on a phone)."""

from __future__ import annotations

from fractions import Fraction

import discord

from bot.i18n import N_, _
from bot.rules.odds import RESULT_NAMES, RESULTS, BlockOdds, percent
from bot.ui.league_views import COLOUR

_SKILL_NAMES = {  # marked: worded as `_(_SKILL_NAMES[key])` (the skill's name stays as it is)
    "attacker_block": N_("attacker Block"),
    "defender_block": N_("defender Block"),
    "attacker_wrestle": N_("attacker Wrestle"),
    "defender_wrestle": N_("defender Wrestle"),
    "defender_dodge": N_("defender Dodge"),
    "attacker_tackle": N_("attacker Tackle"),
}
REROLL_RULES = {  # marked: worded as `_(REROLL_RULES[reroll])`
    "none": N_("No re-roll."),
    "turnover": N_("Team re-roll used only on a turnover (all dice re-rolled; the second roll stands)."),
    "standing": N_(
        "Team re-roll used whenever the defender is still standing or the attacker falls "
        "(all dice re-rolled; the second roll stands)."
    ),
}
_HOW = {"none": N_("no re-roll"), "team": N_("a team re-roll"), "skill": N_("a skill re-roll")}  # marked


def block_embed(odds: BlockOdds) -> discord.Embed:
    if odds.dice > 1:
        if odds.chooser == "attacker":
            dice = _("{count} dice, attacker's choice", count=odds.dice)
        else:
            dice = _("{count} dice, defender's choice", count=odds.dice)
    else:
        dice = _("1 die")
    skills = [_(name) for key, name in _SKILL_NAMES.items() if getattr(odds.skills, key)]
    lines = [
        _("Defender down: **{chance}**", chance=percent(odds.knocked_down)),
        _("Turnover: **{chance}**", chance=percent(odds.turnover)),
        _("Push only: **{chance}**", chance=percent(odds.push_only)),
        "",
        f"__{_('Every result')}__",
        *(f"{_(RESULT_NAMES[r])}: {percent(odds.results[r])}" for r in RESULTS if odds.results[r]),
        "",
        _(REROLL_RULES[odds.reroll]),
        _("Skills: {skills}", skills=", ".join(skills) if skills else _("none")),
    ]
    embed = discord.Embed(
        title=_("Block odds: {dice}", dice=dice), description="\n".join(lines), colour=COLOUR
    )
    embed.set_footer(text=_("Defender down counts Both Down and Wrestle's prone too"))
    return embed


def roll_embed(target: int, reroll: str, loner: int | None, chance: Fraction) -> discord.Embed:
    how = _(_HOW[reroll])
    if loner is not None:
        how = _("{how} (Loner {loner}+ first)", how=how, loner=loner)
    lines = [
        _(
            "**{chance}** to roll {target}+ on a D6 with {how}.",
            chance=percent(chance),
            target=target,
            how=how,
        ),
        _("A natural 1 always fails and a 6 always succeeds."),
    ]
    return discord.Embed(
        title=_("Odds of {target}+", target=target), description="\n".join(lines), colour=COLOUR
    )
