"""Paginated embeds whose buttons survive restarts.

A list registers a page source under a short name. Its message carries Previous/Next buttons whose
custom_id holds the source name, a key (e.g. channel and anchor ids) and the target page, so a click is
handled from the id alone, even after the bot restarted. Each click renders the page again from the
database, scoped to the clicking user's guild.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

import discord

from bot import i18n
from bot.errors import NotFound
from bot.i18n import _
from bot.ui.buttons import GuardedButton


@dataclass(frozen=True)
class RenderedPage:
    embed: discord.Embed
    page: int
    page_count: int
    key: str  # what the buttons carry to render the neighbouring pages (e.g. with an anchor id filled in)
    # the language the page is worded in when it is not the current one (a public list: its league's), so
    # that its buttons read alike; None: the current language
    language: str | None = None


PageSource = Callable[[discord.Interaction, str, int], Awaitable[RenderedPage]]
_SOURCES: dict[str, PageSource] = {}
_KEY = re.compile(r"^[A-Za-z0-9._-]*$")


def register_page_source(name: str, source: PageSource) -> None:
    if not re.fullmatch(r"[a-z_]+", name):
        raise ValueError(f"page source names are lowercase letters and underscores: {name!r}")
    _SOURCES[name] = source


class PageButton(
    GuardedButton,
    template=r"pg:(?P<source>[a-z_]+):(?P<key>[A-Za-z0-9._-]*):(?P<page>\d+):(?P<arrow>[pn])",
):
    def __init__(self, source: str, key: str, page: int, arrow: str, *, disabled: bool = False) -> None:
        if not _KEY.match(key):
            raise ValueError(f"page keys are letters, digits, dots, dashes and underscores: {key!r}")
        label = _("◀ Previous") if arrow == "p" else _("Next ▶")
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.secondary,
                disabled=disabled,
                custom_id=f"pg:{source}:{key}:{page}:{arrow}",
            )
        )
        self.source = source
        self.key = key
        self.page = page

    @classmethod
    def from_match(cls, match: re.Match[str]) -> PageButton:
        return cls(match["source"], match["key"], int(match["page"]), match["arrow"])

    async def clicked(self, interaction: discord.Interaction) -> None:
        source = _SOURCES.get(self.source)
        if source is None:
            raise NotFound(_("This list is no longer available; run the command again."))
        rendered = await source(interaction, self.key, self.page)
        await interaction.response.edit_message(embed=rendered.embed, view=page_view(self.source, rendered))


def page_view(source: str, rendered: RenderedPage) -> discord.ui.View | None:
    """Previous/Next buttons for a page (in the page's language), or None when everything fits on one page."""
    if rendered.page_count <= 1:
        return None
    key = rendered.key
    view = discord.ui.View(timeout=None)
    with i18n.using(rendered.language):
        view.add_item(PageButton(source, key, max(rendered.page - 1, 0), "p", disabled=rendered.page <= 0))
        view.add_item(
            PageButton(
                source,
                key,
                min(rendered.page + 1, rendered.page_count - 1),
                "n",
                disabled=rendered.page >= rendered.page_count - 1,
            )
        )
    return view


async def send_paginated(
    interaction: discord.Interaction, source: str, key: str, *, ephemeral: bool = True
) -> None:
    """Answer a command with page 0 of a registered source and its buttons."""
    rendered = await _SOURCES[source](interaction, key, 0)
    view = page_view(source, rendered)
    if view is None:
        await interaction.response.send_message(embed=rendered.embed, ephemeral=ephemeral)
    else:
        await interaction.response.send_message(embed=rendered.embed, view=view, ephemeral=ephemeral)
