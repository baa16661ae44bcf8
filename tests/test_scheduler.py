"""The alarm clock: explicit ids replace jobs, and a time already passed still runs (no misfire limit)."""

from __future__ import annotations

import asyncio
import logging
from datetime import UTC, datetime, timedelta

import pytest

from bot.scheduler import Scheduler


async def test_a_job_whose_time_has_passed_still_runs() -> None:
    scheduler = Scheduler()
    scheduler.start()
    ran = asyncio.Event()

    async def job() -> None:
        ran.set()

    try:
        scheduler.arm("deadline:1", datetime.now(UTC) - timedelta(days=3), job)
        await asyncio.wait_for(ran.wait(), 5)
    finally:
        await scheduler.shutdown()


async def test_re_arming_an_id_replaces_the_job_and_cancel_removes_it() -> None:
    scheduler = Scheduler()
    scheduler.start()

    async def job() -> None:
        return None

    try:
        later = datetime.now(UTC) + timedelta(days=1)
        scheduler.arm("reminder:7", later, job)
        scheduler.arm("reminder:7", later + timedelta(hours=1), job)
        scheduler.arm("reminder:8", later, job)
        assert [(j.id, j.run_at) for j in scheduler.jobs()] == [
            ("reminder:8", later),
            ("reminder:7", later + timedelta(hours=1)),
        ]
        scheduler.cancel("reminder:7")
        scheduler.cancel("never-armed")
        assert [j.id for j in scheduler.jobs()] == ["reminder:8"]
    finally:
        await scheduler.shutdown()

    assert not scheduler.running


async def test_shutdown_lets_a_running_job_finish() -> None:
    """A deadline being processed is not cut between its transaction and its announcement."""
    scheduler = Scheduler()
    scheduler.start()
    started, finished = asyncio.Event(), asyncio.Event()

    async def job() -> None:
        started.set()
        await asyncio.sleep(0.2)
        finished.set()

    scheduler.arm("deadline:2", datetime.now(UTC), job)
    await asyncio.wait_for(started.wait(), 5)
    await scheduler.shutdown(grace=5)
    assert finished.is_set()
    assert not scheduler.running


async def test_a_job_past_the_grace_is_stopped_with_a_warning_not_an_error(
    caplog: pytest.LogCaptureFixture,
) -> None:
    scheduler = Scheduler()
    scheduler.start()
    started = asyncio.Event()

    async def job() -> None:
        started.set()
        await asyncio.sleep(60)

    scheduler.arm("reminder:9", datetime.now(UTC), job)
    await asyncio.wait_for(started.wait(), 5)
    with caplog.at_level(logging.INFO):
        await scheduler.shutdown(grace=0.1)
    assert "reminder:9 was stopped by the shutdown" in caplog.text
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR], caplog.text
