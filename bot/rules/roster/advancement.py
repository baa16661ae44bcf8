"""Spending Star Player Points (seed 001, Player Advancement).

A player's next advancement costs SPP by how many he already has (Advancement Table). A random primary
skill: pick a primary category, roll two D6 on its table twice (skills the player has, or could not use
with his other skills, are rolled again), choose one of the two; the same skill twice must be taken. A
chosen primary or secondary skill: any skill of those categories he does not have and could use. A
characteristic improvement: roll a D8; the coach picks one of the characteristics it allows, or takes a
primary or secondary skill instead (the SPP stay spent). No characteristic is improved more than twice
or past its maximum. Value increases per the Value Increase Table, +10,000 more for an Elite skill. A
player whose SPP reach the price of a characteristic improvement must take an advancement.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal, get_args

from bot.catalog import Catalog
from bot.catalog.models import (
    AdvancementFile,
    Characteristic,
    Position,
    Skill,
    SkillCategory,
    split_skill_reference,
)
from bot.errors import RuleViolation
from bot.i18n import N_, _
from bot.rules.dice import Dice, DieRoll, roll
from bot.rules.statuses import team_status
from bot.text import either

AdvancementKind = Literal["random_primary", "chosen_primary", "chosen_secondary", "characteristic"]
ADVANCEMENT_KINDS: tuple[AdvancementKind, ...] = get_args(AdvancementKind)
SkillGroup = Literal["primary", "secondary"]  # which of a position's skill categories
# Each kind's label, marked for translation: shown as `_(KIND_NAMES[kind])`.
KIND_NAMES: dict[AdvancementKind, str] = {
    "random_primary": N_("random primary skill"),
    "chosen_primary": N_("chosen primary skill"),
    "chosen_secondary": N_("chosen secondary skill"),
    "characteristic": N_("characteristic improvement"),
}
_TOO_DEAR: dict[AdvancementKind, str] = {
    "random_primary": N_("A random primary skill costs {cost} SPP now; {player} has {spp}."),
    "chosen_primary": N_("A chosen primary skill costs {cost} SPP now; {player} has {spp}."),
    "chosen_secondary": N_("A chosen secondary skill costs {cost} SPP now; {player} has {spp}."),
    "characteristic": N_("A characteristic improvement costs {cost} SPP now; {player} has {spp}."),
}
CHARACTERISTICS: tuple[Characteristic, ...] = ("ma", "st", "ag", "pa", "av")


@dataclass(frozen=True)
class PlayerState:
    """What the advancement rules need to know about one player."""

    position: Position
    spp: int
    advancements: int
    gained_skills: tuple[str, ...] = ()
    changes: Mapping[Characteristic, int] = field(default_factory=dict)  # net change of the stored number
    improvements: Mapping[Characteristic, int] = field(default_factory=dict)  # times improved by advancement

    @property
    def skills(self) -> set[str]:
        """Base names of every skill and trait the player has."""
        return {split_skill_reference(s)[0] for s in (*self.position.skills, *self.gained_skills)}

    def current(self, characteristic: Characteristic) -> int | None:
        base = getattr(self.position, characteristic)
        if base is None:
            return None
        return int(base) + self.changes.get(characteristic, 0)


def cost(kind: AdvancementKind, state: PlayerState, table: AdvancementFile) -> int:
    prices = table.cost(state.advancements)
    return int(getattr(prices, kind))


def affordable(state: PlayerState, table: AdvancementFile) -> list[AdvancementKind]:
    """The advancement types the player can pay for now (none after the sixth advancement)."""
    if state.advancements >= table.max_advancements:
        return []
    kinds: list[AdvancementKind] = []
    if state.position.primary:  # some players (a Woodland Fox) have no primary category at all
        kinds += ["random_primary", "chosen_primary"]
    if state.position.secondary:
        kinds.append("chosen_secondary")
    kinds.append("characteristic")
    return [kind for kind in kinds if cost(kind, state, table) <= state.spp]


def check_affordable(kind: AdvancementKind, state: PlayerState, table: AdvancementFile, player: str) -> int:
    """What this advancement costs the player (`player`: '#7 Griff') now; refused when he cannot pay it
    or has taken his last advancement (the Advancement Table's sixth)."""
    if kind not in affordable(state, table):
        if state.advancements >= table.max_advancements:
            raise RuleViolation(
                _("{player} already has {most} advancements.", player=player, most=table.max_advancements)
            )
        raise RuleViolation(_(_TOO_DEAR[kind], cost=cost(kind, state, table), player=player, spp=state.spp))
    return cost(kind, state, table)


def check_may_advance(team: str, status: str, *, in_postgame: bool) -> None:
    """Players spend SPP in the Player Advancement step of the Post-game Sequence (seed 001) of a team that
    plays: an approved team with a post-game open."""
    if status != "approved":
        raise RuleViolation(
            _(
                "{team} is {status}: players advance once the team plays.",
                team=team,
                status=team_status(status),
            )
        )
    if not in_postgame:
        raise RuleViolation(
            _(
                "Players spend SPP in the post-game sequence: after a result is confirmed and before "
                "you finish the post-game."
            )
        )


def check_not_star(player: str, star: bool) -> None:
    """Star players never advance (seed 004: "Star Players themselves do not gain Star Player Points like
    normal players do. As such, they cannot gain new Skills or characteristic improvements")."""
    if star:
        raise RuleViolation(_("{player} is a star player: star players never advance.", player=player))


def check_not_mercenary(player: str, mercenary: bool) -> None:
    """Mercenaries never advance (BB2025, Inducements: "Mercenaries do not earn Star Player points")."""
    if mercenary:
        raise RuleViolation(
            _("{player} is a Mercenary: Mercenaries earn no SPP and never advance.", player=player)
        )


def check_event_advancement(event: str, advancement: bool) -> None:
    """An event's players advance only when its rulespack plays with player advancement (seed 000,
    Additional rules)."""
    if not advancement:
        raise RuleViolation(
            _("{event} does not play with player advancement: its players earn no SPP.", event=event)
        )


def must_advance(state: PlayerState, table: AdvancementFile) -> bool:
    """SPP at or above the price of a characteristic improvement: an advancement must be taken."""
    return state.advancements < table.max_advancements and state.spp >= cost("characteristic", state, table)


Unusable = Literal["has", "clash", "needs"]
# Why a skill is not for a player, as a reason (English: tests and logs) and as the refusal a coach reads.
_REASONS: dict[Unusable, str] = {
    "has": "he already has it",
    "clash": "a player with {skills} cannot have it",
    "needs": "only a player with {skills} can have it",
}
_NOT_FOR_HIM: dict[Unusable, str] = {
    "has": N_("{skill} is not for this player: he already has it. Pick one the list offers."),
    "clash": N_(
        "{skill} is not for this player: a player with {skills} cannot have it. Pick one the list offers."
    ),
    "needs": N_(
        "{skill} is not for this player: only a player with {skills} can have it. Pick one the list offers."
    ),
}


def _unusable(name: str, owned: set[str], catalog: Catalog) -> tuple[Unusable, list[str]] | None:
    """Why a player with the skills `owned` could not use skill `name`, and the skills that say so (None:
    he could). Seed 001: "Players may not select a Skill that they already have or one they are unable to
    use due to their other Skills"; which skills rule out which is data (skills.json)."""
    if name in owned:
        return "has", []
    clash = sorted(catalog.skill_exclusions.get(name, frozenset()) & owned)
    if clash:
        return "clash", clash
    needed = catalog.skill_requirements.get(name)
    if needed is not None and needed not in owned:
        return "needs", [needed]
    return None


def unusable_because(name: str, owned: set[str], catalog: Catalog) -> str | None:
    """Why a player with the skills `owned` could not use skill `name`, in English (None: he could)."""
    found = _unusable(name, owned, catalog)
    if found is None:
        return None
    return _REASONS[found[0]].format(skills=" or ".join(found[1]))


_NOT_A_CATEGORY: dict[SkillGroup, str] = {
    "primary": N_("{category} is not one of the player's primary categories ({categories})."),
    "secondary": N_("{category} is not one of the player's secondary categories ({categories})."),
}


def _not_a_category(category: str, which: SkillGroup, categories: Sequence[str]) -> RuleViolation:
    return RuleViolation(
        _(_NOT_A_CATEGORY[which], category=category, categories="".join(categories) or _("none"))
    )


def skill_options(
    state: PlayerState, catalog: Catalog, which: SkillGroup, category: str | None = None
) -> list[Skill]:
    """Skills the player may take from his primary or secondary categories (not traits, not ones he has,
    not ones his other skills rule out)."""
    categories = state.position.primary if which == "primary" else state.position.secondary
    if category is not None:
        if category not in categories:
            raise _not_a_category(category, which, categories)
        categories = (category,)
    owned = state.skills
    return sorted(
        (
            s
            for s in catalog.skills.values()
            if s.category in categories and _unusable(s.name, owned, catalog) is None
        ),
        key=lambda s: (s.category, s.name),
    )


def check_skill(state: PlayerState, catalog: Catalog, which: SkillGroup, name: str) -> str:
    """The skill a coach typed (any case), when the player may take it from his `which` categories; else
    why not: a skill his other skills rule out or he has (seed 001: "Players may not select a Skill that
    they already have or one they are unable to use due to their other Skills"), or one outside them."""
    found = next(
        (s for s in skill_options(state, catalog, which) if s.name.lower() == name.strip().lower()), None
    )
    if found is not None:
        return found.name
    wanted = catalog.skill(name)
    why = _unusable(wanted.name, state.skills, catalog) if wanted is not None else None
    if wanted is not None and why is not None:
        raise RuleViolation(_(_NOT_FOR_HIM[why[0]], skill=wanted.name, skills=either(why[1])))
    categories = "".join(getattr(state.position, which))
    if not categories:
        raise RuleViolation(_(_NO_CATEGORIES[which], skill=name[:40]))
    raise RuleViolation(_(_NOT_TAKEABLE[which], skill=name[:40], categories=categories))


_NOT_TAKEABLE: dict[SkillGroup, str] = {
    "primary": N_(
        "{skill} is not a primary skill this player can take ({categories} categories, not one he has)."
    ),
    "secondary": N_(
        "{skill} is not a secondary skill this player can take ({categories} categories, not one he has)."
    ),
}
_NO_CATEGORIES: dict[SkillGroup, str] = {
    "primary": N_("{skill} is not a primary skill this player can take (no categories, not one he has)."),
    "secondary": N_("{skill} is not a secondary skill this player can take (no categories, not one he has)."),
}


def value_increase(
    kind: AdvancementKind,
    catalog: Catalog,
    *,
    skill: Skill | None = None,
    characteristic: Characteristic | None = None,
    secondary: bool = False,
) -> int:
    """What the advancement adds to the player's value (Elite skills +10,000 more)."""
    values = catalog.advancement.value_increase
    if characteristic is not None:
        return values.characteristic[characteristic]
    assert skill is not None
    base = values.secondary_skill if secondary or kind == "chosen_secondary" else values.primary_skill
    return base + (values.elite_skill_extra if skill.elite else 0)


def roll_random_skill(
    state: PlayerState, category: SkillCategory, catalog: Catalog, dice: Dice, exclude: set[str] | None = None
) -> tuple[str, list[DieRoll]]:
    """Roll two D6 on a category's table, again while the result is a skill the player has or one he
    could not use with his other skills."""
    table = catalog.random_skill_tables[category]
    owned = state.skills
    skipped = exclude or set()

    def usable(name: str) -> bool:
        return name not in skipped and _unusable(name, owned, catalog) is None

    if not any(usable(name) for name in table.names):
        raise RuleViolation(
            _("The player already has, or cannot use, every {category} skill.", category=category)
        )
    rolls: list[DieRoll] = []
    while True:
        first = roll(dice, "d6", _("random {category} skill, first D6", category=category))
        second = roll(dice, "d6", _("random {category} skill, second D6", category=category))
        rolls += [first, second]
        name = table.pick(first.total, second.total)
        if usable(name):
            return name, rolls


@dataclass(frozen=True)
class RandomPrimary:
    options: tuple[str, str]
    forced: bool  # the same skill twice: it must be taken
    rolls: tuple[DieRoll, ...]


def random_primary(state: PlayerState, category: str, catalog: Catalog, dice: Dice) -> RandomPrimary:
    """Two random rolls on a primary category's table; the coach then picks one (a double is forced)."""
    if category not in state.position.primary:
        raise _not_a_category(category, "primary", state.position.primary)
    first, first_rolls = roll_random_skill(state, category, catalog, dice)
    second, second_rolls = roll_random_skill(state, category, catalog, dice)
    return RandomPrimary((first, second), first == second, tuple(first_rolls + second_rolls))


def improvable(state: PlayerState, characteristic: Characteristic, catalog: Catalog) -> bool:
    """May this characteristic be improved once more (at most twice, never past its maximum)?"""
    limits = catalog.advancement.characteristic_limits
    if state.improvements.get(characteristic, 0) >= limits.max_improvements_per_characteristic:
        return False
    now = state.current(characteristic)
    if now is None:
        return False
    step = catalog.advancement.improvement_step[characteristic]
    after = now + step
    best = limits.maximum[characteristic]
    return after >= best if step < 0 else after <= best


@dataclass(frozen=True)
class CharacteristicRoll:
    roll: DieRoll
    allowed: tuple[Characteristic, ...]  # what the D8 allows and the limits permit (may be empty)


def characteristic_roll(state: PlayerState, catalog: Catalog, dice: Dice) -> CharacteristicRoll:
    """Roll the D8 on the Characteristic Improvement Table and keep the choices the limits allow."""
    table = catalog.advancement.characteristic_improvement
    d8 = roll(dice, table.dice, _("characteristic improvement"))
    row = next(e for e in table.entries if e.min <= d8.total <= e.max)
    return CharacteristicRoll(d8, tuple(c for c in row.options if improvable(state, c, catalog)))
