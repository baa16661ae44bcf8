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
from bot.i18n import N_, _, ngettext

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


# pydantic's own refusals, by their type, as its English says them (worded in another language: _pydantic).
PYDANTIC = {
    "greater_than": N_("Input should be greater than {gt}"),
    "greater_than_equal": N_("Input should be greater than or equal to {ge}"),
    "less_than": N_("Input should be less than {lt}"),
    "less_than_equal": N_("Input should be less than or equal to {le}"),
    "int_type": N_("Input should be a valid integer"),
    "int_parsing": N_("Input should be a valid integer, unable to parse string as an integer"),
    "int_from_float": N_("Input should be a valid integer, got a number with a fractional part"),
    "bool_type": N_("Input should be a valid boolean"),
    "bool_parsing": N_("Input should be a valid boolean, unable to interpret input"),
    "string_type": N_("Input should be a valid string"),
    "literal_error": N_("Input should be one of: {expected}"),
    "missing": N_("Field required"),
    "extra_forbidden": N_("Extra inputs are not permitted"),
}


def _pydantic(kind: str, context: dict[str, object]) -> str | None:
    """One of pydantic's refusals in the current language (None: a kind the bot does not word, or English,
    where pydantic's own message is the sentence)."""
    values = {
        k: i18n.number(v) if isinstance(v, int | float) and not isinstance(v, bool) else v
        for k, v in context.items()
    }
    if kind == "literal_error":  # "'a', 'b' or 'c'": the choices, without pydantic's English "or"
        values["expected"] = ", ".join(re.split(r", | or ", str(context.get("expected", ""))))
    if kind in PYDANTIC:
        return _(PYDANTIC[kind], **values)
    if kind == "string_too_long":
        return ngettext(
            "String should have at most {n} character",
            "String should have at most {n} characters",
            int(str(context["max_length"])),
        )
    if kind == "string_too_short":
        return ngettext(
            "String should have at least {n} character",
            "String should have at least {n} characters",
            int(str(context["min_length"])),
        )
    if kind == "too_long":
        return ngettext(
            "Should have at most {n} item, not {actual}",
            "Should have at most {n} items, not {actual}",
            int(str(context["max_length"])),
            actual=values.get("actual_length", "?"),
        )
    if kind == "too_short":
        return ngettext(
            "Should have at least {n} item, not {actual}",
            "Should have at least {n} items, not {actual}",
            int(str(context["min_length"])),
            actual=values.get("actual_length", "?"),
        )
    return None


def validation_message(error: ValidationError) -> str:
    """What is wrong with the settings a user gave, in a line: the first error and where it is. pydantic's
    own refusals are worded in the current language (its English is kept as it is); a validator's
    ValueError is the rules' sentence, worded where it was raised."""
    first = error.errors()[0]
    where = ".".join(str(part) for part in first["loc"])
    message = str(first["msg"]).removeprefix("Value error, ")
    if i18n.current() != i18n.ENGLISH and first["type"] != "value_error":
        message = _pydantic(str(first["type"]), dict(first.get("ctx") or {})) or message
    return f"{where}: {message}" if where else message
