"""Rows the deadline watch cannot arm (issue 31): a round, reminder, fixture or signing draft whose stored
time is one the bot never writes (an import, a migration or a hand edit put it there). The watch skips such
a row (bot/store/deadlines.py) and keeps every other server's deadlines going; this module logs each one
once and tells that league's commissioner by direct message, recording in the league's log that it did, so
a re-read every ten minutes does not say it again."""

from __future__ import annotations

import logging

from bot import i18n
from bot.i18n import N_, _
from bot.services.runtime import BOT_USER, Runtime
from bot.store import announcements, audit
from bot.store import deadlines as deadline_store
from bot.store import leagues as league_store
from bot.store.connection import Connection

log = logging.getLogger(__name__)
ACTION = "deadline.unreadable"
# The rows the watch reads, as a commissioner is told of them.
WHAT = {
    "round": N_("round"),
    "reminder": N_("reminder"),
    "fixture": N_("fixture"),
    "signing draft": N_("signing draft"),
}


def report(conn: Connection, rt: Runtime) -> int:
    """Log and report each unreadable row not reported yet; returns how many were new."""
    new = 0
    for bad in deadline_store.unreadable(conn):
        detail = {"what": bad.what, "id": bad.item_id, "seconds": bad.seconds}
        if audit.recorded(conn, bad.guild_id, ACTION, detail):
            continue
        new += 1
        log.warning(
            "skipped %s %s of guild %s: time %s out of range",
            bad.what,
            bad.item_id,
            bad.guild_id,
            bad.seconds,
        )
        now = rt.clock.now()
        audit.record(conn, bad.guild_id, BOT_USER, ACTION, now, detail=detail, league_id=bad.league_id)
        league = league_store.get(conn, bad.guild_id, bad.league_id)
        if league is None:
            continue
        with i18n.using(league.language):
            title = _("{league}: a deadline the bot cannot read", league=league.name)
            lines = [
                _(
                    "A {what} of {league} (id {id}) holds a time the bot never writes, so its deadline is "
                    "skipped and will not run; everything else goes on.",
                    what=_(WHAT[bad.what]) if bad.what in WHAT else bad.what,
                    league=league.name,
                    id=bad.item_id,
                ),
                _("The bot's host can correct that row, or export the league, fix it and import it again."),
            ]
        announcements.add(conn, bad.guild_id, league.id, title, lines, now, dm_user_id=league.created_by)
    return new
