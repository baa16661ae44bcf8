"""What a reported result may say (bot/rules/match/results.py): who played, who may be MVP, extra time and
the penalty shoot-out, friendlies and Secret Objectives."""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.errors import RuleViolation
from bot.rules.match.match_result import ResultReport, Side, SideReport
from bot.rules.match.results import (
    Decider,
    check_friendly,
    check_objectives,
    check_player_reported,
    check_shootout,
    decide,
)


def _report(home: int, away: int, conceded_by: Side | None = None) -> ResultReport:
    return ResultReport(
        home=SideReport(team_id=1, score=home, casualties=0),
        away=SideReport(team_id=2, score=away, casualties=0),
        conceded_by=conceded_by,
    )


def _game(knockout: bool, rolled: Side | None = None) -> Decider:
    return Decider(knockout, rolled, "Reavers", "Gutter Rats", 12)


def test_a_player_who_was_to_miss_the_game_did_not_play() -> None:
    refusal = r"^Reavers #7 Grim was missing this game \(injured last game\)\.$"
    with pytest.raises(RuleViolation, match=refusal):
        check_player_reported("Reavers", 7, "Grim", missing=True, star=False, mvp_nomination=False)


def test_a_star_player_is_never_mvp() -> None:
    # seed 004: Star Players cannot "be awarded the MVP award for a game, during the course of a season".
    refusal = r"^Reavers #12 Glotl Stop is a star player: stars are never MVP\.$"
    with pytest.raises(RuleViolation, match=refusal):
        check_player_reported("Reavers", 12, "Glotl Stop", missing=False, star=True, mvp_nomination=True)
    # a star may score and be in the report, only not nominated
    check_player_reported("Reavers", 12, "Glotl Stop", missing=False, star=True, mvp_nomination=False)
    check_player_reported("Reavers", 3, "Grim", missing=False, star=False, mvp_nomination=True)


def test_secret_objectives_only_where_the_event_plays_them() -> None:
    with pytest.raises(RuleViolation, match="only in a tournament that plays with them"):
        check_objectives(True, played_with=False)
    check_objectives(True, played_with=True)
    check_objectives(False, played_with=False)


def test_a_league_game_may_be_a_draw_and_has_no_extra_time_or_penalties() -> None:
    draw = _report(1, 1)
    assert decide(draw, _game(False), False, None) == draw
    with pytest.raises(RuleViolation, match=r"^Only play-off and knock-out games go to extra time"):
        decide(draw, _game(False), True, None)
    with pytest.raises(RuleViolation, match=r"^Only play-off and knock-out games go to extra time"):
        decide(draw, _game(False), False, "home")


def test_a_playoff_game_won_in_play_records_extra_time_only_if_played() -> None:
    # seed 001: "every Play-off game will be played using the Extra Time and Penalties (if required) rules"
    won = _report(2, 1)
    assert decide(won, _game(True), False, None).extra_time is False
    assert decide(won, _game(True), True, None).extra_time is True
    with pytest.raises(RuleViolation, match="only decides a game that is level after extra time"):
        decide(won, _game(True), True, "away")


def test_a_level_playoff_game_goes_to_penalties() -> None:
    level = _report(1, 1)
    with pytest.raises(RuleViolation, match=r"needs a winner.*/match penalties fixture:#12"):
        decide(level, _game(True), True, None)
    decided = decide(level, _game(True), False, "away")
    assert decided.extra_time and decided.penalty_winner == "away" and decided.outcomes == ("L", "W")
    rolled = decide(level, _game(True, rolled="home"), False, None)
    assert rolled.penalty_winner == "home"
    assert decide(level, _game(True, rolled="home"), False, "home").penalty_winner == "home"
    refusal = r"^The shoot-out the bot rolled for this game was won by Reavers\.$"
    with pytest.raises(RuleViolation, match=refusal):
        decide(level, _game(True, rolled="home"), False, "away")


def test_a_conceded_playoff_game_needs_no_shoot_out() -> None:
    conceded = _report(0, 0, conceded_by="home")
    assert decide(conceded, _game(True), False, None) == conceded


@given(
    st.integers(0, 5),
    st.integers(0, 5),
    st.booleans(),
    st.booleans(),
    st.sampled_from([None, "home", "away"]),
    st.sampled_from([None, "home", "away"]),
)
def test_a_decided_knockout_game_always_has_a_winner(
    home: int, away: int, knockout: bool, extra: bool, rolled: Side | None, penalties: Side | None
) -> None:
    try:
        decided = decide(_report(home, away), _game(knockout, rolled), extra, penalties)
    except RuleViolation:
        return
    if knockout:
        assert "D" not in decided.outcomes
    else:
        assert decided == _report(home, away)


@dataclass(frozen=True)
class _Team:
    id: int
    name: str
    status: str


def test_a_friendly_needs_two_different_approved_teams() -> None:
    reavers, rats = _Team(1, "Reavers", "approved"), _Team(2, "Gutter Rats", "approved")
    check_friendly(reavers, rats)
    with pytest.raises(RuleViolation, match=r"^A friendly needs two different teams\.$"):
        check_friendly(reavers, reavers)
    with pytest.raises(RuleViolation, match=r"^Gutter Rats is draft: only approved teams play friendlies\.$"):
        check_friendly(reavers, _Team(2, "Gutter Rats", "draft"))
    with pytest.raises(RuleViolation, match=r"^Reavers is submitted: only approved"):
        check_friendly(_Team(1, "Reavers", "submitted"), rats)


def test_only_a_game_that_must_have_a_winner_goes_to_a_shoot_out() -> None:
    """Seed 001: "every Play-off game will be played using the Extra Time and Penalties (if required)
    rules"."""
    check_shootout(must_have_winner=True)
    with pytest.raises(RuleViolation, match=r"^Penalty shoot-outs are for play-off and knock-out games"):
        check_shootout(must_have_winner=False)
