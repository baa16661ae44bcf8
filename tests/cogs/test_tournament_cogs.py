"""Tournament cogs (issue 15): /event start|pair|swap and /tournament pairings|standings, called directly with
spec_set interaction mocks."""

from __future__ import annotations

from unittest.mock import MagicMock

import discord
import pytest

from bot import i18n
from bot.cogs.event import EventCog
from bot.cogs.results import ConfirmButton
from bot.cogs.tournament import TournamentCog, render_standings
from bot.services.match import results
from bot.services.match.results import SideInput
from bot.services.runtime import Runtime
from bot.services.tournament import tournament_play, tournaments
from bot.store import leagues as league_store
from bot.ui.checks import NotOrganiser, require_organiser
from tests.builders import ORGANISER, tournament_event
from tests.cogs.mocks import make_interaction, sent
from tests.conftest import actor


def _text(embeds: list[discord.Embed]) -> str:
    return "\n".join((e.description or "") + "".join(f"{f.name}{f.value}" for f in e.fields) for e in embeds)


def _embeds(kwargs: dict[str, object]) -> list[discord.Embed]:
    found = kwargs.get("embeds") or ([kwargs["embed"]] if "embed" in kwargs else [])
    assert isinstance(found, list)
    return found


async def test_event_start_shows_the_tables_and_the_dice(runtime: Runtime) -> None:
    await tournament_event(runtime, 9, spare=True)
    cog = EventCog(MagicMock())
    interaction = make_interaction(runtime, user_id=ORGANISER.user_id, manage_guild=True)
    await cog.start.callback(cog, interaction, None)
    content, kwargs = sent(interaction)
    assert "has started" in content
    text = _text(_embeds(kwargs))
    assert "**Table 5**" in text and "Spare" in text.split("**Table 5**")[1]  # the Spare Player last
    assert "Drawn with the bot's dice" in text and "d9=" in text
    assert "Played in person: no deadline." in text


async def test_the_event_channel_reads_the_start_in_the_events_language(runtime: Runtime) -> None:
    """Issue 32: what the event's channel sees is worded in the event's language, not the organiser's."""
    await tournament_event(runtime, 4)
    event = await tournaments.get_event(runtime, 1, None)
    await runtime.db.write(league_store.set_language, event.league, "es-ES")
    cog = EventCog(MagicMock())
    interaction = make_interaction(runtime, user_id=ORGANISER.user_id, manage_guild=True, locale="fr")
    with i18n.using("fr"):  # the organiser's language, as the tree sets it
        await cog.start.callback(cog, interaction, None)
    content, _kwargs = sent(interaction)
    assert content == "**Cup** ha empezado: las plantillas están cerradas y la ronda 1 está sorteada."


async def test_event_pair_names_open_games_and_swap_answers_privately(runtime: Runtime) -> None:
    await tournament_event(runtime, 4)
    await tournament_play.start_event(runtime, ORGANISER, None)
    pairings = await tournament_play.round_pairings(runtime, 1, None)
    first = pairings.tables[0].fixture
    assert first is not None
    cog = EventCog(MagicMock())
    swap = make_interaction(runtime, user_id=ORGANISER.user_id, manage_guild=True)
    a, b = pairings.tables[0].home.name, pairings.tables[1].home.name
    await cog.swap.callback(cog, swap, a, b, "travel", None)
    content, kwargs = sent(swap)
    assert content.startswith("Swapped") and kwargs["ephemeral"] is True
    interaction = make_interaction(runtime, user_id=ORGANISER.user_id, manage_guild=True)
    await cog.pair.callback(cog, interaction, None)
    content, kwargs = sent(interaction)
    assert "Round 2" in content
    assert "Paired before these games were confirmed" in _text(_embeds(kwargs))


def test_event_play_commands_are_checked_for_organisers() -> None:
    group = EventCog(MagicMock()).app_command
    assert group.default_permissions is not None and group.default_permissions.manage_guild
    for command in group.commands:
        if command.name in ("start", "pair", "swap"):
            assert require_organiser in command.checks, command.name


async def test_a_coach_cannot_start_the_event(runtime: Runtime) -> None:
    await tournament_event(runtime, 4)
    interaction = make_interaction(runtime, user_id=101)  # a coach, without Manage Server or the role
    with pytest.raises(NotOrganiser):
        await require_organiser(interaction)


async def test_tournament_pairings_show_scores_once_confirmed(runtime: Runtime) -> None:
    await tournament_event(runtime, 4, rounds=2)
    await tournament_play.start_event(runtime, ORGANISER, None)
    fx = (await tournament_play.round_pairings(runtime, 1, None)).tables[0].fixture
    assert fx is not None
    done = await results.report_result(
        runtime, actor(user_id=fx.home_coach_id), f"f:{fx.id}", SideInput(2, 0), SideInput(1, 0)
    )
    await results.confirm_result(runtime, actor(user_id=fx.away_coach_id), fx.id, done.version)
    cog = TournamentCog(MagicMock())
    interaction = make_interaction(runtime, user_id=101)
    await cog.pairings.callback(cog, interaction, 1, None)
    _, kwargs = sent(interaction)
    assert f"**{fx.home_name}** (<@{fx.home_coach_id}>) 2-1 **{fx.away_name}**" in _text(_embeds(kwargs))
    assert kwargs["ephemeral"] is True


async def test_tournament_standings_page_names_each_tiebreaker(runtime: Runtime) -> None:
    await tournament_event(runtime, 4, rounds=2, extra_tiebreakers="votes")
    await tournament_play.start_event(runtime, ORGANISER, None)
    for table in (await tournament_play.round_pairings(runtime, 1, None)).tables:
        fx = table.fixture
        assert fx is not None
        score = (3, 0) if table.number == 1 else (1, 0)
        done = await results.report_result(
            runtime,
            actor(user_id=fx.home_coach_id),
            f"f:{fx.id}",
            SideInput(score[0], 0),
            SideInput(score[1], 0),
        )
        await results.confirm_result(runtime, actor(user_id=fx.away_coach_id), fx.id, done.version)
    cog = TournamentCog(MagicMock())
    interaction = make_interaction(runtime, user_id=101)
    await cog.standings.callback(cog, interaction, None)
    _, kwargs = sent(interaction)
    text = _text(_embeds(kwargs))
    assert "2 TP, 2 BP, TD +3 (3 scored), 0 cas, 0 votes" in text  # 3-0: 3+ touchdowns, none conceded
    assert "below the coach above on Bonus Points" in text  # two winners level on TP, split by BP
    rendered = await render_standings(interaction, "1", 0)
    assert rendered.page_count == 1


async def test_confirming_an_event_game_answers_without_an_error(runtime: Runtime) -> None:
    """An event's game confirmed with the button: the result is locked and shown, and nothing tells the coach
    the event "is a tournament, not a league" (an event announces its rounds, not each result)."""
    await tournament_event(runtime, 4, rounds=2)
    await tournament_play.start_event(runtime, ORGANISER, None)
    fx = (await tournament_play.round_pairings(runtime, 1, None)).tables[0].fixture
    assert fx is not None
    done = await results.report_result(
        runtime, actor(user_id=fx.home_coach_id), f"f:{fx.id}", SideInput(2, 0), SideInput(1, 0)
    )
    click = make_interaction(runtime, user_id=fx.away_coach_id)
    await ConfirmButton(fx.id, done.version).callback(click)
    click.response.edit_message.assert_awaited_once()
    heading = click.response.edit_message.await_args.kwargs["embeds"][0].title or ""
    shown = heading + (click.response.edit_message.await_args.kwargs["embeds"][0].description or "")
    assert "Confirmed by" in shown
    replies = [*click.response.send_message.await_args_list, *click.followup.send.await_args_list]
    assert not any("not a league" in str(call) for call in replies)
