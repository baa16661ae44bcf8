"""Round deadlines through the services, with a fake clock that tests move forward."""

from __future__ import annotations

import asyncio
import json
import sqlite3
from datetime import timedelta

import pytest

from bot.errors import Conflict, NotAllowed
from bot.services.league import leagues, seasons
from bot.services.match import confirmation, deadlines, postgame, results
from bot.services.match.results import SideInput
from bot.services.roster import teams
from bot.services.runtime import Runtime
from bot.store import announcements, audit
from tests import builders as build
from tests.builders import COMMISH, clock_of, coach, due_now
from tests.conftest import actor


async def test_schedule_lists_deadlines_and_reminders(runtime: Runtime) -> None:
    await build.season(runtime)
    planned = await deadlines.schedule(runtime)
    kinds = [(d.kind, d.at - runtime.clock.now()) for d in planned]
    assert ("deadline", timedelta(days=14)) in kinds and ("deadline", timedelta(days=42)) in kinds
    assert ("reminder", timedelta(days=14) - timedelta(hours=72)) in kinds
    assert ("reminder", timedelta(days=14) - timedelta(hours=24)) in kinds


async def test_a_missed_deadline_is_processed_once(runtime: Runtime) -> None:
    await build.season(runtime)
    listing = await seasons.list_fixtures(runtime, coach(0), None, "round", round_number=1)
    played, unplayed = listing.fixtures[0], listing.fixtures[1]
    home = actor(user_id=played.home_coach_id)
    await results.report_result(runtime, home, f"f:{played.id}", SideInput(1, 0), SideInput(0, 0))
    clock_of(runtime).advance(timedelta(days=20))  # the bot was down past the deadline
    due = [d for d in await due_now(runtime) if d.kind == "deadline"]
    assert len(due) == 1
    work = await deadlines.run_due(runtime, due[0])
    assert len(work.closed) == 1
    closed = work.closed[0]
    how = {s.fixture.id: s.how for s in closed.settled}
    assert how == {played.id: "auto confirm pending", unplayed.id: "forfeit"}
    assert closed.next_round is not None and closed.next_round[0] == 2
    again = await deadlines.run_due(runtime, due[0])
    assert again.closed == []  # the second attempt does nothing
    table = await seasons.standings(runtime, 1, None)
    forfeiters = {unplayed.home_team_id, unplayed.away_team_id}
    for row in table.tables[0].rows:
        if row.team_id in forfeiters:
            assert (row.played, row.lost, row.points, row.bonus_points) == (1, 1, 0, 0)


async def test_two_processes_apply_a_deadline_once(runtime: Runtime) -> None:
    await build.season(runtime)
    clock_of(runtime).advance(timedelta(days=15))
    due = next(d for d in await due_now(runtime) if d.kind == "deadline")
    works = await asyncio.gather(*(deadlines.run_due(runtime, due) for _ in range(5)))
    assert sum(len(w.closed) for w in works) == 1


async def test_reported_results_confirm_themselves_after_the_grace_period(runtime: Runtime) -> None:
    await build.season(runtime)
    listing = await seasons.list_fixtures(runtime, coach(0), None, "round", round_number=1)
    fx = listing.fixtures[0]
    await results.report_result(
        runtime, actor(user_id=fx.home_coach_id), f"f:{fx.id}", SideInput(2, 0), SideInput(0, 0)
    )
    clock_of(runtime).advance(timedelta(days=14, minutes=1))
    for due in await due_now(runtime):
        await deadlines.run_due(runtime, due)
    assert not [d for d in await due_now(runtime) if d.kind == "auto_confirm"]  # not before the grace period
    clock_of(runtime).advance(timedelta(hours=24))
    auto = [d for d in await due_now(runtime) if d.kind == "auto_confirm"]
    assert len(auto) == 1
    work = await deadlines.run_due(runtime, auto[0])
    assert work.confirmed and work.confirmed[0][1].status == "confirmed"
    assert (await deadlines.run_due(runtime, auto[0])).confirmed == []


async def test_a_disputed_result_is_left_to_the_commissioner(runtime: Runtime) -> None:
    await build.season(runtime)
    listing = await seasons.list_fixtures(runtime, coach(0), None, "round", round_number=1)
    fx = listing.fixtures[0]
    await results.report_result(
        runtime, actor(user_id=fx.home_coach_id), f"f:{fx.id}", SideInput(2, 0), SideInput(0, 0)
    )
    await results.dispute_result(runtime, actor(user_id=fx.away_coach_id), fx.id, 1, "wrong")
    clock_of(runtime).advance(timedelta(days=15))
    work = await deadlines.run_due(runtime, next(d for d in await due_now(runtime) if d.kind == "deadline"))
    assert {s.fixture.id: s.how for s in work.closed[0].settled}[fx.id] == "disputed"


async def test_conceding_ahead_of_the_deadline(runtime: Runtime) -> None:
    await build.season(runtime)
    listing = await seasons.list_fixtures(runtime, coach(0), None, "round", round_number=1)
    fx = listing.fixtures[0]
    conceder = actor(user_id=fx.home_coach_id)
    with pytest.raises(NotAllowed):
        await deadlines.concede_fixture(runtime, COMMISH, f"f:{fx.id}")
    await deadlines.concede_fixture(runtime, conceder, f"f:{fx.id}")
    other_before = (await teams.team_sheet(runtime, actor(user_id=fx.away_coach_id), None)).team.treasury
    clock_of(runtime).advance(timedelta(days=15))
    work = await deadlines.run_due(runtime, next(d for d in await due_now(runtime) if d.kind == "deadline"))
    settled = {s.fixture.id: s for s in work.closed[0].settled}[fx.id]
    assert settled.how == "conceded"
    assert (settled.fixture.home_score, settled.fixture.away_score) == (0, 2)
    other = await teams.team_sheet(runtime, actor(user_id=fx.away_coach_id), None)
    gained = other.team.treasury - other_before
    assert gained in {10_000 * n for n in range(1, 7)}  # D6 x 10,000
    assert sum(p.row.spp for p in other.players) == 8  # two MVP awards
    with pytest.raises(Conflict):
        await deadlines.concede_fixture(runtime, conceder, f"f:{fx.id}")


async def test_a_reminder_is_sent_once(runtime: Runtime) -> None:
    await build.season(runtime)
    await deadlines.set_dm_reminders(runtime, coach(0), True)
    await deadlines.set_dm_reminders(runtime, coach(1), True)
    await deadlines.set_dm_reminders(runtime, coach(1), False)
    clock_of(runtime).advance(timedelta(days=11, hours=1))  # past the 72-hour reminder of round 1
    due = [d for d in await due_now(runtime) if d.kind == "reminder"]
    assert len(due) == 1
    first = await deadlines.run_due(runtime, due[0])
    assert first.reminders and len(first.reminders[0].fixtures) == 2
    assert first.reminders[0].dm_user_ids == {coach(0).user_id}  # only the coach who opted in
    assert (await deadlines.run_due(runtime, due[0])).reminders == []  # e.g. after a restart
    assert not [d for d in await due_now(runtime) if d.kind == "reminder"]


async def test_an_extended_deadline_moves_its_reminders_and_later_rounds(runtime: Runtime) -> None:
    await build.season(runtime)
    before = {(d.kind, d.item_id): d.at for d in await deadlines.schedule(runtime)}
    await deadlines.extend_round(runtime, COMMISH, None, 1, 3, "holidays")
    after = {(d.kind, d.item_id): d.at for d in await deadlines.schedule(runtime)}
    assert all(after[key] - at == timedelta(days=3) for key, at in before.items())


async def test_a_paused_season_misses_no_deadline(runtime: Runtime) -> None:
    await build.season(runtime)
    first_deadline = min(d.at for d in await deadlines.schedule(runtime) if d.kind == "deadline")
    await deadlines.pause_season(runtime, COMMISH, None, pause=True, reason="server move")
    assert await deadlines.schedule(runtime) == []  # nothing runs while paused
    clock_of(runtime).advance(timedelta(days=30))
    await deadlines.pause_season(runtime, COMMISH, None, pause=False)
    resumed = min(d.at for d in await deadlines.schedule(runtime) if d.kind == "deadline")
    assert resumed - first_deadline == timedelta(days=30)


async def test_one_fixture_can_get_more_time_than_its_round(runtime: Runtime) -> None:
    await build.season(runtime)
    listing = await seasons.list_fixtures(runtime, coach(0), None, "round", round_number=1)
    late, other = listing.fixtures[0], listing.fixtures[1]
    fx, deadline = await deadlines.extend_fixture(runtime, COMMISH, f"f:{late.id}", 5, "coach travelling")
    assert deadline - (listing.rounds[0].deadline_at) == timedelta(days=5) and fx.deadline_at == deadline
    clock_of(runtime).advance(timedelta(days=15))  # past the round's deadline, not the fixture's
    round_due = next(d for d in await due_now(runtime) if d.kind == "deadline")
    closed = (await deadlines.run_due(runtime, round_due)).closed[0]
    assert {s.fixture.id: s.how for s in closed.settled} == {late.id: "extended", other.id: "forfeit"}
    assert not [d for d in await due_now(runtime) if d.kind == "fixture_deadline"]
    await results.report_result(
        runtime, actor(user_id=late.home_coach_id), f"f:{late.id}", SideInput(1, 0), SideInput(0, 0)
    )  # still allowed: it has its own deadline
    clock_of(runtime).advance(timedelta(days=5))
    fixture_due = next(d for d in await due_now(runtime) if d.kind == "fixture_deadline")
    settled = (await deadlines.run_due(runtime, fixture_due)).closed[0]
    assert settled.fixture_only and settled.settled[0].how == "auto confirm pending"
    assert (await deadlines.run_due(runtime, fixture_due)).closed == []  # once


async def _run_everything_due(runtime: Runtime) -> list[deadlines.Work]:
    """What the deadline watch does at start-up: re-arm from the database (`schedule`), then run every
    overdue job in the order it arms them."""
    return [await deadlines.run_due(runtime, due) for due in await due_now(runtime)]


async def _reminder_statuses(runtime: Runtime, round_number: int = 1) -> dict[int, str]:
    def read(conn: sqlite3.Connection) -> dict[int, str]:
        rows = conn.execute(
            "SELECT m.hours, m.status FROM reminders m JOIN rounds r ON r.id = m.round_id WHERE r.number = ?",
            (round_number,),
        ).fetchall()
        return {int(row["hours"]): str(row["status"]) for row in rows}

    return await runtime.db.read(read)


def _sent(works: list[deadlines.Work]) -> list[deadlines.Reminder]:
    return [reminder for work in works for reminder in work.reminders]


async def test_after_a_downtime_only_the_latest_reminder_before_the_deadline_is_sent(
    runtime: Runtime,
) -> None:
    await build.season(runtime)  # round 1 ends in 14 days; reminders 72 h and 24 h before
    clock_of(runtime).advance(timedelta(days=13, hours=1))  # down past both reminder times, not the deadline
    due = [d for d in await due_now(runtime) if d.kind == "reminder"]
    assert len(due) == 2  # both are overdue and armed at the restart
    sent = _sent(await _run_everything_due(runtime))
    assert len(sent) == 1 and sent[0].round_number == 1 and len(sent[0].fixtures) == 2
    assert await _reminder_statuses(runtime) == {72: "skipped", 24: "sent"}
    # the next re-arm (another restart) finds nothing to send, and the skipped one never comes later
    assert not [d for d in await due_now(runtime) if d.kind == "reminder"]
    assert _sent(await _run_everything_due(runtime)) == []
    for job in due:  # a job that was armed twice does nothing either
        assert (await deadlines.run_due(runtime, job)).reminders == []


async def test_the_earlier_reminder_job_firing_first_still_sends_only_the_latest(runtime: Runtime) -> None:
    await build.season(runtime)
    clock_of(runtime).advance(timedelta(days=13, hours=1))
    due = sorted((d for d in await due_now(runtime) if d.kind == "reminder"), key=lambda d: d.at)
    first = await deadlines.run_due(runtime, due[0])  # the 72-hour job
    assert len(first.reminders) == 1
    assert await _reminder_statuses(runtime) == {72: "skipped", 24: "sent"}
    assert (await deadlines.run_due(runtime, due[1])).reminders == []  # the 24-hour job: already sent


async def test_no_reminder_once_the_deadline_has_passed(runtime: Runtime) -> None:
    await build.season(runtime)
    clock_of(runtime).advance(timedelta(days=14, hours=2))  # down past both reminders and the deadline
    works = await _run_everything_due(runtime)
    assert _sent(works) == []
    assert [closed.round_number for work in works for closed in work.closed] == [1]  # the round's end
    assert await _reminder_statuses(runtime) == {72: "skipped", 24: "skipped"}
    assert _sent(await _run_everything_due(runtime)) == []


async def test_a_reminder_job_that_fires_after_the_deadline_sends_nothing(runtime: Runtime) -> None:
    await build.season(runtime)
    clock_of(runtime).advance(timedelta(days=11, hours=1))
    job = next(d for d in await due_now(runtime) if d.kind == "reminder")  # armed before a downtime
    clock_of(runtime).advance(timedelta(days=3))  # the deadline passed before it ran
    assert (await deadlines.run_due(runtime, job)).reminders == []
    assert (await _reminder_statuses(runtime))[72] == "skipped"


async def test_reminders_on_time_are_each_sent(runtime: Runtime) -> None:
    await build.season(runtime)
    clock_of(runtime).advance(timedelta(days=11, minutes=1))
    assert len(_sent(await _run_everything_due(runtime))) == 1
    clock_of(runtime).advance(timedelta(days=2))
    assert len(_sent(await _run_everything_due(runtime))) == 1
    assert await _reminder_statuses(runtime) == {72: "sent", 24: "sent"}


async def test_an_extended_round_after_a_downtime_gets_its_latest_reminder(runtime: Runtime) -> None:
    await build.season(runtime)
    clock_of(runtime).advance(timedelta(days=10))
    new_deadline = (await deadlines.extend_round(runtime, COMMISH, None, 1, 5, "holidays"))[1]
    assert new_deadline - runtime.clock.now() == timedelta(days=9)
    # down from day 10 to day 18: past the round's original deadline, past both moved reminders
    clock_of(runtime).advance(timedelta(days=8))
    works = await _run_everything_due(runtime)
    sent = _sent(works)
    assert len(sent) == 1 and sent[0].deadline == new_deadline
    assert not [closed for work in works for closed in work.closed]  # the round is still open
    assert await _reminder_statuses(runtime) == {72: "skipped", 24: "sent"}
    clock_of(runtime).advance(timedelta(days=2))  # past the new deadline: the round ends, no more reminders
    works = await _run_everything_due(runtime)
    assert _sent(works) == [] and [c.round_number for w in works for c in w.closed] == [1]


async def test_a_coachs_open_fixtures_list_the_open_round_first(runtime: Runtime) -> None:
    await build.season(runtime)  # 4 teams: rounds 1-3, every coach plays once a round
    me = coach(0)
    mine = await results.open_fixtures(runtime, me)
    assert [f.round_number for f in mine] == [1, 2, 3]
    first = mine[0]
    await results.report_result(runtime, me, f"f:{first.id}", SideInput(1, 0), SideInput(0, 0))
    clock_of(runtime).advance(
        timedelta(days=14, minutes=1)
    )  # round 1 is over, its report awaits confirmation
    for due in await due_now(runtime):
        await deadlines.run_due(runtime, due)
    mine = await results.open_fixtures(runtime, me)
    # the open round's game first, then the earlier one still to confirm, then the later round
    assert [(f.round_number, f.status) for f in mine] == [(2, "scheduled"), (1, "reported"), (3, "scheduled")]


async def test_changed_reminder_hours_apply_to_the_open_rounds(runtime: Runtime) -> None:
    await build.season(runtime)  # round 1 ends in 14 days, round 2 in 28, round 3 in 42
    clock_of(runtime).advance(timedelta(days=11, hours=1))  # the 72-hour reminder of round 1 is due
    assert len(_sent(await _run_everything_due(runtime))) == 1
    await leagues.update_settings(runtime, COMMISH, None, {"reminder_hours": "48, 2"}, reason="quicker")
    assert await _reminder_statuses(runtime, 1) == {72: "sent", 48: "pending", 2: "pending"}  # 24 h went
    assert await _reminder_statuses(runtime, 2) == {48: "pending", 2: "pending"}
    planned = {(d.kind, d.at) for d in await deadlines.schedule(runtime)}
    round_two = min(d.at for d in await deadlines.schedule(runtime) if d.kind == "deadline") + timedelta(
        days=14
    )
    assert ("reminder", round_two - timedelta(hours=2)) in planned
    assert ("reminder", round_two - timedelta(hours=24)) not in planned


# --- one confirmation path (services/match/confirmation.py) ---------------------------------------------


async def test_every_way_of_confirming_goes_the_one_path(
    runtime: Runtime, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A coach's confirmation, /league result, the deadline's forfeit and the automatic confirmation each run
    the after-result hooks once and log the same way; a correction runs no post-game and no hook."""
    hooked: list[int] = []
    monkeypatch.setattr(
        confirmation,
        "AFTER_RESULT",
        (*confirmation.AFTER_RESULT, lambda conn, rt, fx: hooked.append(fx.id)),
    )
    await build.season(runtime)
    f1, f2 = (await seasons.list_fixtures(runtime, coach(0), None, "round", round_number=1)).fixtures
    f3, f4 = (await seasons.list_fixtures(runtime, coach(0), None, "round", round_number=2)).fixtures
    home = actor(user_id=f1.home_coach_id)
    await results.report_result(runtime, home, f"f:{f1.id}", SideInput(1, 0), SideInput(0, 0))
    await results.confirm_result(runtime, actor(user_id=f1.away_coach_id), f1.id, 1)
    await results.set_result(runtime, COMMISH, f"f:{f2.id}", SideInput(2, 1), SideInput(1, 0), "on stream")
    for fx in (f1, f2):
        for team_id in (fx.home_team_id, fx.away_team_id):
            await postgame.finish_postgame(runtime, COMMISH, fx.id, team_id, as_commissioner=True)
    corrected = await results.set_result(
        runtime, COMMISH, f"f:{f1.id}", SideInput(2, 0), SideInput(0, 0), "typo"
    )
    assert corrected.postgame == () and hooked == [f1.id, f2.id]
    home = actor(user_id=f3.home_coach_id)
    await results.report_result(runtime, home, f"f:{f3.id}", SideInput(1, 0), SideInput(0, 0))
    build.clock_of(runtime).advance(
        timedelta(days=28, minutes=1)
    )  # round 2 is over: #4 unplayed, #3 awaits its grace
    for due in await build.due_now(runtime):
        await deadlines.run_due(runtime, due)
    build.clock_of(runtime).advance(timedelta(hours=24))
    for due in await build.due_now(runtime):
        await deadlines.run_due(runtime, due)
    assert hooked == [f1.id, f2.id, f4.id, f3.id]

    def logs(conn: sqlite3.Connection) -> tuple[list[tuple[object, ...]], ...]:
        history = conn.execute(
            "SELECT fixture_id, action, version, reason FROM fixture_reports"
            " WHERE action IN ('confirmed', 'corrected') ORDER BY id"
        ).fetchall()
        audits = conn.execute(
            "SELECT action, detail, reason FROM audit_log WHERE action LIKE 'deadline.%'"
            " OR action IN ('result.confirm', 'result.set', 'result.auto_confirm') ORDER BY id"
        ).fetchall()
        locked = conn.execute(
            "SELECT id, confirmed_by, counts_for_bonus FROM fixtures WHERE id IN (?, ?, ?, ?) ORDER BY id",
            (f1.id, f2.id, f3.id, f4.id),
        ).fetchall()
        return (
            [tuple(r) for r in history],
            [(r[0], json.loads(r[1])["version"], r[2]) for r in audits],
            [tuple(r) for r in locked],
        )

    history, audits, locked = await runtime.db.read(logs)
    assert history == [
        (f1.id, "confirmed", 1, None),
        (f2.id, "corrected", 1, "on stream"),
        (f1.id, "corrected", 2, "typo"),
        (f4.id, "confirmed", 1, "deadline passed: forfeit"),
        (f3.id, "confirmed", 1, "not confirmed or disputed within the grace period"),
    ]
    # the bot's own explanation stays in the history: the audit action already says it
    assert audits == [
        ("result.confirm", 1, None),
        ("result.set", 1, "on stream"),
        ("result.set", 2, "typo"),
        ("deadline.forfeit", 1, None),
        ("result.auto_confirm", 1, None),
    ]
    bonus = {f1.id: 1, f2.id: 1, f3.id: 1, f4.id: 0}  # a fixture settled unplayed earns no bonus points
    by = {f1.id: COMMISH.user_id, f2.id: COMMISH.user_id, f3.id: 0, f4.id: 0}
    assert locked == sorted((i, by[i], bonus[i]) for i in bonus)


async def test_a_deadline_the_bot_never_writes_is_skipped_and_told_once(runtime: Runtime) -> None:
    """Issue 31: one round whose deadline is year 31690708 (an import left it) stopped start-up and the
    deadline watch for every server. Now the watch skips it, keeps every other deadline, logs it once and
    tells the league's commissioner by direct message, once."""
    await build.season(runtime)
    await runtime.db.write(
        lambda conn: conn.execute("UPDATE rounds SET deadline_at = ? WHERE number = 2", (10**15,))
    )
    planned = await deadlines.schedule(runtime)
    kinds = [(d.kind, d.at - runtime.clock.now()) for d in planned]
    assert ("deadline", timedelta(days=14)) in kinds  # round 1 still armed
    assert ("deadline", timedelta(days=28)) not in kinds and len(
        [k for k in kinds if k[0] == "deadline"]
    ) >= 1
    told = [a for a in await runtime.db.read(announcements.unsent) if "cannot read" in a.title]
    assert len(told) == 1 and told[0].dm_user_id == COMMISH.user_id
    assert "holds a time the bot never writes" in told[0].lines[0]
    logged = [e for e in await runtime.db.read(audit.recent, 1) if e.action == "deadline.unreadable"]
    assert len(logged) == 1 and logged[0].detail["what"] == "round"
    await deadlines.schedule(runtime)  # the watch re-reads every ten minutes: said once only
    again = [a for a in await runtime.db.read(announcements.unsent) if "cannot read" in a.title]
    assert len(again) == 1
