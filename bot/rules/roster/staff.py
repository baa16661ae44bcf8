"""Re-rolls, sideline staff and dedicated fans: what a change costs, and what may change when (seed 001).

While drafting, everything is bought at its price and sold back for it. In the post-game sequence staff
are hired at their price and let go without a refund, team re-rolls cost double and are never removed,
and dedicated fans change only with results."""

from __future__ import annotations

from dataclasses import dataclass

from bot.catalog.models import DraftingRules, Team
from bot.errors import RuleViolation
from bot.i18n import _
from bot.rules.roster.team_building import Staffing, check_staff


@dataclass(frozen=True)
class StaffChange:
    """One kind of staff whose number changes, at the price each one costs now."""

    item: str  # "team re-roll", "assistant coach", "cheerleader", "apothecary", "dedicated fan"
    before: int
    after: int
    price: int  # gold pieces each (a team re-roll after the draft at double its roster cost)
    drafting: bool

    @property
    def delta(self) -> int:
        return self.after - self.before

    @property
    def treasury_change(self) -> int:
        """Gold pieces into (+) or out of (-) the treasury: a draft refunds in full, a post-game never."""
        if self.drafting or self.delta > 0:
            return -self.delta * self.price
        return 0


def staff_changes(
    roster: Team,
    current: Staffing,
    new: Staffing,
    rules: DraftingRules,
    *,
    drafting: bool,
    rerolls_removable: bool = False,
) -> list[StaffChange]:
    """The changes from `current` to `new`, refunds first (a swap never trips over the budget); raises
    RuleViolation for numbers the rules do not allow, or a change not allowed after the draft. A classic
    league (seed 003: "You can also remove any number of team re-rolls") may remove re-rolls after the draft,
    without a refund (`rerolls_removable`)."""
    check_staff(roster, new, rules, drafting=drafting)
    reroll_price = roster.reroll_cost
    if not drafting:
        if new.rerolls < current.rerolls and not rerolls_removable:
            raise RuleViolation(_("Team re-rolls bought during the league are never removed."))
        if new.dedicated_fans != current.dedicated_fans:
            raise RuleViolation(
                _("Dedicated fans are bought only when drafting; in the league they change with results.")
            )
        reroll_price *= rules.reroll_cost_multiplier_after_draft  # double, though TV counts the normal price
    changes = [
        StaffChange("team re-roll", current.rerolls, new.rerolls, reroll_price, drafting),
        StaffChange(
            "assistant coach",
            current.assistant_coaches,
            new.assistant_coaches,
            rules.staff_rule("assistant_coach").cost,
            drafting,
        ),
        StaffChange(
            "cheerleader",
            current.cheerleaders,
            new.cheerleaders,
            rules.staff_rule("cheerleader").cost,
            drafting,
        ),
        StaffChange(
            "apothecary",
            int(current.apothecary),
            int(new.apothecary),
            rules.staff_rule("apothecary").cost,
            drafting,
        ),
        StaffChange(
            "dedicated fan",
            current.dedicated_fans,
            new.dedicated_fans,
            rules.dedicated_fans.cost_per_step,
            drafting,
        ),
    ]
    return sorted((c for c in changes if c.delta), key=lambda c: c.delta)
