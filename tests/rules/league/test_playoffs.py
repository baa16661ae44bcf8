"""Play-offs: qualification across divisions, the bracket's constraints, later stages (seed 001)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.errors import RuleViolation
from bot.rules.dice import ScriptedDice, SeededDice
from bot.rules.league.league_settings import LeagueSettings
from bot.rules.league.playoffs import (
    Qualifier,
    avoidable,
    bracket_positions,
    check_playoffs_open,
    first_round,
    next_stage,
    playoff_size,
    qualify,
    same_division_pairs,
    stage_count,
    stage_name,
)
from bot.rules.league.standings import StandingRow

SETTINGS = LeagueSettings()


def row(
    team_id: int, position: int, points: int, td_diff: int = 0, td_for: int = 0, cas: int = 0
) -> StandingRow:
    return StandingRow(
        team_id=team_id,
        position=position,
        played=5,
        won=0,
        drawn=0,
        lost=0,
        points=points,
        bonus_points=0,
        td_for=td_for,
        td_against=td_for - td_diff,
        td_diff=td_diff,
        cas_for=cas,
        cas_against=0,
        decided_by=None,
    )


def table(division: int, points: list[int]) -> list[StandingRow]:
    """A division whose teams are numbered division*10 + place."""
    return [row(division * 10 + place, place, p) for place, p in enumerate(points, start=1)]


def test_the_seed_example_three_divisions_eight_places() -> None:
    tables = {1: table(1, [15, 12, 9, 3]), 2: table(2, [13, 10, 7, 4]), 3: table(3, [14, 11, 8, 2])}
    qualifiers = qualify(tables, 8, SETTINGS)
    teams = [q.team_id for q in qualifiers]
    # the top two of each division, then the two best third-placed teams (9 and 8 points beat 7)
    assert set(teams[:6]) == {11, 12, 21, 22, 31, 32}
    assert teams[6:] == [13, 33]
    assert teams[:3] == [11, 31, 21]  # division winners first, by points: they are seeds 1-3
    assert [q.seed for q in qualifiers] == list(range(1, 9))


def test_four_divisions_eight_places_take_the_top_two_of_each() -> None:
    tables = {d: table(d, [12 - d, 9, 6, 3]) for d in (1, 2, 3, 4)}
    assert {q.team_id for q in qualify(tables, 8, SETTINGS)} == {11, 12, 21, 22, 31, 32, 41, 42}


def test_more_divisions_than_places_take_the_best_division_winners() -> None:
    tables = {1: table(1, [9, 6, 3, 0]), 2: table(2, [12, 6, 3, 0]), 3: table(3, [10, 6, 3, 0])}
    assert [q.team_id for q in qualify(tables, 2, SETTINGS)] == [21, 31]


def test_a_tie_across_divisions_goes_to_the_league_tiebreakers_then_registration() -> None:
    tables = {
        1: [row(11, 1, 12), row(12, 2, 9), row(13, 3, 6, td_diff=2)],
        2: [row(21, 1, 12), row(22, 2, 9), row(23, 3, 6, td_diff=3)],
        3: [row(31, 1, 12), row(32, 2, 9), row(33, 3, 6, td_diff=3, td_for=5)],
    }
    qualifiers = qualify(tables, 8, SETTINGS)
    # third places level on 6 points: 33 and 23 have the better touchdown difference; 33 scored more
    assert [q.team_id for q in qualifiers[6:]] == [33, 23]
    # the winners are level on everything: registration order (lower team id first)
    assert [q.team_id for q in qualifiers[:3]] == [11, 21, 31]


def test_head_to_head_is_skipped_across_divisions() -> None:
    settings = LeagueSettings(tiebreakers=("head_to_head", "td_for"))
    tables = {1: [row(11, 1, 9, td_for=2)], 2: [row(21, 1, 9, td_for=4)]}
    assert [q.team_id for q in qualify(tables, 2, settings)] == [21, 11]


def test_playoff_size_shrinks_to_what_the_teams_can_fill() -> None:
    assert playoff_size(8, 20) == 8
    assert playoff_size(8, 6) == 4
    assert playoff_size(4, 4) == 4
    assert playoff_size(0, 12) == 0
    assert playoff_size(32, 5) == 4


def test_stage_names_and_counts() -> None:
    assert [stage_name(n) for n in (2, 4, 8, 16)] == ["Final", "Semi-finals", "Quarter-finals", "Round of 16"]
    assert [stage_count(n) for n in (2, 4, 8, 16)] == [1, 2, 3, 4]


def test_bracket_positions_keep_the_top_seeds_apart() -> None:
    assert bracket_positions(8) == [1, 8, 4, 5, 2, 7, 3, 6]
    assert bracket_positions(4) == [1, 4, 2, 3]


def qualifiers_of(divisions: list[int]) -> list[Qualifier]:
    return [Qualifier(seed, 100 + seed, division, 1) for seed, division in enumerate(divisions, start=1)]


def test_separating_winners_pairs_them_with_the_lowest_ranked_qualifiers() -> None:
    # four divisions: the winners are seeds 1-4, the runners-up 5-8 (seed 4+k is division k's runner-up)
    qualifiers = qualifiers_of([1, 2, 3, 4, 4, 3, 2, 1])
    pairs = first_round(qualifiers, "separate_winners")
    seeds = [(a.seed, b.seed) for a, b in pairs]
    # 1 v 8 and 3 v 6 would be one division each: 1 takes 7, 2 then 8, 3 takes 5 and 4 meets 6
    assert seeds == [(1, 7), (4, 6), (2, 8), (3, 5)]
    assert same_division_pairs(pairs) == 0


def test_standard_seeding_when_no_division_clashes() -> None:
    pairs = first_round(qualifiers_of([1, 2, 1, 2, 1, 2, 1, 2]), "separate_winners")
    assert [(a.seed, b.seed) for a, b in pairs] == [(1, 8), (4, 5), (2, 7), (3, 6)]


def test_random_draw_uses_the_dice_and_avoids_same_division_pairs() -> None:
    qualifiers = qualifiers_of([1, 1, 2, 2])
    dice = ScriptedDice([1, 1, 1])  # d4, d3, d2: the draw order becomes 2, 3, 4, 1
    pairs = first_round(qualifiers, "random", dice)
    assert dice.remaining == 0
    assert same_division_pairs(pairs) == 0
    assert {frozenset((a.seed, b.seed)) for a, b in pairs} == {frozenset((2, 3)), frozenset((4, 1))}
    assert all(a.seed < b.seed for a, b in pairs)


def test_one_division_with_over_half_the_qualifiers_must_meet_itself() -> None:
    qualifiers = qualifiers_of([1, 1, 1, 2])
    assert not avoidable(qualifiers)
    assert same_division_pairs(first_round(qualifiers, "separate_winners")) == 1


@given(
    st.sampled_from([2, 4, 8, 16, 32]).flatmap(
        lambda size: st.lists(st.integers(1, 6), min_size=size, max_size=size)
    ),
    st.sampled_from(["separate_winners", "random"]),
    st.integers(0, 10_000),
)
def test_never_a_same_division_first_round_pair_when_one_can_be_avoided(
    divisions: list[int], seeding: str, seed: int
) -> None:
    qualifiers = qualifiers_of(divisions)
    pairs = first_round(qualifiers, seeding, SeededDice(seed))  # type: ignore[arg-type]
    every = [q for pair in pairs for q in pair]
    assert sorted(q.seed for q in every) == list(range(1, len(divisions) + 1))  # everyone plays once
    assert all(a.seed < b.seed for a, b in pairs)  # the better seed is at home
    if avoidable(qualifiers):
        assert same_division_pairs(pairs) == 0
    else:
        largest = max(Counter(divisions).values())
        assert same_division_pairs(pairs) == (largest - (len(divisions) - largest)) // 2


@pytest.mark.parametrize("size", [4, 8, 16, 32])
def test_the_top_two_seeds_meet_only_in_the_final(size: int) -> None:
    qualifiers = qualifiers_of(list(range(1, size + 1)))  # all different divisions: pure seeding
    pairs = first_round(qualifiers, "separate_winners")
    assert (pairs[0][0].seed, pairs[0][1].seed) == (1, size)
    top_half = {q.seed for pair in pairs[: len(pairs) // 2] for q in pair}
    assert 1 in top_half and 2 not in top_half


def test_next_stage_pairs_neighbouring_winners_better_seed_home() -> None:
    winners = [Qualifier(1, 1, 1, 1), Qualifier(5, 5, 2, 2), Qualifier(7, 7, 3, 2), Qualifier(2, 2, 4, 1)]
    assert [(a.seed, b.seed) for a, b in next_stage(winners)] == [(1, 5), (2, 7)]
    with pytest.raises(ValueError, match="even"):
        next_stage(winners[:3])


@dataclass(frozen=True)
class _Fixture:
    id: int
    label: str
    status: str


def test_the_play_offs_open_once_all_league_fixtures_are_played() -> None:
    """Seed 001: "Once all League Fixtures have been played, and qualification has been sorted out, it is
    time for the Play-offs to begin." """
    check_playoffs_open("Old World", [], 4)
    unsettled = [_Fixture(12, "Reavers v Raiders", "reported"), _Fixture(14, "Elves v Dwarfs", "scheduled")]
    with pytest.raises(RuleViolation) as refused:
        check_playoffs_open("Old World", unsettled, 4)
    assert str(refused.value) == (
        "2 regular-season fixture(s) are not settled yet (first: #12 Reavers v Raiders, reported); "
        "the play-offs open when every one is confirmed."
    )


@pytest.mark.parametrize("size", [0, 1])
def test_a_league_without_play_off_places_has_no_play_offs(size: int) -> None:
    with pytest.raises(
        RuleViolation, match=r"^Old World has no play-offs \(play-off places: 0\): its prizes"
    ):
        check_playoffs_open("Old World", [], size)


def test_unsettled_fixtures_are_named_before_missing_places() -> None:
    with pytest.raises(RuleViolation, match="not settled yet"):
        check_playoffs_open("Old World", [_Fixture(3, "A v B", "disputed")], 0)
