"""The tournament simulator reports crowd casualties and the organiser's own tiebreaker (issue 29, section 1,
rules 4 and 6), and its check of them can fail: a Carnage Cup given to the wrong coach, or a coach ranked
with chants nobody reported, is named."""

from __future__ import annotations

from dataclasses import replace

from bot.catalog import load_catalog
from bot.clock import FakeClock
from bot.rules.dice import SeededDice
from bot.services.runtime import Runtime
from bot.services.tournament import tournament_awards, tournaments
from bot.services.tournament.tournament_awards import Standing
from bot.services.tournament.tournaments import Played
from bot.simulation.coaches import START
from bot.simulation.tournament import GUILD, simulate_tournament
from bot.simulation.tournament_invariants import result_number_problems
from bot.store import Database
from bot.store.connection import Connection
from tests.conftest import NewLocation


async def test_the_simulator_reports_crowd_casualties_and_chants_and_checks_them(
    new_location: NewLocation,
) -> None:
    path = new_location("numbers")
    result = await simulate_tournament(8, 3, seed=2, db_path=path)
    assert result.problems == [] and "Invariants: all hold." in result.output
    assert "casualties from crowd pushes (Carnage Cup, Most Patched-Up)" in result.output
    assert "Cheerleader chants (the organiser's tiebreaker)" in result.output

    db = await Database.open(path)
    try:
        rt = Runtime(db=db, dice=SeededDice(1), clock=FakeClock(START), catalog=load_catalog())
        event = await tournaments.get_event(rt, GUILD, None)

        def read(conn: Connection) -> tuple[Played, Standing]:
            return tournaments.played(conn, event), tournament_awards.standing_of(conn, rt, event)

        state, standing = await db.read(read)
    finally:
        await db.close()
    assert sum(r.home.crowd_casualties + r.away.crowd_casualties for r in state.reports) > 0
    assert result_number_problems(state, standing) == []

    carnage = next(a for a in standing.awards if a.key == "carnage")
    other = next(r.coach for r in standing.rows if r.coach not in {w.team for w in carnage.winners})
    wrong = replace(carnage, winners=(replace(carnage.winners[0], team=other),))
    tampered = replace(standing, awards=[wrong if a.key == "carnage" else a for a in standing.awards])
    assert any("Carnage Cup" in p for p in result_number_problems(state, tampered))
    first = standing.rows[0]
    more = replace(standing, rows=[replace(first, custom=first.custom + 1), *standing.rows[1:]])
    assert any("Cheerleader chants ranked" in p for p in result_number_problems(state, more))
