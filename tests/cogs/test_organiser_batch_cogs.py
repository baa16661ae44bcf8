"""Issue 29: the organiser's commands for many at once, called with spec_set interaction mocks:
`/event approve` with no team approves every submitted roster and lists each problem, within Discord's limits."""

from __future__ import annotations

from unittest.mock import AsyncMock, MagicMock

import discord
import pytest

from bot.cogs.event import EventCog
from bot.errors import Conflict
from bot.services.runtime import Runtime
from bot.store.connection import Connection
from bot.ui.limits import CONTENT, EMBED_TOTAL, EMBEDS, within_limits
from tests.builders import tournament_event
from tests.cogs.mocks import make_interaction


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
