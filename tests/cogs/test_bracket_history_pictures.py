"""`/tournament bracket format:picture` and `/history format:picture` (issue 29: "/tournament bracket and
/history get pictures like the standings"), called with spec_set interaction mocks on a real database: the
answer is deferred, then one message with an embed showing each attached PNG page; the text stays the
default. The plain values behind the bracket picture come from the services as the text's do."""

from __future__ import annotations

import io
from unittest.mock import AsyncMock, MagicMock

import discord
import pytest
from PIL import Image

from bot.cogs.history import HistoryCog
from bot.cogs.tournament import TournamentCog
from bot.errors import InvalidInput
from bot.services.league import playoffs
from bot.services.match import match_day
from bot.services.runtime import Runtime
from bot.services.tournament import tournament_groups, tournament_play
from bot.ui.event_pictures import event_bracket
from bot.ui.history_pictures import season_rows
from bot.ui.pictures import pictures_message
from tests import builders as build
from tests.builders import COMMISH, ORGANISER
from tests.cogs.mocks import make_interaction, sent
from tests.conftest import actor
from tests.services.tournament.test_tournament_groups import play, play_round, tables


def _deferring(interaction: MagicMock) -> MagicMock:
    interaction.response.defer = AsyncMock()
    interaction.edit_original_response = AsyncMock()
    return interaction


def _pages(interaction: MagicMock) -> tuple[list[discord.Embed], list[Image.Image]]:
    """The one message that replaced the "thinking" answer: its embeds each show one attached PNG."""
    interaction.response.defer.assert_awaited_once_with(thinking=True)
    interaction.response.send_message.assert_not_awaited()
    kwargs = interaction.edit_original_response.await_args.kwargs
    embeds, files = kwargs["embeds"], kwargs["attachments"]
    assert 1 <= len(files) == len(embeds) <= 10
    images = []
    for embed, file in zip(embeds, files, strict=True):
        assert isinstance(file, discord.File) and file.filename.endswith(".png")
        assert embed.image.url == f"attachment://{file.filename}"
        image = Image.open(io.BytesIO(file.fp.read()))
        assert image.format == "PNG" and image.width <= 1080
        images.append(image)
    return embeds, images


async def test_the_bracket_as_a_picture_follows_the_event_from_groups_to_knock_out(runtime: Runtime) -> None:
    await build.tournament_event(runtime, 8, format="groups", qualifiers=4)
    await tournament_play.start_event(runtime, ORGANISER, None)
    cog = TournamentCog(MagicMock())
    interaction = _deferring(make_interaction(runtime, user_id=101))
    await cog.bracket.callback(cog, interaction, None, "picture")
    embeds, [groups] = _pages(interaction)
    assert embeds[0].title == "Cup: groups and knock-out" and groups.height > 800

    for number in (1, 2, 3):
        await play_round(runtime, number)
    knockout = [t for t in await tables(runtime, 4) if t.stage == "knockout"]
    level, unplayed = (t.fixture for t in knockout)
    assert level is not None and unplayed is not None
    await match_day.roll_penalties(runtime, actor(user_id=level.home_coach_id), f"f:{level.id}")
    await play(runtime, level, 1, 1, extra_time=True)

    shown = event_bracket(await tournament_groups.bracket(runtime, 1, None))
    assert [g.name for g in shown.groups] == ["Group A", "Group B"] and all(g.complete for g in shown.groups)
    [round_four] = shown.knockout
    assert round_four.number == 4 and [(t.low, t.high) for t in round_four.ties] == [(1, 4), (1, 4)]
    decided, to_play = round_four.ties
    assert decided.game.score == "1-1 pens" and decided.game.winner in ("home", "away")
    assert (to_play.game.score, to_play.game.winner) == ("to play", None)
    assert [line.name for line in shown.rest] and not shown.places  # Best of the Rest beside it

    interaction = _deferring(make_interaction(runtime, user_id=101))
    await cog.bracket.callback(cog, interaction, None, "picture")
    _, [knocked] = _pages(interaction)
    assert knocked.height > groups.height  # the knock-out and Best of the Rest above the groups

    interaction = make_interaction(runtime, user_id=101)
    await cog.bracket.callback(cog, interaction, None)  # the text stays the default
    _, kwargs = sent(interaction)
    assert kwargs["ephemeral"] is True and "file" not in kwargs
    with pytest.raises(InvalidInput, match="text, picture"):
        await cog.bracket.callback(cog, make_interaction(runtime), None, "csv")
    option = next(p for p in cog.bracket.parameters if p.name == "format")
    assert [c.value for c in option.choices] == ["text", "picture"] and option.description


async def test_history_as_pictures_every_season_or_one(runtime: Runtime) -> None:
    await build.season(runtime, 4)
    await build.regular_season(runtime)
    await playoffs.open_playoffs(runtime, COMMISH, None)
    [row] = season_rows(await playoffs.history(runtime, 1, None))
    assert (row.number, row.teams, row.state, list(row.places)) == (1, 4, "play-offs", [])

    cog = HistoryCog(MagicMock())
    interaction = _deferring(make_interaction(runtime, user_id=500))
    await cog.history.callback(cog, interaction, None, None, "picture")
    embeds, [seasons] = _pages(interaction)
    assert embeds[0].title == "League: seasons" and seasons.height > 300

    interaction = _deferring(make_interaction(runtime, user_id=500))
    await cog.history.callback(cog, interaction, 1, None, "picture")
    embeds, pages = _pages(interaction)
    assert embeds[0].title == "League: season 1" and sum(p.height for p in pages) > 700

    interaction = make_interaction(runtime, user_id=500)
    await cog.history.callback(cog, interaction, None, None)  # the text stays the default
    _, kwargs = sent(interaction)
    assert "file" not in kwargs and "Season 1" in kwargs["embed"].fields[0].name
    with pytest.raises(InvalidInput, match="text, picture"):
        await cog.history.callback(cog, make_interaction(runtime), None, None, "gif")
    option = next(p for p in cog.history.parameters if p.name == "format")
    assert [c.value for c in option.choices] == ["text", "picture"] and option.description


def test_pages_go_in_one_message_an_embed_per_attached_page() -> None:
    embeds, files = pictures_message("Cup: groups and knock-out", [b"a", b"b", b"c"], "Cup bracket")
    assert [f.filename for f in files] == ["Cup_bracket_1.png", "Cup_bracket_2.png", "Cup_bracket_3.png"]
    assert [e.image.url for e in embeds] == [f"attachment://{f.filename}" for f in files]
    assert embeds[0].title == "Cup: groups and knock-out" and embeds[1].title is None
    [embed], [file] = pictures_message("x" * 300, [b"a"], "Cup")  # too long for a title: the description
    assert embed.title is None and embed.description == "x" * 300 and file.filename == "Cup.png"
