"""A group and knock-out TEAM event simulated in CI (issue 16 part E: `--tournament groups --team-size K`):
every invariant holds, the same seed prints the same output, and the checks can fail (a tampered database
is reported)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.__main__ import main
from bot.catalog import load_catalog
from bot.clock import FakeClock
from bot.rules.dice import SeededDice
from bot.services.runtime import Runtime
from bot.services.tournament import tournament_groups, tournament_squads, tournaments
from bot.simulation.coaches import START
from bot.simulation.team_groups_invariants import check_team_groups
from bot.simulation.team_tournament import simulate_team_tournament
from bot.simulation.tournament import GUILD
from bot.store import Database
from bot.store.connection import Connection
from tests.conftest import NewLocation, on_database


@pytest.mark.slow
async def test_eight_squads_of_three_keep_every_invariant_and_repeat(
    new_location: NewLocation,
) -> None:
    first = await simulate_team_tournament(
        24, 3, 0, seed=1, db_path=new_location("a"), fmt="groups", qualifiers=4
    )
    assert first.problems == [] and "Invariants: all hold." in first.output
    assert "8 squads of 3 coaches, groups of four squads, 4 qualify" in first.output
    assert "5 rounds, 60 games" in first.output  # three group rounds, then 4 -> 2: 12 games a round
    again = await simulate_team_tournament(
        24, 3, 0, seed=1, db_path=new_location("b"), fmt="groups", qualifiers=4
    )
    assert again.output == first.output


async def _problems(path: Path) -> list[str]:
    db = await Database.open(path)
    try:
        rt = Runtime(db=db, dice=SeededDice(1), clock=FakeClock(START), catalog=load_catalog())
        event = await tournaments.get_event(rt, GUILD, None)

        def check(conn: Connection) -> list[str]:
            return check_team_groups(
                conn,
                event,
                rt.catalog.tournament.scoring,
                lambda state: tournaments.ranking(rt, state),
                lambda state: tournament_groups.progress_of(rt, state),
                lambda state: [s.row for s in tournament_squads.squad_standings(conn, rt, event, state)],
            )

        return await db.read(check)
    finally:
        await db.close()


async def test_the_checks_catch_a_broken_group_stage(new_location: NewLocation) -> None:
    path = new_location("broken")
    done = await simulate_team_tournament(12 * 2, 3, 0, seed=2, db_path=path, fmt="groups", qualifiers=4)
    assert done.problems == []

    def tamper(conn: Connection) -> None:
        # Round 1: the first and the last game's away coaches (different squad matches) trade places.
        rows = conn.execute(
            "SELECT f.id, f.away_team_id FROM tournament_tables t JOIN fixtures f ON f.id = t.fixture_id"
            " WHERE t.round_number = 1 ORDER BY t.table_number"
        ).fetchall()
        (first, first_away), (last, last_away) = rows[0], rows[-1]
        conn.execute("UPDATE fixtures SET away_team_id = ? WHERE id = ?", (last_away, first))
        conn.execute("UPDATE fixtures SET away_team_id = ? WHERE id = ?", (first_away, last))

    await on_database(path, tamper)
    problems = await _problems(path)
    assert any("meets" in p for p in problems), problems
    assert any("group" in p for p in problems), problems


def test_the_cli_refuses_squads_that_do_not_fill_groups(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(
            ["simulate", "--tournament", "groups", "--team-size", "3", "--coaches", "18", "--qualifiers", "4"]
        )
    assert "a multiple of 4 squads" in capsys.readouterr().err
