"""The message catalogues: which sentences each part of the code has, and what a translation lacks.

The code is English; `_()`, `ngettext()` and `N_()` mark its sentences (Babel extracts them) and the
commands' descriptions and choice names are read off the command tree (scripts/i18n.py). Each part of
the code (`PARTS`) has one `.po` file per language, so that people translating different parts never
edit the same file; a sentence used in several parts belongs to the first of them. `scripts/i18n.py
update` brings every `.po` file up to date with the code (new sentences empty, changed ones fuzzy), and
`problems` lists what stops a language from shipping: a sentence with no translation, a fuzzy one, or a
translation whose {placeholders} differ from the English.
"""

from __future__ import annotations

import fnmatch
import json
import string
from collections.abc import Iterable, Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_file
from babel.messages.pofile import read_po, write_po

from bot.i18n import ENGLISH, LOCALE_DIR, SHIPPED, folder

BOT = Path(__file__).resolve().parent.parent
# Fixed header dates, so that a file changes only when its sentences do.
_DATE = datetime(2026, 11, 26, tzinfo=UTC)
_HEADER = "# bb-league-bot: the bot's sentences in this language (docs/TRANSLATING.md)."
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2)}
TRANSLATED = tuple(language for language in SHIPPED if language != ENGLISH)

# Each part of the code and the files in it (paths under bot/, first match wins). Command descriptions
# belong to the part of the cog that declares them.
PARTS: dict[str, tuple[str, ...]] = {
    "cogs_league": (
        "cogs/league_admin.py",
        "cogs/settings.py",
        "cogs/results.py",
        "cogs/config.py",
        "cogs/history.py",
        "cogs/leaders.py",
        "cogs/redraft.py",
        "cogs/allstar.py",
        "cogs/exhibition.py",
    ),
    "cogs_team": (
        "cogs/match.py",
        "cogs/roster.py",
        "cogs/team.py",
        "cogs/advance.py",
        "cogs/stars.py",
        "cogs/dice.py",
        "cogs/odds.py",
        "cogs/rules.py",
        "cogs/error_handler.py",
    ),
    "cogs_event": ("cogs/event.py", "cogs/rulespack.py", "cogs/squad.py", "cogs/tournament.py"),
    "ui": ("ui/*.py",),
    "tournament": ("rules/tournament/*.py", "services/tournament/*.py"),
    "rules": ("rules/*.py", "rules/*/*.py", "text.py", "errors.py"),
    "services": ("services/*.py", "services/league/*.py", "services/match/*.py", "services/roster/*.py"),
    "web": (
        "web/*.py",
        "web/templates/*.html",
        "services/web/*.py",
        "pictures/*.py",
        "outbox.py",
        "deadline_watch.py",
        "app.py",
        "store/*.py",
    ),
    "language": ("cogs/language.py", "services/languages.py"),
}
# The catalogue's own descriptions (data/, in our own words): what /rules, /skill, /star and the tables
# show of each entry. The names stay as the catalogue has them; these texts are translated.
DATA_DIR = BOT.parent / "data"
DATA_FIELDS = ("summary", "notes", "note", "when", "basis", "order")
DATA_PARTS: dict[str, tuple[str, ...]] = {
    "data_players": ("bb2025/skills.json", "bb2025/star_players.json", "bb2025/teams.json"),
    "data_tables": ("bb2025/*.json", "bb2025/tables/*.json"),
}


def part_of(relative: str, parts: dict[str, tuple[str, ...]] = PARTS) -> str | None:
    """The part a file (its path under bot/, or under data/ with DATA_PARTS) belongs to: the part naming
    it, else the first whose pattern matches (a `*` stays inside one folder: services/*.py is not
    services/web/x.py); None: English only (the simulator, the operator's command line, the catalogue's
    data-file checks)."""
    for part, patterns in parts.items():
        if relative in patterns:
            return part
    depth = relative.count("/")
    for part, patterns in parts.items():
        if any(fnmatch.fnmatch(relative, p) and p.count("/") == depth for p in patterns):
            return part
    return None


def data_texts() -> dict[str, list[tuple[str, str]]]:
    """Every description the data files hold (DATA_FIELDS), by part: (text, where)."""
    found: dict[str, list[tuple[str, str]]] = {}

    def walk(node: object, where: str, part: str) -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                if key in DATA_FIELDS and isinstance(value, str) and value.strip():
                    found.setdefault(part, []).append((value, where))
                else:
                    walk(value, where, part)
        elif isinstance(node, list):
            for value in node:
                walk(value, where, part)

    for path in sorted(DATA_DIR.rglob("*.json")):
        part = part_of(path.relative_to(DATA_DIR).as_posix(), DATA_PARTS)
        if part is not None:
            walk(json.loads(path.read_text(encoding="utf-8")), path.relative_to(BOT.parent).as_posix(), part)
    return found


def files_of(part: str) -> list[Path]:
    if part not in PARTS:
        return []
    found = [
        path
        for path in sorted(BOT.rglob("*"))
        if path.suffix in (".py", ".html") and part_of(path.relative_to(BOT).as_posix()) == part
    ]
    return found


def _method(path: Path) -> Any:
    if path.suffix == ".html":
        from jinja2.ext import babel_extract

        return babel_extract
    return "python"


def extracted(path: Path) -> Iterator[tuple[int, str | tuple[str, ...]]]:
    """(line, message) for every sentence marked in one file."""
    for line, message, _comments, _context in extract_from_file(
        _method(path), str(path), keywords=KEYWORDS, options={"extensions": "jinja2.ext.i18n"}
    ):
        yield line, message


def templates(commands: dict[str, list[tuple[str, str]]] | None = None) -> dict[str, Catalog]:
    """The English of every part: what its files mark, (`commands`: part -> (text, where)) its
    commands' descriptions and choices, and the data files' descriptions. A sentence is in the first
    part that has it."""
    seen: set[str] = set()
    result = {}
    extra = {**(commands or {}), **data_texts()}
    for part in [*PARTS, *DATA_PARTS]:
        catalog = _catalog(ENGLISH)
        entries: list[tuple[str | tuple[str, ...], str]] = []
        for path in files_of(part):
            where = path.relative_to(BOT.parent).as_posix()
            entries += [(message, f"{where}:{line}") for line, message in extracted(path)]
        entries += [(text, where) for text, where in extra.get(part, [])]
        for message, where in entries:
            key = message if isinstance(message, str) else message[0]
            if not key or (key in seen and key not in catalog):
                continue
            seen.add(key)
            file, _colon, line = where.rpartition(":")
            existing = catalog.get(key)
            if existing is not None:
                existing.locations.append((file, int(line) if line.isdigit() else 0))
                continue
            catalog.add(
                message if isinstance(message, str) else tuple(message),
                locations=[(file, int(line) if line.isdigit() else 0)],
            )
        result[part] = catalog
    return result


def po_path(language: str, part: str) -> Path:
    return LOCALE_DIR / folder(language) / "LC_MESSAGES" / f"{part}.po"


def read(language: str, part: str) -> Catalog:
    path = po_path(language, part)
    if not path.exists():
        return _catalog(folder(language))
    with path.open("rb") as file:
        return read_po(file, locale=folder(language))


def _catalog(locale: str) -> Catalog:
    return Catalog(
        locale=locale,
        project="bb-league-bot",
        version="1",
        header_comment=_HEADER,
        creation_date=_DATE,
        revision_date=_DATE,
        fuzzy=False,
    )


def update(part: str, template: Catalog, languages: Iterable[str] = TRANSLATED) -> None:
    """Bring each language's file of `part` up to date with `template`, keeping what is translated."""
    for language in languages:
        catalog = read(language, part)
        catalog.update(template, no_fuzzy_matching=False)
        catalog.obsolete.clear()
        catalog.fuzzy = False
        catalog.header_comment = _HEADER
        catalog.creation_date = catalog.revision_date = _DATE
        path = po_path(language, part)
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("wb") as file:
            write_po(file, catalog, width=110, sort_output=False, include_previous=True, omit_header=False)


def fields(text: str) -> set[str]:
    """The {placeholders} of a sentence (a literal {{ }} is none)."""
    try:
        return {name for _literal, name, _spec, _conv in string.Formatter().parse(text) if name is not None}
    except ValueError:
        return {"<unbalanced braces>"}


def message_problems(language: str, message: Message) -> list[str]:
    where = f"{language} {message.locations[0][0] if message.locations else ''}: {message.id!r}"
    if message.fuzzy:
        return [f"{where} is fuzzy (check the translation, then remove the fuzzy flag)"]
    if isinstance(message.id, tuple):
        strings = message.string if isinstance(message.string, tuple | list) else [message.string]
        forms = [str(form or "") for form in strings]
        if not all(forms):
            return [f"{where} has no translation"]
        english = fields(message.id[0]) | fields(message.id[1])
        return [
            f"{where}: {form!r} has {{placeholders}} other than the English's"
            for form in forms
            if fields(form) - english or not fields(message.id[1]) <= fields(form) | {"n"}
        ]
    if not message.string or not isinstance(message.string, str):
        return [f"{where} has no translation"]
    if fields(message.string) != fields(str(message.id)):
        return [f"{where}: {message.string!r} has {{placeholders}} other than the English's"]
    return []


def problems(parts: dict[str, Catalog], languages: Iterable[str] = TRANSLATED) -> list[str]:
    """What stops a language from shipping, one line each (empty: every sentence translated)."""
    found = []
    for language in languages:
        for part, template in parts.items():
            catalog = read(language, part)
            for english in template:
                if not english.id:
                    continue
                message = catalog.get(english.id)
                if message is None:
                    found.append(f"{language} {part}: {english.id!r} is missing (run scripts/i18n.py update)")
                    continue
                found += message_problems(language, message)
    return found
