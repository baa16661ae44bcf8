"""The real bot process against the fake Discord: start-up, command sync, /roll, admin commands."""

from __future__ import annotations

import re
from pathlib import Path

from tests.e2e.conftest import BotProcess, World


async def test_bot_logs_in_and_syncs_its_commands(world: World, bot_process: BotProcess) -> None:
    discord = world.discord
    assert discord.identify is not None
    assert discord.sync_calls == ["global"]
    names = {command["name"] for command in discord.global_commands}
    assert {"roll", "roll-history", "config"} <= names
    for command in discord.global_commands:
        assert command["description"], command["name"]
    config = discord.find_command("config", world.guild)
    assert int(config["default_member_permissions"]) == 1 << 5  # hidden from non-commissioners


async def test_roll_answers_with_every_die_and_lands_in_history(
    world: World, bot_process: BotProcess
) -> None:
    coach = world.coaches[0]
    reply = await world.discord.invoke("roll", coach, dice="2d6", reason="armour")
    assert not reply.ephemeral
    match = re.search(r"`2d6`: \*\*(\d)\*\* \+ \*\*(\d)\*\* = \*\*(\d+)\*\* for \*armour\*", reply.content)
    assert match, reply.content
    first, second, total = (int(g) for g in match.groups())
    assert first + second == total and 1 <= first <= 6 and 1 <= second <= 6
    assert coach.mention in reply.content

    history = await world.discord.invoke("roll-history", world.coaches[1])
    assert history.ephemeral
    assert "armour" in history.text and coach.mention in history.text
    assert f"**{first}** + **{second}** = **{total}**" in history.text


async def test_bad_dice_expression_gets_a_short_private_error(world: World, bot_process: BotProcess) -> None:
    reply = await world.discord.invoke("roll", world.coaches[0], dice="banana")
    assert reply.ephemeral
    assert "not a dice roll" in reply.content and "2 block" in reply.content


async def test_block_dice_show_faces(world: World, bot_process: BotProcess) -> None:
    reply = await world.discord.invoke("roll", world.coaches[0], dice="3 block")
    faces = re.findall(r"\*\*(Attacker Down|Both Down|Push|Stumble|POW!)\*\*", reply.content)
    assert len(faces) == 3, reply.content


async def test_roll_autocomplete_narrows_as_you_type(world: World, bot_process: BotProcess) -> None:
    choices = await world.discord.autocomplete("roll", world.coaches[0], "dice", dice="2")
    values = [c["value"] for c in choices]
    assert values and all(v.startswith("2") for v in values[:3])
    assert "2d6" in values and "2 block" in values


async def test_history_paginates_with_buttons_that_work(world: World, bot_process: BotProcess) -> None:
    coach = world.coaches[0]
    for n in range(12):
        await world.discord.invoke("roll", coach, dice="d6", reason=f"roll {n}")
    history = await world.discord.invoke("roll-history", coach)
    assert "Page 1 of 2" in history.text and "roll 11" in history.text and "roll 0" not in history.text
    next_id = next(i for i in history.message["components"][0]["components"] if i["label"].startswith("Next"))
    clicked = await world.discord.click(history.message, next_id["custom_id"], coach)
    assert clicked.response_type == 7
    assert "Page 2 of 2" in clicked.text and "roll 0" in clicked.text


async def test_admin_command_refused_for_member_accepted_for_commissioners(
    world: World, bot_process: BotProcess
) -> None:
    discord = world.discord
    refused = await discord.invoke("config commissioner-role", world.coaches[0], role=world.commissioner_role)
    assert refused.ephemeral and "Manage Server" in refused.content

    refused_show = await discord.invoke("config show", world.commissioner)
    assert refused_show.ephemeral and "Only a commissioner" in refused_show.content

    accepted = await discord.invoke("config commissioner-role", world.admin, role=world.commissioner_role)
    assert accepted.ephemeral and f"<@&{world.commissioner_role.id}>" in accepted.content

    shown = await discord.invoke("config show", world.commissioner)  # the role now makes a commissioner
    assert f"<@&{world.commissioner_role.id}>" in shown.text

    still_refused = await discord.invoke("config show", world.outsider)
    assert "Only a commissioner" in still_refused.content


async def test_restart_does_not_sync_unchanged_commands(world: World, bot_process: BotProcess) -> None:
    await world.discord.invoke("roll", world.coaches[0], dice="d6", reason="before restart")
    assert await bot_process.stop() == 0
    await bot_process.start()
    assert world.discord.sync_calls == ["global"]  # the hash matched: no second sync
    history = await world.discord.invoke("roll-history", world.coaches[0])
    assert "before restart" in history.text  # the database survived the restart


async def test_dev_guild_id_syncs_to_that_server_only(
    world: World, database_location: str, tmp_path: Path
) -> None:
    process = BotProcess(
        world.discord, database_location, {"DEV_GUILD_ID": str(world.guild.id)}, folder=tmp_path
    )
    await process.start()
    try:
        assert world.discord.sync_calls == [f"guild:{world.guild.id}"]
        assert {c["name"] for c in world.discord.guild_commands[world.guild.id]} >= {"roll", "config"}
        reply = await world.discord.invoke("roll", world.coaches[0], dice="d16")
        assert "`d16`" in reply.content
    finally:
        assert await process.stop() == 0
