"""Commands that used to reach "Something went wrong", and who may open a fixture's inducements."""

from __future__ import annotations

from unittest.mock import AsyncMock, MagicMock

import pytest

from bot.cogs.league_admin import LeagueAdmin
from bot.cogs.match import MatchCog
from bot.errors import NotAllowed
from bot.services.match import deadlines, prepare
from bot.services.runtime import Runtime
from tests.builders import rich_poor_fixture
from tests.cogs.mocks import make_interaction, sent
from tests.conftest import actor


def _bot() -> MagicMock:
    bot = MagicMock()
    bot.deadlines.rearm = AsyncMock(return_value=0)
    bot.scheduler.jobs = MagicMock(return_value=[])
    return bot


async def test_the_schedule_names_an_extended_fixture_deadline(runtime: Runtime) -> None:
    fixture_id, _, _ = await rich_poor_fixture(runtime, extra_rerolls=0)
    await deadlines.extend_fixture(runtime, actor(user_id=1), f"f:{fixture_id}", 20, "flooded pitch")
    cog = LeagueAdmin(_bot())
    interaction = make_interaction(runtime, user_id=1, manage_guild=True)
    await cog.schedule.callback(cog, interaction)
    embed = sent(interaction)[1]["embed"]
    assert f"extended fixture deadline #{fixture_id}" in embed.description


async def test_only_a_coach_or_a_commissioner_opens_the_inducements(runtime: Runtime) -> None:
    fixture_id, rich, poor = await rich_poor_fixture(runtime, extra_rerolls=1)
    for coach in (rich, poor):
        await prepare.prepare_match(runtime, actor(user_id=coach), f"f:{fixture_id}")
    cog = MatchCog(_bot())
    stranger = make_interaction(runtime, user_id=999)
    with pytest.raises(NotAllowed, match="not open yet"):
        await cog.show_inducements.callback(cog, stranger, f"f:{fixture_id}")
    commissioner = make_interaction(runtime, user_id=1, manage_guild=True)
    await cog.show_inducements.callback(cog, commissioner, f"f:{fixture_id}")
    assert "embed" in sent(commissioner)[1]
    stranger = make_interaction(runtime, user_id=999)
    await cog.show_inducements.callback(cog, stranger, f"f:{fixture_id}")  # open now: anyone may look
    assert "embed" in sent(stranger)[1]
