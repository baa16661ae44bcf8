"""The rules catalogue as validated, immutable models. One model per shape found in data/<edition>/.

Every model forbids unknown fields, so a typo in a data file is an error at start-up, not a silent gap.
Roll tables check that their entries cover every result of their dice exactly once.
"""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal, TypeVar, get_args

from pydantic import BaseModel, ConfigDict, Field, model_validator

SkillCategory = Literal["A", "D", "G", "M", "P", "S"]
Characteristic = Literal["ma", "st", "ag", "pa", "av"]
CHARACTERISTICS: tuple[Characteristic, ...] = get_args(Characteristic)
CATEGORY_NAMES: dict[str, str] = {
    "A": "Agility",
    "D": "Devious",
    "G": "General",
    "M": "Mutation",
    "P": "Passing",
    "S": "Strength",
    "T": "Trait",
}
Gold = Annotated[int, Field(ge=0, multiple_of=1000)]
Summary = Annotated[str, Field(min_length=1, max_length=200)]
_SKILL_REFERENCE = re.compile(r"^(?P<name>[^()]+?)(?: \((?P<parameter>[^()]+)\))?$")


class Model(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Noted(Model):
    """Anything that can carry notes on which source was chosen and why."""

    source_notes: tuple[str, ...] = ()


def split_skill_reference(reference: str) -> tuple[str, str | None]:
    """'Loner (4+)' -> ('Loner', '4+'); 'Block' -> ('Block', None)."""
    match = _SKILL_REFERENCE.match(reference)
    if match is None:
        raise ValueError(f"not a skill reference: {reference!r}")
    return match["name"], match["parameter"]


def dice_outcomes(dice: str) -> range:
    """All results of 'd6', '2d6', 'd16' ... (summed dice)."""
    match = re.fullmatch(r"(\d*)d(\d+)", dice)
    if match is None:
        raise ValueError(f"dice must look like d6 or 2d6, not {dice!r}")
    count, sides = int(match[1] or 1), int(match[2])
    return range(count, count * sides + 1)


def check_coverage(ranges: list[tuple[int, int | None]], outcomes: range, what: str) -> None:
    """Each outcome in exactly one [min, max] range; an open max (None) runs to the last outcome."""
    seen: dict[int, int] = {}
    for low, high in ranges:
        top = outcomes[-1] if high is None else high
        if low > top:
            raise ValueError(f"{what}: range {low}-{high} is empty")
        for value in range(low, top + 1):
            seen[value] = seen.get(value, 0) + 1
    missing = [v for v in outcomes if v not in seen]
    doubled = sorted(v for v, n in seen.items() if n > 1)
    outside = sorted(v for v in seen if v not in outcomes)
    if missing or doubled or outside:
        raise ValueError(
            f"{what}: results not covered {missing}, covered twice {doubled}, impossible {outside}"
        )


# --- leagues and special rules ------------------------------------------------------------------


class League(Noted):
    name: str
    summary: Summary


class SpecialRule(Noted):
    name: str
    summary: Summary


class LeaguesFile(Noted):
    leagues: tuple[League, ...]
    team_special_rules: tuple[SpecialRule, ...]


# --- teams ----------------------------------------------------------------------------------------


class Profile(Noted):
    ma: int = Field(ge=1, le=10)
    st: int = Field(ge=1, le=8)
    ag: int = Field(ge=1, le=6)
    pa: int | None = Field(ge=1, le=6)
    av: int = Field(ge=3, le=12)
    skills: tuple[str, ...]

    @property
    def profile_text(self) -> str:
        pa = "-" if self.pa is None else f"{self.pa}+"
        return f"MA {self.ma} · ST {self.st} · AG {self.ag}+ · PA {pa} · AV {self.av}+"


class Position(Profile):
    id: str = Field(pattern=r"^[a-z0-9_]+$")
    name: str
    max: int = Field(ge=1, le=16)
    cost: Gold
    primary: tuple[SkillCategory, ...]
    secondary: tuple[SkillCategory, ...]
    keywords: tuple[str, ...]

    @property
    def categories_text(self) -> str:
        return f"{''.join(self.primary) or '-'} / {''.join(self.secondary) or '-'}"


class FavouredOf(Model):
    """The alignments a team picks one from when drafted (one option: fixed)."""

    options: tuple[str, ...] = Field(min_length=1)
    only_in_league: str | None = None


class GroupLimit(Model):
    """At most `max` players in total from these positions (e.g. a single Big Guy from a list)."""

    positions: tuple[str, ...] = Field(min_length=2)
    max: int = Field(ge=1)
    summary: Summary


class Team(Noted):
    id: str = Field(pattern=r"^[a-z0-9_]+$")
    name: str
    tier: int = Field(ge=1, le=5)
    reroll_cost: Gold
    apothecary: bool
    leagues: tuple[str, ...] = Field(min_length=1)
    special_rules: tuple[str, ...]
    favoured_of: FavouredOf | None = None
    positions: tuple[Position, ...] = Field(min_length=1)
    group_limits: tuple[GroupLimit, ...] = ()

    def alignments_in(self, league: str) -> tuple[str, ...]:
        """The alignments open to this team when it plays in `league` (empty: none)."""
        if self.favoured_of is None:
            return ()
        if self.favoured_of.only_in_league not in (None, league):
            return ()
        return self.favoured_of.options

    def position(self, position_id: str) -> Position | None:
        return next((p for p in self.positions if p.id == position_id), None)

    def special_rules_with(self, league: str, alignment: str | None) -> tuple[str, ...]:
        """The team's special rules once its league and alignment are chosen."""
        if alignment is None:
            return self.special_rules
        if alignment not in self.alignments_in(league):
            raise ValueError(f"{self.name} in {league} cannot be Favoured of {alignment}")
        return (*self.special_rules, f"Favoured of {alignment}")


class TeamsFile(Noted):
    teams: tuple[Team, ...]


class StaffRule(Model):
    id: Literal["assistant_coach", "cheerleader", "apothecary"]
    name: str
    cost: Gold
    max: int = Field(ge=1)


class FanRule(Model):
    start: int
    max_at_draft: int
    cost_per_step: Gold
    min: int
    max: int


class TierRow(Model):
    """What a tournament team of one tier gets: Skill Points, and the most secondary skills and stars."""

    tier: int = Field(ge=1)
    skill_points: int = Field(ge=0)
    max_secondary: int = Field(ge=0)
    max_stars: int = Field(ge=0)


class TournamentRosterRules(Model):
    fan_cost: int = Field(ge=0)
    max_fans: int = Field(ge=1)
    max_stars: int = Field(ge=0)
    star_points: int = Field(ge=0)
    mega_star_points: int = Field(ge=0)
    max_mega_stars: int = Field(ge=0)
    primary_points: int = Field(ge=0)
    secondary_points: int = Field(ge=0)


class TournamentScoring(Model):
    win: int
    draw: int
    loss: int
    bonus_touchdowns: int = Field(ge=1)  # a Bonus Point for scoring at least this many
    bonus_casualties: int = Field(ge=1)  # and for inflicting at least this many (that earn SPP)
    concession_penalty: int = Field(ge=0)
    concession_score: tuple[int, int]
    bye_score: tuple[int, int]
    winner_fans: int = Field(ge=0)  # Dedicated Fans the winner of a game gains (no post-game sequence)

    @property
    def max_bonus_points(self) -> int:
        return 3  # the three Bonus Points: touchdowns, a clean sheet, casualties


class StuntyRoster(Model):
    """A roster a stunty event allows, and the positions it may field there (None: all of them)."""

    team: str
    only: tuple[str, ...] | None = None


class StuntyRules(Model):
    """Seed 000, Stunty Tournament: the rosters allowed and their limits (checked against the definition by
    tests/catalog: every roster that can be made up of Stunty players and Big Guys, and no other)."""

    definition: str
    rosters: tuple[StuntyRoster, ...]

    def roster(self, team_id: str) -> StuntyRoster | None:
        return next((r for r in self.rosters if r.team == team_id), None)


class TournamentRules(Noted):
    id: str
    name: str
    source: str
    tiers: tuple[TierRow, ...]
    roster: TournamentRosterRules
    scoring: TournamentScoring
    stunty_tier: int = Field(ge=1)  # the Stunty Cup: the best-placed team of this tier (or a lower one)
    stunty: StuntyRules  # a stunty event's rosters

    @model_validator(mode="after")
    def _tiers(self) -> TournamentRules:
        if sorted(t.tier for t in self.tiers) != list(range(1, len(self.tiers) + 1)):
            raise ValueError("tiers must be 1, 2, 3 ... once each")
        return self


class DraftingRules(Noted):
    id: str
    name: str
    source: str
    draft_budget: Gold
    min_players_at_draft: int
    max_players: int
    max_rerolls: int
    reroll_cost_multiplier_after_draft: int
    staff: tuple[StaffRule, ...]
    dedicated_fans: FanRule

    def staff_rule(self, staff_id: str) -> StaffRule:
        return next(rule for rule in self.staff if rule.id == staff_id)


SppEvent = Literal[
    "completion", "superb_throw", "safe_landing", "interception", "casualty", "touchdown", "mvp"
]


class WinningsRule(Model):
    multiplier: Gold
    no_stalling_bonus: int


class ConcessionRule(Model):
    win_score: int
    fans_lost_dice: str
    quit_check_min_advancements: int
    quit_on_or_below: int


class DiceMultiplier(Model):
    dice: str
    multiplier: Gold


class PostgameRules(Noted):
    id: str
    name: str
    source: str
    fan_factor_dice: str
    winnings: WinningsRule
    spp: dict[SppEvent, int]
    spp_by_special_rule: dict[str, dict[SppEvent, int]]
    mvp_nominees: int
    concession: ConcessionRule
    unplayed_concession_winnings: DiceMultiplier

    def spp_values(self, special_rules: tuple[str, ...] | list[str]) -> dict[SppEvent, int]:
        """SPP per event for a team, with its special rules' changes (e.g. Brawlin' Brutes)."""
        values = dict(self.spp)
        for rule in special_rules:
            values.update(self.spp_by_special_rule.get(rule, {}))
        return values


# --- season end ----------------------------------------------------------------------------------


class Prize(Model):
    place: int = Field(ge=1, le=3)
    gold: Gold


class PenaltyShootout(Model):
    roll_offs: int = Field(ge=1, le=9)
    die: int = Field(ge=2)


class GettingEven(Model):
    target: int = Field(ge=2, le=6)
    injuries: tuple[Literal["seriously_hurt", "serious_injury", "lasting_injury"], ...]
    excluded_keywords: tuple[str, ...]


class RestAndRelaxation(Model):
    niggling_target: int = Field(ge=2, le=6)
    hatred_target: int = Field(ge=2, le=6)
    retired_reduction_target: int = Field(ge=2, le=6)
    apothecary_bonus: int = Field(ge=0, le=2)


class RedraftRules(Model):
    base_budget: Gold
    per_fixture_played: Gold
    per_win: Gold
    per_draw: Gold
    recommended_cap: Gold
    agent_fee_per_season: Gold


class SeasonEndRules(Noted):
    id: str
    name: str
    source: str
    prizes: tuple[Prize, ...]
    trophy_rerolls: int = Field(ge=0, le=2)
    penalty_shootout: PenaltyShootout
    getting_even: GettingEven
    rest_and_relaxation: RestAndRelaxation
    redraft: RedraftRules

    @model_validator(mode="after")
    def _places(self) -> SeasonEndRules:
        if sorted(p.place for p in self.prizes) != list(range(1, len(self.prizes) + 1)):
            raise ValueError("prizes must be for places 1, 2, 3 ... once each")
        return self

    def prize(self, place: int) -> int:
        return next((p.gold for p in self.prizes if p.place == place), 0)


# --- skills ---------------------------------------------------------------------------------------


class Skill(Noted):
    name: str
    category: Literal["A", "D", "G", "M", "P", "S", "T"]
    elite: bool
    parameter: str | None
    summary: Summary

    @property
    def is_trait(self) -> bool:
        return self.category == "T"


class RandomSkillTable(Model):
    """First D6 1-3 reads `low`, 4-6 reads `high`; the second D6 picks the entry."""

    low: tuple[str, str, str, str, str, str]
    high: tuple[str, str, str, str, str, str]

    def pick(self, first: int, second: int) -> str:
        if not (1 <= first <= 6 and 1 <= second <= 6):
            raise ValueError("random skill tables are read with two D6")
        return (self.low if first <= 3 else self.high)[second - 1]

    @property
    def names(self) -> tuple[str, ...]:
        return self.low + self.high


class SkillRequirement(Model):
    """A skill only a player with another skill (a trait) may have."""

    skill: str
    requires: str


class SkillsFile(Noted):
    skills: tuple[Skill, ...]
    random_tables: dict[SkillCategory, RandomSkillTable]
    # Skills a player cannot have together (each pair once, either way round), and skills that need
    # another: a player may not take, and re-rolls, a skill he could not use with his other skills.
    cannot_have_together: tuple[tuple[str, str], ...] = ()
    requirements: tuple[SkillRequirement, ...] = ()


# --- star players ---------------------------------------------------------------------------------


class NamedRule(Model):
    name: str
    summary: Summary


class PlaysFor(Model):
    any_team: bool
    leagues: tuple[str, ...]
    except_leagues: tuple[str, ...]
    special_rules: tuple[str, ...] = ()


class Star(Profile):
    name: str
    cost: Gold | None
    keywords: tuple[str, ...]
    special_rule: NamedRule
    plays_for: PlaysFor
    teams: tuple[str, ...]
    mega_star: bool
    pair: str | None


class Pair(Noted):
    name: str
    members: tuple[str, ...] = Field(min_length=2)
    cost: Gold
    summary: Summary


class StarsFile(Noted):
    stars: tuple[Star, ...]
    pairs: tuple[Pair, ...]


# --- inducements ----------------------------------------------------------------------------------


class ReducedCost(Model):
    cost: Gold
    special_rule: str | None = None
    team: str | None = None

    @model_validator(mode="after")
    def _one_condition(self) -> ReducedCost:
        if (self.special_rule is None) == (self.team is None):
            raise ValueError("a reduced cost names exactly one of special_rule or team")
        return self


class IncreasedMax(Model):
    max: int = Field(ge=1)
    special_rule: str


class OnlyFor(Model):
    special_rules: tuple[str, ...] = ()
    leagues: tuple[str, ...] = ()
    teams: tuple[str, ...] = ()

    @property
    def anyone(self) -> bool:
        return not (self.special_rules or self.leagues or self.teams)


class MercenaryPrice(Model):
    base: str
    surcharge: Gold
    optional_primary_skill: Gold
    adds_skill: str


class RollEntry(Noted):
    """One row of a roll table. The optional fields are what particular tables add."""

    min: int
    max: int | None
    name: str
    summary: Summary
    effect: CasualtyEffect | None = None
    characteristic: Characteristic | None = None
    delta: int | None = None
    duration: Literal["game", "half", "drive"] | None = None
    grants: str | None = None
    follow_up: FollowUp | None = None

    @property
    def range_text(self) -> str:
        if self.max is None:
            return f"{self.min}+"
        return str(self.min) if self.min == self.max else f"{self.min}-{self.max}"


class CasualtyEffect(Model):
    miss_next_game: bool
    niggling_injury: bool
    lasting_injury: bool
    dead: bool


class FollowUp(Model):
    table: str
    dice: str


class RollModifier(Model):
    source: str
    value: int
    per: str


class RollTable(Noted):
    id: str = Field(pattern=r"^[a-z0-9_]+$")
    name: str
    dice: str
    entries: tuple[RollEntry, ...] = Field(min_length=1)
    source: str | None = None
    when: str | None = None
    rolled_by: str | None = None
    modifiers: tuple[RollModifier, ...] = ()
    format: str | None = None
    optional: bool = False
    # secret objectives: how many are drawn
    rolls: int | None = None
    reroll_duplicates: bool | None = None
    use: str | None = None

    @model_validator(mode="after")
    def _covers_every_result(self) -> RollTable:
        check_coverage([(e.min, e.max) for e in self.entries], dice_outcomes(self.dice), f"table {self.id}")
        return self

    def lookup(self, result: int) -> RollEntry:
        """The entry for a (possibly modified) result; results past the last entry read the last one."""
        outcomes = dice_outcomes(self.dice)
        result = max(outcomes[0], min(result, outcomes[-1]))
        for entry in self.entries:
            if entry.min <= result and (entry.max is None or result <= entry.max):
                return entry
        raise LookupError(f"{self.id}: no entry for {result}")  # unreachable: coverage is validated


class Inducement(Noted):
    id: str = Field(pattern=r"^[a-z0-9_]+$")
    name: str
    cost: Gold | None
    max: int | None = Field(ge=1)
    summary: Summary
    reduced_cost: tuple[ReducedCost, ...] = ()
    increased_max: tuple[IncreasedMax, ...] = ()
    only_for: OnlyFor = OnlyFor()
    table: str | RollTable | None = None
    requires_apothecary: bool = False
    priced_elsewhere: bool = False
    price_varies: bool = False
    variant: str | None = None
    price_rule: MercenaryPrice | None = None
    notes: str | None = None
    when: str | None = None

    @model_validator(mode="after")
    def _priced(self) -> Inducement:
        if self.cost is None and not self.priced_elsewhere:
            raise ValueError("an inducement without a cost must say priced_elsewhere")
        return self


class InducementsFile(Noted):
    id: str
    name: str
    source: str
    format: str | None = None
    optional: bool = False
    underdog_treasury_max: Gold | None = None  # league inducements: the lower-CTV team's treasury top-up
    inducements: tuple[Inducement, ...]


# --- tables ---------------------------------------------------------------------------------------


class TablesFile(Noted):
    id: str
    name: str
    source: str
    format: str | None = None
    tables: tuple[RollTable, ...]
    rules: tuple[str, ...] = ()


class SppCost(Model):
    advancement: int = Field(ge=1, le=6)
    title: str
    random_primary: int
    chosen_primary: int
    chosen_secondary: int
    random_secondary: int | None
    characteristic: int


class CharacteristicRoll(Model):
    min: int
    max: int
    options: tuple[Characteristic, ...] = Field(min_length=1)
    summary: Summary


class CharacteristicTable(Model):
    id: str
    name: str
    dice: str
    entries: tuple[CharacteristicRoll, ...]

    @model_validator(mode="after")
    def _covers(self) -> CharacteristicTable:
        check_coverage([(e.min, e.max) for e in self.entries], dice_outcomes(self.dice), self.id)
        return self


class ValueIncrease(Model):
    primary_skill: Gold
    secondary_skill: Gold
    characteristic: dict[Characteristic, Gold]
    elite_skill_extra: Gold


class CharacteristicLimits(Model):
    max_improvements_per_characteristic: int
    maximum: dict[Characteristic, int]
    minimum: dict[Characteristic, int]


class AdvancementFile(Noted):
    id: str
    name: str
    source: str
    format: str | None = None
    spp_costs: tuple[SppCost, ...] = Field(min_length=6, max_length=6)
    max_advancements: int
    characteristic_improvement: CharacteristicTable
    value_increase: ValueIncrease
    characteristic_limits: CharacteristicLimits
    improvement_step: dict[Characteristic, int]
    rules: tuple[str, ...] = ()

    @model_validator(mode="after")
    def _in_order(self) -> AdvancementFile:
        if [c.advancement for c in self.spp_costs] != list(range(1, 7)):
            raise ValueError("spp_costs must list advancements 1 to 6 in order")
        return self

    def cost(self, advancements_taken: int) -> SppCost:
        """SPP prices of a player's next advancement, given how many they already have."""
        if not 0 <= advancements_taken < len(self.spp_costs):
            raise ValueError(f"a player has at most {len(self.spp_costs)} advancements")
        return self.spp_costs[advancements_taken]


class MistakeCell(Model):
    min: int
    max: int
    outcome: str


class TreasuryBand(Model):
    min: Gold
    max: Gold | None
    entries: tuple[MistakeCell, ...]


class MistakeEffect(Model):
    type: Literal["none", "lose", "halve", "keep_only"]
    dice: str | None = None
    multiplier: Gold | None = None
    round_down_to: Gold | None = None


class MistakeOutcome(Model):
    id: str
    name: str
    summary: Summary
    effect: MistakeEffect


class ComparisonGrid(Model):
    note: str
    rows: tuple[tuple[str, ...], ...]


class ExpensiveMistakesFile(Noted):
    id: str
    name: str
    source: str
    format: str | None = None
    dice: str
    threshold: Gold
    bands: tuple[TreasuryBand, ...]
    outcomes: tuple[MistakeOutcome, ...]
    bbbase_results: ComparisonGrid | None = None

    @model_validator(mode="after")
    def _complete(self) -> ExpensiveMistakesFile:
        outcome_ids = {o.id for o in self.outcomes}
        expected_min = self.threshold
        for band in self.bands:
            if band.min != expected_min:
                raise ValueError(f"treasury bands must be contiguous: expected one from {expected_min}")
            check_coverage(
                [(c.min, c.max) for c in band.entries],
                dice_outcomes(self.dice),
                f"band {band.min}-{band.max}",
            )
            for cell in band.entries:
                if cell.outcome not in outcome_ids:
                    raise ValueError(f"unknown outcome {cell.outcome!r}")
            if band.max is None:
                break
            expected_min = band.max + 5000
        if self.bands[-1].max is not None:
            raise ValueError("the last treasury band must be open-ended")
        return self

    def band_for(self, treasury: int) -> TreasuryBand | None:
        """The column for a treasury, or None below the threshold (no roll)."""
        if treasury < self.threshold:
            return None
        return max((b for b in self.bands if b.min <= treasury), key=lambda b: b.min)

    def outcome(self, treasury: int, roll: int) -> MistakeOutcome | None:
        band = self.band_for(treasury)
        if band is None:
            return None
        cell = next(c for c in band.entries if c.min <= roll <= c.max)
        return next(o for o in self.outcomes if o.id == cell.outcome)


class MatchEventTrigger(Model):
    dice: str
    fires_on: dict[Literal["min", "max"], int]
    when: str
    rolled_by: str


class EventDie(Model):
    dice: str
    rolled_by: str


class MatchEventLimits(Model):
    max_per_half: int
    resume_in_second_half: bool
    in_extra_time: bool


class MatchEvent(Model):
    d8_min: int
    d8_max: int
    d6: int = Field(ge=1, le=6)
    name: str
    summary: Summary


class MatchEventsFile(Noted):
    id: str
    name: str
    source: str
    format: str | None = None
    optional: bool
    trigger: MatchEventTrigger
    event_dice: dict[Literal["row", "column"], EventDie]
    limits: MatchEventLimits
    recommendation: str | None = None
    entries: tuple[MatchEvent, ...]

    @model_validator(mode="after")
    def _grid_complete(self) -> MatchEventsFile:
        for d6 in range(1, 7):
            check_coverage(
                [(e.d8_min, e.d8_max) for e in self.entries if e.d6 == d6],
                range(1, 9),
                f"match events, D6 {d6}",
            )
        return self

    def event(self, d8: int, d6: int) -> MatchEvent:
        return next(e for e in self.entries if e.d6 == d6 and e.d8_min <= d8 <= e.d8_max)


class SendOffRow(Model):
    min: int
    max: int | None
    send_off_on: int | None
    summary: Summary


class SendOffTable(Model):
    id: str
    name: str
    roll: str
    keyed_by: str
    distance_unit: str
    entries: tuple[SendOffRow, ...]
    rules: tuple[str, ...] = ()

    @model_validator(mode="after")
    def _covers(self) -> SendOffTable:
        top = max((e.max or e.min) for e in self.entries)
        check_coverage([(e.min, e.max) for e in self.entries], range(1, top + 1), self.id)
        return self


class Referee(Noted):
    id: str | None = None
    name: str
    ma: int
    st: int
    ag: int
    pa: int | None
    av: int
    skills: tuple[str, ...]
    special_rule: NamedRule | None
    send_off_modifier: int
    argue_the_call_allowed: bool = True


class RefereesFile(Noted):
    id: str
    name: str
    source: str
    format: str | None = None
    optional: bool
    send_off: SendOffTable
    generic_referee: Referee
    referees: tuple[Referee, ...]


T = TypeVar("T")


class SpecialPlayBand(Model):
    min: int = Field(ge=0)
    max: int | None
    draw: int = Field(ge=0)
    keep: int = Field(ge=0)


class DrawKeep(Model):
    draw: int = Field(ge=0)
    keep: int = Field(ge=0)


class SpecialPlayChart(Model):
    """Seed 003, Draw Special Play Cards: cards drawn and kept by the higher Team Value of the two."""

    id: str
    name: str
    kind: Literal["special_play_chart"]
    basis: str
    order: str
    per_special_play_inducement: DrawKeep
    bands: tuple[SpecialPlayBand, ...] = Field(min_length=1)

    @model_validator(mode="after")
    def _gap_free(self) -> SpecialPlayChart:
        if self.bands[0].min != 0 or self.bands[-1].max is not None:
            raise ValueError("the bands must start at 0 and end with no upper limit")
        for before, after in zip(self.bands, self.bands[1:], strict=False):
            if before.max is None or after.min != before.max + 1:
                raise ValueError("each band must start one gold piece after the one before ends")
        return self

    def band_for(self, team_value: int) -> SpecialPlayBand:
        return next(b for b in reversed(self.bands) if b.min <= team_value)


class FansRule(Model):
    dice: str
    add: Literal["fan_factor"]
    home_stadium_extra: str
    multiplier: int = Field(ge=1)


class FameRule(Model):
    more_fans: int
    twice_as_many: int
    otherwise: int


class FansAndFame(Model):
    """Seed 003, The Match: (2D6 + Fan Factor) x 1,000 fans each; FAME from who has more."""

    id: str
    name: str
    kind: Literal["fans_and_fame"]
    summary: Summary
    fans: FansRule
    fame: FameRule


class ClassicWinnings(Model):
    """Seed 003, Record Fortune and FAME: (D6 + FAME) x 10,000, +10,000 for a win or a tie."""

    id: str
    name: str
    kind: Literal["winnings"]
    summary: Summary
    dice: str
    add: Literal["fame"]
    multiplier: Gold
    win_or_draw_bonus: Gold
    winner_may_reroll: bool
    friendly_dice: str
    conceded: str


class FanFactorRoll(Model):
    result: Literal["win", "loss", "draw"]
    dice: str
    up_if_above: bool
    down_if_below: bool


class ClassicFanFactor(Model):
    id: str
    name: str
    kind: Literal["fan_factor"]
    summary: Summary
    rolls: tuple[FanFactorRoll, ...]

    def for_result(self, result: Literal["win", "loss", "draw"]) -> FanFactorRoll:
        return next(r for r in self.rolls if r.result == result)


class ClassicPoints(Model):
    id: str
    name: str
    kind: Literal["points"]
    win: int = Field(ge=0)
    draw: int = Field(ge=0)
    loss: int = Field(ge=0)
    friendly: int = Field(ge=0)


class ClassicInducement(Model):
    id: str = Field(pattern=r"^[a-z0-9_]+$")
    name: str
    cost: Gold | None  # None: priced as the BB2025 inducement named by `bb2025`
    max: int | None = Field(ge=1)  # None: unlimited
    bb2025: str | None  # the BB2025 inducement it is (its summary, who may buy it, special prices)
    summary: Summary | None = None

    @model_validator(mode="after")
    def _described(self) -> ClassicInducement:
        if self.bb2025 is None and (self.cost is None or self.summary is None):
            raise ValueError("an inducement BB2025 does not have needs its own cost and summary")
        return self


class PettyCash(Model):
    summary: str
    home_stadium_extra: Gold
    higher_value_buys_first: bool
    minutes: int = Field(ge=1)


class ClassicInducements(Model):
    id: str
    name: str
    kind: Literal["inducement_list"]
    petty_cash: PettyCash
    inducements: tuple[ClassicInducement, ...]


ClassicEntry = (
    SpecialPlayChart | FansAndFame | ClassicWinnings | ClassicFanFactor | ClassicPoints | ClassicInducements
)
_CLASSIC_KINDS: dict[str, type[Model]] = {
    "special_play_chart": SpecialPlayChart,
    "fans_and_fame": FansAndFame,
    "winnings": ClassicWinnings,
    "fan_factor": ClassicFanFactor,
    "points": ClassicPoints,
    "inducement_list": ClassicInducements,
}


class MissingTable(Model):
    """A table seed 003 refers to but does not contain, and what a classic league does instead."""

    id: str = Field(pattern=r"^[a-z0-9_]+$")
    name: str
    # BB2025's equivalent is used; the step is skipped (a commissioner may record its result by hand); or
    # the step is not offered at all (the seed names it but leaves out what it needs)
    handled: Literal["bb2025", "skipped", "unavailable"]
    summary: Summary

    @property
    def borrowed(self) -> bool:
        """BB2025's table stands in for the missing one."""
        return self.handled == "bb2025"


class ClassicRulesetData(Model):
    """How a classic league differs outside the tables (see bot/rules/rulesets)."""

    mvp_nominees: int = Field(ge=1, le=6)
    rerolls_removable: bool
    journeyman_position_limits: tuple[int, ...] = Field(min_length=1)
    journeyman_keyword: str | None
    fan_factor_value: Gold
    team_value_leaves_out_missing_players: bool
    getting_even: bool
    concession_penalties: bool
    missing: tuple[MissingTable, ...]


class ClassicSeasonFile(Noted):
    id: str
    name: str
    source: str
    format: str | None = None
    optional: bool
    tables: tuple[RollTable | ClassicEntry, ...]
    ruleset: ClassicRulesetData

    @model_validator(mode="before")
    @classmethod
    def _route_entries(cls, data: Any) -> Any:
        if isinstance(data, dict) and isinstance(data.get("tables"), list):
            routed = []
            for t in data["tables"]:
                kind = t.get("kind") if isinstance(t, dict) else None
                model = _CLASSIC_KINDS.get(kind) if isinstance(kind, str) else None
                if kind is not None and model is None:
                    raise ValueError(f"unknown kind {kind!r}")
                routed.append(model.model_validate(t) if model else RollTable.model_validate(t))
            data = {**data, "tables": routed}
        return data

    def _one(self, kind: type[T]) -> T:
        found = [t for t in self.tables if isinstance(t, kind)]
        if len(found) != 1:
            raise LookupError(f"classic_season.json must hold exactly one {kind.__name__}")
        return found[0]

    @property
    def special_plays(self) -> SpecialPlayChart:
        return self._one(SpecialPlayChart)

    @property
    def fans_and_fame(self) -> FansAndFame:
        return self._one(FansAndFame)

    @property
    def winnings(self) -> ClassicWinnings:
        return self._one(ClassicWinnings)

    @property
    def fan_factor(self) -> ClassicFanFactor:
        return self._one(ClassicFanFactor)

    @property
    def points(self) -> ClassicPoints:
        return self._one(ClassicPoints)

    @property
    def inducements(self) -> ClassicInducements:
        return self._one(ClassicInducements)

    def roll_table(self, table_id: str) -> RollTable:
        return next(t for t in self.tables if isinstance(t, RollTable) and t.id == table_id)

    @model_validator(mode="after")
    def _complete(self) -> ClassicSeasonFile:
        for kind in _CLASSIC_KINDS.values():
            self._one(kind)
        for table_id in ("random_stadium", "weather_classic"):
            if not any(isinstance(t, RollTable) and t.id == table_id for t in self.tables):
                raise ValueError(f"the classic season needs the {table_id} table")
        return self


RollEntry.model_rebuild()
Inducement.model_rebuild()
