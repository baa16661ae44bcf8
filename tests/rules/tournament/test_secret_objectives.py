"""Secret Objectives (seed 000, Additional rules): the D16 table, three distinct objectives per coach, and
the number achieved as a tiebreaker."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.errors import RuleViolation
from bot.rules.dice import ScriptedDice, SeededDice
from bot.rules.tournament.secret_objectives import check_plays_with, roll_objectives, table_sides
from bot.rules.tournament.tournament_scoring import DEFAULT_TIEBREAKERS, TournamentGame, rank
from bot.rules.tournament.tournament_settings import Rulespack
from tests.conftest import CATALOG

TABLE = CATALOG.tables["secret_objectives"]
RULES = CATALOG.tournament.scoring


def test_the_table_is_a_d16_of_sixteen_objectives() -> None:
    """Seed 000: "There are a total of 16 different Secret Objectives that can be used" and "roll a D16
    three times" """
    assert table_sides(TABLE) == 16
    assert [TABLE.lookup(face).name for face in (1, 16)] == ["Red Card", "Headtaker"]
    assert len({TABLE.lookup(face).name for face in range(1, 17)}) == 16
    assert TABLE.rolls == 3 and TABLE.reroll_duplicates


def test_repeats_are_rolled_again_and_every_die_is_returned() -> None:
    """Seed 000: "roll a D16 three times consult the table opposite, re-rolling any results that you have
    already rolled" """
    drawn = roll_objectives(TABLE, ScriptedDice([5, 5, 12, 5, 12, 1]))
    assert drawn.results == (5, 12, 1)
    assert [roll.faces for roll in drawn.rolls] == [(5,), (5,), (12,), (5,), (12,), (1,)]
    assert ["repeat" in roll.purpose for roll in drawn.rolls] == [False, True, False, True, True, False]
    assert [e.name for e in drawn.entries(TABLE)] == ["Coming Surfing", "Just a Little Further", "Red Card"]


@given(st.integers(min_value=0, max_value=10**9))
def test_always_three_different_objectives(seed: int) -> None:
    drawn = roll_objectives(TABLE, SeededDice(seed))
    assert len(drawn.results) == 3 == len(set(drawn.results))
    kept = [roll.faces[0] for roll in drawn.rolls if "repeat" not in roll.purpose]
    assert tuple(kept) == drawn.results
    assert all(1 <= roll.faces[0] <= 16 and roll.dice == "d16" for roll in drawn.rolls)


def test_more_objectives_than_the_table_has_is_refused() -> None:
    with pytest.raises(ValueError, match="cannot draw 17"):
        roll_objectives(TABLE, SeededDice(1), 17)


def test_objectives_are_the_first_tiebreaker_by_default() -> None:
    """Seed 000: "Secret Objectives are best used as a Tiebreaker, usually the first tiebreaker" """
    assert Rulespack().tiebreakers == DEFAULT_TIEBREAKERS
    assert Rulespack(secret_objectives=True).tiebreakers == ("objectives", *DEFAULT_TIEBREAKERS)
    placed = Rulespack(secret_objectives=True, extra_tiebreakers=("votes", "objectives"))
    assert placed.tiebreakers == (*DEFAULT_TIEBREAKERS, "votes", "objectives")
    with pytest.raises(ValueError, match="needs secret_objectives"):
        Rulespack(extra_tiebreakers=("objectives",))


def test_objectives_achieved_separate_coaches_level_on_points() -> None:
    """Seed 000: "coaches should record how many of their Secret Objectives they achieved over the course
    of the game" - the totals then break ties."""
    games = [
        TournamentGame("A", "X", 1, 0, first_objectives=1, second_objectives=3),
        TournamentGame("B", "Y", 1, 0, first_objectives=2),
        TournamentGame("C", "Z", 3, 0, first_objectives=0),  # more Bonus Points, fewer objectives
    ]
    order = Rulespack(secret_objectives=True).tiebreakers
    rows = rank(RULES, ["A", "B", "C"], games, tiebreakers=order)
    assert [(r.coach, r.objectives, r.decided_by) for r in rows] == [
        ("B", 2, None),
        ("A", 1, "Secret Objectives achieved"),
        ("C", 0, "Secret Objectives achieved"),
    ]
    # without the switch, Bonus Points decide first
    assert rank(RULES, ["A", "B", "C"], games)[0].coach == "C"


def test_a_coach_achieves_at_most_three() -> None:
    with pytest.raises(ValueError, match="0 to 3"):
        TournamentGame("A", "B", 1, 0, first_objectives=4)


def test_only_an_event_that_uses_them_has_secret_objectives() -> None:
    """Seed 000: "When an event does make use of additional rules, it should be clearly listed in the
    rulespack so that all coaches know what rules they will be using." """
    check_plays_with("Cup", Rulespack(secret_objectives=True).secret_objectives)
    with pytest.raises(RuleViolation, match=r"^Cup does not play with Secret Objectives\.$"):
        check_plays_with("Cup", Rulespack().secret_objectives)
