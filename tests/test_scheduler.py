"""The alarm clock: explicit ids replace jobs, and a time already passed still runs (no misfire limit)."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta

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
        scheduler.shutdown()


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
        scheduler.shutdown()
    await asyncio.sleep(0)  # APScheduler's asyncio shutdown completes on the next loop turn
    assert not scheduler.running
