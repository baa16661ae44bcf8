"""Checks every service runs on the values a user sent, whatever sent them (a slash command, a button, the
simulator, a script): Discord's option ranges and choices are a convenience, not a guarantee.

Each check raises an InvalidInput (or NotFound for a reference) that says what is allowed: a value the
command does not take is the user's typing, not a rule of the game (those are RuleViolations, in bot/rules).
`what` names the value in the refusal and is worded by the caller: `whole(page, 0, 99, _("the page"))`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import TypeVar

from pydantic import ValidationError

from bot import i18n
from bot.errors import InvalidInput, NotFound
from bot.i18n import N_, _

T = TypeVar("T")
ID_MAX = 2**63 - 1  # the largest id SQLite stores (Discord's snowflakes fit)
_ID = re.compile(r"[0-9]{1,18}")  # ASCII digits that fit a SQLite INTEGER (below 2^63)
REASON_MOST = 300  # the characters of a reason kept in the log
LEAGUE_LOG = N_("Give a reason: it is kept in the league log.")


def row_id(text: str) -> int | None:
    """The number in a reference such as '12' (from 'f:12', '#12', 'p:12'), or None if it is not one."""
    return int(text) if _ID.fullmatch(text) else None


def whole(value: object, low: int, high: int, what: str) -> int:
    """A whole number within [low, high], or a refusal saying so."""
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise InvalidInput(
            _(
                "Give {what} as a whole number from {low} to {high}.",
                what=what,
                low=i18n.number(low),
                high=i18n.number(high),
            )
        )
    return value


def an_id(value: object, what: str) -> int:
    """An id the bot itself handed out (in a button, a mention, an autocomplete value); anything else is
    no such thing."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= ID_MAX:
        raise NotFound(_("There is no such {what}.", what=what))
    return value


def optional_id(value: object, what: str) -> int | None:
    return None if value is None else an_id(value, what)


def optional_whole(value: object, low: int, high: int, what: str) -> int | None:
    return None if value is None else whole(value, low, high, what)


def one_of(value: object, allowed: Iterable[T], what: str) -> T:
    """The allowed choice equal to the value, or a refusal that lists them.

    The result is typed as the choices are: a text checked against a tuple of a Literal's values comes
    back as that Literal (see e.g. `FIXTURE_SCOPES`), so the type travels on without a cast."""
    choices = list(allowed)
    for choice in choices:
        if choice == value:
            return choice
    listed = ", ".join(str(c) for c in choices)
    raise InvalidInput(_("Choose {what} from: {choices}.", what=what, choices=listed))


def text_of(value: object, what: str, most: int) -> str:
    """Text a user typed, on one line: not empty and at most `most` characters."""
    cleaned = " ".join(value.split()) if isinstance(value, str) else ""
    if not cleaned or len(cleaned) > most:
        raise InvalidInput(_("Give {what} as text of 1 to {most} characters.", what=what, most=most))
    return cleaned


def optional_reason(value: str | None, most: int = REASON_MOST) -> str | None:
    """A reason a user gave, on one line and cut to `most` characters; None when none was given."""
    return " ".join((value or "").split())[:most] or None


def reason_of(value: str, refusal: str | None = None) -> str:
    """A reason the action needs (it is kept in the log): `refusal` (worded by the caller) when none was
    given, else that it is kept in the league log."""
    cleaned = optional_reason(value)
    if cleaned is None:
        raise InvalidInput(refusal or _(LEAGUE_LOG))
    return cleaned


def validation_message(error: ValidationError) -> str:
    """What is wrong with the settings a user gave, in a line: the first error and where it is."""
    first = error.errors()[0]
    where = ".".join(str(part) for part in first["loc"])
    message = str(first["msg"]).removeprefix("Value error, ")
    return f"{where}: {message}" if where else message
