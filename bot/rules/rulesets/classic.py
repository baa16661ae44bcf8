"""The classic season sequence (seed 003) as pure functions: fans and FAME, winnings, Fan Factor, the
Special Play chart, petty cash and Team Value. Every die comes from the injected Dice and is returned with
what it was for; the numbers are in data/bb2025/tables/classic_season.json (`Catalog.classic_season`)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

from bot.catalog.models import (
    ClassicFanFactor,
    ClassicWinnings,
    DraftingRules,
    FansAndFame,
    SpecialPlayChart,
    Team,
)
from bot.rules.dice import Dice
from bot.rules.match.match_result import Outcome
from bot.rules.match.postgame import DieRoll, roll
from bot.rules.roster.team_building import SquadPlayer, Staffing, staff_value

RESULT_NAMES: dict[Outcome, Literal["win", "loss", "draw"]] = {"W": "win", "L": "loss", "D": "draw"}


# --- The Match: fans and FAME ------------------------------------------------------------------------


def fame(fans: int, opponent_fans: int, rule: FansAndFame) -> int:
    """Seed 003: the same number of fans, FAME 0 each; more (but not twice as many) +1; twice as many +2.
    The team with fewer fans has FAME 0."""
    if fans > 0 and fans >= 2 * opponent_fans:
        return rule.fame.twice_as_many
    if fans > opponent_fans:
        return rule.fame.more_fans
    return rule.fame.otherwise


@dataclass(frozen=True)
class Fans:
    """One team's fans: the 2D6 (and the D3 at its home stadium), its Fan Factor, the fans and FAME."""

    fan_factor: int
    rolls: tuple[DieRoll, ...]
    fans: int
    fame: int


def roll_fans(
    fan_factor: int, dice: Dice, rule: FansAndFame, *, home_stadium: bool = False
) -> tuple[int, list[DieRoll]]:
    """(2D6 + Fan Factor, + D3 at the team's home stadium) x 1,000 fans."""
    rolls = [roll(dice, rule.fans.dice, "fans")]
    if home_stadium:
        rolls.append(roll(dice, rule.fans.home_stadium_extra, "fans at home"))
    return (sum(r.total for r in rolls) + fan_factor) * rule.fans.multiplier, rolls


def fans_and_fame(
    fan_factors: tuple[int, int], dice: Dice, rule: FansAndFame, *, home_stadium: int | None = None
) -> tuple[Fans, Fans]:
    """Both teams' fans and FAME (home first); `home_stadium` is 0 or 1 when one of them plays at home."""
    rolled = [
        roll_fans(ff, dice, rule, home_stadium=home_stadium == index) for index, ff in enumerate(fan_factors)
    ]
    (home_fans, home_rolls), (away_fans, away_rolls) = rolled
    return (
        Fans(fan_factors[0], tuple(home_rolls), home_fans, fame(home_fans, away_fans, rule)),
        Fans(fan_factors[1], tuple(away_rolls), away_fans, fame(away_fans, home_fans, rule)),
    )


def fans_record(home: Fans, away: Fans) -> dict[str, object]:
    """Both teams' fans as the fixture's `fans_and_fame` pre-game step keeps them (FAME for the post-game)."""
    return {
        side: {"fan_factor": f.fan_factor, "fans": f.fans, "fame": f.fame, "dice": [str(r) for r in f.rolls]}
        for side, f in (("home", home), ("away", away))
    }


# --- Post-match: winnings ----------------------------------------------------------------------------


def winnings(die: int, fame_: int, outcome: Outcome, rule: ClassicWinnings, *, conceded: bool = False) -> int:
    """(D6 + FAME) x 10,000, plus 10,000 for a win or a tie; a team that conceded gets nothing. In a
    friendly the die is a D3 (`roll_winnings` rolls the right one)."""
    if conceded:
        return 0
    bonus = rule.win_or_draw_bonus if outcome in ("W", "D") else 0
    return (die + fame_) * rule.multiplier + bonus


def roll_winnings(dice: Dice, rule: ClassicWinnings, *, friendly: bool, purpose: str = "winnings") -> DieRoll:
    return roll(dice, rule.friendly_dice if friendly else rule.dice, purpose)


def may_reroll_winnings(outcome: Outcome, rule: ClassicWinnings, *, conceded: bool = False) -> bool:
    """Only the winner may re-roll the winnings die, once, and must keep the second result."""
    return rule.winner_may_reroll and outcome == "W" and not conceded


# --- Post-match: Fan Factor --------------------------------------------------------------------------


@dataclass(frozen=True)
class FanFactorChange:
    before: int
    after: int
    roll: DieRoll


def fan_factor_change(
    fan_factor: int, outcome: Outcome, dice: Dice, rule: ClassicFanFactor
) -> FanFactorChange:
    """Win: 3D6 greater than the Fan Factor adds 1. Loss: 2D6 lower than it takes 1. Draw: 2D6, up 1 if
    greater, down 1 if lower."""
    how = rule.for_result(RESULT_NAMES[outcome])
    check = roll(dice, how.dice, "Fan Factor")
    after = fan_factor
    if how.up_if_above and check.total > fan_factor:
        after = fan_factor + 1
    elif how.down_if_below and check.total < fan_factor:
        after = fan_factor - 1
    return FanFactorChange(fan_factor, after, check)


# --- Pre-match: inducements, petty cash and Special Play cards ---------------------------------------


def petty_cash(
    team_value: int, opponent_value: int, *, opponent_at_home: bool = False, home_extra: int = 0
) -> int:
    """The lower Team Value gets the difference as petty cash (the opponent of a team at its home stadium
    gets `home_extra` more, whatever the values). Seed 003: 1,000,000 against 1,250,000 gives 250,000."""
    return max(0, opponent_value - team_value) + (home_extra if opponent_at_home else 0)


def buys_first(home_value: int, away_value: int) -> Literal["home", "away"] | None:
    """The team with the higher Team Value buys its inducements first (None when they are equal)."""
    if home_value == away_value:
        return None
    return "home" if home_value > away_value else "away"


@dataclass(frozen=True)
class Cards:
    draw: int
    keep: int


def special_play_cards(highest_team_value: int, special_plays_bought: int, chart: SpecialPlayChart) -> Cards:
    """Cards one coach draws and keeps: by the higher Team Value of the two teams, +1 draw and +1 keep for
    each Special Play inducement that coach bought."""
    band = chart.band_for(highest_team_value)
    extra = chart.per_special_play_inducement
    return Cards(band.draw + extra.draw * special_plays_bought, band.keep + extra.keep * special_plays_bought)


# --- Team Value --------------------------------------------------------------------------------------


def team_value(
    roster: Team, players: Iterable[SquadPlayer], staff: Staffing, rules: DraftingRules, fan_factor_value: int
) -> int:
    """Seed 003: the players (with their improvements), staff, team re-rolls (at the basic cost) and Fan
    Factor; not the treasury, nor players who will miss the next match through injury."""
    playing = sum(p.current_value for p in players if p.available)
    return playing + staff_value(roster, staff, rules) + staff.dedicated_fans * fan_factor_value
