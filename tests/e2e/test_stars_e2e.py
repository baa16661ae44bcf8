"""Long-term star contracts through the real bot process: a 4-team signing draft with one time-out."""

from __future__ import annotations

import re
import time

from tests.conftest import on_database
from tests.e2e import builders as build
from tests.e2e.conftest import BotProcess, World
from tests.e2e.fake_discord import FakeMember, message_text


async def _on_clock(world: World) -> FakeMember:
    draft = await world.discord.invoke("stars draft", world.outsider)
    match = re.search(r"On the clock: \*\*(.+?)\*\*", draft.text)
    assert match, draft.text
    names = [name for name, _, _ in build.ROSTERS]
    return world.coaches[names.index(match.group(1))]


async def _time_out(database: str) -> None:
    await on_database(
        database,
        lambda conn: conn.execute("UPDATE signing_drafts SET pick_deadline_at = ?", (int(time.time()) - 60,)),
    )


async def test_a_signing_draft_with_a_time_out(world: World, bot_process: BotProcess) -> None:
    discord = world.discord
    channel = world.guild.channel.id
    await discord.invoke("league create", world.admin, name="Old World League")
    changed = await discord.invoke("settings stars", world.admin, contracts=True, signing_pick_hours=12)
    assert "long-term contracts" in changed.text, changed.text
    for coach, (name, roster, lineman) in zip(world.coaches, build.ROSTERS, strict=True):
        await build.draft(world, coach, name, roster, lineman)
        teams = await discord.autocomplete("league approve", world.admin, "team", team=name.split()[0])
        await discord.invoke("league approve", world.admin, team=teams[0]["value"])
    started = await discord.invoke("season start", world.admin)
    assert "Season 1 started" in started.content, started.content
    await build.with_picture(started)
    opened = await discord.wait_for_message(channel, lambda m: "star player signing draft" in message_text(m))
    assert "drawn from the hat" in message_text(opened)

    late = await _on_clock(world)
    not_yet = next(c for c in world.coaches if c is not late)
    refused = await discord.invoke("stars sign", not_yet, star="Morg 'n' Thorg")
    assert refused.ephemeral and "pick" in refused.content

    assert await bot_process.stop() == 0  # the first coach lets his time run out while the bot is down
    await _time_out(bot_process.database)
    await bot_process.start()
    await discord.wait_for_message(channel, lambda m: "ran out of time" in message_text(m))

    signed: list[str] = []
    for _ in range(4):
        coach = await _on_clock(world)
        options = await discord.autocomplete("stars sign", coach, "star", star="")
        single = next(o for o in options if "pair" not in o["name"])
        assert "gp" in single["name"]  # cost and profile in the list
        sign = await discord.invoke("stars sign", coach, star=single["value"])
        assert not sign.ephemeral and single["value"] in sign.text, sign.text
        signed.append(single["value"])
    assert coach is late  # the coach who timed out signed last
    done = await discord.invoke("stars draft", world.outsider)
    assert "The draft is complete" in done.text
    market = await discord.invoke("stars unsigned", world.outsider)
    unsigned_part = market.text.split("Under contract")[0]
    assert all(f"{name} (" not in unsigned_part for name in signed)
    sheet = await discord.invoke("team show", late)
    assert signed[-1] in sheet.text
