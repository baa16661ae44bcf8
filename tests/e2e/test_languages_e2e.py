"""Coaches in their own language through the real bot (issue 32).

A French server's league speaks French: French coaches draft, report, confirm, finish their post-games and
read the standings in French, and no reply anywhere holds an English sentence (tests/e2e/english_left.py).
A league set to Spanish on an English server posts its season start and post-games in Spanish while an
English coach's own replies stay English. Italian and German servers get a short flow each.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.e2e.builders import coaches_of
from tests.e2e.conftest import BotProcess, World
from tests.e2e.english_left import english_left, worded
from tests.e2e.fake_discord import FakeMember, Interaction, button_ids, message_text

pytestmark = [pytest.mark.e2e]

LEAGUE = "Ligue du Vieux Monde"
SEASON_STARTED = "Season {number} started: {teams}, {rounds} of {days} days."
TEAMS = [
    ("Reikland Reavers", "human", "human_lineman"),
    ("Orcland Raiders", "orc", "orc_lineman"),
    ("Dwarf Giants", "dwarf", "dwarf_lineman"),
    ("Skavenblight Scramblers", "skaven", "skaven_clanrat"),
]


def speak(world: World, language: str, *, server: bool = True) -> None:
    """The server (with `server`) and every member use Discord in `language`."""
    if server:
        world.guild.locale = language
    for member in world.guild.members:
        member.user.locale = language


def said(interaction: Interaction) -> list[str]:
    """Everything a user reads of an interaction: each message's text and its buttons' labels."""
    texts = [message_text(message) for message in interaction.messages]
    for message in interaction.messages:
        for row in message.get("components") or []:
            texts += [str(c.get("label") or "") for c in row.get("components", [])]
    if interaction.callbacks and interaction.callbacks[0].get("type") == 9:  # a form: its title and labels
        data = interaction.callbacks[0]["data"]
        texts.append(str(data.get("title", "")))
        texts += [
            str(c.get("label", "")) for row in data.get("components", []) for c in row.get("components", [])
        ]
    if interaction.callbacks and interaction.callbacks[0].get("type") == 8:
        texts += [choice["name"] for choice in interaction.choices]
    return [text for text in texts if text]


class Transcript:
    """What the bot said in a flow, to look for English left in it."""

    def __init__(self, world: World) -> None:
        self.world = world
        self.texts: list[str] = []

    async def invoke(self, command: str, member: FakeMember, **options: Any) -> Interaction:
        interaction = await self.world.discord.invoke(command, member, **options)
        await interaction.settled(quiet=0.3)
        self.texts += said(interaction)
        return interaction

    async def click(self, message: dict[str, Any], custom_id: str, member: FakeMember) -> Interaction:
        interaction = await self.world.discord.click(message, custom_id, member)
        await interaction.settled(quiet=0.3)
        self.texts += said(interaction)
        return interaction

    async def autocomplete(self, command: str, member: FakeMember, focused: str, **options: Any) -> list[Any]:
        choices = await self.world.discord.autocomplete(command, member, focused, **options)
        self.texts += [choice["name"] for choice in choices]
        return choices

    def channel(self, since: int = 0) -> None:
        """The channel's messages (from the `since`-th on)."""
        for message in self.world.discord.messages_in(self.world.guild.channel.id)[since:]:
            self.texts.append(message_text(message))

    def english(self) -> list[str]:
        names = [LEAGUE, *(name for name, _roster, _position in TEAMS)]
        names += [member.user.username for member in self.world.guild.members]
        return english_left(self.texts, names)


async def draft_and_start(world: World, said_by: Transcript) -> Interaction:
    """The admin creates the league; four coaches draft eleven linemen and two re-rolls and submit; the
    admin approves them and starts the season."""
    await said_by.invoke("league create", world.admin, name=LEAGUE)
    for coach, (name, roster, position) in zip(world.coaches, TEAMS, strict=True):
        await said_by.invoke("team create", coach, name=name, roster=roster)
        await said_by.autocomplete("team hire", coach, "position", position=position.split("_")[-1][:4])
        await said_by.invoke("team hire", coach, position=position, count=11)
        await said_by.invoke("team staff", coach, rerolls=2)
        await said_by.invoke("team submit", coach)
    for name, _roster, _position in TEAMS:
        teams = await said_by.autocomplete("league approve", world.admin, "team", team=name.split()[0])
        await said_by.invoke("league approve", world.admin, team=teams[0]["value"])
    started = await said_by.invoke("season start", world.admin)
    await started.wait(lambda i: any(m.get("attachments") for m in i.messages), 30)
    return started


async def play_first_game(world: World, said_by: Transcript) -> tuple[Interaction, dict[str, Any]]:
    """Coach 1 reports his first game; its other coach confirms; both finish their post-games."""
    coach = world.coaches[0]
    choices = await said_by.autocomplete("report", coach, "fixture", fixture="")
    fixture, label = choices[0]["value"], choices[0]["name"]
    other_team = next(name for name, _r, _p in TEAMS[1:] if name in label)
    opponent = world.coaches[[name for name, _r, _p in TEAMS].index(other_team)]
    report = await said_by.invoke(
        "report",
        coach,
        fixture=fixture,
        my_score=2,
        their_score=1,
        my_casualties=1,
        my_players="#1 td, #2 td cas, #3 mvp",
        their_players="#4 td",
    )
    assert not report.ephemeral
    confirmed = await said_by.click(report.message, button_ids(report.message)[0], opponent)
    await confirmed.wait(lambda i: len(i.messages) >= 2)
    postgame = confirmed.messages[1]
    for button, member in zip(button_ids(postgame), coaches_of(world, postgame), strict=True):
        await said_by.click(postgame, button, member)
    return confirmed, postgame


async def test_a_french_server_plays_in_french(world: World, bot_process: BotProcess) -> None:
    """Issue 32: "a coach whose locale is fr gets French replies to /standings, /fixtures, /report and
    errors", and "No reply in a shipped language contains an untranslated English sentence"."""
    speak(world, "fr")
    said_by = Transcript(world)
    started = await draft_and_start(world, said_by)
    assert worded("fr", SEASON_STARTED, number=1) in started.text

    fixtures = await said_by.invoke("fixtures", world.coaches[0])
    assert fixtures.ephemeral
    confirmed, _postgame = await play_first_game(world, said_by)
    assert worded("fr", "✅ Confirmed by {user}: the result is locked.") in confirmed.text
    standings = await said_by.invoke("standings", world.outsider)
    assert "Reikland Reavers" in standings.text

    refused = await said_by.invoke("season start", world.coaches[1])
    assert refused.ephemeral
    assert refused.content.startswith(
        worded("fr", "Only a commissioner can do this: someone with Manage Server, or the commissioner role.")
    )
    unknown = await said_by.invoke("team show", world.coaches[1], team="Nobody's Team")
    assert unknown.ephemeral
    await said_by.invoke("rules skill", world.outsider, skill="Block")
    await said_by.invoke("league log", world.admin)
    await world.discord.channel_settled(world.guild.channel.id)
    said_by.channel()
    left = said_by.english()
    assert left == [], "English left:\n" + "\n".join(left)


async def test_a_league_set_to_spanish_posts_in_spanish_while_an_english_coach_reads_english(
    world: World, bot_process: BotProcess
) -> None:
    """Issue 32: "a league set to Spanish posts its season start and post-games in Spanish"; what only
    the user sees stays in his language."""
    speak(world, "en-US")
    channel = Transcript(world)
    await world.discord.invoke("league create", world.admin, name=LEAGUE)
    set_to = await world.discord.invoke("language", world.admin, language="es-ES")
    assert set_to.ephemeral and "now speaks Español" in set_to.content
    spanish_from = len(world.discord.messages_in(world.guild.channel.id))  # /league create's post: English
    started = await draft_and_start(world, Transcript(world))
    assert worded("es-ES", SEASON_STARTED, number=1) in started.text
    fixtures = await world.discord.invoke("fixtures", world.coaches[0])
    assert fixtures.ephemeral  # his own list: English
    assert english_left([fixtures.text]) == [] or "Round" in fixtures.text
    confirmed, postgame = await play_first_game(world, Transcript(world))
    refused = await world.discord.invoke("season start", world.coaches[1])
    assert refused.content.startswith("Only a commissioner can do this")
    await world.discord.channel_settled(world.guild.channel.id)
    channel.texts += [message_text(postgame), started.text, confirmed.text]
    channel.channel(since=spanish_from)
    left = channel.english()
    assert left == [], "English left:\n" + "\n".join(left)


@pytest.mark.parametrize("language", ["it", "de"])
async def test_an_italian_or_german_server_drafts_in_its_language(
    world: World, bot_process: BotProcess, language: str
) -> None:
    """Issue 32: "a short e2e flow in each of the others"."""
    speak(world, language)
    said_by = Transcript(world)
    started = await draft_and_start(world, said_by)
    assert worded(language, SEASON_STARTED, number=1) in started.text
    await said_by.invoke("standings", world.outsider)
    await said_by.invoke("fixtures", world.coaches[0])
    refused = await said_by.invoke("season start", world.coaches[1])
    assert refused.ephemeral
    await said_by.invoke("rules skill", world.outsider, skill="Dodge")
    await world.discord.channel_settled(world.guild.channel.id)
    said_by.channel()
    left = said_by.english()
    assert left == [], "English left:\n" + "\n".join(left)
