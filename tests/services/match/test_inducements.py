"""Buying inducements through the services: the order, petty cash, limits, stars, the ledger."""

from __future__ import annotations

import sqlite3

import pytest

from bot.errors import Conflict, RuleViolation
from bot.services.match import inducements, prepare
from bot.services.runtime import Runtime
from bot.store import teams as team_store
from tests.builders import rich_poor_fixture
from tests.conftest import actor


async def test_the_favourite_buys_first_then_the_underdog_has_petty_cash(runtime: Runtime) -> None:
    fixture_id, rich, poor = await rich_poor_fixture(runtime, extra_rerolls=2)  # CTV 650,000 v 550,000
    for coach in (rich, poor):
        await prepare.prepare_match(runtime, actor(user_id=coach), f"f:{fixture_id}")
    with pytest.raises(RuleViolation, match="higher CTV buys first"):
        await inducements.buy_inducement(runtime, actor(user_id=poor), f"f:{fixture_id}", "blitzers_best_keg")
    bought = await inducements.buy_inducement(
        runtime, actor(user_id=rich), f"f:{fixture_id}", "blitzers_best_keg"
    )
    assert "for 50,000 gp (50,000 gp treasury)" in bought.message
    done = await inducements.finish_buying(runtime, actor(user_id=rich), f"f:{fixture_id}")
    underdog = done.away if done.phase.favourite == "home" else done.home
    assert underdog.budget.petty_cash == 100_000 + 50_000  # the CTV difference plus what the favourite spent
    assert underdog.budget.treasury == 50_000
    before = underdog.team.treasury
    await inducements.buy_inducement(
        runtime, actor(user_id=poor), f"f:{fixture_id}", "bribe"
    )  # 100,000 petty
    topped = await inducements.buy_inducement(runtime, actor(user_id=poor), f"f:{fixture_id}", "bribe")
    after = topped.away if topped.phase.favourite == "home" else topped.home
    assert (after.petty_left, after.team.treasury) == (0, before - 50_000)  # 50,000 petty + 50,000 treasury
    with pytest.raises(RuleViolation, match="may spend 0 gp from the treasury"):
        await inducements.buy_inducement(
            runtime, actor(user_id=poor), f"f:{fixture_id}", "temp_agency_cheerleader"
        )
    closed = await inducements.finish_buying(runtime, actor(user_id=poor), f"f:{fixture_id}")
    assert closed.waiting_for is None

    def balanced(conn: sqlite3.Connection) -> None:
        for team in team_store.in_league(conn, 1, 1):
            assert team_store.treasury_total(conn, team) == team.treasury >= 0

    await runtime.db.read(balanced)


async def test_limits_and_star_players(runtime: Runtime) -> None:
    fixture_id, rich, _ = await rich_poor_fixture(runtime, extra_rerolls=1)
    coach = actor(user_id=rich)
    with pytest.raises(RuleViolation, match="0-1"):
        await inducements.buy_inducement(runtime, coach, f"f:{fixture_id}", "team_mascot", count=2)
    with pytest.raises(RuleViolation, match="does not play for"):
        await inducements.buy_inducement(runtime, coach, f"f:{fixture_id}", "star:Bilerot Vomitflesh")
    choices = await inducements.item_choices(runtime, coach, f"f:{fixture_id}")
    labels = [c.label for c in choices]
    assert "★ Griff Oberwald (300,000 gp)" in labels and not any("Bilerot" in label for label in labels)
    griff = await inducements.buy_inducement(runtime, coach, f"f:{fixture_id}", "star:Griff Oberwald")
    assert "buys Griff Oberwald for 300,000 gp" in griff.message  # 400,000 in the treasury
    with pytest.raises(Conflict, match="already has Griff"):
        await inducements.buy_inducement(runtime, coach, f"f:{fixture_id}", "star:Griff Oberwald")
    with pytest.raises(RuleViolation, match="costs 340,000 gp"):
        await inducements.buy_inducement(runtime, coach, f"f:{fixture_id}", "star:Morg 'n' Thorg")


async def test_equal_ctvs_buy_nothing(runtime: Runtime) -> None:
    fixture_id, rich, _ = await rich_poor_fixture(runtime, extra_rerolls=0)
    state = await inducements.inducement_state(runtime, actor(user_id=rich), f"f:{fixture_id}")
    assert state.phase.favourite is None and state.waiting_for is None
    with pytest.raises(RuleViolation, match="even"):
        await inducements.buy_inducement(runtime, actor(user_id=rich), f"f:{fixture_id}", "bribe")


async def test_mercenaries(runtime: Runtime) -> None:
    fixture_id, rich, _ = await rich_poor_fixture(runtime, extra_rerolls=1)
    coach = actor(user_id=rich)
    hired = await inducements.buy_inducement(
        runtime, coach, f"f:{fixture_id}", "mercenary:human_blitzer", count=2
    )
    assert "for 230,000 gp" in hired.message  # (85,000 + 30,000) x 2
    with pytest.raises(RuleViolation, match="0-2 Human Blitzer"):
        await inducements.buy_inducement(runtime, coach, f"f:{fixture_id}", "mercenary:human_blitzer")
    with pytest.raises(RuleViolation, match="At most 3 mercenaries"):
        await inducements.buy_inducement(
            runtime, coach, f"f:{fixture_id}", "mercenary:human_lineman", count=2
        )
    choices = [c.label for c in await inducements.item_choices(runtime, coach, f"f:{fixture_id}")]
    assert "Mercenary Human Lineman (80,000 gp)" in choices
