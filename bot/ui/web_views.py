"""The reply to `/league web` and `/event web`: the league's public link and what was done with it."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord

from bot.i18n import N_, _
from bot.services.inputs import one_of
from bot.services.records import Kind
from bot.services.web import web_links
from bot.services.web.web_links import LINK_ACTIONS, LinkAction, LinkState
from bot.ui.context import actor_of, runtime_of
from bot.ui.formatting import plain
from bot.ui.options import choices

if TYPE_CHECKING:
    from bot.host import Host

# The action's choices (their names are translated on the command tree; a reply names one as `_(...)`).
WEB_ACTIONS = {
    "show": N_("show the link"),
    "on": N_("turn the link on"),
    "off": N_("turn the link off"),
    "replace": N_("replace the link (the old one stops working)"),
}
WEB_ACTION_CHOICES = choices(WEB_ACTIONS)


def link_text(state: LinkState, action: LinkAction, base_url: str | None) -> str:
    """What the link is now, and where it leads; said plainly when the bot serves no web view."""
    name = plain(state.league.name)
    if state.token is None:
        return _(
            "{name} has no web page yet: use `action: {action}` to make its link.",
            name=name,
            action=_(WEB_ACTIONS["on"]),
        )
    if not state.enabled:
        return _(
            "{name}'s web page is off: its link shows nothing. Turn it on again to share the same link, "
            "or replace it for a new one.",
            name=name,
        )
    if action == "replace" and state.changed:
        done = _("{name}'s read-only web page has a new link; the old one shows nothing now:", name=name)
    else:
        done = _("{name}'s read-only web page is on:", name=name)
    if base_url is None:
        where = _(
            "This bot does not serve its web view (its host sets WEB_PORT), so the link cannot be opened yet."
        )
    else:
        where = f"<{base_url}/l/{state.token}/>"
    anyone = _("Anyone with the link can read it; replace the link to shut out those you gave it to.")
    return f"{done}\n{where}\n{anyone}"


async def answer_link(
    league_bot: Host, interaction: discord.Interaction, reference: str | None, action: str, kind: Kind
) -> None:
    """`/league web` and `/event web`: do the action on the league's (or event's) link, answer privately."""
    chosen = one_of(action, LINK_ACTIONS, _("an action"))
    state = await web_links.set_link(runtime_of(interaction), actor_of(interaction), reference, chosen, kind)
    await interaction.response.send_message(
        link_text(state, chosen, league_bot.settings.web_base_url()), ephemeral=True
    )
