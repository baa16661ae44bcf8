"""The options and command bodies cogs share (bot/ui/options.py, bot/ui/drafting.py), called with spec_set
interaction mocks: an option that names a league (a tournament, a team ...) completes the same in every
command that has it, and /team and /roster (and /league and /event for the review) answer through one body."""

from __future__ import annotations

from pathlib import Path
from typing import Any
from unittest.mock import AsyncMock, MagicMock

import discord
import pytest
from discord import app_commands

from bot.app import LeagueBot, cog_modules
from bot.cogs.event import EventCog
from bot.cogs.league_admin import LeagueAdmin
from bot.cogs.roster import RosterCog
from bot.cogs.team import TeamCog
from bot.config import Settings
from bot.services.league import leagues
from bot.services.runtime import Runtime
from bot.services.tournament import tournaments
from bot.ui import autocomplete
from bot.ui.options import Completed, choices
from bot.ui.roster_views import entry_autocomplete
from tests.cogs.mocks import make_interaction, sent
from tests.conftest import actor

COMMISSIONER = 1
COACH = 10

# The option names that always mean the same thing, and what offers their values.
SHARED = {
    "league": autocomplete.league_autocomplete,
    "tournament": autocomplete.tournament_autocomplete,
    "regional_league": autocomplete.regional_league_autocomplete,
    "alignment": autocomplete.alignment_autocomplete,
}


async def _commands(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> list[app_commands.Command[Any, ..., Any]]:
    for name in ("DISCORD_TOKEN", "DATABASE_PATH", "DEV_GUILD_ID", "DISCORD_API_BASE", "DISCORD_GATEWAY_URL"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.chdir(tmp_path)
    bot = LeagueBot(Settings(discord_token="x"))
    for module in cog_modules():
        await bot.load_extension(module)
    return list(bot.tree.walk_commands())  # type: ignore[arg-type]


def _completer(command: app_commands.Command[Any, ..., Any], name: str) -> object:
    callback = command._params[name].autocomplete
    owner = getattr(callback, "__self__", None)
    return owner.complete if isinstance(owner, Completed) else callback


async def test_a_shared_option_completes_the_same_in_every_command(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    seen = {name: 0 for name in SHARED}
    for command in await _commands(monkeypatch, tmp_path):
        if not isinstance(command, app_commands.Command):
            continue
        for parameter in command.parameters:
            if parameter.name in SHARED and parameter.type is discord.AppCommandOptionType.string:
                assert _completer(command, parameter.name) is SHARED[parameter.name], command.qualified_name
                seen[parameter.name] += 1
    assert seen["league"] > 20 and seen["tournament"] > 20  # the option of most commands
    assert seen["regional_league"] == seen["alignment"] == 2  # /team create and /roster register


async def test_completed_offers_what_its_completer_offers_and_passes_the_text_on(runtime: Runtime) -> None:
    offered = [app_commands.Choice(name="Old World League", value="l:1")]
    complete = AsyncMock(return_value=offered)
    option = Completed(complete)
    interaction = make_interaction(runtime)
    assert await option.autocomplete(interaction, "old") == offered
    complete.assert_awaited_once_with(interaction, "old")
    assert await option.transform(interaction, "l:1") == "l:1"


async def test_a_league_option_offers_the_servers_leagues(runtime: Runtime) -> None:
    await leagues.create_league(runtime, actor(user_id=COMMISSIONER), "Old World League", 100)
    league = TeamCog(MagicMock()).hire._params["league"]
    assert league.autocomplete is not None and not league.required
    choices = await league.autocomplete(make_interaction(runtime), "old")
    assert [c.name for c in choices] == ["Old World League"]


async def test_team_and_roster_hire_answer_through_one_body(runtime: Runtime) -> None:
    await leagues.create_league(runtime, actor(user_id=COMMISSIONER), "League", 100)
    await tournaments.create_tournament(runtime, actor(user_id=COMMISSIONER), "Cup", 200)
    team, roster = TeamCog(MagicMock()), RosterCog(MagicMock())
    await team.create.callback(
        team, make_interaction(runtime, user_id=COACH), "Reavers", "Human", None, None, "League"
    )
    await roster.register.callback(
        roster,
        make_interaction(runtime, user_id=COACH),
        "Elves",
        "Wood Elf",
        "Elven Kingdoms League",
        None,
        "Cup",
    )
    league_hire = make_interaction(runtime, user_id=COACH)
    await team.hire.callback(team, league_hire, "Human Lineman", 2, None, None, "League")
    event_hire = make_interaction(runtime, user_id=COACH)
    await roster.hire.callback(roster, event_hire, "Wood Elf Lineman", 2, None, None, "Cup")
    for interaction, name, treasury in (
        (league_hire, "Reavers", "900,000"),
        (event_hire, "Elves", "1,020,000"),
    ):
        content, kwargs = sent(interaction)
        assert content.startswith("Hired 2 ") and f"Treasury {treasury} gp." in content
        assert kwargs["ephemeral"] is True and kwargs["embed"].title.startswith(name)
    assert sent(league_hire)[1]["embed"].footer.text == "League"  # the Team Draft List, of the league
    assert "Skill Points" in str(sent(event_hire)[1]["embed"].to_dict())  # the event roster


async def _submitted_league_team(runtime: Runtime) -> None:
    """A league and the coach's Reavers, drafted and submitted through /team."""
    await leagues.create_league(runtime, actor(user_id=COMMISSIONER), "League", None)
    team = TeamCog(MagicMock())
    await team.create.callback(
        team, make_interaction(runtime, user_id=COACH), "Reavers", "Human", None, None, None
    )
    await team.hire.callback(
        team, make_interaction(runtime, user_id=COACH), "Human Lineman", 11, None, None, None
    )
    await team.submit.callback(team, make_interaction(runtime, user_id=COACH), None)


async def test_league_and_event_approve_answer_through_one_body(runtime: Runtime) -> None:
    await _submitted_league_team(runtime)
    admin = LeagueAdmin(MagicMock())
    interaction = make_interaction(runtime, user_id=COMMISSIONER, manage_guild=True)
    await admin.approve.callback(admin, interaction, "Reavers", None)
    content, kwargs = sent(interaction)
    assert content == "Reavers is approved" and kwargs["ephemeral"] is True and kwargs["embed"].title

    await tournaments.create_tournament(runtime, actor(user_id=COMMISSIONER), "Cup", None)
    roster = RosterCog(MagicMock())
    interaction = make_interaction(runtime, user_id=COACH)
    await roster.register.callback(
        roster, interaction, "Elves", "Wood Elf", "Elven Kingdoms League", None, "Cup"
    )
    await roster.hire.callback(
        roster, make_interaction(runtime, user_id=COACH), "Wood Elf Lineman", 11, None, None, "Cup"
    )
    await roster.submit.callback(roster, make_interaction(runtime, user_id=COACH), "Cup")
    event = EventCog(MagicMock())
    interaction = make_interaction(runtime, user_id=COMMISSIONER, manage_guild=True)
    await event.approve.callback(event, interaction, "Elves", "Cup")
    content, kwargs = sent(interaction)
    assert content == "Elves is approved" and kwargs["ephemeral"] is True and kwargs["embed"].title


async def test_a_league_rejection_answers_without_the_sheet(runtime: Runtime) -> None:
    await _submitted_league_team(runtime)
    admin = LeagueAdmin(MagicMock())
    interaction = make_interaction(runtime, user_id=COMMISSIONER, manage_guild=True)
    await admin.reject.callback(admin, interaction, "Reavers", "too many linemen", None)
    content, kwargs = sent(interaction)
    assert content == "Reavers is rejected: too many linemen" and kwargs["ephemeral"] is True
    assert kwargs["embed"] is discord.utils.MISSING and kwargs["embeds"] is discord.utils.MISSING


def test_the_entry_option_offers_registered_teams() -> None:
    assert _completer(RosterCog(MagicMock()).show, "team") is entry_autocomplete


def test_choices_keep_their_order_and_labels() -> None:
    made = choices({"home": "home team", "away": "away team"})
    assert [(c.name, c.value) for c in made] == [("home team", "home"), ("away team", "away")]
    assert [(c.name, c.value) for c in choices((0, 2, 4))] == [("0", 0), ("2", 2), ("4", 4)]
