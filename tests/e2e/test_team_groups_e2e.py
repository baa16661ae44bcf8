"""A group and knock-out TEAM event (issue 16 part E; seed 000: group & knockout "can also be used together
with the likes of Team Events") through the real bot process: an organiser makes an event of squads of 3 in
groups with 2 qualifiers; four captains create their squads and add their coaches; twelve coaches register
and are approved; the start draws the squads into one group of four and each squad match's coaches with the
bot's dice; three rounds of round robin between squads, then the Final of the two best squads beside Best of
the Rest, the bot pairing each round when the last game is confirmed. /tournament bracket and standings show
the squads; the final announcement names the winning squad first."""

from __future__ import annotations

import re
from collections import Counter

from tests.e2e.conftest import BotProcess, World
from tests.e2e.fake_discord import FakeMember, button_ids, message_text

SQUADS = 4
SIZE = 3
ROUNDS = 4  # three group rounds, then the final (2 qualifiers)
ROSTERS = (("human", "human_lineman"), ("orc", "orc_lineman"), ("skaven", "skaven_clanrat"))
TABLE = re.compile(r"Table \d+ \(([^)]+)\)\*\*: (.*)\(#(\d+)\)")


async def _register(world: World, coach: FakeMember, name: str, roster: str, lineman: str) -> None:
    discord = world.discord
    registered = await discord.invoke("roster register", coach, name=name, roster=roster)
    assert registered.ephemeral and "registered in Club Cup" in registered.text, registered.text
    hired = await discord.invoke("roster hire", coach, position=lineman, count=11)
    assert "Hired 11" in hired.text, hired.text
    submitted = await discord.invoke("roster submit", coach)
    assert "submitted" in submitted.text.lower(), submitted.text


async def test_four_squads_in_a_group_then_the_final_of_squads(world: World, bot_process: BotProcess) -> None:
    discord = world.discord
    channel = world.guild.channel.id
    organiser = world.admin
    coaches = [*world.coaches, *(world.guild.add_member(f"coach{i}") for i in range(5, SQUADS * SIZE + 1))]
    by_mention = {member.mention: member for member in coaches}

    created = await discord.invoke("event create", organiser, name="Club Cup")
    assert "Tournament **Club Cup** created" in created.text, created.text
    made_team = await discord.invoke("rulespack set", organiser, team_size=SIZE)
    assert "squads of 3 coaches" in made_team.text, made_team.text
    made = await discord.invoke("rulespack format", organiser, format="groups", qualifiers=2)
    assert "**format**: swiss → groups" in made.text and "**rounds**: 3 → 4" in made.text, made.text

    squad_of: dict[int, str] = {}
    for number in range(SQUADS):
        members = coaches[number * SIZE : (number + 1) * SIZE]
        name = f"Club {number}"
        made_squad = await discord.invoke("squad create", members[0], name=name)
        assert f"{name} is a squad in Club Cup" in made_squad.text, made_squad.text
        for member in members[1:]:
            added = await discord.invoke("squad add", members[0], coach=member, squad=name)
            assert "joins" in added.text, added.text
        for index, member in enumerate(members):
            squad_of[member.id] = name
            roster, lineman = ROSTERS[index]
            await _register(world, member, f"{name} {roster}", roster, lineman)
            approved = await discord.invoke("event approve", organiser, team=f"{name} {roster}")
            assert "approved" in approved.text.lower(), approved.text

    started = await discord.invoke("event start", organiser)
    assert "round 1 is drawn" in started.text and started.text.count("(Group A · Club ") == 6, started.text

    final_winner = ""
    for number in range(1, ROUNDS + 1):
        pairings = await discord.invoke("tournament pairings", coaches[0], round=number)
        tables = TABLE.findall(pairings.text)
        assert len(tables) == 6, pairings.text
        stages = Counter(label.split(" · ")[0] for label, _, _ in tables)
        if number <= 3:
            assert stages == {"Group A": 6}, stages
        else:
            assert stages == {"Final": 3, "Best of the Rest": 3}, stages
        seen: set[int] = set()
        for label, players, fixture in tables:
            home, away = (by_mention[m] for m in re.findall(r"<@\d+>", players))
            seen |= {home.id, away.id}
            assert label.endswith(f" · {squad_of[home.id]} v {squad_of[away.id]}"), label
            reported = await discord.invoke("report", home, fixture=f"f:{fixture}", my_score=2, their_score=1)
            assert not reported.ephemeral, reported.content
            confirmed = await discord.click(reported.message, button_ids(reported.message)[0], away)
            assert "Confirmed by" in confirmed.text, confirmed.text
            if label.startswith("Final"):
                final_winner = squad_of[home.id]  # every home coach of the final wins: 3-0 in games
        assert seen == {m.id for m in coaches}  # everyone plays once a round
        if number < ROUNDS:
            following = f"round {number + 1}"
            await discord.wait_for_message(
                channel, lambda m, r=following: r in message_text(m).lower() and "Table 1" in message_text(m)
            )
    assert final_winner

    bracket = await discord.invoke("tournament bracket", coaches[0])
    text = bracket.text
    assert bracket.ephemeral and "Group A" in text and "Places decided" in text, text
    assert f"Final: **{final_winner}** beat Club " in text and f"1st: **{final_winner}**" in text, text
    standings = await discord.invoke("tournament standings", coaches[0])
    assert "__Squads__" in standings.text and "Knock-out: places 1-2 (decided)" in standings.text, (
        standings.text
    )
    assert re.search(rf"^\*\*1\.\*\* {final_winner} \(captain", standings.text, re.MULTILINE), standings.text

    finished = await discord.invoke("event finish", organiser)
    assert "Club Cup is finished" in finished.text, finished.text
    await discord.wait_for_message(channel, lambda m: "1st squad" in message_text(m))
    await discord.channel_settled(channel)
    posted = "\n".join(message_text(m) for m in discord.messages_in(channel))
    assert f"**1st squad**: {final_winner}" in posted, posted
