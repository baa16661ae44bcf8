"""Which deadlines a commissioner may move (bot/rules/match/deadlines.py)."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from bot.errors import RuleViolation
from bot.rules.match.deadlines import extendable_deadline, open_round, regular_season, running_season


@dataclass(frozen=True)
class _Round:
    number: int
    status: str


@dataclass(frozen=True)
class _Season:
    status: str


ROUNDS = [_Round(1, "closed"), _Round(2, "open"), _Round(3, "open")]


def test_a_round_moves_only_while_a_season_runs() -> None:
    season = _Season("regular")
    assert running_season("Old World", season) is season
    with pytest.raises(RuleViolation, match=r"^Old World has no season running\.$"):
        running_season("Old World", None)


def test_only_an_open_round_moves_and_the_refusal_names_the_open_ones() -> None:
    # seed 001: the commissioner "sets a time limit for each round" and "may decide to make this time
    # limit longer or shorter at their own discretion"
    assert open_round(2, ROUNDS) is ROUNDS[1]
    with pytest.raises(RuleViolation, match=r"^Round 1 is not open; open rounds: 2, 3\.$"):
        open_round(1, ROUNDS)
    with pytest.raises(RuleViolation, match=r"^Round 9 is not open; open rounds: 2, 3\.$"):
        open_round(9, ROUNDS)
    with pytest.raises(RuleViolation, match=r"^Round 1 is not open; open rounds: none\.$"):
        open_round(1, [_Round(1, "closed")])


@pytest.mark.parametrize("status", ["playoffs", "finished"])
def test_deadlines_pause_in_the_regular_season_only(status: str) -> None:
    season = _Season("regular")
    assert regular_season("Old World", season) is season
    with pytest.raises(RuleViolation, match=r"^Old World has no regular season running\.$"):
        regular_season("Old World", _Season(status))
    with pytest.raises(RuleViolation, match=r"^Old World has no regular season running\.$"):
        regular_season("Old World", None)


@pytest.mark.parametrize("status", ["scheduled", "reported"])
def test_an_unsettled_league_fixture_gets_more_time(status: str) -> None:
    assert extendable_deadline("Reavers v Rats", "league", status, 1_700_000_000) == 1_700_000_000


@pytest.mark.parametrize(
    ("kind", "status", "deadline"),
    [
        ("league", "confirmed", 1),
        ("league", "disputed", 1),
        ("playoff", "scheduled", 1),
        ("friendly", "reported", 1),
        ("league", "scheduled", None),
    ],
)
def test_no_other_fixture_has_a_deadline_to_extend(kind: str, status: str, deadline: int | None) -> None:
    with pytest.raises(
        RuleViolation,
        match=rf"^Reavers v Rats is {status}: only an unsettled league fixture has a deadline to extend\.$",
    ):
        extendable_deadline("Reavers v Rats", kind, status, deadline)
