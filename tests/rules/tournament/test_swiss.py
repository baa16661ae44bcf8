"""Swiss pairings (seed 000, Pairings): round 1 drawn with dice, later rounds by the rankings."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.rules.dice import ScriptedDice, SeededDice
from bot.rules.tournament.swiss import (
    Draw,
    OddPlayer,
    SwissRound,
    first_round,
    next_round,
    odd_one_out,
    pair_by_ranking,
)

SEED_TABLE = ["Jay", "Gavin", "Keith", "Xavier", "Nicolas", "Dan", "Louise", "Rob"]


def pairs_of(rnd: SwissRound[str] | SwissRound[int]) -> list[tuple[object, object]]:
    return [(t.first, t.second) for t in rnd.tables]


def met(*pairs: tuple[object, object]) -> set[frozenset[object]]:
    return {frozenset(p) for p in pairs}


# The seed's worked example


def test_seed_example_swaps_dan_with_louise() -> None:
    """Seed 000: "If a coach is supposed to play an opponent they have already played, then the lowest
    ranked of the two will swap places with the highest ranked player of the pairing below them."
    "Nicolas and Dan have already played each other in a previous round and so cannot play again as this
    is not the final round. As Dan is currently the lower ranked of the two players, he will swap with the
    highest ranked player from the pairing below - in this case, Louise." """
    rnd = next_round(SEED_TABLE, met(("Nicolas", "Dan")))
    assert pairs_of(rnd) == [("Jay", "Gavin"), ("Keith", "Xavier"), ("Nicolas", "Louise"), ("Dan", "Rob")]
    assert [t.number for t in rnd.tables] == [1, 2, 3, 4]
    assert rnd.rematches == () and rnd.bye is None and rnd.draws == ()


def test_without_rematches_the_table_pairs_in_order() -> None:
    """Seed 000: "The coach who is highest in the rankings will play the coach who is second in the
    rankings, the coach in third will play the coach in fourth, the coach In fifth will play the coach in
    sixth and so on until all coaches are paired up." """
    assert pair_by_ranking(SEED_TABLE, set()) == [
        ("Jay", "Gavin"),
        ("Keith", "Xavier"),
        ("Nicolas", "Dan"),
        ("Louise", "Rob"),
    ]


def test_swap_that_would_make_a_rematch_keeps_looking_down_the_table() -> None:
    # Nicolas met Dan and Louise: the swap with Louise does not help, so Nicolas plays Rob.
    pairs = pair_by_ranking(SEED_TABLE, met(("Nicolas", "Dan"), ("Nicolas", "Louise")))
    assert pairs[2:] == [("Nicolas", "Rob"), ("Dan", "Louise")]


def test_backtracks_when_the_bottom_would_be_stuck() -> None:
    ranking = ["A", "B", "C", "D"]
    pairs = pair_by_ranking(ranking, met(("A", "B"), ("C", "D"), ("B", "D")))
    # A-C, then B-D is a rematch: the search goes back and takes A-D, B-C.
    assert pairs == [("A", "D"), ("B", "C")]


def test_repeats_a_pairing_only_when_nothing_else_is_possible() -> None:
    ranking = ["A", "B", "C", "D"]
    everyone = {frozenset(p) for p in combinations(ranking, 2)}
    rnd = next_round(ranking, everyone)
    assert pairs_of(rnd) == [("A", "B"), ("C", "D")]
    assert set(rnd.rematches) == {frozenset(("A", "B")), frozenset(("C", "D"))}
    # only A-B and A-C, A-D are spent: A must repeat one, the rest need not
    rnd = next_round(ranking, met(("A", "B"), ("A", "C"), ("A", "D")))
    assert len(rnd.rematches) == 1


def test_final_round_option_keeps_first_and_second_together() -> None:
    """Seed 000: "In the final round, if explicitly stated in the rulespack, then the coaches in first and
    second will not swap opponents if they draw each other again"."""
    already = met(("Jay", "Gavin"))
    assert pairs_of(next_round(SEED_TABLE, already, keep_top_pair=True))[0] == ("Jay", "Gavin")
    assert pairs_of(next_round(SEED_TABLE, already))[0] == ("Jay", "Keith")


# Odd numbers: Spare Player and Bye


def test_spare_player_plays_the_lowest_ranked_coach_who_has_not_played_him() -> None:
    """Seed 000: "the Spare Player is not counted and instead will always play the coach who is at the
    bottom of the rankings for each round. If a coach who has already played the Spare Player is drawn
    against them again, then the next lowest coach who has not already played against the Spare Player
    will play them instead." """
    ranking = SEED_TABLE[:7]  # Rob is not there: 7 coaches
    rnd = next_round(ranking, set())
    assert rnd.spare_opponent == "Louise"
    assert rnd.tables[-1].second is None and rnd.tables[-1].number == 4
    rnd = next_round(ranking, set(), had_odd={"Louise", "Dan"})
    assert rnd.spare_opponent == "Nicolas"
    assert [p for p in pairs_of(rnd)[:3]] == [("Jay", "Gavin"), ("Keith", "Xavier"), ("Dan", "Louise")]


def test_bye_goes_where_the_spare_player_would() -> None:
    """Seed 000: "the coach that would normally be paired with the Spare Player (as described above) will
    instead receive a Bye." """
    ranking = SEED_TABLE[:7]
    rnd = next_round(ranking, set(), odd_player=OddPlayer.BYE, had_odd={"Louise"})
    assert rnd.bye == "Dan"
    assert len(rnd.tables) == 3 and all(t.second is not None for t in rnd.tables)


def test_everyone_has_played_the_spare_player_then_the_lowest_plays_him_again() -> None:
    assert odd_one_out(["A", "B", "C"], {"A", "B", "C"}) == "C"


# Round 1


def test_first_round_is_drawn_with_dice_and_the_dice_are_returned() -> None:
    """Seed 000: "For the first round, coaches are paired together randomly [...] If there is an odd
    number of coaches then one coach will be randomly paired with the Spare Player or given a Bye." """
    # Fisher-Yates over [1..5]: d5=1 swaps 5<->1, d4=4 keeps, d3=3 keeps, d2=1 swaps 2<->5.
    rnd = first_round([1, 2, 3, 4, 5], ScriptedDice([1, 4, 3, 1]))
    assert rnd.draws == (Draw(5, 1), Draw(4, 4), Draw(3, 3), Draw(2, 1))
    assert pairs_of(rnd) == [(2, 5), (3, 4), (1, None)]
    assert rnd.spare_opponent == 1
    bye = first_round([1, 2, 3, 4, 5], ScriptedDice([1, 4, 3, 1]), OddPlayer.BYE)
    assert bye.bye == 1 and pairs_of(bye) == [(2, 5), (3, 4)]


def test_first_round_is_repeatable_with_the_same_dice() -> None:
    coaches = list(range(1, 31))
    assert first_round(coaches, SeededDice(7)) == first_round(coaches, SeededDice(7))
    assert len(first_round(coaches, SeededDice(7)).draws) == 29


def test_refuses_duplicates_and_too_few() -> None:
    with pytest.raises(ValueError, match="once"):
        next_round(["A", "A"], set())
    with pytest.raises(ValueError, match="at least 2"):
        first_round(["A"], SeededDice(1))
    with pytest.raises(ValueError, match="even"):
        pair_by_ranking(["A", "B", "C"], set())


# Properties


def _min_rematches(players: list[int], met_pairs: set[frozenset[int]]) -> int:
    """Brute force: the fewest rematches any pairing of `players` needs."""
    if not players:
        return 0
    first, rest = players[0], players[1:]
    best = len(players)
    for i, other in enumerate(rest):
        cost = int(frozenset((first, other)) in met_pairs)
        best = min(best, cost + _min_rematches(rest[:i] + rest[i + 1 :], met_pairs))
    return best


def _play_event(
    coaches: int, rounds: int, seed: int, odd_player: OddPlayer
) -> list[tuple[SwissRound[int], list[int], set[frozenset[int]], set[int]]]:
    """Rounds of an event with random rankings: each with its ranking, the pairs met and who had the odd
    game before it."""
    rng = random.Random(seed)
    ids = list(range(1, coaches + 1))
    history: list[tuple[SwissRound[int], list[int], set[frozenset[int]], set[int]]] = []
    met_pairs: set[frozenset[int]] = set()
    had_odd: set[int] = set()
    rnd = first_round(ids, SeededDice(seed), odd_player)
    history.append((rnd, ids, set(), set()))
    for _ in range(rounds - 1):
        met_pairs |= {frozenset((t.first, t.second)) for t in rnd.tables if t.second is not None}
        odd = rnd.spare_opponent if odd_player is OddPlayer.SPARE else rnd.bye
        if odd is not None:
            had_odd.add(odd)
        ranking = ids[:]
        rng.shuffle(ranking)
        before_met, before_odd = set(met_pairs), set(had_odd)
        rnd = next_round(ranking, before_met, odd_player=odd_player, had_odd=before_odd)
        history.append((rnd, ranking, before_met, before_odd))
    return history


def _check_round(rnd: SwissRound[int], ranking: list[int], odd_player: OddPlayer) -> None:
    seen = Counter(c for t in rnd.tables for c in (t.first, t.second) if c is not None)
    if rnd.bye is not None:
        seen[rnd.bye] += 1
    assert seen == Counter(ranking), "every coach paired exactly once"
    assert [t.number for t in rnd.tables] == list(range(1, len(rnd.tables) + 1))
    odd = len(ranking) % 2 == 1
    assert (rnd.spare_opponent is not None) == (odd and odd_player is OddPlayer.SPARE)
    assert (rnd.bye is not None) == (odd and odd_player is OddPlayer.BYE)


@settings(max_examples=40, deadline=None)
@given(
    coaches=st.integers(min_value=4, max_value=200),
    rounds=st.integers(min_value=2, max_value=7),
    seed=st.integers(min_value=0, max_value=10_000),
    odd_player=st.sampled_from(list(OddPlayer)),
)
def test_every_coach_plays_once_a_round_without_avoidable_rematches(
    coaches: int, rounds: int, seed: int, odd_player: OddPlayer
) -> None:
    for number, (rnd, ranking, met_pairs, had_odd) in enumerate(
        _play_event(coaches, rounds, seed, odd_player), start=1
    ):
        _check_round(rnd, ranking, odd_player)
        odd = rnd.spare_opponent if odd_player is OddPlayer.SPARE else rnd.bye
        if odd is not None and number > 1:
            assert odd == odd_one_out(ranking, had_odd)
        if met_pairs and len(ranking) > 2 * rounds + 1:
            assert rnd.rematches == (), "enough coaches: no rematch is ever needed"


@settings(max_examples=80, deadline=None)
@given(
    coaches=st.integers(min_value=4, max_value=9),
    rounds=st.integers(min_value=2, max_value=10),
    seed=st.integers(min_value=0, max_value=10_000),
    odd_player=st.sampled_from(list(OddPlayer)),
)
def test_small_events_repeat_only_as_often_as_a_brute_force_must(
    coaches: int, rounds: int, seed: int, odd_player: OddPlayer
) -> None:
    for rnd, ranking, met_pairs, _had_odd in _play_event(coaches, rounds, seed, odd_player):
        _check_round(rnd, ranking, odd_player)
        paired = [c for c in ranking if c != rnd.spare_opponent and c != rnd.bye]
        assert len(rnd.rematches) == _min_rematches(paired, met_pairs)
        assert set(rnd.rematches) <= met_pairs
