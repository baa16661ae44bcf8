"""The times the bot writes: every stored time is unix seconds between 1970 and 2100 (a deadline is at most
months ahead). A time outside them is a bad row (imported, migrated or edited by hand): an import refuses it
and the deadline watch skips it, never stopping for it."""

from __future__ import annotations

EARLIEST_UNIX = 0
LATEST_UNIX = 4_102_444_800  # 2100-01-01 UTC


def in_range(seconds: int) -> bool:
    """Whether `seconds` is a time the bot could have written."""
    return EARLIEST_UNIX <= seconds <= LATEST_UNIX
