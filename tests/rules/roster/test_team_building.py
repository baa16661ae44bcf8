"""Drafting and valuing a team (rules/roster/team_building.py): TV, CTV, draft cost, hiring and staff
limits."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.catalog.models import Position, Team
from bot.errors import RuleViolation
from bot.rules.roster.team_building import (
    MAX_HIRE_AT_ONCE,
    OVERSPENT,
    SquadPlayer,
    Staffing,
    check_changeable,
    check_hire,
    check_hire_request,
    check_not_retired,
    check_redraft_submittable,
    check_release,
    check_review,
    check_shirt_number,
    check_staff,
    check_submittable,
    current_team_value,
    draft_cost,
    next_free_number,
    staff_value,
    team_value,
    within_budget,
)
from tests.conftest import CATALOG

RULES = CATALOG.drafting
HUMAN = CATALOG.teams["human"]


def _position(team: Team, position_id: str) -> Position:
    position = team.position(position_id)
    assert position is not None
    return position


LINEMAN = _position(HUMAN, "human_lineman")
BLITZER = _position(HUMAN, "human_blitzer")


def _player(
    position: Position,
    value_increase: int = 0,
    *,
    miss_next_game: bool = False,
    temporarily_retired: bool = False,
) -> SquadPlayer:
    return SquadPlayer(position, position.cost, value_increase, miss_next_game, temporarily_retired)


def test_team_value_counts_players_rerolls_and_staff_but_not_fans() -> None:
    players = [_player(LINEMAN)] * 11 + [_player(BLITZER, value_increase=20_000)]
    staff = Staffing(rerolls=2, assistant_coaches=1, cheerleaders=2, apothecary=True, dedicated_fans=3)
    assert staff_value(HUMAN, staff, RULES) == 2 * 50_000 + 10_000 + 2 * 10_000 + 50_000
    assert team_value(HUMAN, players, staff, RULES) == 11 * 50_000 + 85_000 + 20_000 + 180_000


def test_the_league_trophy_reroll_counts_in_tv_but_costs_nothing_at_the_draft() -> None:
    # Seed 001: "No gold pieces need to be spent for this Team Re-roll, though it will still count towards a
    # team's Team Value as usual."
    staff = Staffing(rerolls=1, trophy_rerolls=1)
    assert staff_value(HUMAN, staff, RULES) == 2 * 50_000
    assert draft_cost(HUMAN, [], staff, RULES) == 50_000


def test_ctv_leaves_out_players_who_miss_the_next_game_or_are_retired() -> None:
    # Seed 001: "any players that are set to miss the next game will not add to your team's CTV" and "The
    # Current Value of a Temporarily Retiring player is not included when working out a team's Current Team
    # Value."
    players = [
        _player(LINEMAN),
        _player(BLITZER, miss_next_game=True),
        _player(BLITZER, value_increase=10_000, temporarily_retired=True),
    ]
    assert team_value(HUMAN, players, Staffing(), RULES) == 50_000 + 2 * 85_000 + 10_000
    assert current_team_value(HUMAN, players, Staffing(), RULES) == 50_000


def test_low_cost_linemen_count_only_their_value_increases_in_ctv() -> None:
    snotlings = CATALOG.teams["snotling"]
    lineman = _position(snotlings, "snotling_lineman")
    players = [_player(lineman)] * 10 + [_player(lineman, value_increase=20_000)]
    rules = snotlings.special_rules
    assert current_team_value(snotlings, players, Staffing(), RULES, rules) == 20_000
    assert current_team_value(snotlings, players, Staffing(), RULES) == 11 * 15_000 + 20_000
    assert team_value(snotlings, players, Staffing(), RULES) == 11 * 15_000 + 20_000  # TV: full fees


def test_draft_cost_includes_fans_above_the_free_one() -> None:
    staff = Staffing(rerolls=3, dedicated_fans=3)
    cost = draft_cost(HUMAN, [LINEMAN] * 11, staff, RULES)
    assert cost == 11 * 50_000 + 3 * 50_000 + 2 * 5_000
    assert check_submittable(HUMAN, [LINEMAN] * 11, staff, RULES, 1_000_000) == 1_000_000 - cost
    with pytest.raises(RuleViolation, match="over the 700,000 gp budget by 10,000 gp"):
        check_submittable(HUMAN, [LINEMAN] * 11, staff, RULES, 700_000)


def test_a_new_team_needs_eleven_players() -> None:
    with pytest.raises(RuleViolation, match="at least 11 players; you have 10"):
        check_submittable(HUMAN, [LINEMAN] * 10, Staffing(), RULES, 1_000_000)
    with pytest.raises(RuleViolation, match="re-drafted team needs at least 11"):
        check_redraft_submittable([LINEMAN] * 10, Staffing(), HUMAN, RULES)
    check_redraft_submittable([LINEMAN] * 11, Staffing(rerolls=8), HUMAN, RULES)


def test_hiring_within_the_position_limit_and_sixteen_players() -> None:
    assert check_hire(HUMAN, "human_blitzer", [BLITZER], RULES) == BLITZER
    with pytest.raises(RuleViolation, match="0-2 Human Blitzer; you have 2"):
        check_hire(HUMAN, "human_blitzer", [BLITZER, BLITZER], RULES)
    with pytest.raises(RuleViolation, match="0-2 Human Blitzer; you have 1"):
        check_hire(HUMAN, "human_blitzer", [BLITZER], RULES, how_many=2)
    with pytest.raises(RuleViolation, match="more than 16 players; you have 16"):
        check_hire(HUMAN, "human_lineman", [LINEMAN] * 16, RULES)
    with pytest.raises(RuleViolation, match="cannot hire that player type"):
        check_hire(HUMAN, "orc_blitzer", [], RULES)
    with pytest.raises(RuleViolation, match="at least one"):
        check_hire(HUMAN, "human_lineman", [], RULES, how_many=0)


def test_a_group_limit_holds_across_positions() -> None:
    chosen = CATALOG.teams["chaos_chosen"]
    troll = _position(chosen, "chaos_chosen_troll")
    with pytest.raises(RuleViolation, match=r"a single Big Guy from these\. You have 1"):
        check_hire(chosen, "chaos_chosen_ogre", [troll], RULES)
    assert check_hire(chosen, "chaos_chosen_ogre", [], RULES).id == "chaos_chosen_ogre"


def test_staff_limits_and_dedicated_fans_while_drafting_and_after() -> None:
    most = Staffing(rerolls=8, assistant_coaches=6, cheerleaders=6, apothecary=True)
    check_staff(HUMAN, most, RULES, drafting=True)
    with pytest.raises(RuleViolation, match="0-8 team re-rolls"):
        check_staff(HUMAN, Staffing(rerolls=9), RULES, drafting=True)
    with pytest.raises(RuleViolation, match="0-6 Cheerleaders"):
        check_staff(HUMAN, Staffing(cheerleaders=7), RULES, drafting=False)
    with pytest.raises(RuleViolation, match="cannot hire an Apothecary"):
        check_staff(CATALOG.teams["nurgle"], Staffing(apothecary=True), RULES, drafting=True)
    with pytest.raises(RuleViolation, match="1-3 when drafting"):
        check_staff(HUMAN, Staffing(dedicated_fans=4), RULES, drafting=True)
    check_staff(HUMAN, Staffing(dedicated_fans=7), RULES, drafting=False)
    with pytest.raises(RuleViolation, match="1-7 in league play"):
        check_staff(HUMAN, Staffing(dedicated_fans=8), RULES, drafting=False)


def test_the_next_free_shirt_number() -> None:
    assert next_free_number([]) == 1
    assert next_free_number([1, 2, 4]) == 3
    with pytest.raises(RuleViolation, match="1 to 99"):
        next_free_number(range(1, 100))


@given(
    fees=st.lists(st.tuples(st.booleans(), st.booleans(), st.integers(0, 200_000)), max_size=16),
    rerolls=st.integers(0, 8),
)
def test_ctv_is_never_more_than_tv(fees: list[tuple[bool, bool, int]], rerolls: int) -> None:
    players = [
        SquadPlayer(BLITZER, BLITZER.cost, increase, miss_next_game=miss, temporarily_retired=retired)
        for miss, retired, increase in fees
    ]
    staff = Staffing(rerolls=rerolls)
    ctv = current_team_value(HUMAN, players, staff, RULES)
    tv = team_value(HUMAN, players, staff, RULES)
    assert staff_value(HUMAN, staff, RULES) <= ctv <= tv
    assert tv - ctv == sum(p.current_value for p in players if not p.available)


def test_a_hire_request_a_shirt_number_and_a_contracted_star() -> None:
    """Seed 004: "Star Players hired in this way may never be fired from a team"."""
    check_hire_request(1, named=True)
    check_hire_request(MAX_HIRE_AT_ONCE, named=False)
    with pytest.raises(RuleViolation, match="Hire 1 to 16 players at a time"):
        check_hire_request(MAX_HIRE_AT_ONCE + 1, named=False)
    with pytest.raises(RuleViolation, match="only when hiring one player"):
        check_hire_request(2, named=True)
    check_shirt_number(None)
    check_shirt_number(99)
    with pytest.raises(RuleViolation, match="Shirt numbers are 1 to 99"):
        check_shirt_number(100)
    check_release("Griff Oberwald", under_contract=False)
    with pytest.raises(RuleViolation, match="Griff Oberwald is under contract for the season"):
        check_release("Griff Oberwald", under_contract=True)


def test_a_team_changes_while_drafted_and_after_approval_only_in_its_post_game() -> None:
    """Seed 001: "In this step of the Post-game Sequence, Coaches will need to deal with any Dead or injured
    players and will also be able to hire new players to their team. They may also hire and fire any
    Sideline Staff they wish to." """
    for status in ("draft", "submitted", "rejected"):
        check_changeable("Reavers", status, postgame_open=False)
    check_changeable("Reavers", "approved", postgame_open=True)
    with pytest.raises(RuleViolation, match="Reavers changes its roster in the post-game sequence: after a"):
        check_changeable("Reavers", "approved", postgame_open=False)
    with pytest.raises(RuleViolation, match="Reavers is retired: its roster changes through the post-game"):
        check_changeable("Reavers", "retired", postgame_open=True)
    check_not_retired("Reavers", "approved")
    with pytest.raises(RuleViolation, match=r"^Reavers is retired.$"):
        check_not_retired("Reavers", "retired")


def test_a_rejection_gives_the_coach_a_reason() -> None:
    """Seed 001: "each Coach will need to submit their Team Draft List to the League Commissioner to check and
    approve before the league starts"; a list sent back says why."""
    check_review(approve=True, reason=None)
    check_review(approve=False, reason="too many Blitzers")
    for missing in (None, ""):
        with pytest.raises(RuleViolation, match="Give the coach a reason for the rejection"):
            check_review(approve=False, reason=missing)


def test_an_overspend_names_the_budget_rule_when_there_is_one() -> None:
    overspent = f"{OVERSPENT} 50,000 gp; Reavers has 10,000 gp."
    note = "Seed 000: a coach spends at most the 1,000,000 gp Team Draft Budget."
    with pytest.raises(RuleViolation) as refused, within_budget(note):
        raise RuleViolation(overspent)
    assert str(refused.value) == f"{overspent} {note}"
    with pytest.raises(RuleViolation) as plain, within_budget(""):
        raise RuleViolation(overspent)
    assert str(plain.value) == overspent
    with pytest.raises(RuleViolation) as other, within_budget(note):
        raise RuleViolation("Shirt numbers are 1 to 99.")
    assert str(other.value) == "Shirt numbers are 1 to 99."
    with within_budget(note):
        pass  # nothing spent beyond the treasury: nothing refused
