"""The off-season: rest and relaxation, raising funds, re-hire costs, Getting Even (seed 001)."""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.catalog import load_catalog
from bot.errors import Conflict, RuleViolation
from bot.rules.dice import ScriptedDice
from bot.rules.league.playoffs import penalty_shootout
from bot.rules.league.redraft import (
    check_may_redraft,
    check_off_season,
    check_rehire,
    getting_even,
    hatred_checks,
    hatred_options,
    league_record,
    niggling_checks,
    redraft_budget,
    reduction_checks,
    rehire_cost,
)

CATALOG = load_catalog()
RULES = CATALOG.season_end
RR = RULES.rest_and_relaxation


def test_the_seed_example_skweek_costs_his_value_plus_one_agents_fee() -> None:
    assert rehire_cost(145_000, 1, RULES.redraft) == 165_000
    assert rehire_cost(50_000, 0, RULES.redraft) == 50_000
    assert rehire_cost(90_000, 3, RULES.redraft) == 150_000


def test_raise_funds_adds_the_treasury_and_the_fixture_bonuses() -> None:
    budget = redraft_budget(70_000, played=7, won=4, drawn=1, rules=RULES.redraft, cap=1_300_000)
    # 1,000,000 + 70,000 + 7 x 20,000 + 4 x 20,000 + 1 x 10,000
    assert budget.raised == 1_300_000 and budget.budget == 1_300_000 and budget.lost == 0


def test_the_cap_keeps_the_budget_down_and_the_excess_is_lost() -> None:
    budget = redraft_budget(200_000, played=7, won=6, drawn=1, rules=RULES.redraft, cap=1_300_000)
    assert budget.raised == 1_000_000 + 200_000 + 140_000 + 120_000 + 10_000
    assert budget.budget == 1_300_000 and budget.lost == 170_000
    assert redraft_budget(200_000, 7, 6, 1, RULES.redraft, cap=None).budget == budget.raised


@given(
    st.integers(0, 2_000_000),
    st.integers(0, 30)
    .flatmap(lambda p: st.tuples(st.just(p), st.integers(0, p)))
    .flatmap(lambda pw: st.tuples(st.just(pw[0]), st.just(pw[1]), st.integers(0, pw[0] - pw[1]))),
    st.one_of(st.none(), st.integers(0, 3_000_000)),
)
def test_the_budget_never_exceeds_the_cap_and_nothing_is_lost_below_it(
    treasury: int, games: tuple[int, int, int], cap: int | None
) -> None:
    played, won, drawn = games
    budget = redraft_budget(treasury, played, won, drawn, RULES.redraft, cap)
    assert budget.budget + budget.lost == budget.raised
    assert budget.lost >= 0
    if cap is not None:
        assert budget.budget <= cap
        assert budget.lost == max(0, budget.raised - cap)


def test_only_fixtures_actually_played_count_as_played() -> None:
    """Seed 001: "+20,000 gold pieces for each League Fixture they played in the previous Season, a bonus
    of +20,000 gold pieces for each League Fixture they won". A double forfeit ("Any League Fixtures that
    have not been played by the end of the time limit will count as a loss for both Coaches") and a
    fixture conceded ahead of the deadline were not played; a game conceded during the match was. The
    opponent of a team conceding ahead of the deadline still won ("their opponent will automatically earn
    a 2-0 win")."""
    record = league_record(
        [("W", None), ("D", None), ("L", None), ("L", "forfeit"), ("L", "conceded"), ("W", "conceded")]
    )
    assert (record.played, record.won, record.drawn) == (3, 2, 1)
    assert (record.forfeited, record.conceded_unplayed, record.not_played) == (1, 2, 3)
    budget = redraft_budget(0, record.played, record.won, record.drawn, RULES.redraft, None, not_played=3)
    assert budget.bonus == 3 * 20_000 + 2 * 20_000 + 10_000


def test_impossible_counts_are_refused() -> None:
    with pytest.raises(ValueError):
        redraft_budget(0, played=2, won=2, drawn=1, rules=RULES.redraft, cap=None)


def test_niggling_injuries_heal_on_4_plus_with_the_apothecarys_help() -> None:
    without = niggling_checks(2, False, ScriptedDice([3, 4]), RR)
    assert [c.passed for c in without] == [False, True]
    helped = niggling_checks(2, True, ScriptedDice([3, 2]), RR)
    assert [c.passed for c in helped] == [True, False]  # 3 + 1 = 4 heals; 2 + 1 = 3 does not
    assert "+1 = 4" in str(helped[0])


def test_hatred_subsides_on_4_plus_without_any_bonus() -> None:
    checks = hatred_checks(["Elf", "Dwarf"], ScriptedDice([3, 6]), RR)
    assert [(k, c.passed, c.modifier) for k, c in checks] == [("Elf", False, 0), ("Dwarf", True, 0)]


def test_each_characteristic_reduction_of_a_retired_player_rolls_separately() -> None:
    checks = reduction_checks(["ma", "ma", "av"], True, ScriptedDice([3, 1, 5]), RR)
    assert [(c, k.passed) for c, k in checks] == [("ma", True), ("ma", False), ("av", True)]


def test_getting_even_needs_a_4_plus() -> None:
    assert not getting_even(ScriptedDice([3]), RULES.getting_even, "#4").passed
    assert getting_even(ScriptedDice([4]), RULES.getting_even, "#4").passed


def test_hatred_options_are_the_opponents_keywords_less_the_excluded_ones() -> None:
    wood_elf = CATALOG.team("Wood Elf")
    assert wood_elf is not None
    options = hatred_options(wood_elf, RULES.getting_even)
    assert "Elf" in options and "Treeman" in options
    assert not {"Lineman", "Catcher", "Thrower", "Big Guy", "Blitzer"} & set(options)
    assert "Elf" not in hatred_options(wood_elf, RULES.getting_even, already=["Elf"])


def test_a_penalty_shootout_rerolls_ties_and_counts_roll_offs_won() -> None:
    dice = ScriptedDice([4, 4, 5, 2, 1, 6, 3, 2, 2, 5, 6, 1])
    shootout = penalty_shootout(dice, 5, 6)
    assert dice.remaining == 0
    assert shootout.roll_offs[0] == ((4, 4), (5, 2))
    assert (shootout.home_wins, shootout.away_wins) == (3, 2)
    assert shootout.winner == "home"
    assert shootout.lines()[0] == "Roll-off 1: 4-4, then 5-2 (home)"


@given(st.integers(0, 10_000))
def test_a_shootout_always_has_a_winner(seed: int) -> None:
    from bot.rules.dice import SeededDice

    shootout = penalty_shootout(SeededDice(seed), 5, 6)
    assert shootout.home_wins + shootout.away_wins == 5
    assert shootout.home_wins != shootout.away_wins


@dataclass(frozen=True)
class _Season:
    number: int
    status: str


def test_teams_re_draft_in_the_off_season_break() -> None:
    """Seed 001: "At the end of each Season, after the Play-offs have concluded, comes the Off-season
    Break"."""
    over = _Season(3, "finished")
    assert check_off_season(over) is over
    with pytest.raises(RuleViolation, match=r"after the play-offs; season 3 is still running\.$"):
        check_off_season(_Season(3, "playoffs"))
    with pytest.raises(RuleViolation, match=r"after the play-offs; no season has been played\.$"):
        check_off_season(None)


def _may_redraft(
    status: str = "approved", last: int | None = 7, redrafted: int | None = None, open_game: int | None = None
) -> int:
    return check_may_redraft(
        "Reavers", status, last_played=last, redrafted_for=redrafted, open_postgame=open_game
    )


def test_a_team_that_played_and_finished_its_post_games_re_drafts_leaving_its_last_season() -> None:
    assert _may_redraft() == 7


def test_a_team_re_drafts_once_after_playing_a_season_and_finishing_its_post_games() -> None:
    with pytest.raises(RuleViolation, match=r"^Reavers has not played a season yet: it enters the next"):
        _may_redraft(last=None)
    with pytest.raises(Conflict, match=r"^Reavers is already re-drafted for season 4: /redraft show"):
        _may_redraft(redrafted=4)
    with pytest.raises(
        RuleViolation, match=r"^Reavers is retired: only a team that played can be re-drafted"
    ):
        _may_redraft(status="retired")
    with pytest.raises(RuleViolation) as refused:
        _may_redraft(open_game=31)
    assert str(refused.value) == (
        "First finish Reavers's post-game of fixture #31 (its Finish button): "
        "a team's season ends with its last post-game."
    )


def test_the_first_reason_not_to_re_draft_is_given() -> None:
    with pytest.raises(RuleViolation, match="has not played"):
        _may_redraft(status="draft", last=None, redrafted=4, open_game=31)
    with pytest.raises(Conflict):
        _may_redraft(status="draft", redrafted=4, open_game=31)


@pytest.mark.parametrize("status", ["draft", "rejected"])
def test_players_are_re_hired_while_re_drafting(status: str) -> None:
    check_rehire("Reavers", status)


@pytest.mark.parametrize("status", ["submitted", "approved", "retired"])
def test_a_submitted_or_approved_team_re_hires_nobody(status: str) -> None:
    with pytest.raises(RuleViolation, match=f"^Reavers is {status}: players are re-hired while re-drafting"):
        check_rehire("Reavers", status)
