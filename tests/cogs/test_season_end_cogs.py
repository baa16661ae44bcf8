"""/season playoffs, /playoffs, /history, /match penalties and play-off reports, with spec_set mocks."""

from __future__ import annotations

from unittest.mock import MagicMock

import discord
import pytest
from discord import app_commands

from bot.cogs.history import HistoryCog
from bot.cogs.league_admin import SeasonAdmin
from bot.cogs.match import MatchCog
from bot.cogs.redraft import RedraftCog
from bot.cogs.results import ResultsCog
from bot.cogs.team import TeamCog
from bot.errors import InvalidInput
from bot.rules.dice import ScriptedDice
from bot.services.match import results
from bot.services.match.results import SideInput
from bot.services.runtime import Runtime
from bot.ui.autocomplete import hatred_autocomplete
from tests import builders as build
from tests.cogs.mocks import make_interaction, sent
from tests.conftest import actor

COMMISSIONER = 1


async def _open(runtime: Runtime) -> None:
    await build.season(runtime, 4)
    await build.regular_season(runtime)
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
    semi = (await build.fixtures(runtime, "playoff"))[0]
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
    await build.season(runtime, 4, playoff_places=0)
    await build.regular_season(runtime)
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


async def test_redraft_start_shows_the_rolls_in_public_and_the_list_privately(runtime: Runtime) -> None:
    await build.season(runtime, 4, playoff_places=0)
    await build.regular_season(runtime)
    cog = RedraftCog(MagicMock())
    coach = 100  # Team 0's coach
    start = make_interaction(runtime, user_id=coach)
    await cog.start.callback(cog, start, None)
    _, kwargs = sent(start)
    assert not kwargs.get("ephemeral") and "Re-draft budget" in (kwargs["embed"].description or "")
    private = start.followup.send.await_args
    assert private.kwargs["ephemeral"] is True
    assert [e.title for e in private.kwargs["embeds"]] == ["Last season's players", "Team 0"]
    rehire = make_interaction(runtime, user_id=coach)
    await cog.rehire.callback(cog, rehire, "#1", None)
    content, kwargs = sent(rehire)
    assert content.startswith("Re-hired #1") and kwargs["ephemeral"] is True
    retire = make_interaction(runtime, user_id=101)
    with pytest.raises(InvalidInput, match="confirm:True"):
        await cog.retire.callback(cog, retire, False, None)
    await cog.retire.callback(cog, retire, True, None)
    text, _ = sent(retire)
    assert "Team 1 retires" in text


async def test_hatred_keyword_autocomplete_offers_what_the_player_may_hate(runtime: Runtime) -> None:
    await build.season(runtime, 4)
    fx = (await build.fixtures(runtime))[0]
    home = actor(user_id=fx.home_coach_id)
    await results.report_result(runtime, home, f"f:{fx.id}", SideInput(1, 0, "#5 si"), SideInput(0, 0))
    # fan factors D3 x2; the winner's dedicated fans D6 and MVP (no nominee: a d11 among those who
    # played); #5's Getting Even D6 6; the loser's dedicated fans D6 and MVP
    rigged = Runtime(runtime.db, ScriptedDice([1, 1, 3, 3, 6, 3, 1]), runtime.clock, runtime.catalog)
    await results.confirm_result(rigged, actor(user_id=fx.away_coach_id), fx.id, 1)
    interaction = make_interaction(runtime, user_id=fx.home_coach_id)
    interaction.namespace = app_commands.Namespace(interaction, {}, [])
    interaction.namespace.player = "#5"  # type: ignore[attr-defined]
    choices = await hatred_autocomplete(interaction, "")
    # the Human roster's keywords (Halfling Hopefuls, an Ogre), less Lineman, Blitzer, Big Guy ...
    assert [c.value for c in choices] == ["Halfling", "Human", "Ogre"]
    cog = TeamCog(MagicMock())
    chosen = make_interaction(runtime, user_id=fx.home_coach_id)
    await cog.hatred.callback(cog, chosen, "#5", "Human", None)
    content, _ = sent(chosen)
    assert "now has Hatred (Human)" in content
