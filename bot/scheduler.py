"""The alarm clock: APScheduler 3.x with the in-memory job store only.

The database is the source of truth for every deadline and reminder. At start-up the features re-arm
their jobs from it; this wrapper only fixes the defaults that matter: explicit ids that replace an
existing job, and no misfire grace limit (APScheduler's default of one second would silently drop a job
whose time passed while the bot was down, or while the event loop was busy).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from apscheduler.schedulers.asyncio import AsyncIOScheduler

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class ArmedJob:
    id: str
    run_at: datetime | None


class Scheduler:
    def __init__(self) -> None:
        self._scheduler = AsyncIOScheduler(
            timezone=UTC,
            job_defaults={"misfire_grace_time": None, "coalesce": True, "max_instances": 1},
        )
        self._running: set[asyncio.Task[Any]] = set()
        self._work: dict[str, tuple[Callable[..., Awaitable[Any]], tuple[Any, ...]]] = {}

    @property
    def running(self) -> bool:
        return bool(self._scheduler.running)

    def start(self) -> None:
        if not self._scheduler.running:
            self._scheduler.start()

    async def shutdown(self, grace: float = 10.0) -> None:
        """Stop: no new job starts, jobs already running get `grace` seconds to finish (a deadline being
        processed is not cut between its transaction and its announcement), then the rest are stopped."""
        if not self._scheduler.running:
            return
        self._scheduler.pause()
        if self._running:
            await asyncio.wait(set(self._running), timeout=grace)
        stopped = set(self._running)
        self._scheduler.shutdown(wait=False)  # cancels what still runs
        if stopped:
            await asyncio.wait(stopped, timeout=1)
        await asyncio.sleep(0)  # APScheduler's asyncio shutdown completes on the next loop turn

    async def _run(self, job_id: str) -> None:
        work = self._work.pop(job_id, None)
        task = asyncio.current_task()
        if work is None or task is None:
            return
        func, args = work
        self._running.add(task)
        try:
            await func(*args)
        except asyncio.CancelledError:
            log.warning("job %s was stopped by the shutdown before it finished", job_id)
        finally:
            self._running.discard(task)

    def arm(self, job_id: str, run_at: datetime, func: Callable[..., Awaitable[Any]], *args: Any) -> None:
        """Run `func(*args)` at `run_at` (now, if that has passed). Re-arming an id replaces the old job."""
        self._work[job_id] = (func, args)
        self._scheduler.add_job(
            _run_job,  # two plain arguments: APScheduler inspects them fast (30,000 jobs at start-up)
            "date",
            run_date=run_at,
            args=(self, job_id),
            id=job_id,
            replace_existing=True,
            misfire_grace_time=None,
        )

    def cancel(self, job_id: str) -> None:
        self._work.pop(job_id, None)
        if self._scheduler.get_job(job_id) is not None:
            self._scheduler.remove_job(job_id)

    def jobs(self) -> list[ArmedJob]:
        return sorted(
            (ArmedJob(job.id, getattr(job, "next_run_time", None)) for job in self._scheduler.get_jobs()),
            key=lambda job: (job.run_at is None, job.run_at or datetime.max.replace(tzinfo=UTC), job.id),
        )


async def _run_job(scheduler: Scheduler, job_id: str) -> None:
    await scheduler._run(job_id)
