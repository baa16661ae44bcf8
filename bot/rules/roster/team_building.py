"""Drafting a team and valuing it (BB2025 core rules, Drafting a Blood Bowl Team; seed 001).

- Players come from the team's roster, each position within its 0-N limit (and group limits such as "a
  single Big Guy from these"), never more than 16 players; at least 11 to submit a new team.
- Team re-rolls at the roster's price, at most 8; after the draft they cost double but count in TV at
  the normal price. Assistant coaches and cheerleaders at most 6; an apothecary only if the roster
  allows one. Dedicated fans start at 1 and can be raised to 3 when drafting.
- Team Value (TV) = players' current values + staff + re-rolls. Current Team Value (CTV) leaves out
  players who cannot play the next game; with Low Cost Linemen, Lineman hiring fees count 0 in CTV.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from typing import Any

from bot import i18n
from bot.catalog.models import DraftingRules, Position, Team
from bot.errors import RuleViolation
from bot.i18n import _
from bot.rules.statuses import team_status
from bot.text import gp

LOW_COST_LINEMEN = "Low Cost Linemen"


@dataclass(frozen=True)
class SquadPlayer:
    """What the value rules need to know about a player on a team."""

    position: Position
    hiring_fee: int
    value_increase: int = 0
    miss_next_game: bool = False
    temporarily_retired: bool = False

    @property
    def current_value(self) -> int:
        return self.hiring_fee + self.value_increase

    @property
    def available(self) -> bool:
        return not (self.miss_next_game or self.temporarily_retired)


@dataclass(frozen=True)
class Staffing:
    rerolls: int = 0
    assistant_coaches: int = 0
    cheerleaders: int = 0
    apothecary: bool = False
    dedicated_fans: int = 1
    trophy_rerolls: int = 0  # the League Trophy's free re-roll: never paid for, counted in TV

    def bought(self) -> dict[str, Any]:
        """What the team bought, by name (the League Trophy's re-roll is not bought): the columns a team's
        row keeps, and what a closed escalation roster keeps."""
        return {
            "rerolls": self.rerolls,
            "assistant_coaches": self.assistant_coaches,
            "cheerleaders": self.cheerleaders,
            "apothecary": self.apothecary,
            "dedicated_fans": self.dedicated_fans,
        }


def staff_value(roster: Team, staff: Staffing, rules: DraftingRules) -> int:
    """Re-rolls at the roster price (the League Trophy's included) plus sideline staff (dedicated fans are
    not part of TV)."""
    return (
        (staff.rerolls + staff.trophy_rerolls) * roster.reroll_cost
        + staff.assistant_coaches * rules.staff_rule("assistant_coach").cost
        + staff.cheerleaders * rules.staff_rule("cheerleader").cost
        + (rules.staff_rule("apothecary").cost if staff.apothecary else 0)
    )


def team_value(roster: Team, players: Iterable[SquadPlayer], staff: Staffing, rules: DraftingRules) -> int:
    return sum(p.current_value for p in players) + staff_value(roster, staff, rules)


def current_team_value(
    roster: Team,
    players: Iterable[SquadPlayer],
    staff: Staffing,
    rules: DraftingRules,
    special_rules: Sequence[str] = (),
) -> int:
    """TV less players who miss the next game or are retired for now (Low Cost Linemen: free linemen)."""
    low_cost = LOW_COST_LINEMEN in special_rules
    total = 0
    for player in players:
        if not player.available:
            continue
        fee = 0 if low_cost and "Lineman" in player.position.keywords else player.hiring_fee
        total += fee + player.value_increase
    return total + staff_value(roster, staff, rules)


def draft_cost(roster: Team, positions: Iterable[Position], staff: Staffing, rules: DraftingRules) -> int:
    """What a new team's draft costs: players, re-rolls, staff and dedicated fans above the free 1."""
    fans = rules.dedicated_fans
    return (
        sum(p.cost for p in positions)
        + staff_value(roster, replace(staff, trophy_rerolls=0), rules)
        + (staff.dedicated_fans - fans.start) * fans.cost_per_step
    )


def check_hire(
    roster: Team, position_id: str, current: Sequence[Position], rules: DraftingRules, how_many: int = 1
) -> Position:
    """Refuse a hire that breaks a limit: the position's 0-N, a group limit, or 16 players."""
    position = roster.position(position_id)
    if position is None:
        raise RuleViolation(
            _(
                "{roster} teams cannot hire that player type; /rules team {roster} lists theirs.",
                roster=roster.name,
            )
        )
    if how_many < 1:
        raise RuleViolation(_("Hire at least one player."))
    if len(current) + how_many > rules.max_players:
        raise RuleViolation(
            _(
                "A team may never have more than {most} players; you have {count}.",
                most=rules.max_players,
                count=len(current),
            )
        )
    counts = Counter(p.id for p in current)
    if counts[position.id] + how_many > position.max:
        raise RuleViolation(
            _(
                "{roster} teams may have 0-{most} {position}; you have {count}.",
                roster=roster.name,
                most=position.max,
                position=position.name,
                count=counts[position.id],
            )
        )
    for group in roster.group_limits:
        if position.id in group.positions:
            in_group = sum(counts[p] for p in group.positions)
            if in_group + how_many > group.max:
                raise RuleViolation(_(group.summary) + " " + _("You have {count}.", count=in_group))
    return position


def check_staff(roster: Team, staff: Staffing, rules: DraftingRules, *, drafting: bool) -> None:
    """Refuse staff numbers the rules do not allow."""
    if not 0 <= staff.rerolls <= rules.max_rerolls:
        raise RuleViolation(_("A team may have 0-{most} team re-rolls.", most=rules.max_rerolls))
    for staff_id, count in (
        ("assistant_coach", staff.assistant_coaches),
        ("cheerleader", staff.cheerleaders),
    ):
        rule = rules.staff_rule(staff_id)
        if not 0 <= count <= rule.max:
            raise RuleViolation(_("A team may have 0-{most} {staff}s.", most=rule.max, staff=rule.name))
    if staff.apothecary and not roster.apothecary:
        raise RuleViolation(_("{roster} teams cannot hire an Apothecary.", roster=roster.name))
    fans = rules.dedicated_fans
    top = fans.max_at_draft if drafting else fans.max
    if not fans.min <= staff.dedicated_fans <= top:
        if drafting:
            raise RuleViolation(
                _("Dedicated Fans are {least}-{most} when drafting.", least=fans.min, most=top)
            )
        raise RuleViolation(_("Dedicated Fans are {least}-{most} in league play.", least=fans.min, most=top))


def check_submittable(
    roster: Team, positions: Sequence[Position], staff: Staffing, rules: DraftingRules, budget: int
) -> int:
    """A new team must have 11-16 players and fit its budget. Returns what is left for the treasury."""
    if len(positions) < rules.min_players_at_draft:
        raise RuleViolation(
            _(
                "A new team needs at least {least} players; you have {count}.",
                least=rules.min_players_at_draft,
                count=len(positions),
            )
        )
    check_staff(roster, staff, rules, drafting=True)
    cost = draft_cost(roster, positions, staff, rules)
    if cost > budget:
        raise RuleViolation(
            _(
                "The draft costs {cost}, over the {budget} budget by {over}.",
                cost=gp(cost),
                budget=gp(budget),
                over=gp(cost - budget),
            )
        )
    return budget - cost


def check_redraft_submittable(
    positions: Sequence[Position], staff: Staffing, roster: Team, rules: DraftingRules
) -> None:
    """A re-drafted team: 11-16 players and legal staff (its budget was spent through the treasury)."""
    if len(positions) < rules.min_players_at_draft:
        raise RuleViolation(
            _(
                "A re-drafted team needs at least {least} players; you have {count}.",
                least=rules.min_players_at_draft,
                count=len(positions),
            )
        )
    check_staff(roster, staff, rules, drafting=True)


MAX_HIRE_AT_ONCE = 16  # players one hire takes on


def check_hire_request(count: int, named: bool) -> None:
    """Refuse hiring more than a command takes at once, or naming (numbering) several players at once."""
    if not 1 <= count <= MAX_HIRE_AT_ONCE:
        raise RuleViolation(_("Hire 1 to {most} players at a time.", most=MAX_HIRE_AT_ONCE))
    if count > 1 and named:
        raise RuleViolation(
            _("Give a name or number only when hiring one player; rename others with /team player.")
        )


def check_shirt_number(number: int | None) -> None:
    """A player's shirt number is 1 to 99 (None: the next free one)."""
    if number is not None and not 1 <= number <= 99:
        raise RuleViolation(_("Shirt numbers are 1 to 99."))


def check_release(name: str, under_contract: bool) -> None:
    """A star signed on a long-term contract (seed 004) stays for the season: he is never fired."""
    if under_contract:
        raise RuleViolation(
            _("{star} is under contract for the season: a star signed this way is never fired.", star=name)
        )


def check_not_retired(name: str, status: str) -> None:
    """A retired team's players are no longer renamed or renumbered."""
    if status == "retired":
        raise RuleViolation(_("{team} is retired.", team=name))


EDITABLE = ("draft", "submitted", "rejected")  # a team being drafted (changing it makes it a draft again)


def check_changeable(name: str, status: str, postgame_open: bool) -> None:
    """Whether a team's roster may change now (seed 001): a team being drafted may; an approved team hires
    and fires only in the Post-game Sequence of a game it played; any other team (a retired one) never."""
    if status == "approved":
        if not postgame_open:
            raise RuleViolation(
                _(
                    "{team} changes its roster in the post-game sequence: after a result is "
                    "confirmed and before you finish the post-game.",
                    team=name,
                )
            )
        return
    if status not in EDITABLE:
        raise RuleViolation(
            _(
                "{team} is {status}: its roster changes through the post-game sequence.",
                team=name,
                status=team_status(status),
            )
        )


def check_review(approve: bool, reason: str | None) -> None:
    """A Team Draft List submitted "to check and approve" (seed 001) is approved, or rejected with a reason
    the coach reads."""
    if not approve and not reason:
        raise RuleViolation(_("Give the coach a reason for the rejection."))


OVERSPENT = "That costs"  # the treasury's refusal to go below zero (store/teams.change_treasury), in English
# That refusal as the store words it: its translation's words before the first {placeholder} are the prefix
# in another language.
_OVERSPENT_REFUSAL = "That costs {cost}; {team} has {treasury}."


def _overspent(message: str) -> bool:
    """Whether a refusal is the treasury's, in English or in the current language."""
    translated = i18n.lookup(i18n.current(), _OVERSPENT_REFUSAL) or _OVERSPENT_REFUSAL
    prefixes = {OVERSPENT, translated.split("{", 1)[0].strip()}
    return any(message.startswith(prefix) for prefix in prefixes if prefix)


@contextmanager
def within_budget(note: str) -> Iterator[None]:
    """Spending from the treasury: a refusal to go below zero says the competition's budget rule too (`note`,
    e.g. an event's Team Draft Budget of seed 000; "" adds nothing)."""
    try:
        yield
    except RuleViolation as refusal:
        if not note or not _overspent(str(refusal)):
            raise
        raise RuleViolation(f"{refusal} {note}") from refusal


def next_free_number(taken: Iterable[int]) -> int:
    used = set(taken)
    for number in range(1, 100):
        if number not in used:
            return number
    raise RuleViolation(_("Every shirt number from 1 to 99 is taken."))
