"""The pictures of a league and a tournament, drawn from what the services return (a real SQLite file):
a phone's width, far below Discord's attachment limit, and different bytes when a result changes."""

from __future__ import annotations

import csv
import io
import sqlite3

from PIL import Image

from bot.pictures.kit import MAX_WIDTH
from bot.services.league import playoffs, seasons
from bot.services.match import results
from bot.services.match.results import SideInput
from bot.services.runtime import Runtime
from bot.services.tournament import tournament_play
from bot.store import announcements
from bot.ui.pictures import (
    announcement_picture,
    bracket_picture,
    rankings_csv,
    rankings_picture,
    season_start_picture,
    standings_csv,
    standings_picture,
)
from tests import builders as build
from tests.builders import COMMISH, ORGANISER
from tests.conftest import actor

ATTACHMENT_LIMIT = 8 * 1024 * 1024  # what the fake Discord (and Discord) report for a server


def _png(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    assert image.format == "PNG"
    assert 0 < image.width <= MAX_WIDTH and 0 < image.height < 20_000
    assert len(data) < ATTACHMENT_LIMIT // 8
    return image


async def _pictures(runtime: Runtime) -> list[tuple[str, str | None]]:
    def read(conn: sqlite3.Connection) -> list[tuple[str, str | None]]:
        return [(a.title, a.picture) for a in announcements.unsent(conn, 100)]

    return await runtime.db.read(read)


async def test_standings_picture_and_csv_follow_the_results(runtime: Runtime) -> None:
    overview = await build.season(runtime, 8, divisions=2)
    start = _png(season_start_picture(overview, {"human": "Human"}))
    assert start.height > 600  # two divisions of four and round 1's four games
    before = standings_picture(await seasons.standings(runtime, 1, None))
    _png(before)
    fx = (await build.fixtures(runtime))[0]
    await build.play(runtime, fx, 2, 1)
    table = await seasons.standings(runtime, 1, None)
    after = standings_picture(table)
    _png(after)
    assert after != before
    rows = list(csv.reader(io.StringIO(standings_csv(table).decode("utf-8-sig"))))
    assert rows[0][:3] == ["division", "place", "team"] and len(rows) == 1 + 8
    winner = next(r for r in rows[1:] if r[2] == fx.home_name)
    assert (winner[1], winner[4], winner[9], winner[14]) == ("1", "1", "1", "3")  # place, won, TD +1, points


async def test_playoff_announcements_name_their_picture_and_the_bracket_changes(runtime: Runtime) -> None:
    await build.season(runtime, 4)
    await build.regular_season(runtime)
    assert ("League season 1: the regular season is over", "standings:1") in await _pictures(runtime)
    opened = await playoffs.open_playoffs(runtime, COMMISH, None)
    first = bracket_picture(opened)
    _png(first)
    assert ("League season 1: Semi-finals", "bracket:1") in await _pictures(runtime)
    drawn = await announcement_picture(runtime, 1, opened.league.id, "bracket:1")
    assert drawn is not None and drawn[1] == first and drawn[0] == "League: season 1 play-offs"
    semis = await build.fixtures(runtime, "playoff")
    await build.play(runtime, semis[0], 1, 0)
    second = bracket_picture(await playoffs.bracket(runtime, 1, None))
    assert second != first
    for fx in [f for f in await build.fixtures(runtime, "playoff") if f.status == "scheduled"]:
        await build.play(runtime, fx, 2, 0)
    for fx in [f for f in await build.fixtures(runtime, "playoff") if f.status == "scheduled"]:
        await build.play(runtime, fx, 2, 0)
    done = await playoffs.bracket(runtime, 1, None)
    assert done.awards and done.season.status == "finished"
    assert any("champions" in title and spec == "bracket:1" for title, spec in await _pictures(runtime))
    _png(bracket_picture(done))
    assert await announcement_picture(runtime, 1, opened.league.id, "unknown:1") is None


async def test_a_league_without_playoffs_announces_its_standings(runtime: Runtime) -> None:
    await build.season(runtime, 4, playoff_places=0)
    await build.regular_season(runtime)
    pictures = await _pictures(runtime)
    assert ("League season 1: the regular season is over", "standings:1") in pictures
    league_id = (await seasons.standings(runtime, 1, None)).league.id
    drawn = await announcement_picture(runtime, 1, league_id, "standings:1")
    assert drawn is not None and drawn[2] == "standings_season_1"
    _png(drawn[1])


async def test_tournament_rankings_picture_and_csv(runtime: Runtime) -> None:
    await build.tournament_event(runtime, 8, spare=True)
    await tournament_play.start_event(runtime, ORGANISER, None)
    table = await tournament_play.standings(runtime, 1, None)
    before = rankings_picture(table, {})
    _png(before)
    pairings = await tournament_play.round_pairings(runtime, 1, None)
    fx = next(t.fixture for t in pairings.tables if t.fixture is not None)
    done = await results.report_result(
        runtime, actor(user_id=fx.home_coach_id), f"f:{fx.id}", SideInput(2, 0), SideInput(0, 0)
    )
    await results.confirm_result(runtime, actor(user_id=fx.away_coach_id), fx.id, done.version)
    table = await tournament_play.standings(runtime, 1, None)
    after = rankings_picture(table, {fx.home_coach_id: "Jay"})
    _png(after)
    assert after != before
    rows = list(csv.reader(io.StringIO(rankings_csv(table).decode("utf-8-sig"))))
    assert rows[0][:4] == ["place", "team", "coach_id", "tournament_points"]
    assert rows[1][1] == fx.home_name and rows[1][3] == "2" and len(rows) == 1 + 8  # the Spare Player apart
