"""Group and knock-out events (seed 000, Group & Knockout Events; Best of the Rest)."""

from __future__ import annotations

import itertools
from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.rules.dice import ScriptedDice, SeededDice
from bot.rules.tournament.tournament_groups import (
    ROUND_ROBIN,
    KnockoutGame,
    StagedTable,
    bracket_order,
    check_entrants,
    draw_groups,
    group_games,
    group_name,
    knockout_places,
    knockout_rounds,
    next_knockout,
    places_label,
    progress,
    qualification_order,
    seed_knockout,
)
from bot.rules.tournament.tournament_scoring import TournamentGame, rank
from tests.conftest import CATALOG

RULES = CATALOG.tournament.scoring


# --- the group stage ---


def test_groups_of_four_round_robin_in_three_rounds() -> None:
    """Seed 000: "teams should be divided into groups of four then the first three games of the event are
    played as a round robin format with each team playing each other team in their group once." """
    group = ("A", "B", "C", "D")
    games = [frozenset(g) for r in range(3) for g in group_games(group, r)]
    assert len(ROUND_ROBIN) == 3
    assert sorted(map(sorted, games)) == sorted(sorted(p) for p in combinations(group, 2))
    for r in range(3):  # each plays once a round
        assert Counter(u for g in group_games(group, r) for u in g) == Counter(group)


def test_draw_groups_returns_every_die() -> None:
    drawn = draw_groups(list(range(8)), ScriptedDice([1, 1, 1, 1, 1, 1, 1]))
    assert [d.sides for d in drawn.draws] == [8, 7, 6, 5, 4, 3, 2]
    assert len(drawn.groups) == 2 and all(len(g) == 4 for g in drawn.groups)
    assert sorted(u for g in drawn.groups for u in g) == list(range(8))


def test_entrants_must_fill_groups_and_the_qualifiers() -> None:
    check_entrants(16, 8)
    check_entrants(8, 8)
    for count, qualifiers in ((10, 8), (4, 8), (0, 2)):
        with pytest.raises(ValueError, match="multiple of 4"):
            check_entrants(count, qualifiers)


def test_group_names() -> None:
    assert [group_name(i) for i in (0, 1, 25, 26)] == ["Group A", "Group B", "Group Z", "Group AA"]


def game(a: str, b: str, sa: int, sb: int) -> TournamentGame[str]:
    return TournamentGame(a, b, sa, sb)


def test_qualification_winners_first_then_runners_up() -> None:
    """Group winners qualify first, then the best runners-up, judged by their group games as one table."""
    groups = [("A1", "A2", "A3", "A4"), ("B1", "B2", "B3", "B4"), ("C1", "C2", "C3", "C4")]
    games = []
    for group in groups:
        for r in range(3):
            for a, b in group_games(group, r):
                # the earlier-drawn unit always wins; group C wins by more
                games.append(game(a, b, 3 if a.startswith("C") else 1, 0))
    rows = [rank(RULES, list(g), games) for g in groups]
    order = qualification_order(RULES, groups, rows, games)
    assert order[:3] == ["C1", "A1", "B1"]  # winners: C1 has more touchdowns
    assert order[3:6] == ["C2", "A2", "B2"]
    assert len(order) == 12


# --- knock-out seeding and the placement bracket ---


def test_bracket_order() -> None:
    assert bracket_order(8) == [1, 8, 4, 5, 2, 7, 3, 6]
    assert bracket_order(2) == [1, 2]
    with pytest.raises(ValueError):
        bracket_order(6)


def test_seeding_one_v_q() -> None:
    games = seed_knockout(list("abcdefgh"), {})
    assert [(g.first, g.second) for g in games] == [("a", "h"), ("d", "e"), ("b", "g"), ("c", "f")]
    assert {(g.low, g.high) for g in games} == {(1, 8)}


def test_seeding_avoids_a_group_rematch_in_the_first_game() -> None:
    """1 v 8 would be two coaches of group 0: seed 8 is exchanged with the nearest lower seed."""
    group_of = {"a": 0, "h": 0, "b": 1, "g": 1, "c": 2, "f": 2, "d": 3, "e": 3}
    games = seed_knockout(list("abcdefgh"), group_of)
    assert all(group_of[g.first] != group_of[g.second] for g in games)
    assert sorted(u for g in games for u in (g.first, g.second)) == list("abcdefgh")


def test_seed_example_eight_qualifiers() -> None:
    """Seed 000: "if eight teams qualify for the knockout round, then after the first game in this stage
    there will be the four winning teams playing for places 1 to 4 and the four losing teams playing for
    places 5 to 8." """
    first = [
        KnockoutGame(g.first, g.second, g.low, g.high, g.first) for g in seed_knockout(list("abcdefgh"), {})
    ]
    second = next_knockout(first)
    assert [(g.first, g.second, g.low, g.high) for g in second] == [
        ("a", "d", 1, 4),
        ("b", "c", 1, 4),
        ("h", "e", 5, 8),
        ("g", "f", 5, 8),
    ]
    assert [g.label for g in second] == ["Places 1-4"] * 2 + ["Places 5-8"] * 2
    assert places_label(1, 2) == "Final"


def test_next_round_needs_every_winner() -> None:
    with pytest.raises(ValueError, match="winner"):
        next_knockout([KnockoutGame("a", "b", 1, 4), KnockoutGame("c", "d", 1, 4, "c")])


def play_bracket(seeds: list[int], pick: list[bool]) -> tuple[list[list[KnockoutGame[int]]], dict[int, int]]:
    """Play a whole bracket, the first unit of each game winning where `pick` (cycled) says True."""
    rounds: list[list[KnockoutGame[int]]] = []
    games = seed_knockout(seeds, {})
    flips = itertools.cycle(pick)
    while True:
        decided = [
            KnockoutGame(g.first, g.second, g.low, g.high, g.first if next(flips) else g.second)
            for g in games
        ]
        rounds.append(decided)
        if decided[0].high - decided[0].low == 1:
            return rounds, knockout_places(decided)
        games = next_knockout(decided)


@given(
    st.sampled_from([2, 4, 8, 16, 32]),
    st.lists(st.booleans(), min_size=1, max_size=40),
)
def test_bracket_properties(size: int, pick: list[bool]) -> None:
    seeds = list(range(100, 100 + size))
    rounds, places = play_bracket(seeds, pick)
    assert len(rounds) == knockout_rounds(size)
    for games in rounds:  # every qualifier plays every knock-out round exactly once
        assert sorted(u for g in games for u in (g.first, g.second)) == seeds
    assert sorted(places.values()) == list(range(1, size + 1))  # places 1..Q, each once
    assert sorted(places) == seeds
    undefeated = [
        u for u in seeds if all(g.winner == u for games in rounds for g in games if u in (g.first, g.second))
    ]
    assert len(undefeated) == 1 and places[undefeated[0]] == 1
    for games in rounds:  # a winner always places above the unit he beat
        for g in games:
            assert g.winner is not None and g.loser is not None
            assert places[g.winner] < places[g.loser]
            assert g.low <= places[g.winner] < places[g.loser] <= g.high


@given(st.integers(min_value=1, max_value=6), st.sampled_from([2, 4, 8, 16]), st.integers(0, 10**6))
def test_seeding_keeps_groups_apart_when_possible(groups: int, size: int, seed: int) -> None:
    units = list(range(groups * 4))
    if size > len(units):
        return
    dice = SeededDice(seed)
    drawn = draw_groups(units, dice).groups
    group_of = {u: i for i, g in enumerate(drawn) for u in g}
    order = [u for place in range(4) for g in drawn for u in g[place : place + 1]][:size]
    games = seed_knockout(order, group_of)
    assert sorted(u for g in games for u in (g.first, g.second)) == sorted(order)
    clashes = sum(group_of[g.first] == group_of[g.second] for g in games)
    if groups >= 2 and size <= groups * 2:  # at most two of a group qualify: always avoidable
        assert clashes == 0


# --- reading an event back from its tables ---


def staged_event(qualifiers: int = 4) -> tuple[list[str], list[StagedTable[str]]]:
    """Eight units, groups (a,b,c,d) and (e,f,g,h); the earlier-drawn unit wins every group game."""
    units = list("abcdefgh")
    groups = [tuple("abcd"), tuple("efgh")]
    tables: list[StagedTable[str]] = []
    for r in range(3):
        number = 0
        for group in groups:
            for a, b in group_games(group, r):
                number += 1
                tables.append(StagedTable(r + 1, number, "group", a, b, game(a, b, 1, 0), a))
    return units, tables


def test_progress_of_the_group_stage() -> None:
    units, tables = staged_event()
    state = progress(RULES, units, tables, 4)
    assert [g.name for g in state.groups] == ["Group A", "Group B"]
    assert state.groups_complete
    assert [r.coach for r in state.groups[0].rows] == list("abcd")
    assert [r.coach for r in state.order][:4] == ["a", "e", "b", "f"]  # winners, then runners-up


def test_progress_through_the_knock_out_and_best_of_the_rest() -> None:
    units, tables = staged_event()
    # round 4: a v f, e v b for places 1-4 (1 v 4, 2 v 3, groups kept apart); rest c v h, g v d
    tables += [
        StagedTable(4, 1, "knockout", "a", "f", game("a", "f", 1, 1), "f"),  # drawn: f wins the shoot-out
        StagedTable(4, 2, "knockout", "e", "b", game("e", "b", 2, 0), "e"),
        StagedTable(4, 3, "rest", "c", "h", game("c", "h", 0, 2), "h"),
        StagedTable(4, 4, "rest", "g", "d", game("g", "d", 1, 1), None),
    ]
    state = progress(RULES, units, tables, 4)
    assert state.qualifiers == tuple("aebf")
    assert [(g.low, g.high) for g in state.knockout[0]] == [(1, 4), (1, 4)]
    assert state.rest_units == tuple("cdgh")
    assert [r.coach for r in state.order[:4]] == list("aebf")  # bracket 1-4, seed order
    tables += [
        StagedTable(5, 1, "knockout", "f", "e", game("f", "e", 0, 1), "e"),
        StagedTable(5, 2, "knockout", "a", "b", game("a", "b", 3, 1), "a"),
        StagedTable(5, 3, "rest", "h", "g", game("h", "g", 1, 0), "h"),
        StagedTable(5, 4, "rest", "d", "c", game("d", "c", 1, 0), "d"),
    ]
    state = progress(RULES, units, tables, 4)
    assert [(g.label, g.winner) for g in state.knockout[1]] == [("Final", "e"), ("Places 3-4", "a")]
    assert dict(state.places) == {"e": 1, "f": 2, "a": 3, "b": 4}
    assert [r.coach for r in state.order] == ["e", "f", "a", "b", "h", "d", "g", "c"]
    assert [r.position for r in state.order] == list(range(1, 9))
