"""`/event export` and `/event import` (issue 29): a tournament goes out of one server as one event file and
into another, where it goes on (the next round is played, the standings count every game); exporting the
copy gives the same bytes; a broken file, a league file or a taken name is refused and writes nothing.
On SQLite and PostgreSQL (the `runtime` fixture), plus whole simulated events (SQLite files)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.clock import FakeClock
from bot.errors import Conflict, InvalidInput, NotFound, RuleViolation
from bot.rules.dice import SeededDice
from bot.rules.league.league_file import TABLES as LEAGUE_TABLES
from bot.rules.tournament.event_file import EVENT
from bot.rules.tournament.event_file import TABLES as EVENT_TABLES
from bot.services import competition_export
from bot.services.league.league_export import export_league, import_league
from bot.services.match import results
from bot.services.match.results import SideInput
from bot.services.runtime import Actor, Runtime
from bot.services.tournament import tournament_awards, tournament_play, tournaments
from bot.services.tournament.event_export import export_event, import_event
from bot.simulation.team_tournament import simulate_team_tournament
from bot.simulation.tournament import GUILD, simulate_tournament
from bot.simulation.tournament_play_options import PlayOptions
from bot.store import Database
from bot.store.connection import Connection
from tests import builders as build
from tests.conftest import CATALOG
from tests.services.tournament.test_tournament_squads import squad_event

ELSEWHERE = 2  # the server the event is imported into
CHANNEL = 200


def there(user_id: int) -> Actor:
    return Actor(ELSEWHERE, user_id, CHANNEL)


async def _play_round(rt: Runtime, guild_id: int, number: int | None = None) -> int:
    """Report and confirm every open game of the round (the home coach wins or draws); the last
    confirmation pairs the next round. Returns the games played."""
    pairings = await tournament_play.round_pairings(rt, guild_id, None, number)
    games = [t.fixture for t in pairings.tables if t.fixture is not None and t.fixture.status != "confirmed"]
    for fx in games:
        home = Actor(guild_id, fx.home_coach_id, CHANNEL)
        done = await results.report_result(
            rt, home, f"f:{fx.id}", SideInput(1 + fx.id % 2, fx.id % 3), SideInput(fx.id % 2, 0)
        )
        await results.confirm_result(rt, Actor(guild_id, fx.away_coach_id, CHANNEL), fx.id, done.version)
    return len(games)


async def _counts(rt: Runtime) -> dict[str, int]:
    """Rows per table of the whole database (both engines): what an import that is refused must leave."""
    tables = await rt.db.tables()

    def count(conn: Connection) -> dict[str, int]:
        return {t: int(conn.execute(f"SELECT COUNT(*) FROM {t}").fetchone()[0]) for t in tables}  # noqa: S608

    return await rt.db.read(count)


async def _swiss_after_round_2(rt: Runtime) -> None:
    """A six-coach Swiss event of four rounds, two played (round 3 paired), with Favourite Opponent votes
    and the organiser's Best Painted choice."""
    await build.tournament_event(rt, 6, rounds=4, best_painted="organiser")
    await tournament_play.start_event(rt, build.ORGANISER, None)
    assert await _play_round(rt, 1) == 3
    assert await _play_round(rt, 1) == 3
    played = (await tournament_play.round_pairings(rt, 1, None, 1)).tables[0].fixture
    assert played is not None
    home, away = build.coach(played.home_coach_id - 100), build.coach(played.away_coach_id - 100)
    await tournament_awards.vote(rt, home, None, played.away_name)
    await tournament_awards.vote(rt, away, None, played.home_name)
    await tournament_awards.choose_best_painted(rt, build.ORGANISER, None, "Team 3")


async def test_a_swiss_event_after_round_2_moves_server_and_goes_on(runtime: Runtime) -> None:
    await _swiss_after_round_2(runtime)
    out = await export_event(runtime, build.ORGANISER, None)
    body = json.loads(out.data)
    assert body["format"] == "bb-league-bot/event" and body["version"] == 1
    assert (out.teams, out.rounds, out.games) == (6, 3, 9) and not out.gzipped
    assert len(body["tournament_votes"]) == 2 and body["tournaments"][0]["best_painted"] is not None
    assert body["leagues"][0]["kind"] == "tournament" and "guild_id" not in body["tournament_entries"][0]
    assert body["dice_rolls"] and body["fixture_reports"]  # the round-1 draw's dice, every report version

    done = await import_event(runtime, there(1), out.data, None)
    assert (done.event_name, done.teams, done.players, done.games, done.squads) == ("Cup", 6, 66, 9, 0)
    assert (await export_event(runtime, there(1), None)).data == out.data  # the same event, the same file

    # the copy goes on in its new server: round 3 is played there, which pairs round 4
    original = await tournament_play.standings(runtime, 1, None)
    before = await tournament_play.standings(runtime, ELSEWHERE, None)
    assert [line.team.name for line in before.lines] == [line.team.name for line in original.lines]
    assert (before.progress.played, before.rounds_paired, len(before.lines)) == (2, 3, 6)
    assert await _play_round(runtime, ELSEWHERE, 3) == 3
    pairings = await tournament_play.round_pairings(runtime, ELSEWHERE, None)
    assert pairings.round_number == 4 and len(pairings.tables) == 3
    after = await tournament_play.standings(runtime, ELSEWHERE, None)
    assert (after.progress.played, after.rounds_paired) == (3, 4)
    event = await tournaments.get_event(runtime, ELSEWHERE, None)
    assert event.league.announce_channel_id == CHANNEL and event.status == "running"
    # the original is untouched
    assert (await tournament_play.round_pairings(runtime, 1, None)).round_number == 3


async def test_a_team_event_keeps_its_squads(runtime: Runtime) -> None:
    await squad_event(runtime, 2, 3)
    await tournament_play.start_event(runtime, build.ORGANISER, None)
    await _play_round(runtime, 1)
    out = await export_event(runtime, build.ORGANISER, None)
    body = json.loads(out.data)
    assert len(body["tournament_squads"]) == 2 and len(body["tournament_squad_members"]) == 6
    done = await import_event(runtime, there(1), out.data, "Clubs Again")
    assert done.squads == 2 and done.teams == 6
    copy = json.loads((await export_event(runtime, there(1), None)).data)
    assert copy["leagues"][0]["name"] == "Clubs Again"
    assert {**copy, "leagues": body["leagues"]} == body  # equal but for the new name
    assert await _play_round(runtime, ELSEWHERE) == 3  # round 2, paired squad against squad


def _edit(data: bytes, change: Callable[[dict[str, Any]], None]) -> bytes:
    body = json.loads(data)
    change(body)
    return json.dumps(body).encode()


def _version(b: dict[str, Any]) -> None:
    b["version"] = 2


def _rulespack(b: dict[str, Any]) -> None:
    b["tournaments"][0]["rulespack"] = json.dumps({"rounds": 0})


def _vote_for_nobody(b: dict[str, Any]) -> None:
    b["tournament_votes"][0]["for_team_id"] = 999


def _table_fixture(b: dict[str, Any]) -> None:
    b["tournament_tables"][0]["fixture_id"] = 4242


def _a_league(b: dict[str, Any]) -> None:
    b["leagues"][0]["kind"] = "league"


def _two_tournaments(b: dict[str, Any]) -> None:
    b["tournaments"].append(b["tournaments"][0])


def _status(b: dict[str, Any]) -> None:  # passes the file's checks; the database refuses it
    b["tournaments"][0]["status"] = "paused"


def _settings(b: dict[str, Any]) -> None:  # the league settings of the event's row (its ruleset)
    b["leagues"][0]["settings"] = json.dumps({"ruleset": "no such ruleset"})


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        (_version, "version 2 is not known"),
        (_rulespack, "tournaments[0].rulespack"),
        (_vote_for_nobody, "tournament_votes[0].for_team_id: teams 999 is not in the file"),
        (_table_fixture, "tournament_tables[0].fixture_id: fixtures 4242 is not in the file"),
        (_a_league, "only tournaments can be imported"),
        (_two_tournaments, "exactly one tournaments row"),
        (_status, "the database refuses one of its rows"),
        (_settings, "leagues[0].settings"),
    ],
)
async def test_a_broken_file_is_refused_and_writes_nothing(
    runtime: Runtime, change: Callable[[dict[str, Any]], None], reason: str
) -> None:
    await _swiss_after_round_2(runtime)
    good = (await export_event(runtime, build.ORGANISER, None)).data
    before = await _counts(runtime)
    with pytest.raises(RuleViolation, match="This event file cannot be imported") as refused:
        await import_event(runtime, there(1), _edit(good, change), None)
    assert reason in str(refused.value)
    assert await _counts(runtime) == before


async def test_a_taken_name_a_cut_file_and_the_wrong_kind_are_refused(runtime: Runtime) -> None:
    await _swiss_after_round_2(runtime)
    good = (await export_event(runtime, build.ORGANISER, None)).data
    before = await _counts(runtime)
    with pytest.raises(Conflict, match="already has a league or tournament called Cup"):
        await import_event(runtime, build.ORGANISER, good, None)
    with pytest.raises(RuleViolation, match="cut short"):
        await import_event(runtime, there(1), good[: len(good) // 2], None)
    with pytest.raises(RuleViolation, match='it is not a league file \\(its "format" must be'):
        await import_league(runtime, there(1), good, None)
    with pytest.raises(InvalidInput, match="too large"):
        await competition_export.parse_upload(EVENT, good, len(good) - 1)
    with pytest.raises(NotFound, match="is a tournament, not a league"):
        await export_league(runtime, build.ORGANISER, "Cup")
    assert await _counts(runtime) == before


async def test_a_league_file_is_not_an_event_file(runtime: Runtime) -> None:
    await build.season(runtime)
    league = (await export_league(runtime, build.COMMISH, None)).data
    before = await _counts(runtime)
    with pytest.raises(RuleViolation, match='it is not an event file \\(its "format" must be'):
        await import_event(runtime, there(1), league, None)
    with pytest.raises(NotFound, match="is a league, not a tournament"):
        await export_event(runtime, build.COMMISH, "l:1")
    assert await _counts(runtime) == before


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    pick=st.integers(min_value=0, max_value=10**9),
    value=st.one_of(st.none(), st.integers(-5, 10**6), st.text(max_size=8), st.sampled_from(["swiss", "[]"])),
)
async def test_a_random_value_in_a_tournament_row_is_refused_whole_or_imported_whole(
    runtime: Runtime, pick: int, value: object
) -> None:
    if not await runtime.db.read(lambda conn: conn.execute("SELECT 1 FROM tournaments").fetchone()):
        await _swiss_after_round_2(runtime)
    body = json.loads((await export_event(runtime, build.ORGANISER, None)).data)
    tables = [t for t in body if t.startswith("tournament") and body[t]]
    rows = body[tables[pick % len(tables)]]
    row = rows[(pick // 7) % len(rows)]
    row[sorted(row)[(pick // 13) % len(row)]] = value
    before = await _counts(runtime)
    name = f"Copy {pick}"
    try:
        await import_event(runtime, there(1), json.dumps(body).encode(), name)
    except (RuleViolation, Conflict):
        assert await _counts(runtime) == before
    else:  # every row of every table arrived
        copy = json.loads((await export_event(runtime, there(1), name)).data)
        assert {t: len(copy[t]) for t in body if t not in ("format", "version")} == {
            t: len(body[t]) for t in body if t not in ("format", "version")
        }


# columns a file leaves out on purpose: the server, the old server's channels, and the order of rows a
# table keeps in a `position` (the import appends them in the file's order); a roll's league is the one
# imported
LEFT_OUT_COLUMNS = {"guild_id", "announce_channel_id", "channel_id", "position"}
LEFT_OUT_OF = {"dice_rolls": {"league_id"}}


async def test_every_column_of_every_exported_table_is_in_the_file(tmp_path: Path) -> None:
    """A column another change adds to a table the files hold must be added to the file's model (or to the
    reasons above): the export is driven by the models, so a forgotten column would be lost silently. (The
    two engines have the same columns: read on SQLite.)"""
    database = await Database.open(tmp_path / "schema.sqlite3")
    await database.migrate()
    try:
        for table in {t.name: t for t in (*LEAGUE_TABLES, *EVENT_TABLES)}.values():
            names = await database.read(_column_names, table.name)
            missing = (
                names - set(table.model.model_fields) - LEFT_OUT_COLUMNS - LEFT_OUT_OF.get(table.name, set())
            )
            assert not missing, f"{table.name}: columns not in the file: {sorted(missing)}"
            assert set(table.model.model_fields) <= names, table.name
    finally:
        await database.close()


def _column_names(conn: Connection, table: str) -> set[str]:
    return {str(row["name"]) for row in conn.execute("SELECT name FROM pragma_table_info(?)", (table,))}


@pytest.mark.parametrize("kind", ["swiss", "team"])
async def test_a_whole_simulated_event_round_trips(kind: str, tmp_path: Path) -> None:
    """A finished event with everything seed 000 offers (escalation rosters, custom inducements, stars,
    Skill-Point skills, Secret Objectives, injuries and advancement, NAF details, votes; or squads)."""
    path = tmp_path / "event.sqlite3"
    if kind == "swiss":
        played = await simulate_tournament(
            8,
            3,
            seed=3,
            db_path=path,
            options=PlayOptions(secret_objectives=True, injuries=True, advancement=True),
            escalation=True,
            custom_inducements=True,
            naf_report=tmp_path / "naf.xml",
        )
    else:
        played = await simulate_team_tournament(8, 4, 3, seed=3, db_path=path)
    assert played.problems == []
    db = await Database.open(path)
    await db.migrate()
    try:
        rt = Runtime(db=db, dice=SeededDice(1), clock=FakeClock(), catalog=CATALOG)
        out = await export_event(rt, Actor(GUILD, 1, GUILD), None)
        body = json.loads(out.data)
        own = [t.name for t in EVENT_TABLES if t.name.startswith("tournament")]
        empty = {t for t in own if not body[t]}
        expected = (
            {"tournament_squads", "tournament_squad_members"}
            if kind == "swiss"
            else {
                "tournament_objectives",
                "tournament_escalation_players",
                "tournament_escalation_rounds",
            }
        )
        assert empty == expected
        await import_event(rt, there(1), out.data, None)
        assert (await export_event(rt, there(1), None)).data == out.data
    finally:
        await db.close()
