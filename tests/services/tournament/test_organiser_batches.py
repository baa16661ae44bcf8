"""Issue 29: what an organiser or a captain does for many at once, through the services on both engines.

Squads: several coaches added in one command, each its own audited change; a refused one is listed with its
reason and leaves the others added. Rosters: every submitted roster approved at once, each approval its own
audited change in its own transaction; a roster that breaks a rule stays submitted, listed with the rule.
Swaps: several pairs swapped in one command, all or none."""

from __future__ import annotations

import json

import pytest

from bot.errors import Conflict, InvalidInput, NotAllowed
from bot.services.match import results
from bot.services.match.results import SideInput
from bot.services.runtime import Runtime
from bot.services.tournament import tournament_entries, tournament_play, tournament_squads, tournaments
from bot.store import teams as team_store
from bot.store import tournament_squads as squad_store
from bot.store.connection import Connection
from tests.builders import ORGANISER, coach, tournament_event
from tests.conftest import actor


async def _squad_event(runtime: Runtime, size: int = 4) -> None:
    await tournaments.create_tournament(runtime, ORGANISER, "Club Cup", 555, {"team_size": size})
    await tournament_squads.create_squad(runtime, coach(10), None, "Reavers")


def _squad_log(conn: Connection) -> list[dict[str, object]]:
    rows = conn.execute(
        "SELECT detail FROM audit_log WHERE action = 'tournament.squad' ORDER BY id"
    ).fetchall()
    return [json.loads(row[0]) for row in rows]


async def test_a_captain_adds_several_coaches_at_once_each_audited(runtime: Runtime) -> None:
    await _squad_event(runtime)
    ids = [coach(n).user_id for n in (11, 12, 13)]
    view = await tournament_squads.add_coaches(runtime, coach(10), None, "Reavers", ids)
    assert view.message.splitlines() == [f"<@{i}> joins Reavers." for i in ids]
    assert view.squad.members == (coach(10).user_id, *ids)
    log = await runtime.db.read(_squad_log)
    assert [(d["change"], d["coach"]) for d in log] == [
        ("created", coach(10).user_id),
        *(("added", i) for i in ids),
    ]


async def test_a_refused_coach_is_listed_with_its_reason_and_the_others_join(runtime: Runtime) -> None:
    await _squad_event(runtime, size=3)
    await tournament_squads.create_squad(runtime, coach(20), None, "Altdorf")
    ids = [coach(20).user_id, coach(11).user_id, coach(12).user_id, coach(13).user_id]
    view = await tournament_squads.add_coaches(runtime, coach(10), None, "Reavers", ids)
    lines = view.message.splitlines()
    assert lines[0] == f"<@{coach(20).user_id}> not added: <@{coach(20).user_id}> is in Altdorf already; " + (
        "a coach plays for one squad."
    )
    assert lines[1:3] == [f"<@{coach(11).user_id}> joins Reavers.", f"<@{coach(12).user_id}> joins Reavers."]
    assert lines[3].startswith(f"<@{coach(13).user_id}> not added: ") and "3" in lines[3]  # the squad is full
    squad = await runtime.db.read(lambda conn: squad_store.by_name(conn, 1, 1, "Reavers"))
    assert squad is not None and squad.members == (coach(10).user_id, coach(11).user_id, coach(12).user_id)


async def test_several_at_once_is_still_the_captains_change_and_bounded(runtime: Runtime) -> None:
    await _squad_event(runtime)
    with pytest.raises(NotAllowed, match="captain"):
        await tournament_squads.add_coaches(runtime, coach(11), None, "Reavers", [coach(12).user_id])
    organiser = await tournament_squads.add_coaches(
        runtime, ORGANISER, None, "Reavers", [coach(12).user_id], as_organiser=True
    )
    assert "joins" in organiser.message
    with pytest.raises(InvalidInput, match="from 1 to 7"):
        await tournament_squads.add_coaches(runtime, coach(10), None, "Reavers", list(range(100, 108)))
    with pytest.raises(Conflict, match="already"):  # one coach named: the refusal itself
        await tournament_squads.add_coaches(runtime, coach(10), None, "Reavers", [coach(12).user_id])
    twice = await tournament_squads.add_coaches(
        runtime, coach(10), None, "Reavers", [coach(13).user_id, coach(13).user_id]
    )
    assert twice.message == f"<@{coach(13).user_id}> joins Reavers."  # named twice, added once


def _short_of_players(conn: Connection, team_id: int) -> None:
    conn.execute("DELETE FROM players WHERE guild_id = 1 AND team_id = ? AND number > 9", (team_id,))


def _statuses(conn: Connection, ids: list[int]) -> list[str]:
    return [team.status for i in ids if (team := team_store.get(conn, 1, i)) is not None]


def _approvals(conn: Connection) -> list[str]:
    rows = conn.execute("SELECT detail FROM audit_log WHERE action = 'team.approve' ORDER BY id").fetchall()
    return [str(json.loads(row[0])["team"]) for row in rows]


async def test_the_organiser_approves_every_submitted_roster_and_each_problem_is_listed(
    runtime: Runtime,
) -> None:
    ids = await tournament_event(runtime, 2, unapproved=4)
    late = ids[2:]
    await runtime.db.write(_short_of_players, late[1])
    reviewed = await tournament_entries.approve_all(runtime, ORGANISER, None)
    assert reviewed.approved == ("Late 0", "Late 2", "Late 3")  # registration order; the approved kept
    assert len(reviewed.refused) == 1 and reviewed.refused[0].startswith("Late 1 cannot be entered yet:")
    assert "11" in reviewed.refused[0]  # the rule it breaks: fewer than 11 players
    assert await runtime.db.read(_statuses, late) == ["approved", "submitted", "approved", "approved"]
    assert await runtime.db.read(_approvals) == ["Late 0", "Late 2", "Late 3"]  # one audited row each
    again = await tournament_entries.approve_all(runtime, ORGANISER, None)
    assert (again.approved, again.refused) == ((), reviewed.refused)  # still waiting: refused again
    await tournament_entries.review(runtime, ORGANISER, None, "Late 1", approve=False, reason="two short")
    with pytest.raises(Conflict, match="No roster of Cup is waiting for approval"):
        await tournament_entries.approve_all(runtime, ORGANISER, None)


async def test_the_organiser_swaps_several_pairs_at_once_or_none(runtime: Runtime) -> None:
    await tournament_event(runtime, 8)
    pairings = await tournament_play.start_event(runtime, ORGANISER, None)
    one, two, three, four = [t.fixture for t in pairings.tables if t.fixture is not None]
    after = await tournament_play.swap_tables(
        runtime,
        ORGANISER,
        None,
        one.home_name,
        two.home_name,
        "clubs apart",
        [(three.away_name, four.away_name)],
    )
    homes = {t.number: (t.home.name, t.away.name if t.away else None) for t in after.tables}
    assert homes[1] == (two.home_name, one.away_name) and homes[2] == (one.home_name, two.away_name)
    assert homes[3] == (three.home_name, four.away_name) and homes[4] == (four.home_name, three.away_name)

    def swaps(conn: Connection) -> int:
        rows = conn.execute("SELECT COUNT(*) FROM audit_log WHERE action = 'tournament.swap'").fetchone()
        return int(rows[0])

    assert await runtime.db.read(swaps) == 2  # each swap logged with the reason
    fresh = [t.fixture for t in after.tables if t.fixture is not None]
    await results.report_result(
        runtime, actor(user_id=fresh[3].home_coach_id), f"f:{fresh[3].id}", SideInput(1, 0), SideInput(0, 0)
    )
    with pytest.raises(Conflict, match="already has a report"):
        await tournament_play.swap_tables(
            runtime,
            ORGANISER,
            None,
            fresh[0].home_name,
            fresh[1].home_name,
            "x",
            [(fresh[2].home_name, fresh[3].home_name)],
        )
    unchanged = await tournament_play.round_pairings(runtime, 1, None, None)
    assert [(t.home.name) for t in unchanged.tables] == [t.home.name for t in after.tables]  # none applied
    with pytest.raises(InvalidInput, match="at most 3 pairs"):
        await tournament_play.swap_tables(
            runtime, ORGANISER, None, "Team 0", "Team 1", "x", [("Team 2", "Team 3")] * 3
        )
