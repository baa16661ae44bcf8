"""Name matching for look-ups and autocomplete: forgiving about case, accents and punctuation."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable
from typing import TypeVar

T = TypeVar("T")
AUTOCOMPLETE_LIMIT = 25


def normalise(text: str) -> str:
    """'Morg 'n' Thorg' and 'morg n thorg' both become 'morg n thorg'."""
    decomposed = unicodedata.normalize("NFKD", text)
    ascii_only = "".join(c for c in decomposed if not unicodedata.combining(c))
    return " ".join(re.sub(r"[^a-z0-9+]+", " ", ascii_only.lower().replace("'", "")).split())


def rank(query: str, label: str) -> int | None:
    """How well `label` matches what was typed (lower is better), or None if it does not match.

    0: the label starts with the query; 1: a word starts with it; 2: every typed word starts a word of
    the label; 3: the query appears inside the label.
    """
    typed = normalise(query)
    text = normalise(label)
    if not typed:
        return 0
    if text.startswith(typed):
        return 0
    words = text.split()
    if any(word.startswith(typed) for word in words):
        return 1
    if all(any(word.startswith(part) for word in words) for part in typed.split()):
        return 2
    if typed in text:
        return 3
    return None


def best_matches(
    query: str,
    items: Iterable[T],
    label: Callable[[T], str] = str,
    limit: int = AUTOCOMPLETE_LIMIT,
    *,
    keep_order: bool = False,
) -> list[T]:
    """Items whose label matches the query, best first, then alphabetically (or, with `keep_order`, in
    the order they were given: for lists that come already ordered by what matters most)."""
    scored = []
    for position, item in enumerate(items):
        text = label(item)
        score = rank(query, text)
        if score is not None:
            scored.append((score, position if keep_order else normalise(text), item))
    scored.sort(key=lambda entry: (entry[0], entry[1]))
    return [item for _, _, item in scored[:limit]]
