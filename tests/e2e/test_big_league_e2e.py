"""The biggest league the settings allow, through the real bot process, against a fake Discord that refuses
what the real one refuses (tests/e2e/discord_limits.py).

64 teams in one division (`teams_per_division` is at most 64; unset means one division), team and player
names as long as the bot accepts (60 characters), full 16-player rosters whose players have six skills
each. The league is built once per module by calling the services in-process (fast), on a SQLite file
or (BB_TEST_BACKEND=postgresql) a PostgreSQL database; each test copies it and starts the bot on the copy.
Every payload of every test is checked against Discord's limits; the completeness checks say that a reader
gets all of it.
"""

from __future__ import annotations

import asyncio
import copy
import re
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio

from bot.catalog import load_catalog
from bot.clock import SystemClock
from bot.rules.dice import SeededDice
from bot.services.league import leagues
from bot.services.league.leagues import MAX_NAME_LENGTH
from bot.services.roster import teams
from bot.services.runtime import Actor, Runtime
from bot.store import Database
from bot.store.connection import Connection
from bot.ui.catalog_views import table_views
from tests.conftest import built_once_location, copy_of, on_database
from tests.e2e.builders import with_picture
from tests.e2e.conftest import BotProcess, World, assert_clean_run
from tests.e2e.english_left import worded
from tests.e2e.fake_discord import (
    MANAGE_GUILD,
    FakeChannel,
    FakeDiscord,
    FakeMember,
    FakeUser,
    Interaction,
    button_ids,
    message_text,
)

pytestmark = [pytest.mark.e2e, pytest.mark.slow]

TEAMS = 64  # LeagueSettings.teams_per_division is at most 64
PLAYERS = 16  # the most a roster may hold
SKILLS = ["Block", "Dauntless", "Fend", "Frenzy", "Kick", "Tackle"]  # six advancements: a Legend
GUILD_ID = 1_200_000_000_000_000_001
CHANNEL_ID = 1_200_000_000_000_000_002
ADMIN_ID = 1_200_000_000_000_000_003
FIRST_COACH_ID = 1_200_000_000_000_001_000
SEASON_STARTED = "Season {number} started: {teams}, {rounds} of {days} days."
LEAGUE_NAME = ("The Grand Old World Championship of Every Blood Bowl Team " + "x" * 60)[:MAX_NAME_LENGTH]


def team_name(index: int) -> str:
    """60 characters, and every name starts alike: only the end tells them apart."""
    name = f"The Extraordinarily Long-Named Reikland Reavers Club, No. {index:02d}"
    assert len(name) == MAX_NAME_LENGTH and "  " not in name
    return name


def player_name(team: int, number: int) -> str:
    return (f"T{team:02d}P{number:02d} Bartholomew Maximilian von Hohenzollern-Sigmaringen " + "x" * 60)[
        :MAX_NAME_LENGTH
    ]


def coach_id(index: int) -> int:
    return FIRST_COACH_ID + index


# --- the league, built once per module ------------------------------------------------------------------


async def _build(location: str) -> None:
    db = await Database.open(location)
    await db.migrate()
    rt = Runtime(db=db, dice=SeededDice(13), clock=SystemClock(), catalog=load_catalog())
    admin = Actor(GUILD_ID, ADMIN_ID, CHANNEL_ID)
    try:
        await leagues.create_league(rt, admin, LEAGUE_NAME, CHANNEL_ID)
        for index in range(TEAMS):
            coach = Actor(GUILD_ID, coach_id(index), CHANNEL_ID)
            await teams.create_team(rt, coach, None, team_name(index), "human")
            await teams.hire_players(rt, coach, None, "human_lineman", PLAYERS)
            await teams.submit_team(rt, coach, None)
            await teams.review_team(rt, admin, None, team_name(index), approve=True)
        await db.write(_long_names_and_six_skills)
    finally:
        await db.close()


def _long_names_and_six_skills(conn: Connection) -> None:
    """Set up directly rather than through a season's worth of games."""
    players = conn.execute(
        "SELECT p.id, p.team_id, p.number, t.name FROM players p JOIN teams t ON t.id = p.team_id"
    ).fetchall()
    now = int(time.time())
    for player_id, team_id, number, name in players:
        index = int(name.rsplit(" ", 1)[1])
        conn.execute(
            "UPDATE players SET name = ?, value_increase = ?, spp = 3 WHERE id = ?",
            (player_name(index, number), 20_000 * len(SKILLS), player_id),
        )
        conn.executemany(
            "INSERT INTO player_advancements (guild_id, team_id, player_id, kind, skill, spp_cost,"
            " value_increase, actor_id, created_at)"
            " VALUES (?, ?, ?, 'chosen_primary', ?, 6, 20000, ?, ?)",
            [(GUILD_ID, team_id, player_id, skill, ADMIN_ID, now) for skill in SKILLS],
        )


@pytest.fixture(scope="module")
def built_league(tmp_path_factory: pytest.TempPathFactory, request: pytest.FixtureRequest) -> str:
    """The league, built once (on the tests' engine) for each test to copy."""
    location = built_once_location(tmp_path_factory, request, "big_league")
    asyncio.run(_build(location))
    return location


@pytest.fixture
def world(fake_discord: FakeDiscord) -> World:
    """The server with fixed ids (the league file was built for them) and 64 coaches."""
    guild = fake_discord.add_guild("Old World League")
    guild.id = guild.everyone.id = GUILD_ID
    guild.channels[0] = FakeChannel(CHANNEL_ID, GUILD_ID, "general")
    admin_role = guild.add_role("Admins", MANAGE_GUILD)
    commissioner_role = guild.add_role("Commissioners")
    admin = FakeMember(FakeUser(ADMIN_ID, "admin"), guild, [admin_role])
    coaches = [FakeMember(FakeUser(coach_id(i), f"coach{i:02d}"), guild) for i in range(TEAMS)]
    guild.members += [admin, *coaches]
    return World(
        discord=fake_discord,
        guild=guild,
        admin=admin,
        commissioner_role=commissioner_role,
        commissioner=admin,
        coaches=coaches,
        outsider=guild.add_member("lurker"),
    )


@pytest_asyncio.fixture
async def bot_process(
    world: World, tmp_path: Path, built_league: str, request: pytest.FixtureRequest
) -> AsyncIterator[BotProcess]:
    """The bot on a copy of the built league."""
    process = BotProcess(world.discord, copy_of(built_league, tmp_path, request), folder=tmp_path)
    await process.start()
    yield process
    assert_clean_run(world.discord, process, await process.stop())


# --- driving it -----------------------------------------------------------------------------------------


async def _start_season(world: World, language: str = "en") -> Interaction:
    started = await world.discord.invoke("season start", world.admin)
    await started.settled()  # a 64-team announcement is several messages
    assert worded(language, SEASON_STARTED, number=1) in started.content, started.text
    await with_picture(started, within=60)  # 64 teams and 32 games take seconds to draw
    return started


async def _round_one_fixture(database: str, coach: FakeMember) -> str:
    row = await on_database(
        database,
        lambda conn: conn.execute(
            "SELECT f.id FROM fixtures f JOIN rounds r ON r.id = f.round_id JOIN teams t"
            " ON t.id IN (f.home_team_id, f.away_team_id) WHERE r.number = 1 AND t.coach_id = ?",
            (coach.id,),
        ).fetchone(),
    )
    return f"f:{row[0]}"


async def _play(
    world: World, process: BotProcess, coach: FakeMember, language: str = "en"
) -> tuple[Interaction, Interaction]:
    """The coach reports his round-1 game with many casualties, SPP and injuries; the other confirms."""
    discord = world.discord
    choices = await discord.autocomplete("report", coach, "fixture", fixture="")
    assert 1 <= len(choices) <= 25
    mine = ", ".join([f"#{n} td cas" for n in range(1, 4)] + [f"#{n} cas" for n in range(4, 9)])
    mine += ", #9 comp 2, #10 int, #11 si, #12 bh, #13 li-av, #14 mvp"
    theirs = "#1 td, #2 cas, #3 si, #4 dead, #5 li-ma, #6 bh, #7 sh, #8 si, #9 comp, #10 throw"
    report = await discord.invoke(
        "report",
        coach,
        fixture=await _round_one_fixture(process.database, coach),
        my_score=3,
        their_score=1,
        my_casualties=8,
        their_casualties=1,
        my_players=mine,
        their_players=theirs,
    )
    assert not report.ephemeral and button_ids(report.message), report.text
    opponent = next(c for c in world.coaches if c.mention in report.content)  # asked to confirm
    confirmed = await discord.click(report.message, button_ids(report.message)[0], opponent)
    assert worded(language, "✅ Confirmed by {user}: the result is locked.") in confirmed.text, confirmed.text
    await confirmed.settled()  # the post-game follows the confirmation
    return report, confirmed


async def _every_page(
    world: World, first: Interaction, member: FakeMember, at_most: int = 500
) -> list[dict[str, Any]]:
    """The first page and every page behind its Next button (up to `at_most` pages)."""
    shown = first.message  # the fake updates this message in place on every click
    pages = [copy.deepcopy(shown)]
    while True:
        buttons = [b for row in shown.get("components") or [] for b in row["components"]]
        following = next(
            (b for b in buttons if b["custom_id"].endswith(":n") and not b.get("disabled")), None
        )
        if following is None or len(pages) == at_most:
            return pages
        clicked = await world.discord.click(shown, following["custom_id"], member)
        assert clicked.response_type == 7, clicked.callbacks
        pages.append(copy.deepcopy(shown))
        assert len(pages) < 500, "pagination does not end"


# --- the tests --------------------------------------------------------------------------------------------


async def test_the_biggest_league_runs_without_a_refused_payload(
    world: World, bot_process: BotProcess
) -> None:
    """Season start, reports with many casualties and SPP, confirmations, post-games and their Finish
    buttons, fixtures (every page), standings, the league log (every page) and every rules table: nothing
    is refused (the fixture checks `refused` at teardown)."""
    await _the_whole_league(world, bot_process, "en")


async def test_the_biggest_league_runs_in_french_without_a_refused_payload(
    world: World, bot_process: BotProcess
) -> None:
    """Issue 32: "the 64-team e2e test passes in the language whose texts run longest": French (its
    sentences run 14% longer than the English, the longest of the four). The server, every coach and the
    league speak French; the same flow, and nothing refused."""
    world.guild.locale = "fr"
    for member in world.guild.members:
        member.user.locale = "fr"
    spoken = await world.discord.invoke("language", world.admin, language="fr")
    assert spoken.ephemeral and "Français" in spoken.content, spoken.content
    await _the_whole_league(world, bot_process, "fr")


async def _the_whole_league(world: World, bot_process: BotProcess, language: str) -> None:
    discord = world.discord
    await _start_season(world, language)

    playing = [world.coaches[0]]
    report, confirmed = await _play(world, bot_process, playing[0], language)
    playing.append(next(c for c in world.coaches if c.mention not in report.content + playing[0].mention))
    went_wrong = worded(
        language, "Something went wrong on our side. Error id: `{error_id}` (give it to the bot's host)."
    )
    for coach in playing:
        if coach is not playing[0]:
            _, confirmed = await _play(world, bot_process, coach, language)
        postgame = confirmed.messages[1]
        assert worded(language, "Post-game: {fixture}") in message_text(postgame)
        for button in button_ids(postgame):
            finished = await discord.click(postgame, button, world.admin)
            assert went_wrong not in finished.text, finished.text

    # Every page of a round and of a coach's own fixtures; the first pages of the whole season (174 pages
    # of 2,016 fixtures: every one of them would take most of a minute).
    round_one = await discord.invoke("fixtures", world.admin, show="round", round=1)
    text = "\n".join(message_text(page) for page in await _every_page(world, round_one, world.admin))
    assert all(team_name(i) in text for i in range(TEAMS)), "every team plays in round 1"
    mine = await discord.invoke("fixtures", world.coaches[5])
    text = "\n".join(message_text(page) for page in await _every_page(world, mine, world.coaches[5]))
    assert mine.ephemeral and text.count(team_name(5)) >= TEAMS - 1
    everything = await discord.invoke("fixtures", world.admin, show="all")
    assert len(await _every_page(world, everything, world.admin, at_most=10)) == 10

    standings = await discord.invoke("standings", world.outsider)
    assert went_wrong not in standings.text

    log = await discord.invoke("league log", world.admin)
    log_pages = await _every_page(world, log, world.admin)
    assert len(log_pages) >= 1 and all(went_wrong not in message_text(page) for page in log_pages)

    for key in table_views(load_catalog()):
        shown = await discord.invoke("rules table", world.outsider, table=key)
        assert not shown.ephemeral, shown.content
        await _every_page(world, shown, world.outsider)

    for coach in world.coaches[:3]:
        choices = await discord.autocomplete("report", coach, "fixture", fixture="")
        assert 1 <= len(choices) <= 25
    teams_offered = await discord.autocomplete("team show", world.outsider, "team", team="")
    assert 1 <= len(teams_offered) <= 25


async def test_a_full_roster_of_long_names_and_six_skills_shows_whole(
    world: World, bot_process: BotProcess
) -> None:
    """The team sheet of 16 players with 60-character names and six skills each: every player and skill."""
    sheet = await world.discord.invoke("team show", world.coaches[7], public=True)
    text = sheet.text
    missing = [player_name(7, n) for n in range(1, PLAYERS + 1) if player_name(7, n) not in text]
    assert not missing, f"{len(missing)} players missing from the team sheet"
    assert text.count(", ".join(SKILLS)) == PLAYERS or all(text.count(s) >= PLAYERS for s in SKILLS), text


async def test_the_season_start_is_a_short_text_and_a_picture(world: World, bot_process: BotProcess) -> None:
    """The text and a picture no longer repeat each other: a few words, then the picture (its band holds
    the title; every team and round 1's games are drawn in it, tests/cogs/test_long_messages.py)."""
    started = await _start_season(world)
    [message] = started.messages  # one message: a few words and the picture
    text = message_text(message)
    assert f"{TEAMS} teams" in text and len(text) < 300 and message.get("attachments")
    assert "begins" not in text  # the title: the picture's band says it, once


async def _reminders(world: World, process: BotProcess) -> list[dict[str, Any]]:
    """Round 1's last reminder falls due while the bot is down; it is sent at the next start."""
    await _start_season(world)
    assert await process.stop() == 0
    await on_database(
        process.database,
        lambda conn: conn.execute(
            "UPDATE reminders SET remind_at = ? WHERE id = (SELECT r.id FROM reminders r JOIN rounds n"
            " ON n.id = r.round_id WHERE n.number = 1 ORDER BY r.remind_at DESC LIMIT 1)",
            (int(time.time()) - 60,),
        ),
    )
    channel = world.guild.channel.id
    discord = world.discord
    before = len(discord.messages_in(channel))
    await process.start()
    await discord.wait_for_message(channel, lambda m: "Still to play" in message_text(m))
    await discord.channel_settled(channel)  # a 64-team reminder is several messages
    return discord.messages_in(channel)[before:]


async def test_the_reminder_mentions_every_coach_still_to_play(world: World, bot_process: BotProcess) -> None:
    """Every coach of an unplayed round-1 fixture is mentioned in message content, so each is pinged."""
    reminders = await _reminders(world, bot_process)
    content = "\n".join(str(m.get("content") or "") for m in reminders)
    missing = [c.mention for c in world.coaches if c.mention not in content]
    assert not missing, f"{len(missing)} of {TEAMS} coaches not mentioned in the reminder"


async def test_the_postgame_summary_has_every_spp_and_injury_line(
    world: World, bot_process: BotProcess
) -> None:
    """Every player the report gave SPP or an injury (14 of ours, 9 of theirs) is named in the post-game."""
    await _start_season(world)
    report, confirmed = await _play(world, bot_process, world.coaches[0])
    opponent = next(i for i, c in enumerate(world.coaches) if c.mention in report.content)
    summary = "\n".join(message_text(m) for m in confirmed.messages[1:])
    expected = [player_name(0, n) for n in range(1, 15)] + [player_name(opponent, n) for n in range(1, 10)]
    missing = [name for name in expected if name not in summary]
    assert not missing, f"{len(missing)} players of the report missing from the post-game: {missing[:2]}"


async def test_the_standings_list_all_64_teams(world: World, bot_process: BotProcess) -> None:
    await _start_season(world)
    await _play(world, bot_process, world.coaches[0])
    first = await world.discord.invoke("standings", world.outsider)
    pages = await _every_page(world, first, world.outsider)  # the reader pages through them
    assert len(pages) == 3 and "Page 3 of 3" in message_text(pages[-1])
    text = "\n".join(message_text(page) for page in pages)
    # a line a team on a phone: names cut alike, each keeping what tells it apart ("The… 07")
    rows = [line for line in text.split("\n") if re.match(r"\*\*\d+\.\*\* ", line)]
    assert len(rows) == TEAMS and all(len(line.replace("**", "")) <= 50 for line in rows), rows[:3]
    missing = [i for i in range(TEAMS) if not any(f"… {i:02d} **" in line for line in rows)]
    assert not missing, f"{len(missing)} teams missing from the standings, e.g. {missing[:3]}"
