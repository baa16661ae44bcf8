"""/event export and /event import (issue 29), called with spec_set mocks: the organiser gets the event file
privately, an organiser of another server imports it (refused before download when too large, refused with
the reasons when broken), and both commands are hidden and checked at run time."""

from __future__ import annotations

import json
from unittest.mock import AsyncMock, MagicMock

import discord
import pytest

from bot.cogs.event import EventCog
from bot.errors import Conflict, InvalidInput, RuleViolation
from bot.services.runtime import Runtime
from bot.services.tournament import event_export, tournament_play, tournaments
from bot.ui.checks import NotOrganiser, require_organiser
from tests.builders import ORGANISER, tournament_event
from tests.cogs.mocks import make_interaction


def _upload(data: bytes, size: int | None = None) -> MagicMock:
    upload = MagicMock(spec_set=discord.Attachment)
    upload.size = len(data) if size is None else size
    upload.read = AsyncMock(return_value=data)
    return upload


async def _exported(runtime: Runtime, cog: EventCog) -> bytes:
    out = make_interaction(runtime, user_id=ORGANISER.user_id, manage_guild=True)
    await cog.export.callback(cog, out, None)
    out.response.defer.assert_awaited_once_with(ephemeral=True, thinking=True)
    kwargs = out.edit_original_response.await_args.kwargs
    (file,) = kwargs["attachments"]
    assert file.filename == "Cup.json"
    assert kwargs["content"] == (
        "**Cup**: 4 teams, 1 round paired, 2 games. Import it on another server with /event import."
    )
    return bytes(file.fp.read())


async def test_event_export_then_import_on_another_server(runtime: Runtime) -> None:
    await tournament_event(runtime, 4)
    await tournament_play.start_event(runtime, ORGANISER, None)
    bot = MagicMock()
    bot.deadlines.rearm = AsyncMock()
    cog = EventCog(bot)
    data = await _exported(runtime, cog)
    assert json.loads(data)["format"] == "bb-league-bot/event"

    into = make_interaction(runtime, guild_id=2, user_id=1, channel_id=200, manage_guild=True)
    await cog.import_.callback(cog, into, _upload(data), "Cup Again")
    into.response.defer.assert_awaited_once_with(ephemeral=True, thinking=True)
    content = into.edit_original_response.await_args.kwargs["content"]
    assert content == (
        "Imported **Cup Again**: 4 teams, 44 players, 2 games. Announcements go to <#200>; the organisers "
        "here run it with /event."
    )
    bot.deadlines.rearm.assert_awaited_once()
    copied = await tournaments.get_event(runtime, 2, "Cup Again")
    assert copied.status == "running" and copied.league.announce_channel_id == 200

    again = make_interaction(runtime, guild_id=2, user_id=1, channel_id=200, manage_guild=True)
    with pytest.raises(Conflict, match="already has a league or tournament called Cup Again"):
        await cog.import_.callback(cog, again, _upload(data), "Cup Again")
    broken = make_interaction(runtime, guild_id=2, user_id=1, channel_id=200, manage_guild=True)
    with pytest.raises(RuleViolation, match="This event file cannot be imported"):
        await cog.import_.callback(cog, broken, _upload(data[:100]), "Cup Three")


async def test_an_oversized_file_is_refused_before_it_is_read(runtime: Runtime) -> None:
    cog = EventCog(MagicMock())
    upload = _upload(b"{}", size=event_export.IMPORT_LIMIT + 1)
    interaction = make_interaction(runtime, user_id=1, manage_guild=True)
    with pytest.raises(InvalidInput, match="at most 25 MiB"):
        await cog.import_.callback(cog, interaction, upload, None)
    upload.read.assert_not_awaited()
    interaction.response.defer.assert_not_awaited()


async def test_both_commands_are_hidden_and_checked_at_run_time(runtime: Runtime) -> None:
    group = EventCog(MagicMock()).app_command
    assert group.default_permissions is not None and group.default_permissions.manage_guild
    for name in ("export", "import"):
        command = next(c for c in group.commands if c.name == name)
        assert require_organiser in command.checks, name
        assert command.description and all(p.description for p in command.parameters), name
    with pytest.raises(NotOrganiser):
        await require_organiser(make_interaction(runtime, user_id=101))  # a coach
