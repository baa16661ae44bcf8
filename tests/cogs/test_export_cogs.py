"""/team export, /league export, /league import and /fixtures format:csv, called with spec_set mocks."""

from __future__ import annotations

import csv
import io
import json
from unittest.mock import AsyncMock, MagicMock

import discord
import pytest

from bot.cogs.league_admin import LeagueAdmin
from bot.cogs.results import ResultsCog
from bot.cogs.team import TeamCog
from bot.errors import InvalidInput
from bot.services.league import league_export, leagues
from bot.services.runtime import Runtime
from bot.ui.fixture_export import RESULTS_HEADER
from bot.ui.team_export import ROSTER_HEADER
from tests import builders as build
from tests.cogs.mocks import make_interaction, sent


def _file(kwargs: dict[str, object]) -> discord.File:
    file = kwargs["file"]
    assert isinstance(file, discord.File)
    return file


def _rows(data: bytes) -> list[list[str]]:
    return list(csv.reader(io.StringIO(data.decode("utf-8-sig"))))


async def test_team_export_sends_the_roster_as_csv_and_json(runtime: Runtime) -> None:
    await build.season(runtime)
    cog = TeamCog(MagicMock())
    interaction = make_interaction(runtime, user_id=build.coach(0).user_id)
    await cog.export.callback(cog, interaction, None, None)
    content, kwargs = sent(interaction)
    roster, team = kwargs["files"]
    assert roster.filename == "Team_0.csv" and team.filename == "Team_0.json"
    rows = _rows(roster.fp.read())
    assert tuple(rows[0]) == ROSTER_HEADER and len(rows) == 12  # the header and 11 players
    assert rows[1][2] == "Human Lineman" and rows[1][3:8] == ["6", "3", "3+", "4+", "9+"]
    body = json.loads(team.fp.read())
    assert body["team"] == "Team 0" and len(body["players"]) == 11 and "rerolls" in body["staff"]
    assert kwargs["ephemeral"] is True and "11 players" in content


async def test_fixtures_as_csv_lists_every_fixture_of_the_season(runtime: Runtime) -> None:
    overview = await build.season(runtime)
    await build.play(runtime, await build.first_fixture(runtime, build.coach(0)), 2, 1)
    cog = ResultsCog(MagicMock())
    interaction = make_interaction(runtime, user_id=build.coach(0).user_id)
    await cog.fixtures.callback(cog, interaction, None, None, None, None, "csv")
    _, kwargs = sent(interaction)
    rows = _rows(_file(kwargs).fp.read())
    assert tuple(rows[0]) == RESULTS_HEADER
    assert len(rows) - 1 == len(await build.fixtures(runtime)) == 6  # 4 teams: 3 rounds of 2
    confirmed = [r for r in rows[1:] if r[9] == "confirmed"]
    assert len(confirmed) == 1 and sorted(confirmed[0][5:7]) == ["1", "2"] and confirmed[0][11]
    assert kwargs["ephemeral"] is False and overview.season.number == 1


async def test_league_export_then_import_on_another_server(runtime: Runtime) -> None:
    await build.season(runtime)
    bot = MagicMock()
    bot.deadlines.rearm = AsyncMock()
    cog = LeagueAdmin(bot)
    out = make_interaction(runtime, user_id=1, manage_guild=True)
    await cog.export.callback(cog, out, None)
    out.response.defer.assert_awaited_once_with(ephemeral=True, thinking=True)
    kwargs = out.edit_original_response.await_args.kwargs
    (file,) = kwargs["attachments"]
    data = file.fp.read()
    assert file.filename.endswith(".json") and "4 teams" in kwargs["content"]
    assert json.loads(data)["format"] == "bb-league-bot/league"

    upload = MagicMock(spec_set=discord.Attachment)
    upload.size = len(data)
    upload.read = AsyncMock(return_value=data)
    into = make_interaction(runtime, guild_id=2, user_id=1, channel_id=200, manage_guild=True)
    await cog.import_.callback(cog, into, upload, "Copied League")
    content = into.edit_original_response.await_args.kwargs["content"]
    assert "Imported **Copied League**: 4 teams" in content and "<#200>" in content
    bot.deadlines.rearm.assert_awaited_once()
    copied = await leagues.get_league(runtime, 2, "Copied League")
    assert copied.announce_channel_id == 200


async def test_an_oversized_file_is_refused_before_it_is_read(runtime: Runtime) -> None:
    cog = LeagueAdmin(MagicMock())
    upload = MagicMock(spec_set=discord.Attachment)
    upload.size = league_export.IMPORT_LIMIT + 1
    upload.read = AsyncMock()
    interaction = make_interaction(runtime, user_id=1, manage_guild=True)
    with pytest.raises(InvalidInput, match="at most 25 MiB"):
        await cog.import_.callback(cog, interaction, upload, None)
    upload.read.assert_not_awaited()
