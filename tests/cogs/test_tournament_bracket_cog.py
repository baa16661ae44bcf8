"""/tournament bracket and the standings of a group and knock-out event (issue 16 item 2), called directly
with spec_set interaction mocks."""

from __future__ import annotations

from unittest.mock import MagicMock

import discord
import pytest

from bot.cogs.tournament import TournamentCog
from bot.errors import RuleViolation
from bot.services.match import results
from bot.services.match.results import SideInput
from bot.services.runtime import Runtime
from bot.services.tournament import tournament_play
from tests.builders import ORGANISER, tournament_event
from tests.cogs.mocks import make_interaction, sent
from tests.conftest import actor


def _text(kwargs: dict[str, object]) -> str:
    embeds = kwargs.get("embeds") or ([kwargs["embed"]] if "embed" in kwargs else [])
    assert isinstance(embeds, list)
    parts: list[str] = []
    for e in embeds:
        assert isinstance(e, discord.Embed)
        parts.append((e.description or "") + "".join(f"\n{f.name}\n{f.value}" for f in e.fields))
    return "\n".join(parts)


async def _play_round(runtime: Runtime) -> None:
    for table in (await tournament_play.round_pairings(runtime, 1, None)).tables:
        fx = table.fixture
        assert fx is not None
        done = await results.report_result(
            runtime, actor(user_id=fx.home_coach_id), f"f:{fx.id}", SideInput(2, 0), SideInput(0, 0)
        )
        await results.confirm_result(runtime, actor(user_id=fx.away_coach_id), fx.id, done.version)


async def test_bracket_shows_groups_then_the_knock_out_and_best_of_the_rest(runtime: Runtime) -> None:
    await tournament_event(runtime, 8, format="groups", qualifiers=4)
    await tournament_play.start_event(runtime, ORGANISER, None)
    cog = TournamentCog(MagicMock())
    interaction = make_interaction(runtime, user_id=101)
    await cog.bracket.callback(cog, interaction, None)
    _, kwargs = sent(interaction)
    text = _text(kwargs)
    assert "Group A (in play)" in text and "Group B (in play)" in text
    assert kwargs["ephemeral"] is True
    for _ in range(3):
        await _play_round(runtime)
    interaction = make_interaction(runtime, user_id=101)
    await cog.bracket.callback(cog, interaction, None)
    text = _text(sent(interaction)[1])
    assert "Knock-out, round 4" in text and "Places 1-4:" in text and "(to play)" in text
    assert "Best of the Rest" in text
    interaction = make_interaction(runtime, user_id=101)
    await cog.standings.callback(cog, interaction, None)
    text = _text(sent(interaction)[1])
    assert "__Knock-out: places 1-4 (so far)__" in text
    assert "__Best of the Rest: places 5-8__" in text
    for _ in range(2):
        await _play_round(runtime)
    interaction = make_interaction(runtime, user_id=101)
    await cog.bracket.callback(cog, interaction, None)
    text = _text(sent(interaction)[1])
    assert "Final: **" in text and "Places decided" in text and "1st: **" in text and "4th: **" in text


async def test_bracket_of_a_swiss_event_says_where_to_look(runtime: Runtime) -> None:
    await tournament_event(runtime, 4)
    cog = TournamentCog(MagicMock())
    interaction = make_interaction(runtime, user_id=101)
    with pytest.raises(RuleViolation, match="Swiss event: see /tournament standings"):
        await cog.bracket.callback(cog, interaction, None)
