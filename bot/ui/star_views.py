"""Embeds for star players under long-term contracts: the signing draft and the star market."""

from __future__ import annotations

import discord

from bot.services.league.contracts import DraftView, StarMarket
from bot.ui.formatting import gp, plain
from bot.ui.league_views import COLOUR
from bot.ui.limits import fields, pack_embeds

LOG_SHOWN = 8  # the latest entries of the draft log


def draft_embeds(view: DraftView) -> list[discord.Embed]:
    draft = view.draft
    if draft.status == "open" and draft.order:
        on_clock = draft.order[0]
        deadline = f" until <t:{int(draft.pick_deadline_at.timestamp())}:f>" if draft.pick_deadline_at else ""
        description = (
            f"On the clock: **{plain(view.names[on_clock])}** (<@{view.coaches[on_clock]}>){deadline}.\n"
            "Still to sign: " + ", ".join(plain(view.names[t]) for t in draft.order)
        )
    else:
        description = "The draft is complete."
    signed = [
        f"{plain(view.names.get(c.team_id, '?'))}: {plain(c.star)} ({gp(c.cost)})"
        + (" · Familiar Face (no Loner)" if c.familiar_face else "")
        for c in view.contracts
    ]
    log = draft.log[-LOG_SHOWN:]
    earlier = len(draft.log) - len(log)
    return pack_embeds(
        f"{plain(view.league.name)} season {view.season.number}: star signing draft",
        [
            *fields("Signed", signed, empty="nobody yet"),
            *fields("Draft log" + (f" (latest {len(log)} of {len(draft.log)})" if earlier else ""), log),
        ],
        description=description,
        colour=COLOUR,
    )


def market_embeds(market: StarMarket) -> list[discord.Embed]:
    unsigned = ", ".join(f"{plain(u.name)} ({gp(u.cost)})" for u in market.unsigned)
    signed = [f"{plain(c.star)}: {plain(team)}" for c, team in market.signed]
    return pack_embeds(
        f"{plain(market.league.name)}: star players",
        fields("Under contract this season", signed) if signed else [],
        description="**Unsigned, available as inducements:** " + unsigned,
        colour=COLOUR,
    )
