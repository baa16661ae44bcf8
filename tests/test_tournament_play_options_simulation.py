"""The simulator with seed 000's optional rules in play: Secret Objectives, injuries and
advancement keep every invariant, and the checks catch a tampered database."""

from __future__ import annotations

from pathlib import Path

from bot.catalog import load_catalog
from bot.clock import FakeClock
from bot.rules.dice import SeededDice
from bot.services.runtime import Runtime
from bot.services.tournament import tournaments
from bot.simulation.coaches import START
from bot.simulation.tournament import GUILD, simulate_tournament
from bot.simulation.tournament_play_options import PlayOptions, check_play_options
from bot.store import Database
from bot.store.connection import Connection
from tests.conftest import NewLocation, on_database

ALL = PlayOptions(secret_objectives=True, injuries=True, advancement=True)


async def _problems(path: Path) -> list[str]:
    db = await Database.open(path)
    try:
        rt = Runtime(db=db, dice=SeededDice(1), clock=FakeClock(START), catalog=load_catalog())
        event = await tournaments.get_event(rt, GUILD, None)

        def check(conn: Connection) -> list[str]:
            rows = conn.execute(
                "SELECT id, purpose, total, fixture_id FROM dice_rolls WHERE guild_id = ?", (GUILD,)
            ).fetchall()
            return check_play_options(conn, rt, event, rt.catalog.tables["secret_objectives"], rows)

        return await db.read(check)
    finally:
        await db.close()


async def test_every_optional_rule_keeps_the_invariants_and_repeats(
    new_location: NewLocation,
) -> None:
    first = await simulate_tournament(8, 3, seed=11, db_path=new_location("a"), options=ALL)
    assert first.problems == [] and "Invariants: all hold." in first.output
    assert "optional rules: secret objectives, injuries, advancement" in first.output
    again = await simulate_tournament(8, 3, seed=11, db_path=new_location("b"), options=ALL)
    assert again.output == first.output


async def test_the_checks_catch_tampering(new_location: NewLocation) -> None:
    path = new_location("c")
    assert (await simulate_tournament(8, 3, seed=12, db_path=path, options=ALL)).problems == []
    assert await _problems(path) == []

    def tamper(conn: Connection) -> None:
        # a repeated objective, SPP from nowhere, a player still out after missing a game
        conn.execute("UPDATE tournament_objectives SET results = '[1, 1, 2]' WHERE id = 1")
        conn.execute("UPDATE players SET spp = spp + 5 WHERE id = (SELECT MIN(id) FROM players)")
        conn.execute(
            "UPDATE players SET miss_next_game = 1 WHERE id = (SELECT MAX(id) FROM players"
            " WHERE status = 'active' AND miss_next_game = 0)"
        )

    await on_database(path, tamper)
    problems = await _problems(path)
    assert any("not three different ones" in p for p in problems), problems
    assert any("not the dice logged" in p for p in problems), problems
    assert any("the ledger sums to" in p for p in problems), problems
    assert any("still out after missing a game" in p for p in problems), problems


async def test_the_formats_and_roster_options_combine_with_the_optional_rules() -> None:
    """Issue 16: the choices "combine where the seed says they can". A group and knock-out event with Secret
    Objectives ranks every coach with all his reported objectives (the knock-out places keep each coach's
    totals), and gold piece escalation with injuries keeps the treasury equal to the last budget less what
    was paid, the dead included."""
    groups = await simulate_tournament(12, 5, seed=7, fmt="groups", qualifiers=4, options=ALL)
    assert groups.problems == [], groups.problems
    escalation = await simulate_tournament(8, 3, seed=6, options=ALL, escalation=True, stunty=True)
    assert escalation.problems == [], escalation.problems
