"""Discord's documented payload limits, as pure functions.

Each check takes the JSON payload the bot sends and returns the list of violations, each with the path of
the offending value (`embeds[0].fields[3].value: 1,187 > 1,024`). The fake Discord refuses a request with
any violation the way Discord does (HTTP 400, code 50035 "Invalid Form Body"), so every e2e test checks
every payload. As strict as Discord, never stricter: where the documentation leaves room, the check allows.

Sources: Discord developer documentation, "Message Resource" (content 2,000, 10 embeds), "Embed Limits",
"Component Reference" (action rows, buttons, selects, text inputs), "Interactions: Receiving and
Responding" (modals, autocomplete), "Application Commands" (names, descriptions, options, choices, the
4,000-character budget, 100 chat-input commands).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

CONTENT = 2000
ATTACHMENT_SIZE = 8 * 1024 * 1024  # a server without boosts: each uploaded file
EMBEDS = 10
EMBED_TITLE = 256
EMBED_DESCRIPTION = 4096
EMBED_FIELDS = 25
FIELD_NAME = 256
FIELD_VALUE = 1024
FOOTER_TEXT = 2048
AUTHOR_NAME = 256
EMBEDS_TOTAL = 6000
ACTION_ROWS = 5
BUTTONS_PER_ROW = 5
CUSTOM_ID = 100
BUTTON_LABEL = 80
SELECT_OPTIONS = 25
SELECT_OPTION_TEXT = 100  # label, value and description of an option
SELECT_PLACEHOLDER = 150
MODAL_TITLE = 45
MODAL_ROWS = 5
TEXT_INPUT_LABEL = 45
TEXT_INPUT_PLACEHOLDER = 100
TEXT_INPUT_VALUE = 4000
LABEL_DESCRIPTION = 100
AUTOCOMPLETE_CHOICES = 25
CHOICE_NAME = 100
CHOICE_VALUE = 100
COMMAND_NAME = 32
COMMAND_DESCRIPTION = 100
COMMAND_OPTIONS = 25
OPTION_CHOICES = 25
COMMAND_TOTAL = 4000  # in each locale
# Discord's locales (https://discord.com/developers/docs/reference#locales)
LOCALES = frozenset(
    [
        "id",
        "da",
        "de",
        "en-GB",
        "en-US",
        "es-ES",
        "es-419",
        "fr",
        "hr",
        "it",
        "lt",
        "hu",
        "nl",
        "no",
        "pl",
        "pt-BR",
        "ro",
        "fi",
        "sv-SE",
        "vi",
        "tr",
        "cs",
        "el",
        "bg",
        "ru",
        "uk",
        "hi",
        "th",
        "zh-CN",
        "ja",
        "zh-TW",
        "ko",
    ]
)
CHAT_INPUT_COMMANDS = 100
CONTEXT_MENU_COMMANDS = 5  # of each kind: user, message

ACTION_ROW, BUTTON, STRING_SELECT, TEXT_INPUT = 1, 2, 3, 4
SELECTS = {3, 5, 6, 7, 8}  # string, user, role, mentionable, channel
LABEL, TEXT_DISPLAY = 18, 10
LINK_STYLE, PREMIUM_STYLE = 5, 6
SUB_COMMAND, SUB_COMMAND_GROUP = 1, 2
CHAT_INPUT, USER_COMMAND, MESSAGE_COMMAND = 1, 2, 3


@dataclass(frozen=True)
class Violation:
    path: str
    problem: str

    def __str__(self) -> str:
        return f"{self.path}: {self.problem}"


def _n(value: int) -> str:
    return f"{value:,}"


def _length(path: str, text: Any, maximum: int, minimum: int = 0) -> list[Violation]:
    if text is None:
        return [Violation(path, "missing")] if minimum > 0 else []
    size = len(str(text))
    if size > maximum:
        return [Violation(path, f"{_n(size)} > {_n(maximum)}")]
    if size < minimum:
        return [Violation(path, f"{_n(size)} < {_n(minimum)}")]
    return []


def _count(path: str, items: Sequence[Any] | None, maximum: int, minimum: int = 0) -> list[Violation]:
    size = len(items or [])
    if size > maximum:
        return [Violation(path, f"{_n(size)} items > {_n(maximum)}")]
    if size < minimum:
        return [Violation(path, f"{_n(size)} items < {_n(minimum)}")]
    return []


# --- messages ---------------------------------------------------------------------------------------------


def embed_size(embed: Mapping[str, Any]) -> int:
    """The characters Discord counts toward the 6,000 of one message: title, description, field names and
    values, footer text, author name."""
    size = len(str(embed.get("title") or "")) + len(str(embed.get("description") or ""))
    for field in embed.get("fields") or []:
        size += len(str(field.get("name") or "")) + len(str(field.get("value") or ""))
    size += len(str((embed.get("footer") or {}).get("text") or ""))
    size += len(str((embed.get("author") or {}).get("name") or ""))
    return size


def embed_violations(embed: Mapping[str, Any], path: str) -> list[Violation]:
    found = _length(f"{path}.title", embed.get("title"), EMBED_TITLE)
    found += _length(f"{path}.description", embed.get("description"), EMBED_DESCRIPTION)
    fields = embed.get("fields") or []
    found += _count(f"{path}.fields", fields, EMBED_FIELDS)
    for i, field in enumerate(fields):
        found += _length(f"{path}.fields[{i}].name", field.get("name"), FIELD_NAME, 1)
        found += _length(f"{path}.fields[{i}].value", field.get("value"), FIELD_VALUE, 1)
    if embed.get("footer") is not None:
        found += _length(f"{path}.footer.text", embed["footer"].get("text"), FOOTER_TEXT)
    if embed.get("author") is not None:
        found += _length(f"{path}.author.name", embed["author"].get("name"), AUTHOR_NAME)
    return found


def embeds_violations(embeds: Sequence[Mapping[str, Any]] | None) -> list[Violation]:
    embeds = embeds or []
    found = _count("embeds", embeds, EMBEDS)
    for i, embed in enumerate(embeds):
        found += embed_violations(embed, f"embeds[{i}]")
    total = sum(embed_size(embed) for embed in embeds)
    if total > EMBEDS_TOTAL:
        found.append(Violation("embeds", f"{_n(total)} characters in all embeds > {_n(EMBEDS_TOTAL)}"))
    return found


def _custom_id(path: str, component: Mapping[str, Any]) -> list[Violation]:
    return _length(f"{path}.custom_id", component.get("custom_id"), CUSTOM_ID, 1)


def _select_violations(select: Mapping[str, Any], path: str) -> list[Violation]:
    found = _custom_id(path, select)
    found += _length(f"{path}.placeholder", select.get("placeholder"), SELECT_PLACEHOLDER)
    if select.get("type") == STRING_SELECT:
        options = select.get("options") or []
        found += _count(f"{path}.options", options, SELECT_OPTIONS, 1)
        for i, option in enumerate(options):
            where = f"{path}.options[{i}]"
            found += _length(f"{where}.label", option.get("label"), SELECT_OPTION_TEXT, 1)
            found += _length(f"{where}.value", option.get("value"), SELECT_OPTION_TEXT, 1)
            found += _length(f"{where}.description", option.get("description"), SELECT_OPTION_TEXT)
    for key in ("min_values", "max_values"):
        value = select.get(key)
        if value is not None and not 0 <= int(value) <= SELECT_OPTIONS:
            found.append(Violation(f"{path}.{key}", f"{value} is not within 0-{SELECT_OPTIONS}"))
    return found


def _button_violations(button: Mapping[str, Any], path: str) -> list[Violation]:
    found = _length(f"{path}.label", button.get("label"), BUTTON_LABEL)
    style = button.get("style")
    if style == LINK_STYLE:
        if not button.get("url"):
            found.append(Violation(f"{path}.url", "a link button needs a url"))
    elif style != PREMIUM_STYLE:
        found += _custom_id(path, button)
    return found


def components_violations(rows: Sequence[Mapping[str, Any]] | None) -> list[Violation]:
    """The components of a message: at most 5 action rows of at most 5 buttons, or one select."""
    rows = rows or []
    found = _count("components", rows, ACTION_ROWS)
    for r, row in enumerate(rows):
        path = f"components[{r}]"
        if row.get("type") != ACTION_ROW:
            found.append(Violation(f"{path}.type", f"{row.get('type')} is not an action row"))
            continue
        children = row.get("components") or []
        found += _count(f"{path}.components", children, BUTTONS_PER_ROW, 1)
        kinds = [child.get("type") for child in children]
        if any(kind in SELECTS for kind in kinds) and len(children) > 1:
            found.append(Violation(f"{path}.components", "a select must be alone in its row"))
        for c, child in enumerate(children):
            where = f"{path}.components[{c}]"
            kind = child.get("type")
            if kind == BUTTON:
                found += _button_violations(child, where)
            elif kind in SELECTS:
                found += _select_violations(child, where)
            else:
                found.append(Violation(f"{where}.type", f"{kind} is not allowed in a message's row"))
    return found


def message_violations(body: Mapping[str, Any] | None, *, new: bool = True) -> list[Violation]:
    """A message the bot posts (new=True: it must not be empty) or edits (only what it changes)."""
    body = body or {}
    found = _length("content", body.get("content"), CONTENT)
    found += embeds_violations(body.get("embeds"))
    found += components_violations(body.get("components"))
    if new and not any(
        body.get(key) for key in ("content", "embeds", "components", "attachments", "sticker_ids", "poll")
    ):
        found.append(Violation("content", "cannot send an empty message"))
    return found


# --- interaction answers ----------------------------------------------------------------------------------


def _text_input_violations(component: Mapping[str, Any], path: str, *, labelled: bool) -> list[Violation]:
    found = _custom_id(path, component)
    if not labelled:
        found += _length(f"{path}.label", component.get("label"), TEXT_INPUT_LABEL, 1)
    found += _length(f"{path}.placeholder", component.get("placeholder"), TEXT_INPUT_PLACEHOLDER)
    found += _length(f"{path}.value", component.get("value"), TEXT_INPUT_VALUE)
    for key, low in (("min_length", 0), ("max_length", 1)):
        value = component.get(key)
        if value is not None and not low <= int(value) <= TEXT_INPUT_VALUE:
            found.append(Violation(f"{path}.{key}", f"{value} is not within {low}-{_n(TEXT_INPUT_VALUE)}"))
    return found


def modal_violations(data: Mapping[str, Any]) -> list[Violation]:
    """A modal (callback type 9): title 45, custom_id 1-100, 1-5 rows, text input labels 45."""
    found = _length("title", data.get("title"), MODAL_TITLE, 1)
    found += _length("custom_id", data.get("custom_id"), CUSTOM_ID, 1)
    rows = data.get("components") or []
    found += _count("components", rows, MODAL_ROWS, 1)
    for r, row in enumerate(rows):
        path = f"components[{r}]"
        kind = row.get("type")
        if kind == ACTION_ROW:
            children = row.get("components") or []
            found += _count(f"{path}.components", children, 1, 1)
            for c, child in enumerate(children):
                where = f"{path}.components[{c}]"
                if child.get("type") == TEXT_INPUT:
                    found += _text_input_violations(child, where, labelled=False)
                else:
                    found.append(Violation(f"{where}.type", f"{child.get('type')} is not a text input"))
        elif kind == LABEL:
            found += _length(f"{path}.label", row.get("label"), TEXT_INPUT_LABEL, 1)
            found += _length(f"{path}.description", row.get("description"), LABEL_DESCRIPTION)
            child = row.get("component") or {}
            where = f"{path}.component"
            if child.get("type") == TEXT_INPUT:
                found += _text_input_violations(child, where, labelled=True)
            elif child.get("type") in SELECTS:
                found += _select_violations(child, where)
            else:
                found.append(Violation(f"{where}.type", f"{child.get('type')} is not allowed in a label"))
        elif kind != TEXT_DISPLAY:
            found.append(Violation(f"{path}.type", f"{kind} is not allowed in a modal"))
    return found


def autocomplete_violations(data: Mapping[str, Any]) -> list[Violation]:
    """Autocomplete choices (callback type 8): at most 25, name 1-100, a string value up to 100."""
    choices = data.get("choices") or []
    found = _count("choices", choices, AUTOCOMPLETE_CHOICES)
    for i, choice in enumerate(choices):
        found += _length(f"choices[{i}].name", choice.get("name"), CHOICE_NAME, 1)
        if isinstance(choice.get("value"), str):
            found += _length(f"choices[{i}].value", choice["value"], CHOICE_VALUE)
    return found


def interaction_callback_violations(body: Mapping[str, Any]) -> list[Violation]:
    """POST /interactions/{id}/{token}/callback: paths are under `data`, like Discord's error."""
    kind = int(body.get("type") or 0)
    data = body.get("data") or {}
    if kind == 4:
        found = message_violations(data)
    elif kind == 7:
        found = message_violations(data, new=False)
    elif kind == 8:
        found = autocomplete_violations(data)
    elif kind == 9:
        found = modal_violations(data)
    else:
        found = []
    return [Violation(f"data.{v.path}", v.problem) for v in found]


# --- application commands ---------------------------------------------------------------------------------


def _name_character_ok(char: str) -> bool:
    # Discord's pattern: ^[-_'\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$ (with the unicode flag)
    if char in "-_'":
        return True
    if unicodedata.category(char)[0] in "LN":
        return True
    name = unicodedata.name(char, "")
    return name.startswith(("DEVANAGARI", "THAI"))


def _name_violations(path: str, name: Any, *, chat_input: bool) -> list[Violation]:
    if not isinstance(name, str):
        return [Violation(path, "missing")]
    found = _length(path, name, COMMAND_NAME, 1)
    if not chat_input:
        return found  # context-menu names may hold spaces and capitals
    bad = sorted({c for c in name if not _name_character_ok(c)})
    if bad:
        found.append(Violation(path, f"{name!r} has characters outside Discord's pattern: {bad}"))
    if name != name.lower():
        found.append(Violation(path, f"{name!r} must be lower case"))
    return found


def _choices_violations(path: str, choices: Sequence[Mapping[str, Any]]) -> list[Violation]:
    found = _count(path, choices, OPTION_CHOICES)
    for i, choice in enumerate(choices):
        found += _length(f"{path}[{i}].name", choice.get("name"), CHOICE_NAME, 1)
        if isinstance(choice.get("value"), str):
            found += _length(f"{path}[{i}].value", choice["value"], CHOICE_VALUE)
    return found


def _options_violations(path: str, options: Sequence[Mapping[str, Any]], depth: int) -> list[Violation]:
    found = _count(path, options, COMMAND_OPTIONS)
    kinds = [option.get("type") for option in options]
    subs = [kind in (SUB_COMMAND, SUB_COMMAND_GROUP) for kind in kinds]
    if any(subs) and not all(subs):
        found.append(Violation(path, "subcommands cannot be mixed with other options"))
    seen_optional = False
    for i, option in enumerate(options):
        where = f"{path}[{i}]"
        found += _name_violations(f"{where}.name", option.get("name"), chat_input=True)
        found += _length(f"{where}.description", option.get("description"), COMMAND_DESCRIPTION, 1)
        kind = option.get("type")
        if kind == SUB_COMMAND_GROUP and depth > 0:
            found.append(Violation(f"{where}.type", "a group can only be at the top level"))
        if kind == SUB_COMMAND and depth > 1:
            found.append(Violation(f"{where}.type", "subcommands nest at most two levels deep"))
        if kind in (SUB_COMMAND, SUB_COMMAND_GROUP):
            found += _options_violations(f"{where}.options", option.get("options") or [], depth + 1)
            continue
        if option.get("required"):
            if seen_optional:
                found.append(Violation(f"{where}.required", "required options must come before optional"))
        else:
            seen_optional = True
        choices = option.get("choices") or []
        found += _choices_violations(f"{where}.choices", choices)
        if choices and option.get("autocomplete"):
            found.append(Violation(f"{where}.autocomplete", "an option with choices cannot autocomplete"))
    return found


def _in(node: Mapping[str, Any], field: str, locale: str | None) -> str:
    """A name or description as a user of `locale` sees it: its localisation, else the default."""
    localised = (node.get(f"{field}_localizations") or {}).get(locale) if locale else None
    return str(localised or node.get(field) or "")


def _command_characters(node: Mapping[str, Any], locale: str | None = None) -> int:
    """Names, descriptions, choice names and string choice values of a command and everything under it,
    in one locale (Discord counts each locale's text against the 4,000 on its own)."""
    size = len(_in(node, "name", locale)) + len(_in(node, "description", locale))
    for choice in node.get("choices") or []:
        size += len(_in(choice, "name", locale))
        if isinstance(choice.get("value"), str):
            size += len(choice["value"])
    for option in node.get("options") or []:
        size += _command_characters(option, locale)
    return size


def _localisations(node: Mapping[str, Any], path: str) -> tuple[set[str], list[Violation]]:
    """The locales a command's tree localises, and each localisation Discord would refuse: an unknown
    locale, or a text outside its field's length (a name's rules are the name's)."""
    locales: set[str] = set()
    found: list[Violation] = []
    limits = {"description": COMMAND_DESCRIPTION, "name": CHOICE_NAME}
    for field, maximum in limits.items():
        for locale, text in (node.get(f"{field}_localizations") or {}).items():
            locales.add(locale)
            if locale not in LOCALES:
                found.append(
                    Violation(f"{path}.{field}_localizations", f"{locale!r} is not a Discord locale")
                )
            found += _length(f"{path}.{field}_localizations.{locale}", text, maximum, 1)
    for key in ("options", "choices"):
        for i, child in enumerate(node.get(key) or []):
            more, problems = _localisations(child, f"{path}.{key}[{i}]")
            locales |= more
            found += problems
    return locales, found


def command_violations(command: Mapping[str, Any], path: str = "") -> list[Violation]:
    """One application command as registered (PUT .../commands)."""
    prefix = f"{path}." if path else ""
    kind = int(command.get("type") or CHAT_INPUT)
    chat_input = kind == CHAT_INPUT
    found = _name_violations(f"{prefix}name", command.get("name"), chat_input=chat_input)
    if chat_input:
        found += _length(f"{prefix}description", command.get("description"), COMMAND_DESCRIPTION, 1)
        found += _options_violations(f"{prefix}options", command.get("options") or [], 0)
        locales, problems = _localisations(command, path or "command")
        found += problems
        for locale in [None, *sorted(locales)]:
            total = _command_characters(command, locale)
            if total > COMMAND_TOTAL:
                found.append(
                    Violation(
                        path or "command",
                        f"{_n(total)} characters in names, descriptions and choices"
                        f"{f' in {locale}' if locale else ''} > {_n(COMMAND_TOTAL)}",
                    )
                )
    elif command.get("description"):
        found.append(Violation(f"{prefix}description", "context-menu commands have no description"))
    return found


def commands_violations(commands: Iterable[Mapping[str, Any]]) -> list[Violation]:
    """A bulk overwrite of the global or one guild's commands."""
    commands = list(commands)
    found: list[Violation] = []
    by_kind: dict[int, list[str]] = {}
    for i, command in enumerate(commands):
        found += command_violations(command, f"[{i}]")
        by_kind.setdefault(int(command.get("type") or CHAT_INPUT), []).append(str(command.get("name")))
    limits = {CHAT_INPUT: CHAT_INPUT_COMMANDS, USER_COMMAND: CONTEXT_MENU_COMMANDS}
    limits[MESSAGE_COMMAND] = CONTEXT_MENU_COMMANDS
    for kind, names in by_kind.items():
        if len(names) > limits.get(kind, CHAT_INPUT_COMMANDS):
            found.append(Violation("", f"{len(names)} commands of type {kind} > {limits.get(kind)}"))
        duplicates = sorted({n for n in names if names.count(n) > 1})
        if duplicates:
            found.append(Violation("", f"duplicate command names {duplicates}"))
    return found


# --- Discord's error body ---------------------------------------------------------------------------------


def error_body(violations: Sequence[Violation]) -> dict[str, Any]:
    """The 400 answer Discord gives: {"code": 50035, "message": "Invalid Form Body", "errors": {...}} with the
    errors nested by path (`embeds[0].title` -> errors.embeds.0.title._errors)."""
    errors: dict[str, Any] = {}
    for violation in violations:
        node = errors
        keys = violation.path.replace("[", ".").replace("]", "").split(".")
        for key in (k for k in keys if k):
            node = node.setdefault(key, {})
        node.setdefault("_errors", []).append({"code": "BASE_TYPE_BAD_LENGTH", "message": violation.problem})
    return {"code": 50035, "message": "Invalid Form Body", "errors": errors}


def attachment_violations(files: dict[str, bytes]) -> list[Violation]:
    """Uploaded files over the attachment size limit (by attachment id)."""
    return [
        Violation(f"files[{key}]", f"{_n(len(data))} bytes > {_n(ATTACHMENT_SIZE)}")
        for key, data in files.items()
        if len(data) > ATTACHMENT_SIZE
    ]
