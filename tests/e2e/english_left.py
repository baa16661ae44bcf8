"""Finds English left in what the bot said in another language (issue 32: "No reply in a shipped language
contains an untranslated English sentence").

Two nets:
- a sentence of the catalogues' English (a run of four or more words between placeholders) found word for
  word: a sentence marked for translation that was shown untranslated;
- a sentence with two or more English words that no other shipped language uses ("the", "your", "with" ...):
  text never marked for translation at all.
Before looking, what is English by design is taken out: the catalogue's names (teams, positions, skills,
stars, inducements, tables and their results, which the issue keeps in English), mentions, timestamps,
code spans, links, and the names a test gave its teams and players.
"""

from __future__ import annotations

import json
import re
import string
from collections.abc import Iterable
from functools import cache
from pathlib import Path

from bot.i18n import catalogs

DATA = Path(__file__).resolve().parents[2] / "data"
# English words no other shipped language writes (not "a", "in", "on", "no", "or", "an", "die", "son" ...).
ENGLISH_WORDS = frozenset(
    [
        "the",
        "your",
        "you",
        "has",
        "have",
        "with",
        "this",
        "that",
        "which",
        "will",
        "was",
        "were",
        "are",
        "is",
        "be",
        "been",
        "not",
        "can",
        "cannot",
        "from",
        "by",
        "into",
        "than",
        "only",
        "its",
        "their",
        "his",
        "who",
        "when",
        "what",
        "there",
        "each",
        "all",
        "any",
        "must",
        "may",
        "should",
        "would",
        "could",
        "team's",
    ]
)
_MARKUP = re.compile(r"<[@#&!:t][^>]*>|`[^`]*`|https?://\S+|\*\*|__|~~|\|\|")
_WORD = re.compile(r"[A-Za-zÀ-ÿ']+")


@cache
def catalogue_names() -> tuple[str, ...]:
    """Every name in the data files, longest first (so 'Master of the Blades' goes before 'Blades')."""
    names: set[str] = set()

    def walk(node: object) -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                if key in ("name", "names", "keyword", "keywords") and isinstance(value, str):
                    names.add(value)
                elif key in ("names", "keywords") and isinstance(value, list):
                    names.update(v for v in value if isinstance(v, str))
                else:
                    walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    for path in DATA.rglob("*.json"):
        walk(json.loads(path.read_text(encoding="utf-8")))
    return tuple(sorted((n for n in names if len(n) > 2), key=len, reverse=True))


@cache
def english_runs() -> tuple[str, ...]:
    """The literal runs of four or more words in the catalogues' English sentences."""
    runs: set[str] = set()
    for template in catalogs.templates().values():
        for message in template:
            ids = message.id if isinstance(message.id, tuple) else (message.id,)
            for text in ids:
                for literal, *_rest in string.Formatter().parse(str(text or "")):
                    for piece in re.split(r"[\n.:;!?()]", _MARKUP.sub(" ", literal)):
                        words = _WORD.findall(piece)
                        if len(words) >= 4 and any(w.lower() in ENGLISH_WORDS for w in words):
                            runs.add(" ".join(words))
    return tuple(sorted(runs, key=len, reverse=True))


def _clean(text: str, names: Iterable[str]) -> str:
    text = _MARKUP.sub(" ", text)
    for name in [*sorted(names, key=len, reverse=True), *catalogue_names()]:
        if name in text:
            text = text.replace(name, " ")
    return text


def english_left(texts: Iterable[str], names: Iterable[str] = ()) -> list[str]:
    """The sentences of `texts` that are still English (empty: none)."""
    names = tuple(names)
    found: list[str] = []
    for text in texts:
        cleaned = _clean(text, names)
        flat = " ".join(_WORD.findall(cleaned))
        found += [run for run in english_runs() if run in flat and run not in found]
        for sentence in re.split(r"[\n.;!?]", cleaned):
            words = [w.lower() for w in _WORD.findall(sentence)]
            if sum(w in ENGLISH_WORDS for w in words) >= 2 and sentence.strip() not in found:
                found.append(sentence.strip())
    return found


def worded(language: str, english: str, **values: object) -> str:
    """The translation of `english` up to its first placeholder `values` does not fill, filled: what a
    reply in `language` must contain (the catalogue's own words, so a test follows the translators)."""
    from bot import i18n

    translated = i18n.lookup(language, english) if i18n.pick(language) != i18n.ENGLISH else english
    assert translated, f"no {language} translation of {english!r}"
    text = ""
    for literal, field, spec, _conversion in string.Formatter().parse(translated):
        text += literal
        if field is None:
            continue
        if field not in values:
            break
        text += format(values[field], spec or "")
    return text.strip()
