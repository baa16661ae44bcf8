"""Gold piece escalation while the event runs (issue 29 §1 rule 1), through the real bot process: the
organiser sets two budgets, every coach writes both rosters (one adds a Blitzer in round 2), and round 1 is
played with the round-1 rosters: the match sheet lacks the Blitzer and a report crediting him is refused
with the reason; round 2's match sheet has him and his touchdown is accepted."""

from __future__ import annotations

import re

from tests.e2e.conftest import BotProcess, World
from tests.e2e.fake_discord import FakeMember, button_ids

BLITZER = "#12"


async def _rosters(world: World, coach: FakeMember, name: str, blitzer: bool) -> None:
    discord = world.discord
    registered = await discord.invoke("roster register", coach, name=name, roster="human")
    assert "is registered" in registered.text, registered.text
    hired = await discord.invoke("roster hire", coach, position="human_lineman", count=11)
    assert "Hired 11" in hired.text, hired.text
    escalated = await discord.invoke("roster escalate", coach)
    assert "Now writing the round-2 roster" in escalated.text, escalated.text
    if blitzer:
        hired = await discord.invoke("roster hire", coach, position="human_blitzer")
        assert "Hired" in hired.text, hired.text
    submitted = await discord.invoke("roster submit", coach)
    assert "submitted" in submitted.text.lower(), submitted.text


async def _my_game(world: World, coach: FakeMember, number: int) -> str:
    pairings = await world.discord.invoke("tournament pairings", coach, round=number)
    games = {f"f:{n}" for n in re.findall(r"\(#(\d+)\)", pairings.text)}
    choices = await world.discord.autocomplete("report", coach, "fixture", fixture="")
    (mine,) = [c["value"] for c in choices if c["value"] in games]
    return str(mine)


async def _play_round(world: World, number: int, builder_events: str) -> None:
    """Every game of the round reported by the coach who has it first and confirmed by his opponent."""
    discord = world.discord
    games = [(coach, await _my_game(world, coach, number)) for coach in world.coaches]
    done: set[str] = set()
    for coach, fixture in games:
        if fixture in done:
            continue
        events = builder_events if coach == world.coaches[0] else ""
        reported = await discord.invoke(
            "report",
            coach,
            fixture=fixture,
            my_score=1,
            their_score=0,
            **({"my_players": events} if events else {}),
        )
        assert not reported.ephemeral, reported.content
        opponent = next(c for c in world.coaches if c != coach and c.mention in reported.content)
        confirmed = await discord.click(reported.message, button_ids(reported.message)[0], opponent)
        assert "Confirmed by" in confirmed.text, confirmed.text
        done.add(fixture)


async def test_each_round_is_played_with_that_rounds_roster(world: World, bot_process: BotProcess) -> None:
    discord = world.discord
    organiser = world.admin
    builder = world.coaches[0]
    created = await discord.invoke("event create", organiser, name="Escalation Cup", rounds=2)
    assert "Tournament **Escalation Cup** created" in created.text, created.text
    budgets = await discord.invoke("rulespack rosters", organiser, escalation="1000000/1100000")
    assert "**escalation**: () → (1000000, 1100000)" in budgets.text, budgets.text
    for index, coach in enumerate(world.coaches):
        await _rosters(world, coach, f"Escalators {index}", blitzer=index == 0)
        approved = await discord.invoke("event approve", organiser, team=f"Escalators {index}")
        assert "approved" in approved.text.lower(), approved.text
    started = await discord.invoke("event start", organiser)
    assert "round 1 is drawn" in started.text, started.text

    fixture = await _my_game(world, builder, 1)
    sheet = await discord.invoke("match prepare", builder, fixture=fixture)
    assert "Able: #1 #2 #3 #4 #5 #6 #7 #8 #9 #10 #11" in sheet.text and BLITZER not in sheet.text, sheet.text
    refused = await discord.invoke(
        "report", builder, fixture=fixture, my_score=1, their_score=0, my_players=f"{BLITZER} td"
    )
    assert refused.ephemeral, refused.content
    assert f"{BLITZER} joins the roster in round 2; this is round 1" in refused.content, refused.content
    await _play_round(world, 1, "#1 td")

    fixture = await _my_game(world, builder, 2)
    sheet = await discord.invoke("match prepare", builder, fixture=fixture)
    assert f"#11 {BLITZER}" in sheet.text, sheet.text
    await _play_round(world, 2, f"{BLITZER} td")
    shown = await discord.invoke("roster show", builder, round=2)
    assert "Round 2 roster of 2" in shown.text, shown.text
