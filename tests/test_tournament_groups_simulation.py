"""The group and knock-out simulator (issue 16 item 2): every invariant holds, the same seed prints the same
output, and the checks can fail (a tampered database or ranking is reported)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.__main__ import main
from bot.catalog import load_catalog
from bot.clock import FakeClock
from bot.rules.dice import SeededDice
from bot.services.runtime import Runtime
from bot.services.tournament import tournaments
from bot.simulation.coaches import START
from bot.simulation.tournament import GUILD, simulate_tournament
from bot.simulation.tournament_groups_invariants import check_groups
from bot.store import Database
from bot.store.connection import Connection
from tests.conftest import NewLocation, on_database


@pytest.mark.slow
async def test_a_group_event_keeps_every_invariant_and_repeats(new_location: NewLocation) -> None:
    first = await simulate_tournament(12, 0, seed=3, db_path=new_location("a"), fmt="groups", qualifiers=4)
    assert first.problems == [] and "Invariants: all hold." in first.output
    assert "12 coaches, 5 rounds, 30 games" in first.output  # 3 group rounds, then 4 -> 2 beside 8 others
    again = await simulate_tournament(12, 0, seed=3, db_path=new_location("b"), fmt="groups", qualifiers=4)
    assert again.output == first.output


async def _problems(path: Path, reverse: bool = False) -> list[str]:
    db = await Database.open(path)
    try:
        rt = Runtime(db=db, dice=SeededDice(1), clock=FakeClock(START), catalog=load_catalog())
        event = await tournaments.get_event(rt, GUILD, None)

        def check(conn: Connection) -> list[str]:
            step = -1 if reverse else 1
            return check_groups(
                conn,
                event,
                rt.catalog.tournament.scoring,
                lambda state: tournaments.ranking(rt, state)[::step],
            )

        return await db.read(check)
    finally:
        await db.close()


async def test_the_group_checks_catch_a_broken_event(new_location: NewLocation) -> None:
    path = new_location("c")
    assert (await simulate_tournament(8, 0, seed=5, db_path=path, fmt="groups", qualifiers=4)).problems == []
    assert await _problems(path) == []
    assert "the event's ranking is not the knock-out places, then Best of the Rest" in await _problems(
        path, reverse=True
    )

    def tamper(conn: Connection) -> None:
        conn.execute(
            "UPDATE tournament_tables SET stage = 'rest' WHERE round_number = 1 AND table_number = 1"
        )

    await on_database(path, tamper)
    problems = await _problems(path)
    assert "round 1: a rest table during the group stage" in problems
    assert any("not a round robin of four" in p for p in problems)


def test_the_cli_refuses_a_count_that_does_not_fill_groups(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["simulate", "--tournament", "groups", "--coaches", "10", "--qualifiers", "8"])
    assert "a multiple of 4 coaches" in capsys.readouterr().err
