"""/report's crowd casualties and organiser's tiebreaker options, and /rulespack set custom_tiebreaker
(issue 29, section 1, rules 4 and 6), called directly with spec_set mocks."""

from __future__ import annotations

from unittest.mock import MagicMock

import discord
import pytest

from bot.cogs.results import ResultsCog
from bot.cogs.rulespack import RulespackCog
from bot.errors import RuleViolation
from bot.rules.match.match_result import ResultReport
from bot.services.runtime import Runtime
from bot.services.tournament import tournament_play, tournaments
from bot.store import seasons as season_store
from tests.builders import ORGANISER, tournament_event
from tests.cogs.mocks import make_interaction, sent


def _text(embeds: list[discord.Embed]) -> str:
    return "\n".join((e.description or "") + "".join(f"{f.name}{f.value}" for f in e.fields) for e in embeds)


async def test_report_carries_crowd_casualties_and_the_organisers_number(runtime: Runtime) -> None:
    await tournament_event(runtime, 2, custom_tiebreaker="Cheerleader chants")
    pairings = await tournament_play.start_event(runtime, ORGANISER, None)
    fx = pairings.tables[0].fixture
    assert fx is not None
    cog = ResultsCog(MagicMock())
    interaction = make_interaction(runtime, user_id=fx.home_coach_id)
    await cog.report.callback(
        cog,
        interaction,
        f"f:{fx.id}",
        2,
        1,
        my_crowd_casualties=1,
        their_crowd_casualties=0,
        my_tiebreaker=3,
        their_tiebreaker=0,
    )
    stored = await runtime.db.read(season_store.fixture, 1, fx.id)
    assert stored is not None and stored.report is not None
    report = ResultReport.model_validate_json(stored.report)
    assert (report.home.crowd_casualties, report.away.crowd_casualties) == (1, 0)
    assert (report.home.tiebreaker, report.away.tiebreaker) == (3, 0)
    _, kwargs = sent(interaction)
    text = _text(list(kwargs.get("embeds") or [kwargs["embed"]]))
    assert "Crowd casualties caused: 1 (no SPP)" in text
    assert "Cheerleader chants: 3" in text and "Cheerleader chants: 0" in text


async def test_report_refuses_a_number_the_event_does_not_name(runtime: Runtime) -> None:
    await tournament_event(runtime, 2)
    pairings = await tournament_play.start_event(runtime, ORGANISER, None)
    fx = pairings.tables[0].fixture
    assert fx is not None
    cog = ResultsCog(MagicMock())
    interaction = make_interaction(runtime, user_id=fx.home_coach_id)
    with pytest.raises(RuleViolation, match="/rulespack set custom_tiebreaker"):
        await cog.report.callback(cog, interaction, f"f:{fx.id}", 2, 1, my_tiebreaker=1)
    interaction.response.send_message.assert_not_awaited()


async def test_the_organiser_names_his_tiebreaker(runtime: Runtime) -> None:
    await tournament_event(runtime, 2)
    cog = RulespackCog(MagicMock())
    interaction = make_interaction(runtime, user_id=ORGANISER.user_id, manage_guild=True)
    await cog.set_.callback(
        cog, interaction, tiebreakers="custom, votes", custom_tiebreaker="Cheerleader chants"
    )
    _, kwargs = sent(interaction)
    text = _text(list(kwargs.get("embeds") or [kwargs["embed"]]))
    assert (
        "casualties inflicted, Cheerleader chants (entered with each result), Favourite Opponent votes"
        in text
    )
    event = await tournaments.get_event(runtime, 1, None)
    assert event.rulespack.tiebreakers[-2:] == ("custom", "votes")
