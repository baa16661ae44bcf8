"""A tournament's rulespack (seed 000, Rulespack): what the organiser sets and every coach can read.

Team Draft Budget; the number of rounds; a deadline per round for online events (none for an event played
in one place); a Spare Player or a Bye for an odd number of coaches; whether 1st and 2nd may meet again in
the final round; the tiebreakers in order (seed 000's four, then the organiser's); the tier table (seed
000's rows, tier 4 as tier 3, each overridable) and any tier a roster is moved to; whether registration is
open; how Best Painted is decided. Validated on every change; stored as JSON on the tournament row.

Before the event starts anything may change; once it runs only what touches neither the rosters nor the
pairings already made (`CHANGEABLE_WHILE_RUNNING`, `check_rulespack_change`); once it is over, nothing.

The format (seed 000, Alternative formats) is part of the rulespack too: Swiss rounds or a group stage and
knock-out (`format`); coaches alone or in teams of `team_size` (a team event); any roster or only stunty
teams (`stunty`). They combine: a group and knock-out team event, a stunty team event, ... The first two
choose the policy that pairs and ranks the event (bot/rules/tournament/formats.py).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from bot.errors import RuleViolation
from bot.i18n import N_, _
from bot.rules.tournament.swiss import OddPlayer
from bot.rules.tournament.tournament_inducements import EventInducement, validate_list
from bot.rules.tournament.tournament_rosters import RosterRules, TierAllowance, TierTable
from bot.rules.tournament.tournament_scoring import DEFAULT_TIEBREAKERS, Tiebreaker

SEED_TIEBREAKERS: tuple[Tiebreaker, ...] = DEFAULT_TIEBREAKERS  # always first, in this order (seed 000)
# May be added after seed 000's four; "custom" is the organiser's own per-game number (`custom_tiebreaker`).
ORGANISER_TIEBREAKERS: tuple[Tiebreaker, ...] = ("votes", "sent_off", "objectives", "custom")
EXTRA_LABELS: dict[str, str] = {
    "votes": N_("votes"),
    "sent_off": N_("sent off"),
    "objectives": N_("objectives"),
}
MAX_ROUNDS = 15
MAX_ROUND_HOURS = 24 * 60
GROUP_SIZE = 4  # seed 000: groups of four
GROUP_ROUNDS = GROUP_SIZE - 1  # a round robin in each group: three games

FormatName = Literal["swiss", "groups"]

# What may change once the event has started: the rest fixes the rosters or the pairings already made.
CHANGEABLE_WHILE_RUNNING = frozenset(
    {"rounds", "round_hours", "final_rematch", "extra_tiebreakers", "custom_tiebreaker", "best_painted"}
)


class TierOverride(BaseModel):
    """The organiser's row for one tier (replacing the catalogue's)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    skill_points: int = Field(ge=0, le=30)
    max_secondary: int = Field(ge=0, le=16)
    max_stars: int = Field(ge=0, le=16)  # seed 000's "at most 2 in all" (the catalogue's) still applies


class Rulespack(BaseModel):
    """An event's rulespack. Numbers the seed fixes (2/1/0, Bonus Points, costs) are in the catalogue."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    budget: int = Field(default=1_150_000, ge=100_000, le=10_000_000, multiple_of=5_000)
    rounds: int = Field(default=3, ge=1, le=MAX_ROUNDS)
    round_hours: int | None = Field(default=None, ge=1, le=MAX_ROUND_HOURS)  # None: in person, no deadline
    odd_player: OddPlayer = OddPlayer.SPARE
    final_rematch: bool = False  # 1st and 2nd may meet again in the final round (seed 000: if stated)
    extra_tiebreakers: tuple[Tiebreaker, ...] = ()  # the organiser's, after seed 000's four
    # The organiser's own per-game number, by its name (seed 000: "or anything else the Event Organiser
    # wishes"), e.g. 'Cheerleader chants': entered with each result, a tiebreaker ("custom"). "": none.
    custom_tiebreaker: str = Field(default="", max_length=40)
    tiers: Mapping[int, TierOverride] = Field(default_factory=dict)  # tier -> the organiser's row
    roster_tiers: Mapping[str, int] = Field(default_factory=dict)  # catalogue team id -> tier for this event
    registration_open: bool = True
    best_painted: Literal["votes", "organiser"] = "votes"
    format: FormatName = "swiss"  # Swiss rounds, or groups of four and a knock-out (and Best of the Rest)
    team_size: int | None = Field(default=None, ge=3, le=8)  # a team event: coaches per team (seed 000: 3-8)
    qualifiers: int = Field(default=8, ge=2, le=64)  # groups: how many reach the knock-out (a power of 2)
    stunty: bool = False  # only stunty teams (seed 000, Stunty Tournament); no Stunty Cup
    naf: bool = False  # NAF-sanctioned: every roster is entered with its coach's NAF name and number
    # Optional rules in play (seed 000, Additional rules):
    secret_objectives: bool = False  # three D16 objectives per coach per game; achieved ones: a tiebreaker
    injuries: bool = False  # casualties rolled and kept as in a league (missing games, lasting, deaths)
    advancement: bool = False  # SPP earned as in a league and spent between rounds (/advance)
    # what the organiser awards extra SPP for (seed 000: "clearly outlined in the rulespack"); /event spp
    extra_spp: str = Field(default="", max_length=200)
    # --- roster options ---
    mandatory_star: bool = False  # every roster must have a star player (seed 000, Mandatory Star Players)
    star_needs_eleven: bool = True  # False: stars come before 11 players and count toward the 11
    inducements: tuple[EventInducement, ...] = ()  # custom inducements: seed 000's or the organiser's
    # Gold piece escalation: the Team Draft Budget of rounds 1, 2, ... (increasing; later rounds keep the
    # last); the first is `budget`. Empty: one budget for the whole event.
    escalation: tuple[int, ...] = ()

    @model_validator(mode="before")
    @classmethod
    def _group_rounds(cls, data: Any) -> Any:
        """A group and knock-out event plays the group's three games, then one round per halving of the
        qualifiers (8 qualifiers: 3 more rounds); Best of the Rest plays as many beside it."""
        if isinstance(data, dict) and data.get("format") == "groups":
            qualifiers = data.get("qualifiers", 8)
            if isinstance(qualifiers, int) and qualifiers >= 2 and qualifiers & (qualifiers - 1) == 0:
                data = {**data, "rounds": GROUP_ROUNDS + qualifiers.bit_length() - 1}
        return data

    @model_validator(mode="before")
    @classmethod
    def _escalation_budget(cls, data: Any) -> Any:
        """Typed as text ('1000000, 1100000, 1200000'); the first budget is the Team Draft Budget."""
        if not isinstance(data, dict):
            return data
        value = data.get("escalation")
        if isinstance(value, str):
            text = value.replace("_", "").strip().lower()
            parts = [] if text in ("", "none") else [p.strip().replace(",", "") for p in text.split("/")]
            if len(parts) == 1 and "," in value:  # '1000000, 1100000': commas between budgets
                parts = [p.strip() for p in value.replace("_", "").split(",")]
            try:
                value = tuple(int(p) for p in parts if p)
            except ValueError:
                raise ValueError(
                    _("escalation: budgets in gold pieces, e.g. 1000000/1100000/1200000")
                ) from None
            data = {**data, "escalation": value}
        if value:
            data = {**data, "budget": next(iter(value))}
        return data

    @field_validator("extra_spp", "custom_tiebreaker", mode="before")
    @classmethod
    def _free_text(cls, value: Any) -> Any:
        """What extra SPP are for, the organiser's tiebreaker's name: as typed, spaces tidied; `none` (or
        nothing) takes it away."""
        if isinstance(value, str):
            text = " ".join(value.split())
            return "" if text.lower() == "none" else text
        return value

    @field_validator("extra_tiebreakers", mode="before")
    @classmethod
    def _typed(cls, value: Any) -> Any:
        """Typed as text: `votes, sent_off`; `none` for none."""
        if isinstance(value, str):
            text = value.strip().lower()
            if text in ("", "none"):
                return ()
            return tuple(t.strip() for t in text.split(",") if t.strip())
        return value

    @model_validator(mode="after")
    def _consistent(self) -> Rulespack:
        # The refusals are the user's (services/inputs.py `validation_message`): worded in his language.
        if len(set(self.extra_tiebreakers)) != len(self.extra_tiebreakers):
            raise ValueError(_("each tiebreaker can be used once"))
        for tiebreaker in self.extra_tiebreakers:
            if tiebreaker not in ORGANISER_TIEBREAKERS:
                names = ", ".join(ORGANISER_TIEBREAKERS)
                raise ValueError(
                    _("after seed 000's four tiebreakers the organiser may add: {names}", names=names)
                )
        if any(not 1 <= tier <= 5 for tier in [*self.tiers, *self.roster_tiers.values()]):
            raise ValueError(_("tiers are 1 to 5"))
        if "objectives" in self.extra_tiebreakers and not self.secret_objectives:
            raise ValueError(_("the objectives tiebreaker needs secret_objectives: true"))
        if "custom" in self.extra_tiebreakers and not self.custom_tiebreaker:
            raise ValueError(
                _("the custom tiebreaker needs its name (custom_tiebreaker, e.g. Cheerleader chants)")
            )
        validate_list(self.inducements)
        if self.escalation:
            self._check_escalation()
        if self.format == "groups" and self.qualifiers & (self.qualifiers - 1):
            raise ValueError(_("the knock-out stage needs a power of 2 qualifiers: 2, 4, 8, 16, 32 or 64"))
        return self

    def _check_escalation(self) -> None:
        if len(self.escalation) < 2:
            raise ValueError(_("escalation needs a budget for at least 2 rounds (or none)"))
        if len(self.escalation) > self.rounds:
            raise ValueError(
                _("escalation: at most one budget per round ({rounds} rounds)", rounds=self.rounds)
            )
        if any(b <= a for a, b in zip(self.escalation, self.escalation[1:], strict=False)):
            raise ValueError(_("escalation: each budget must be larger than the one before"))
        if any(b % 5_000 or not 100_000 <= b <= 10_000_000 for b in self.escalation):
            raise ValueError(_("escalation: budgets of 100,000 to 10,000,000 gp in whole 5,000s"))

    def budget_of(self, round_number: int) -> int:
        """The Team Draft Budget of the roster played in `round_number` (escalation: that round's, or the
        last one's after the list ends)."""
        if not self.escalation:
            return self.budget
        return self.escalation[min(round_number, len(self.escalation)) - 1]

    @property
    def roster_rounds(self) -> int:
        """How many rosters a coach submits: one per escalation budget, else one."""
        return max(1, len(self.escalation))

    @property
    def roster_rules(self) -> RosterRules:
        """The roster options check_roster applies."""
        return RosterRules(
            stunty=self.stunty, mandatory_star=self.mandatory_star, star_needs_eleven=self.star_needs_eleven
        )

    @property
    def is_team_event(self) -> bool:
        return self.team_size is not None

    @property
    def tiebreakers(self) -> tuple[Tiebreaker, ...]:
        """Every tiebreaker in the order applied: seed 000's four, then the organiser's. With Secret
        Objectives the objectives achieved come first ("usually the first tiebreaker"), unless the organiser
        placed them among his own; the organiser's own number, once named, comes last unless he placed it."""
        extra = self.organiser_tiebreakers
        if self.secret_objectives and "objectives" not in extra:
            return ("objectives", *SEED_TIEBREAKERS, *extra)
        return (*SEED_TIEBREAKERS, *extra)

    @property
    def organiser_tiebreakers(self) -> tuple[Tiebreaker, ...]:
        """The organiser's tiebreakers after seed 000's four, in order: the ones listed, then his own
        number when it is named but not listed."""
        if self.custom_tiebreaker and "custom" not in self.extra_tiebreakers:
            return (*self.extra_tiebreakers, "custom")
        return self.extra_tiebreakers

    @property
    def extra_columns(self) -> tuple[tuple[Tiebreaker, str], ...]:
        """The rankings' columns beyond seed 000's: each organiser's tiebreaker and its label ('votes',
        'sent off', 'objectives' in the current language, or the organiser's name for his own number)."""
        return tuple(
            (t, self.custom_tiebreaker if t == "custom" else _(EXTRA_LABELS[t]))
            for t in self.organiser_tiebreakers
        )

    @property
    def petty_cash(self) -> bool:
        """Seed 000: with injuries or advancement rosters drift apart, so before each game the team with the
        lower CTV gets the difference to spend on inducements for that game."""
        return self.injuries or self.advancement

    def tier_table(self, base: TierTable) -> TierTable:
        """The catalogue's tier table with the organiser's rows."""
        return base.override(
            {
                tier: TierAllowance(row.skill_points, row.max_secondary, row.max_stars)
                for tier, row in self.tiers.items()
            }
        )

    def tier_of(self, team_id: str, catalogue_tier: int) -> int:
        """The tier a roster plays at in this event: the organiser's, else the catalogue's."""
        return self.roster_tiers.get(team_id, catalogue_tier)


def check_rulespack_change(event: str, status: str, changes: Mapping[str, Any], paired: int) -> None:
    """Refuse a change of the rulespack (`changes`: setting -> new value, as typed) the event's state does not
    allow: none once it is finished; once it runs only `CHANGEABLE_WHILE_RUNNING`, and never fewer rounds
    than the `paired` ones."""
    if status == "finished":
        raise RuleViolation(_("{event} is over: its rulespack can no longer change.", event=event))
    if status != "running":
        return
    locked = sorted(set(changes) - CHANGEABLE_WHILE_RUNNING)
    if locked:
        allowed = ", ".join(sorted(CHANGEABLE_WHILE_RUNNING))
        raise RuleViolation(
            _(
                "{event} has started: {settings} can no longer change (still open: {allowed}).",
                event=event,
                settings=", ".join(locked),
                allowed=allowed,
            )
        )
    if "rounds" in changes and int(changes["rounds"]) < paired:
        raise RuleViolation(
            _(
                "{event} has already paired {paired} rounds: it needs at least {paired}.",
                event=event,
                paired=paired,
            )
        )


def check_result_numbers(
    event: str | None, rulespack: Rulespack | None, *, crowd: bool, custom: bool
) -> None:
    """A result's casualties from crowd pushes (`crowd`) and the organiser's own number (`custom`) are
    entered only for a tournament's game (`event`, `rulespack`: None for a league's): crowd casualties for
    seed 000's Carnage Cup and Most Patched-Up, the number only where the rulespack names one."""
    if event is None or rulespack is None:
        if crowd:
            raise RuleViolation(
                _(
                    "Crowd casualties are entered only for a tournament's game (its Carnage Cup and Most "
                    "Patched-Up count them); a league game records the casualties that earn SPP."
                )
            )
        if custom:
            raise RuleViolation(
                _("A tiebreaker of the organiser's own is entered only for a tournament's game.")
            )
        return
    if custom and not rulespack.custom_tiebreaker:
        raise RuleViolation(
            _(
                "{event} has no tiebreaker of its own to enter: the organiser names one with "
                "/rulespack set custom_tiebreaker.",
                event=event,
            )
        )
