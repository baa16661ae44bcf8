"""Two bot processes on one database (the store's second connection stands for the second process): every
result confirmed in both at once is confirmed, and its post-game applied, exactly once; a round deadline
armed in both is processed once. The services claim the work with conditional updates, which hold on both
engines (PostgreSQL's SERIALIZABLE writes with retries guard the reads behind them as well)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from dataclasses import replace
from datetime import timedelta

import pytest_asyncio

from bot.errors import DomainError
from bot.rules.dice import SeededDice
from bot.services.match import deadlines, results
from bot.services.match.results import SideInput
from bot.services.runtime import Runtime
from bot.simulation.invariants import check_invariants
from bot.store import Database
from bot.store.connection import Connection
from tests.builders import clock_of, due_now, fixtures, season
from tests.conftest import actor


@pytest_asyncio.fixture
async def other(runtime: Runtime) -> AsyncIterator[Runtime]:
    """The second process: its own connection, dice and (the same) clock, on the same database."""
    db = await Database.open(runtime.db.location)
    yield replace(runtime, db=db, dice=SeededDice(99))
    await db.close()


def _postgames(conn: Connection) -> list[tuple[int, int, int]]:
    return [
        (r[0], r[1], r[2])
        for r in conn.execute(
            "SELECT fixture_id, team_id, COUNT(*) FROM team_postgames GROUP BY fixture_id, team_id"
        )
    ]


async def test_confirmations_racing_in_two_processes_are_applied_once(
    runtime: Runtime, other: Runtime
) -> None:
    await season(runtime, 8)
    games = [
        fx for fx in await fixtures(runtime) if fx.round_number == 1
    ]  # a team's post-games go one at a time
    versions = {}
    for fx in games:
        home = actor(guild_id=fx.guild_id, user_id=fx.home_coach_id)
        outcome = await results.report_result(runtime, home, f"f:{fx.id}", SideInput(1, 0), SideInput(0, 0))
        versions[fx.id] = outcome.version
    confirmations = [
        results.confirm_result(
            rt, actor(guild_id=fx.guild_id, user_id=fx.away_coach_id), fx.id, versions[fx.id]
        )
        for fx in games
        for rt in (runtime, other) * 13  # 26 clicks per result, half in each process
    ]
    outcomes = await asyncio.gather(*confirmations, return_exceptions=True)
    confirmed = [o for o in outcomes if not isinstance(o, BaseException)]
    refused = [o for o in outcomes if isinstance(o, BaseException)]
    assert len(outcomes) >= 100
    assert len(confirmed) == len(games)
    assert all(isinstance(e, DomainError) for e in refused), refused[:1]
    postgames = await runtime.db.read(_postgames)
    assert len(postgames) == 2 * len(games) and all(count == 1 for *_, count in postgames)
    assert await runtime.db.read(check_invariants) == []


async def test_a_deadline_armed_in_both_processes_is_processed_once(runtime: Runtime, other: Runtime) -> None:
    await season(runtime, 4)
    clock_of(runtime).advance(await _until_first_deadline(runtime))
    due = [d for d in await due_now(runtime) if d.job_id.startswith("deadline:")]
    assert due
    works = await asyncio.gather(*(deadlines.run_due(rt, d) for d in due for rt in (runtime, other)))
    done = [w for w in works if w.closed]
    assert len(done) == len(due)
    assert await runtime.db.read(check_invariants) == []


async def _until_first_deadline(runtime: Runtime) -> timedelta:
    planned = await deadlines.schedule(runtime)
    first = min(d.at for d in planned if d.job_id.startswith("deadline:"))
    return first - runtime.clock.now()
