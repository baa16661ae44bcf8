"""Which deadlines a commissioner may move (seed 001, League Fixtures: the commissioner "sets a time limit
for each round" and "may decide to make this time limit longer or shorter"). Pure: the service loads the
season, its rounds or the fixture, and asks."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, TypeVar

from bot.errors import RuleViolation
from bot.i18n import _
from bot.rules.statuses import fixture_status


class HasStatus(Protocol):
    @property
    def status(self) -> str: ...


class RoundState(HasStatus, Protocol):
    @property
    def number(self) -> int: ...


S = TypeVar("S")
Season = TypeVar("Season", bound=HasStatus)
Round = TypeVar("Round", bound=RoundState)


def running_season(league_name: str, season: S | None) -> S:
    """The season whose rounds' deadlines may move: a round's deadline moves only while a season runs."""
    if season is None:
        raise RuleViolation(_("{league} has no season running.", league=league_name))
    return season


def open_round(round_number: int, rounds: Sequence[Round]) -> Round:
    """The round whose deadline moves: only an open one (a closed round is settled); the refusal names the
    open ones."""
    target = next((r for r in rounds if r.number == round_number), None)
    if target is None or target.status != "open":
        open_rounds = ", ".join(str(r.number) for r in rounds if r.status == "open")
        if not open_rounds:
            raise RuleViolation(_("Round {number} is not open; open rounds: none.", number=round_number))
        raise RuleViolation(
            _("Round {number} is not open; open rounds: {rounds}.", number=round_number, rounds=open_rounds)
        )
    return target


def regular_season(league_name: str, season: Season | None) -> Season:
    """The season whose deadlines pause and resume: the regular season only (the play-offs have no
    rounds)."""
    if season is None or season.status != "regular":
        raise RuleViolation(_("{league} has no regular season running.", league=league_name))
    return season


def extendable_deadline(label: str, kind: str, status: str, deadline: S | None) -> S:
    """The deadline of a fixture that may have more time: an unsettled league fixture with a deadline."""
    if kind != "league" or status not in ("scheduled", "reported") or deadline is None:
        raise RuleViolation(
            _(
                "{fixture} is {status}: only an unsettled league fixture has a deadline to extend.",
                fixture=label,
                status=fixture_status(status),
            )
        )
    return deadline
