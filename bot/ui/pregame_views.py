"""A fixture's pre-game sequence as embeds: each step of its ruleset in order (shared by /match pregame and
/league record)."""

from __future__ import annotations

import discord

from bot.services.match.pregame import PregameView
from bot.ui.formatting import plain
from bot.ui.league_views import COLOUR
from bot.ui.limits import Field, fields, pack_embeds

KIND = {"roll": "🎲", "command": "➡️", "skipped": "⏭️"}


def pregame_embeds(view: PregameView) -> list[discord.Embed]:
    body: list[Field] = []
    for number, step in enumerate(view.steps, start=1):
        lines = [*step.lines, *(f"Recorded: {plain(text)}" for text in step.recorded)]
        body += fields(f"{number}. {KIND[step.step.kind]} {step.step.name}", lines or ["—"])
    rolled = f"Rolled now: {len(view.rolled)} step(s). " if view.rolled else ""
    return pack_embeds(
        f"Pre-game: {plain(view.fixture.label)}",
        body,
        description=f"{view.ruleset.name} sequence · fixture #{view.fixture.id}. {rolled}"
        "Every die is in /roll-history.",
        colour=COLOUR,
    )
