"""Secret Objectives in play (issue 16 item 4): rolled when a round is paired, each coach told his own
privately, revealed when the game is confirmed, reported achieved and counted as the first tiebreaker."""

from __future__ import annotations

import json
import sqlite3

import pytest

from bot.errors import InvalidInput, NotFound, RuleViolation
from bot.services.match import results
from bot.services.match.results import SideInput
from bot.services.runtime import Actor, Runtime
from bot.services.tournament import tournament_objectives, tournament_play, tournaments
from bot.store import announcements, dice_log, history
from bot.store import tournament_objectives as objective_store
from bot.store.seasons import Fixture
from tests.builders import ORGANISER
from tests.builders import tournament_event as event
from tests.conftest import actor


def who(user_id: int) -> Actor:
    return actor(user_id=user_id)


async def round_games(runtime: Runtime, number: int | None = None) -> list[Fixture]:
    pairings = await tournament_play.round_pairings(runtime, 1, None, number)
    return [t.fixture for t in pairings.tables if t.fixture is not None]


def _all_announcements(conn: sqlite3.Connection) -> list[announcements.Announcement]:
    return announcements.unsent(conn, limit=1000)


def _rolls(conn: sqlite3.Connection) -> list[dice_log.LoggedRoll]:
    """Every die in the log (what is stored, secret or not)."""
    return [dice_log.row_to_roll(r) for r in conn.execute("SELECT * FROM dice_rolls ORDER BY id").fetchall()]


def _public(conn: sqlite3.Connection, fx: Fixture) -> dict[str, list[str]]:
    """The purposes of the dice each public read shows: /roll-history, the game's web page, the dice log."""
    channel, _ = dice_log.in_channel(conn, 1, ORGANISER.channel_id, up_to_id=10**9, limit=1000, offset=0)
    return {
        "roll-history": [r.purpose for r in channel],
        "game page": [r.purpose for r in history.dice_of_fixture(conn, 1, fx.id)],
        "dice log": [r.purpose for r in history.dice_of_league(conn, 1, fx.league_id, limit=1000, offset=0)],
    }


async def test_objectives_rolled_sent_privately_hidden_then_revealed(runtime: Runtime) -> None:
    """Seed 000: "At the start of the game, each coach should roll for three Secret Objectives [...] Coaches
    should also not reveal what they are trying to achieve to their opponent" and they are "revealed at the
    end of the game"."""
    await event(runtime, 4, secret_objectives=True)
    await tournament_play.start_event(runtime, ORGANISER, None)
    games = await round_games(runtime)
    rows = await runtime.db.read(objective_store.of_event, 1, games[0].league_id)
    assert len(rows) == 4 and {len(set(r.results)) for r in rows} == {3}
    assert {(r.fixture_id, r.team_id) for r in rows} == {
        (fx.id, team) for fx in games for team in (fx.home_team_id, fx.away_team_id)
    }
    rolls = sorted(
        (r for r in await runtime.db.read(_rolls) if "Secret Objectives" in r.purpose), key=lambda r: r.id
    )
    for fx in games:  # every die logged with its game; the kept faces are the stored results
        for team, name in ((fx.home_team_id, fx.home_name), (fx.away_team_id, fx.away_name)):
            mine = [r for r in rolls if r.purpose.startswith(f"Secret Objectives of {name}:")]
            assert {r.fixture_id for r in mine} == {fx.id}
            kept = tuple(r.faces[0] for r in mine if "repeat" not in r.purpose)
            assert kept == next(r.results for r in rows if r.team_id == team)
    posted = await runtime.db.read(_all_announcements)
    direct = [a for a in posted if a.dm_user_id is not None]
    coaches = {c for fx in games for c in fx.coaches()}
    assert sorted(a.dm_user_id for a in direct) == sorted(coaches)
    assert all(a.mentions == () and "your Secret Objectives" in a.title for a in direct)
    pairing = next(a for a in posted if "round 1 pairings" in a.title)
    assert pairing.dm_user_id is None
    assert any("sent to him privately" in line for line in pairing.lines)
    # nothing secret in the channel: no objective's name in the pairings
    table = tournament_objectives.table(runtime)
    assert not any(table.lookup(f).name in " ".join(pairing.lines) for f in range(1, 17))

    fx = games[0]
    # Issue 31: the dice would give the objectives away (the table is public): hidden until the report
    shown = await runtime.db.read(_public, fx)
    assert shown["dice log"] and not any("Secret Objectives" in p for ps in shown.values() for p in ps), shown
    assert await runtime.db.read(history.dice_count, 1, fx.league_id) == len(shown["dice log"])
    seen = await tournament_objectives.my_objectives(runtime, who(fx.home_coach_id), None)
    assert len(seen.games) == 1 and len(seen.games[0].mine) == 3 and seen.games[0].theirs is None
    home_row = next(r for r in rows if r.team_id == fx.home_team_id)
    assert [e.name for e in seen.games[0].mine] == [table.lookup(f).name for f in home_row.results]

    done = await results.report_result(
        runtime,
        who(fx.home_coach_id),
        f"f:{fx.id}",
        SideInput(1, 0, objectives=2),
        SideInput(0, 0, objectives=3),
    )
    # reported: that game's objective dice show everywhere (the other game's stay hidden)
    shown = await runtime.db.read(_public, fx)
    this_game = sorted(r.purpose for r in rolls if r.fixture_id == fx.id)
    assert all(sorted(p for p in ps if "Secret Objectives" in p) == this_game for ps in shown.values()), shown
    await results.confirm_result(runtime, who(fx.away_coach_id), fx.id, done.version)
    after = await tournament_objectives.my_objectives(runtime, who(fx.away_coach_id), None)
    assert after.games[0].theirs is not None and after.games[0].achieved == 3
    assert after.games[0].opponent_achieved == 2
    revealed = [a for a in await runtime.db.read(_all_announcements) if "Secret Objectives of" in a.title]
    assert len(revealed) == 1 and revealed[0].dm_user_id is None
    assert "(2 of 3 achieved)" in revealed[0].lines[0] and "(3 of 3 achieved)" in revealed[0].lines[1]


async def test_reported_objectives_are_the_first_tiebreaker(runtime: Runtime) -> None:
    """Seed 000: "Secret Objectives are best used as a Tiebreaker, usually the first tiebreaker" """
    await event(runtime, 4, secret_objectives=True)
    await tournament_play.start_event(runtime, ORGANISER, None)
    first, second = await round_games(runtime)
    for fx, achieved in ((first, 1), (second, 3)):
        done = await results.report_result(
            runtime,
            who(fx.home_coach_id),
            f"f:{fx.id}",
            SideInput(3, 3, objectives=achieved),  # 3 Bonus Points...
            SideInput(0, 0, objectives=0),
        )
        await results.confirm_result(runtime, who(fx.away_coach_id), fx.id, done.version)
    rows = (await tournament_play.standings(runtime, 1, None)).lines
    assert [line.team.id for line in rows[:2]] == [second.home_team_id, first.home_team_id]
    assert rows[1].row.decided_by == "Secret Objectives achieved"
    assert [line.row.objectives for line in rows[:2]] == [3, 1]


async def test_objectives_refused_where_the_event_does_not_use_them(runtime: Runtime) -> None:
    await event(runtime, 2)
    await tournament_play.start_event(runtime, ORGANISER, None)
    (fx,) = await round_games(runtime)
    with pytest.raises(RuleViolation, match="only in a tournament that plays with them"):
        await results.report_result(
            runtime, who(fx.home_coach_id), f"f:{fx.id}", SideInput(1, 0, objectives=1), SideInput(0, 0)
        )
    with pytest.raises(RuleViolation, match="does not play with Secret Objectives"):
        await tournament_objectives.my_objectives(runtime, who(fx.home_coach_id), None)
    with pytest.raises(InvalidInput, match="0 to 3"):
        await results.report_result(
            runtime, who(fx.home_coach_id), f"f:{fx.id}", SideInput(1, 0, objectives=4), SideInput(0, 0)
        )
    rows = await runtime.db.read(objective_store.of_event, 1, fx.league_id)
    assert rows == []


async def test_a_coach_outside_the_event_has_no_objectives(runtime: Runtime) -> None:
    await event(runtime, 2, secret_objectives=True)
    with pytest.raises(NotFound, match="no roster"):
        await tournament_objectives.my_objectives(runtime, who(4242), None)
    state = await tournaments.get_event(runtime, 1, None)
    assert state.rulespack.secret_objectives
    assert json.loads(state.rulespack.model_dump_json())["secret_objectives"] is True


async def test_a_swapped_coach_keeps_his_objectives(runtime: Runtime) -> None:
    """The organiser's swap moves a coach to another table: his objectives (rolled in the open, logged) go
    with him; nothing is rolled twice."""
    await event(runtime, 4, secret_objectives=True)
    await tournament_play.start_event(runtime, ORGANISER, None)
    first, second = await round_games(runtime)
    before = {
        r.team_id: r.results for r in await runtime.db.read(objective_store.of_event, 1, first.league_id)
    }
    rolled = len([r for r in await runtime.db.read(_rolls) if "Secret Objectives" in r.purpose])
    await tournament_play.swap_tables(runtime, ORGANISER, None, first.home_name, second.home_name, "travel")
    rows = await runtime.db.read(objective_store.of_event, 1, first.league_id)
    assert {r.team_id: r.results for r in rows} == before
    assert {r.team_id: r.fixture_id for r in rows} == {
        first.home_team_id: second.id,
        first.away_team_id: first.id,
        second.home_team_id: first.id,
        second.away_team_id: second.id,
    }
    assert len([r for r in await runtime.db.read(_rolls) if "Secret Objectives" in r.purpose]) == rolled
