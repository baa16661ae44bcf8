"""The alarm clock for round deadlines, reminders and automatic confirmations.

The database is the source of truth: `rearm()` reads everything still to come (or overdue) and arms one
APScheduler job per item (explicit ids, replace_existing, no misfire limit), so an item missed while the bot
was down runs once at start-up. A job runs its service (which claims the work with a conditional UPDATE, so
it happens once), then announces the outcome in the league's channel and re-arms.
"""

from __future__ import annotations

import logging
from datetime import UTC, datetime, timedelta

import discord

from bot import i18n
from bot.host import Host
from bot.i18n import _
from bot.services.match import deadlines
from bot.services.match.deadlines import Reminder, Work
from bot.services.match.results import ReportedResult
from bot.services.records import Due, Fixture
from bot.ui.announce import announce
from bot.ui.formatting import plain, timestamp
from bot.ui.limits import CONTENT, split_text
from bot.ui.result_views import finish_view, postgame_embeds, result_embeds

log = logging.getLogger(__name__)
JOB_PREFIXES = (
    "deadline:",
    "reminder:",
    "auto_confirm:",
    "fixture_deadline:",
    "signing:",
    "signing_reminder:",
)
REREAD_JOB = "watch:reread"
REREAD = timedelta(minutes=10)
AHEAD = timedelta(minutes=5)  # armed beyond the next re-read too, should that re-read run late


class DeadlineWatch:
    def __init__(self, league_bot: Host) -> None:
        self.bot = league_bot

    async def rearm(self) -> int:
        """Arm a job for every item due before the next re-read (and a little after); drop jobs whose item is
        gone or no longer due by then. Returns how many. Start-up so arms what is near, not every deadline of
        every server: a deadline weeks away is armed by the re-read before it.

        Only what changed is armed again (a job already armed for its time is left), so re-reading
        thousands of deadlines costs the read, not thousands of re-armings on the event loop. The watch
        re-reads every REREAD as well: with several processes on one database, a deadline another process
        set is armed here too, so it is carried out while that process is down."""
        scheduler = self.bot.scheduler
        try:  # only what falls due before the next re-read (which arms what comes after)
            until = self.bot.runtime.clock.now() + REREAD + AHEAD
            planned = await deadlines.schedule(self.bot.runtime, until)
        except Exception:  # never stop start-up or the watch: the next re-read tries again
            log.exception("reading the deadlines failed; trying again in %s", REREAD)
            scheduler.arm(REREAD_JOB, datetime.now(UTC) + REREAD, self.rearm)
            return 0
        wanted = {due.job_id: due for due in planned}
        armed = {job.id: job.run_at for job in scheduler.jobs() if job.id.startswith(JOB_PREFIXES)}
        for job_id in armed.keys() - wanted.keys():
            scheduler.cancel(job_id)
        for job_id, due in wanted.items():
            if armed.get(job_id) != due.at:
                scheduler.arm(job_id, due.at, self.run, due)
        scheduler.arm(REREAD_JOB, datetime.now(UTC) + REREAD, self.rearm)
        return len(planned)

    async def run(self, due: Due) -> None:
        try:
            work = await deadlines.run_due(self.bot.runtime, due)
            await self.announce(work)
        except Exception:
            log.exception("deadline job %s failed", due.job_id)
        finally:
            await self.rearm()

    async def announce(self, work: Work) -> None:
        """Post what the due jobs did in each league's channel, worded in the league's language."""
        for closed in work.closed:
            for settled in closed.settled:
                if settled.postgame:
                    with i18n.using(closed.league.language):
                        embeds = postgame_embeds(settled.fixture, settled.postgame)
                        view = finish_view(settled.fixture.id, settled.postgame)
                    await announce(self.bot, closed.league, embeds=embeds, view=view)
        for league, fixture, report, summaries in work.confirmed:
            outcome = ReportedResult(fixture, report, fixture.report_version, None, summaries)
            with i18n.using(league.language):
                heading = _("✅ Confirmed automatically: neither confirmed nor disputed in time.")
                confirmed = result_embeds(outcome, heading=heading)
                embeds = postgame_embeds(fixture, summaries)
                view = finish_view(fixture.id, summaries)
            await announce(self.bot, league, embeds=confirmed)
            await announce(self.bot, league, embeds=embeds, view=view)
        for reminder in work.reminders:
            # in the content, so every coach's mention pings; several messages when it is long
            await announce(self.bot, reminder.league, content=reminder_text(reminder))
            for user_id in sorted(reminder.dm_user_ids):
                await self._direct_message(user_id, reminder_messages(reminder, direct=True))

    async def _direct_message(self, user_id: int, texts: list[str]) -> None:
        """Best effort: a coach who closed their DMs still has the channel reminder."""
        try:
            user = self.bot.get_user(user_id) or await self.bot.fetch_user(user_id)
            for text in texts:
                await user.send(text, allowed_mentions=discord.AllowedMentions.none())
        except discord.HTTPException:
            log.info("could not send a reminder to user %s by direct message", user_id)


def reminder_text(reminder: Reminder, *, direct: bool = False) -> str:
    """The reminder of a round's deadline, in its league's language (its channel's; the direct message's
    too, as no coach's language is known there)."""
    with i18n.using(reminder.league.language):
        return _reminder_text(reminder, direct)


def _reminder_text(reminder: Reminder, direct: bool) -> str:
    league, number = plain(reminder.league.name), reminder.round_number
    relative, date = timestamp(reminder.deadline, "R"), timestamp(reminder.deadline, "f")
    event = (
        reminder.league.is_tournament
    )  # an event's round is another word than a league's in some languages
    if not reminder.fixtures:
        if event:
            return _(
                "⏰ {event}: round {number} ends {relative}: every game is in.",
                event=league,
                number=number,
                relative=relative,
            )
        return _(
            "⏰ {league} round {number} ends {relative}: every game is in.",
            league=league,
            number=number,
            relative=relative,
        )
    games = "\n".join(_game_line(f) for f in reminder.fixtures)
    if event:
        head = _(
            "⏰ {event}: round {number} ends {relative} ({date}). Still to play:",
            event=league,
            number=number,
            relative=relative,
            date=date,
        )
    else:
        head = _(
            "⏰ {league} round {number} ends {relative} ({date}). Still to play:",
            league=league,
            number=number,
            relative=relative,
            date=date,
        )
    if any(f.kind == "playoff" for f in reminder.fixtures):
        unplayed = _(
            "Unplayed play-off games go to the commissioner; a coach who cannot play can /concede ahead of "
            "the deadline."
        )
    else:
        unplayed = _(
            "Unplayed games are a loss for both teams; a coach who cannot play can /concede ahead of the "
            "deadline."
        )
    text = f"{head}\n{games}\n{unplayed}"
    if direct:
        text += "\n" + _(
            "(You get this by DM because you asked for it: /notify dm_reminders:False stops it.)"
        )
    return text


def _game_line(fixture: Fixture) -> str:
    """A game still to play, its coaches mentioned (so that they are pinged)."""
    home_coach, away_coach = (f"<@{coach}>" for coach in (fixture.home_coach_id, fixture.away_coach_id))
    return _(
        "{home_coach} v {away_coach}: {home} v {away}",
        home_coach=home_coach,
        away_coach=away_coach,
        home=plain(fixture.home_name),
        away=plain(fixture.away_name),
    )


def reminder_messages(reminder: Reminder, *, direct: bool = False) -> list[str]:
    """The reminder in messages of at most 2,000 characters (a big division's is longer than one)."""
    return split_text(reminder_text(reminder, direct=direct), CONTENT)
