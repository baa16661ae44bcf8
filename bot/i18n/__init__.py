"""Languages: English (the source), French, Spanish, Italian and German.

Every sentence a user reads is written in English inside `_()` (or `ngettext()` when it counts
something) with named placeholders, and looked up in gettext catalogues at the moment it is worded:

    _("{team} has no player #{number}.", team=team.name, number=number)
    ngettext("{n} player", "{n} players", len(players))

The language is the current one of this task (a context variable): an interaction sets its user's
language as it starts (`bot/ui/translator.py`), so ephemeral replies and refusals follow the user; what a
channel sees is worded inside `using(league.language)`, the league's or event's language. Rules terms
(team, position, skill, star, inducement and table names) are the catalogue's and are never passed
through `_()`.

The catalogues are `bot/i18n/locale/<language>/LC_MESSAGES/<part>.po`, one file per part of the code
(`PARTS` in bot/i18n/catalogs.py), merged into one gettext catalogue per language when first used;
Babel's plural rules come from each file's header. docs/TRANSLATING.md says how to add a language.
"""

from __future__ import annotations

import gettext
import io
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from datetime import datetime
from functools import cache
from pathlib import Path

from babel import Locale
from babel.dates import format_date
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.numbers import format_decimal

ENGLISH = "en"
# The languages shipped, by Discord's locale codes; English first (the source).
SHIPPED: tuple[str, ...] = (ENGLISH, "fr", "es-ES", "it", "de")
# Each language by its own name (the language setting's choices).
NAMES: dict[str, str] = {
    ENGLISH: "English",
    "fr": "Français",
    "es-ES": "Español",
    "it": "Italiano",
    "de": "Deutsch",
}
# Discord locale -> shipped language, for locales a shipped language serves better than English.
_ALSO = {"en-US": ENGLISH, "en-GB": ENGLISH, "es-419": "es-ES"}
LOCALE_DIR = Path(__file__).parent / "locale"

_current: ContextVar[str] = ContextVar("language", default=ENGLISH)


def pick(locale: object) -> str:
    """The shipped language for a Discord locale (`discord.Locale` or its code), English otherwise."""
    code = str(getattr(locale, "value", locale or ""))
    if code in SHIPPED:
        return code
    return _ALSO.get(code, ENGLISH)


def folder(language: str) -> str:
    """The catalogue folder of a language: gettext's and Babel's name for it (es-ES -> es_ES)."""
    return language.replace("-", "_")


@cache
def babel_locale(language: str) -> Locale:
    return Locale.parse(folder(language))


def current() -> str:
    """The language sentences are worded in now."""
    return _current.get()


def set_language(language: str) -> None:
    """Word everything from here on in this task in `language` (an interaction's user's language)."""
    _current.set(pick(language))


@contextmanager
def using(language: str | None) -> Iterator[None]:
    """Word what is inside in `language` (a league's, for what its channel sees); None keeps the current."""
    if language is None:
        yield
        return
    token = _current.set(pick(language))
    try:
        yield
    finally:
        _current.reset(token)


@cache
def translations(language: str) -> gettext.NullTranslations:
    """The merged catalogue of a shipped language (English: none, the source is English). Its plural rule
    is Babel's for the language, as in every part's header."""
    if pick(language) == ENGLISH:
        return gettext.NullTranslations()
    merged = Catalog(locale=folder(language))
    for path in sorted((LOCALE_DIR / folder(language) / "LC_MESSAGES").glob("*.po")):
        with path.open("rb") as file:
            part = read_po(file, locale=folder(language))
        for message in part:
            if message.id and message.string and not message.fuzzy:
                merged[message.id] = message
    buffer = io.BytesIO()
    write_mo(buffer, merged)
    buffer.seek(0)
    return gettext.GNUTranslations(buffer)


def lookup(language: str, message: str) -> str | None:
    """The translation of `message` in a shipped language, or None where the catalogue has none."""
    found = getattr(translations(language), "_catalog", {}).get(message)
    return found if isinstance(found, str) else None


def _(message: str, /, **values: object) -> str:
    """`message` in the current language, its `{placeholders}` filled from `values`."""
    text = translations(current()).gettext(message)
    return text.format(**values) if values else text


def ngettext(singular: str, plural: str, n: int, /, **values: object) -> str:
    """The singular or plural sentence for `n` by the current language's plural rule; `{n}` is `n`
    written the language's way unless `values` gives it."""
    text = translations(current()).ngettext(singular, plural, n)
    return text.format(**{"n": number(n), **values})


def N_(message: str, /) -> str:
    """Marks a sentence kept in a table for translation where it is used: `_(TABLE[key])`."""
    return message


def number(value: int | float) -> str:
    """A number written the current language's way: 1,050,000 / 1 050 000 / 1.050.000."""
    language = current()
    if language == ENGLISH and isinstance(value, int):
        return f"{value:,}"  # what Babel writes for English, twenty times faster (every price is one)
    return format_decimal(value, locale=babel_locale(language))


def date(moment: datetime) -> str:
    """A date the current language's way (the web view; Discord shows <t:...> in each reader's own)."""
    return format_date(moment, format="medium", locale=babel_locale(current()))
