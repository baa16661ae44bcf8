"""Leaderboards as embeds, a page of lines each (the cogs paginate them). A leaderboard is public: it is
worded in its league's language."""

from __future__ import annotations

import discord

from bot import i18n
from bot.i18n import _
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
    with i18n.using(leaders.league.language):
        spec = STATS[stat]
        lines = leader_lines(leaders, stat) or [_(spec.nobody, scope=leaders.scope)]
        pages = [lines[i : i + per_page] for i in range(0, len(lines), per_page)]
        title = _(
            "{league}: {board}, {scope}", league=leaders.league.name, board=_(spec.title), scope=leaders.scope
        )
        note = _("Ties share a place")
        if stat in ("points", "wins"):
            note += " · " + _("regular season, as the standings count them")
        return [
            one_embed(
                title,
                page,
                colour=COLOUR,
                footer=(
                    _("Page {page} of {pages}", page=i, pages=len(pages)) + " · " if len(pages) > 1 else ""
                )
                + note,
            )
            for i, page in enumerate(pages, start=1)
        ]
