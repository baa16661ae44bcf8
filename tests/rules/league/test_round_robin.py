"""Round-robin schedules, byes and splitting a season's teams into divisions."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import combinations, pairwise

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.errors import RuleViolation
from bot.rules.dice import ScriptedDice, SeededDice
from bot.rules.league.round_robin import (
    Pairing,
    assign_divisions,
    byes,
    check_divisions,
    division_sizes,
    draw_divisions,
    round_robin,
)

# Team ids as the bot would use them (distinct ints), in any order; 2-3 teams for the basic properties.
small_leagues = st.lists(st.integers(min_value=1, max_value=10_000), min_size=2, max_size=3, unique=True)
leagues = st.lists(st.integers(min_value=1, max_value=10_000), min_size=4, max_size=40, unique=True)
any_league = st.one_of(small_leagues, leagues)


def _home_away(schedule: list[list[Pairing[int]]]) -> dict[int, str]:
    """Each team's home/away sequence over the season, 'H' and 'A', skipping its bye."""
    sequences: dict[int, str] = {}
    for games in schedule:
        for game in games:
            sequences[game.home] = sequences.get(game.home, "") + "H"
            sequences[game.away] = sequences.get(game.away, "") + "A"
    return sequences


# --- round_robin -------------------------------------------------------------------------------------


@given(any_league)
def test_every_pair_meets_exactly_once(teams: list[int]) -> None:
    schedule = round_robin(teams)
    meetings = Counter(frozenset((game.home, game.away)) for games in schedule for game in games)
    assert set(meetings) == {frozenset(pair) for pair in combinations(teams, 2)}
    assert set(meetings.values()) == {1}


@given(any_league)
def test_nobody_plays_twice_in_a_round(teams: list[int]) -> None:
    for games in round_robin(teams):
        playing = [team for game in games for team in (game.home, game.away)]
        assert len(playing) == len(set(playing))
        assert set(playing) <= set(teams)
        assert all(game.home != game.away for game in games)


@given(any_league)
def test_number_of_rounds_and_games(teams: list[int]) -> None:
    n = len(teams)
    schedule = round_robin(teams)
    assert len(schedule) == (n - 1 if n % 2 == 0 else n)
    assert all(len(games) == n // 2 for games in schedule)


@given(any_league)
def test_byes_are_spread(teams: list[int]) -> None:
    schedule = round_robin(teams)
    resting = byes(teams, schedule)
    assert len(resting) == len(schedule)
    if len(teams) % 2 == 0:
        assert resting == [None] * len(schedule)
    else:
        # One bye every round, and every team has exactly one.
        assert None not in resting
        assert sorted(team for team in resting if team is not None) == sorted(teams)


@given(any_league)
def test_home_and_away_are_balanced(teams: list[int]) -> None:
    sequences = _home_away(round_robin(teams))
    assert set(sequences) == set(teams)
    for sequence in sequences.values():
        assert len(sequence) == len(teams) - 1
        assert abs(sequence.count("H") - sequence.count("A")) <= 1


@given(any_league)
def test_home_and_away_alternate_with_at_most_one_break(teams: list[int]) -> None:
    # Not a rule, but what a league wants: no long runs of home (or away) games.
    for sequence in _home_away(round_robin(teams)).values():
        breaks = sum(1 for before, after in pairwise(sequence) if before == after)
        assert breaks <= 1


@given(any_league)
def test_same_order_gives_same_schedule(teams: list[int]) -> None:
    assert round_robin(teams) == round_robin(list(teams))


def test_four_teams_worked_example() -> None:
    assert round_robin(["A", "B", "C", "D"]) == [
        [Pairing("A", "D"), Pairing("B", "C")],
        [Pairing("D", "B"), Pairing("C", "A")],
        [Pairing("C", "D"), Pairing("A", "B")],
    ]


def test_odd_count_gives_byes_in_team_order() -> None:
    teams = ["A", "B", "C", "D", "E"]
    assert byes(teams, round_robin(teams)) == teams


def test_generic_over_team_type() -> None:
    schedule = round_robin(("Reavers", "Gouged Eye", "Skavenblight Scramblers"))
    assert byes(["Reavers", "Gouged Eye", "Skavenblight Scramblers"], schedule)[0] == "Reavers"
    assert schedule[0] == [Pairing("Gouged Eye", "Skavenblight Scramblers")]


@pytest.mark.parametrize("teams", [[], [7]])
def test_fewer_than_two_teams_have_no_schedule(teams: list[int]) -> None:
    assert round_robin(teams) == []
    assert byes(teams, []) == []


def test_duplicate_teams_are_refused() -> None:
    with pytest.raises(ValueError, match="listed twice"):
        round_robin([1, 2, 3, 2])


def test_byes_refuses_a_round_that_rests_two_teams() -> None:
    with pytest.raises(ValueError, match="round 1"):
        byes([1, 2, 3, 4], [[Pairing(1, 2)]])


def test_pairing_is_frozen() -> None:
    game = Pairing(1, 2)
    with pytest.raises(AttributeError):
        game.home = 3  # type: ignore[misc]


# --- division_sizes ----------------------------------------------------------------------------------
# Seed 001, Divisions: "Each Division should have as close to an equal number of teams as possible, though
# each Division should contain at least four teams."


@pytest.mark.parametrize(
    ("team_count", "per_division", "sizes"),
    [
        (4, None, [4]),
        (8, None, [8]),
        (40, None, [40]),
        (4, 4, [4]),
        (8, 4, [4, 4]),
        (12, 4, [4, 4, 4]),
        (9, 5, [5, 4]),
        (20, 8, [7, 7, 6]),
        (16, 8, [8, 8]),
        (17, 8, [6, 6, 5]),
        (10, 6, [5, 5]),
        (5, 10, [5]),
        (64, 64, [64]),
    ],
)
def test_division_sizes(team_count: int, per_division: int | None, sizes: list[int]) -> None:
    """teams_per_division is the most teams a division may have: as few divisions as that allows, as
    equal as possible."""
    assert division_sizes(team_count, per_division) == sizes


@pytest.mark.parametrize(
    ("team_count", "per_division", "message"),
    [
        (
            7,
            4,
            "7 teams cannot make divisions of at most 4 with at least 4 teams each: set teams_per_division "
            "to 7 or more, approve 1 more team, or give the number of divisions when starting.",
        ),
        (
            9,
            4,
            "9 teams cannot make divisions of at most 4 with at least 4 teams each: set teams_per_division "
            "to 5 or more, approve 3 more teams, or give the number of divisions when starting.",
        ),
        (
            11,
            4,
            "11 teams cannot make divisions of at most 4 with at least 4 teams each: set teams_per_division "
            "to 6 or more, approve 1 more team, or give the number of divisions when starting.",
        ),
    ],
)
def test_never_silently_fewer_divisions_than_the_setting_asks_for(
    team_count: int, per_division: int, message: str
) -> None:
    """Seed 001: "each Division should contain at least four teams". 7 teams in divisions of at most 4
    would be 4 and 3: refused with what would work, not quietly one division of 7."""
    with pytest.raises(RuleViolation) as refused:
        division_sizes(team_count, per_division)
    assert str(refused.value) == message
    wider = int(message.split("teams_per_division to ")[1].split()[0])
    more = int(message.split("approve ")[1].split()[0])
    assert min(division_sizes(team_count, wider)) >= 4  # each suggestion works
    assert min(division_sizes(team_count + more, per_division)) >= 4


@given(st.integers(min_value=4, max_value=200), st.integers(min_value=4, max_value=64))
def test_division_sizes_properties(team_count: int, per_division: int) -> None:
    """Seed 001: "as close to an equal number of teams as possible, though each Division should contain
    at least four teams". Either that split, with as many divisions as the setting asks for, or a refusal."""
    asked = -(-team_count // per_division)
    try:
        sizes = division_sizes(team_count, per_division)
    except RuleViolation:
        assert team_count // asked < 4  # refused only when the asked-for divisions cannot all have 4
        return
    assert sum(sizes) == team_count
    assert min(sizes) >= 4 and max(sizes) <= per_division
    assert max(sizes) - min(sizes) <= 1
    assert sizes == sorted(sizes, reverse=True)
    assert len(sizes) == asked


@pytest.mark.parametrize(
    ("team_count", "divisions", "sizes"),
    [(8, 1, [8]), (8, 2, [4, 4]), (9, 2, [5, 4]), (7, 1, [7]), (23, 3, [8, 8, 7]), (64, 16, [4] * 16)],
)
def test_the_commissioner_gives_the_number_of_divisions(
    team_count: int, divisions: int, sizes: list[int]
) -> None:
    """`/season start divisions:2`: that many divisions, "as close to an equal number of teams as
    possible", whatever teams_per_division says."""
    for per_division in (None, 4, 64):
        assert division_sizes(team_count, per_division, divisions) == sizes


@pytest.mark.parametrize(("team_count", "divisions", "most"), [(8, 3, 2), (7, 2, 1), (12, 0, 3), (9, -1, 2)])
def test_a_number_of_divisions_needs_four_teams_in_each(team_count: int, divisions: int, most: int) -> None:
    """Seed 001: "each Division should contain at least four teams"."""
    with pytest.raises(RuleViolation) as refused:
        division_sizes(team_count, None, divisions)
    choice = "only 1 division" if most == 1 else f"1 to {most} divisions"
    assert (
        str(refused.value) == f"{team_count} teams make {choice} of at least 4 teams each, not {divisions}."
    )


@pytest.mark.parametrize(("team_count", "verb"), [(0, "are"), (1, "is"), (3, "are")])
def test_fewer_than_four_teams_is_a_rule_violation(team_count: int, verb: str) -> None:
    message = f"A season needs at least 4 approved teams; there {verb} {team_count}."
    for per_division in (None, 4):
        with pytest.raises(RuleViolation) as refused:
            division_sizes(team_count, per_division)
        assert str(refused.value) == message


def test_fewer_than_four_teams_per_division_is_a_rule_violation() -> None:
    with pytest.raises(RuleViolation, match="at least 4 teams"):
        division_sizes(12, 3)


def test_negative_team_count_is_a_bug() -> None:
    with pytest.raises(ValueError):
        division_sizes(-1, None)


# --- draw_divisions ----------------------------------------------------------------------------------


@given(leagues, st.one_of(st.none(), st.integers(min_value=4, max_value=12)), st.integers())
def test_draw_is_reproducible_and_deals_every_team_once(
    teams: list[int], per_division: int | None, seed: int
) -> None:
    try:
        sizes = division_sizes(len(teams), per_division)
    except RuleViolation:
        with pytest.raises(RuleViolation):  # refused before any die is rolled
            draw_divisions(teams, per_division, ScriptedDice([]))
        return
    divisions = draw_divisions(teams, per_division, SeededDice(seed))
    assert divisions == draw_divisions(teams, per_division, SeededDice(seed))
    assert [len(division) for division in divisions] == sizes
    assert sorted(team for division in divisions for team in division) == sorted(teams)


def test_draw_with_scripted_dice() -> None:
    teams = ["A", "B", "C", "D", "E", "F", "G", "H", "I"]
    # A d9, then a d8, ... a d2: the d(k) picks which of the first k places swaps into place k.
    dice = ScriptedDice([1, 8, 1, 6, 2, 2, 3, 1])
    assert draw_divisions(teams, 5, dice) == [["D", "G", "C", "E", "B"], ["F", "I", "H", "A"]]
    assert dice.remaining == 0


def test_draw_into_the_number_of_divisions_given() -> None:
    teams = ["A", "B", "C", "D", "E", "F", "G", "H", "I"]
    dice = ScriptedDice([1, 8, 1, 6, 2, 2, 3, 1])
    assert draw_divisions(teams, None, dice, divisions=2) == [["D", "G", "C", "E", "B"], ["F", "I", "H", "A"]]


def test_draw_rolls_a_shrinking_die_once_per_team_but_one() -> None:
    sides: list[int] = []

    class RecordingDice:
        def roll(self, die: int) -> int:
            sides.append(die)
            return die  # always the last team: no swap, so the draw keeps its order

    assert draw_divisions([1, 2, 3, 4, 5, 6], None, RecordingDice()) == [[1, 2, 3, 4, 5, 6]]
    assert sides == [6, 5, 4, 3, 2]


def test_draw_refuses_too_few_teams_before_rolling() -> None:
    dice = ScriptedDice([])
    with pytest.raises(RuleViolation, match="there are 3"):
        draw_divisions([1, 2, 3], None, dice)


def test_draw_refuses_duplicate_teams() -> None:
    with pytest.raises(ValueError, match="listed twice"):
        draw_divisions([1, 2, 3, 4, 1], None, SeededDice(1))


# --- assign_divisions --------------------------------------------------------------------------------


def test_assign_divisions_in_number_order() -> None:
    assignment = {"A": 2, "B": 1, "C": 2, "D": 1, "E": 1, "F": 2, "G": 1, "H": 2}
    assert assign_divisions(assignment) == [["B", "D", "E", "G"], ["A", "C", "F", "H"]]
    assert assign_divisions(assignment, teams_per_division=4) == [["B", "D", "E", "G"], ["A", "C", "F", "H"]]


def test_assign_uneven_divisions_is_the_commissioners_choice() -> None:
    assignment = {team: (1 if team < 6 else 2) for team in range(10)}
    assert [len(division) for division in assign_divisions(assignment, 5)] == [6, 4]


def test_assign_one_division() -> None:
    assert assign_divisions({1: 1, 2: 1, 3: 1, 4: 1}) == [[1, 2, 3, 4]]


def test_assign_refuses_a_small_division() -> None:
    assignment = {team: (1 if team < 5 else 2) for team in range(8)}
    with pytest.raises(RuleViolation) as refused:
        assign_divisions(assignment)
    assert str(refused.value) == "Division 2 has 3 teams; each division needs at least 4."


def test_assign_refuses_gaps_in_division_numbers() -> None:
    assignment = {team: (1 if team < 4 else 3) for team in range(8)}
    with pytest.raises(RuleViolation, match="division 2 has no teams"):
        assign_divisions(assignment)


def test_assign_refuses_division_numbers_below_one() -> None:
    assignment = {team: (0 if team < 4 else 1) for team in range(8)}
    with pytest.raises(RuleViolation, match="division 0"):
        assign_divisions(assignment)


def test_assign_refuses_too_few_teams() -> None:
    with pytest.raises(RuleViolation, match="there are 3"):
        assign_divisions({1: 1, 2: 1, 3: 1})
    with pytest.raises(RuleViolation, match="there are 0"):
        assign_divisions({})


def test_assign_refuses_the_wrong_number_of_divisions() -> None:
    assignment = {team: 1 for team in range(12)}
    with pytest.raises(RuleViolation, match="has 3 divisions, not 1"):
        assign_divisions(assignment, teams_per_division=4)


def test_assign_refuses_too_few_teams_per_division() -> None:
    with pytest.raises(RuleViolation, match="at least 4 teams"):
        assign_divisions({team: 1 for team in range(8)}, teams_per_division=2)


@dataclass(frozen=True)
class _Team:
    id: int
    name: str
    status: str = "approved"


def test_the_commissioners_divisions_name_every_approved_team() -> None:
    reavers, orcs, elves = _Team(1, "Reavers"), _Team(2, "Orcland Raiders"), _Team(3, "Elves")
    chosen = check_divisions([reavers, orcs, elves], [(orcs, 2), (reavers, 1), (elves, 1)])
    assert chosen == {2: 2, 1: 1, 3: 1}
    assert list(chosen) == [2, 1, 3]  # in the order given: each division keeps it
    with pytest.raises(
        RuleViolation, match=r"^Give every approved team a division; missing: Orcland Raiders, Elves\.$"
    ):
        check_divisions([reavers, orcs, elves], [(reavers, 1)])


def test_only_an_approved_team_plays_the_season() -> None:
    submitted = _Team(4, "Late Lizards", "submitted")
    with pytest.raises(
        RuleViolation, match=r"^Late Lizards is submitted, not approved: it cannot play this season\.$"
    ):
        check_divisions([_Team(1, "Reavers")], [(_Team(1, "Reavers"), 1), (submitted, 2)])


def test_the_named_teams_are_judged_in_turn() -> None:
    """Teams looked up as the list is read: the first refusal stops the reading, the next is not looked up."""
    looked_up: list[str] = []

    def named() -> Iterator[tuple[_Team, int]]:
        for team in (_Team(1, "Reavers", "draft"), _Team(2, "Orcs")):
            looked_up.append(team.name)
            yield team, 1

    with pytest.raises(RuleViolation, match="Reavers is draft"):
        check_divisions([_Team(2, "Orcs")], named())
    assert looked_up == ["Reavers"]
