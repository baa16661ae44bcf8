"""/dungeonbowl with spec_set mocks: the seed's placing and game-turn examples, rolled and logged."""

from __future__ import annotations

from unittest.mock import MagicMock

import pytest

from bot.cogs.exhibition import ExhibitionCog
from bot.errors import InvalidInput
from bot.services import dice_rolls
from bot.services.runtime import Runtime
from tests.builders import with_dice
from tests.cogs.mocks import make_interaction, make_member, sent

ROB, XAVIER, JAY, NICOLAS = (make_member(n) for n in (501, 502, 503, 504))


async def test_placing_follows_the_seed_example(runtime: Runtime) -> None:
    rigged = with_dice(runtime, [2, 6, 4, 4, 1, 3])
    cog = ExhibitionCog(MagicMock())
    interaction = make_interaction(rigged)
    await cog.placing.callback(cog, interaction, ROB, XAVIER, JAY, NICOLAS, None, None, None, None)
    text, _ = sent(interaction)
    assert "Placing order: <@502>, <@504>, <@503>, <@501>" in text
    assert "Chest 5: <@502>" in text and "Portal 1: <@503>" in text and "Portal 6: <@501>" in text
    history = await dice_rolls.history(runtime, 1, 100)
    assert history.total == 6 and "placing order" in history.rolls[0].purpose


async def test_game_turn_order_rerolls_ties(runtime: Runtime) -> None:
    rigged = with_dice(runtime, [4, 2, 4, 6, 5, 3])
    cog = ExhibitionCog(MagicMock())
    interaction = make_interaction(rigged)
    await cog.turn.callback(cog, interaction, 2, ROB, JAY, XAVIER, NICOLAS, None, None, None, None)
    text, _ = sent(interaction)
    assert "Team turns: <@504> → <@501> → <@502> → <@503>" in text


async def test_fewer_than_three_coaches_are_refused(runtime: Runtime) -> None:
    cog = ExhibitionCog(MagicMock())
    with pytest.raises(InvalidInput, match="3 to 8 different coaches"):
        await cog.turn.callback(
            cog, make_interaction(runtime), 1, ROB, ROB, JAY, None, None, None, None, None
        )


async def test_allstar_challenge_pings_the_opponent_and_accept_shows_both_rosters(runtime: Runtime) -> None:
    from bot.cogs.allstar import AllStarCog

    cog = AllStarCog(MagicMock())
    challenge = make_interaction(runtime, user_id=501)
    await cog.challenge.callback(cog, challenge, JAY, "random", "Morg", "swap")
    content, kwargs = sent(challenge)
    assert content.startswith("<@503>: <@501> challenges you") and "waiting" in (kwargs["embed"].title or "")
    accept = make_interaction(runtime, user_id=503)
    await cog.accept.callback(cog, accept, None, "redraw")
    _, kwargs = sent(accept)
    embed = kwargs["embed"]
    assert "rosters complete" in (embed.title or "") and [f.name for f in embed.fields][:2] == [
        "Coach 1 (16/16)",
        "Coach 2 (16/16)",
    ]
    assert any(f.name == "Rules" and "three team re-rolls" in f.value for f in embed.fields)
