"""Seed 000's crowd casualties and the organiser's own tiebreaker through the real bot process (issue 29,
section 1, rules 4 and 6): an organiser names 'Cheerleader chants' as a tiebreaker, four coaches register
and play one round; both winners win 1-0 with 2 SPP casualties, one of them also pushing a player into the
crowd. The crowd casualty decides the Carnage Cup (and its victim's Most Patched-Up), and the chants decide
who ranks first, the standings naming the tiebreaker by the rulespack's name."""

from __future__ import annotations

import re

from tests.e2e.conftest import BotProcess, World
from tests.e2e.fake_discord import FakeMember, button_ids


async def _register(world: World, coach: FakeMember, name: str) -> None:
    discord = world.discord
    registered = await discord.invoke("roster register", coach, name=name, roster="human")
    assert registered.ephemeral, registered.text
    hired = await discord.invoke("roster hire", coach, position="human_lineman", count=11)
    assert "Hired 11" in hired.text, hired.text
    submitted = await discord.invoke("roster submit", coach)
    assert "submitted" in submitted.text.lower(), submitted.text


async def test_a_crowd_push_wins_the_carnage_cup_and_cheerleader_chants_settle_a_tie(
    world: World, bot_process: BotProcess
) -> None:
    discord = world.discord
    organiser = world.admin
    coaches = list(world.coaches[:4])
    team_of = {coach.id: f"Chant Team {n}" for n, coach in enumerate(coaches, start=1)}

    created = await discord.invoke("event create", organiser, name="Chant Cup", rounds=1)
    assert "Tournament **Chant Cup** created" in created.text, created.text
    named = await discord.invoke(
        "rulespack set", organiser, custom_tiebreaker="Cheerleader chants", tiebreakers="custom"
    )
    assert "Cheerleader chants (entered with each result)" in named.text, named.text
    for coach in coaches:
        await _register(world, coach, team_of[coach.id])
        approved = await discord.invoke("event approve", organiser, team=team_of[coach.id])
        assert "approved" in approved.text.lower(), approved.text
    started = await discord.invoke("event start", organiser)
    assert "round 1 is drawn" in started.text, started.text

    winners: list[FakeMember] = []
    losers: list[FakeMember] = []
    for coach in coaches:
        choices = await discord.autocomplete("report", coach, "fixture", fixture="")
        if not choices:
            continue  # his opponent reported their game
        crowd = not winners  # the first game's winner pushes a player into the crowd
        reported = await discord.invoke(
            "report",
            coach,
            fixture=choices[0]["value"],
            my_score=1,
            their_score=0,
            my_casualties=2,
            my_crowd_casualties=1 if crowd else 0,
            my_tiebreaker=1 if crowd else 3,
            their_tiebreaker=0,
        )
        assert not reported.ephemeral, reported.content
        assert "Cheerleader chants: " in reported.text, reported.text
        assert ("Crowd casualties caused: 1 (no SPP)" in reported.text) is crowd, reported.text
        opponent = next(m for m in coaches if m.mention in reported.content and m != coach)
        confirmed = await discord.click(reported.message, button_ids(reported.message)[0], opponent)
        assert "Confirmed by" in confirmed.text, confirmed.text
        winners.append(coach)
        losers.append(opponent)
    assert len(winners) == 2

    standings = await discord.invoke("tournament standings", coaches[0])
    text = standings.text
    assert "rankings after round 1" in text, text
    places = re.findall(r"^\*\*(\d+)\.\*\* (.+?) \(", text, re.MULTILINE)
    assert [name for _, name in places][:2] == [team_of[winners[1].id], team_of[winners[0].id]], text
    assert "1 Cheerleader chants · below the coach above on Cheerleader chants" in text, text

    awards = await discord.invoke("tournament awards", coaches[0])
    lines = awards.text.splitlines()
    carnage = next(line for line in lines if "Carnage Cup" in line)
    assert team_of[winners[0].id] in carnage and "3 casualties" in carnage, carnage
    patched = next(line for line in lines if "Most Patched-Up" in line)
    assert team_of[losers[0].id] in patched and "3 casualties" in patched, patched
