"""`/fixtures format:csv`: a season's fixtures and results as a spreadsheet (one row per fixture)."""

from __future__ import annotations

from datetime import datetime

from bot.i18n import N_, _
from bot.rules.statuses import fixture_status
from bot.services.league.seasons import FixtureList
from bot.ui.files import csv_bytes

RESULTS_HEADER = (  # the columns, marked: the file's header is in the reader's language
    N_("fixture"),
    N_("round"),
    N_("kind"),
    N_("home team"),
    N_("away team"),
    N_("home score"),
    N_("away score"),
    N_("home casualties"),
    N_("away casualties"),
    N_("status"),
    N_("deadline (UTC)"),
    N_("confirmed (UTC)"),
)
FIXTURE_KINDS = {"league": N_("league"), "friendly": N_("friendly"), "playoff": N_("play-off")}


def _utc(moment: datetime | None) -> str | None:
    return None if moment is None else moment.strftime("%Y-%m-%d %H:%M")


def results_csv(listing: FixtureList) -> bytes:
    """Every listed fixture in order of round: who played whom, the locked score and casualties once
    confirmed (empty before), its status, deadline and when it was confirmed; the header and the kinds and
    statuses in the current language."""
    ordered = sorted(listing.fixtures, key=lambda f: (f.round_number or 0, f.id))
    return csv_bytes(
        [_(column) for column in RESULTS_HEADER],
        (
            (
                f.id,
                f.round_number,
                _(FIXTURE_KINDS[f.kind]) if f.kind in FIXTURE_KINDS else f.kind,
                f.home_name,
                f.away_name,
                f.home_score,
                f.away_score,
                f.home_cas,
                f.away_cas,
                fixture_status(f.status),
                _utc(f.deadline_at),
                _utc(f.confirmed_at),
            )
            for f in ordered
        ),
    )
