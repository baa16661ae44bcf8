"""The league's web pages: what each shows (through the read service and as rendered HTML), pagination,
404s for what is not there, and escaping of what coaches typed."""

from __future__ import annotations

import sqlite3

import pytest
from aiohttp.test_utils import TestClient

from bot.errors import InvalidInput, NotFound
from bot.services.league import playoffs, seasons
from bot.services.match import match_day, postgame, results
from bot.services.match.results import SideInput
from bot.services.roster import teams
from bot.services.runtime import Runtime
from bot.services.web import web_pages
from bot.services.web.web_facts import phase_of
from bot.store import teams as team_store
from bot.store.seasons import Fixture
from tests import builders
from tests.builders import AWAY, COMMISH, HOME, coach
from tests.conftest import actor
from tests.web.pages import link, read, text_of


async def _played_game(runtime: Runtime) -> tuple[int, str]:
    """HOME v AWAY confirmed 2-0 with events on both sides, both post-games finished; (fixture id, token)."""
    fixture_id = await builders.home_away_fixture(runtime)
    listing = await seasons.list_fixtures(runtime, HOME, None, "mine")
    fx = next(f for f in listing.fixtures if f.id == fixture_id)
    ours = SideInput(2, 1, "#1 td 2, #2 cas, #3 comp 2, #4 int, #5 mvp")
    theirs = SideInput(0, 0, "#9 si, #6 mvp")
    outcome = await results.report_result(runtime, HOME, f"f:{fixture_id}", ours, theirs)
    await results.confirm_result(runtime, AWAY, fixture_id, outcome.version)
    for team_id in (fx.home_team_id, fx.away_team_id):
        await postgame.finish_postgame(runtime, COMMISH, fixture_id, team_id, as_commissioner=True)
    return fixture_id, await link(runtime, COMMISH)


async def test_the_team_page_shows_the_roster_staff_treasury_and_games(
    runtime: Runtime, web: TestClient[object, object]
) -> None:
    fixture_id, token = await _played_game(runtime)
    home = await builders.team_of(runtime, HOME)
    page = await web_pages.team_page(runtime, token, home.id)
    assert page.sheet.team.name == "Home" and len(page.players) == 11
    first = page.players[0]
    assert first.profile == "6/3/3+/4+/9+"  # a Human Lineman: the position's profile, unchanged
    assert len(page.fixtures) == 3 and fixture_id in [f.id for f in page.fixtures]  # the round robin of 4
    causes = [t.cause for t in page.treasury]
    assert len(causes) >= 2 and page.treasury[0].id > page.treasury[-1].id  # newest first
    assert sum(t.amount for t in page.treasury) == page.sheet.team.treasury  # the whole ledger: one page
    html = await read(web, f"/l/{token}/team/{home.id}")
    text = text_of(html)
    assert "Home" in text and "Human Lineman" in text and "6/3/3+/4+/9+" in text
    assert f"{page.sheet.team_value:,}" in text and "Treasury history" in text
    for p in page.players:
        assert f'href="/l/{token}/player/{p.entry.row.id}"' in html
    assert f'href="/l/{token}/fixture/{fixture_id}"' in html


async def test_the_treasury_history_is_paginated_newest_first(
    runtime: Runtime, web: TestClient[object, object]
) -> None:
    await builders.league(runtime, 1)
    team = await builders.team_of(runtime, coach(0))
    token = await link(runtime, COMMISH)
    extra = web_pages.TREASURY_PAGE + 5

    def ledger(conn: sqlite3.Connection) -> None:
        for n in range(extra):
            team_store.change_treasury(
                conn, team, 1000, f"gift number {n}", actor_id=COMMISH.user_id, now=runtime.clock.now()
            )

    await runtime.db.write(ledger)
    first = await web_pages.team_page(runtime, token, team.id)
    assert first.paging.pages == 2 and first.paging.total > extra
    assert first.treasury[0].cause == f"gift number {extra - 1}"
    second = await web_pages.team_page(runtime, token, team.id, page=2)
    assert len(first.treasury) == web_pages.TREASURY_PAGE
    assert len(second.treasury) == first.paging.total - web_pages.TREASURY_PAGE
    assert second.treasury[0].id < first.treasury[-1].id
    beyond = await web_pages.team_page(runtime, token, team.id, page=99)
    assert beyond.paging.page == 2  # past the end: the last page
    html = await read(web, f"/l/{token}/team/{team.id}")
    assert f'href="/l/{token}/team/{team.id}?page=2"' in html and "Page 1 of 2" in text_of(html)
    html = await read(web, f"/l/{token}/team/{team.id}?page=2")
    assert f'href="/l/{token}/team/{team.id}?page=1"' in html
    for bad in ("0", "-1", "x", "1.5"):
        await read(web, f"/l/{token}/team/{team.id}?page={bad}", 404)
    with pytest.raises(InvalidInput):
        await web_pages.team_page(runtime, token, team.id, page=0)


async def test_the_player_page_shows_his_career(runtime: Runtime, web: TestClient[object, object]) -> None:
    fixture_id, token = await _played_game(runtime)
    home = await builders.team_of(runtime, HOME)
    sheet = await teams.team_sheet(runtime, HOME, None)
    scorer = next(p.row for p in sheet.players if p.row.number == 1)
    page = await web_pages.player_page(runtime, token, scorer.id)
    career = page.career
    assert (career.games, career.touchdowns, career.casualties) == (1, 2, 0)
    assert career.spp_earned == scorer.spp == 6  # 2 touchdowns x 3 SPP
    assert page.team.id == home.id and page.profile == "6/3/3+/4+/9+"
    passer = next(p.row for p in sheet.players if p.row.number == 3)
    assert (await web_pages.player_page(runtime, token, passer.id)).career.completions == 2
    thief = next(p.row for p in sheet.players if p.row.number == 4)
    assert (await web_pages.player_page(runtime, token, thief.id)).career.interceptions == 1
    mvps = 0
    for p in sheet.players:
        mvps += (await web_pages.player_page(runtime, token, p.row.id)).career.mvps
    assert mvps == 1  # one MVP a team
    html = await read(web, f"/l/{token}/player/{scorer.id}")
    text = text_of(html)
    assert "Touchdowns 2" in text and "Games 1" in text and f'href="/l/{token}/team/{home.id}"' in html

    away = await teams.team_sheet(runtime, AWAY, None)
    hurt = next(p.row for p in away.players if p.row.number == 9)
    injured = await web_pages.player_page(runtime, token, hurt.id)
    assert [e.text for e in injured.events] == ["Serious Injury (niggling)"]
    assert [e.fixture_id for e in injured.events] == [fixture_id]
    assert "Serious Injury (niggling)" in text_of(await read(web, f"/l/{token}/player/{hurt.id}"))
    team_page = await web_pages.team_page(runtime, token, away.team.id)
    assert next(p for p in team_page.players if p.entry.row.id == hurt.id).injuries == (
        "Serious Injury (niggling)",
    )


async def test_the_fixture_page_shows_the_report_history_dice_and_changes(
    runtime: Runtime, web: TestClient[object, object]
) -> None:
    fixture_id, token = await _played_game(runtime)
    page = await web_pages.fixture_page(runtime, token, fixture_id)
    assert page.report is not None and page.fixture.status == "confirmed"
    assert [s.action for s in page.steps] == ["reported", "confirmed"]
    assert page.dice and all(d.fixture_id == fixture_id for d in page.dice)
    assert len(page.postgame) == 2 and all(page.postgame.values())
    assert any(c.kind == "injury" for c in page.player_changes)
    assert any("winnings" in t.cause.lower() for t in page.treasury)

    def every_die(conn: sqlite3.Connection) -> int:
        row = conn.execute("SELECT COUNT(*) FROM dice_rolls WHERE fixture_id = ?", (fixture_id,)).fetchone()
        return int(row[0])

    assert len(page.dice) == await runtime.db.read(every_die)
    html = await read(web, f"/l/{token}/fixture/{fixture_id}")
    text = text_of(html)
    assert "2 touchdowns" in text and "Every die" in text and "version 1 reported by Home" in text
    assert "version 1 confirmed by Away" in text
    for die in page.dice:  # grouped under its phase's heading: "post-game, Home" then "MVP: d6 ..."
        heading, what = phase_of(die.purpose, page.fixture)
        assert heading in text and f"{what}: {die.expression}" in text
    assert text.count(" · version ") == 2


async def test_fixtures_by_round_with_byes(runtime: Runtime, web: TestClient[object, object]) -> None:
    await builders.season(runtime, 5)  # five teams: one rests each round
    token = await link(runtime, COMMISH)
    page = await web_pages.fixtures_page(runtime, token)
    assert page.season is not None and len(page.shown) == len(page.rounds) == 5
    assert all(len(rg.games) == 2 and len(rg.byes) == 1 for rg in page.shown)
    one = await web_pages.fixtures_page(runtime, token, round_number=2)
    assert [rg.round.number for rg in one.shown] == [2]
    html = await read(web, f"/l/{token}/fixtures")
    text = text_of(html)
    assert "Round 1" in text and "Round 5" in text and text.count("Bye:") == 5
    assert f'href="/l/{token}/fixtures?season=1&amp;round=2"' in html
    text = text_of(await read(web, f"/l/{token}/fixtures?season=1&round=2"))
    assert "Round 2" in text and "Round 1 " not in text
    await read(web, f"/l/{token}/fixtures?round=6", 404)
    await read(web, f"/l/{token}/fixtures?season=2", 404)
    with pytest.raises(NotFound):
        await web_pages.fixtures_page(runtime, token, round_number=6)


async def test_playoffs_seasons_and_the_front_page_of_a_past_season(
    runtime: Runtime, web: TestClient[object, object]
) -> None:
    await builders.season(runtime, 4)
    await builders.regular_season(runtime)
    token = await link(runtime, COMMISH)
    waiting = text_of(await read(web, f"/l/{token}/playoffs"))
    assert "4 teams qualify" in waiting
    await playoffs.open_playoffs(runtime, COMMISH, None)
    for fx in await builders.fixtures(runtime, "playoff"):
        await builders.play(runtime, fx, 1, 0)
    for fx in [f for f in await builders.fixtures(runtime, "playoff") if f.playoff_stage == 2]:
        await builders.play(runtime, fx, 1, 0)
    page = await web_pages.playoffs_page(runtime, token)
    assert page.bracket is not None and len(page.bracket.awards) == 3
    html = await read(web, f"/l/{token}/playoffs")
    text = text_of(html)
    assert "Seeds" in text and "Prizes" in text and "1st: Team 0" in text
    assert all(title in text for title in ("Semi-finals", "Final", "Third-place play-off"))
    seasons_html = await read(web, f"/l/{token}/seasons")
    text = text_of(seasons_html)
    assert "Season 1" in text and "finished" in text and "1st: Team 0" in text
    assert f'href="/l/{token}/?season=1"' in seasons_html
    past = text_of(await read(web, f"/l/{token}/?season=1"))
    assert "Season 1" in past and "Team 0" in past
    await read(web, f"/l/{token}/?season=2", 404)
    await read(web, f"/l/{token}/playoffs?season=2", 404)


async def test_the_dice_log_pages_newest_first(runtime: Runtime, web: TestClient[object, object]) -> None:
    await builders.season(runtime, 4)
    token = await link(runtime, COMMISH)
    empty = await web_pages.dice_page(runtime, token)
    assert empty.paging.total == 0 and "No dice rolled yet" in text_of(await read(web, f"/l/{token}/dice"))
    for fx in await builders.fixtures(runtime):
        await builders.play(runtime, fx, 1, 0)
    first = await web_pages.dice_page(runtime, token)
    assert first.paging.total > web_pages.DICE_PAGE  # six games' post-games roll plenty
    assert len(first.lines) == web_pages.DICE_PAGE
    ids = [line.roll.id for line in first.lines]
    assert ids == sorted(ids, reverse=True)
    last = await web_pages.dice_page(runtime, token, page=first.paging.pages)
    assert len(last.lines) == first.paging.total - web_pages.DICE_PAGE * (first.paging.pages - 1)
    assert all(line.fixture is not None for line in first.lines)
    html = await read(web, f"/l/{token}/dice")
    assert f'href="/l/{token}/dice?page=2"' in html
    assert f'href="/l/{token}/fixture/{first.lines[0].fixture.id}"' in html  # type: ignore[union-attr]
    assert f"Page 1 of {first.paging.pages}" in text_of(html)


async def test_names_coaches_typed_are_escaped_everywhere(
    runtime: Runtime, web: TestClient[object, object]
) -> None:
    evil = "<script>alert(1)</script>"
    drafted = builders.entries(4)
    drafted[0] = builders.Entry(coach(0), evil)
    await builders.season(runtime, drafted)
    fx = next(f for f in await builders.fixtures(runtime) if evil in (f.home_name, f.away_name))
    await builders.play(runtime, fx, 1, 0)
    team = await builders.team_of(runtime, coach(0))
    sheet = await teams.team_sheet(runtime, coach(0), None)
    token = await link(runtime, COMMISH)
    paths = [
        "/",
        f"/team/{team.id}",
        f"/player/{sheet.players[0].row.id}",
        "/fixtures",
        f"/fixture/{fx.id}",
        "/playoffs",
        "/seasons",
        "/dice",
    ]
    for path in paths:
        html = await read(web, f"/l/{token}{path}")
        assert "<script>" not in html, path
    front = await read(web, f"/l/{token}/")
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in front


async def test_addresses_that_are_not_there_are_404(
    runtime: Runtime, web: TestClient[object, object]
) -> None:
    await builders.season(runtime, 4)
    token = await link(runtime, COMMISH)
    for path in (
        "/team/999999",
        "/player/999999",
        "/fixture/999999",
        "/team/abc",
        "/player/-3",
        "/fixture/1e3",
        "/team/99999999999999999999",
        "/nothing",
    ):
        response = await web.get(f"/l/{token}{path}")
        assert response.status == 404, path
        assert "Nothing here" in await response.text()


async def drawn_semi_final(runtime: Runtime) -> Fixture:
    """A season of four played to its play-offs, the first semi-final drawn 0-0 and won by its home team on
    penalties (a rigged shoot-out: 6-1 three times)."""
    await builders.season(runtime, 4)
    await builders.regular_season(runtime)
    await playoffs.open_playoffs(runtime, COMMISH, None)
    semi = (await builders.fixtures(runtime, "playoff"))[0]
    home = actor(user_id=semi.home_coach_id)
    rigged = builders.with_dice(runtime, [6, 1, 6, 1, 6, 1, 1, 6, 1, 6])
    rolled = await match_day.roll_penalties(rigged, home, f"f:{semi.id}")
    assert rolled.shootout.winner == "home"
    await builders.play(runtime, semi, 0, 0)
    return semi


async def test_a_penalty_shootout_shows_every_roll_off(
    runtime: Runtime, web: TestClient[object, object]
) -> None:
    semi = await drawn_semi_final(runtime)
    token = await link(runtime, COMMISH)
    page = await web_pages.fixture_page(runtime, token, semi.id)
    assert page.shootout is not None and page.shootout.roll_offs[0] == ((6, 1),)
    text = text_of(await read(web, f"/l/{token}/fixture/{semi.id}"))
    assert "Penalty shoot-out" in text and "Roll-off 1: 6–1" in text
    assert f"{semi.home_name} won on penalties" in text
    bracket = text_of(await read(web, f"/l/{token}/playoffs"))
    wins = page.shootout.home_wins
    assert f"penalties {wins}–{len(page.shootout.roll_offs) - wins}" in bracket


async def test_a_league_without_a_season_has_every_page(
    runtime: Runtime, web: TestClient[object, object]
) -> None:
    await builders.league(runtime, 2)
    team = await builders.team_of(runtime, coach(0))
    sheet = await teams.team_sheet(runtime, coach(0), None)
    token = await link(runtime, COMMISH)
    for path in ("/", "/fixtures", "/playoffs", "/seasons", "/dice"):
        text = text_of(await read(web, f"/l/{token}{path}"))
        assert "No season has started yet" in text or "No dice rolled yet" in text, path
    assert "No games yet" in text_of(await read(web, f"/l/{token}/team/{team.id}"))
    assert "Games 0" in text_of(await read(web, f"/l/{token}/player/{sheet.players[0].row.id}"))


async def test_the_dice_log_has_the_league_dice_rolled_outside_games(
    runtime: Runtime, web: TestClient[object, object]
) -> None:
    await builders.season(runtime, 4, divisions=2, draw=True)  # the divisions are drawn with dice
    token = await link(runtime, COMMISH)
    page = await web_pages.dice_page(runtime, token)
    assert page.paging.total > 0
    assert all(line.fixture is None for line in page.lines)
    assert any("division" in line.roll.purpose for line in page.lines)
    assert "division" in text_of(await read(web, f"/l/{token}/dice"))


async def test_the_leaders_page_shows_every_board_of_a_season_and_all_time(
    runtime: Runtime, web: TestClient[object, object]
) -> None:
    await builders.confirmed_with_spp(runtime, "#1 td, #1 td, #2 cas")  # a league, one game confirmed
    token = await link(runtime, COMMISH)
    page = await web_pages.leaders_page(runtime, token)
    assert page.leaders is not None
    top = page.leaders.boards["touchdowns"][0]
    assert top.value == 2
    html = await read(web, f"/l/{token}/leaders")
    text = text_of(html)
    for title in ("Touchdowns", "Casualties", "Star Player Points", "League points (teams)", "Wins (teams)"):
        assert title in text
    assert f'href="/l/{token}/player/{top.player_id}"' in html
    assert f'href="/l/{token}/leaders?season=all"' in html
    all_time = text_of(await read(web, f"/l/{token}/leaders?season=all"))
    assert "All time" in all_time and top.name in all_time
    one = text_of(await read(web, f"/l/{token}/leaders?season=all&board=touchdowns"))
    assert "Touchdowns" in one and "Casualties" not in one and top.name in one
    await read(web, f"/l/{token}/leaders?season=7", 404)
    await read(web, f"/l/{token}/leaders?season=x", 404)
    await read(web, f"/l/{token}/leaders?board=nonsense", 404)
