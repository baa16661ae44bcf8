"""Secret Objectives as a coach reads them (/tournament objectives): his own, game by game; his opponent's
only once their game is confirmed."""

from __future__ import annotations

import discord

from bot.i18n import _
from bot.rules.statuses import fixture_status
from bot.services.tournament.tournament_objectives import CoachObjectives, objective_lines
from bot.ui.league_views import COLOUR
from bot.ui.limits import pack_embeds


def objectives_embeds(found: CoachObjectives) -> list[discord.Embed]:
    lines: list[str] = []
    for game in found.games:
        fx = game.fixture
        head = _(
            "**Round {round}: {fixture}** (#{id}, {status})",
            round=fx.round_number,
            fixture=fx.label,
            id=fx.id,
            status=fixture_status(fx.status),
        )
        lines.append(head)
        if game.achieved is not None:
            mine = _("Yours ({achieved} of 3 achieved):", achieved=game.achieved)
        else:
            mine = _("Yours:")
        lines += [mine, *objective_lines(game.mine)]
        if game.theirs is None:
            lines.append(_("Your opponent's stay hidden until the game is confirmed."))
        else:
            names = ", ".join(entry.name for entry in game.theirs)
            lines.append(
                _(
                    "Your opponent's ({achieved} of 3 achieved): {objectives}",
                    achieved=game.opponent_achieved or 0,
                    objectives=names,
                )
            )
        lines.append("")
    return pack_embeds(
        _("{event}: Secret Objectives of {team}", event=found.event.name, team=found.team_name),
        description=lines,
        colour=COLOUR,
    )
