"""Star player signings, All-Star drafts and Dungeon Bowl turn orders (seed 004), every worked example."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.catalog import load_catalog
from bot.errors import Conflict, RuleViolation
from bot.rules.dice import ScriptedDice, SeededDice, shuffle
from bot.rules.league.league_settings import LeagueSettings
from bot.rules.league.standings import GameResult
from bot.rules.league.star_drafts import (
    DraftingMethod,
    check_challenge,
    check_signable,
    chests_and_portals,
    contract_injury,
    familiar_face,
    later_signing_order,
    move_to_end,
    ordered_roll,
    random_method,
    ranked_as_one_division,
    roll_off,
    signing_options,
)
from bot.rules.roster.stars import StarUnit, star_units

CATALOG = load_catalog()
UNITS = star_units(CATALOG)


def unit(name: str) -> StarUnit:
    return next(u for u in UNITS if u.name == name)


def test_pairs_are_one_unit_at_the_pairs_price() -> None:
    twins = unit("The Swift Twins")
    assert twins.size == 2 and twins.cost == CATALOG.pairs["The Swift Twins"].cost
    singles = {u.name for u in UNITS if not u.is_pair}
    assert not singles & {m for u in UNITS if u.is_pair for m in u.members}
    assert sum(u.size for u in UNITS) == len(CATALOG.stars)
    fewer = star_units(CATALOG, excluded=["Morg 'n' Thorg", "Grak"])
    names = {u.name for u in fewer}
    assert "Morg 'n' Thorg" not in names and "Grak and Crumbleberry" not in names  # a member takes his pair
    assert len(fewer) == len(UNITS) - 2


def test_the_seed_second_season_order_new_teams_then_last_place_first() -> None:
    ranked = ["Jay", "Gavin", "Shane", "Xavier", "Keith", "James", "Louise", "Steve", "Dan", "Rob"]
    # the new teams come out of the hat as Sam, Nic, Luke (d3 -> 2: Luke and Sam swap... as the dice say)
    order = later_signing_order(["Nic", "Sam", "Luke"], ranked, ScriptedDice([1, 1]))
    assert order[3:] == ["Rob", "Dan", "Steve", "Louise", "James", "Keith", "Xavier", "Shane", "Gavin", "Jay"]
    assert sorted(order[:3]) == ["Luke", "Nic", "Sam"]
    assert order[:3] == shuffle(["Nic", "Sam", "Luke"], ScriptedDice([1, 1]))


def test_existing_teams_are_ranked_as_if_all_in_one_division() -> None:
    """Seed 004: "all existing teams should be ranked according to how well they did in the previous season
    as if they had all been part of the same division. The team that is ranked last will get the first
    pick of the remaining Star Players". Division A: 1 beat 2 and 3, 2 beat 3 (6, 3 and 0 points);
    division B: 4 and 5 drew (1 point each). Division B's winner ranks below division A's second."""
    results = [
        GameResult.from_score(1, 1, 2, 2, 1),
        GameResult.from_score(2, 1, 3, 1, 0),
        GameResult.from_score(3, 2, 3, 1, 0),
        GameResult.from_score(4, 4, 5, 1, 1),
    ]
    ranked = ranked_as_one_division([1, 2, 3, 4, 5], results, LeagueSettings())
    assert ranked[:2] == [1, 2] and set(ranked[2:4]) == {4, 5} and ranked[4] == 3
    assert later_signing_order([], ranked, ScriptedDice([]))[0] == 3  # last place picks first


def test_the_first_season_order_is_drawn_with_one_die_per_draw() -> None:
    dice = ScriptedDice([4, 1, 2])  # d4, d3, d2
    assert shuffle(["A", "B", "C", "D"], dice) == ["C", "B", "A", "D"] and dice.remaining == 0


def test_a_coach_out_of_time_goes_to_the_end() -> None:
    assert move_to_end(["A", "B", "C"], "A") == ["B", "C", "A"]


def test_signing_options_follow_plays_for_and_fall_back_to_any_unsigned_star() -> None:
    options, fallback = signing_options(CATALOG, UNITS, set(), "halfling", "Halfling Thimble Cup", None, 5)
    names = {u.name for u in options}
    assert "Morg 'n' Thorg" in names and not fallback  # the seed: Sam signs Morg for his Halfling team
    assert "Deeproot Strongbranch" not in names  # the Woodland League only
    taken = {m for u in options for m in u.members}
    rest, fallback = signing_options(CATALOG, UNITS, taken, "halfling", "Halfling Thimble Cup", None, 5)
    assert fallback and rest and not {m for u in rest for m in u.members} & taken
    signed = signing_options(CATALOG, UNITS, {"Morg 'n' Thorg"}, "halfling", "Halfling Thimble Cup", None, 5)
    assert "Morg 'n' Thorg" not in {u.name for u in signed[0]}  # a signed star signs for nobody else


def test_a_pair_needs_two_free_places() -> None:
    options, _ = signing_options(CATALOG, UNITS, set(), "goblin", "Badlands Brawl", None, 1)
    assert not any(u.is_pair for u in options)


def test_a_star_the_options_offer_is_signed() -> None:
    """Seed 004: "each team may sign a single Star Player to their roster" (one who plays for it)."""
    morg = unit("Morg 'n' Thorg")
    options, _ = signing_options(CATALOG, UNITS, set(), "halfling", "Halfling Thimble Cup", None, 5)
    check_signable(morg, "Hobbit Hotshots", options, set(), 5)


def test_a_star_not_offered_is_refused_with_the_reason() -> None:
    """Seed 004: "once they have signed for a team they can only play for that team during the course of the
    season"; a pair fills two places; a star who does not play for the team is not offered."""
    twins = unit("The Swift Twins")
    with pytest.raises(Conflict, match=r"^The Swift Twins already signed for another team this season\.$"):
        check_signable(twins, "Hobbit Hotshots", [], {"Lucien Swift"}, 5)
    with pytest.raises(RuleViolation, match=r"^Hobbit Hotshots has no room for The Swift Twins \(16 players"):
        check_signable(twins, "Hobbit Hotshots", [], set(), 1)
    with pytest.raises(RuleViolation) as refused:
        check_signable(twins, "Hobbit Hotshots", [], set(), 5)
    assert str(refused.value) == (
        "The Swift Twins does not play for Hobbit Hotshots; sign one who does (the list shows them)."
    )


def test_contracted_stars_are_never_worse_than_seriously_hurt() -> None:
    assert [contract_injury(i) for i in ("serious_injury", "lasting_injury", "dead")] == [
        "seriously_hurt"
    ] * 3
    assert (
        contract_injury("badly_hurt") == "badly_hurt"
        and contract_injury("seriously_hurt") == "seriously_hurt"
    )


def test_a_familiar_face_is_the_same_star_for_the_same_team() -> None:
    assert familiar_face("The Mighty Zug", ["The Mighty Zug"]) and not familiar_face(
        "The Mighty Zug", ["Varag Ghoul-Chewer"]
    )


def singles(n: int) -> list[StarUnit]:
    return [StarUnit(f"S{i}", (f"S{i}",), 0) for i in range(n)]


PAIR = StarUnit("Pair", ("P1", "P2"), 0)


def test_random_method_after_a_pair_the_other_coach_draws_twice() -> None:
    hat = [PAIR, *singles(4)]  # the dice pick by position in what is left of the hat
    rosters, draws = random_method(hat, ScriptedDice([1, 1, 1, 1, 1]), first=0)
    assert [(d.coach, d.unit.name) for d in draws] == [
        (0, "Pair"),
        (1, "S0"),
        (1, "S1"),
        (0, "S2"),
        (1, "S3"),
    ]
    assert rosters.size(0) == 3 and rosters.size(1) == 3


def test_random_method_a_pair_answering_a_pair_evens_it() -> None:
    other_pair = StarUnit("Other", ("O1", "O2"), 0)
    _, draws = random_method([PAIR, other_pair, *singles(2)], ScriptedDice([1, 1, 1]), first=0)
    assert [(d.coach, d.unit.name) for d in draws] == [(0, "Pair"), (1, "Other"), (0, "S0"), (1, "S1")]


def test_random_method_a_pair_drawn_with_one_place_left() -> None:
    hat = [*singles(3), PAIR]
    redraw, draws = random_method(hat, ScriptedDice([1, 1, 2, 1]), first=0, limit=2)
    # coach 0: S0; coach 1: S1; coach 0 draws the pair with one place left: back in the hat, draws S2
    assert [(d.coach, d.unit.name) for d in draws] == [(0, "S0"), (1, "S1"), (0, "S2")]
    assert redraw.full(0) and not redraw.full(1)  # only the pair is left, and it does not fit coach 1

    def swap(coach: int, pair: StarUnit, mine: list[StarUnit]) -> StarUnit:
        return mine[0]

    swapped, draws = random_method(
        [*singles(2), PAIR], ScriptedDice([1, 1, 1]), first=0, limit=2, pair_at_limit=swap
    )
    assert [u.name for u in swapped.picks[0]] == ["Pair"]  # gave S0 back for the pair
    assert "gives back S0" in draws[2].note and [u.name for u in swapped.picks[1]] == ["S1", "S0"]


@given(st.integers(0, 10_000), st.integers(2, 16))
def test_random_method_never_overfills_and_never_draws_a_star_twice(seed: int, limit: int) -> None:
    rosters, draws = random_method(UNITS, SeededDice(seed), limit=limit)
    assert rosters.size(0) <= limit and rosters.size(1) <= limit
    drawn = [m for d in draws for m in d.unit.members]
    assert len(drawn) == len(set(drawn))
    assert abs(rosters.size(0) - rosters.size(1)) <= 2


def test_drafting_method_the_seed_example() -> None:
    first, rolls = roll_off(ScriptedDice([3, 3, 5, 2]))
    assert first == 0 and rolls == [(3, 3), (5, 2)]  # Rob (coach 0) wins the re-rolled roll-off
    draft = DraftingMethod(first)
    for coach, name in (
        (0, "Morg 'n' Thorg"),
        (1, "Deeproot Strongbranch"),
        (1, "Varag Ghoul-Chewer"),
        (0, "The Mighty Zug"),
    ):
        assert draft.on_turn(UNITS) == coach  # in the second round Jay (who picked second) picks first
        draft.pick(coach, unit(name))  # type: ignore[arg-type]
    assert draft.on_turn(UNITS) == 0  # round three: Rob first again


def test_drafting_method_a_pair_costs_the_next_pick_unless_answered_by_a_pair() -> None:
    draft = DraftingMethod(0)
    draft.pick(0, PAIR)
    assert draft.on_turn(UNITS) == 1
    draft.pick(1, unit("The Mighty Zug"))
    assert draft.on_turn(UNITS) == 1  # round two: coach 1 first
    draft.pick(1, unit("Morg 'n' Thorg"))
    assert draft.on_turn(UNITS) == 0  # coach 0 forgoes his round-two pick; round three starts with him
    assert "forgoes" in draft.history[-1].note and (draft.rosters.size(0), draft.rosters.size(1)) == (2, 2)
    answered = DraftingMethod(0)
    answered.pick(0, PAIR)
    answered.pick(1, unit("The Swift Twins"))
    assert answered.on_turn(UNITS) == 1 and answered.skip == set()


def test_drafting_method_no_pair_in_the_last_place() -> None:
    draft = DraftingMethod(0)
    draft.rosters.limit = 1
    with pytest.raises(RuleViolation, match=f"^{PAIR.name} come as a pair and you have one place left"):
        draft.pick(0, PAIR)
    assert draft.rosters.picks == ([], []) and draft.slot == 0  # refused before anything changed


def test_an_all_star_game_needs_two_coaches() -> None:
    check_challenge(501, 502)
    with pytest.raises(
        RuleViolation, match=r"^An All-Star game needs two coaches: challenge someone else\.$"
    ):
        check_challenge(501, 501)


def test_the_seed_chest_and_portal_example() -> None:
    order, rolls = ordered_roll(["Rob", "Xavier", "Jay", "Nicolas"], ScriptedDice([2, 6, 4, 4, 1, 3]))
    assert order == ["Xavier", "Nicolas", "Jay", "Rob"]
    assert dict(rolls) == {"Rob": [2], "Xavier": [6], "Jay": [4, 1], "Nicolas": [4, 3]}
    placing = dict(chests_and_portals(order))
    assert [placing[f"Chest {n}"] for n in range(1, 7)] == [
        "Xavier",
        "Nicolas",
        "Jay",
        "Rob",
        "Xavier",
        "Nicolas",
    ]
    assert [placing[f"Portal {n}"] for n in range(1, 7)] == ["Jay", "Rob", "Xavier", "Nicolas", "Jay", "Rob"]


def test_the_seed_game_turn_examples() -> None:
    coaches = ["Rob", "Jay", "Xavier", "Nicolas"]
    assert ordered_roll(coaches, ScriptedDice([6, 4, 3, 1]))[0] == ["Rob", "Jay", "Xavier", "Nicolas"]
    assert ordered_roll(coaches, ScriptedDice([4, 2, 4, 6, 5, 3]))[0] == ["Nicolas", "Rob", "Xavier", "Jay"]
