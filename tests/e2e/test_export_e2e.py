"""Exports and imports through the real bot process: a commissioner exports a league as a file, the
commissioner of a second server imports the bytes the fake Discord kept (as an attachment the bot
downloads), and exporting it there gives the same file; results and a roster come as CSV."""

from __future__ import annotations

import csv
import io
import json

import pytest

from tests.e2e import builders as build
from tests.e2e.conftest import BotProcess, World
from tests.e2e.fake_discord import MANAGE_GUILD, FakeMember, FakeUpload


@pytest.fixture
def second_admin(world: World) -> FakeMember:
    """The Manage Server member of a second server (made before the bot connects, so it sees both)."""
    guild = world.discord.add_guild("Another Server")
    return guild.add_member("other-admin", roles=[guild.add_role("Admins", MANAGE_GUILD)])


def _file(message: dict[str, object]) -> tuple[str, bytes]:
    attachments = message["attachments"]
    assert isinstance(attachments, list) and len(attachments) == 1, attachments
    return attachments[0]["filename"], attachments[0]["content"].encode()


async def test_a_league_exported_and_imported_on_another_server(
    world: World, second_admin: FakeMember, bot_process: BotProcess
) -> None:
    discord = world.discord
    await build.set_up_season(world)
    await build.report(world, world.coaches[0])

    exported = await discord.invoke("league export", world.admin)
    assert exported.ephemeral and "4 teams, 6 fixtures" in exported.content, exported.content
    name, data = _file(exported.message)
    assert name == "Old_World_League.json" and json.loads(data)["format"] == "bb-league-bot/league"

    imported = await discord.invoke("league import", second_admin, file=FakeUpload(name, data))
    assert imported.ephemeral and "Imported **Old World League**: 4 teams, 44 players" in imported.content, (
        imported.content
    )
    again = await discord.invoke("league export", second_admin)
    assert _file(again.message)[1] == data  # the same league, the same file

    refused = await discord.invoke("league import", world.admin, file=FakeUpload(name, data[:500]))
    assert refused.ephemeral and "cannot be imported" in refused.content and "cut short" in refused.content

    listing = await discord.invoke("fixtures", second_admin, format="csv")
    csv_name, table = _file(listing.message)
    rows = list(csv.reader(io.StringIO(table.decode("utf-8-sig"))))
    assert csv_name.endswith(".csv") and len(rows) == 7 and rows[0][0] == "fixture"

    roster = await discord.invoke("team export", world.coaches[0])
    names = [a["filename"] for a in roster.message["attachments"]]
    assert names == ["Reikland_Reavers.csv", "Reikland_Reavers.json"]
