"""Leaderboard rules: shared places, kills counted for the team, records summed over seasons."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from bot.rules.league.leaders import Earned, Leader, boards, kills, rank, team_records
from bot.rules.league.league_settings import LeagueSettings
from bot.rules.league.standings import GameResult, compute_standings
from bot.rules.match.match_result import PlayerLine, ResultReport, SideReport
from bot.rules.match.tallies import PlayerTally


def test_ties_share_a_place_and_nobody_with_nothing_is_listed() -> None:
    found = rank(
        [(3, 1, 10, "Zug"), (5, 2, 20, "Griff"), (3, 3, 30, "ann"), (0, 4, 40, "Nobody"), (1, 1, 11, "B")]
    )
    assert [(leader.place, leader.name, leader.value) for leader in found] == [
        (1, "Griff", 5),
        (2, "ann", 3),
        (2, "Zug", 3),
        (4, "B", 1),
    ]


@given(st.lists(st.integers(0, 5), max_size=12))
def test_places_follow_the_values(values: list[int]) -> None:
    found = rank((v, n, n, f"p{n}") for n, v in enumerate(values))
    assert [leader.value for leader in found] == sorted((v for v in values if v > 0), reverse=True)
    for index, leader in enumerate(found):
        assert leader.place == 1 + sum(1 for other in found if other.value > leader.value)
        assert leader.place <= index + 1


def _line(player_id: int, **events: object) -> PlayerLine:
    return PlayerLine(player_id=player_id, number=player_id, name=f"p{player_id}", **events)  # type: ignore[arg-type]


def test_a_kill_is_an_opposing_player_reported_dead() -> None:
    report = ResultReport(
        home=SideReport(team_id=1, score=1, casualties=2, players=(_line(1, injury="dead"),)),
        away=SideReport(
            team_id=2,
            score=0,
            casualties=0,
            players=(_line(2, injury="dead"), _line(3, injury="dead"), _line(4, injury="badly_hurt")),
        ),
    )
    assert kills([report, report]) == {1: 4, 2: 2}


def test_team_records_sum_the_seasons() -> None:
    settings = LeagueSettings()
    one = compute_standings([1, 2], [GameResult.from_score(1, 1, 2, 2, 0)], settings)
    two = compute_standings([1, 2], [GameResult.from_score(2, 2, 1, 1, 1)], settings)
    win, draw = settings.points_win, settings.points_draw
    assert team_records([one, two]) == {1: (win + draw, 1), 2: (draw, 0)}


def test_boards_name_players_and_teams() -> None:
    found = boards(
        [PlayerTally(1, 5, "Griff", 2, 0, 3, 1)],
        [Earned(1, 5, "Griff", 11, 1)],
        {2: 1},
        {1: (3, 1)},
        {1: "Reavers", 2: "Bashers"},
    )
    assert found["touchdowns"] == [Leader(1, 2, 1, 5, "Griff")]
    assert found["casualties"] == []
    assert found["completions"][0].value == 3 and found["interceptions"][0].value == 1
    assert found["spp"] == [Leader(1, 11, 1, 5, "Griff")] and found["mvps"][0].value == 1
    assert found["kills"] == [Leader(1, 1, 2, None, "Bashers")]
    assert found["points"] == [Leader(1, 3, 1, None, "Reavers")] and found["wins"][0].value == 1
