"""A league's settings: scoring, bonus points, tiebreakers, rounds, divisions, play-offs, draft budget.

Seed 001, League Scoring: win 3, draw 1, loss 0 by default; optional bonus points (score 3+ touchdowns,
concede 0 touchdowns, cause 3+ casualties that earn SPP), either added to a team's total or used as a
tiebreaker when teams are level on league points. The tiebreakers and their order are the league's
choice; touchdown difference, touchdowns scored and casualties caused are the traditional ones.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from enum import StrEnum
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from bot.errors import RuleViolation
from bot.i18n import N_, _
from bot.rules.rulesets.registry import ruleset_ids


class BonusMode(StrEnum):
    OFF = "off"
    ADDED = "added"  # bonus points count as league points
    TIEBREAK = "tiebreak"  # bonus points separate teams level on league points, before the other tiebreakers


Tiebreaker = Literal["td_diff", "td_for", "cas_for", "head_to_head", "td_against", "cas_diff"]

# Each tiebreaker's label, marked for translation: shown as `_(TIEBREAKER_NAMES[name])`.
TIEBREAKER_NAMES: dict[str, str] = {
    "bonus": N_("bonus points"),
    "td_diff": N_("touchdown difference"),
    "td_for": N_("touchdowns scored"),
    "td_against": N_("fewest touchdowns conceded"),
    "cas_for": N_("casualties caused"),
    "cas_diff": N_("casualty difference"),
    "head_to_head": N_("head-to-head"),
    "registration": N_("registration order"),
}

DEFAULT_RULESET = "bb2025"  # one of bot/rules/rulesets' registry
DEFAULT_TIEBREAKERS: tuple[Tiebreaker, ...] = ("td_diff", "td_for", "cas_for")
PLAYOFF_PLACES = (0, 2, 4, 8, 16, 32)
MAX_REMINDERS = 5
MAX_REMINDER_HOURS = 24 * 60


class LeagueSettings(BaseModel):
    """Validated on every change; stored as JSON on the league row."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    edition: Literal["bb2025"] = "bb2025"
    # the season sequence of the pre- and post-games (bot/rules/rulesets); chosen before the first season
    ruleset: str = DEFAULT_RULESET
    points_win: int = Field(default=3, ge=0, le=10)
    points_draw: int = Field(default=1, ge=0, le=10)
    points_loss: int = Field(default=0, ge=0, le=10)
    bonus_mode: BonusMode = BonusMode.OFF
    bonus_three_touchdowns: bool = True
    bonus_clean_sheet: bool = True
    bonus_three_casualties: bool = True
    tiebreakers: tuple[Tiebreaker, ...] = DEFAULT_TIEBREAKERS
    round_days: int = Field(default=14, ge=1, le=90)
    teams_per_division: int | None = Field(default=None, ge=4, le=64)
    playoff_places: int = 4
    # who opens the play-offs once every regular-season fixture is settled: a commissioner, or the bot
    playoff_opening: Literal["commissioner", "automatic"] = "commissioner"
    # first-round match-ups: division winners kept apart (paired with lower-ranked qualifiers), or drawn
    playoff_seeding: Literal["separate_winners", "random"] = "separate_winners"
    # the off-season re-draft budget cap (seed 001 recommends 1,300,000); None: no cap
    redraft_cap: int | None = Field(default=1_300_000, ge=0, le=10_000_000, multiple_of=5_000)
    # seed 004's long-term contracts: each team signs a star for the season in a signing draft
    star_contracts: bool = False
    signing_pick_hours: int = Field(default=24, ge=1, le=168)  # time per pick in the signing draft
    draft_budget: int = Field(default=1_000_000, ge=100_000, le=10_000_000, multiple_of=5_000)
    reminder_hours: tuple[int, ...] = (72, 24)  # reminders this long before each round's deadline
    # reported results confirm themselves this long after the deadline, unless disputed
    confirm_grace_hours: int = Field(default=24, ge=0, le=336)
    prayers_table: Literal["league", "matched_play"] = "league"  # BB2025 D16 table, or seed 000's D8 table
    match_events: bool = False  # seed 002's optional Match Events
    match_events_in_playoffs: bool = False  # not recommended for play-offs; only if the commissioner allows
    referee: Literal["off", "generic", "elnos_lawkeeper", "redkur_forgebeard"] = "off"  # seed 004's referee

    @field_validator("reminder_hours", mode="before")
    @classmethod
    def _reminder_hours(cls, value: Any) -> Any:
        """Typed as text: `72, 24` (or `72h 24h`); `none` for no reminders. Latest first, each once."""
        if isinstance(value, str):
            text = value.strip().lower()
            if text in ("", "none", "off", "0"):
                return ()
            pieces = [p for p in re.split(r"[\s,;]+", text) if p]
            if not all(re.fullmatch(r"[0-9]{1,6}h?", p) for p in pieces):
                raise ValueError(_("give hours before the deadline as numbers, e.g. `72, 24`, or `none`"))
            value = [int(p.removesuffix("h")) for p in pieces]
        if isinstance(value, list | tuple) and all(isinstance(v, int) for v in value):
            return tuple(sorted(set(value), reverse=True))
        return value

    @field_validator("ruleset")
    @classmethod
    def _ruleset(cls, value: str) -> str:
        """One of the registered rulesets (bot/rules/rulesets)."""
        if value not in ruleset_ids():
            raise ValueError(_("the ruleset is one of {rulesets}", rulesets=", ".join(ruleset_ids())))
        return value

    @field_validator("tiebreakers", mode="before")
    @classmethod
    def _tiebreakers(cls, value: Any) -> Any:
        """Typed as text: `head_to_head, td_diff, td_for`."""
        if isinstance(value, str):
            return tuple(t.strip() for t in value.split(",") if t.strip())
        return value

    @model_validator(mode="after")
    def _consistent(self) -> LeagueSettings:
        if not self.points_win >= self.points_draw >= self.points_loss:
            raise ValueError(_("league points must not reward a loss over a draw, or a draw over a win"))
        if len(set(self.tiebreakers)) != len(self.tiebreakers):
            raise ValueError(_("each tiebreaker can be used once"))
        if any(not 1 <= hours <= MAX_REMINDER_HOURS for hours in self.reminder_hours):
            raise ValueError(_("reminders are 1 to {most} hours before a deadline", most=MAX_REMINDER_HOURS))
        if len(self.reminder_hours) > MAX_REMINDERS:
            raise ValueError(_("at most {most} reminders before each deadline", most=MAX_REMINDERS))
        if self.playoff_places not in PLAYOFF_PLACES:
            raise ValueError(
                _("play-off places must be one of {places}", places=", ".join(map(str, PLAYOFF_PLACES)))
            )
        return self

    @property
    def tiebreak_order(self) -> tuple[str, ...]:
        """Tiebreakers in the order applied: bonus points first when the league uses them as a tiebreaker."""
        order: tuple[str, ...] = self.tiebreakers
        if self.bonus_mode is BonusMode.TIEBREAK:
            order = ("bonus", *order)
        return order

    def points_for(self, outcome: Literal["W", "D", "L"]) -> int:
        return {"W": self.points_win, "D": self.points_draw, "L": self.points_loss}[outcome]


def check_ruleset_change(
    league: str, current: str, wanted: str, *, known: Collection[str], played: bool
) -> bool:
    """Whether a settings change moves the league to another ruleset (`wanted`; `current` when the change
    does not name one). Refused: a ruleset not in the registry (`known`), or a move once the league has
    `played` a season, since the ruleset is chosen before the first one."""
    if wanted not in (current, *known):
        raise RuleViolation(_("Not changed: the ruleset is one of {rulesets}.", rulesets=", ".join(known)))
    if wanted == current:
        return False
    if played:
        raise RuleViolation(
            _(
                "Not changed: {league} has played a season; the ruleset is chosen before the first one.",
                league=league,
            )
        )
    return True
