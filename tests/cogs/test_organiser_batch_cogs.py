"""Issue 29: the organiser's commands, called with spec_set interaction mocks: `/event approve` with no team
approves every submitted roster and lists each problem, within Discord's limits; `/event result` decides a
disputed game of the event (the organiser's, checked at run time) through /league result's one body."""

from __future__ import annotations

from unittest.mock import AsyncMock, MagicMock, patch

import discord
import pytest

from bot.cogs.event import EventCog
from bot.errors import Conflict, NotAllowed
from bot.services.match import results
from bot.services.match.results import SideInput
from bot.services.runtime import Runtime
from bot.services.tournament import tournament_play, tournaments
from bot.store.connection import Connection
from bot.ui.checks import NotOrganiser, require_organiser
from bot.ui.limits import CONTENT, EMBED_TOTAL, EMBEDS, within_limits
from tests.builders import ORGANISER, tournament_event
from tests.cogs.mocks import make_interaction, sent
from tests.conftest import actor


def _break_every_other(conn: Connection, ids: list[int]) -> None:
    for team_id in ids[::2]:  # two players short of 11
        conn.execute("DELETE FROM players WHERE guild_id = 1 AND team_id = ? AND number > 9", (team_id,))


def _answers(interaction: MagicMock) -> list[tuple[str, list[discord.Embed]]]:
    """Every follow-up sent after the deferral: its content and embeds, each checked against the limits."""
    out = []
    for call in interaction.followup.send.await_args_list:
        content = call.args[0] if call.args else call.kwargs.get("content")
        content = content if isinstance(content, str) else ""
        one, many = call.kwargs.get("embed"), call.kwargs.get("embeds")
        embeds = [one] if isinstance(one, discord.Embed) else many if isinstance(many, list) else []
        assert len(content) <= CONTENT and len(embeds) <= EMBEDS
        assert all(within_limits(e) for e in embeds) and sum(len(e) for e in embeds) <= EMBED_TOTAL
        assert call.kwargs["ephemeral"] is True
        out.append((content, embeds))
    return out


def _text(embeds: list[discord.Embed]) -> str:
    return "\n".join(
        [e.description or "" for e in embeds] + [f"{f.name}\n{f.value}" for e in embeds for f in e.fields]
    )


async def test_approve_with_no_team_approves_64_rosters_and_lists_each_problem(runtime: Runtime) -> None:
    ids = await tournament_event(runtime, 0, unapproved=64)
    await runtime.db.write(_break_every_other, ids)
    cog = EventCog(MagicMock())
    interaction = make_interaction(runtime, user_id=1, manage_guild=True)
    interaction.response.defer = AsyncMock()
    await cog.approve.callback(cog, interaction, None, None)
    interaction.response.defer.assert_awaited_once_with(ephemeral=True, thinking=True)
    answers = _answers(interaction)
    assert answers[0][0].startswith("32 rosters approved, 32 not:"), answers[0][0]
    text = _text([e for _, embeds in answers for e in embeds])
    for n in range(64):
        named = f"Late {n} cannot be entered yet:" if n % 2 == 0 else f"Late {n}\n"
        assert named in text + "\n", n  # every roster named once: approved, or not with its reason


async def test_approve_with_no_team_and_nothing_waiting_says_so(runtime: Runtime) -> None:
    await tournament_event(runtime, 2)
    cog = EventCog(MagicMock())
    interaction = make_interaction(runtime, user_id=1, manage_guild=True)
    interaction.response.defer = AsyncMock()
    with pytest.raises(Conflict, match="No roster of Cup is waiting for approval"):
        await cog.approve.callback(cog, interaction, None, None)


async def test_event_result_decides_a_disputed_game_and_announces_it(runtime: Runtime) -> None:
    await tournament_event(runtime, 4)
    pairings = await tournament_play.start_event(runtime, ORGANISER, None)
    fx = next(t.fixture for t in pairings.tables if t.fixture is not None)
    done = await results.report_result(
        runtime, actor(user_id=fx.home_coach_id), f"f:{fx.id}", SideInput(2, 0), SideInput(1, 0)
    )
    await results.dispute_result(runtime, actor(user_id=fx.away_coach_id), fx.id, done.version, "1-1")
    group = EventCog(MagicMock()).app_command
    assert group.default_permissions is not None and group.default_permissions.manage_guild
    command = next(c for c in group.commands if c.name == "result")
    assert require_organiser in command.checks
    with pytest.raises(NotOrganiser):
        await require_organiser(make_interaction(runtime, user_id=fx.home_coach_id))  # a coach

    cog = EventCog(MagicMock())
    interaction = make_interaction(runtime, user_id=ORGANISER.user_id, manage_guild=True)
    with patch("bot.ui.result_setting.announce", new=AsyncMock()) as announced:
        await cog.result.callback(cog, interaction, f"f:{fx.id}", 1, 1, "agreed at the table", 0, 0)
    _, kwargs = sent(interaction)
    embed = kwargs["embed"]
    assert "Set by organiser" in (embed.description or "") + "".join(f.value or "" for f in embed.fields)
    announced.assert_awaited_once()  # the event's channel (555) is not this one
    await tournaments.create_tournament(runtime, ORGANISER, "Spring", 556, {})
    other = make_interaction(runtime, user_id=ORGANISER.user_id, manage_guild=True)
    with pytest.raises(NotAllowed, match="not a game of Spring"):
        await cog.result.callback(cog, other, f"f:{fx.id}", 1, 0, "wrong event", tournament="Spring")


async def test_event_swap_takes_more_pairs_in_one_command(runtime: Runtime) -> None:
    await tournament_event(runtime, 6)
    pairings = await tournament_play.start_event(runtime, ORGANISER, None)
    one, two, three = [t.fixture for t in pairings.tables if t.fixture is not None]
    cog = EventCog(MagicMock())
    interaction = make_interaction(runtime, user_id=ORGANISER.user_id, manage_guild=True)
    await cog.swap.callback(
        cog,
        interaction,
        one.home_name,
        two.home_name,
        "clubs apart",
        None,
        two.away_name,
        three.away_name,
    )
    content, kwargs = sent(interaction)
    assert content.startswith("Swapped 2 pairs.") and kwargs["ephemeral"] is True
    tables = (await tournament_play.round_pairings(runtime, 1, None, None)).tables
    assert [(t.home.name, t.away.name if t.away else None) for t in tables] == [
        (two.home_name, one.away_name),
        (one.home_name, three.away_name),
        (three.home_name, two.away_name),
    ]


async def test_event_result_takes_crowd_casualties_and_the_events_own_tiebreaker(runtime: Runtime) -> None:
    await tournament_event(runtime, 2, custom_tiebreaker="Style points")
    pairings = await tournament_play.start_event(runtime, ORGANISER, None)
    (fx,) = [t.fixture for t in pairings.tables if t.fixture is not None]
    cog = EventCog(MagicMock())
    interaction = make_interaction(runtime, user_id=ORGANISER.user_id, manage_guild=True)
    with patch("bot.ui.result_setting.announce", new=AsyncMock()):
        await cog.result.callback(
            cog,
            interaction,
            f"f:{fx.id}",
            1,
            0,
            "reported by hand",
            0,
            0,
            home_crowd=2,
            home_tiebreaker=7,
            away_tiebreaker=3,
        )
    _, report = await results.get_fixture(runtime, 1, fx.id)
    assert report is not None and report.home.crowd_casualties == 2
    assert (report.home.tiebreaker, report.away.tiebreaker) == (7, 3)
