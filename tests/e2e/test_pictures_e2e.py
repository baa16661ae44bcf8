"""Pictures through the real bot process: the season start, `/standings format:picture`, the play-off
announcements and `/history format:picture` carry a PNG the fake Discord received as an upload."""

from __future__ import annotations

import io
from typing import Any

from PIL import Image

from tests.e2e import builders as build
from tests.e2e.conftest import BotProcess, World
from tests.e2e.fake_discord import button_ids, message_text

ATTACHMENT_LIMIT = 8 * 1024 * 1024  # the fake Discord's (and a plain server's) attachment_size_limit


def _png(world: World, message: dict[str, Any]) -> Image.Image:
    """The message's one PNG, shown by its embed, decoded from the uploaded bytes."""
    [attachment] = message["attachments"]
    assert attachment["filename"].endswith(".png")
    assert any(
        (e.get("image") or {}).get("url") == f"attachment://{attachment['filename']}"
        for e in message["embeds"]
    )
    data = world.discord.uploads[int(attachment["id"])]
    assert len(data) == attachment["size"] < ATTACHMENT_LIMIT
    image = Image.open(io.BytesIO(data))
    image.load()
    assert image.format == "PNG" and image.width <= 1080
    return image


def _with_picture(text: str) -> Any:
    return lambda m: text in message_text(m) and bool(m.get("attachments"))


async def test_season_start_standings_and_playoffs_come_with_pictures(
    world: World, bot_process: BotProcess
) -> None:
    discord = world.discord
    channel = world.guild.channel.id
    await build.set_up_season(world)
    _png(world, await discord.wait_for_message(channel, _with_picture("Season 1 started")))

    standings = await discord.invoke("standings", world.outsider, format="picture")
    await standings.wait(lambda i: bool(i.messages))
    _png(world, standings.messages[0])
    assert "season 1 standings" in message_text(standings.messages[0])

    choices = await discord.autocomplete("league result", world.admin, "fixture", fixture="")
    assert len(choices) == 6
    for choice in choices:
        result = await discord.invoke(
            "league result", world.admin, fixture=choice["value"], home_score=2, away_score=0, reason="played"
        )
        await result.wait(lambda i: len(i.messages) >= 2)
        for button in button_ids(result.messages[1]):
            await discord.click(result.messages[1], button, world.admin)
    over = await discord.wait_for_message(channel, _with_picture("regular season is over"))
    _png(world, over)

    opened = await discord.invoke("season playoffs", world.admin)
    assert "play-offs are open" in opened.content
    semis = await discord.wait_for_message(channel, _with_picture("Semi-finals"))
    bracket = _png(world, semis)
    assert bracket.height > 300

    seasons = await discord.invoke("history", world.outsider, format="picture")
    await seasons.wait(lambda i: bool(i.messages))
    assert "League: seasons" in message_text(seasons.messages[0]), message_text(seasons.messages[0])
    assert _png(world, seasons.messages[0]).height > 300
    season = await discord.invoke("history", world.outsider, season=1, format="picture")
    await season.wait(lambda i: bool(i.messages))
    assert "season 1" in message_text(season.messages[0])
    assert _png(world, season.messages[0]).height > 700  # the standings, then the semi-finals

    csv = await discord.invoke("standings", world.outsider, format="csv")
    await csv.wait(lambda i: bool(i.messages))
    [attachment] = csv.messages[0]["attachments"]
    assert attachment["filename"].endswith(".csv") and "Reikland Reavers" in attachment["content"]
