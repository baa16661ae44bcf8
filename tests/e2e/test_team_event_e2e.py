"""A whole team event (seed 000, Team Events) through the real bot process: an organiser creates a 3-round
event of squads of 3 coaches; four captains create their squads and add their coaches; each of the twelve
coaches registers a roster of a catalogue team nobody else in his squad took, and submits it; the organiser
approves them and starts the event (squads and coaches drawn with the bot's dice); every game is reported
and confirmed, the bot pairing the next round (squads by the Swiss rule, coaches 1st v 1st) when the last
game is confirmed; the standings show the squads and the coaches; the organiser finishes the event and the
final announcement names the top squads."""

from __future__ import annotations

import re
from collections import Counter

from tests.e2e.conftest import BotProcess, World
from tests.e2e.fake_discord import FakeMember, button_ids, message_text

SQUADS = 4
SIZE = 3
ROUNDS = 3
ROSTERS = (("human", "human_lineman"), ("orc", "orc_lineman"), ("skaven", "skaven_clanrat"))


async def _register(world: World, coach: FakeMember, name: str, roster: str, lineman: str) -> None:
    discord = world.discord
    registered = await discord.invoke("roster register", coach, name=name, roster=roster)
    assert registered.ephemeral and "registered in Club Cup" in registered.text, registered.text
    hired = await discord.invoke("roster hire", coach, position=lineman, count=11)
    assert "Hired 11" in hired.text, hired.text
    submitted = await discord.invoke("roster submit", coach)
    assert "submitted" in submitted.text.lower(), submitted.text


async def test_four_squads_of_three_play_three_rounds_to_the_top_squads(
    world: World, bot_process: BotProcess
) -> None:
    discord = world.discord
    channel = world.guild.channel.id
    organiser = world.admin
    coaches = [*world.coaches, *(world.guild.add_member(f"coach{i}") for i in range(5, SQUADS * SIZE + 1))]
    by_mention = {member.mention: member for member in coaches}

    created = await discord.invoke("event create", organiser, name="Club Cup", rounds=ROUNDS)
    assert "Tournament **Club Cup** created" in created.text, created.text
    made_team = await discord.invoke("rulespack set", organiser, team_size=SIZE)
    assert "squads of 3 coaches" in made_team.text, made_team.text

    squad_of: dict[int, str] = {}
    for number in range(SQUADS):
        members = coaches[number * SIZE : (number + 1) * SIZE]
        name = f"Club {number}"
        made = await discord.invoke("squad create", members[0], name=name)
        assert made.ephemeral and f"{name} is a squad in Club Cup" in made.text, made.text
        picks = await discord.autocomplete("squad add", members[0], "squad", squad="club")
        value = next(p["value"] for p in picks if p["name"].startswith(name))
        for member in members[1:]:
            added = await discord.invoke("squad add", members[0], coach=member, squad=value)
            assert "joins" in added.text, added.text
        for member in members:
            squad_of[member.id] = name
    stranger = world.guild.add_member("stranger")
    refused = await discord.invoke("squad add", coaches[1], coach=stranger, squad="Club 0")
    assert refused.ephemeral and "captain" in refused.content  # only the captain (or an organiser)

    same = await discord.invoke("roster register", coaches[0], name="Club 0 humans", roster="human")
    assert same.ephemeral
    twice = await discord.invoke("roster register", coaches[1], name="More humans", roster="human")
    assert twice.ephemeral and "Only one coach of a squad may take Human" in twice.content, twice.content
    await discord.invoke("roster hire", coaches[0], position="human_lineman", count=11)
    await discord.invoke("roster submit", coaches[0])
    names = {coaches[0].id: "Club 0 humans"}
    for index, coach in enumerate(coaches):
        if index == 0:
            continue
        roster, lineman = ROSTERS[index % SIZE]
        names[coach.id] = f"Club {index // SIZE} {roster}"
        await _register(world, coach, names[coach.id], roster, lineman)
    for name in names.values():
        approved = await discord.invoke("event approve", organiser, team=name)
        assert "approved" in approved.text.lower(), approved.text

    started = await discord.invoke("event start", organiser)
    assert "round 1 is drawn" in started.text and "Table 6" in started.text, started.text

    squad_met: set[frozenset[str]] = set()
    for number in range(1, ROUNDS + 1):
        pairings = await discord.invoke("tournament pairings", coaches[0], round=number)
        labels = set(re.findall(r"Table \d+ \((.+? v .+?)\)", pairings.text))
        assert len(labels) == 2, pairings.text  # two squad matches of three tables
        for label in labels:
            pair = frozenset(label.split(" v "))
            assert pair not in squad_met, "squads do not meet again while it can be avoided"
            squad_met.add(pair)
        this_round = {f"f:{n}" for n in re.findall(r"\(#(\d+)\)", pairings.text)}
        assert len(this_round) == SQUADS * SIZE // 2, pairings.text
        played: Counter[int] = Counter()
        for coach in coaches:
            choices = await discord.autocomplete("report", coach, "fixture", fixture="")
            open_games = [c for c in choices if c["value"] in this_round]
            if not open_games:
                continue
            reported = await discord.invoke(
                "report",
                coach,
                fixture=open_games[0]["value"],
                my_score=2 if coach.id % 3 else 1,
                their_score=1,
                my_casualties=1,
                my_players="#1 td",
            )
            assert not reported.ephemeral, reported.content
            opponent = next(
                m for mention, m in by_mention.items() if mention in reported.content and m != coach
            )
            assert squad_of[opponent.id] != squad_of[coach.id]
            confirmed = await discord.click(reported.message, button_ids(reported.message)[0], opponent)
            assert "Confirmed by" in confirmed.text, confirmed.text
            played.update((coach.id, opponent.id))
        assert set(played) == {c.id for c in coaches} and set(played.values()) == {1}
        if number < ROUNDS:
            following = f"round {number + 1}"
            await discord.wait_for_message(
                channel, lambda m, r=following: r in message_text(m).lower() and "Table 1" in message_text(m)
            )

    standings = await discord.invoke("tournament standings", coaches[0])
    text = standings.text
    assert "__Squads__" in text and "__Coaches__" in text, text
    squad_lines = re.findall(r"^\*\*\d+\.\*\* (Club \d) \(captain", text, re.MULTILINE)
    assert sorted(squad_lines) == [f"Club {n}" for n in range(SQUADS)], text
    points = [int(p) for p in re.findall(r"\(captain <@\d+>\): (\d+) TP", text)]
    assert sum(points) == ROUNDS * 2 * 2 and points == sorted(points, reverse=True), text  # 2 matches, 2 TP
    assert len(re.findall(r"^\*\*\d+\.\*\* Club \d \w+ \(<@", text, re.MULTILINE)) == SQUADS * SIZE, text

    finished = await discord.invoke("event finish", organiser)
    assert "Club Cup is finished" in finished.text, finished.text
    await discord.wait_for_message(channel, lambda m: "1st squad" in message_text(m))
    await discord.channel_settled(channel)
    posted = "\n".join(message_text(m) for m in discord.messages_in(channel))
    assert f"**1st squad**: {squad_lines[0]}" in posted, posted
    for place in ("2nd squad", "3rd squad", "First Place", "Wooden Spoon"):
        assert place in posted, place
