"""When a commissioner may revert a fixture's post-game: not once the season has moved on from it, and not
while a later fixture of its teams rests on it. Pure: the service loads the fixture, the season and the later
fixtures, and asks."""

from __future__ import annotations

from collections.abc import Sequence

from bot.errors import RuleViolation
from bot.i18n import _


def season_moved_on(
    kind: str,
    *,
    played_in: int | None,
    current: int | None,
    current_status: str | None,
    bracket_moved_on: bool,
) -> bool:
    """Whether the season has moved on from a fixture `played_in` a season (`current`: the season running
    now, None when none runs): it has once another season began, from a regular-season result once the
    play-offs (or prizes) used it, from a play-off result once its winner played on. A friendly, or a game
    outside any season, never holds a season up."""
    if kind == "friendly" or played_in is None:
        return False
    return (
        played_in != current
        or (kind == "league" and current_status != "regular")
        or (kind == "playoff" and bracket_moved_on)
    )


def check_revertable(label: str, *, moved_on: bool, later: Sequence[str]) -> None:
    """Refuse a revert the season has moved on from, or that later fixtures of these teams depend on."""
    if moved_on:
        raise RuleViolation(
            _(
                "Not reverted: the season has moved on from {fixture} (the play-offs or prizes rest on it).",
                fixture=label,
            )
        )
    if later:
        raise RuleViolation(
            _(
                "Not reverted: later fixtures of these teams depend on it ({fixtures}). "
                "Revert those first, newest first.",
                fixtures=", ".join(later),
            )
        )
