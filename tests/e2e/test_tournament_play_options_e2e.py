"""Seed 000's optional rules in play through the real bot process (issue 16 part D): an organiser switches
on Secret Objectives and injuries; when the event starts each coach gets his objectives by DM (the channel
only hears that they were sent); a coach reads his own with /tournament objectives; the game is reported
with the objectives achieved and an injury, confirmed, the objectives revealed in the channel, and the
injured player kept out through the post-game as in a league."""

from __future__ import annotations

from tests.e2e.conftest import BotProcess, World
from tests.e2e.fake_discord import FakeMember, button_ids, message_text


async def _register(world: World, coach: FakeMember, name: str) -> None:
    discord = world.discord
    await discord.invoke("roster register", coach, name=name, roster="human")
    hired = await discord.invoke("roster hire", coach, position="human_lineman", count=12)
    assert "Hired 12" in hired.text, hired.text
    submitted = await discord.invoke("roster submit", coach)
    assert "submitted" in submitted.text.lower(), submitted.text


async def test_objectives_by_dm_revealed_after_the_game_and_injuries_kept(
    world: World, bot_process: BotProcess
) -> None:
    discord = world.discord
    channel = world.guild.channel.id
    organiser = world.admin
    home, away = world.coaches[0], world.coaches[1]
    await discord.invoke("event create", organiser, name="Objective Cup", rounds=2)
    switched = await discord.invoke("rulespack play-rules", organiser, secret_objectives=True, injuries=True)
    assert "Secret Objectives, injuries kept" in switched.text, switched.text
    for coach, name in ((home, "Home Cup Team"), (away, "Away Cup Team")):
        await _register(world, coach, name)
        await discord.invoke("event approve", organiser, team=name)
    started = await discord.invoke("event start", organiser)
    assert "round 1 is drawn" in started.text, started.text

    pairing = await discord.wait_for_message(channel, lambda m: "round 1 pairings" in message_text(m))
    assert "sent to him privately" in message_text(pairing)
    for coach in (home, away):
        direct = await discord.wait_for_message(
            coach.id + 1, lambda m: "your Secret Objectives" in message_text(m)
        )
        assert message_text(direct).count("(D16 ") == 3
        sent_to = [m for m in discord.direct_messages(coach.id) if "Secret Objectives" in message_text(m)]
        assert sent_to == [direct]  # his own, once, and nobody else's
    assert all("(D16 " not in message_text(m) for m in discord.messages_in(channel))  # nothing public

    mine = await discord.invoke("tournament objectives", home)
    assert mine.ephemeral and mine.text.count("(D16 ") == 3 and "stay hidden" in mine.text

    choices = await discord.autocomplete("report", home, "fixture", fixture="")
    reported = await discord.invoke(
        "report",
        home,
        fixture=choices[0]["value"],
        my_score=1,
        their_score=0,
        my_casualties=1,
        my_players="#1 td cas",
        their_players="#2 si",
        my_objectives=2,
        their_objectives=1,
    )
    assert not reported.ephemeral, reported.content
    confirmed = await discord.click(reported.message, button_ids(reported.message)[0], away)
    assert "Confirmed by" in confirmed.text and "serious injury" in confirmed.text, confirmed.text
    revealed = await discord.wait_for_message(
        channel, lambda m: "Secret Objectives of" in message_text(m) and "of 3 achieved" in message_text(m)
    )
    assert "(2 of 3 achieved)" in message_text(revealed) and "(1 of 3 achieved)" in message_text(revealed)
    after = await discord.invoke("tournament objectives", away)
    assert "Your opponent's (2 of 3 achieved)" in after.text, after.text
