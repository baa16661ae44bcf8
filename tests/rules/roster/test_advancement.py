"""Spending SPP: costs for all six advancement levels, legal options, random skills, characteristic limits."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.errors import RuleViolation
from bot.rules.dice import ScriptedDice
from bot.rules.roster.advancement import (
    PlayerState,
    affordable,
    characteristic_roll,
    check_affordable,
    check_event_advancement,
    check_may_advance,
    check_not_star,
    check_skill,
    cost,
    improvable,
    must_advance,
    random_primary,
    roll_random_skill,
    skill_options,
    unusable_because,
    value_increase,
)
from tests.conftest import CATALOG

TABLE = CATALOG.advancement
HUMAN = CATALOG.teams["human"]
LINEMAN = next(p for p in HUMAN.positions if p.name == "Human Lineman")  # G / ADS, no skills
BLITZER = next(p for p in HUMAN.positions if p.name == "Human Blitzer")  # starts with Block and Tackle


@pytest.mark.parametrize(
    ("taken", "prices"),
    [
        (0, (3, 6, 10, 14)),
        (1, (4, 8, 12, 16)),
        (2, (6, 12, 16, 20)),
        (3, (8, 16, 20, 24)),
        (4, (10, 20, 24, 28)),
        (5, (15, 30, 34, 38)),
    ],
)
def test_costs_for_all_six_levels(taken: int, prices: tuple[int, int, int, int]) -> None:
    state = PlayerState(LINEMAN, spp=0, advancements=taken)
    kinds = ("random_primary", "chosen_primary", "chosen_secondary", "characteristic")
    assert tuple(cost(k, state, TABLE) for k in kinds) == prices  # type: ignore[arg-type]


def test_what_a_player_can_afford() -> None:
    assert affordable(PlayerState(LINEMAN, spp=2, advancements=0), TABLE) == []
    assert affordable(PlayerState(LINEMAN, spp=6, advancements=0), TABLE) == [
        "random_primary",
        "chosen_primary",
    ]
    assert affordable(PlayerState(LINEMAN, spp=99, advancements=6), TABLE) == []  # six is the most


def test_reaching_the_characteristic_price_forces_an_advancement() -> None:
    assert not must_advance(PlayerState(LINEMAN, spp=13, advancements=0), TABLE)
    assert must_advance(PlayerState(LINEMAN, spp=14, advancements=0), TABLE)
    assert must_advance(PlayerState(LINEMAN, spp=16, advancements=1), TABLE)


def test_skills_the_player_has_are_not_offered() -> None:
    blitzer = PlayerState(BLITZER, spp=10, advancements=0, gained_skills=("Sure Hands",))
    names = {s.name for s in skill_options(blitzer, CATALOG, "primary")}
    assert not {"Block", "Tackle", "Sure Hands"} & names  # owned: from the roster or gained
    assert "Dodge" not in names  # Agility is not a Blitzer's primary category
    assert {"Wrestle", "Guard"} <= names
    secondary = {s.category for s in skill_options(blitzer, CATALOG, "secondary")}
    assert secondary == set(BLITZER.secondary)
    with pytest.raises(RuleViolation, match="not one of the player's secondary"):
        skill_options(blitzer, CATALOG, "secondary", "M")


def test_random_primary_double_is_forced_and_owned_skills_are_rerolled() -> None:
    blitzer = PlayerState(BLITZER, spp=3, advancements=0)
    # First roll 1-1 is Block (owned: rolled again) then 2-6 Pro; second roll 2-6 Pro again: forced.
    result = random_primary(blitzer, "G", CATALOG, ScriptedDice([1, 1, 2, 6, 2, 6]))
    assert result.options == ("Pro", "Pro") and result.forced
    assert [r.total for r in result.rolls] == [1, 1, 2, 6, 2, 6]
    choice = random_primary(blitzer, "G", CATALOG, ScriptedDice([4, 5, 5, 6]))
    assert choice.options == ("Taunt", "Wrestle") and not choice.forced
    with pytest.raises(RuleViolation, match="primary categories"):
        random_primary(blitzer, "A", CATALOG, ScriptedDice([]))


def test_rulebook_random_skill_example() -> None:
    # A Halfling Hopeful taking a random Agility skill: 4 then 2 is Leap.
    hopeful = next(p for p in CATALOG.teams["halfling"].positions if p.name == "Halfling Hopeful")
    name, _ = roll_random_skill(
        PlayerState(hopeful, spp=3, advancements=0), "A", CATALOG, ScriptedDice([4, 2])
    )
    assert name == "Leap"


def test_characteristic_roll_offers_only_what_the_limits_allow() -> None:
    state = PlayerState(LINEMAN, spp=14, advancements=0)
    assert characteristic_roll(state, CATALOG, ScriptedDice([7])).allowed == ("ag", "st")
    twice_av = PlayerState(LINEMAN, spp=14, advancements=2, changes={"av": 2}, improvements={"av": 2})
    assert (
        characteristic_roll(twice_av, CATALOG, ScriptedDice([1])).allowed == ()
    )  # AV already improved twice
    assert characteristic_roll(twice_av, CATALOG, ScriptedDice([2])).allowed == ("pa",)


def test_characteristic_maximums() -> None:
    fast = PlayerState(LINEMAN, spp=0, advancements=0, changes={"ma": 3}, improvements={"ma": 1})
    assert not improvable(fast, "ma", CATALOG)  # 6 + 3 = 9 is the maximum
    nimble = PlayerState(LINEMAN, spp=0, advancements=0, changes={"ag": -2})
    assert not improvable(nimble, "ag", CATALOG)  # AG 1+ cannot get better
    assert improvable(PlayerState(LINEMAN, spp=0, advancements=0), "st", CATALOG)


def test_value_increases() -> None:
    block, sure_hands = CATALOG.skills["Block"], CATALOG.skills["Sure Hands"]
    assert value_increase("chosen_primary", CATALOG, skill=sure_hands) == 20_000
    assert value_increase("chosen_primary", CATALOG, skill=block) == 30_000  # Elite: +10,000 more
    assert value_increase("chosen_secondary", CATALOG, skill=sure_hands) == 40_000
    assert value_increase("characteristic", CATALOG, characteristic="st") == 60_000
    assert value_increase("characteristic", CATALOG, characteristic="av") == 10_000


@given(spp=st.integers(0, 60), taken=st.integers(0, 6))
def test_spending_never_takes_spp_below_zero(spp: int, taken: int) -> None:
    state = PlayerState(LINEMAN, spp=spp, advancements=taken)
    for kind in affordable(state, TABLE):
        assert spp - cost(kind, state, TABLE) >= 0
    if taken < 6 and spp >= cost("characteristic", state, TABLE):
        assert must_advance(state, TABLE) and affordable(state, TABLE)  # forced, and always possible


def test_no_skill_advancements_without_categories() -> None:
    fox = next(p for p in CATALOG.teams["gnome"].positions if p.name == "Woodland Fox")
    assert fox.primary == ()
    assert affordable(PlayerState(fox, spp=20, advancements=0), TABLE) == [
        "chosen_secondary",
        "characteristic",
    ]


BERSERKER = CATALOG.positions["norse_berserker"][1]  # Block, Frenzy, Jump Up; primary G and S


def test_a_random_skill_the_player_cannot_use_is_rolled_again() -> None:
    """Seed 001: "Should a player randomly roll a Skill they already have, or one they cannot use, simply
    roll again to determine a new Skill for that player." """
    state = PlayerState(BERSERKER, spp=10, advancements=0)
    # Strength table: 1-3/5 Grab and 4-6/3 Multiple Block (not with Frenzy), 1-3/4 Bullseye and 4-6/5
    # Strong Arm (only with Throw Team-mate); then 1-3/1 Arm Bar.
    dice = ScriptedDice([1, 5, 4, 3, 1, 4, 4, 5, 1, 1])
    name, rolls = roll_random_skill(state, "S", CATALOG, dice)
    assert name == "Arm Bar" and len(rolls) == 10 and dice.remaining == 0


def test_a_chosen_skill_the_player_cannot_use_is_not_offered() -> None:
    """Seed 001: "Players may not select a Skill that they already have or one they are unable to use due
    to their other Skills." """
    berserker = {s.name for s in skill_options(PlayerState(BERSERKER, 99, 0), CATALOG, "primary")}
    assert {"Grab", "Multiple Block", "Bullseye", "Strong Arm", "Frenzy"}.isdisjoint(berserker)
    assert {"Arm Bar", "Guard", "Tackle"} <= berserker
    grabber = PlayerState(LINEMAN, 99, 1, gained_skills=("Grab",))
    assert "Frenzy" not in {s.name for s in skill_options(grabber, CATALOG, "primary")}
    assert unusable_because("Frenzy", grabber.skills, CATALOG) == "a player with Grab cannot have it"
    assert unusable_because("Strong Arm", set(), CATALOG) == "only a player with Throw Team-mate can have it"
    assert unusable_because("Strong Arm", {"Throw Team-mate"}, CATALOG) is None
    assert unusable_because("Leap", {"Pogo"}, CATALOG) is not None  # both ways round
    assert unusable_because("Pogo", {"Leap"}, CATALOG) is not None


def test_the_exclusions_are_those_the_skill_descriptions_name() -> None:
    """The BB2025 skill descriptions: Frenzy "cannot have the Grab, Hit & Run or Multiple Block Skills";
    Leap "cannot also have the Pogo Trait"; Ball & Chain cannot have ten skills; Bullseye and Strong Arm
    need Throw Team-mate, Lethal Flight needs Right Stuff, Saboteur needs Secret Weapon."""
    assert CATALOG.skill_exclusions["Frenzy"] == {"Grab", "Hit and Run", "Multiple Block", "Ball & Chain"}
    assert len(CATALOG.skill_exclusions["Ball & Chain"]) == 10
    assert CATALOG.skill_requirements == {
        "Bullseye": "Throw Team-mate",
        "Strong Arm": "Throw Team-mate",
        "Lethal Flight": "Right Stuff",
        "Saboteur": "Secret Weapon",
    }


def test_the_price_of_an_advancement_the_player_can_pay() -> None:
    assert (
        check_affordable("chosen_primary", PlayerState(LINEMAN, spp=6, advancements=0), TABLE, "#3 Hans") == 6
    )
    with pytest.raises(RuleViolation) as refused:
        check_affordable("chosen_secondary", PlayerState(LINEMAN, spp=6, advancements=0), TABLE, "#3 Hans")
    assert str(refused.value) == "A chosen secondary skill costs 10 SPP now; #3 Hans has 6."


def test_no_advancement_after_the_last() -> None:
    with pytest.raises(RuleViolation, match=r"^#3 Hans already has 6 advancements\.$"):
        check_affordable("random_primary", PlayerState(LINEMAN, spp=99, advancements=6), TABLE, "#3 Hans")


def test_players_advance_in_the_post_game_of_a_team_that_plays() -> None:
    check_may_advance("Reavers", "approved", in_postgame=True)
    with pytest.raises(RuleViolation, match=r"^Reavers is draft: players advance once the team plays\.$"):
        check_may_advance("Reavers", "draft", in_postgame=True)
    with pytest.raises(RuleViolation, match=r"^Players spend SPP in the post-game sequence: after a result"):
        check_may_advance("Reavers", "approved", in_postgame=False)
    with pytest.raises(RuleViolation, match="players advance once the team plays"):  # the team's status first
        check_may_advance("Reavers", "submitted", in_postgame=False)


def test_star_players_never_advance() -> None:
    """Seed 004: "Star Players themselves do not gain Star Player Points like normal players do. As such,
    they cannot gain new Skills or characteristic improvements"."""
    check_not_star("#3 Hans", star=False)
    with pytest.raises(
        RuleViolation, match=r"^#12 Morg 'n' Thorg is a star player: star players never advance"
    ):
        check_not_star("#12 Morg 'n' Thorg", star=True)


def test_an_events_players_advance_only_where_its_rulespack_says() -> None:
    check_event_advancement("Spring Cup", advancement=True)
    with pytest.raises(
        RuleViolation, match=r"^Spring Cup does not play with player advancement: its players"
    ):
        check_event_advancement("Spring Cup", advancement=False)


def test_a_chosen_skill_is_named_in_any_case() -> None:
    assert check_skill(PlayerState(LINEMAN, 99, 0), CATALOG, "primary", "  wrestle ") == "Wrestle"
    assert check_skill(PlayerState(LINEMAN, 99, 0), CATALOG, "secondary", "dodge") == "Dodge"


def test_a_skill_the_player_cannot_take_is_refused_with_why() -> None:
    """Seed 001: "Players may not select a Skill that they already have or one they are unable to use due
    to their other Skills." """
    grabber = PlayerState(LINEMAN, 99, 1, gained_skills=("Grab",))
    with pytest.raises(RuleViolation) as refused:
        check_skill(grabber, CATALOG, "primary", "frenzy")
    assert str(refused.value) == (
        "Frenzy is not for this player: a player with Grab cannot have it. Pick one the list offers."
    )
    with pytest.raises(RuleViolation, match=r"^Grab is not for this player: he already has it"):
        check_skill(grabber, CATALOG, "primary", "Grab")


def test_a_skill_outside_the_players_categories_is_refused() -> None:
    with pytest.raises(RuleViolation) as refused:
        check_skill(PlayerState(LINEMAN, 99, 0), CATALOG, "primary", "Dodge")
    assert (
        str(refused.value)
        == "Dodge is not a primary skill this player can take (G categories, not one he has)."
    )
    with pytest.raises(RuleViolation, match=r"^Juggling is not a secondary skill this player can take \(ADS"):
        check_skill(PlayerState(LINEMAN, 99, 0), CATALOG, "secondary", "Juggling")
