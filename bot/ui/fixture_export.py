"""`/fixtures format:csv`: a season's fixtures and results as a spreadsheet (one row per fixture)."""

from __future__ import annotations

from datetime import datetime

from bot.services.league.seasons import FixtureList
from bot.ui.files import csv_bytes

RESULTS_HEADER = (
    "fixture",
    "round",
    "kind",
    "home team",
    "away team",
    "home score",
    "away score",
    "home casualties",
    "away casualties",
    "status",
    "deadline (UTC)",
    "confirmed (UTC)",
)


def _utc(moment: datetime | None) -> str | None:
    return None if moment is None else moment.strftime("%Y-%m-%d %H:%M")


def results_csv(listing: FixtureList) -> bytes:
    """Every listed fixture in order of round: who played whom, the locked score and casualties once
    confirmed (empty before), its status, deadline and when it was confirmed."""
    ordered = sorted(listing.fixtures, key=lambda f: (f.round_number or 0, f.id))
    return csv_bytes(
        RESULTS_HEADER,
        (
            (
                f.id,
                f.round_number,
                f.kind,
                f.home_name,
                f.away_name,
                f.home_score,
                f.away_score,
                f.home_cas,
                f.away_cas,
                f.status,
                _utc(f.deadline_at),
                _utc(f.confirmed_at),
            )
            for f in ordered
        ),
    )
