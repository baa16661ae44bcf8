"""Rendering of a tournament's rankings and awards (seed 000, Awards) and of a coach's secret ballot."""

from __future__ import annotations

import discord

from bot.services.tournament.tournament_awards import Ballot, Standing, standing_lines
from bot.ui.formatting import plain
from bot.ui.league_views import COLOUR
from bot.ui.limits import pack_embeds


def standing_embeds(standing: Standing) -> list[discord.Embed]:
    """The whole rankings and every award, split over as many embeds as it takes (never clipped)."""
    state = "final" if standing.final else "provisional"
    return pack_embeds(
        f"{standing.event.name}: rankings and awards ({state})",
        description=standing_lines(standing),
        colour=COLOUR,
    )


def ballot_text(ballot: Ballot) -> str:
    """The coach's own vote, told to them alone."""
    text = f"Your Favourite Opponent vote in {plain(ballot.event.name)}: **{plain(ballot.opponent.name)}**."
    if ballot.painted is not None:
        text += f"\nYour Best Painted vote: **{plain(ballot.painted.name)}**."
    return text + "\nVotes are secret; voting again replaces your vote."
