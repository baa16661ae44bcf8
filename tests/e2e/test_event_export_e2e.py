"""/event export and /event import (issue 29) through the real bot process: the organiser runs a Swiss
event to round 2, exports it as a file, the admin of a second server imports the bytes the fake Discord
kept (an attachment the bot downloads), exporting it there gives the same file, and the imported event
goes on: its standings after round 1 and its round 2 pairings answer in the new server, and its organiser
there pairs round 3. A coach may not export, and a cut file or a taken name is refused with its reason."""

from __future__ import annotations

import json
import re

from tests.e2e import builders as build
from tests.e2e import test_export_e2e
from tests.e2e.conftest import BotProcess, World
from tests.e2e.fake_discord import FakeMember, FakeUpload, button_ids

second_admin = test_export_e2e.second_admin  # the fixture: the Manage Server member of a second server


def _file(message: dict[str, object]) -> tuple[str, bytes]:
    attachments = message["attachments"]
    assert isinstance(attachments, list) and len(attachments) == 1, attachments
    return attachments[0]["filename"], attachments[0]["content"].encode()


async def _round_1(world: World) -> None:
    """Four coaches register, are approved, and play round 1 (which pairs round 2)."""
    discord, organiser, coaches = world.discord, world.admin, world.coaches
    await build.event_with_rosters(world, "Moving Cup", "Movers")
    started = await discord.invoke("event start", organiser)
    assert "round 1 is drawn" in started.text, started.text
    pairings = await discord.invoke("tournament pairings", coaches[0], round=1)
    fixtures = {f"f:{n}" for n in re.findall(r"\(#(\d+)\)", pairings.text)}
    assert len(fixtures) == 2, pairings.text
    for coach in coaches:
        choices = await discord.autocomplete("report", coach, "fixture", fixture="")
        open_games = [c for c in choices if c["value"] in fixtures]
        if not open_games:
            continue
        reported = await discord.invoke(
            "report", coach, fixture=open_games[0]["value"], my_score=2, their_score=1
        )
        opponent = next(m for m in coaches if m.mention in reported.content and m != coach)
        confirmed = await discord.click(reported.message, button_ids(reported.message)[0], opponent)
        assert "Confirmed by" in confirmed.text, confirmed.text


async def test_an_event_exported_and_imported_on_another_server_goes_on(
    world: World, second_admin: FakeMember, bot_process: BotProcess
) -> None:
    discord = world.discord
    await _round_1(world)

    refused = await discord.invoke("event export", world.coaches[0])
    assert refused.ephemeral and "event organiser" in refused.content, refused.content
    exported = await discord.invoke("event export", world.admin)
    assert exported.ephemeral and "4 teams, 2 rounds paired, 4 games" in exported.content, exported.content
    name, data = _file(exported.message)
    assert name == "Moving_Cup.json" and json.loads(data)["format"] == "bb-league-bot/event"

    imported = await discord.invoke("event import", second_admin, file=FakeUpload(name, data))
    assert (
        imported.ephemeral and "Imported **Moving Cup**: 4 teams, 44 players, 4 games" in imported.content
    ), imported.content
    again = await discord.invoke("event export", second_admin)
    assert _file(again.message)[1] == data  # the same event, the same file

    standings = await discord.invoke("tournament standings", second_admin)
    assert "after round 1" in standings.text and "Movers 0" in standings.text, standings.text
    pairings = await discord.invoke("tournament pairings", second_admin)
    assert (
        "Moving Cup: round 2 of 3" in pairings.text and len(re.findall(r"\(#(\d+)\)", pairings.text)) == 2
    ), pairings.text

    paired = await discord.invoke("event pair", second_admin)  # the organiser there runs it on
    assert "round 3" in paired.text.lower(), paired.text

    cut = await discord.invoke("event import", world.admin, file=FakeUpload(name, data[:500]))
    assert cut.ephemeral and "cannot be imported" in cut.content and "cut short" in cut.content, cut.content
    clash = await discord.invoke("event import", world.admin, file=FakeUpload(name, data))
    assert clash.ephemeral and "already has a league or tournament called Moving Cup" in clash.content
