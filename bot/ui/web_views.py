"""The reply to `/league web` and `/event web`: the league's public link and what was done with it."""

from __future__ import annotations

from discord import app_commands

from bot.services.web_links import LinkAction, LinkState
from bot.ui.formatting import plain

WEB_ACTION_CHOICES = [
    app_commands.Choice(name="show the link", value="show"),
    app_commands.Choice(name="turn the link on", value="on"),
    app_commands.Choice(name="turn the link off", value="off"),
    app_commands.Choice(name="replace the link (the old one stops working)", value="replace"),
]


def link_text(state: LinkState, action: LinkAction, base_url: str | None) -> str:
    """What the link is now, and where it leads; said plainly when the bot serves no web view."""
    name = plain(state.league.name)
    if state.token is None:
        return f"{name} has no web page yet: use `action: turn the link on` to make its link."
    if not state.enabled:
        return (
            f"{name}'s web page is off: its link shows nothing. Turn it on again to share the same link, "
            "or replace it for a new one."
        )
    done = (
        "has a new link; the old one shows nothing now" if action == "replace" and state.changed else "is on"
    )
    if base_url is None:
        where = (
            "This bot does not serve its web view (its host sets WEB_PORT), so the link cannot be opened yet."
        )
    else:
        where = f"<{base_url}/l/{state.token}/>"
    return (
        f"{name}'s read-only web page {done}:\n{where}\n"
        "Anyone with the link can read it; replace the link to shut out those you gave it to."
    )
