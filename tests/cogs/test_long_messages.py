"""The biggest league the settings allow, rendered: every text is all there and every piece is within
Discord's limits (a post-game with 30 lines, a 64-team season start and standings, a 24-team reminder)."""

from __future__ import annotations

import re
from unittest.mock import AsyncMock, MagicMock

import discord
import pytest

from bot.deadline_watch import reminder_messages, reminder_text
from bot.pictures import season_start
from bot.rules.league.league_settings import BonusMode
from bot.services.league import seasons
from bot.services.league.seasons import SeasonOverview
from bot.services.match import results
from bot.services.match.deadlines import Reminder
from bot.services.match.postgame import TeamSummary
from bot.services.match.results import SideInput
from bot.services.runtime import Runtime
from bot.store.leagues import League
from bot.ui.announce import announce
from bot.ui.formatting import plain
from bot.ui.league_views import season_start_text, standings_pages
from bot.ui.limits import CONTENT, EMBED_TOTAL, EMBEDS, group_embeds, messages, within_limits
from bot.ui.result_views import FinishPostgameButton, finish_view, postgame_embeds
from tests import builders as build
from tests.builders import Entry
from tests.conftest import actor

COMMISH = actor(user_id=1)
SNOWFLAKE = 987_654_321_012_345_678  # real Discord ids are 18-19 digits long: mentions are long too


def coach_id(n: int) -> int:
    return SNOWFLAKE + n


def team_name(n: int) -> str:
    """60 characters (the longest name /team create accepts), all sharing their first 39 characters."""
    return f"The Mighty Reikland Reavers of Altdorf {n:02d} and the Old Worlds"


def text_of(embeds: list[discord.Embed]) -> str:
    parts = []
    for embed in embeds:
        parts += [embed.title or "", embed.description or ""]
        parts += [f"{f.name}\n{f.value}" for f in embed.fields]
        parts.append(embed.footer.text or "")
    return "\n".join(parts)


def assert_sendable(embeds: list[discord.Embed]) -> None:
    assert all(within_limits(e) for e in embeds)
    for group in group_embeds(embeds):
        assert len(group) <= EMBEDS and sum(len(e) for e in group) <= EMBED_TOTAL


async def _big_league(runtime: Runtime, count: int) -> SeasonOverview:
    drafted = [Entry(actor(user_id=coach_id(n)), team_name(n)) for n in range(count)]
    return await build.season(runtime, drafted, draw=True, bonus_mode=BonusMode.ADDED)


@pytest.fixture
async def big(runtime: Runtime) -> SeasonOverview:
    return await _big_league(runtime, 64)


async def test_a_64_team_season_start_is_a_short_text_and_a_picture_of_every_team_and_game(
    big: SeasonOverview,
) -> None:
    assert len(team_name(63)) == 60
    text = season_start_text(big)
    assert "\n" not in text and len(text) < 300  # a few words: the picture says the rest, once
    assert "begins" not in text and "Round 1 deadline <t:" in text and "64 teams" in text
    *divisions, games = season_start.tables(*_season_start_parts(big))
    drawn = {cell.text for table in divisions for row in table.rows for cell in row}
    for n in range(64):
        assert team_name(n) in drawn  # every team in the picture, by its full name
    assert len(games.rows) == len(big.round_fixtures(1)) == 32
    assert [t.heading for t in divisions] == [f"{big.divisions[0][0].name} (64 teams)"]


def _season_start_parts(
    overview: SeasonOverview,
) -> tuple[list[season_start.DivisionTeams], list[tuple[str, str]], str]:
    divisions = [
        season_start.DivisionTeams(d.name, [(t.name, t.roster) for t in members])
        for d, members in overview.divisions
    ]
    return divisions, [(f.home_name, f.away_name) for f in overview.round_fixtures(1)], "Round 1"


async def test_64_team_standings_read_on_a_phone_one_line_a_team_and_only_real_ties(
    runtime: Runtime, big: SeasonOverview
) -> None:
    # Two games won 2-0 by teams that are then level on everything: a real tie, decided by registration.
    games = big.round_fixtures(1)[:2]
    for fx in games:
        reported = await results.report_result(
            runtime, actor(user_id=fx.home_coach_id), f"f:{fx.id}", SideInput(2, 0), SideInput(0, 0)
        )
        await results.confirm_result(runtime, actor(user_id=fx.away_coach_id), fx.id, reported.version)
    table = await seasons.standings(runtime, 1, None, None, None)
    embeds = standings_pages(table)
    assert_sendable(embeds)
    shown = text_of(embeds)
    for n in range(64):  # names cut alike, yet teams sharing their first 39 characters told apart
        assert f"The Mighty… {n:02d} **" in shown
    assert "```" not in shown  # no code block that wraps on a phone
    rows = [line for line in shown.split("\n") if re.match(r"\*\*\d+\.\*\*", line)]
    assert len(rows) == 64
    for line in rows:  # one line on a phone: about 44 characters once the bold marks are drawn
        assert len(line.replace("**", "")) <= 50, line
    first = table.tables[0].rows[0]
    leader = f"**1.** The Mighty… {first.team_id - 1:02d} **{first.points}**"
    assert f"{leader} · 1-0-0 · TD+2 · Cas 0 · BP " in shown
    assert "Cas: casualties caused" in shown  # the picture's "Cas" means the same (bot/pictures/standings.py)
    notes = [line for line in shown.split("\n") if "placed on" in line]
    assert len(notes) == 2  # the 2nd winner, and the 2nd loser; none for the 60 teams without a game
    assert all("registration order" in line for line in notes)


async def test_a_postgame_with_30_lines_loses_none_and_finish_labels_are_short(big: SeasonOverview) -> None:
    fx = big.round_fixtures(1)[0]
    lines = tuple(
        f"#{i} {'Lineman ' * 6}{i}: +{i % 5 + 1} SPP (td 2, cas 1, comp 3, mvp) and a serious injury "
        f"(MA reduced), rolled D6 {i % 6 + 1} for Getting Even ending{i}"
        for i in range(1, 31)
    )
    summaries = (
        TeamSummary(fx.home_team_id, fx.home_name, fx.home_coach_id, lines, False),
        TeamSummary(fx.away_team_id, fx.away_name, fx.away_coach_id, lines, False),
    )
    embeds = postgame_embeds(fx, summaries)
    assert_sendable(embeds)
    shown = text_of(embeds)
    for i, line in enumerate(lines, start=1):  # every line of both teams, whole (a default name's number
        # said once: "#7 Lineman", not "#7 Lineman 7")
        assert shown.count(line.replace(f" {i}:", ":", 1)) == 2
    assert "ending30" in shown
    view = finish_view(fx.id, summaries)
    assert view is not None
    buttons = [item for item in view.children if isinstance(item, FinishPostgameButton)]
    labels = [b.item.label or "" for b in buttons]
    assert len(labels) == 2 and all(len(label) <= 45 for label in labels)
    assert all(label.startswith("Finish: The Mighty Reikland") for label in labels)


async def test_a_24_team_reminder_is_split_into_messages_that_keep_every_mention(runtime: Runtime) -> None:
    overview = await _big_league(runtime, 24)
    fixtures = overview.round_fixtures(1)
    reminder = Reminder(overview.league, 1, overview.rounds[0].deadline_at, fixtures)
    whole = reminder_text(reminder)
    assert len(whole) > CONTENT  # what Discord refused before
    pieces = reminder_messages(reminder)
    assert len(pieces) > 1 and all(len(p) <= CONTENT for p in pieces)
    for fx in fixtures:
        assert any(f"<@{fx.home_coach_id}> v <@{fx.away_coach_id}>" in p for p in pieces)
    assert "".join("".join(pieces).split()) == "".join(whole.split())
    # Posted in the channel: several messages, every mention in the content so it pings.
    channel = MagicMock(spec_set=discord.TextChannel)
    channel.send = AsyncMock()
    client = MagicMock(spec_set=discord.Client)
    client.get_channel = MagicMock(return_value=channel)
    league: League = overview.league
    await announce(client, league, content=whole)
    contents = [call.args[0] for call in channel.send.await_args_list]
    assert len(contents) == len(pieces) and all(len(c) <= CONTENT for c in contents)
    for fx in fixtures:
        assert any(f"<@{fx.home_coach_id}>" in c and f"<@{fx.away_coach_id}>" in c for c in contents)
    for call in channel.send.await_args_list:
        assert call.kwargs["allowed_mentions"].users is True


def test_content_and_embeds_split_into_messages_in_order() -> None:
    embeds = [discord.Embed(title=str(i), description="d" * 3000) for i in range(5)]
    parts = messages("<@1> " * 500, embeds)
    assert [e for p in parts for e in p.embeds] == embeds
    assert all(sum(len(e) for e in p.embeds) <= EMBED_TOTAL for p in parts)
    assert all(p.content is None or len(p.content) <= CONTENT for p in parts)
    assert "".join(p.content or "" for p in parts).count("<@1>") == 500


def test_finish_label_for_a_short_name_is_whole() -> None:
    assert FinishPostgameButton(1, 2, "Reavers").item.label == "Finish: Reavers"


async def test_standings_of_two_20_team_divisions_page_with_the_division_continued(runtime: Runtime) -> None:
    """/standings pages through a big league (the reader asks for it): a division cut by a page goes on
    under its name on the next page, every team is on a page, and every page fits one message."""
    await build.season(runtime, 40, divisions=2, teams_per_division=20)
    table = await seasons.standings(runtime, 1, None, None, None)
    pages = standings_pages(table)
    assert len(pages) == 2
    assert_sendable(pages)
    first, second = (p.description or "" for p in pages)
    assert first.startswith(f"__**{table.tables[0].division.name}**__")
    assert second.startswith(f"__**{table.tables[1].division.name}**__ (cont.)")
    assert (pages[0].footer.text or "").startswith("Page 1 of 2 · Bold: league points · W-D-L")
    shown = text_of(pages)
    assert all(plain(name) in shown for t in table.tables for name in t.names.values())
