"""All-Star games through the services: challenge, exclusions, both methods, turns, pairs, restarts."""

from __future__ import annotations

import pytest

from bot.errors import Conflict, NotAllowed, NotFound, RuleViolation
from bot.services.league import allstar
from bot.services.runtime import Runtime
from tests.builders import with_dice
from tests.conftest import actor

ROB, JAY, OTHER = actor(user_id=21), actor(user_id=22), actor(user_id=23)


async def test_a_challenge_needs_two_free_coaches(runtime: Runtime) -> None:
    with pytest.raises(RuleViolation, match="two coaches"):
        await allstar.challenge(runtime, ROB, ROB.user_id, "random")
    await allstar.challenge(runtime, ROB, JAY.user_id, "random")
    with pytest.raises(Conflict, match="already in an All-Star draft"):
        await allstar.challenge(runtime, OTHER, JAY.user_id, "drafting")
    with pytest.raises(NotFound):
        await allstar.accept(runtime, OTHER)
    with pytest.raises(NotFound, match="No star player called"):
        await allstar.challenge(runtime, OTHER, 99, "random", "Nobody At All Xyzzy")


async def test_the_random_method_draws_both_rosters_without_the_excluded_stars(runtime: Runtime) -> None:
    await allstar.challenge(runtime, ROB, JAY.user_id, "random", "Morg 'n' Thorg, Grak")
    game = await allstar.accept(runtime, JAY, "The Swift Twins")
    assert game.row.status == "done"
    drawn = [m for roster in game.rosters for u in roster for m in u.members]
    assert len(drawn) == len(set(drawn)) and all(sum(u.size for u in r) == 16 for r in game.rosters)
    assert not {"Morg 'n' Thorg", "Grak", "Crumbleberry", "Lucien Swift", "Valen Swift"} & set(drawn)
    assert game.log[0].startswith("Roll-off: ") and any("draws" in line for line in game.log)
    assert (await allstar.show(runtime, ROB)).row.id == game.row.id


async def test_the_drafting_method_takes_turns_and_pairs_cost_a_pick(runtime: Runtime) -> None:
    await allstar.challenge(runtime, ROB, JAY.user_id, "drafting")
    game = await allstar.accept(with_dice(runtime, [3, 3, 2, 5]), JAY)  # a tie re-rolled: Jay (coach 2) first
    assert game.row.status == "drafting" and game.on_turn == JAY.user_id
    assert "3-3, then 2-5" in game.log[0]
    with pytest.raises(NotAllowed, match="pick"):
        await allstar.pick(runtime, ROB, "Morg 'n' Thorg")
    game = await allstar.pick(runtime, JAY, "The Swift Twins")  # a pair: Jay forgoes his next pick
    assert game.on_turn == ROB.user_id
    game = await allstar.pick(runtime, ROB, "Morg")
    assert game.on_turn == ROB.user_id  # round two: Rob first (he picked second) ...
    game = await allstar.pick(runtime, ROB, "Deeproot Strongbranch")
    assert game.on_turn == JAY.user_id and any("forgoes" in line for line in game.log)  # ... Jay's is forgone
    with pytest.raises(NotFound):
        await allstar.pick(runtime, JAY, "Morg 'n' Thorg")  # taken
    available = await allstar.available(runtime, JAY)
    assert "Morg 'n' Thorg" not in {u.name for u in available}
    while game.on_turn is not None:
        options = await allstar.available(runtime, actor(user_id=game.on_turn))
        game = await allstar.pick(runtime, actor(user_id=game.on_turn), options[0].name)
    assert game.row.status == "done"
    assert all(sum(u.size for u in r) == 16 for r in game.rosters)


async def test_either_coach_can_call_it_off(runtime: Runtime) -> None:
    await allstar.challenge(runtime, ROB, JAY.user_id, "drafting")
    cancelled = await allstar.cancel(runtime, JAY)
    assert cancelled.row.status == "cancelled"
    await allstar.challenge(runtime, JAY, ROB.user_id, "random")  # free again
