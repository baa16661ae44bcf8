"""A small tournament simulation in CI (issue 15 item 7): every invariant holds, the same seed prints the same
output, and the checks can fail (a tampered database is reported)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.catalog import load_catalog
from bot.clock import FakeClock
from bot.rules.dice import SeededDice
from bot.services.runtime import Runtime
from bot.services.tournament import tournaments
from bot.simulation.coaches import START
from bot.simulation.tournament import GUILD, simulate_tournament
from bot.simulation.tournament_invariants import check_tournament
from bot.store import Database
from bot.store.connection import Connection
from tests.conftest import NewLocation, on_database


@pytest.mark.slow
async def test_a_small_event_keeps_every_invariant_and_repeats(new_location: NewLocation) -> None:
    first = await simulate_tournament(9, 3, seed=3, db_path=new_location("a"))
    assert first.problems == [] and "Invariants: all hold." in first.output
    assert "9 coaches and a Spare Player, 3 rounds, 15 games" in first.output  # 5 tables a round
    again = await simulate_tournament(9, 3, seed=3, db_path=new_location("b"))
    assert again.output == first.output  # the same seed prints the same output
    bye = await simulate_tournament(7, 3, seed=4, db_path=new_location("c"), odd="bye")
    assert bye.problems == [] and "3 byes" in bye.output


async def _problems(path: Path, reverse: bool = False) -> list[str]:
    db = await Database.open(path)
    try:
        rt = Runtime(db=db, dice=SeededDice(1), clock=FakeClock(START), catalog=load_catalog())
        event = await tournaments.get_event(rt, GUILD, None)

        def check(conn: Connection) -> list[str]:
            scoring = rt.catalog.tournament.scoring
            step = -1 if reverse else 1  # a ranking turned upside down must be caught too
            return check_tournament(
                conn, event, scoring, lambda state: tournaments.ranking(rt, state)[::step]
            )

        return await db.read(check)
    finally:
        await db.close()


async def test_the_tournament_checks_catch_a_broken_event(new_location: NewLocation) -> None:
    path = new_location("d")
    assert (await simulate_tournament(8, 3, seed=5, db_path=path)).problems == []

    def tamper(conn: Connection) -> None:
        # Round 2's first table made a rematch of round 1's first table; a fan given for nothing.
        first = conn.execute(
            "SELECT f.home_team_id, f.away_team_id FROM tournament_tables t"
            " JOIN fixtures f ON f.id = t.fixture_id WHERE t.round_number = 1 ORDER BY t.table_number LIMIT 1"
        ).fetchone()
        conn.execute(
            "UPDATE fixtures SET home_team_id = ?, away_team_id = ? WHERE id = (SELECT fixture_id FROM"
            " tournament_tables WHERE round_number = 2 ORDER BY table_number LIMIT 1)",
            first,
        )
        conn.execute(
            "UPDATE tournament_entries SET fans_gained = fans_gained + 1"
            " WHERE team_id = (SELECT MIN(team_id) FROM tournament_entries)"
        )

    await on_database(path, tamper)
    problems = await _problems(path)
    assert any("round 2" in p and "pairings are not seed 000's" in p for p in problems), problems
    assert any("paired 2 times" in p or "paired 0 times" in p for p in problems), problems
    assert any("Dedicated Fans" in p for p in problems), problems
    upside_down = await _problems(path, reverse=True)
    assert "the rankings are not in Tournament Points order" in upside_down, upside_down


async def _roster_problems(path: Path) -> list[str]:
    from bot.simulation.roster_invariants import check_rosters

    db = await Database.open(path)
    try:
        rt = Runtime(db=db, dice=SeededDice(1), clock=FakeClock(START), catalog=load_catalog())
        event = await tournaments.get_event(rt, GUILD, None)
        return await db.read(lambda conn: check_rosters(conn, rt, event))
    finally:
        await db.close()


async def test_a_stunty_event_keeps_its_rosters_stunty(new_location: NewLocation) -> None:
    """Seed 000: "Coaches may only take one of the Stunty Teams"; "there is no need to award the Stunty
    Cup". The simulator drafts random legal stunty rosters; the roster check catches a tampered one."""
    path = new_location("stunty")
    result = await simulate_tournament(6, 2, seed=7, db_path=path, stunty=True)
    assert result.problems == [] and "Invariants: all hold." in result.output
    assert result.output.split(": ")[0].endswith(" Stunty Open") and "The Stunty Cup" not in result.output

    def tamper_2(conn: Connection) -> None:
        conn.execute("UPDATE teams SET roster = 'wood_elf' WHERE id = (SELECT MIN(id) FROM teams)")

    await on_database(path, tamper_2)
    problems = await _roster_problems(path)
    assert any("a wood_elf roster in a stunty event" in p for p in problems), problems


async def test_mandatory_stars_and_custom_inducements_keep_their_invariants(
    new_location: NewLocation,
) -> None:
    """Seed 000: "many events may require all coaches to have at least one Star Player"; custom inducements
    rolled "Before the game begins". The checks catch a roster without its star and a missing roll."""
    path = new_location("options")
    result = await simulate_tournament(
        6, 2, seed=11, db_path=path, mandatory_star=True, custom_inducements=True
    )
    assert result.problems == [] and "Invariants: all hold." in result.output

    def tamper_3(conn: Connection) -> None:
        conn.execute(
            "DELETE FROM players WHERE position LIKE 'star_%' AND team_id = (SELECT MIN(team_id) FROM"
            " players WHERE position LIKE 'star_%')"
        )
        conn.execute(
            "DELETE FROM dice_rolls WHERE id = (SELECT MIN(id) FROM dice_rolls WHERE purpose LIKE"
            " '%: Festive Gifts%')"
        )

    await on_database(path, tamper_3)
    problems = await _roster_problems(path)
    assert any("no star player in an event where one is mandatory" in p for p in problems), problems
    assert any("custom inducement dice logged" in p for p in problems), problems


async def test_an_escalation_event_keeps_its_invariants(new_location: NewLocation) -> None:
    """Seed 000: "coaches must submit all of their Team Draft Rosters for all the Team Draft Budgets that
    they will be playing" and "can only add to their Team Draft Roster". A lost roster is caught."""
    path = new_location("escalation")
    result = await simulate_tournament(6, 3, seed=12, db_path=path, escalation=True)
    assert result.problems == [] and "Invariants: all hold." in result.output
    assert "escalation additions" in result.output

    def tamper_4(conn: Connection) -> None:
        conn.execute(
            "DELETE FROM tournament_escalation_rounds WHERE team_id = (SELECT MIN(team_id) FROM"
            " tournament_escalation_rounds) AND round_number = 2"
        )

    await on_database(path, tamper_4)
    problems = await _roster_problems(path)
    assert any("2 of 3 rosters written" in p for p in problems), problems
