"""The benchmark still runs against the current services (a tiny run; its figures are not judged here)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench.bench import Figures, ceiling, report, service_figures, startup_figures
from tests.postgres_server import Server


@pytest.mark.slow
async def test_the_benchmark_runs_every_figure(tmp_path: Path) -> None:
    assert ceiling(tmp_path / "ceiling.sqlite3", 50) > 0
    timings, per_second, sequences = await service_figures(tmp_path / "services.sqlite3", 1)
    assert sequences == 2 * 4 * 7 and per_second > 0  # 8 teams: 4 fixtures in each of 7 rounds
    assert set(timings.samples) == {
        "report result",
        "confirm (both post-games)",
        "coach's choices (many calls)",
        "post-game finish",
        "standings",
        "leaders (every board)",
    }
    jobs, read_seconds, arm_seconds = await startup_figures(tmp_path / "startup.sqlite3", 200)
    # the watch arms only what falls due before its next re-read: the first rounds of the two seasons (due in
    # two minutes; their reminders already past), not the 198 rounds weeks away nor their reminders
    assert jobs == 2 and read_seconds >= 0 and arm_seconds >= 0


@pytest.mark.slow
async def test_the_benchmark_runs_on_postgresql_too(postgres: Server) -> None:
    assert ceiling(postgres.new_database(), 50) > 0
    timings, per_second, sequences = await service_figures(postgres.new_database(), 1)
    assert sequences == 2 * 4 * 7 and per_second > 0 and len(timings.samples) == 6
    jobs, _, _ = await startup_figures(postgres.new_database(), 200)
    assert jobs == 2
    startups = {200: (jobs, 0.1, 0.1), 2000: (jobs, 0.1, 0.1)}
    lines = report("PostgreSQL", Figures(1000.0, timings, per_second, sequences, startups))
    assert lines[0].startswith("PostgreSQL: ceiling 1,000 raw transactions/s") and len(lines) == 11
    assert lines[-1].startswith("start-up with 2,000 open rounds: 2 jobs due before the next re-read")


def test_the_tournament_benchmark_pairs_and_ranks_a_played_event() -> None:
    """A small run of bench/tournament.py: every round pairs every coach once, and the figures print."""
    from bench.tournament import figures, play_event
    from bot.catalog import load_catalog

    scoring = load_catalog().tournament.scoring
    event = play_event(13, 4, 3, scoring)
    assert (
        len(event.games) == 4 * 6 and len(event.byes) == 4 and len(event.had_bye) == 4
    )  # a new Bye each round
    assert len(event.met) == len(event.games)  # 13 coaches, 4 rounds: no rematch was needed
    pairing_ms, ranking_ms, games = figures(13, 4, repeats=1)
    assert games == 24 and pairing_ms >= 0 and ranking_ms >= 0


async def test_the_tournament_benchmark_times_the_service_step(tmp_path: Path) -> None:
    """A small run of bench/tournament.py's service step: an event built through the services, all but one
    game of its last round confirmed, then the next round paired by the organiser and announced."""
    from bench.tournament import service_step

    step = await service_step(12, 2, db_path=tmp_path / "event.sqlite3")
    assert step.games == 6 + 5  # round 1's six games, round 2's but the one left open
    assert step.tables == 6 and step.pair_seconds > 0 and step.build_seconds > step.pair_seconds
    assert len(step.posted) == 1 and step.posted[0].content is not None
    assert step.posted[0].content.count("<@") == 12  # every coach pinged once


@pytest.mark.slow
async def test_the_web_benchmark_times_every_league_page(tmp_path: Path) -> None:
    """A small run of bench/web.py: one simulated league copied into two more servers and a tournament,
    every page of both timed."""
    import sqlite3

    from bench.web import Addresses, figures, page_addresses
    from bot.simulation import tournament

    path = tmp_path / "web.sqlite3"
    timings = await figures(path, leagues=3, teams=4, seasons=1, requests=2)
    league_pages = list(page_addresses(Addresses("t", 1, 1, 1, 1)))
    event_pages = ["tournament rankings", "tournament round 1", "tournament rosters", "tournament roster"]
    assert [t.page for t in timings] == [*league_pages, *event_pages, "tournament bracket"]
    assert all(t.median_ms > 0 and t.p95_ms >= t.median_ms and t.bytes > 0 for t in timings)
    conn = sqlite3.connect(path)
    try:
        leagues = conn.execute("SELECT COUNT(DISTINCT guild_id) FROM leagues").fetchone()[0]
        fixtures = conn.execute(
            "SELECT COUNT(*) FROM fixtures WHERE guild_id != ? GROUP BY guild_id", (tournament.GUILD,)
        ).fetchall()
    finally:
        conn.close()
    assert leagues == 4  # three leagues and the tournament's server
    assert len(fixtures) == 3 and len({n for (n,) in fixtures}) == 1  # each league a copy of the first


@pytest.mark.slow
async def test_the_waits_profile_counts_each_calls_statements_and_waits(
    tmp_path: Path, postgres: Server
) -> None:
    """A small run of bench/waits.py: every call the benchmark times, with its CPU time on both engines and
    what it sent to PostgreSQL and waited for."""
    from bench.waits import CountingTimings, _play, counting, report

    sqlite, pg = CountingTimings(), CountingTimings()
    await _play(tmp_path / "services.sqlite3", 1, sqlite)
    with counting():
        await _play(postgres.new_database(), 1, pg)
    assert set(pg.counted) == set(sqlite.counted) and len(pg.counted) == 6
    for samples in pg.counted.values():
        assert all(0 <= s.waits <= s.statements and s.cpu > 0 for s in samples)
    assert all(s.statements > 5 for s in pg.counted["confirm (both post-games)"])
    lines = report(sqlite, pg, top=1)
    assert lines[0].startswith("medians per call") and len(lines) >= 2 + 6 + 6  # a line per call, its heading
