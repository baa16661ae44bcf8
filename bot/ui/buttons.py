"""The one base for the bot's buttons that survive restarts (and for its modals).

A `GuardedButton` is a `discord.ui.DynamicItem` wrapping a `discord.ui.Button`: its custom_id carries
everything a click needs, so it works after a restart. discord.py only logs what a dynamic item's callback
raises (a component has no tree error handler), so every click runs inside one guard here: a DomainError
answers the user with its message, anything else with an error id for a logged traceback
(`bot.ui.errors.report_error`). Subclasses say how they are rebuilt from their custom_id (`from_match`)
and what a click does (`clicked`). A `GuardedModal` does the same for what a submitted form does
(`submitted`).
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from typing import Any, Self

import discord

from bot import i18n
from bot.ui.errors import report_error


class GuardedButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"(?!)"):
    """A restart-proof button whose every click is answered, also when it fails.

    The base template matches nothing: only the subclasses (each with its own template) are registered.
    """

    @classmethod
    def from_match(cls, match: re.Match[str]) -> Self:
        """The button again, from its custom_id's named groups."""
        raise NotImplementedError

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        return cls.from_match(match)

    async def clicked(self, interaction: discord.Interaction) -> None:
        """What a click does; any error it raises becomes a short ephemeral reply."""
        raise NotImplementedError

    async def callback(self, interaction: discord.Interaction) -> None:
        await _guarded(self.clicked, interaction)


class GuardedModal(discord.ui.Modal):
    """A form whose every submission is answered, also when it fails (the same guard as a button's)."""

    async def submitted(self, interaction: discord.Interaction) -> None:
        """What submitting the form does; any error it raises becomes a short ephemeral reply."""
        raise NotImplementedError

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await _guarded(self.submitted, interaction)


async def _guarded(
    action: Callable[[discord.Interaction], Awaitable[None]], interaction: discord.Interaction
) -> None:
    i18n.set_language(i18n.pick(interaction.locale))  # the clicker's language, as a command's
    try:
        await action(interaction)
    except Exception as error:  # a component has no tree error handler: answer here
        await report_error(interaction, error)
