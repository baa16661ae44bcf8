"""A tournament's web pages (`/event web`): the rankings as the link's front page, each round's pairings
with scores, the approved rosters and one roster, a group event's bracket; and nothing of another
competition, nothing through a replaced link."""

from __future__ import annotations

from aiohttp.test_utils import TestClient, TestServer

from bot.services.match import results
from bot.services.match.results import SideInput
from bot.services.runtime import Runtime
from bot.services.tournament import tournament_entries, tournament_play, tournaments
from bot.services.web import web_links
from bot.simulation import demo, tournament
from bot.simulation.team_tournament import simulate_team_tournament
from bot.store import tournament_squads as squad_store
from bot.store.seasons import Fixture
from bot.web.app import make_app
from tests import builders
from tests.builders import COMMISH, ORGANISER
from tests.builders import tournament_event as event
from tests.conftest import CATALOG, NewLocation, actor

Client = TestClient[object, object]


async def _play(runtime: Runtime, fx: Fixture, home: int, away: int) -> None:
    done = await results.report_result(
        runtime, actor(user_id=fx.home_coach_id), f"f:{fx.id}", SideInput(home, 0), SideInput(away, 0), None
    )
    await results.confirm_result(runtime, actor(user_id=fx.away_coach_id), fx.id, done.version)


async def _play_round(runtime: Runtime, number: int) -> None:
    for line in (await tournament_play.round_pairings(runtime, 1, None, number)).tables:
        if line.fixture is not None and line.fixture.status != "confirmed":
            await _play(runtime, line.fixture, 2, 1)


async def _link(runtime: Runtime) -> str:
    token = (await web_links.set_link(runtime, ORGANISER, None, "on", kind="tournament")).token
    assert token is not None
    return token


async def _page(web: Client, path: str) -> str:
    response = await web.get(path)
    assert response.status == 200, path
    return await response.text()


async def test_a_swiss_event_shows_rankings_rounds_and_rosters(runtime: Runtime, web: Client) -> None:
    teams = await event(runtime, 4, spare=False, unapproved=1, rounds=3)
    token = await _link(runtime)
    before = await _page(web, f"/l/{token}/")
    assert "<h1>Rankings</h1>" in before and "not started yet" in before
    assert f"/l/{token}/round/" not in before  # no round to link to yet
    await tournament_entries.review(runtime, ORGANISER, None, "Late 0", approve=False, reason="too late")
    await tournament_play.start_event(runtime, ORGANISER, None)
    first = (await tournament_play.round_pairings(runtime, 1, None, 1)).tables[0]
    assert first.fixture is not None and first.away is not None
    await _play(runtime, first.fixture, 2, 1)

    front = await _page(web, f"/l/{token}/")
    # one of round 1's two games played: the rankings follow games played (issue 29)
    assert "round 1 of 3 under way" in front and f'href="/l/{token}/round/1">Rounds' in front
    assert f'<a href="/l/{token}/roster/{first.home.id}">{first.home.name}</a>' in front
    assert "Bracket" not in front  # a Swiss event has none
    assert front.index(first.home.name) < front.index(first.away.name)  # the winner ranks above

    round_one = await _page(web, f"/l/{token}/round/1")
    assert "Round 1 of 3" in round_one
    assert f'{first.home.name}</a>\n<span class="score">2 – 1</span>' in round_one
    assert '<span class="tag">scheduled</span>' in round_one  # the other table, still to play

    rosters = await _page(web, f"/l/{token}/rosters")
    assert all(f"/l/{token}/roster/{team_id}" in rosters for team_id in teams[:4])
    assert "Late 0" not in rosters  # rejected: not shown

    roster = await _page(web, f"/l/{token}/roster/{teams[0]}")
    assert "<h1>Team 0</h1>" in roster and "Human Lineman" in roster
    assert "6/3/3+/4+/9+" in roster  # the lineman's profile: MA/ST/AG/PA/AV
    assert roster.count("<tr><td>") == 11

    for missing in ("/round/2", "/round/0", f"/roster/{teams[4]}", "/bracket", "/roster/99999999999"):
        response = await web.get(f"/l/{token}{missing}")
        assert response.status == 404, missing


async def test_a_group_event_shows_its_bracket(runtime: Runtime, web: Client) -> None:
    await event(runtime, 8, format="groups", qualifiers=4)
    token = await _link(runtime)
    await tournament_play.start_event(runtime, ORGANISER, None)
    for number in (1, 2, 3):
        await _play_round(runtime, number)
    front = await _page(web, f"/l/{token}/")
    assert f'href="/l/{token}/bracket">Bracket' in front and "Knock-out: places 1-4" in front
    bracket = await _page(web, f"/l/{token}/bracket")
    assert "Group A" in bracket and "Group B" in bracket and "Knock-out, round 4" in bracket
    assert "Best of the Rest" in bracket
    round_four = await _page(web, f"/l/{token}/round/4")
    assert "Places 1-4" in round_four or "Best of the Rest" in round_four


async def test_no_page_shows_another_competition_or_a_replaced_link(runtime: Runtime, web: Client) -> None:
    """The league's link reaches no tournament page; the event's link no team of the league; a replaced
    link nothing at all."""
    league_teams = await builders.season(runtime, 4)
    del league_teams
    league_token = (await web_links.set_link(runtime, COMMISH, None, "on")).token
    teams = await event(runtime, 4)
    await tournament_play.start_event(runtime, ORGANISER, None)
    token = await _link(runtime)
    league_team = (await builders.fixtures(runtime))[0].home_team_id
    pages = ("/", "/round/1", "/rosters", f"/roster/{teams[0]}")
    for path in pages:
        assert (await web.get(f"/l/{token}{path}")).status == 200
    league_front = await _page(web, f"/l/{league_token}/")
    assert "Standings" in league_front and "Team 0" in league_front and "Rankings</h1>" not in league_front
    for path in ("/round/1", "/rosters", f"/roster/{teams[0]}", "/bracket"):
        assert (await web.get(f"/l/{league_token}{path}")).status == 404, path
    assert (await web.get(f"/l/{token}/roster/{league_team}")).status == 404
    await web_links.set_link(runtime, ORGANISER, None, "replace", kind="tournament")
    for path in pages:
        response = await web.get(f"/l/{token}{path}")
        assert response.status == 404, path
        assert "Team 0" not in await response.text()


async def test_a_team_event_ranks_its_squads_above_the_coaches(new_location: NewLocation) -> None:
    """Seed 000's team events as `/tournament standings` shows them: the squads first, then every coach."""
    path = new_location("team")
    played = await simulate_team_tournament(6, 3, 2, seed=5, db_path=path, catalog=CATALOG)
    assert not played.problems
    database, rt = await demo.open_runtime(path, CATALOG)
    client: Client = TestClient(TestServer(make_app(rt), host="127.0.0.1"))
    await client.start_server()
    try:
        token = (await web_links.set_link(rt, tournament.ORGANISER, None, "on", kind="tournament")).token
        html = await _page(client, f"/l/{token}/")
        event = await tournaments.get_event(rt, tournament.GUILD, None)
        squads = await rt.db.read(lambda conn: squad_store.squads(conn, tournament.GUILD, event.id))
        assert len(squads) == 2 and all(s.name in html for s in squads)
        assert html.index("<h2>Squads</h2>") < html.index("<h2>Coaches</h2>")
        assert html.count(f'href="/l/{token}/roster/') == 6
    finally:
        await client.close()
        await database.close()
