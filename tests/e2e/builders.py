"""Builders for the end-to-end tests: a league and its season set up as users would, through the fake
Discord (the commissioner creates the league, four coaches draft and submit, the commissioner approves and
starts the season), and the steps the tests share (a coach's first fixture, a report, Getting Even)."""

from __future__ import annotations

import re
from typing import Any

from tests.e2e.conftest import World
from tests.e2e.fake_discord import FakeMember, Interaction, message_text

ROSTERS = [
    ("Reikland Reavers", "human", "Human Lineman"),
    ("Orcland Raiders", "orc", "Orc Lineman"),
    ("Dwarf Giants", "dwarf", "Dwarf Lineman"),
    ("Skavenblight Scramblers", "skaven", "Skaven Clanrat"),
]


async def draft(world: World, coach: FakeMember, name: str, roster: str, lineman: str) -> None:
    discord = world.discord
    created = await discord.invoke("team create", coach, name=name, roster=roster)
    assert created.ephemeral and "is drafting with 1,000,000 gp" in created.content, created.content
    positions = await discord.autocomplete("team hire", coach, "position", position=lineman.split()[-1][:4])
    pick = next((p for p in positions if p["name"].startswith(lineman)), None)
    assert pick is not None, positions
    hired = await discord.invoke("team hire", coach, position=pick["value"], count=11)
    assert "Hired 11" in hired.content, hired.content
    staffed = await discord.invoke("team staff", coach, rerolls=2)
    assert "team re-roll 0→2" in staffed.content, staffed.content
    submitted = await discord.invoke("team submit", coach)
    assert "is submitted" in submitted.content, submitted.content


async def set_up_season(world: World) -> None:
    await set_up_league(world)
    started = await world.discord.invoke("season start", world.admin)
    assert "Season 1 started" in started.content, started.content
    assert "Round 1" in started.text and "deadline <t:" in started.text
    await with_picture(started)


async def set_up_league(world: World) -> None:
    """The league created and its four teams drafted and approved (its season not started)."""
    discord = world.discord
    created = await discord.invoke("league create", world.admin, name="Old World League")
    assert "League **Old World League** created" in created.content, created.content
    for coach, (name, roster, lineman) in zip(world.coaches, ROSTERS, strict=True):
        await draft(world, coach, name, roster, lineman)
    for name, _, _ in ROSTERS:
        teams = await discord.autocomplete("league approve", world.admin, "team", team=name.split()[0])
        approved = await discord.invoke("league approve", world.admin, team=teams[0]["value"])
        assert "is approved" in approved.content, approved.content


async def event_with_rosters(world: World, event: str, team: str) -> None:
    """The organiser (the admin) creates a 3-round event; the four coaches register a human team each
    (`<team> 0` to `<team> 3`, eleven linemen), submit it, and the organiser approves it."""
    discord, organiser = world.discord, world.admin
    created = await discord.invoke("event create", organiser, name=event, rounds=3)
    assert f"Tournament **{event}** created" in created.text, created.text
    for index, coach in enumerate(world.coaches):
        registered = await discord.invoke("roster register", coach, name=f"{team} {index}", roster="human")
        assert "is registered" in registered.text, registered.text
        hired = await discord.invoke("roster hire", coach, position="human_lineman", count=11)
        assert "Hired 11" in hired.text, hired.text
        submitted = await discord.invoke("roster submit", coach)
        assert "submitted" in submitted.text.lower(), submitted.text
        approved = await discord.invoke("event approve", organiser, team=f"{team} {index}")
        assert "approved" in approved.text.lower(), approved.text


async def with_picture(started: Interaction, within: float = 15) -> None:
    """A season start is done once its picture follows the answer (drawn after it)."""
    await started.wait(lambda i: any(m.get("attachments") for m in i.messages), within)
    await started.settled()  # the bot has read Discord's answer to the upload


async def my_first_fixture(world: World, coach: FakeMember) -> tuple[str, str]:
    choices = await world.discord.autocomplete("report", coach, "fixture", fixture="")
    assert choices, "the coach has fixtures to report"
    return choices[0]["value"], choices[0]["name"]


def opponent(world: World, label: str, coach: FakeMember) -> FakeMember:
    names = [name for name, _, _ in ROSTERS]
    playing = [n for n in names if n in label]
    mine = names[world.coaches.index(coach)]
    other = next(n for n in playing if n != mine)
    return world.coaches[names.index(other)]


async def report(world: World, coach: FakeMember) -> tuple[Interaction, FakeMember]:
    fixture, label = await my_first_fixture(world, coach)
    reported = await world.discord.invoke(
        "report",
        coach,
        fixture=fixture,
        my_score=2,
        their_score=1,
        my_casualties=1,
        my_players="#1 td, #2 td cas, #3 mvp",
        their_players="#4 td, #5 si",
    )
    assert not reported.ephemeral, reported.content
    return reported, opponent(world, label, coach)


async def choose_grudges(world: World, postgame: dict[str, Any]) -> None:
    """Getting Even (a D6 the bot rolls for #5's Serious Injury) may have given Hatred: its coach picks it."""
    if "/team hatred" not in message_text(postgame):
        return
    for coach in coaches_of(world, postgame):
        options = await world.discord.autocomplete("team hatred", coach, "keyword", player="#5", keyword="")
        if options:
            chosen = await world.discord.invoke(
                "team hatred", coach, player="#5", keyword=options[0]["value"]
            )
            assert "now has Hatred" in chosen.content, chosen.content


def coaches_of(world: World, postgame: dict[str, Any]) -> list[FakeMember]:
    """The coaches named on the post-game's fields, in field order."""
    names = [name for name, _, _ in ROSTERS]
    fields = [f["name"] for f in postgame["embeds"][0]["fields"]]
    return [world.coaches[next(i for i, n in enumerate(names) if field.startswith(n))] for field in fields]


def fixture_id(report: Interaction) -> int:
    match = re.search(r"fixture #(\d+)", report.text)
    assert match, report.text
    return int(match.group(1))
