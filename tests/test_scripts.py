"""scripts/_venv.sh, which scripts/run-bot, scripts/test and scripts/demo source: the install is quiet (pip's
output shown only when it fails) and skipped when nothing changed, so `env -u DISCORD_TOKEN scripts/run-bot`
prints exactly the bot's one line from the second run on (issue 30). Run on a copy of the scripts with a
fake .venv/bin/python that records pip's calls: no network, no real install."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from bot.config import MISSING_TOKEN_HELP

ROOT = Path(__file__).resolve().parents[1]
FAKE_PYTHON = f"""#!/usr/bin/env bash
if [ "$1 $2" = "-m pip" ]; then
  echo "$*" >>"$PIP_CALLS"
  echo "  BuildBackendWarning: Editable installation."  # what setuptools says on every editable install
  if [ -n "${{PIP_FAILS:-}}" ]; then echo "ERROR: No matching distribution found" >&2; exit 1; fi
  exit 0
fi
if [ "$1 $2" = "-m bot" ]; then echo "{MISSING_TOKEN_HELP}" >&2; exit 2; fi
exec {sys.executable} "$@"
"""


@pytest.fixture
def clone(tmp_path: Path) -> Path:
    """A checkout's scripts and pyproject.toml, with a .venv whose python is the fake."""
    (tmp_path / "scripts").mkdir()
    for script in ("_venv.sh", "run-bot"):
        shutil.copy2(ROOT / "scripts" / script, tmp_path / "scripts" / script)
    shutil.copy2(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    python = tmp_path / ".venv" / "bin" / "python"
    python.parent.mkdir(parents=True)
    python.write_text(FAKE_PYTHON)
    python.chmod(0o755)
    return tmp_path


def _run(clone: Path, *command: str, fails: bool = False) -> tuple[int, list[str], list[str]]:
    """The command's exit code, its output (stdout and stderr together) and the pip calls it made."""
    calls = clone / "pip-calls"
    calls.write_text("")
    env = {k: v for k, v in os.environ.items() if k not in ("DISCORD_TOKEN", "PIP_FAILS")}
    env |= {"PIP_CALLS": str(calls)} | ({"PIP_FAILS": "1"} if fails else {})
    done = subprocess.run(
        command, cwd=clone, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=60
    )
    return done.returncode, done.stdout.splitlines(), calls.read_text().splitlines()


def test_run_bot_installs_quietly_once_then_prints_only_the_bots_line(clone: Path) -> None:
    code, printed, pip = _run(clone, "scripts/run-bot")
    assert code == 2 and len(pip) == 2 and pip[-1].endswith("-e .")  # pip itself, then the project
    assert printed[1:] == [MISSING_TOKEN_HELP] and printed[0].startswith("Installing the project into .venv")
    code, printed, pip = _run(clone, "scripts/run-bot")
    assert (code, printed, pip) == (2, [MISSING_TOKEN_HELP], [])  # nothing changed: the bot's one line


def test_an_edited_pyproject_or_new_extras_install_again_and_test_extras_cover_the_bot(clone: Path) -> None:
    _run(clone, "scripts/run-bot")
    with (clone / "pyproject.toml").open("a") as toml:
        toml.write("\n# a new dependency, say\n")
    assert len(_run(clone, "scripts/run-bot")[2]) == 2
    assert _run(clone, "scripts/run-bot")[2] == []
    sourced = 'source scripts/_venv.sh "[test]"; echo ready'
    code, printed, pip = _run(clone, "bash", "-c", sourced)
    assert code == 0 and printed[-1] == "ready" and pip[-1].endswith("-e .[test]")
    assert _run(clone, "bash", "-c", sourced)[1:] == (["ready"], [])
    assert _run(clone, "scripts/run-bot")[1:] == ([MISSING_TOKEN_HELP], [])  # [test] includes everything
    stamp = (clone / ".venv" / "install-stamp").read_text().splitlines()
    assert [line.split()[1] for line in stamp] == ["[]", "[test]"]  # the older pyproject.toml's line is gone


def test_a_failed_install_shows_pips_output_and_is_tried_again(clone: Path) -> None:
    code, printed, _ = _run(clone, "scripts/run-bot", fails=True)
    assert code == 1 and "ERROR: No matching distribution found" in printed
    assert printed[-1] == "Installing into .venv failed (pip's output above)."
    assert not (clone / ".venv" / "install-stamp").exists()
    code, printed, pip = _run(clone, "scripts/run-bot")
    assert code == 2 and len(pip) == 2 and printed[-1] == MISSING_TOKEN_HELP
    assert not any("BuildBackendWarning" in line for line in printed)  # a good install says nothing
