"""Secret Objectives as a coach reads them (/tournament objectives): his own, game by game; his opponent's
only once their game is confirmed."""

from __future__ import annotations

import discord

from bot.services.tournament.tournament_objectives import CoachObjectives, objective_lines
from bot.ui.league_views import COLOUR
from bot.ui.limits import pack_embeds


def objectives_embeds(found: CoachObjectives) -> list[discord.Embed]:
    lines: list[str] = []
    for game in found.games:
        fx = game.fixture
        head = f"**Round {fx.round_number}: {fx.label}** (#{fx.id}, {fx.status})"
        lines.append(head)
        mine = "Yours" + (f" ({game.achieved} of 3 achieved)" if game.achieved is not None else "") + ":"
        lines += [mine, *objective_lines(game.mine)]
        if game.theirs is None:
            lines.append("Your opponent's stay hidden until the game is confirmed.")
        else:
            names = ", ".join(entry.name for entry in game.theirs)
            lines.append(f"Your opponent's ({game.opponent_achieved or 0} of 3 achieved): {names}")
        lines.append("")
    return pack_embeds(
        f"{found.event.name}: Secret Objectives of {found.team_name}", description=lines, colour=COLOUR
    )
