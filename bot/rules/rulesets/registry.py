"""The rulesets a league may choose, by id: each entry names how /settings offers it and builds its `Ruleset`
from the catalogue. bot/rules/rulesets registers BB2025 and classic; a test may register its own and
unregister it after."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from bot.catalog import Catalog
from bot.rules.rulesets.policy import Ruleset


@dataclass(frozen=True)
class RulesetEntry:
    id: str
    label: str  # how /settings ruleset offers it (at most 100 characters)
    build: Callable[[Catalog], Ruleset]


_ENTRIES: dict[str, RulesetEntry] = {}


def register(entry: RulesetEntry) -> None:
    if entry.id in _ENTRIES:
        raise ValueError(f"a ruleset {entry.id!r} is registered already")
    _ENTRIES[entry.id] = entry


def unregister(ruleset_id: str) -> None:
    _ENTRIES.pop(ruleset_id)


def entries() -> tuple[RulesetEntry, ...]:
    """Every registered ruleset, in the order registered (the default first)."""
    return tuple(_ENTRIES.values())


def ruleset_ids() -> tuple[str, ...]:
    return tuple(_ENTRIES)


def ruleset(catalog: Catalog, ruleset_id: str) -> Ruleset:
    """A ruleset by id (a league's `settings.ruleset`), built from the catalogue."""
    entry = _ENTRIES.get(ruleset_id)
    if entry is None:
        raise ValueError(f"no ruleset {ruleset_id!r}")
    built = entry.build(catalog)
    assert built.id == entry.id, (built.id, entry.id)
    return built


def rulesets(catalog: Catalog) -> dict[str, Ruleset]:
    """Every registered ruleset, built from the catalogue."""
    return {key: ruleset(catalog, key) for key in _ENTRIES}
