"""/tournament objectives and /report's objectives options (issue 16 item 4), called directly with spec_set
interaction mocks."""

from __future__ import annotations

from unittest.mock import MagicMock

import discord

from bot.cogs.results import ResultsCog
from bot.cogs.rulespack import RulespackCog
from bot.cogs.tournament import TournamentCog
from bot.rules.match.match_result import ResultReport
from bot.services.runtime import Runtime
from bot.services.tournament import tournament_play, tournaments
from bot.store import seasons as season_store
from tests.builders import ORGANISER, tournament_event
from tests.cogs.mocks import make_interaction, sent


def _text(embeds: list[discord.Embed]) -> str:
    return "\n".join((e.description or "") + "".join(f"{f.name}{f.value}" for f in e.fields) for e in embeds)


async def test_a_coach_sees_his_own_objectives_privately(runtime: Runtime) -> None:
    await tournament_event(runtime, 2, secret_objectives=True)
    pairings = await tournament_play.start_event(runtime, ORGANISER, None)
    fx = pairings.tables[0].fixture
    assert fx is not None
    cog = TournamentCog(MagicMock())
    interaction = make_interaction(runtime, user_id=fx.home_coach_id)
    await cog.objectives.callback(cog, interaction, None)
    _, kwargs = sent(interaction)
    assert kwargs["ephemeral"] is True
    embeds = kwargs.get("embeds") or [kwargs["embed"]]
    text = _text(list(embeds))
    assert "Round 1" in text and text.count("(D16 ") == 3
    assert "stay hidden until the game is confirmed" in text


async def test_report_carries_the_objectives_achieved(runtime: Runtime) -> None:
    await tournament_event(runtime, 2, secret_objectives=True)
    pairings = await tournament_play.start_event(runtime, ORGANISER, None)
    fx = pairings.tables[0].fixture
    assert fx is not None
    cog = ResultsCog(MagicMock())
    interaction = make_interaction(runtime, user_id=fx.home_coach_id)
    await cog.report.callback(cog, interaction, f"f:{fx.id}", 2, 1, my_objectives=1, their_objectives=2)
    stored = await runtime.db.read(season_store.fixture, 1, fx.id)
    assert stored is not None and stored.report is not None
    report = ResultReport.model_validate_json(stored.report)
    assert (report.home.objectives, report.away.objectives) == (1, 2)


async def test_the_organiser_switches_the_optional_rules(runtime: Runtime) -> None:
    await tournament_event(runtime, 2)
    cog = RulespackCog(MagicMock())
    interaction = make_interaction(runtime, user_id=ORGANISER.user_id, manage_guild=True)
    await cog.play_rules.callback(cog, interaction, True, True, None, None, None, "house rules")
    _, kwargs = sent(interaction)
    text = _text(list(kwargs.get("embeds") or [kwargs["embed"]]))
    assert "Secret Objectives, injuries kept, petty cash by CTV before each game" in text
    assert "Secret Objectives achieved, Bonus Points" in text  # the first tiebreaker
    event = await tournaments.get_event(runtime, 1, None)
    assert event.rulespack.secret_objectives and event.rulespack.injuries and not event.rulespack.advancement
