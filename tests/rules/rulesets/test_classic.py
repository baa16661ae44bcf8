"""Seed 003's classic season sequence as pure functions: every table and worked example, quoted."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.catalog import load_catalog
from bot.rules.dice import ScriptedDice, SeededDice
from bot.rules.match.match_result import Outcome
from bot.rules.rulesets import classic, ruleset

CATALOG = load_catalog()
CLASSIC = CATALOG.classic_season
FAME = CLASSIC.fans_and_fame
WINNINGS = CLASSIC.winnings
FAN_FACTOR = CLASSIC.fan_factor
CHART = CLASSIC.special_plays


# "If both teams have the same number of fans, they each have a FAME of 0 for this match. If one team has a
# higher number of fans (but not twice as many), their FAME is +1 and their opponent's FAME is 0. If one team
# has twice as many fans, their FAME is +2 and their opponent's FAME is 0."
@pytest.mark.parametrize(
    ("fans", "other", "fame"),
    [
        (9000, 9000, 0),
        (10000, 9000, 1),
        (9000, 10000, 0),
        (17000, 9000, 1),  # more, not twice
        (18000, 9000, 2),  # exactly twice
        (25000, 9000, 2),
        (9000, 18000, 0),
    ],
)
def test_fame_from_fans(fans: int, other: int, fame: int) -> None:
    assert classic.fame(fans, other, FAME) == fame


def test_fans_are_two_dice_plus_the_fan_factor_times_a_thousand() -> None:
    # "Each coach rolls 2D6 and adds their team's Fan Factor, then multiplies the result by 1,000"
    home, away = classic.fans_and_fame((4, 2), ScriptedDice([6, 5, 1, 2]), FAME)
    assert (home.fans, away.fans) == (15000, 5000)
    assert (home.fame, away.fame) == (2, 0)
    assert [r.total for r in home.rolls] == [11]
    # "If one team is playing at its home stadium ... they roll an extra D3"
    home, away = classic.fans_and_fame((4, 2), ScriptedDice([6, 5, 3, 1, 2]), FAME, home_stadium=0)
    assert home.fans == (11 + 3 + 4) * 1000 and away.fans == 5000


# "Each coach generates winnings for the match by rolling a D6 and adding their team's FAME. The team receives
# this amount x 10,000 gold pieces as winnings for the match. If you won or tied the match, you receive an
# additional 10,000 gold pieces."
@pytest.mark.parametrize(
    ("die", "fame", "outcome", "gold"),
    [(4, 2, "W", 70000), (4, 0, "D", 50000), (4, 1, "L", 50000), (1, 0, "L", 10000), (6, 2, "W", 90000)],
)
def test_winnings(die: int, fame: int, outcome: Outcome, gold: int) -> None:
    assert classic.winnings(die, fame, outcome, WINNINGS) == gold


def test_a_team_that_concedes_gets_no_winnings() -> None:
    # "Remember that teams who concede a match do not receive any winnings."
    assert classic.winnings(6, 2, "L", WINNINGS, conceded=True) == 0


def test_only_the_winner_may_reroll_and_the_second_roll_stands() -> None:
    # "If you won the match, you may also choose to re-roll your D6, but you must accept the second result
    # even if it is worse than the first."
    assert classic.may_reroll_winnings("W", WINNINGS)
    assert not classic.may_reroll_winnings("D", WINNINGS) and not classic.may_reroll_winnings("L", WINNINGS)
    first = classic.roll_winnings(ScriptedDice([5]), WINNINGS, friendly=False)
    second = classic.roll_winnings(ScriptedDice([2]), WINNINGS, friendly=False)
    without = classic.winnings(first.total, 1, "W", WINNINGS)
    with_reroll = classic.winnings(second.total, 1, "W", WINNINGS)
    assert (without, with_reroll) == (70000, 40000)  # worse, and kept


def test_a_friendly_rolls_a_d3() -> None:
    # "Note: In Friendly matches, each coach rolls a D3 instead of a D6."
    assert classic.roll_winnings(ScriptedDice([3]), WINNINGS, friendly=True).dice == "d3"
    assert classic.roll_winnings(ScriptedDice([3]), WINNINGS, friendly=False).dice == "d6"


# "If you won the match, roll 3D6 and increase your team's Fan Factor by 1 if the result is greater than
# your current Fan factor. If you lost the match, roll 2D6 and reduce your team's Factor by 1 if the result
# is lower than your current Fan Factor. If the match was a draw, roll 2D6; your team's Fan Factor goes up
# by 1 if the result is higher than your current Fan Factor, or down by 1 if the result is lower"
@pytest.mark.parametrize(
    ("ff", "outcome", "faces", "after"),
    [
        (5, "W", [2, 2, 2], 6),  # 6 > 5
        (6, "W", [2, 2, 2], 6),  # 6 is not greater
        (5, "L", [2, 2], 4),  # 4 < 5
        (4, "L", [2, 2], 4),  # 4 is not lower
        (5, "L", [6, 6], 5),  # a loss never raises it
        (5, "D", [3, 3], 6),
        (5, "D", [1, 2], 4),
        (5, "D", [2, 3], 5),
    ],
)
def test_the_three_fan_factor_cases(ff: int, outcome: Outcome, faces: list[int], after: int) -> None:
    change = classic.fan_factor_change(ff, outcome, ScriptedDice(faces), FAN_FACTOR)
    assert change.after == after and change.roll.dice == ("3d6" if outcome == "W" else "2d6")


@given(st.integers(1, 18), st.sampled_from(["W", "D", "L"]), st.integers(0, 2**32))
def test_fan_factor_moves_at_most_one_and_the_right_way(ff: int, outcome: Outcome, seed: int) -> None:
    change = classic.fan_factor_change(ff, outcome, SeededDice(seed), FAN_FACTOR)
    assert abs(change.after - ff) <= 1 and 1 <= change.after <= 18
    if outcome == "W":
        assert change.after >= ff
    if outcome == "L":
        assert change.after <= ff


@given(st.integers(1, 6), st.integers(0, 2), st.sampled_from(["W", "D", "L"]))
def test_winnings_stay_within_the_table(die: int, fame: int, outcome: Outcome) -> None:
    assert 10000 <= classic.winnings(die, fame, outcome, WINNINGS) <= 90000


def test_the_petty_cash_example() -> None:
    # "if a team with a value of 1,000,000 gold pieces goes up against a team with a value of 1,250,000 gold
    # pieces, the first coach would be able to spend an extra 250,000 gold pieces on inducements."
    assert classic.petty_cash(1_000_000, 1_250_000) == 250_000
    assert classic.petty_cash(1_250_000, 1_000_000) == 0
    # "If one team is playing at their home stadium ..., the other team gets an additional 50,000 gold
    # pieces in petty cash, regardless of whether they have the lower Team Value."
    extra = CLASSIC.inducements.petty_cash.home_stadium_extra
    assert classic.petty_cash(1_250_000, 1_000_000, opponent_at_home=True, home_extra=extra) == 50_000
    # "The team with the higher Team Value must purchase inducements first"
    assert classic.buys_first(1_000_000, 1_250_000) == "away"
    assert classic.buys_first(1_250_000, 1_000_000) == "home"
    assert classic.buys_first(1_000_000, 1_000_000) is None


# "Highest TV Draw Keep / Up to 1,000,000 gp 2 1 / 1,000,000 gp to 2,990,000 gp 3 2 / 2,000,000 gp to
# 2,990,000 gp 4 3 / 3,000,000 gp or greater 5 4" (the second row's end read as 1,990,000: source_notes)
@pytest.mark.parametrize(
    ("value", "draw", "keep"),
    [
        (0, 2, 1),
        (999_999, 2, 1),
        (1_000_000, 3, 2),
        (1_990_000, 3, 2),
        (1_999_999, 3, 2),
        (2_000_000, 4, 3),
        (2_990_000, 4, 3),
        (3_000_000, 5, 4),
        (9_000_000, 5, 4),
    ],
)
def test_the_special_play_chart(value: int, draw: int, keep: int) -> None:
    assert classic.special_play_cards(value, 0, CHART) == classic.Cards(draw, keep)


def test_each_special_play_adds_a_card_drawn_and_kept() -> None:
    # "Each 'Special Play' inducement adds I to both the number of cards you can draw and the number you
    # can keep."
    assert classic.special_play_cards(1_500_000, 2, CHART) == classic.Cards(5, 4)


def test_the_classic_tables_and_points() -> None:
    stadium = CLASSIC.roll_table("random_stadium")
    assert [stadium.lookup(n).name for n in (2, 3, 4, 5, 6, 8, 9, 10, 11, 12)] == [
        "Unusual Playing Surface",
        "Unusual Playing Surface",
        "Rough & Ready",
        "Rough & Ready",
        "No Attributes",
        "No Attributes",
        "Luxury Stadium",
        "Luxury Stadium",
        "Local Crowd",
        "Local Crowd",
    ]
    weather = CLASSIC.roll_table("weather_classic")
    assert [weather.lookup(n).name for n in (2, 3, 4, 10, 11, 12)] == [
        "Sweltering Heat",
        "Very Sunny",
        "Nice",
        "Nice",
        "Pouring Rain",
        "Blizzard",
    ]
    # "If you won the game, you score 3 League points. If you drew, you score 2 League points. You score 1
    # League point for a loss. In Friendly matches, you do not score any League points."
    assert ruleset(CATALOG, "classic").points == (3, 2, 1) and CLASSIC.points.friendly == 0
    limits = {i.id: (i.max, i.cost) for i in CLASSIC.inducements.inducements}
    assert limits == {
        "bloodweiser_keg": (2, 50000),
        "bribe": (3, 100000),
        "extra_team_training": (4, 100000),
        "mercenary": (None, None),
        "star_player": (2, None),
        "infamous_coaching_staff": (2, None),
        "wandering_apothecary": (2, 100000),
        "special_play": (5, 100000),
    }
    assert ruleset(CATALOG, "classic").mvp_nominees == 3  # "nominate 3 players and randomly decide"
