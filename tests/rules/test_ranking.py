"""The one ranking engine (bot/rules/ranking.py): league standings (seed 001, League Scoring), an event's
rankings and a team event's squad rankings (seed 000, Scoring & tiebreakers) order their units by points,
then by tiebreakers named in data, each applied only to the units still level, then by registration."""

from __future__ import annotations

from itertools import pairwise

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.catalog import load_catalog
from bot.rules.league.league_settings import LeagueSettings, Tiebreaker
from bot.rules.league.standings import GameResult, compute_standings
from bot.rules.ranking import HEAD_TO_HEAD, KEYS, REGISTRATION, Meeting, Placed, Tally, order
from bot.rules.tournament.tournament_scoring import DEFAULT_TIEBREAKERS, TournamentGame, rank

SCORING = load_catalog().tournament.scoring


def tally(points: int = 0, **values: int) -> Tally:
    return Tally(points=points, **values)


def units(placed: list[Placed[str]]) -> list[str]:
    return [p.unit for p in placed]


def test_the_second_tiebreaker_is_touchdown_difference() -> None:
    """Seed 000: "If coaches are still tied, the second Tiebreaker is a coaches Touchdown Difference ... Jay
    has won three games with the scores being 2-0, 3-1 and 3-0, meaning he has a Touchdown Difference of +7.
    Dan has also won three games with the scores being 1-0, 2-1 and 3-2, meaning he has a Touchdown
    Difference of +3." Level on points and Bonus Points, Jay ranks above Dan."""
    tallies = {
        "Dan": tally(6, bonus=2, td_for=6, td_against=3),
        "Jay": tally(6, bonus=2, td_for=8, td_against=1),
    }
    placed = order(["Dan", "Jay"], tallies, DEFAULT_TIEBREAKERS)
    assert placed == [Placed("Jay", 1, None), Placed("Dan", 2, "td_diff")]


def test_each_tiebreaker_only_separates_the_units_still_level() -> None:
    """Seed 000: "If coaches are still tied, the third Tiebreaker is the total number of touchdowns a coach
    has scored": the third applies only to those the first two left level."""
    tallies = {
        "A": tally(4, bonus=1, td_for=3, td_against=1),
        "B": tally(4, bonus=1, td_for=5, td_against=3),  # level with A on touchdown difference
        "C": tally(4, bonus=2, td_for=9, td_against=9),  # more Bonus Points: first, whatever it scored
        "D": tally(2, bonus=3, td_for=9, td_against=0),  # fewer points: last, whatever its tiebreakers
    }
    placed = order(["A", "B", "C", "D"], tallies, DEFAULT_TIEBREAKERS)
    assert [(p.unit, p.decided_by) for p in placed] == [
        ("C", None),
        ("B", "bonus"),
        ("A", "td_for"),
        ("D", None),
    ]


def test_head_to_head_counts_only_the_games_among_the_level_units() -> None:
    """Seed 001 leaves the tiebreakers to the League Commissioner ("in what order"); head-to-head is the
    points earned in the games between the teams still level, recomputed at each step."""
    tallies = {"A": tally(3), "B": tally(3), "C": tally(3), "D": tally(0)}
    meetings = [
        Meeting("A", "D", 3),  # A's points against D do not count among A, B and C
        Meeting("D", "A", 0),
        Meeting("B", "C", 3),
        Meeting("C", "B", 0),
    ]
    placed = order(["A", "B", "C", "D"], tallies, (HEAD_TO_HEAD,), meetings)
    assert units(placed) == ["B", "A", "C", "D"]
    assert [p.decided_by for p in placed] == [None, HEAD_TO_HEAD, REGISTRATION, None]


def test_an_unknown_tiebreaker_is_refused_when_it_is_needed() -> None:
    with pytest.raises(ValueError, match="unknown tiebreaker 'luck'"):
        order(["A", "B"], {"A": tally(1), "B": tally(1)}, ("luck",))
    with pytest.raises(ValueError, match="once in the rankings"):
        order(["A", "A"], {"A": tally(1)}, ())
    assert units(order(["A", "B"], {"A": tally(1), "B": tally(2)}, ("luck",))) == ["B", "A"]


def test_league_standings_and_event_rankings_are_the_one_engine() -> None:
    """The same games scored 2/1/0 with the same tiebreakers rank a league and an event the same way."""
    tiebreakers: tuple[Tiebreaker, ...] = ("td_diff", "td_for", "cas_for")
    scores = [(1, 2, 2, 1, 0, 3), (3, 4, 1, 1, 2, 2), (1, 3, 0, 0, 1, 0), (2, 4, 3, 1, 0, 1)]
    results = [
        GameResult.from_score(n, home, away, hs, as_, hc, ac)
        for n, (home, away, hs, as_, hc, ac) in enumerate(scores, start=1)
    ]
    league = compute_standings(
        [1, 2, 3, 4],
        results,
        LeagueSettings(
            points_win=2, points_draw=1, points_loss=0, tiebreakers=("td_diff", "td_for", "cas_for")
        ),
    )
    games = [TournamentGame(home, away, hs, as_, hc, ac) for home, away, hs, as_, hc, ac in scores]
    event = rank(SCORING, [1, 2, 3, 4], games, tiebreakers=tiebreakers)
    assert [r.team_id for r in league] == [r.coach for r in event]
    assert [r.points for r in league] == [r.tournament_points for r in event]


# --- properties -----

NAMES = sorted(KEYS)
Case = tuple[list[int], dict[int, Tally], list[str]]
stat = st.integers(min_value=0, max_value=3)


@st.composite
def tables(draw: st.DrawFn) -> Case:
    count = draw(st.integers(min_value=1, max_value=8))
    registered = draw(st.permutations(list(range(count))))
    tallies = {
        unit: Tally(
            points=draw(stat),
            bonus=draw(stat),
            td_for=draw(stat),
            td_against=draw(stat),
            cas_for=draw(stat),
            votes=draw(stat),
            won=draw(stat),
        )
        for unit in registered
    }
    tiebreakers = draw(st.lists(st.sampled_from(NAMES), unique=True, max_size=4))
    return registered, tallies, tiebreakers


@given(tables())
def test_a_ranking_places_every_unit_once_best_first(
    case: tuple[list[int], dict[int, Tally], list[str]],
) -> None:
    registered, tallies, tiebreakers = case
    placed = order(registered, tallies, tiebreakers)
    assert sorted(units(placed)) == sorted(registered)  # a permutation
    assert [p.position for p in placed] == list(range(1, len(registered) + 1))

    def key(unit: int) -> tuple[int, ...]:
        return (tallies[unit].points, *(KEYS[name](tallies[unit]) for name in tiebreakers))

    for above, below in pairwise(placed):
        assert key(above.unit) >= key(below.unit)  # points first, then each tiebreaker in order
        level_on_points = tallies[above.unit].points == tallies[below.unit].points
        assert (below.decided_by is not None) == level_on_points
        if key(above.unit) == key(below.unit):  # level on everything: together, in registration order
            assert below.decided_by == REGISTRATION
            assert registered.index(above.unit) < registered.index(below.unit)
        elif level_on_points:  # the first tiebreaker on which they differ is the one named
            first = next(
                n for n in tiebreakers if KEYS[n](tallies[above.unit]) != KEYS[n](tallies[below.unit])
            )
            assert below.decided_by == first
    assert placed[0].decided_by is None


@given(tables(), st.data())
def test_head_to_head_never_looks_outside_the_level_group(case: Case, data: st.DataObject) -> None:
    """Games against a unit on other points never change the order of the units level with each other."""
    registered, tallies, tiebreakers = case
    pairs = [(a, b) for a in registered for b in registered if a != b]
    drawn = data.draw(st.lists(st.sampled_from(pairs))) if pairs else []
    meetings = [Meeting(a, b, data.draw(stat)) for a, b in drawn]
    inside = [m for m in meetings if tallies[m.unit].points == tallies[m.opponent].points]
    with_all = order(registered, tallies, (HEAD_TO_HEAD, *tiebreakers), meetings)
    with_inside = order(registered, tallies, (HEAD_TO_HEAD, *tiebreakers), inside)
    assert with_all == with_inside
