"""Tournament play (issue 15 items 3-5): start, pairings, results and concessions, the winner's fan, the
automatic next round, the organiser's early pairing and swap, deadlines, standings."""

from __future__ import annotations

import sqlite3
from datetime import timedelta
from typing import Any

import pytest

from bot.errors import Conflict, InvalidInput, NotAllowed, RuleViolation
from bot.services.match import deadlines, results
from bot.services.match.results import SideInput
from bot.services.runtime import Actor, Runtime
from bot.services.tournament import tournament_play, tournaments
from bot.store import audit, dice_log
from bot.store import seasons as season_store
from bot.store import teams as team_store
from bot.store import tournaments as tournament_store
from bot.store.seasons import Fixture
from tests.builders import ORGANISER, clock_of, due_now
from tests.builders import tournament_event as event
from tests.conftest import actor


def who(user_id: int) -> Actor:
    return actor(user_id=user_id)


async def round_games(runtime: Runtime, number: int | None = None) -> list[Fixture]:
    pairings = await tournament_play.round_pairings(runtime, 1, None, number)
    return [t.fixture for t in pairings.tables if t.fixture is not None]


async def play(
    runtime: Runtime, fx: Fixture, home: SideInput, away: SideInput, conceded: Any = None
) -> results.ReportedResult:
    """Reported by the home coach, confirmed by the away coach."""
    done = await results.report_result(runtime, who(fx.home_coach_id), f"f:{fx.id}", home, away, conceded)
    return await results.confirm_result(runtime, who(fx.away_coach_id), fx.id, done.version)


async def play_round(runtime: Runtime, number: int | None = None) -> None:
    for fx in await round_games(runtime, number):
        await play(runtime, fx, SideInput(1 + fx.id % 3, 0), SideInput(fx.id % 2, 0))


async def test_start_with_8_coaches_draws_round_1_in_the_open(runtime: Runtime) -> None:
    """Seed 000: "For the first round, coaches are paired together randomly"."""
    teams = await event(runtime, 8)
    pairings = await tournament_play.start_event(runtime, ORGANISER, None)
    assert pairings.round_number == 1 and len(pairings.tables) == 4
    assert [t.number for t in pairings.tables] == [1, 2, 3, 4]
    paired = sorted(t for line in pairings.tables for t in (line.home.id, line.away.id if line.away else 0))
    assert paired == sorted(teams)
    assert pairings.deadline is None  # in person by default
    assert [d.sides for d in pairings.draws] == [8, 7, 6, 5, 4, 3, 2]
    logged, _ = await runtime.db.read(
        lambda conn: dice_log.in_channel(conn, 1, ORGANISER.channel_id, up_to_id=10**9, limit=50, offset=0)
    )
    assert sorted(r.expression for r in logged if "round 1 draw" in r.purpose) == sorted(
        f"d{d.sides}" for d in pairings.draws
    )
    current = await tournaments.get_event(runtime, 1, None)
    assert current.status == "running"
    # in person: the round is stored closed, so no deadline job is ever armed
    assert not [d for d in await due_now(runtime) if d.kind in ("deadline", "reminder")]
    clock_of(runtime).advance(timedelta(days=400))
    assert not [d for d in await deadlines.schedule(runtime) if d.kind in ("deadline", "reminder")]
    with pytest.raises(Conflict, match="already started"):
        await tournament_play.start_event(runtime, ORGANISER, None)
    log = await runtime.db.read(audit.recent, 1)
    assert {"tournament.start", "tournament.round"} <= {e.action for e in log}


async def test_start_refusals(runtime: Runtime) -> None:
    await event(runtime, 9, unapproved=1)
    with pytest.raises(RuleViolation, match="still waiting: Late 0"):
        await tournament_play.start_event(runtime, ORGANISER, None)

    def reject(conn: sqlite3.Connection) -> None:
        team = next(t for t in team_store.in_league(conn, 1, 1) if t.name == "Late 0")
        team_store.set_status(conn, team, "rejected")

    await runtime.db.write(reject)
    with pytest.raises(RuleViolation, match="odd number: mark a Spare Player's team, or set odd_player: bye"):
        await tournament_play.start_event(runtime, ORGANISER, None)


async def test_start_with_9_coaches_and_a_spare_player(runtime: Runtime) -> None:
    teams = await event(runtime, 9, spare=True)
    pairings = await tournament_play.start_event(runtime, ORGANISER, None)
    assert len(pairings.tables) == 5
    last = pairings.tables[-1]
    assert last.away is not None and last.away.name == "Spare"  # the Spare Player's game is the last table
    assert pairings.spare_team_id == teams[-1]


async def test_start_with_9_coaches_and_a_bye(runtime: Runtime) -> None:
    """Seed 000: "A Bye counts as winning the game 2-0 ... 2 Tournament Points and 1 Bonus Point"."""
    await event(runtime, 9, odd_player="bye")
    pairings = await tournament_play.start_event(runtime, ORGANISER, None)
    assert len(pairings.tables) == 5
    bye = pairings.tables[-1]
    assert bye.away is None and bye.fixture is None and bye.number == 5
    # issue 29: rankings follow games played; the Bye counts once every game of its round is confirmed
    table = await tournament_play.standings(runtime, 1, None)
    waiting = next(line.row for line in table.lines if line.team.id == bye.home.id)
    assert (waiting.tournament_points, waiting.played) == (0, 0)
    assert table.title.endswith("rankings round 1 under way")
    for fx in await round_games(runtime, 1):
        await play(runtime, fx, SideInput(0, 0), SideInput(0, 0))
    table = await tournament_play.standings(runtime, 1, None)
    top = table.lines[0]
    assert top.team.id == bye.home.id
    assert (top.row.tournament_points, top.row.bonus_points, top.row.td_diff) == (2, 1, 2)
    assert table.title.endswith("rankings after round 1, round 2 under way")  # round 2 paired at once


async def test_jay_beats_rob_through_report_and_confirm(runtime: Runtime) -> None:
    """Seed 000: "Jay beats Rob 3-1 and inflicts 2 casualties while Rob inflicts 4. Jay would score 2
    Tournament Points for winning the game, while Rob would score 0. Jay would earn 1 Bonus Point as he
    scored 3 or more touchdowns, while Rob would also earn 1 Bonus Point for inflicting 3 or more casualties
    onto Jay's team.\""""
    await event(runtime, 2)
    await tournament_play.start_event(runtime, ORGANISER, None)
    (fx,) = await round_games(runtime)
    jay = SideInput(3, 2, "#1 td x2, #2 td, #3 cas off")
    rob = SideInput(1, 4, "#4 td, #5 cas x4")
    done = await play(runtime, fx, jay, rob)
    assert done.postgame == ()  # no post-game sequence in a tournament
    assert [p.sent_off for p in done.report.home.players if p.number == 3] == [1]
    table = await tournament_play.standings(runtime, 1, None)
    by_team = {line.team.id: line.row for line in table.lines}
    jay_row, rob_row = by_team[fx.home_team_id], by_team[fx.away_team_id]
    assert (jay_row.tournament_points, jay_row.bonus_points) == (2, 1)
    assert (rob_row.tournament_points, rob_row.bonus_points) == (0, 1)
    assert jay_row.sent_off == 1
    # the winner gains 1 Dedicated Fan (seed 000: "the winning team increases their Dedicated Fans by 1")
    entry = await runtime.db.read(lambda conn: tournament_store.entry(conn, 1, fx.home_team_id))
    assert entry is not None and entry.fans_gained == 1
    loser = await runtime.db.read(lambda conn: tournament_store.entry(conn, 1, fx.away_team_id))
    assert loser is not None and loser.fans_gained == 0
    # no SPP, no post-game rows, players as they were
    players = await runtime.db.read(
        lambda conn: team_store.players(conn, team_store.get(conn, 1, fx.home_team_id))  # type: ignore[arg-type]
    )
    assert all(p.spp == 0 for p in players)
    # the round is complete, so round 2 was paired by itself: with 2 coaches only as a rematch
    assert (await tournament_play.round_pairings(runtime, 1, None)).round_number == 2
    log = await runtime.db.read(audit.recent, 1)
    paired = next(e for e in log if e.action == "tournament.round")
    assert paired.detail["rematches"] == ["Team 0 v Team 1"]


async def test_concession_is_scored_by_seed_000(runtime: Runtime) -> None:
    """Seed 000: "their opponent will automatically receive a 3-0 win (unless the score at the time of
    conceding was better) and will receive the maximum number of Bonus Points available. Additionally, the
    player who conceded will receive no Bonus Points whatsoever and will also suffer a penalty of -1
    Tournament Point.\""""
    await event(runtime, 4, rounds=2)
    await tournament_play.start_event(runtime, ORGANISER, None)
    first, second = await round_games(runtime)
    done = await play(runtime, first, SideInput(1, 3), SideInput(1, 0), conceded="mine")  # home concedes
    assert (done.report.home.score, done.report.away.score) == (0, 3)
    assert done.report.conceded_by == "home"
    better = await play(runtime, second, SideInput(4, 0), SideInput(1, 0), conceded="theirs")  # away concedes
    assert (better.report.home.score, better.report.away.score) == (4, 1)  # the better score stands
    by_team = {line.team.id: line.row for line in (await tournament_play.standings(runtime, 1, None)).lines}
    assert (by_team[first.away_team_id].tournament_points, by_team[first.away_team_id].bonus_points) == (2, 3)
    assert (by_team[first.home_team_id].tournament_points, by_team[first.home_team_id].bonus_points) == (
        -1,
        0,
    )
    entry = await runtime.db.read(lambda conn: tournament_store.entry(conn, 1, first.away_team_id))
    assert entry is not None and entry.fans_gained == 1
    # the round was complete: round 2 was paired by itself
    assert (await tournament_play.round_pairings(runtime, 1, None)).round_number == 2


async def test_full_three_round_event_each_coach_once_no_rematch(runtime: Runtime) -> None:
    teams = await event(runtime, 9, spare=True, rounds=3)
    spare = teams[-1]
    await tournament_play.start_event(runtime, ORGANISER, None)
    for number in (1, 2, 3):
        pairings = await tournament_play.round_pairings(runtime, 1, None)
        assert pairings.round_number == number
        seen = [t for line in pairings.tables for t in (line.home.id, line.away.id if line.away else None)]
        assert sorted(t for t in seen if t is not None) == sorted(teams)  # everyone once, the spare too
        await play_round(runtime, number)
    met: list[frozenset[int]] = []
    with_spare: list[int] = []
    for number in (1, 2, 3):
        for fx in await round_games(runtime, number):
            pair = frozenset((fx.home_team_id, fx.away_team_id))
            if spare in pair:
                with_spare += list(pair - {spare})
            else:
                met.append(pair)
    assert len(met) == len(set(met))  # no rematch (avoidable with 9 coaches over 3 rounds)
    assert len(with_spare) == len(set(with_spare)) == 3  # a different coach plays the Spare Player each round
    table = await tournament_play.standings(runtime, 1, None)
    assert table.spare is not None and table.spare.id == spare
    assert spare not in {line.team.id for line in table.lines}
    assert [line.row.position for line in table.lines] == list(range(1, 10))
    assert all(line.row.played == 3 for line in table.lines)
    announced = await runtime.db.read(
        lambda conn: conn.execute("SELECT title FROM announcements ORDER BY id").fetchall()
    )
    titles = [row["title"] for row in announced]
    assert titles == [
        "Cup: round 1 pairings",
        "Cup: round 2 pairings",
        "Cup: round 3 pairings",
        "Cup: every round is played",
    ]
    with pytest.raises(RuleViolation, match="can be finished"):
        await tournament_play.pair_next_round(runtime, ORGANISER, None)


async def test_organiser_pairs_early_naming_open_games_which_count_later(runtime: Runtime) -> None:
    await event(runtime, 4, rounds=3)
    await tournament_play.start_event(runtime, ORGANISER, None)
    first, second = await round_games(runtime, 1)
    await play(runtime, first, SideInput(2, 0), SideInput(0, 0))
    early = await tournament_play.pair_next_round(runtime, ORGANISER, None)
    assert early.round_number == 2
    assert [f.id for f in early.unconfirmed] == [second.id]
    log = await runtime.db.read(audit.recent, 1)
    assert any(e.action == "tournament.pair_early" for e in log)
    await play(runtime, second, SideInput(3, 0), SideInput(0, 0))  # still open, still counts
    table = await tournament_play.standings(runtime, 1, None)
    assert sum(line.row.played for line in table.lines) == 4
    # confirming the old game does not pair round 3: round 2 is still open
    assert (await tournament_play.round_pairings(runtime, 1, None)).round_number == 2


async def test_swap_keeps_the_reason_and_refuses_reported_games(runtime: Runtime) -> None:
    await event(runtime, 6)
    await tournament_play.start_event(runtime, ORGANISER, None)
    one, two, _three = await round_games(runtime)
    after = await tournament_play.swap_tables(
        runtime, ORGANISER, None, one.home_name, two.home_name, "same club"
    )
    swapped = {t.number: t for t in after.tables}
    assert swapped[1].home.name == two.home_name and swapped[2].home.name == one.home_name
    assert swapped[1].away is not None and swapped[1].away.name == one.away_name
    log = await runtime.db.read(audit.recent, 1)
    assert log[0].action == "tournament.swap" and log[0].reason == "same club"
    fresh = await round_games(runtime)
    await results.report_result(
        runtime, who(fresh[2].home_coach_id), f"f:{fresh[2].id}", SideInput(1, 0), SideInput(0, 0)
    )
    with pytest.raises(Conflict, match="already has a report"):
        await tournament_play.swap_tables(
            runtime, ORGANISER, None, fresh[2].home_name, fresh[0].home_name, "x"
        )
    with pytest.raises(InvalidInput, match="reason"):
        await tournament_play.swap_tables(runtime, ORGANISER, None, "Team 0", "Team 1", "  ")
    with pytest.raises(InvalidInput, match="Name two different teams to swap"):
        await tournament_play.swap_tables(runtime, ORGANISER, None, one.home_name, one.home_name, "x")
    with pytest.raises(RuleViolation, match="already play each other at table"):
        await tournament_play.swap_tables(
            runtime, ORGANISER, None, fresh[0].home_name, fresh[0].away_name, "x"
        )


async def test_online_round_has_a_deadline_and_unplayed_games_go_to_the_organiser(runtime: Runtime) -> None:
    await event(runtime, 4, round_hours=48)
    pairings = await tournament_play.start_event(runtime, ORGANISER, None)
    assert pairings.deadline == runtime.clock.now() + timedelta(hours=48)
    first, second = await round_games(runtime)
    await play(runtime, first, SideInput(1, 0), SideInput(0, 0))
    clock_of(runtime).advance(timedelta(hours=49))
    for due in await due_now(runtime):
        await deadlines.run_due(runtime, due)
    held = await runtime.db.read(lambda conn: season_store.fixture(conn, 1, second.id))
    assert held is not None and held.status == "disputed"  # not forfeited: the organiser decides
    log = await runtime.db.read(audit.recent, 1)
    assert any(e.action == "deadline.tournament_unplayed" for e in log)
    # nothing was scored for the unplayed game
    table = await tournament_play.standings(runtime, 1, None)
    assert sum(line.row.played for line in table.lines) == 2


async def test_only_the_coaches_report(runtime: Runtime) -> None:
    await event(runtime, 2)
    await tournament_play.start_event(runtime, ORGANISER, None)
    (fx,) = await round_games(runtime)
    with pytest.raises(NotAllowed):
        await results.report_result(runtime, who(555), f"f:{fx.id}", SideInput(1, 0), SideInput(0, 0))
