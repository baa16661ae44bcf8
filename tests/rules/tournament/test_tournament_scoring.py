"""Tournament scoring and rankings (seed 000, Scoring & tiebreakers, Bye, Conceding)."""

from __future__ import annotations

from itertools import pairwise

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.rules.tournament.tournament_scoring import (
    DEFAULT_TIEBREAKERS,
    RankingRow,
    TournamentGame,
    bonus_points,
    bye_side,
    concession_score,
    rank,
    tournament_points,
)
from tests.conftest import CATALOG

RULES = CATALOG.tournament.scoring  # data/bb2025/tournament.json


def row(rows: list[RankingRow[str]], coach: str) -> RankingRow[str]:
    return next(r for r in rows if r.coach == coach)


def test_win_draw_loss_points() -> None:
    """Seed 000: "Coaches will earn 2 Tournament Points for a win, 1 Tournament Point for a draw, and 0
    Tournament Points for a loss." """
    assert (
        tournament_points(2, 1, RULES),
        tournament_points(1, 1, RULES),
        tournament_points(0, 1, RULES),
    ) == (2, 1, 0)


def test_bonus_points_criteria() -> None:
    """Seed 000: "Scoring 3 or more touchdowns - 1 Bonus Point / Conceding 0 touchdowns - 1 Bonus Point /
    Inflicting 3 or more Casualties [...] - 1 Bonus Point" """
    assert bonus_points(3, 1, 0, RULES) == 1
    assert bonus_points(1, 0, 0, RULES) == 1
    assert bonus_points(1, 1, 3, RULES) == 1
    assert bonus_points(3, 0, 3, RULES) == 3
    assert bonus_points(2, 1, 2, RULES) == 0


def test_seed_example_jay_beats_rob() -> None:
    """Seed 000: "Jay beats Rob 3-1 and inflicts 2 casualties while Rob inflicts 4. Jay would score 2
    Tournament Points for winning the game, while Rob would score 0. Jay would earn 1 Bonus Point as he
    scored 3 or more touchdowns, while Rob would also earn 1 Bonus Point for inflicting 3 or more
    casualties onto Jay's team." """
    jay, rob = TournamentGame("Jay", "Rob", 3, 1, first_cas=2, second_cas=4).sides(RULES)
    assert (jay.tournament_points, jay.bonus_points) == (2, 1)
    assert (rob.tournament_points, rob.bonus_points) == (0, 1)
    rows = rank(RULES, ["Rob", "Jay"], [TournamentGame("Jay", "Rob", 3, 1, first_cas=2, second_cas=4)])
    assert [(r.coach, r.tournament_points, r.bonus_points, r.cas_for) for r in rows] == [
        ("Jay", 2, 1, 2),
        ("Rob", 0, 1, 4),
    ]


def test_seed_example_touchdown_difference() -> None:
    """Seed 000: "Jay has won three games with the scores being 2-0, 3-1 and 3-0, meaning he has a
    Touchdown Difference of +7. Dan has also won three games with the scores being 1-0, 2-1 and 3-2,
    meaning he has a Touchdown Difference of +3." """
    games = [
        TournamentGame("Jay", "A", 2, 0),
        TournamentGame("Jay", "B", 3, 1),
        TournamentGame("Jay", "C", 3, 0),
        TournamentGame("Dan", "D", 1, 0),
        TournamentGame("Dan", "E", 2, 1),
        TournamentGame("Dan", "F", 3, 2),
    ]
    coaches = ["Dan", "Jay"]
    # Without Bonus Points in the rulespack, the touchdown difference settles it.
    rows = rank(RULES, coaches, games, tiebreakers=("td_diff", "td_for", "cas_for"))
    assert [(r.coach, r.tournament_points, r.td_diff) for r in rows] == [("Jay", 6, 7), ("Dan", 6, 3)]
    assert [r.decided_by for r in rows] == [None, "touchdown difference"]
    # With the seed's order, Bonus Points come first: Jay 1+1+2 = 4, Dan 1+0+1 = 2.
    rows = rank(RULES, coaches, games)
    assert [(r.coach, r.bonus_points, r.decided_by) for r in rows] == [
        ("Jay", 4, None),
        ("Dan", 2, "Bonus Points"),
    ]


def test_each_tiebreaker_in_turn_names_itself() -> None:
    """Seed 000: "If coaches are still tied, the third Tiebreaker is the total number of touchdowns a coach
    has scored [...] the fourth breaker is the total number of casualties a coach has inflicted" """
    games = [
        TournamentGame("A", "X", 2, 1),  # A: +1, 2 TD
        TournamentGame("B", "Y", 1, 0),  # B: +1, 1 TD, 1 BP (clean sheet)
        TournamentGame("C", "Z", 3, 2, first_cas=1),  # C: +1, 3 TD, 1 BP (3 TD)
        TournamentGame("D", "W", 3, 2, first_cas=0),  # D: same as C but fewer casualties
        TournamentGame("E", "V", 3, 2, first_cas=0),  # E: level with D on everything
    ]
    rows = rank(RULES, ["E", "D", "C", "B", "A"], games)
    assert [r.coach for r in rows] == ["C", "E", "D", "B", "A"]
    assert [r.decided_by for r in rows] == [
        None,
        "casualties inflicted",
        "registration order",
        "touchdowns scored",
        "Bonus Points",
    ]


def test_organisers_tiebreakers_votes_and_sent_offs() -> None:
    """Seed 000: "Further Tiebreakers are used at the Event Organiser's discretion. These could be anything
    from Favourite Opponent scores, most players Sent-off (not counting those Sent-off for the Secret
    Weapon trait)" """
    games = [
        TournamentGame("A", "X", 1, 1, first_sent_off=0),
        TournamentGame("B", "Y", 1, 1, first_sent_off=2),
        TournamentGame("C", "Z", 1, 1, first_sent_off=1),
    ]
    order = (*DEFAULT_TIEBREAKERS, "votes", "sent_off")
    rows = rank(RULES, ["A", "B", "C"], games, tiebreakers=order, votes={"A": 2, "B": 1, "C": 1, "X": 9})
    assert [(r.coach, r.decided_by) for r in rows] == [
        ("A", None),
        ("B", "Favourite Opponent votes"),
        ("C", "players sent off for fouls"),
    ]
    assert (row(rows, "A").votes, row(rows, "B").sent_off) == (2, 2)


def test_concession_gives_a_three_nil_win_and_a_penalty() -> None:
    """Seed 000: "Should a player concede a game, their opponent will automatically receive a 3-0 win
    (unless the score at the time of conceding was better) and will receive the maximum number of Bonus
    Points available. Additionally, the player who conceded will receive no Bonus Points whatsoever and
    will also suffer a penalty of -1 Tournament Point." """
    # Rob concedes while 1-0 up and having inflicted 3 casualties.
    game = TournamentGame("Jay", "Rob", 0, 1, first_cas=0, second_cas=3, conceded_by="Rob")
    jay, rob = game.sides(RULES)
    assert (jay.tournament_points, jay.bonus_points, jay.td_for, jay.td_against) == (2, 3, 3, 0)
    assert (rob.tournament_points, rob.bonus_points, rob.td_for, rob.td_against) == (-1, 0, 0, 3)
    assert rob.cas_for == 3
    # The conceder listed first comes back first.
    rob2, jay2 = TournamentGame("Rob", "Jay", 1, 0, conceded_by="Rob").sides(RULES)
    assert (rob2.coach, rob2.tournament_points, jay2.coach, jay2.td_for) == ("Rob", -1, "Jay", 3)


def test_concession_keeps_a_better_score() -> None:
    assert concession_score(4, 0, RULES) == (4, 0)
    assert concession_score(4, 1, RULES) == (4, 1)  # +3 with 4 touchdowns beats +3 with 3
    assert concession_score(3, 0, RULES) == (3, 0)
    assert concession_score(5, 3, RULES) == (3, 0)  # +2 is worse than +3
    assert concession_score(0, 2, RULES) == (3, 0)


def test_bye_is_a_two_nil_win() -> None:
    """Seed 000: "A Bye counts as winning the game 2-0, with neither side inflicting any casualties upon
    the other. This will award 2 Tournament Points and 1 Bonus Point for the purpose of Tiebreakers." """
    side = bye_side("Jay", RULES)
    assert (side.tournament_points, side.bonus_points, side.td_for, side.td_against, side.cas_for) == (
        2,
        1,
        2,
        0,
        0,
    )
    rows = rank(RULES, ["Jay", "Dan"], [], byes=["Jay"])
    assert (rows[0].coach, rows[0].played, rows[0].tournament_points, rows[0].td_diff) == ("Jay", 1, 2, 2)


def test_spare_player_is_not_ranked_but_his_opponent_keeps_the_game() -> None:
    """Seed 000: "When working out the rankings for pairings later on the Spare Player is not counted" """
    rows = rank(RULES, ["Jay", "Dan"], [TournamentGame("Jay", "Spare", 1, 2)])
    assert [r.coach for r in rows] == ["Dan", "Jay"]
    assert row(rows, "Jay").played == 1 and row(rows, "Jay").tournament_points == 0


def test_refusals() -> None:
    with pytest.raises(ValueError, match="himself"):
        TournamentGame("A", "A", 1, 0)
    with pytest.raises(ValueError, match="negative"):
        TournamentGame("A", "B", -1, 0)
    with pytest.raises(ValueError, match="concede"):
        TournamentGame("A", "B", 1, 0, conceded_by="C")
    with pytest.raises(ValueError, match="once in the rankings"):
        rank(RULES, ["A", "A"], [])
    with pytest.raises(ValueError, match="tiebreaker"):
        rank(RULES, ["A"], [], tiebreakers=("bonus", "bonus"))


scores = st.integers(min_value=0, max_value=6)


@given(
    st.lists(
        st.tuples(st.integers(0, 5), st.integers(0, 5), scores, scores, scores, scores, st.integers(0, 2)),
        max_size=30,
    )
)
def test_rankings_are_sorted_and_ties_named(
    raw: list[tuple[int, int, int, int, int, int, int]],
) -> None:
    coaches = list(range(6))
    games = [
        TournamentGame(a, b, sa, sb, ca, cb, conceded_by=(None, a, b)[c])
        for a, b, sa, sb, ca, cb, c in raw
        if a != b
    ]
    rows = rank(RULES, coaches, games)
    assert sorted(r.coach for r in rows) == coaches
    assert sum(r.played for r in rows) == 2 * len(games)
    keys = [(r.tournament_points, r.bonus_points, r.td_diff, r.td_for, r.cas_for) for r in rows]
    assert keys == sorted(keys, reverse=True)
    for above, below in pairwise(rows):
        level = above.tournament_points == below.tournament_points
        assert (below.decided_by is not None) == level
