"""A fixture's pre-game sequence as embeds: each step of its ruleset in order (shared by /match pregame and
/league record)."""

from __future__ import annotations

import discord

from bot.i18n import _, ngettext
from bot.services.match.pregame import PregameView
from bot.ui.formatting import plain
from bot.ui.league_views import COLOUR
from bot.ui.limits import Field, fields, pack_embeds

KIND = {"roll": "🎲", "command": "➡️", "skipped": "⏭️"}


def pregame_embeds(view: PregameView) -> list[discord.Embed]:
    body: list[Field] = []
    for number, step in enumerate(view.steps, start=1):
        lines = [*step.lines, *(_("Recorded: {text}", text=plain(text)) for text in step.recorded)]
        body += fields(f"{number}. {KIND[step.step.kind]} {_(step.step.name)}", lines or ["—"])
    rolled = (
        ngettext("Rolled now: {n} step(s).", "Rolled now: {n} step(s).", len(view.rolled)) + " "
        if view.rolled
        else ""
    )
    sequence = _("{ruleset} sequence · fixture #{id}.", ruleset=view.ruleset.name, id=view.fixture.id)
    return pack_embeds(
        _("Pre-game: {fixture}", fixture=plain(view.fixture.label)),
        body,
        description=f"{sequence} {rolled}" + _("Every die is in /roll-history."),
        colour=COLOUR,
    )
