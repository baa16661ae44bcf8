"""What league pages show first (issue 30): coach names, race and team value in the standings, a team's
W-D-L, a finished season's champion, the profile under its headers, a player's games one by one; each fact
of a game once; the dice grouped by game and phase; who won a drawn play-off on penalties; and which
stage ranks Best of the Rest."""

from __future__ import annotations

import re
import sqlite3
from dataclasses import replace

from aiohttp.test_utils import TestClient

from bot.services.league import playoffs
from bot.services.match import postgame, results
from bot.services.match.results import SideInput
from bot.services.roster import teams
from bot.services.runtime import Runtime
from bot.services.tournament import tournament_play
from bot.services.web import web_pages, web_tournament_pages
from bot.services.web.web_facts import phase_of
from bot.store import coaches as coach_store
from bot.store import tournaments as tournament_store
from tests import builders
from tests.builders import AWAY, COMMISH, HOME, ORGANISER, coach
from tests.builders import tournament_event as event
from tests.conftest import actor
from tests.web.pages import link, read, text_of
from tests.web.test_league_pages import _played_game, drawn_semi_final
from tests.web.test_tournament_pages import _link, _page, _play_round

COACH_NAME = "Ada Lovelace"


async def test_the_standings_show_each_teams_race_coach_and_team_value(
    runtime: Runtime, web: TestClient[object, object]
) -> None:
    drafted = builders.entries(4, rosters={1: "orc"})
    drafted[0] = replace(drafted[0], coach=replace(coach(0), name=COACH_NAME))  # /team create kept his name
    await builders.season(runtime, drafted)
    token = await link(runtime, COMMISH)
    page = await web_pages.league_page(runtime, token)
    first = await builders.team_of(runtime, coach(0))
    orcs = await builders.team_of(runtime, coach(1))
    sheet = await teams.team_sheet(runtime, coach(0), None)
    assert page.facts[first.id].coach == COACH_NAME and page.facts[first.id].race == "Human"
    assert page.facts[first.id].team_value == sheet.team_value
    assert page.facts[orcs.id].race == "Orc" and page.facts[orcs.id].coach is None  # no name kept: none shown
    html = await read(web, f"/l/{token}/")
    standings = html[html.index('class="standings"') : html.index("</table>")]
    text = text_of(standings)
    assert COACH_NAME in text and "Human" in text and "Orc" in text
    assert f"TV {sheet.team_value // 1000:,}k" in text
    assert standings.count('class="coach"') == 1  # only the coach whose name the bot kept
    assert str(orcs.coach_id) not in re.sub(r"/team/\d+", "", standings)  # never a raw id instead


async def test_a_coach_name_is_kept_when_he_reports_or_confirms_and_follows_his_display_name(
    runtime: Runtime,
) -> None:
    await builders.season(runtime, 4)  # teams created by coaches whose names the bot did not see
    token = await link(runtime, COMMISH)
    fx = (await builders.fixtures(runtime))[0]
    home = replace(actor(user_id=fx.home_coach_id), name="Grace  Hopper")
    away = replace(actor(user_id=fx.away_coach_id), name="Alan Turing")
    assert (await web_pages.league_page(runtime, token)).facts[fx.home_team_id].coach is None
    done = await results.report_result(runtime, home, f"f:{fx.id}", SideInput(1, 0), SideInput(0, 0))
    await results.confirm_result(runtime, away, fx.id, done.version)
    facts = (await web_pages.league_page(runtime, token)).facts
    assert facts[fx.home_team_id].coach == "Grace Hopper" and facts[fx.away_team_id].coach == "Alan Turing"
    for team_id in (fx.home_team_id, fx.away_team_id):
        await postgame.finish_postgame(runtime, COMMISH, fx.id, team_id, as_commissioner=True)
    every = await builders.fixtures(runtime)
    second = next(f for f in every if away.user_id in f.coaches() and f.id != fx.id)
    renamed = replace(away, name="A. M. Turing")
    await results.report_result(runtime, renamed, f"f:{second.id}", SideInput(0, 0), SideInput(0, 0))
    assert (await web_pages.league_page(runtime, token)).facts[fx.away_team_id].coach == "A. M. Turing"


async def test_a_finished_season_shows_its_champion_and_only_then(
    runtime: Runtime, web: TestClient[object, object]
) -> None:
    await builders.season(runtime, 4)
    await builders.regular_season(runtime)
    token = await link(runtime, COMMISH)
    assert (await web_pages.league_page(runtime, token)).champion is None
    assert "Champion" not in text_of(await read(web, f"/l/{token}/"))
    await playoffs.open_playoffs(runtime, COMMISH, None)
    for fx in await builders.fixtures(runtime, "playoff"):
        await builders.play(runtime, fx, 1, 0)
    assert "Champion" not in text_of(await read(web, f"/l/{token}/"))  # the final still to play
    for fx in [f for f in await builders.fixtures(runtime, "playoff") if f.playoff_stage == 2]:
        await builders.play(runtime, fx, 1, 0)
    page = await web_pages.league_page(runtime, token, 1)
    assert page.champion is not None and page.champion.team_name == "Team 0"
    text = text_of(await read(web, f"/l/{token}/?season=1"))
    assert "Champion: Team 0" in text


async def test_the_team_page_shows_its_coach_and_record(
    runtime: Runtime, web: TestClient[object, object]
) -> None:
    drafted = builders.entries(4)
    drafted[0] = replace(drafted[0], coach=replace(coach(0), name=COACH_NAME))
    await builders.season(runtime, drafted)
    token = await link(runtime, COMMISH)
    first = await builders.team_of(runtime, coach(0))
    games = [f for f in await builders.fixtures(runtime) if first.id in (f.home_team_id, f.away_team_id)]
    await builders.play(runtime, games[0], 1, 1)
    won = 2 if games[1].home_team_id == first.id else 0
    await builders.play(runtime, games[1], won, 2 - won)
    page = await web_pages.team_page(runtime, token, first.id)
    assert (page.record.won, page.record.drawn, page.record.lost) == (1, 1, 0)
    assert page.coach == COACH_NAME
    html = await read(web, f"/l/{token}/team/{first.id}")
    text = text_of(html)
    assert "W-D-L 1-1-0" in text and f"Coach {COACH_NAME}" in text
    assert "Player · MA/ST/AG/PA/AV</th>" in html  # the profile's header, seen on a phone (not a tooltip)


async def test_the_player_page_has_profile_headers_and_his_games_one_by_one(
    runtime: Runtime, web: TestClient[object, object]
) -> None:
    fixture_id, token = await _played_game(runtime)
    sheet = await teams.team_sheet(runtime, HOME, None)
    scorer = next(p.row for p in sheet.players if p.row.number == 1)
    page = await web_pages.player_page(runtime, token, scorer.id)
    [game] = page.games
    assert game.fixture.id == fixture_id and game.opponent == "Away" and game.spp == 6
    assert game.line is not None and game.line.touchdowns == 2 and game.result == "W 2–0"
    html = await read(web, f"/l/{token}/player/{scorer.id}")
    assert "<th>MA</th><th>ST</th><th>AG</th><th>PA</th><th>AV</th>" in html
    assert "<td>6</td><td>3</td><td>3+</td><td>4+</td><td>9+</td>" in html  # a Human Lineman's profile
    text = text_of(html)
    assert "Game by game" in text and "v Away W 2–0 2 TD · +6 SPP" in text
    mvp = next(p.row for p in sheet.players if p.row.number == 5)
    assert "MVP" in text_of(await read(web, f"/l/{token}/player/{mvp.id}"))
    away = await teams.team_sheet(runtime, AWAY, None)
    hurt = next(p.row for p in away.players if p.row.number == 9)
    [hurt_game] = (await web_pages.player_page(runtime, token, hurt.id)).games
    assert hurt_game.changes == ("Serious Injury (niggling)",)


async def test_a_fixture_page_shows_each_players_spp_once(
    runtime: Runtime, web: TestClient[object, object]
) -> None:
    fixture_id, token = await _played_game(runtime)
    page = await web_pages.fixture_page(runtime, token, fixture_id)
    home, _away = page.sides
    scorer = next(p for p in home.players if p.number == 1)
    assert scorer.did == "2 touchdowns" and scorer.spp == 6
    assert all(not line.startswith("#") for side in page.sides for line in side.postgame)  # in the players
    html = await read(web, f"/l/{token}/fixture/{fixture_id}")
    for side in page.sides:
        for p in side.players:
            assert html.count(f'href="/l/{token}/player/{p.player_id}"') == 1, p.name  # each player once
    text = text_of(html)
    assert text.count("+6 SPP") == 1 and text.count("2 touchdowns") == 1
    assert "What it changed" not in text  # its lines are the players' and the post-game's now


async def test_the_dice_are_grouped_by_game_and_phase(
    runtime: Runtime, web: TestClient[object, object]
) -> None:
    fixture_id, token = await _played_game(runtime)
    page = await web_pages.dice_page(runtime, token)
    assert sum(len(phase.rolls) for game in page.games for phase in game.phases) == len(page.lines)
    [game] = page.games
    assert game.fixture is not None and game.fixture.id == fixture_id
    assert any(phase.heading == "post-game, Home" for phase in game.phases)
    assert phase_of("Home v Away post-game, Home: MVP", game.fixture) == ("post-game, Home", "MVP")
    name = "Home v Away"
    text = text_of(await read(web, f"/l/{token}/dice"))
    assert text.count(name) == 1 and "post-game, Home" in text  # the game named once, not on every roll
    fixture_text = text_of(await read(web, f"/l/{token}/fixture/{fixture_id}"))
    assert name + " post-game" not in fixture_text and "post-game, Away" in fixture_text


async def test_a_drawn_playoff_says_who_won_on_penalties(
    runtime: Runtime, web: TestClient[object, object]
) -> None:
    semi = await drawn_semi_final(runtime)
    token = await link(runtime, COMMISH)
    assert (await web_pages.league_page(runtime, token)).penalties == {semi.id: semi.home_name}
    front = text_of(await read(web, f"/l/{token}/"))
    assert "0 – 0" in front and f"{semi.home_name} won on penalties" in front
    for path in ("/playoffs", "/fixtures", f"/team/{semi.home_team_id}"):
        assert f"{semi.home_name} won on penalties" in text_of(await read(web, f"/l/{token}{path}")), path
    home = await web_pages.team_page(runtime, token, semi.home_team_id)
    assert home.penalties == {semi.id: semi.home_name}


async def test_best_of_the_rest_says_its_own_games_rank_it(
    runtime: Runtime, web: TestClient[object, object]
) -> None:
    await event(runtime, 8, format="groups", qualifiers=4)
    token = await _link(runtime)
    await tournament_play.start_event(runtime, ORGANISER, None)
    for number in (1, 2, 3, 4):
        await _play_round(runtime, number)
    page = await web_tournament_pages.rankings_page(runtime, token)
    assert page is not None and len(page.rest) == 4
    for line in page.standings.lines:
        if line.team.id in page.rest:
            assert page.rest[line.team.id].played == 1 and line.row.played == 4  # its own game vs the event's
    text = text_of(await _page(web, f"/l/{token}/"))
    assert "ranked by their Best of the Rest games alone" in text
    first_rest = next(line for line in page.standings.lines if line.team.id in page.rest)
    assert f"Best of the Rest: {page.rest[first_rest.team.id].tournament_points} TP" in text
    bracket = text_of(await _page(web, f"/l/{token}/bracket"))
    assert "ranked by their Best of the Rest games alone" in bracket


async def test_the_rankings_show_each_teams_race_and_coach(
    runtime: Runtime, web: TestClient[object, object]
) -> None:
    team_ids = await event(runtime, 4)
    token = await _link(runtime)

    def names(conn: sqlite3.Connection) -> None:
        coach_store.remember(conn, 1, coach(0).user_id, COACH_NAME, runtime.clock.now())  # his display name
        tournament_store.set_naf(conn, 1, team_ids[1], "NafOnly", 1234)  # no display name kept: the NAF one
        tournament_store.set_naf(conn, 1, team_ids[0], "Ada NAF", 99)  # the display name comes first

    await runtime.db.write(names)
    page = await web_tournament_pages.rankings_page(runtime, token)
    assert page is not None
    assert page.who[team_ids[0]] == f"Human · {COACH_NAME}" and page.who[team_ids[1]] == "Human · NafOnly"
    assert page.who[team_ids[2]] == "Human"  # no name at all: the race alone, never an id
    text = text_of(await _page(web, f"/l/{token}/"))
    assert f"Human · {COACH_NAME}" in text and "Human · NafOnly" in text


def test_a_post_games_own_money_lines_are_told_once_in_the_leagues_language() -> None:
    """The post-game's lines already say the winnings and the expensive mistakes: the treasury list of a
    game leaves their ledger rows out, whether the cause was worded in English (rows written before a
    league had a language) or in the league's language (here French, as the page is)."""
    from datetime import UTC, datetime

    from bot import i18n
    from bot.i18n import _
    from bot.services.web.web_facts import game_side
    from bot.store.history import TreasuryChange

    def row(row_id: int, cause: str) -> TreasuryChange:
        return TreasuryChange(row_id, 1, 10_000, 10_000, cause, 5, datetime(2026, 1, 1, tzinfo=UTC))

    with i18n.using("fr"):
        french = [
            row(1, _("winnings: {match}", match="Reavers v Raiders")),
            row(2, _("expensive mistakes: {outcome}", outcome="Minor Incident")),
        ]
        rows = [*french, row(3, "winnings: Reavers v Raiders"), row(4, "bought a team re-roll")]
        side = game_side("Reavers", 1, None, [], ["Gains : 50 000 po"], rows)
    assert french[0].cause.startswith("gains") and [t.id for t in side.treasury] == [4]
