"""bot/failpoints.py: off unless BB_FAILPOINT names a point; at an armed point the process stops dead with
EXIT_CODE (nothing after it runs, nothing is flushed), and `Database.write_step` places a step's two points
around its commit: stopped before it, the write is rolled back; stopped after it, the write is kept. Every
declared step is placed in bot/ (the e2e test, tests/e2e/test_failpoints_e2e.py, reaches each point)."""

from __future__ import annotations

import ast
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from bot import failpoints

ROOT = Path(__file__).resolve().parent.parent


def _python(code: str, point: str | None, *args: str) -> subprocess.CompletedProcess[str]:
    """`python -c code args...` with `point` armed (or none), its output buffered as usual."""
    env = {k: v for k, v in os.environ.items() if k not in (failpoints.ENVIRONMENT, "PYTHONUNBUFFERED")}
    env["PYTHONPATH"] = str(ROOT)
    if point is not None:
        env[failpoints.ENVIRONMENT] = point
    return subprocess.run(
        [sys.executable, "-c", code, *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def test_each_step_has_a_before_and_an_after_point() -> None:
    assert len(set(failpoints.STEPS)) == len(failpoints.STEPS)
    assert tuple(f"{s}.{w}" for s in failpoints.STEPS for w in ("before", "after")) == failpoints.POINTS


def test_nothing_is_armed_unless_the_environment_says(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(failpoints.ENVIRONMENT, raising=False)
    assert failpoints.armed() == frozenset()
    failpoints.reached(failpoints.CONFIRMATION, failpoints.BEFORE)  # returns: nothing armed
    monkeypatch.setenv(failpoints.ENVIRONMENT, " import.after , finish.before ")
    assert failpoints.armed() == {"import.after", "finish.before"}
    failpoints.reached(failpoints.IMPORT, failpoints.BEFORE)  # another point of the same step: returns


def test_an_unknown_name_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(failpoints.ENVIRONMENT, "confirmation.before,confirmaton.after")
    with pytest.raises(ValueError, match=r"unknown failpoints \['confirmaton.after'\]"):
        failpoints.armed()
    monkeypatch.delenv(failpoints.ENVIRONMENT)
    with pytest.raises(ValueError, match="not a declared failpoint"):
        failpoints.reached("a step nobody declared", failpoints.BEFORE)
    with pytest.raises(ValueError, match="not a declared failpoint"):
        failpoints.reached(failpoints.FINISH, "during")


def test_an_armed_point_stops_the_process_at_once() -> None:
    code = (
        "from bot import failpoints\n"
        "print('buffered, never flushed', end='')\n"
        "failpoints.reached(failpoints.SEASON_START, failpoints.AFTER)\n"
        "print('went on')\n"
    )
    stopped = _python(code, "season_start.after")
    assert stopped.returncode == failpoints.EXIT_CODE
    assert stopped.stderr == "failpoint season_start.after: exiting with 86\n"  # no clean-up ran
    assert stopped.stdout == ""
    went_on = _python(code, "season_start.before")
    assert went_on.returncode == 0 and went_on.stdout.endswith("went on\n")


WRITE_STEP = """
import asyncio, sys
from bot import failpoints
from bot.store import Database

async def main() -> None:
    db = await Database.open(sys.argv[1])
    await db.write(lambda conn: conn.execute("CREATE TABLE IF NOT EXISTS t (x INTEGER)"))
    await db.write_step(failpoints.FINISH, lambda conn, x: conn.execute("INSERT INTO t VALUES (?)", (x,)), 7)
    await db.close()

asyncio.run(main())
"""


@pytest.mark.parametrize(("point", "rows"), [("finish.before", 0), ("finish.after", 1), (None, 1)])
def test_write_step_stops_before_or_after_its_commit(tmp_path: Path, point: str | None, rows: int) -> None:
    """SQLite here (the e2e test stops the real bot at every point on both engines)."""
    path = tmp_path / "steps.sqlite3"
    ran = _python(WRITE_STEP, point, str(path))
    assert ran.returncode == (0 if point is None else failpoints.EXIT_CODE), ran.stderr
    assert sqlite3.connect(path).execute("SELECT COUNT(*) FROM t").fetchone()[0] == rows


def test_every_declared_step_is_placed_in_the_bot() -> None:
    """Each step constant is named at a call site outside bot/failpoints.py (`failpoints.<NAME>`), and
    every name a call site uses is a declared step (reached-but-undeclared also raises at run time)."""
    constants = {name: getattr(failpoints, name) for name in dir(failpoints) if name.isupper()}
    step_names = {name for name, value in constants.items() if value in failpoints.STEPS}
    used: set[str] = set()
    for path in (ROOT / "bot").rglob("*.py"):
        if path.name == "failpoints.py" and path.parent.name == "bot":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)):
                continue
            if node.value.id == "failpoints" and node.attr.isupper():
                assert node.attr in constants, f"{path}: failpoints.{node.attr} is not declared"
                used.add(node.attr)
    assert step_names <= used, f"declared but placed nowhere: {sorted(step_names - used)}"
