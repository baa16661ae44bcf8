"""Inducements in a classic league (seed 003, Choose Inducements and Draw Special Play Cards)."""

from __future__ import annotations

import pytest

from bot.errors import NotFound, RuleViolation
from bot.services.match import inducements
from bot.services.runtime import Runtime
from tests.builders import coach, entries, first_fixture, season
from tests.conftest import actor


async def _classic_rich_poor(runtime: Runtime, extra_rerolls: int) -> tuple[str, int, int]:
    await season(runtime, entries(4, staff={0: {"rerolls": extra_rerolls}}), channel=None, ruleset="classic")
    fx = await first_fixture(runtime, coach(0))
    rich = coach(0).user_id
    return f"f:{fx.id}", rich, fx.away_coach_id if fx.home_coach_id == rich else fx.home_coach_id


async def test_the_higher_value_buys_first_and_the_lower_gets_the_difference(runtime: Runtime) -> None:
    fixture, rich, poor = await _classic_rich_poor(runtime, extra_rerolls=2)
    state = await inducements.inducement_state(runtime, actor(user_id=rich), fixture)
    # Team Value: 11 x 50,000 + re-rolls + Fan Factor 1 x 10,000 (seed 003 counts Fan Factor).
    assert sorted((state.phase.home_ctv, state.phase.away_ctv)) == [560_000, 660_000]
    # "The team with the higher Team Value must purchase inducements first"
    with pytest.raises(RuleViolation, match="higher"):
        await inducements.buy_inducement(runtime, actor(user_id=poor), fixture, "Bloodweiser Keg")
    await inducements.buy_inducement(runtime, actor(user_id=rich), fixture, "Bloodweiser Keg", count=2)
    with pytest.raises(RuleViolation, match="0-2"):  # "0-2 Bloodweiser Kegs 50,000 gold pieces each"
        await inducements.buy_inducement(runtime, actor(user_id=rich), fixture, "Bloodweiser Keg")
    with pytest.raises(NotFound, match="not an inducement of this league"):  # BB2025's, not seed 003's
        await inducements.buy_inducement(runtime, actor(user_id=rich), fixture, "weather_mage")
    done = await inducements.finish_buying(runtime, actor(user_id=rich), fixture)
    underdog = done.away if done.phase.favourite == "home" else done.home
    # "granted an additional amount of 'petty cash' equal to the difference in Team Values" (nothing more),
    # and "Each team can spend gold from their Treasury": all of it.
    assert underdog.budget.petty_cash == 100_000
    assert underdog.budget.treasury == underdog.team.treasury
    poor_coach = actor(user_id=poor)
    bought = await inducements.buy_inducement(runtime, poor_coach, fixture, "Special Play", count=2)
    assert "200,000 gp (100,000 gp petty cash + 100,000 gp treasury)" in bought.message
    # Special Play cards by the higher Team Value (660,000: draw 2, keep 1), +1/+1 per Special Play bought.
    assert bought.special_plays is not None
    cards = {bought.home.team.id: bought.special_plays[0], bought.away.team.id: bought.special_plays[1]}
    assert (cards[underdog.team.id].draw, cards[underdog.team.id].keep) == (4, 3)
    other = bought.home if bought.away.team.id == underdog.team.id else bought.away
    assert (cards[other.team.id].draw, cards[other.team.id].keep) == (2, 1)
    with pytest.raises(RuleViolation, match="0-5"):
        await inducements.buy_inducement(runtime, poor_coach, fixture, "special_play", count=4)
    labels = [c.label for c in await inducements.item_choices(runtime, poor_coach, fixture)]
    assert any(label.startswith("Special Play (100,000 gp, 0-5)") for label in labels)
    assert any(label.startswith("Extra Team Training (100,000 gp, 0-4)") for label in labels)
    assert not any("Weather Mage" in label for label in labels)


async def test_equal_values_let_both_buy_home_first(runtime: Runtime) -> None:
    await season(runtime, 4, channel=None, ruleset="classic")
    fx = await first_fixture(runtime, coach(0))
    state = await inducements.inducement_state(runtime, actor(user_id=fx.home_coach_id), f"f:{fx.id}")
    assert state.phase.home_ctv == state.phase.away_ctv and state.waiting_for == "home"
    assert state.home.budget.petty_cash == state.away.budget.petty_cash == 0
    await inducements.buy_inducement(runtime, actor(user_id=fx.home_coach_id), f"f:{fx.id}", "bribe")
