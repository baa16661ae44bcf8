"""/season playoffs, /playoffs, /history, /match penalties and play-off reports, with spec_set mocks."""

from __future__ import annotations

from unittest.mock import MagicMock

import discord

from bot.cogs.history import HistoryCog
from bot.cogs.league_admin import SeasonAdmin
from bot.cogs.match import MatchCog
from bot.cogs.results import ResultsCog
from bot.services.runtime import Runtime
from tests.cogs.mocks import make_interaction, sent
from tests.services.test_playoffs import _fixtures, _league, _regular_season

COMMISSIONER = 1


async def _open(runtime: Runtime) -> None:
    await _league(runtime, 4)
    await _regular_season(runtime)
    cog = SeasonAdmin(MagicMock())
    interaction = make_interaction(runtime, user_id=COMMISSIONER, manage_guild=True)
    await cog.playoffs.callback(cog, interaction, None)
    content, kwargs = sent(interaction)
    assert "play-offs are open" in content
    embed: discord.Embed = kwargs["embed"]
    assert [f.name for f in embed.fields] == ["Semi-finals"]
    assert "1. Team 0" in (embed.description or "")


async def test_opening_the_playoffs_shows_the_bracket(runtime: Runtime) -> None:
    await _open(runtime)


async def test_playoffs_shows_each_games_state(runtime: Runtime) -> None:
    await _open(runtime)
    cog = HistoryCog(MagicMock())
    interaction = make_interaction(runtime, user_id=500)
    await cog.playoffs.callback(cog, interaction, None, None)
    _, kwargs = sent(interaction)
    field = kwargs["embed"].fields[0]
    assert "Team 0 v Team 3: to play, deadline <t:" in field.value


async def test_a_level_playoff_report_names_the_shootout_winner(runtime: Runtime) -> None:
    await _open(runtime)
    semi = (await _fixtures(runtime, "playoff"))[0]
    match = MatchCog(MagicMock())
    roll = make_interaction(runtime, user_id=semi.home_coach_id)
    await match.penalties.callback(match, roll, f"f:{semi.id}")
    text, _ = sent(roll)
    assert "Roll-off 1:" in text and "win the shoot-out" in text
    results = ResultsCog(MagicMock())
    report = make_interaction(runtime, user_id=semi.home_coach_id)
    await results.report.callback(
        results, report, f"f:{semi.id}", 1, 1, 0, 0, None, None, False, False, None, True, None
    )
    _, kwargs = sent(report)
    assert "won on penalties" in (kwargs["embed"].description or "")


async def test_history_lists_seasons_and_shows_one_in_full(runtime: Runtime) -> None:
    await _league(runtime, 4, playoff_places=0)
    await _regular_season(runtime)
    cog = HistoryCog(MagicMock())
    overview = make_interaction(runtime, user_id=500)
    await cog.history.callback(cog, overview, None, None)
    _, kwargs = sent(overview)
    field = kwargs["embed"].fields[0]
    assert field.name.startswith("Season 1 · finished · 4 teams")
    assert "🏆 1st: Team 0 (100,000 gp)" in field.value
    one = make_interaction(runtime, user_id=500)
    await cog.history.callback(cog, one, 1, None)
    _, kwargs = sent(one)
    tables, bracket = kwargs["embeds"]
    assert "season 1 standings" in (tables.title or "")
    assert "No play-offs" in (bracket.description or "")
