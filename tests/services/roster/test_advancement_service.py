"""Spending SPP through the services: chosen skills, rolled choices, the must-advance rule, the ledger."""

from __future__ import annotations

import sqlite3

import pytest

from bot.errors import Conflict, NotAllowed, RuleViolation
from bot.services.match import postgame
from bot.services.roster import advancement, teams
from bot.services.runtime import Runtime
from bot.store import postgame as postgame_store
from bot.store import teams as team_store
from tests.builders import AWAY, HOME, confirmed_with_spp, team_of, with_dice


async def _player(runtime: Runtime, number: int) -> team_store.PlayerRow:
    sheet = await teams.team_sheet(runtime, HOME, None)
    return next(p.row for p in sheet.players if p.row.number == number)


async def test_chosen_primary_skill(runtime: Runtime) -> None:
    await confirmed_with_spp(runtime, "#1 td 2")  # 6 SPP
    outcome = await advancement.advance(runtime, HOME, None, "#1", "chosen_primary", skill="Block")
    assert "gains Block (Elite): value +30,000 gp" in outcome.message
    player = await _player(runtime, 1)
    assert (player.spp, player.advancements, player.value_increase) == (0, 1, 30_000)
    sheet = await teams.team_sheet(runtime, HOME, None)
    assert next(p for p in sheet.players if p.row.number == 1).gained_skills == ("Block",)
    with pytest.raises(RuleViolation, match="costs 4 SPP now"):
        await advancement.advance(runtime, HOME, None, "#1", "random_primary")


async def test_only_legal_skills_and_only_with_enough_spp(runtime: Runtime) -> None:
    await confirmed_with_spp(runtime, "#1 td 2")
    with pytest.raises(RuleViolation, match="costs 10 SPP now"):
        await advancement.advance(runtime, HOME, None, "#1", "chosen_secondary", skill="Dodge")
    with pytest.raises(RuleViolation, match="not a primary skill"):
        await advancement.advance(runtime, HOME, None, "#1", "chosen_primary", skill="Dodge")  # Agility


async def test_random_primary_choice_with_buttons(runtime: Runtime) -> None:
    await confirmed_with_spp(runtime, "#2 td")  # 3 SPP
    rolled = await advancement.advance(with_dice(runtime, [4, 4, 5, 6]), HOME, None, "#2", "random_primary")
    assert rolled.pending is not None and rolled.pending.options == ("Tackle", "Wrestle")
    assert (await _player(runtime, 2)).spp == 0  # spent when rolled
    with pytest.raises(NotAllowed):
        await advancement.choose(runtime, AWAY, rolled.pending.id, 1)
    chosen = await advancement.choose(runtime, HOME, rolled.pending.id, 1)
    assert "gains Wrestle" in chosen.message
    with pytest.raises(Conflict, match="already made"):
        await advancement.choose(runtime, HOME, rolled.pending.id, 0)


async def test_characteristic_roll_and_skill_instead(runtime: Runtime) -> None:
    await confirmed_with_spp(runtime, "#3 td 4, #4 td 4")  # 12 SPP each: too few for a characteristic (14)
    with pytest.raises(RuleViolation, match="costs 14 SPP"):
        await advancement.advance(runtime, HOME, None, "#3", "characteristic")


async def test_a_player_at_the_characteristic_price_must_advance_before_finishing(runtime: Runtime) -> None:
    fixture_id = await confirmed_with_spp(runtime, "#3 td 3, #3 cas 3")  # 9 + 6 = 15 SPP
    home = await team_of(runtime, HOME)
    with pytest.raises(RuleViolation, match="#3 \\(15 SPP\\)"):
        await postgame.finish_postgame(runtime, HOME, fixture_id, home.id)
    rolled = await advancement.advance(with_dice(runtime, [7]), HOME, None, "#3", "characteristic")
    assert rolled.pending is not None and set(rolled.pending.options) == {"ag", "st"}
    with pytest.raises(RuleViolation, match="rolled choices"):
        await postgame.finish_postgame(runtime, HOME, fixture_id, home.id)
    st = rolled.pending.options.index("st")
    improved = await advancement.choose(runtime, HOME, rolled.pending.id, st)
    assert "+1 ST, value +60,000 gp" in improved.message
    player = await _player(runtime, 3)
    assert (player.st_change, player.spp, player.value_increase) == (1, 1, 60_000)
    await postgame.finish_postgame(runtime, HOME, fixture_id, home.id)  # now it may finish
    with pytest.raises(RuleViolation, match="in the post-game sequence"):
        await advancement.advance(runtime, HOME, None, "#3", "random_primary")  # no open post-game now


async def test_skill_instead_of_a_rolled_characteristic(runtime: Runtime) -> None:
    await confirmed_with_spp(runtime, "#5 td 3, #5 cas 3")
    rolled = await advancement.advance(with_dice(runtime, [1]), HOME, None, "#5", "characteristic")
    assert rolled.pending is not None and rolled.pending.options == ("av",)
    instead = await advancement.advance(
        runtime, HOME, None, "#5", "characteristic", skill="Dodge"
    )  # secondary
    assert "gains Dodge (Elite): value +50,000 gp" in instead.message  # secondary 40,000 + Elite 10,000
    assert (await _player(runtime, 5)).advancements == 1


async def test_spp_always_equal_their_recorded_changes(runtime: Runtime) -> None:
    await confirmed_with_spp(runtime, "#1 td 2, #2 td")
    await advancement.advance(runtime, HOME, None, "#1", "chosen_primary", skill="Block")
    await advancement.advance(with_dice(runtime, [4, 4, 5, 6]), HOME, None, "#2", "random_primary")

    def check(conn: sqlite3.Connection) -> None:
        team = team_store.by_coach(conn, 1, 1, HOME.user_id)
        assert team is not None
        for player in team_store.players(conn, team):
            assert postgame_store.spp_total(conn, team.guild_id, player.id) == player.spp >= 0

    await runtime.db.read(check)


async def test_a_skill_the_player_could_not_use_is_refused_and_not_offered(runtime: Runtime) -> None:
    """Seed 001: "Players may not select a Skill that they already have or one they are unable to use due
    to their other Skills." A Human Lineman who took Frenzy cannot take Grab (Frenzy: "cannot have the
    Grab, Hit & Run or Multiple Block Skills")."""
    await confirmed_with_spp(runtime, "#1 td 6")  # 18 SPP
    await advancement.advance(runtime, HOME, None, "#1", "chosen_primary", skill="Frenzy")
    offered = await advancement.skill_choices(runtime, HOME, None, "#1", "secondary")
    assert "Grab" not in offered and "Multiple Block" not in offered and "Strong Arm" not in offered
    assert "Dodge" in offered
    with pytest.raises(RuleViolation, match="a player with Frenzy cannot have it"):
        await advancement.advance(runtime, HOME, None, "#1", "chosen_secondary", skill="Grab")
    assert (await _player(runtime, 1)).advancements == 1  # nothing spent on the refusal
