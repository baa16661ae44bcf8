"""The `format` options of /standings, /playoffs and /tournament standings: a picture (an embed showing
the attached PNG), a CSV file, or the text as before; and the outbox attaching an announcement's picture."""

from __future__ import annotations

import io
import sqlite3
from unittest.mock import AsyncMock, MagicMock, patch

import discord
import pytest
from PIL import Image

from bot.app import LeagueBot
from bot.cogs.history import HistoryCog
from bot.cogs.league_admin import SeasonAdmin
from bot.cogs.results import ResultsCog
from bot.cogs.tournament import TournamentCog
from bot.config import Settings
from bot.deadline_watch import DeadlineWatch
from bot.errors import InvalidInput
from bot.outbox import Outbox
from bot.pictures.kit import MAX_WIDTH
from bot.services.league import leagues, playoffs
from bot.services.runtime import Runtime
from bot.services.tournament import tournament_play
from bot.store import announcements
from tests import builders as build
from tests.builders import COMMISH, ORGANISER
from tests.cogs.mocks import make_interaction, make_member, sent


def _deferring(interaction: MagicMock) -> MagicMock:
    """A picture answer defers first, then replaces the "thinking" message with the picture."""
    interaction.response.defer = AsyncMock()
    interaction.edit_original_response = AsyncMock()
    return interaction


def _drawn(interaction: MagicMock) -> Image.Image:
    interaction.response.defer.assert_awaited_once_with(thinking=True)
    interaction.response.send_message.assert_not_awaited()
    kwargs = interaction.edit_original_response.await_args.kwargs
    [file] = kwargs["attachments"]
    return _picture({"file": file, "embed": kwargs["embed"]})


def _picture(kwargs: dict[str, object]) -> Image.Image:
    file = kwargs["file"]
    assert isinstance(file, discord.File) and file.filename.endswith(".png")
    embed = kwargs["embed"]
    assert isinstance(embed, discord.Embed)
    assert embed.image.url == f"attachment://{file.filename}"  # the embed shows the attached picture
    image = Image.open(io.BytesIO(file.fp.read()))
    assert image.format == "PNG" and image.width <= MAX_WIDTH
    return image


def _csv(kwargs: dict[str, object]) -> list[str]:
    file = kwargs["file"]
    assert isinstance(file, discord.File) and file.filename.endswith(".csv")
    return file.fp.read().decode("utf-8-sig").splitlines()


async def test_standings_as_a_picture_a_csv_file_or_text(runtime: Runtime) -> None:
    await build.season(runtime, 4)
    cog = ResultsCog(MagicMock())
    interaction = _deferring(make_interaction(runtime, user_id=500))
    await cog.standings.callback(cog, interaction, None, None, None, "picture")
    _drawn(interaction)
    assert interaction.edit_original_response.await_args.kwargs["embed"].title == "League: season 1 standings"

    interaction = make_interaction(runtime, user_id=500)
    await cog.standings.callback(cog, interaction, None, None, None, "csv")
    content, kwargs = sent(interaction)
    lines = _csv(kwargs)
    assert "CSV" in content and lines[0].startswith("division,place,team") and len(lines) == 5
    assert kwargs["file"].filename == "League_season_1_standings.csv"

    interaction = make_interaction(runtime, user_id=500)
    await cog.standings.callback(cog, interaction, None, None, None)  # text stays the default
    _, kwargs = sent(interaction)
    assert "file" not in kwargs and "Team 0" in (kwargs["embed"].description or "")

    with pytest.raises(InvalidInput, match="text, picture, csv"):
        await cog.standings.callback(cog, make_interaction(runtime), None, None, None, "gif")
    option = next(p for p in cog.standings.parameters if p.name == "format")
    assert [c.value for c in option.choices] == ["text", "picture", "csv"] and option.description


async def test_playoffs_as_a_picture(runtime: Runtime) -> None:
    await build.season(runtime, 4)
    await build.regular_season(runtime)
    await playoffs.open_playoffs(runtime, COMMISH, None)
    cog = HistoryCog(MagicMock())
    interaction = _deferring(make_interaction(runtime, user_id=500))
    await cog.playoffs.callback(cog, interaction, None, None, "picture")
    _drawn(interaction)
    option = next(p for p in cog.playoffs.parameters if p.name == "format")
    assert [c.value for c in option.choices] == ["text", "picture"]
    with pytest.raises(InvalidInput):
        await cog.playoffs.callback(cog, make_interaction(runtime), None, None, "csv")


async def test_tournament_standings_as_a_picture_or_csv(runtime: Runtime) -> None:
    await build.tournament_event(runtime, 4)
    await tournament_play.start_event(runtime, ORGANISER, None)
    cog = TournamentCog(MagicMock())
    interaction = _deferring(make_interaction(runtime, user_id=101))
    guild = MagicMock(spec_set=discord.Guild)
    jay = make_member(100)
    jay.display_name = "Jay"
    guild.get_member = MagicMock(side_effect=lambda user_id: jay if user_id == 100 else None)
    interaction.guild = guild
    await cog.standings.callback(cog, interaction, None, "picture")
    _drawn(interaction)
    interaction = make_interaction(runtime, user_id=101)
    interaction.guild = None
    await cog.standings.callback(cog, interaction, None, "csv")
    _, kwargs = sent(interaction)
    lines = _csv(kwargs)
    assert lines[0].startswith("place,team,coach_id") and len(lines) == 5


async def test_the_outbox_draws_and_attaches_an_announcements_picture(runtime: Runtime) -> None:
    await build.season(runtime, 4)
    await build.regular_season(runtime)
    await playoffs.open_playoffs(runtime, COMMISH, None)

    def sent_all_but_semis(conn: sqlite3.Connection) -> None:
        for item in announcements.unsent(conn, 100):
            if item.picture != "bracket:1":
                announcements.mark_sent(conn, item.id, runtime.clock.now())

    await runtime.db.write(sent_all_but_semis)
    real = LeagueBot(Settings(discord_token="token"))
    real._runtime = runtime
    bot = MagicMock(spec_set=real)
    bot.runtime = runtime
    bot.deadlines = MagicMock(spec_set=DeadlineWatch)
    bot.deadlines.rearm = AsyncMock(return_value=0)
    with patch("bot.outbox.announce", new=AsyncMock()) as posted:
        assert await Outbox(bot).flush() == 1
    kwargs = posted.await_args.kwargs
    [file] = kwargs["files"]
    assert kwargs["embeds"][-1].image.url == f"attachment://{file.filename}"
    assert Image.open(io.BytesIO(file.fp.read())).format == "PNG"
    assert "Semi-finals" in kwargs["embeds"][0].title


async def test_a_picture_that_cannot_be_drawn_never_holds_up_its_announcement(runtime: Runtime) -> None:
    league = await leagues.create_league(runtime, COMMISH, "League", 555)

    def write(conn: sqlite3.Connection) -> None:
        announcements.add(
            conn,
            guild_id=1,
            league_id=league.id,
            title="Play-offs",
            lines=["a"],
            now=runtime.clock.now(),
            picture=announcements.picture_spec("bracket", 9),  # no such season
        )

    await runtime.db.write(write)
    real = LeagueBot(Settings(discord_token="token"))
    real._runtime = runtime
    bot = MagicMock(spec_set=real)
    bot.runtime = runtime
    bot.deadlines = MagicMock(spec_set=DeadlineWatch)
    bot.deadlines.rearm = AsyncMock(return_value=0)
    with patch("bot.outbox.announce", new=AsyncMock()) as posted:
        assert await Outbox(bot).flush() == 1
    kwargs = posted.await_args.kwargs
    assert kwargs["files"] == [] and kwargs["embeds"][0].title == "Play-offs"


async def test_season_start_answers_and_announces_with_its_picture(runtime: Runtime) -> None:
    await build.league(runtime, 4, channel=555)  # the announcements go to channel 555
    bot = MagicMock()
    bot.deadlines.rearm = AsyncMock(return_value=0)
    cog = SeasonAdmin(bot)
    interaction = make_interaction(runtime, user_id=1, manage_guild=True, channel_id=100)
    posted = AsyncMock()
    # the cog's own globals: loading the extensions elsewhere may have imported its module again
    with patch.dict(SeasonAdmin.start.callback.__globals__, {"announce": posted}):
        await cog.start.callback(cog, interaction, None, None)
    # one message, a short text with the picture: the title, the teams and round 1's games said once, by
    # the picture (drawn while Discord shows "thinking")
    interaction.response.defer.assert_awaited_once()
    picture = interaction.edit_original_response.await_args.kwargs
    content = picture["content"]
    assert content.startswith("Season 1 started: 4 teams, 3 rounds of")
    assert "begins" not in content and "Round 1 deadline <t:" in content
    [file] = picture["attachments"]
    image = _picture({"file": file, "embed": picture["embed"]})
    assert image.height > 400
    assert picture["embed"].title is None  # the picture's band carries the title
    interaction.followup.send.assert_not_awaited()  # every team approved: no note follows
    announced = posted.await_args.kwargs
    [file] = announced["files"]
    [embed] = announced["embeds"]
    assert embed.image.url == f"attachment://{file.filename}" and embed.title is None and not embed.fields
    assert announced["content"].startswith(content)
    assert all(f"<@{100 + n}>" in announced["content"] for n in range(4))  # every coach still pinged
