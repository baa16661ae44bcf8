"""Embeds for star players under long-term contracts: the signing draft and the star market."""

from __future__ import annotations

import discord

from bot.i18n import _
from bot.services.league.contracts import DraftView, StarMarket
from bot.ui.formatting import gp, plain, timestamp
from bot.ui.league_views import COLOUR
from bot.ui.limits import fields, pack_embeds

LOG_SHOWN = 8  # the latest entries of the draft log


def draft_embeds(view: DraftView) -> list[discord.Embed]:
    draft = view.draft
    if draft.status == "open" and draft.order:
        on_clock = draft.order[0]
        team, coach = plain(view.names[on_clock]), view.coaches[on_clock]
        if draft.pick_deadline_at:
            clock = _(
                "On the clock: **{team}** (<@{coach}>) until {deadline}.",
                team=team,
                coach=coach,
                deadline=timestamp(draft.pick_deadline_at),
            )
        else:
            clock = _("On the clock: **{team}** (<@{coach}>).", team=team, coach=coach)
        still = _("Still to sign: {teams}", teams=", ".join(plain(view.names[t]) for t in draft.order))
        description = f"{clock}\n{still}"
    else:
        description = _("The draft is complete.")
    signed = [
        f"{plain(view.names.get(c.team_id, '?'))}: {plain(c.star)} ({gp(c.cost)})"
        + (" · " + _("Familiar Face (no Loner)") if c.familiar_face else "")
        for c in view.contracts
    ]
    log = draft.log[-LOG_SHOWN:]
    earlier = len(draft.log) - len(log)
    if earlier:
        log_name = _("Draft log (latest {shown} of {total})", shown=len(log), total=len(draft.log))
    else:
        log_name = _("Draft log")
    return pack_embeds(
        _(
            "{league} season {number}: star signing draft",
            league=plain(view.league.name),
            number=view.season.number,
        ),
        [*fields(_("Signed"), signed, empty=_("nobody yet")), *fields(log_name, log)],
        description=description,
        colour=COLOUR,
    )


def market_embeds(market: StarMarket) -> list[discord.Embed]:
    unsigned = ", ".join(f"{plain(u.name)} ({gp(u.cost)})" for u in market.unsigned)
    signed = [f"{plain(c.star)}: {plain(team)}" for c, team in market.signed]
    return pack_embeds(
        _("{league}: star players", league=plain(market.league.name)),
        fields(_("Under contract this season"), signed) if signed else [],
        description=_("**Unsigned, available as inducements:** {stars}", stars=unsigned),
        colour=COLOUR,
    )
