"""A whole tournament (seed 000) through the real bot process: an organiser creates a 3-round event, nine
coaches and a Spare Player register and submit rosters, the organiser approves them, marks the Spare Player
and starts the event (round 1 drawn with the bot's dice); every round's games are reported (one conceded)
and confirmed, the bot pairing the next round by the rankings when the last game is confirmed; coaches vote
for a favourite opponent; the organiser finishes the event and the final rankings and awards are posted."""

from __future__ import annotations

import re
from collections import Counter

from tests.e2e.conftest import BotProcess, World
from tests.e2e.fake_discord import FakeMember, button_ids, message_text

COACHES = 9
ROUNDS = 3


async def _register(world: World, coach: FakeMember, name: str) -> None:
    discord = world.discord
    registered = await discord.invoke("roster register", coach, name=name, roster="human")
    assert registered.ephemeral and "1,150,000" in registered.text, registered.text
    hired = await discord.invoke("roster hire", coach, position="human_lineman", count=11)
    assert "Hired 11" in hired.text, hired.text
    skilled = await discord.invoke("roster skill", coach, player="#1", skill="Block")
    assert "now has Block" in skilled.text, skilled.text
    fans = await discord.invoke("roster fans", coach, fans=4)
    assert "Dedicated Fans 1→4" in fans.text, fans.text
    submitted = await discord.invoke("roster submit", coach)
    assert "submitted" in submitted.text.lower(), submitted.text


async def test_nine_coaches_and_a_spare_play_three_rounds_to_the_awards(
    world: World, bot_process: BotProcess
) -> None:
    discord = world.discord
    channel = world.guild.channel.id
    organiser = world.admin
    coaches = [*world.coaches, *(world.guild.add_member(f"coach{i}") for i in range(5, COACHES + 1))]
    spare = world.guild.add_member("spare")
    by_mention = {member.mention: member for member in [*coaches, spare]}

    created = await discord.invoke("event create", organiser, name="Spring Cup", rounds=ROUNDS)
    assert "Tournament **Spring Cup** created" in created.text and "Team Draft Budget" in created.text
    refused = await discord.invoke("event start", coaches[0])
    assert refused.ephemeral and "event organiser" in refused.content  # coaches cannot run the event

    names = [f"Cup Team {i}" for i in range(1, COACHES + 1)]
    for coach, name in zip(coaches, names, strict=True):
        await _register(world, coach, name)
    await _register(world, spare, "Spare Squad")
    everyone = await discord.autocomplete("roster show", coaches[0], "team", team="")
    assert len(everyone) == COACHES + 1  # anyone can look at any registered roster
    exported = await discord.invoke("roster export", coaches[0], team=everyone[0]["value"])
    assert exported.ephemeral and exported.message.get("attachments"), exported.message

    for name in [*names, "Spare Squad"]:
        approved = await discord.invoke("event approve", organiser, team=name)
        assert "approved" in approved.text.lower(), approved.text
    marked = await discord.invoke("event spare", organiser, team="Spare Squad")
    assert "Spare Player" in marked.text, marked.text

    started = await discord.invoke("event start", organiser)
    assert "round 1 is drawn" in started.text and "Table 5" in started.text, started.text
    late = await discord.invoke("roster fans", coaches[0], fans=5)
    assert late.ephemeral and "rosters lock" in late.content  # rosters are locked

    conceded_once = False
    met: set[frozenset[int]] = set()
    for number in range(1, ROUNDS + 1):
        pairings = await discord.invoke("tournament pairings", coaches[0], round=number)
        tables = re.findall(r"Table \d+", pairings.text)
        assert len(tables) == 5, pairings.text  # four games and the Spare Player's
        this_round = {f"f:{n}" for n in re.findall(r"\(#(\d+)\)", pairings.text)}
        assert len(this_round) == 5, pairings.text
        played_this_round: Counter[int] = Counter()
        for coach in [*coaches, spare]:
            choices = await discord.autocomplete("report", coach, "fixture", fixture="")
            open_games = [c for c in choices if c["value"] in this_round]
            if not open_games:
                continue  # already reported by the opponent
            concede = not conceded_once and coach is not spare
            reported = await discord.invoke(
                "report",
                coach,
                fixture=open_games[0]["value"],
                my_score=1 if concede else 2,
                their_score=1,
                my_casualties=3,
                my_players="#1 td" if concede else "#1 td, #2 td cas, #3 off",
                conceded="mine" if concede else None,
            )
            assert not reported.ephemeral, reported.content
            opponent = next(
                m for mention, m in by_mention.items() if mention in reported.content and m != coach
            )
            confirmed = await discord.click(reported.message, button_ids(reported.message)[0], opponent)
            assert "Confirmed by" in confirmed.text, confirmed.text
            assert "Finish" not in confirmed.text and "Winnings" not in confirmed.text  # no post-game
            conceded_once = conceded_once or concede
            played_this_round.update((coach.id, opponent.id))
            if spare not in (coach, opponent):
                pair = frozenset((coach.id, opponent.id))
                assert pair not in met, "no rematch while one can be avoided"
                met.add(pair)
        assert set(played_this_round) == {m.id for m in [*coaches, spare]}
        assert set(played_this_round.values()) == {1}  # everyone played exactly once this round
        if number < ROUNDS:
            following = f"round {number + 1}"
            await discord.wait_for_message(
                channel, lambda m, r=following: r in message_text(m).lower() and "Table 1" in message_text(m)
            )

    standings = await discord.invoke("tournament standings", coaches[0])
    text = standings.text
    assert "Spare Squad" in text and "not ranked" in text, text
    assert len(re.findall(r"^\*\*\d+\.\*\*", text, re.MULTILINE)) == COACHES, text
    assert "below the coach above on " in text  # each tie names the tiebreaker that settled it

    mine = await discord.autocomplete("report", coaches[0], "fixture", fixture="")
    assert mine == []  # every game is confirmed
    for coach in coaches:
        picks = await discord.autocomplete("tournament vote", coach, "opponent", opponent="")
        assert picks, "a coach can vote for someone"
        voted = await discord.invoke("tournament vote", coach, opponent=picks[0]["value"])
        assert voted.ephemeral  # votes are secret

    finished = await discord.invoke("event finish", organiser)
    assert "Spring Cup is finished" in finished.text, finished.text
    await discord.wait_for_message(channel, lambda m: "Wooden Spoon" in message_text(m))
    await discord.channel_settled(channel)
    posted = "\n".join(message_text(m) for m in discord.messages_in(channel))
    for award in ("First Place", "Second Place", "Third Place", "Most Sporting Coach", "Wooden Spoon"):
        assert award in posted, award
    assert "Final rankings" in posted
    assert "Spare Squad" not in posted.split("Awards")[-1]  # the Spare Player wins nothing
