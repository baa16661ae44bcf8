"""Inducements and petty cash (seed 001, Pre-game Sequence: Inducements).

The team with the higher CTV (journeymen included) may first spend gold from its treasury on inducements.
The other team then gets petty cash equal to the CTV difference plus what the first team spent, and may add
up to 50,000 from its treasury; petty cash not spent is lost. With equal CTVs neither team spends treasury.
Each inducement has a 0-N limit (some raised for a special rule), a price (some reduced for a special rule or
a team), and may be for some teams only; a star player only for teams he plays for, a pair together.
Seed example: 1,240,000 v 1,160,000; the favourite spends 50,000; the underdog adds 10,000: 140,000.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.catalog.models import Inducement, Team
from bot.errors import RuleViolation
from bot.rules.eligibility import may_buy

STAR_LIMIT_ID = "star_player"


@dataclass(frozen=True)
class Budget:
    """What a team may spend on inducements: petty cash first, then up to `treasury` from its treasury."""

    petty_cash: int
    treasury: int


def budgets(ctv_self: int, ctv_other: int, *, treasury: int, favourite_spent: int, top_up_max: int) -> Budget:
    """The budget of one team, from both CTVs and what the favourite already spent."""
    if ctv_self > ctv_other:
        return Budget(petty_cash=0, treasury=treasury)  # the favourite: its treasury, nothing more
    if ctv_self == ctv_other:
        return Budget(petty_cash=0, treasury=0)  # the teams are even
    return Budget(petty_cash=ctv_other - ctv_self + favourite_spent, treasury=min(top_up_max, treasury))


@dataclass(frozen=True)
class Payment:
    from_petty_cash: int
    from_treasury: int


def pay(cost: int, budget: Budget, *, petty_spent: int, treasury_spent: int) -> Payment:
    """Petty cash first, then the treasury allowance. Refuses what the budget cannot cover."""
    petty_left = budget.petty_cash - petty_spent
    treasury_left = budget.treasury - treasury_spent
    from_petty = min(cost, petty_left)
    from_treasury = cost - from_petty
    if from_treasury > treasury_left:
        raise RuleViolation(
            f"That costs {cost:,} gp; you have {petty_left:,} gp of petty cash and may spend "
            f"{treasury_left:,} gp from the treasury."
        )
    return Payment(from_petty, from_treasury)


def price(inducement: Inducement, roster: Team, special_rules: tuple[str, ...]) -> int:
    """The inducement's price for this team (the lowest that applies)."""
    if inducement.cost is None:
        raise RuleViolation(f"{inducement.name} is priced per player: pick the player.")
    cheaper = [
        r.cost
        for r in inducement.reduced_cost
        if (r.special_rule and r.special_rule in special_rules) or (r.team and r.team == roster.name)
    ]
    return min([inducement.cost, *cheaper])


def limit(inducement: Inducement, special_rules: tuple[str, ...]) -> int:
    raised = [m.max for m in inducement.increased_max if m.special_rule in special_rules]
    base = inducement.max if inducement.max is not None else 99
    return max([base, *raised])


def check_allowed(inducement: Inducement, roster: Team, league: str, alignment: str | None) -> None:
    if inducement.requires_apothecary and not roster.apothecary:
        raise RuleViolation(f"{inducement.name} is only for teams that may hire an Apothecary.")
    if not may_buy(inducement.only_for, roster, league, alignment):
        who = ", ".join(
            [*inducement.only_for.special_rules, *inducement.only_for.leagues, *inducement.only_for.teams]
        )
        raise RuleViolation(f"{inducement.name} is only for: {who}.")
