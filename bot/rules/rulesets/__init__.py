"""A league's ruleset: the season sequence its pre- and post-games follow, as a policy.

`bb2025` (the BB2025 rules and seed 001) is the default. `classic` is seed 003's older sequence: the Random
Stadium, its own Weather table, inducements with petty cash for the lower Team Value, Special Play cards,
fans and FAME, winnings of (D6 + FAME) x 10,000, Fan Factor rolls and 3/2/1 league points. A league picks
one before its first season (`LeagueSettings.ruleset`, validated against the registry).

- policy.py: the interface every ruleset implements (`Ruleset`: its data and the pure functions the services
  ask: pre-game steps, post-game outcome, inducement budget, team value, ...) and the values they return;
- bb2025.py, classic.py: one module per ruleset, each a `Ruleset` subclass with its own functions;
- registry.py: the rulesets by id (`ruleset(catalog, id)`); a third ruleset is a module and one
  `register(RulesetEntry(...))`. The shared building blocks stay in bot/rules/match.
"""

from __future__ import annotations

from bot.rules.rulesets import bb2025, classic
from bot.rules.rulesets.policy import PregameStep, Ruleset
from bot.rules.rulesets.registry import (
    RulesetEntry,
    entries,
    register,
    ruleset,
    ruleset_ids,
    rulesets,
    unregister,
)

for _entry in (bb2025.ENTRY, classic.ENTRY):
    register(_entry)

__all__ = [
    "PregameStep",
    "Ruleset",
    "RulesetEntry",
    "bb2025",
    "classic",
    "entries",
    "register",
    "ruleset",
    "ruleset_ids",
    "rulesets",
    "unregister",
]
