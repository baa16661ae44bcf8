"""The post-game rules against seed 001's worked examples and text, plus properties."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.errors import RuleViolation
from bot.rules.dice import ScriptedDice, SeededDice
from bot.rules.match.match_result import PlayerLine, ResultReport, SideReport
from bot.rules.match.postgame import (
    ONLY_IN_THE_POSTGAME,
    OpenPostgame,
    RosterPlace,
    award_mvps,
    check_finishable,
    check_in_postgame,
    check_one_postgame_at_a_time,
    conceded_result,
    conceded_score,
    conceding_fans,
    counts_towards_player_limit,
    eligible_for_next_game,
    expensive_mistake,
    fan_factor,
    missed_players_recover,
    pick_mvp,
    quits_after_concession,
    spp_earned,
    update_dedicated_fans,
    winnings,
    winnings_after_opponent_conceded,
)
from tests.conftest import CATALOG

RULES = CATALOG.postgame
FANS = CATALOG.drafting.dedicated_fans
MISTAKES = CATALOG.expensive_mistakes


def test_seed_winnings_example() -> None:
    # Jay's Fan Factor 4, Dan's 3: attendance 7; Jay scored 2 and nobody stalled -> 65,000.
    assert winnings(4 + 3, 2, stalling=False, rules=RULES) == 65_000


def test_stalling_loses_the_extra_ten_thousand() -> None:
    assert winnings(7, 2, stalling=True, rules=RULES) == 55_000
    assert winnings(6, 0, stalling=False, rules=RULES) == 40_000


def test_winnings_after_the_opponent_conceded() -> None:
    assert winnings_after_opponent_conceded(7, 2, RULES) == 90_000


def test_fan_factor_is_dedicated_fans_plus_d3() -> None:
    factor, rolled = fan_factor(3, ScriptedDice([2]), RULES)
    assert factor == 5 and rolled.dice == "d3" and rolled.faces == (2,)


@pytest.mark.parametrize(
    ("current", "outcome", "d6", "expected"),
    [
        (3, "W", 3, 4),
        (3, "W", 2, 3),
        (7, "W", 6, 7),  # win: D6 >= current -> +1, never above 7
        (3, "L", 2, 2),
        (3, "L", 3, 3),
        (1, "L", 1, 1),  # loss: D6 < current -> -1, never below 1
    ],
)
def test_dedicated_fans(current: int, outcome: str, d6: int, expected: int) -> None:
    new, rolled = update_dedicated_fans(current, outcome, ScriptedDice([d6]), FANS)  # type: ignore[arg-type]
    assert new == expected and rolled is not None and rolled.faces == (d6,)


def test_a_draw_changes_no_fans_and_rolls_nothing() -> None:
    assert update_dedicated_fans(4, "D", ScriptedDice([]), FANS) == (4, None)


def test_conceding_loses_d3_fans_to_a_minimum_of_one() -> None:
    assert conceding_fans(5, ScriptedDice([2]), RULES, FANS)[0] == 3
    assert conceding_fans(2, ScriptedDice([3]), RULES, FANS)[0] == 1


def test_conceded_score() -> None:
    assert conceded_score(0, RULES) == 2 and conceded_score(1, RULES) == 2 and conceded_score(4, RULES) == 4


def _report(home: int, away: int) -> ResultReport:
    line = PlayerLine(player_id=7, number=7, name="Griff", touchdowns=home)
    return ResultReport(
        home=SideReport(team_id=1, score=home, casualties=1, players=(line,) if home else ()),
        away=SideReport(team_id=2, score=away, casualties=2),
    )


def test_a_conceded_game_counts_as_2_0_or_x_0() -> None:
    # Seed 001, Conceding Without Penalty: "their opponent will automatically earn a 2-0 win, unless they have
    # already scored more Touchdowns in which case they will count as winning X-0, where X is the number of
    # Touchdowns they have currently scored."
    trailing = conceded_result(_report(0, 1), "away", RULES)  # the leader concedes: still 2-0 to the other
    assert (trailing.score_text, trailing.outcomes, trailing.conceded_by) == ("2-0", ("W", "L"), "away")
    ahead = conceded_result(_report(3, 0), "away", RULES)
    assert ahead.score_text == "3-0"
    by_home = conceded_result(_report(0, 4), "home", RULES)
    assert (by_home.score_text, by_home.outcomes) == ("0-4", ("L", "W"))


def test_a_conceded_game_keeps_what_the_players_did() -> None:
    report = _report(3, 1)
    conceded = conceded_result(report, "away", RULES)
    assert conceded.home.players == report.home.players  # touchdowns already scored still earn their SPP
    assert (conceded.home.casualties, conceded.away.casualties) == (1, 2)
    assert conceded.concession_penalty and conceded.unplayed is None


@given(st.integers(0, 30), st.integers(0, 30), st.sampled_from(["home", "away"]))
def test_the_side_that_concedes_loses_to_nil(home: int, away: int, conceder: str) -> None:
    conceded = conceded_result(_report(home, away), "home" if conceder == "home" else "away", RULES)
    loser, winner = (conceded.home, conceded.away) if conceder == "home" else (conceded.away, conceded.home)
    before = away if conceder == "home" else home
    assert loser.score == 0 and winner.score == max(RULES.concession.win_score, before)


def test_spp_values_and_brawlin_brutes() -> None:
    line = PlayerLine(
        player_id=1,
        number=7,
        name="x",
        touchdowns=1,
        casualties=1,
        completions=2,
        interceptions=1,
        superb_throws=1,
        safe_landings=1,
    )
    assert spp_earned(line, RULES.spp_values([])) == 3 + 2 + 2 + 2 + 1 + 1
    assert spp_earned(line, RULES.spp_values(["Brawlin' Brutes"])) == 2 + 3 + 2 + 2 + 1 + 1
    assert RULES.spp["mvp"] == 4


def test_mvp_rerolls_numbers_without_a_player() -> None:
    winner, rolls = pick_mvp([11, 12, 13], ScriptedDice([5, 6, 2]), 6)
    assert winner == 12 and [r.total for r in rolls] == [5, 6, 2]


def test_a_single_nominee_is_the_mvp_without_a_roll() -> None:
    """Seed 001: each coach "assigns them a number between 1 and 6. They then roll a D6 to determine which
    of them is given the MVP award": with one nominee every other number is rolled again, so he is the MVP
    and no die is needed (a run of re-rolls only filled the post-game with D6s)."""
    assert pick_mvp([14], ScriptedDice([]), 6) == (14, [])


def test_random_mvp_among_more_than_six_players() -> None:
    winner, rolls = pick_mvp(list(range(100, 111)), ScriptedDice([9]), 6)
    assert winner == 108 and rolls[0].dice == "d11"


def test_a_random_mvp_says_among_how_many_and_never_shows_a_d11() -> None:
    """Seed 001: "each Coach nominates six players ... They then roll a D6": a D6 among the nominees is
    shown as the D6 it is; with no nominations the bot picks at random among the players who could play,
    which is no die of the game: the line says "random among the 11", not "D11"."""
    squad = [(n, False) for n in range(1, 12)]
    [randomly] = award_mvps([], squad, set(), 1, ScriptedDice([7]), 6)
    line = randomly.line("#7 Griff", 4)
    assert line == "MVP #7 Griff +4 SPP (random among the 11 who could play, no nominations)"
    [rolled] = award_mvps([1, 2, 3], squad, set(), 1, ScriptedDice([5, 2]), 6)
    assert rolled.line("#2 A", 4) == "MVP #2 A +4 SPP (D6 5, 2 among the nominees)"


def test_conceding_players_with_three_advancements_may_quit() -> None:
    assert quits_after_concession(2, ScriptedDice([]), RULES) == (False, None)
    assert quits_after_concession(3, ScriptedDice([3]), RULES)[0] is True
    assert quits_after_concession(4, ScriptedDice([4]), RULES)[0] is False


def test_expensive_mistakes_outcomes() -> None:
    assert expensive_mistake(95_000, MISTAKES, ScriptedDice([])) is None  # below 100,000: no roll
    averted = expensive_mistake(150_000, MISTAKES, ScriptedDice([2]))
    assert averted is not None and averted.outcome.name == "Crisis Averted" and averted.lost == 0
    minor = expensive_mistake(150_000, MISTAKES, ScriptedDice([1, 3]))
    assert minor is not None and minor.outcome.name == "Minor Incident" and minor.treasury_after == 120_000
    major = expensive_mistake(335_000, MISTAKES, ScriptedDice([1]))
    # half of 335,000 is 167,500, rounded down to the nearest 5,000
    assert major is not None and major.outcome.name == "Major Incident" and major.treasury_after == 165_000
    catastrophe = expensive_mistake(650_000, MISTAKES, ScriptedDice([1, 4, 5]))
    assert catastrophe is not None and catastrophe.outcome.name == "Catastrophe"
    assert catastrophe.treasury_after == 90_000


@given(treasury=st.integers(0, 3_000_000).map(lambda t: t // 5000 * 5000), seed=st.integers(0, 10_000))
def test_expensive_mistakes_never_make_a_treasury_negative_or_bigger(treasury: int, seed: int) -> None:
    result = expensive_mistake(treasury, MISTAKES, SeededDice(seed))
    after = treasury if result is None else result.treasury_after
    assert 0 <= after <= treasury
    assert after % 5000 == 0


@given(current=st.integers(1, 7), outcome=st.sampled_from(["W", "D", "L"]), seed=st.integers(0, 10_000))
def test_dedicated_fans_stay_between_one_and_seven(current: int, outcome: str, seed: int) -> None:
    new, _ = update_dedicated_fans(current, outcome, SeededDice(seed), FANS)  # type: ignore[arg-type]
    assert 1 <= new <= 7 and abs(new - current) <= 1


def test_journeymen_do_not_count_towards_the_sixteen() -> None:
    """Seed 001: "Journeymen may temporarily take the number of players on a team above 16 including
    injured players" ... "Any Journeymen not hired are permanently lost." """
    assert not counts_towards_player_limit(RosterPlace(journeyman=True))
    assert counts_towards_player_limit(RosterPlace(journeyman=False, miss_next_game=True))
    assert counts_towards_player_limit(RosterPlace(journeyman=False, temporarily_retired=True))


def test_players_eligible_for_the_next_game() -> None:
    """Seed 001: "Players may not be fired if it would take the number of players eligible for the next
    game below 11." A journeyman not hired leaves; a player who missed this game is back for the next."""
    assert eligible_for_next_game(RosterPlace(journeyman=False))
    assert not eligible_for_next_game(RosterPlace(journeyman=True))
    assert not eligible_for_next_game(RosterPlace(journeyman=False, miss_next_game=True))
    assert eligible_for_next_game(RosterPlace(journeyman=False, miss_next_game=True, missed_this_game=True))
    assert not eligible_for_next_game(RosterPlace(journeyman=False, temporarily_retired=True))


def test_a_friendly_does_not_count_as_the_missed_game() -> None:
    """Seed 001: "any players that were scheduled to miss a team's next game will still count as missing
    the team's next game"."""
    assert not missed_players_recover(friendly=True)
    assert missed_players_recover(friendly=False)


def test_mvp_awards_skip_stars_and_players_out_and_a_second_goes_to_another() -> None:
    # seed 004: a star under contract earns no SPP, so is never MVP; with no nominee, the MVP is random among
    # the players who could play (not those missing the next game).
    squad = [(1, False), (2, True), (3, False), (4, False)]
    (only,) = award_mvps([4], squad, {4}, 1, ScriptedDice([2]), 6)
    assert only.player_id == 3 and not only.nominated and only.rolls[0].total == 2  # among #1 and #3
    first, second = award_mvps([1], squad, set(), 2, ScriptedDice([]), 6)
    assert (first.player_id, second.player_id) == (1, 1) and first.nominated  # the only nominee, twice
    first, second = award_mvps([], squad, set(), 2, ScriptedDice([1, 1]), 6)
    assert (first.player_id, second.player_id) == (1, 3)  # the second award among the others
    assert "the only nominee" in award_mvps([1], squad, set(), 1, ScriptedDice([]), 6)[0].line("#1 A", 4)


def test_finishing_waits_for_grudges_and_advancements() -> None:
    with pytest.raises(RuleViolation, match="First choose what #4, #\\? now hates"):
        check_finishable([4, "?"], [])
    with pytest.raises(RuleViolation, match="First advance"):
        check_finishable([], ["#2 Blocker"])
    check_finishable([], [])


def test_a_team_s_post_games_happen_one_at_a_time() -> None:
    # seed 001: "After each League Fixture, both teams must go through the Post-game Sequence as normal."
    check_one_postgame_at_a_time(None)
    waiting = OpenPostgame("Reavers", 7, "Reavers v Gutter Rats")
    assert waiting.text == "Reavers must first finish its post-game of fixture #7"
    with pytest.raises(
        RuleViolation,
        match=r"^Reavers must first finish its post-game of fixture #7 \(Reavers v Gutter Rats\): a team's "
        r"post-games happen one at a time\. Its coach",
    ):
        check_one_postgame_at_a_time(waiting)


def test_retiring_and_keeping_a_journeyman_are_post_game_steps() -> None:
    # seed 001, post-game step 5: "Hire any Journeymen that played for your team during the game."
    for action, refusal in ONLY_IN_THE_POSTGAME.items():
        check_in_postgame(action, drafting=False)
        with pytest.raises(RuleViolation) as refused:
            check_in_postgame(action, drafting=True)
        assert str(refused.value) == refusal
