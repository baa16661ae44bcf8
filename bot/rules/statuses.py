"""A team's and a fixture's status as the rules' refusals word it ("Reikland Reavers is submitted: ...").

The stored codes are English words; these tables mark them for translation, and `team_status` /
`fixture_status` word one in the current language (a code no table knows is shown as it is).
"""

from __future__ import annotations

from bot.i18n import N_, _

TEAM_STATUSES: dict[str, str] = {
    "draft": N_("draft"),
    "submitted": N_("submitted"),
    "approved": N_("approved"),
    "rejected": N_("rejected"),
    "retired": N_("retired"),
}

FIXTURE_STATUSES: dict[str, str] = {
    "scheduled": N_("scheduled"),
    "reported": N_("reported"),
    "disputed": N_("disputed"),
    "confirmed": N_("confirmed"),
}


def team_status(status: str) -> str:
    """A team's status in the current language."""
    return _(TEAM_STATUSES[status]) if status in TEAM_STATUSES else status


def fixture_status(status: str) -> str:
    """A fixture's status in the current language."""
    return _(FIXTURE_STATUSES[status]) if status in FIXTURE_STATUSES else status
