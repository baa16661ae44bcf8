"""Rendering of a tournament's rankings and awards (seed 000, Awards) and of a coach's secret ballot."""

from __future__ import annotations

import discord

from bot.i18n import _
from bot.services.tournament.tournament_awards import Ballot, Standing, standing_lines
from bot.ui.formatting import plain
from bot.ui.league_views import COLOUR
from bot.ui.limits import pack_embeds


def standing_embeds(standing: Standing) -> list[discord.Embed]:
    """The whole rankings and every award, split over as many embeds as it takes (never clipped)."""
    if standing.final:
        title = _("{event}: rankings and awards (final)", event=standing.event.name)
    else:
        title = _("{event}: rankings and awards (provisional)", event=standing.event.name)
    return pack_embeds(title, description=standing_lines(standing), colour=COLOUR)


def ballot_text(ballot: Ballot) -> str:
    """The coach's own vote, told to them alone."""
    text = _(
        "Your Favourite Opponent vote in {event}: **{opponent}**.",
        event=plain(ballot.event.name),
        opponent=plain(ballot.opponent.name),
    )
    if ballot.painted is not None:
        text += "\n" + _("Your Best Painted vote: **{team}**.", team=plain(ballot.painted.name))
    return text + "\n" + _("Votes are secret; voting again replaces your vote.")
