"""Inducements and petty cash: the seed's example, prices, limits, whose turn, what a purchase buys."""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.errors import Conflict, NotFound, RuleViolation
from bot.rules.match.inducements import (
    MERCENARY_ID,
    STAR_LIMIT_ID,
    Budget,
    Buyer,
    Order,
    budgets,
    check_allowed,
    check_pregame_inducements,
    check_turn,
    find_star,
    item_kind,
    limit,
    opening,
    order,
    pay,
    price,
    whose_turn,
)
from tests.conftest import CATALOG

TOP_UP = CATALOG.underdog_treasury_max


def test_seed_example() -> None:
    # Jay 1,240,000 v Dan 1,160,000: Jay spends 50,000 from his treasury first (a Blitzer's Best Keg).
    jay = budgets(1_240_000, 1_160_000, treasury=200_000, favourite_spent=0, top_up_max=TOP_UP)
    assert jay == Budget(petty_cash=0, treasury=200_000)
    dan = budgets(1_160_000, 1_240_000, treasury=300_000, favourite_spent=50_000, top_up_max=TOP_UP)
    assert dan.petty_cash == 80_000 + 50_000
    # Dan adds 10,000 from his treasury: 140,000 to spend in all.
    assert pay(140_000, dan, petty_spent=0, treasury_spent=0).from_treasury == 10_000
    with pytest.raises(RuleViolation):
        pay(130_000 + TOP_UP + 5_000, dan, petty_spent=0, treasury_spent=0)  # never more than 50,000 added


def test_equal_ctvs_spend_nothing() -> None:
    assert budgets(1_000_000, 1_000_000, treasury=500_000, favourite_spent=0, top_up_max=TOP_UP) == Budget(
        0, 0
    )


@given(
    ctv_a=st.integers(0, 3_000_000),
    ctv_b=st.integers(0, 3_000_000),
    treasury=st.integers(0, 2_000_000),
    spent=st.integers(0, 1_000_000),
)
def test_petty_cash_is_never_negative_and_never_more_than_the_rules(
    ctv_a: int, ctv_b: int, treasury: int, spent: int
) -> None:
    budget = budgets(ctv_a, ctv_b, treasury=treasury, favourite_spent=spent, top_up_max=TOP_UP)
    assert budget.petty_cash >= 0 and budget.treasury >= 0
    if ctv_a >= ctv_b:
        assert budget.petty_cash == 0
    else:
        assert budget.petty_cash == ctv_b - ctv_a + spent and budget.treasury <= min(TOP_UP, treasury)


def test_bribes_for_bribery_and_corruption() -> None:
    bribe = CATALOG.inducements["bribe"]
    goblins, humans = CATALOG.teams["goblin"], CATALOG.teams["human"]
    assert price(bribe, goblins, goblins.special_rules) == 50_000 and limit(bribe, goblins.special_rules) == 6
    assert price(bribe, humans, humans.special_rules) == 100_000 and limit(bribe, humans.special_rules) == 3


def test_restricted_inducements() -> None:
    with pytest.raises(RuleViolation, match="Masters of Undeath"):
        check_allowed(
            CATALOG.inducements["mortuary_assistant"], CATALOG.teams["human"], "Old World Classic", None
        )
    with pytest.raises(RuleViolation, match="Apothecary"):
        check_allowed(
            CATALOG.inducements["wandering_apothecary"], CATALOG.teams["nurgle"], "Chaos Clash", "Nurgle"
        )


# --- whose turn -------------------------------------------------------------------------------------------


def test_the_favourite_buys_first_then_the_underdog() -> None:
    # Seed 001: "First, the team with the higher CTV gets the opportunity to spend any gold pieces from their
    # Treasury to purchase any Inducements." / "After this has been resolved, the team with the lower CTV
    # gets an amount of Petty Cash ..."
    assert whose_turn("favourite", "home") == "home"
    assert whose_turn("underdog", "home") == "away"
    assert whose_turn("underdog", "away") == "home"
    assert whose_turn("closed", "home") is None
    check_turn("favourite", "away", "away")
    check_turn("underdog", "away", "home")
    with pytest.raises(RuleViolation, match="higher CTV buys first"):
        check_turn("favourite", "away", "home")
    with pytest.raises(Conflict, match="closed"):
        check_turn("closed", "away", "away")


def test_the_higher_ctv_opens_the_inducements() -> None:
    # Seed 001's worked example: "The CTV of Jay's team is 1,240,000 whilst the CTV of Dan's team is
    # 1,160,000. As Jay has the higher CTV, he gets to spend gold pieces from his Treasury first".
    assert opening(1_240_000, 1_160_000, None) == ("home", "favourite")
    assert opening(1_160_000, 1_240_000, None) == ("away", "favourite")
    # equal CTVs: nobody buys, unless the ruleset names who starts (classic: the home team)
    assert opening(1_000_000, 1_000_000, None) == (None, "closed")
    assert opening(1_000_000, 1_000_000, "home") == ("home", "favourite")
    # seed 000: "the team with the lowest CTV gaining a number of gold pieces equal to the difference": in an
    # event the favourite spends nothing, so the underdog's turn comes at once
    assert opening(1_240_000, 1_160_000, None, favourite_buys=False) == ("home", "underdog")
    assert opening(1_000_000, 1_000_000, None, favourite_buys=False) == (None, "closed")


def test_even_teams_buy_nothing() -> None:
    # Seed 001: "If both teams have the same CTV, neither team can spend gold from their Treasury - the teams
    # are even!"
    assert whose_turn("favourite", None) is None
    with pytest.raises(RuleViolation, match="even"):
        check_turn("favourite", None, "home")


# --- what a purchase buys ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Had:
    inducement: str
    star: str | None = None
    count: int = 1


HUMAN = CATALOG.teams["human"]


def _humans(bought: tuple[Had, ...] = (), able: int = 11, blitzers: int = 0) -> Buyer:
    players = [("human_blitzer", False)] * blitzers + [("human_lineman", False)] * (able - blitzers)
    return Buyer("Reavers", HUMAN, "Old World Classic", None, bought, players)


def test_item_kinds() -> None:
    assert item_kind(CATALOG, "mercenary:human_blitzer") == "mercenary"
    assert item_kind(CATALOG, "star:Griff Oberwald") == "star"
    assert item_kind(CATALOG, "Griff Oberwald") == "star"  # not an inducement's name: a star's
    assert item_kind(CATALOG, "bribe") == "inducement"
    assert item_kind(CATALOG, "Blitzer's Best Keg") == "inducement"


def test_an_inducement_within_its_limit() -> None:
    # Seed 001: "The list of Inducements, how many of each Inducement can be purchased, and which teams can
    # purchase them, can be found on page 142." (Bribes: 0-3 at 100,000 for Human teams.)
    assert order(CATALOG, _humans(), "bribe", 2) == Order("bribe", "Bribe", 2, 200_000)
    assert order(CATALOG, _humans((Had("bribe", count=2),)), "bribe", 1).cost == 100_000
    with pytest.raises(RuleViolation, match="Bribe is 0-3; Reavers has 2"):
        order(CATALOG, _humans((Had("bribe", count=2),)), "bribe", 2)
    with pytest.raises(RuleViolation, match="Masters of Undeath"):
        order(CATALOG, _humans(), "mortuary_assistant", 1)
    with pytest.raises(RuleViolation, match="pick the player"):
        order(CATALOG, _humans(), STAR_LIMIT_ID, 1)
    with pytest.raises(RuleViolation, match="pick the player"):
        order(CATALOG, _humans(), MERCENARY_ID, 1)


def test_goblins_bribe_cheaper_and_more() -> None:
    goblins = Buyer("Gobbos", CATALOG.teams["goblin"], "Badlands Brawl", None, (Had("bribe", count=5),))
    assert order(CATALOG, goblins, "bribe", 1) == Order("bribe", "Bribe", 1, 50_000)
    with pytest.raises(RuleViolation, match="0-6"):
        order(CATALOG, goblins, "bribe", 2)


def test_a_star_player() -> None:
    griff = order(CATALOG, _humans(), "star:Griff Oberwald", 1)
    assert griff == Order(STAR_LIMIT_ID, "Griff Oberwald", 1, 300_000) and griff.player == "Griff Oberwald"
    with pytest.raises(RuleViolation, match="does not play for Reavers"):
        order(CATALOG, _humans(), "star:Bilerot Vomitflesh", 1)
    with pytest.raises(NotFound, match="No star player called"):
        order(CATALOG, _humans(), "star:Nobody Special", 1)
    with pytest.raises(Conflict, match="already has Griff Oberwald"):
        order(CATALOG, _humans((Had(STAR_LIMIT_ID, "Griff Oberwald"),)), "star:Griff Oberwald", 1)


def test_a_pair_is_hired_together_and_counts_as_two_stars() -> None:
    # data/bb2025: a pair is hired together at the pair's price; each member is one of the 0-2 star players.
    grak = order(CATALOG, _humans(), "star:Grak and Crumbleberry", 1)
    assert grak == Order(STAR_LIMIT_ID, "Grak and Crumbleberry", 2, 250_000)
    assert order(CATALOG, _humans(), "Crumbleberry", 1) == grak  # either member names the pair
    with pytest.raises(RuleViolation, match="At most 2 star players; Reavers has 1"):
        order(CATALOG, _humans((Had(STAR_LIMIT_ID, "Griff Oberwald"),)), "Grak and Crumbleberry", 1)


def test_a_star_under_contract_cannot_be_induced() -> None:
    # Seed 004, Long Term Contracts: "Once a Star Player has been selected, they may not be chosen by another
    # team – they have already committed themselves to a team for the entirety of the season."
    with pytest.raises(RuleViolation, match="Grak and Crumbleberry is under contract"):
        order(CATALOG, _humans(), "star:Grak", 1, signed={"Crumbleberry"})
    assert order(CATALOG, _humans(), "star:Griff Oberwald", 1, signed={"Grak"}).cost == 300_000


def test_stars_never_take_the_team_past_16_able_players() -> None:
    order(CATALOG, _humans(able=15), "star:Griff Oberwald", 1)
    with pytest.raises(RuleViolation, match="past 16 players"):
        order(CATALOG, _humans(able=15), "star:Grak and Crumbleberry", 1)
    with pytest.raises(RuleViolation, match="past 16 players"):
        order(CATALOG, _humans(able=16), "star:Griff Oberwald", 1)


def test_mercenaries() -> None:
    # data/bb2025: "A player from your own roster hired for one game at its cost +30,000"; 0-3; "Counts toward
    # that position's max (players missing the game don't count)".
    two = order(CATALOG, _humans(), "mercenary:human_blitzer", 2)
    assert two == Order(MERCENARY_ID, "Human Blitzer", 2, (85_000 + 30_000) * 2)
    assert two.player == "Human Blitzer"
    with pytest.raises(RuleViolation, match="0-2 Human Blitzer, mercenaries included"):
        order(CATALOG, _humans(blitzers=1), "mercenary:human_blitzer", 2)
    with pytest.raises(RuleViolation, match="0-2 Human Blitzer"):
        order(CATALOG, _humans((Had(MERCENARY_ID, "Human Blitzer", 2),)), "mercenary:human_blitzer", 1)
    with pytest.raises(RuleViolation, match="At most 3 mercenaries; Reavers has 2"):
        order(CATALOG, _humans((Had(MERCENARY_ID, "Human Blitzer", 2),)), "mercenary:human_lineman", 2)
    with pytest.raises(NotFound, match="no such player type"):
        order(CATALOG, _humans(), "mercenary:orc_blitzer", 1)


def test_a_journeyman_does_not_fill_a_position_for_mercenaries() -> None:
    able = [("human_blitzer", True)] * 2 + [("human_lineman", False)] * 9
    buyer = Buyer("Reavers", HUMAN, "Old World Classic", None, (), able)
    assert order(CATALOG, buyer, "mercenary:human_blitzer", 2).units == 2


def test_mercenaries_and_stars_share_the_16_able_players() -> None:
    bought = (Had(STAR_LIMIT_ID, "Griff Oberwald"),)
    order(CATALOG, _humans(bought, able=14), "mercenary:human_lineman", 1)
    with pytest.raises(RuleViolation, match="Mercenaries cannot take the team past 16"):
        order(CATALOG, _humans(bought, able=14), "mercenary:human_lineman", 2)


def test_find_star_by_name_or_pair() -> None:
    assert find_star(CATALOG, "star:griff oberwald").name == "Griff Oberwald"
    assert find_star(CATALOG, "The Swift Twins").name == "Lucien Swift"
    with pytest.raises(NotFound):
        find_star(CATALOG, "star:" + "x" * 80)


@given(count=st.integers(1, 10), owned=st.integers(0, 10))
def test_an_inducement_never_exceeds_its_limit(count: int, owned: int) -> None:
    buyer = _humans((Had("team_mascot", count=owned),))
    most = limit(CATALOG.inducements["team_mascot"], HUMAN.special_rules)
    if owned + count > most:
        with pytest.raises(RuleViolation):
            order(CATALOG, buyer, "team_mascot", count)
    else:
        bought = order(CATALOG, buyer, "team_mascot", count)
        assert bought.units == count and bought.cost == count * price(
            CATALOG.inducements["team_mascot"], HUMAN, HUMAN.special_rules
        )


def test_a_tournament_buys_before_a_game_only_with_petty_cash() -> None:
    # seed 000, building a tournament roster: "how many gold pieces a team has to spend; ... Star Players;
    # Inducements"
    check_pregame_inducements(tournament=False, petty_cash=False)
    check_pregame_inducements(tournament=True, petty_cash=True)
    refusal = r"^A tournament's inducements are part of each roster \(seed 000\); petty cash before a game"
    with pytest.raises(RuleViolation, match=refusal):
        check_pregame_inducements(tournament=True, petty_cash=False)
