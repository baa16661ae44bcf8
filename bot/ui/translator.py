"""Discord's side of the languages (bot/i18n): the commands' descriptions and choices in each shipped
language, and each interaction worded in its user's language.

`CommandTranslator` gives Discord every description and choice name in French, Spanish, Italian and German
from the same catalogues as the replies (command and option names stay English, as the docs name them).
`LocalisedTree` sets the user's language before any command or autocomplete runs; buttons and forms set it
in their one guard (bot/ui/buttons.py). What a channel sees is worded in the league's language inside
`i18n.using(...)` where it is drawn.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where

from bot import i18n

# Names stay English: the docs name the commands and options by them.
_KEPT = {Where.command_name, Where.group_name, Where.parameter_name}


class CommandTranslator(app_commands.Translator):
    """Descriptions and choice names from the catalogues; None (Discord shows the English) for a name,
    for a language not shipped, and for a text with no translation."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        return translated(string.message, locale.value, context.location)


def translated(text: str, locale: str, where: Where) -> str | None:
    """`text` in the shipped language Discord calls `locale`, or None to show the English."""
    if where in _KEPT or locale not in i18n.SHIPPED or locale == i18n.ENGLISH:
        return None
    return i18n.lookup(locale, text)


class LocalisedTree(app_commands.CommandTree[Any]):
    """The command tree: every command and autocomplete answers in its user's language."""

    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        i18n.set_language(i18n.pick(interaction.locale))
        return True
