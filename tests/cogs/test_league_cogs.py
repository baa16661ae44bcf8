"""League cogs called directly with spec_set interaction mocks."""

from __future__ import annotations

from unittest.mock import AsyncMock, MagicMock

import discord
import pytest

from bot.cogs.league_admin import LeagueAdmin, SeasonAdmin
from bot.cogs.results import ConfirmButton, DisputeButton, ResultsCog, answer_view
from bot.cogs.settings import SettingsCog
from bot.cogs.team import TeamCog
from bot.errors import InvalidInput, RuleViolation
from bot.services.league import leagues, seasons
from bot.services.match import results
from bot.services.match.results import SideInput
from bot.services.roster import teams
from bot.services.runtime import Runtime
from bot.ui.autocomplete import fixture_autocomplete
from bot.ui.checks import require_commissioner
from bot.ui.result_views import FinishPostgameButton
from tests import builders as build
from tests.builders import Entry
from tests.cogs.mocks import make_interaction, sent
from tests.conftest import actor


@pytest.mark.parametrize("cog_class", [LeagueAdmin, SeasonAdmin, SettingsCog])
def test_every_admin_command_is_hidden_and_checked(cog_class: type) -> None:
    group = cog_class(MagicMock()).app_command
    assert group.default_permissions is not None and group.default_permissions.manage_guild
    for command in group.commands:
        assert require_commissioner in command.checks, command.name


async def test_team_create_replies_privately_with_the_draft_list(runtime: Runtime) -> None:
    await leagues.create_league(runtime, actor(user_id=1), "League", None)
    cog = TeamCog(MagicMock())
    interaction = make_interaction(runtime, user_id=10)
    await cog.create.callback(cog, interaction, "Reavers", "human", None, None, None)
    content, kwargs = sent(interaction)
    assert "Reavers (Human) is drafting" in content and kwargs["ephemeral"] is True
    embed: discord.Embed = kwargs["embed"]
    assert embed.title == "Reavers" and "Treasury 1,000,000 gp" in (embed.description or "")


async def _season(runtime: Runtime) -> int:
    """Four Orc teams T0-T3 of coaches 10-13, divisions drawn; returns coach 10's first fixture."""
    orcs = [Entry(actor(user_id=10 + n), f"T{n}", "orc") for n in range(4)]
    await build.season(runtime, orcs, draw=True, channel=None)
    return (await build.first_fixture(runtime, actor(user_id=10))).id


async def test_report_posts_confirm_and_dispute_buttons_for_the_opponent(runtime: Runtime) -> None:
    fixture_id = await _season(runtime)
    cog = ResultsCog(MagicMock())
    interaction = make_interaction(runtime, user_id=10)
    await cog.report.callback(cog, interaction, f"f:{fixture_id}", 2, 0, 0, 0, "#1 td 2", None, False, False)
    content, kwargs = sent(interaction)
    view: discord.ui.View = kwargs["view"]
    ids = [item.item.custom_id for item in view.children]  # type: ignore[attr-defined]
    assert ids == [f"res:c:{fixture_id}:1", f"res:d:{fixture_id}:1"]
    assert (content.startswith("<@") and "2-0" in kwargs["embed"].title) or "0-2" in kwargs["embed"].title


async def test_confirm_button_locks_the_result(runtime: Runtime) -> None:
    fixture_id = await _season(runtime)
    listing = await seasons.list_fixtures(runtime, actor(user_id=10), None, "mine")
    fx = listing.fixtures[0]
    reporter = 10
    opponent = fx.away_coach_id if fx.home_coach_id == reporter else fx.home_coach_id
    cog = ResultsCog(MagicMock())
    await cog.report.callback(
        cog,
        make_interaction(runtime, user_id=reporter),
        f"f:{fixture_id}",
        1,
        1,
        0,
        0,
        None,
        None,
        False,
        False,
    )
    click = make_interaction(runtime, user_id=opponent)
    await ConfirmButton(fixture_id, 1).callback(click)
    click.response.edit_message.assert_awaited_once()
    assert click.response.edit_message.await_args.kwargs["view"] is None
    after = await seasons.list_fixtures(runtime, actor(user_id=10), None, "mine")
    assert after.fixtures[0].status == "confirmed"


async def test_buttons_survive_a_restart_through_their_custom_id() -> None:
    view = answer_view(42, 3)
    confirm, dispute = view.children
    assert isinstance(confirm, ConfirmButton) and isinstance(dispute, DisputeButton)
    match = ConfirmButton.__discord_ui_compiled_template__.fullmatch("res:c:42:3")
    assert match is not None
    rebuilt = await ConfirmButton.from_custom_id(MagicMock(), MagicMock(), match)
    assert (rebuilt.fixture_id, rebuilt.version) == (42, 3)


async def test_fixture_autocomplete_offers_the_current_round_first(runtime: Runtime) -> None:
    await leagues.create_league(runtime, actor(user_id=1), "League", None)
    for n in range(8):  # 7 rounds of 4 games: fixture ids up to 28
        coach = actor(user_id=10 + n)
        await teams.create_team(runtime, coach, None, f"T{n}", "orc")
        await teams.hire_players(runtime, coach, None, "Orc Lineman", count=11)
        await teams.submit_team(runtime, coach, None)
        await teams.review_team(runtime, actor(user_id=1), None, f"T{n}", approve=True)
    await seasons.start_season(runtime, actor(user_id=1), None)
    listing = await seasons.list_fixtures(runtime, actor(user_id=1), None, "round", round_number=1)
    last_game = max(listing.fixtures, key=lambda f: f.id)  # id 4: "#4" sorts after "#25" as text
    user = last_game.home_coach_id
    interaction = make_interaction(runtime, user_id=user)
    offered = await fixture_autocomplete(interaction, "")
    assert offered[0].value == f"f:{last_game.id}" and offered[0].name.startswith(f"#{last_game.id} R1 ")
    assert [c.name.split()[1] for c in offered] == [f"R{n}" for n in range(1, 8)]
    typed = await fixture_autocomplete(interaction, "T")  # every label matches alike: still round order
    assert [c.name.split()[1] for c in typed] == [f"R{n}" for n in range(1, 8)]


async def _approved_teams(runtime: Runtime, count: int) -> None:
    await leagues.create_league(runtime, actor(user_id=1), "League", None)
    for n in range(count):
        coach = actor(user_id=10 + n)
        await teams.create_team(runtime, coach, None, f"T{n}", "orc")
        await teams.hire_players(runtime, coach, None, "Orc Lineman", count=11)
        await teams.submit_team(runtime, coach, None)
        await teams.review_team(runtime, actor(user_id=1), None, f"T{n}", approve=True)


async def test_season_start_takes_a_plain_number_of_divisions(runtime: Runtime) -> None:
    await _approved_teams(runtime, 8)
    bot = MagicMock()
    bot.deadlines.rearm = AsyncMock(return_value=0)
    cog = SeasonAdmin(bot)
    interaction = make_interaction(runtime, user_id=1, manage_guild=True)
    await cog.start.callback(cog, interaction, None, "2")
    bot.deadlines.rearm.assert_awaited_once()  # the new rounds' deadlines are armed at once, not at a restart
    content = interaction.edit_original_response.await_args.kwargs["content"]
    assert content.startswith("Season 1 started: 8 teams in 2 divisions, 3 rounds of 14 days.")


async def test_season_start_refuses_a_number_of_divisions_that_does_not_fit(runtime: Runtime) -> None:
    await _approved_teams(runtime, 7)
    cog = SeasonAdmin(MagicMock())
    interaction = make_interaction(runtime, user_id=1, manage_guild=True)
    with pytest.raises(RuleViolation, match="7 teams make only 1 division of at least 4 teams each, not 2"):
        await cog.start.callback(cog, interaction, None, "2")
    interaction.response.send_message.assert_not_awaited()
    option = next(p for p in cog.start.parameters if p.name == "divisions")
    assert "teams_per_division" in option.description and "number" in option.description


def _settings_cog() -> SettingsCog:
    league_bot = MagicMock()
    league_bot.deadlines.rearm = AsyncMock()
    return SettingsCog(league_bot)


async def test_settings_schedule_sets_reminders_and_grace(runtime: Runtime) -> None:
    await leagues.create_league(runtime, actor(user_id=1), "League", None)
    cog = _settings_cog()
    interaction = make_interaction(runtime, user_id=1, manage_guild=True)
    await cog.schedule.callback(cog, interaction, None, "24, 96", 48, None, "slow league")
    content, kwargs = sent(interaction)
    assert kwargs["ephemeral"] is True
    assert "Reminders before deadlines 72, 24 → 96, 24 h" in content
    assert "Automatic confirmation after 24 → 48 h" in content
    embed: discord.Embed = kwargs["embed"]
    assert "reminders 96 h, 24 h" in " ".join(str(f.value) for f in embed.fields)
    cog.bot.deadlines.rearm.assert_awaited_once()  # type: ignore[attr-defined]
    log = await leagues.league_log(runtime, 1, None)
    assert log.entries[0].reason == "slow league"


async def test_settings_match_allows_events_in_playoffs(runtime: Runtime) -> None:
    await leagues.create_league(runtime, actor(user_id=1), "League", None)
    cog = _settings_cog()
    interaction = make_interaction(runtime, user_id=1, manage_guild=True)
    await cog.match.callback(cog, interaction, True, True, None, None, None, None)
    content, _ = sent(interaction)
    assert "Match Events in play-offs off → on" in content
    assert "Match Events: on, also in play-offs" in " ".join(
        str(f.value) for f in sent(interaction)[1]["embed"].fields
    )
    assert (await leagues.get_league(runtime, 1, None)).settings.match_events_in_playoffs
    cog.bot.deadlines.rearm.assert_not_awaited()  # type: ignore[attr-defined]


async def test_settings_without_options_show_them(runtime: Runtime) -> None:
    await leagues.create_league(runtime, actor(user_id=1), "League", None)
    cog = _settings_cog()
    interaction = make_interaction(runtime, user_id=1, manage_guild=True)
    await cog.draft.callback(cog, interaction, None, None, None, None, None)
    content, kwargs = sent(interaction)
    assert content.startswith("Current settings") and kwargs["embed"].title == "League: settings"


async def test_settings_are_validated_together(runtime: Runtime) -> None:
    await leagues.create_league(runtime, actor(user_id=1), "League", None)
    cog = _settings_cog()
    interaction = make_interaction(runtime, user_id=1, manage_guild=True)
    with pytest.raises(InvalidInput, match="must not reward a loss over a draw"):
        await cog.points.callback(cog, interaction, None, 0, 2, None, None, None, None, None, None)
    with pytest.raises(InvalidInput, match="teams_per_division"):
        await cog.draft.callback(cog, interaction, None, None, 3, None, None)
    interaction.response.send_message.assert_not_awaited()
    await cog.draft.callback(cog, interaction, None, 0, 8, None, None)
    settings = (await leagues.get_league(runtime, 1, None)).settings
    assert (settings.redraft_cap, settings.teams_per_division) == (None, 8)


async def test_finish_button_renders_what_its_one_transaction_returned(
    runtime: Runtime, monkeypatch: pytest.MonkeyPatch
) -> None:
    fixture_id = await _season(runtime)
    fx = (await seasons.list_fixtures(runtime, actor(user_id=10), None, "mine")).fixtures[0]
    opponent = fx.away_coach_id if fx.home_coach_id == 10 else fx.home_coach_id
    await results.report_result(
        runtime, actor(user_id=10), f"f:{fixture_id}", SideInput(1, 0), SideInput(1, 0)
    )
    confirmed = await results.confirm_result(runtime, actor(user_id=opponent), fixture_id, 1)
    team_id = confirmed.postgame[0].team_id
    # The button needs no second read: a look-up of the fixture after the Finish would fail here.
    monkeypatch.setattr(results, "get_fixture", AsyncMock(side_effect=AssertionError("second read")))
    click = make_interaction(runtime, user_id=1, manage_guild=True)
    await FinishPostgameButton(fixture_id, team_id).callback(click)
    _, kwargs = sent(click)
    embed: discord.Embed = kwargs["embed"]
    assert embed.title == f"Post-game: {fx.label}"
    assert "✅ finished" in str(embed.fields[0].value) and "Post-game finished" in str(embed.fields[0].value)


async def test_team_postgame_shows_the_coachs_open_post_game_with_its_finish_button(runtime: Runtime) -> None:
    """Issue 31 §2: a post-game message lost (the bot stopped after the confirmation) is shown again."""
    fixture_id = await _season(runtime)
    listing = await seasons.list_fixtures(runtime, actor(user_id=10), None, "mine")
    fx = next(f for f in listing.fixtures if f.id == fixture_id)
    confirmer = fx.away_coach_id if fx.home_coach_id == 10 else fx.home_coach_id
    done = await results.report_result(
        runtime, actor(user_id=10), f"f:{fixture_id}", SideInput(1, 0), SideInput(0, 0)
    )
    await results.confirm_result(runtime, actor(user_id=confirmer), fixture_id, done.version)
    cog = TeamCog(MagicMock())
    interaction = make_interaction(runtime, user_id=10)
    await cog.postgame.callback(cog, interaction, None)
    _, kwargs = sent(interaction)
    assert kwargs["ephemeral"] is True
    view: discord.ui.View = kwargs["view"]
    ids = [item.item.custom_id for item in view.children]  # type: ignore[attr-defined]
    assert len(ids) == 1 and ids[0].startswith(f"pgf:{fixture_id}:")
