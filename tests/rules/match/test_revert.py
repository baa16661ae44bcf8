"""When a commissioner may revert a fixture's post-game (bot/rules/match/revert.py)."""

from __future__ import annotations

import pytest

from bot.errors import RuleViolation
from bot.rules.match.revert import check_revertable, season_moved_on


def _moved_on(
    kind: str,
    played_in: int | None = 4,
    current: int | None = 4,
    status: str | None = "regular",
    bracket: bool = False,
) -> bool:
    return season_moved_on(
        kind, played_in=played_in, current=current, current_status=status, bracket_moved_on=bracket
    )


def test_a_regular_season_result_holds_until_the_play_offs() -> None:
    assert not _moved_on("league")
    assert _moved_on("league", status="playoffs")
    assert _moved_on("league", status="finished")


def test_a_play_off_result_holds_until_its_winner_plays_on() -> None:
    assert not _moved_on("playoff", status="playoffs")
    assert _moved_on("playoff", status="playoffs", bracket=True)


@pytest.mark.parametrize("kind", ["league", "playoff"])
def test_another_season_or_none_has_moved_on(kind: str) -> None:
    assert _moved_on(kind, current=5)
    assert _moved_on(kind, current=None, status=None)


def test_a_friendly_or_a_game_outside_a_season_never_holds_a_season_up() -> None:
    assert not _moved_on("friendly", current=None, status=None, bracket=True)
    assert not _moved_on("league", played_in=None, current=None, status=None)


def test_the_refusals_say_why() -> None:
    check_revertable("Reavers v Rats", moved_on=False, later=[])
    with pytest.raises(RuleViolation, match=r"^Not reverted: the season has moved on from Reavers v Rats "):
        check_revertable("Reavers v Rats", moved_on=True, later=["#14"])
    with pytest.raises(
        RuleViolation,
        match=r"^Not reverted: later fixtures of these teams depend on it \(#14, #15\)\. Revert those first",
    ):
        check_revertable("Reavers v Rats", moved_on=False, later=["#14", "#15"])
