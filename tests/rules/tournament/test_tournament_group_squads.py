"""A group and knock-out team event (issue 16 part E): the knock-out squad match's winner, and the placement
bracket of squads. Seed 000, Team Events: "a team will win if it wins more games than the other team";
Group & Knockout Events: "This format can also be used together with the likes of Team Events"."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.rules.tournament.tournament_groups import (
    knockout_places,
    knockout_rounds,
    next_knockout,
    seed_knockout,
)
from bot.rules.tournament.tournament_scoring import TournamentGame
from bot.rules.tournament.tournament_teams import SquadMatch, knockout_match_winner
from tests.conftest import CATALOG

RULES = CATALOG.tournament.scoring
SQUAD_OF = {"Jay": "A", "Dan": "A", "Rob": "A", "Xavier": "A", "Nicolas": "B", "Keith": "B", "Gavin": "B"}
SQUAD_OF |= {"Louise": "B"}


def match(*games: tuple[str, str, int, int, int, int]) -> SquadMatch[str, str]:
    return SquadMatch("A", "B", tuple(TournamentGame(a, b, s, t, c, d) for a, b, s, t, c, d in games))


def test_more_games_won_wins_the_match() -> None:
    """Seed 000: "If a team won more games than the opposing team, then that team will win the round"; a
    knock-out game level after extra time is won by its shoot-out, so the winners given count, not the
    score (Xavier's 1-1 went to the shoot-out, won by Gavin)."""
    played = match(
        ("Jay", "Nicolas", 3, 0, 0, 0),
        ("Dan", "Keith", 0, 1, 0, 0),
        ("Xavier", "Gavin", 1, 1, 0, 0),
    )
    assert knockout_match_winner(played, SQUAD_OF, ["Jay", "Keith", "Gavin"], RULES, ["A", "B"]) == "B"


def test_level_on_games_the_touchdown_difference_decides() -> None:
    """An even squad size can leave a knock-out squad match level (2-2): the better touchdown difference over
    the match's games wins it."""
    played = match(
        ("Jay", "Nicolas", 1, 0, 0, 0),
        ("Dan", "Keith", 1, 0, 0, 0),
        ("Xavier", "Gavin", 0, 2, 0, 0),
        ("Rob", "Louise", 0, 1, 0, 0),
    )
    winners = ["Jay", "Dan", "Gavin", "Louise"]
    assert knockout_match_winner(played, SQUAD_OF, winners, RULES, ["A", "B"]) == "B"


def test_then_casualties_then_the_better_seed() -> None:
    """Level on games and touchdown difference: more casualties caused, then the better group-stage seed."""
    level = (("Jay", "Nicolas", 1, 0, 0, 0), ("Dan", "Keith", 0, 1, 0, 0))
    winners = ["Jay", "Keith"]
    assert knockout_match_winner(match(*level), SQUAD_OF, winners, RULES, ["A", "B"]) == "A"
    assert knockout_match_winner(match(*level), SQUAD_OF, winners, RULES, ["B", "A"]) == "B"
    bloody = (("Jay", "Nicolas", 1, 0, 0, 2), ("Dan", "Keith", 0, 1, 1, 0))
    assert knockout_match_winner(match(*bloody), SQUAD_OF, winners, RULES, ["A", "B"]) == "B"


def test_an_unfinished_match_or_a_stranger_is_refused() -> None:
    played = match(("Jay", "Nicolas", 1, 0, 0, 0), ("Dan", "Keith", 0, 1, 0, 0))
    with pytest.raises(ValueError, match="every game"):
        knockout_match_winner(played, SQUAD_OF, ["Jay"], RULES, [])
    with pytest.raises(ValueError, match="one of the two squads"):
        knockout_match_winner(played, SQUAD_OF, ["Jay", "Stranger"], RULES, [])


@settings(max_examples=80, deadline=None)
@given(
    rounds=st.integers(min_value=1, max_value=4),
    size=st.integers(min_value=3, max_value=8),
    seed=st.integers(min_value=0, max_value=10**6),
)
def test_the_squad_bracket_gives_places_1_to_q_once(rounds: int, size: int, seed: int) -> None:
    """Seed 000: "after the first game in this stage there will be the four winning teams playing for places
    1 to 4 and the four losing teams playing for places 5 to 8", for squads: every squad match decided by
    `knockout_match_winner` (any squad size, even ones level on games), the places are 1..Q once each, and
    every squad that won its final game is placed above the squad it beat."""
    rng = random.Random(seed)
    qualifiers = 2**rounds
    squads = [f"S{i}" for i in range(qualifiers)]
    squad_of = {f"{s}c{j}": s for s in squads for j in range(size)}
    games = seed_knockout(squads, {s: i // 4 for i, s in enumerate(squads)})
    decided = []
    for number in range(knockout_rounds(qualifiers)):
        decided = []
        for g in games:
            coaches = [
                TournamentGame(f"{g.first}c{j}", f"{g.second}c{j}", rng.randint(0, 3), rng.randint(0, 3))
                for j in range(size)
            ]
            winners = [
                c.first
                if c.first_score > c.second_score or (c.first_score == c.second_score and rng.random() < 0.5)
                else c.second
                for c in coaches
            ]
            played = SquadMatch(g.first, g.second, tuple(coaches))
            winner = knockout_match_winner(played, squad_of, winners, RULES, squads)
            assert winner in (g.first, g.second)
            won = sum(squad_of[w] == winner for w in winners)
            assert 2 * won >= size  # never the squad that won fewer games
            decided.append(type(g)(g.first, g.second, g.low, g.high, winner))
        if number < knockout_rounds(qualifiers) - 1:
            games = next_knockout(decided)
    places = knockout_places(decided)
    assert sorted(places.values()) == list(range(1, qualifiers + 1))
    for g in decided:
        assert g.winner is not None and g.loser is not None
        assert places[g.winner] < places[g.loser]
