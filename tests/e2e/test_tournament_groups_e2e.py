"""A 16-team group and knock-out event (seed 000, Group & Knockout Events) through the real bot process: the
organiser creates the event and makes it a group event of 8 qualifiers, sixteen coaches register and are
approved, the start draws four groups of four with the bot's dice; three rounds of round robin, then the
knock-out (places 1-8) beside Best of the Rest, the bot pairing each round when the last game is confirmed.
One drawn knock-out game is refused until the shoot-out is rolled (/match penalties) and is then decided by
it. The placement bracket runs to its final; /tournament bracket shows the groups, the knock-out and the
places, as text and as a picture; the organiser finishes the event and the awards follow the knock-out
places."""

from __future__ import annotations

import io
import re

from PIL import Image

from tests.e2e.conftest import BotProcess, World
from tests.e2e.fake_discord import FakeMember, button_ids, message_text

COACHES = 16
ROUNDS = 6  # three group games, then 8 -> 4 -> 2

TABLE = re.compile(r"Table \d+ \(([^)]+)\)\*\*: (.*)\(#(\d+)\)")


async def _register(world: World, coach: FakeMember, name: str) -> None:
    discord = world.discord
    registered = await discord.invoke("roster register", coach, name=name, roster="human")
    assert registered.ephemeral and "1,150,000" in registered.text, registered.text
    hired = await discord.invoke("roster hire", coach, position="human_lineman", count=11)
    assert "Hired 11" in hired.text, hired.text
    submitted = await discord.invoke("roster submit", coach)
    assert "submitted" in submitted.text.lower(), submitted.text


async def test_sixteen_coaches_through_groups_and_knock_out_to_the_final(
    world: World, bot_process: BotProcess
) -> None:
    discord = world.discord
    channel = world.guild.channel.id
    organiser = world.admin
    coaches = [*world.coaches, *(world.guild.add_member(f"coach{i}") for i in range(5, COACHES + 1))]
    by_mention = {member.mention: member for member in coaches}

    created = await discord.invoke("event create", organiser, name="Group Cup")
    assert "Tournament **Group Cup** created" in created.text, created.text
    made = await discord.invoke("rulespack format", organiser, format="groups", qualifiers=8)
    assert "**format**: swiss → groups" in made.text and "knock-out of 8" in made.text, made.text
    assert "**rounds**: 3 → 6" in made.text, made.text

    names = [f"Group Team {i}" for i in range(1, COACHES + 1)]
    for coach, name in zip(coaches, names, strict=True):
        await _register(world, coach, name)
    for name in names:
        approved = await discord.invoke("event approve", organiser, team=name)
        assert "approved" in approved.text.lower(), approved.text

    started = await discord.invoke("event start", organiser)
    assert "round 1 is drawn" in started.text, started.text
    for group in "ABCD":
        assert started.text.count(f"(Group {group})") == 2, started.text

    shootout_done = False
    final_winner: FakeMember | None = None
    for number in range(1, ROUNDS + 1):
        pairings = await discord.invoke("tournament pairings", coaches[0], round=number)
        tables = TABLE.findall(pairings.text)
        assert len(tables) == 8, pairings.text
        labels = [label for label, _, _ in tables]
        if number <= 3:
            assert all(label.startswith("Group ") for label in labels), labels
        elif number == 4:
            assert labels == ["Places 1-8"] * 4 + ["Best of the Rest"] * 4, labels
        elif number == 5:
            assert labels == ["Places 1-4"] * 2 + ["Places 5-8"] * 2 + ["Best of the Rest"] * 4, labels
        else:
            assert labels[:4] == ["Final", "Places 3-4", "Places 5-6", "Places 7-8"], labels
        seen: set[int] = set()
        for label, players, fixture in tables:
            home, away = (by_mention[m] for m in re.findall(r"<@\d+>", players))
            seen |= {home.id, away.id}
            if number == 4 and not shootout_done:
                # a drawn knock-out game: refused without a winner, then the shoot-out decides it
                level = await discord.invoke(
                    "report", home, fixture=f"f:{fixture}", my_score=1, their_score=1, extra_time=True
                )
                assert level.ephemeral and "needs a winner" in level.content, level.content
                rolled = await discord.invoke("match penalties", away, fixture=f"f:{fixture}")
                assert "win the shoot-out" in rolled.content, rolled.content
                reported = await discord.invoke(
                    "report", home, fixture=f"f:{fixture}", my_score=1, their_score=1, extra_time=True
                )
                assert "won on penalties" in reported.text, reported.text
                shootout_done = True
            else:
                reported = await discord.invoke(
                    "report", home, fixture=f"f:{fixture}", my_score=2, their_score=1
                )
            assert not reported.ephemeral, reported.content
            confirmed = await discord.click(reported.message, button_ids(reported.message)[0], away)
            assert "Confirmed by" in confirmed.text, confirmed.text
            if label == "Final":
                final_winner = home
        assert seen == {m.id for m in coaches}  # everyone plays once a round
        if number < ROUNDS:
            following = f"round {number + 1}"
            await discord.wait_for_message(
                channel, lambda m, r=following: r in message_text(m).lower() and "Table 1" in message_text(m)
            )
    assert shootout_done and final_winner is not None

    bracket = await discord.invoke("tournament bracket", coaches[0])
    text = bracket.text
    assert bracket.ephemeral
    for group in "ABCD":
        assert f"Group {group}" in text, text
    assert "Knock-out, round 4" in text and "Knock-out, round 6" in text and "Places decided" in text, text
    assert "Best of the Rest" in text
    pictured = await discord.invoke("tournament bracket", coaches[0], format="picture")
    await pictured.wait(lambda i: bool(i.messages))
    message = pictured.messages[0]
    assert "Group Cup: groups and knock-out" in message_text(message), message_text(message)
    assert 1 <= len(message["attachments"]) == len(message["embeds"]) <= 10
    for embed, attachment in zip(message["embeds"], message["attachments"], strict=True):
        assert embed["image"]["url"] == f"attachment://{attachment['filename']}"
        picture = Image.open(io.BytesIO(discord.uploads[int(attachment["id"])]))
        assert picture.format == "PNG" and picture.width <= 1080 and picture.height > 600
    standings = await discord.invoke("tournament standings", coaches[0])
    assert "Knock-out: places 1-8 (decided)" in standings.text, standings.text
    assert "Best of the Rest: places 9-16" in standings.text, standings.text

    finished = await discord.invoke("event finish", organiser)
    assert "Group Cup is finished" in finished.text, finished.text
    await discord.wait_for_message(channel, lambda m: "Wooden Spoon" in message_text(m))
    await discord.channel_settled(channel)
    posted = "\n".join(message_text(m) for m in discord.messages_in(channel))
    awards = posted.split("Awards")[-1]
    assert f"**First Place**: Group Team {coaches.index(final_winner) + 1} " in awards, awards
