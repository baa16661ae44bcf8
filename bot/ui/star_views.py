"""Embeds for star players under long-term contracts: the signing draft and the star market."""

from __future__ import annotations

import discord

from bot.services.contracts import DraftView, StarMarket
from bot.ui.formatting import gp, plain
from bot.ui.league_views import COLOUR


def draft_embed(view: DraftView) -> discord.Embed:
    draft = view.draft
    embed = discord.Embed(
        title=f"{plain(view.league.name)} season {view.season.number}: star signing draft", colour=COLOUR
    )
    if draft.status == "open" and draft.order:
        on_clock = draft.order[0]
        deadline = f" until <t:{int(draft.pick_deadline_at.timestamp())}:f>" if draft.pick_deadline_at else ""
        embed.description = (
            f"On the clock: **{plain(view.names[on_clock])}** (<@{view.coaches[on_clock]}>){deadline}.\n"
            "Still to sign: " + ", ".join(plain(view.names[t]) for t in draft.order)
        )
    else:
        embed.description = "The draft is complete."
    signed = "\n".join(
        f"{plain(view.names.get(c.team_id, '?'))}: {plain(c.star)} ({gp(c.cost)})"
        + (" · Familiar Face (no Loner)" if c.familiar_face else "")
        for c in view.contracts
    )
    embed.add_field(name="Signed", value=signed[:1024] or "nobody yet", inline=False)
    embed.add_field(name="Draft log", value="\n".join(draft.log[-8:])[:1024] or "-", inline=False)
    return embed


def market_embed(market: StarMarket) -> discord.Embed:
    unsigned = ", ".join(f"{plain(u.name)} ({gp(u.cost)})" for u in market.unsigned)
    embed = discord.Embed(
        title=f"{plain(market.league.name)}: star players",
        description=("**Unsigned, available as inducements:** " + unsigned)[:4000],
        colour=COLOUR,
    )
    signed = "\n".join(f"{plain(c.star)}: {plain(team)}" for c, team in market.signed)
    if signed:
        embed.add_field(name="Under contract this season", value=signed[:1024], inline=False)
    return embed
