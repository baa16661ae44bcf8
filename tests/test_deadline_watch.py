"""The deadline watch re-arms only what changed, and re-reads the database on its own every REREAD: with
several processes on one database, a deadline another process set (or moved) is armed here too."""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any, cast

from bot import i18n
from bot.clock import FakeClock
from bot.deadline_watch import REREAD, REREAD_JOB, DeadlineWatch, reminder_messages, reminder_text
from bot.scheduler import Scheduler
from bot.services.match import deadlines
from bot.services.match.deadlines import Reminder
from bot.services.runtime import Runtime
from bot.store import leagues as league_store
from bot.store.connection import Connection
from tests.builders import season

if TYPE_CHECKING:
    from bot.app import LeagueBot


class CountingScheduler(Scheduler):
    def __init__(self) -> None:
        super().__init__()
        self.armed: list[str] = []

    def arm(self, job_id: str, run_at: datetime, func: Any, *args: Any) -> None:
        self.armed.append(job_id)
        super().arm(job_id, run_at, func, *args)


@dataclass
class _Bot:
    """What the watch uses of the bot: its runtime and its scheduler."""

    runtime: Runtime
    scheduler: CountingScheduler


async def test_the_watch_arms_what_changed_and_rereads_on_its_own(runtime: Runtime) -> None:
    now = datetime.now(UTC).replace(microsecond=0)
    rt = replace(runtime, clock=FakeClock(now))  # the scheduler runs on the wall clock: nothing falls due
    await season(rt, 4)

    def soon(conn: Connection) -> None:  # round 1 ends in five minutes: before the next re-read
        conn.execute("UPDATE rounds SET deadline_at = ? WHERE number = 1", (int(now.timestamp()) + 300,))
        conn.execute("DELETE FROM reminders")  # its reminders would be past: none

    await rt.db.write(soon)
    bot = _Bot(rt, CountingScheduler())
    watch = DeadlineWatch(cast("LeagueBot", bot))
    bot.scheduler.start()
    try:
        planned = await watch.rearm()
        # only round 1 falls due before the next re-read: round 2, weeks away, waits for a later re-read
        assert planned == 1 and len(bot.scheduler.armed) == planned + 1
        reread = next(job for job in bot.scheduler.jobs() if job.id == REREAD_JOB)
        assert reread.run_at is not None and now + REREAD <= reread.run_at <= datetime.now(UTC) + REREAD

        bot.scheduler.armed.clear()
        assert await watch.rearm() == planned
        assert bot.scheduler.armed == [REREAD_JOB]  # nothing changed: nothing armed again

        # another process moves round 1's deadline a minute later and opens nothing else
        def extend(conn: Connection) -> None:
            conn.execute("UPDATE rounds SET deadline_at = deadline_at + 60 WHERE number = 1")

        await rt.db.write(extend)
        bot.scheduler.armed.clear()
        assert await watch.rearm() == planned
        moved = [job_id for job_id in bot.scheduler.armed if job_id != REREAD_JOB]
        assert len(moved) == 1 and moved[0].startswith("deadline:")

        # five days later instead (its reminders too): nothing due before the next re-read, so it is dropped
        await rt.db.write(
            lambda conn: conn.execute("UPDATE rounds SET deadline_at = deadline_at + 5 * 86400")
        )
        assert await watch.rearm() == 0
        assert not [job for job in bot.scheduler.jobs() if job.id.startswith("deadline:")]
    finally:
        await bot.scheduler.shutdown()


async def test_a_failing_read_never_stops_the_watch(runtime: Runtime, monkeypatch: Any) -> None:
    """Issue 31: when reading the deadlines failed, the re-read was never armed again and start-up exited.
    Now the failure is logged and the watch tries again at the next re-read."""

    async def broken(rt: Runtime) -> list[Any]:
        raise ValueError("year 31690708 is out of range")

    monkeypatch.setattr(deadlines, "schedule", broken)
    bot = _Bot(runtime, CountingScheduler())
    watch = DeadlineWatch(cast("LeagueBot", bot))
    bot.scheduler.start()
    try:
        assert await watch.rearm() == 0
        assert bot.scheduler.armed == [REREAD_JOB]
    finally:
        await bot.scheduler.shutdown()


async def test_a_reminder_is_worded_in_its_leagues_language(runtime: Runtime) -> None:
    """Issue 32: a reminder is posted in the league's channel (and by DM to coaches who asked for it) in the
    league's language; the same league in English reads as it always did."""
    overview = await season(runtime, 4)
    fixtures = overview.round_fixtures(1)
    english = Reminder(overview.league, 1, overview.rounds[0].deadline_at, fixtures)
    text = reminder_text(english, direct=True)
    assert "round 1 ends <t:" in text and "Still to play:" in text
    assert "Unplayed games are a loss for both teams; a coach who cannot play can /concede" in text
    assert f"<@{fixtures[0].home_coach_id}> v <@{fixtures[0].away_coach_id}>" in text

    await runtime.db.write(league_store.set_language, overview.league, "fr")
    french = replace(english, league=replace(overview.league, language="fr"))
    text = reminder_text(french, direct=True)
    assert "la journée 1 se termine <t:" in text and "Reste à jouer :" in text
    assert "Un match non joué est une défaite pour les deux équipes" in text
    assert "/notify dm_reminders:False" in text and "Vous recevez ceci en message privé" in text
    assert f"<@{fixtures[0].home_coach_id}> vs <@{fixtures[0].away_coach_id}>" in text
    assert "Still to play" not in text and i18n.current() == "en"  # worded in French, nothing else
    assert reminder_messages(french) == [reminder_text(french)]
    done = replace(french, fixtures=[])
    assert reminder_text(done).endswith("tous les matchs sont déclarés.")


async def test_an_events_reminder_says_an_events_round(runtime: Runtime) -> None:
    """Issue 32: an event's rounds are not a league's match days: "ronde", not "journée", in French."""
    overview = await season(runtime, 4)
    event = replace(overview.league, kind="tournament", language="fr")
    reminder = Reminder(event, 2, overview.rounds[0].deadline_at, overview.round_fixtures(1))
    text = reminder_text(reminder)
    assert "la ronde 2 se termine <t:" in text and "journée" not in text
    assert "la ronde 2 se termine" in reminder_text(replace(reminder, fixtures=[]))
    english = reminder_text(replace(reminder, league=replace(event, language="en")))
    assert english.startswith(f"⏰ {overview.league.name}: round 2 ends <t:")
