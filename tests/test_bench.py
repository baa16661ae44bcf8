"""The benchmark still runs against the current services (a tiny run; its figures are not judged here)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench.bench import ceiling, service_figures, startup_figures


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
    }
    jobs, read_seconds, arm_seconds = await startup_figures(tmp_path / "startup.sqlite3", 200)
    assert jobs == 3 * 200 and read_seconds >= 0 and arm_seconds >= 0  # each round: deadline, 2 reminders
