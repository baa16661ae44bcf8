"""A small team-event simulation in CI (`--tournament team`): every invariant holds, the same
seed prints the same output, and the checks can fail (a tampered database is reported)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.__main__ import main
from bot.catalog import load_catalog
from bot.clock import FakeClock
from bot.rules.dice import SeededDice
from bot.services.runtime import Runtime
from bot.services.tournament import tournament_squads, tournaments
from bot.simulation.coaches import START
from bot.simulation.team_invariants import check_team_event
from bot.simulation.team_tournament import simulate_team_tournament
from bot.simulation.tournament import GUILD
from bot.store import Database
from bot.store.connection import Connection
from tests.conftest import NewLocation, on_database


@pytest.mark.slow
async def test_a_small_team_event_keeps_every_invariant_and_repeats(
    new_location: NewLocation,
) -> None:
    first = await simulate_team_tournament(12, 3, 3, seed=3, db_path=new_location("a"))
    assert first.problems == [] and "Invariants: all hold." in first.output
    assert "4 squads of 3 coaches, 3 rounds, 18 games" in first.output
    assert "**1st squad**" in first.output
    again = await simulate_team_tournament(12, 3, 3, seed=3, db_path=new_location("b"))
    assert again.output == first.output
    odd = await simulate_team_tournament(15, 3, 3, seed=4, db_path=new_location("c"))
    assert odd.problems == [] and "9 byes" in odd.output  # one squad of 3 sits out each round


async def _problems(path: Path) -> list[str]:
    db = await Database.open(path)
    try:
        rt = Runtime(db=db, dice=SeededDice(1), clock=FakeClock(START), catalog=load_catalog())
        event = await tournaments.get_event(rt, GUILD, None)

        def check(conn: Connection) -> list[str]:
            return check_team_event(
                conn,
                event,
                rt.catalog.tournament.scoring,
                lambda state: tournaments.ranking(rt, state),
                lambda state: [s.row for s in tournament_squads.squad_standings(conn, rt, event, state)],
            )

        return await db.read(check)
    finally:
        await db.close()


async def test_the_team_checks_catch_a_broken_event(new_location: NewLocation) -> None:
    path = new_location("d")
    assert (await simulate_team_tournament(12, 3, 2, seed=5, db_path=path)).problems == []

    def tamper(conn: Connection) -> str:
        # Round 2: two coaches of different squad matches swap opponents; two squad mates share a roster.
        rows = conn.execute(
            "SELECT f.id, f.away_team_id FROM tournament_tables t JOIN fixtures f ON f.id = t.fixture_id"
            " WHERE t.round_number = 2 ORDER BY t.table_number"
        ).fetchall()
        (first, first_away), (last, last_away) = rows[0], rows[-1]
        conn.execute("UPDATE fixtures SET away_team_id = ? WHERE id = ?", (last_away, first))
        conn.execute("UPDATE fixtures SET away_team_id = ? WHERE id = ?", (first_away, last))
        squad = conn.execute("SELECT id FROM tournament_squads ORDER BY id LIMIT 1").fetchone()[0]
        coaches = [
            r[0]
            for r in conn.execute(
                "SELECT coach_id FROM tournament_squad_members WHERE squad_id = ?", (squad,)
            )
        ]
        roster = conn.execute("SELECT roster FROM teams WHERE coach_id = ?", (coaches[0],)).fetchone()[0]
        conn.execute("UPDATE teams SET roster = ? WHERE coach_id = ?", (roster, coaches[1]))
        return str(roster)

    roster = await on_database(path, tamper)
    problems = await _problems(path)
    assert any("meets" in p for p in problems), problems
    assert any(f"{roster} rosters" in p for p in problems), problems


def test_the_cli_refuses_squads_that_do_not_fill(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["simulate", "--tournament", "team", "--coaches", "10", "--team-size", "3"])
    assert "multiple of --team-size" in capsys.readouterr().err
