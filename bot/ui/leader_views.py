"""Leaderboards as embeds, a page of lines each (the cogs paginate them)."""

from __future__ import annotations

import discord

from bot.rules.league.leaders import STATS, Stat
from bot.services.league.leaders import Leaders
from bot.ui.formatting import plain
from bot.ui.league_views import COLOUR
from bot.ui.limits import one_embed

LEADER_PAGE_LINES = 15


def leader_lines(leaders: Leaders, stat: Stat) -> list[str]:
    """One short line per leader (reads on a phone): place, name, team (for a player), the count."""
    spec = STATS[stat]
    lines = []
    for leader in leaders.boards[stat]:
        team = "" if spec.teams else f" ({plain(leaders.team_names.get(leader.team_id, '?'))})"
        lines.append(f"**{leader.place}.** {plain(leader.name)}{team} · {spec.count(leader.value)}")
    return lines


def leader_pages(leaders: Leaders, stat: Stat, per_page: int = LEADER_PAGE_LINES) -> list[discord.Embed]:
    spec = STATS[stat]
    lines = leader_lines(leaders, stat) or [f"Nobody has any {spec.units} yet ({leaders.scope})."]
    pages = [lines[i : i + per_page] for i in range(0, len(lines), per_page)]
    title = f"{leaders.league.name}: {spec.title}, {leaders.scope}"
    note = "Ties share a place"
    if stat in ("points", "wins"):
        note += " · regular season, as the standings count them"
    return [
        one_embed(
            title,
            page,
            colour=COLOUR,
            footer=(f"Page {i} of {len(pages)} · " if len(pages) > 1 else "") + note,
        )
        for i, page in enumerate(pages, start=1)
    ]
