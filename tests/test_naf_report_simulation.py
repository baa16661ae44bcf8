"""The NAF report of a simulated event (issue 29's quality bar): a Swiss event of 64 coaches over 5 rounds
writes a report with 64 coaches and 160 games, each with two records, whose touchdowns are the stored
results; and the simulator's check catches a report that differs from them."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

import pytest

from bot.__main__ import main
from bot.catalog import load_catalog
from bot.clock import FakeClock
from bot.rules.dice import SeededDice
from bot.services.runtime import Runtime
from bot.services.tournament import tournaments
from bot.simulation.coaches import START
from bot.simulation.naf_invariants import check_naf_report
from bot.simulation.tournament import GUILD, simulate_tournament
from bot.store import Database
from bot.store import seasons as season_store
from bot.store import tournaments as tournament_store
from bot.store.connection import Connection

Game = frozenset[tuple[str, str]]  # each side: NAF number, touchdowns


async def _stored(path: Path, data: bytes) -> tuple[Counter[Game], list[str], list[str]]:
    """The confirmed games as stored, the simulator's check of `data`, and of `data` with one touchdown
    changed."""
    db = await Database.open(path)
    try:
        rt = Runtime(db=db, dice=SeededDice(1), clock=FakeClock(START), catalog=load_catalog())
        event = await tournaments.get_event(rt, GUILD, None)

        def games(conn: Connection) -> Counter[Game]:
            number = {e.team_id: str(e.naf_number) for e in tournament_store.entries(conn, GUILD, event.id)}
            return Counter(
                frozenset(
                    {
                        (number[f.home_team_id], str(f.home_score)),
                        (number[f.away_team_id], str(f.away_score)),
                    }
                )
                for f in season_store.fixtures(conn, GUILD, league_id=event.id)
                if f.status == "confirmed"
            )

        tampered = data.replace(b"<touchDowns>0</touchDowns>", b"<touchDowns>7</touchDowns>", 1)
        assert tampered != data
        return (
            await db.read(games),
            await db.read(check_naf_report, event, data),
            await db.read(check_naf_report, event, tampered),
        )
    finally:
        await db.close()


async def test_64_coaches_5_rounds_report_160_games_with_the_stored_touchdowns(tmp_path: Path) -> None:
    db_path, report_path = tmp_path / "sim.sqlite3", tmp_path / "F.xml"
    result = await simulate_tournament(64, 5, seed=1, db_path=db_path, naf_report=report_path)
    assert result.problems == [], result.problems
    assert f"NAF report: 64 coaches, 160 games, written to {report_path}" in result.output
    data = report_path.read_bytes()
    root = ET.fromstring(data)
    assert len(root.findall("coaches/coach")) == 64
    games = root.findall("game")
    assert len(games) == 160  # 32 tables a round, 5 rounds, no Bye
    assert all(len(g.findall("playerRecord")) == 2 for g in games)
    reported = Counter(
        frozenset(
            (r.findtext("number") or "", r.findtext("touchDowns") or "") for r in g.findall("playerRecord")
        )
        for g in games
    )
    stored, checked, tampered = await _stored(db_path, data)
    assert sum(stored.values()) == 160
    assert reported == stored
    assert checked == []
    assert tampered == ["NAF report: touchdowns or casualties differ from the stored results"]


def test_the_command_line_writes_the_report(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`python -m bot simulate --tournament swiss --coaches 64 --rounds 5 --seed 1 --naf-report F`."""
    report = tmp_path / "F"
    argv = ["simulate", "--tournament", "swiss", "--coaches", "64", "--rounds", "5", "--seed", "1"]
    assert main([*argv, "--naf-report", str(report), "--db", str(tmp_path / "sim.sqlite3")]) == 0
    assert f"NAF report: 64 coaches, 160 games, written to {report}" in capsys.readouterr().out
    root = ET.fromstring(report.read_bytes())
    assert (len(root.findall("coaches/coach")), len(root.findall("game"))) == (64, 160)
