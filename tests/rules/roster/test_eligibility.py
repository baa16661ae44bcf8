"""Who may hire whom (rules/roster/eligibility.py): star players and restricted inducements by the league and
alignment a team chose when it was drafted."""

from __future__ import annotations

from bot.catalog.models import Star
from bot.errors import RuleViolation
from bot.rules.roster.eligibility import (
    choose_league_and_alignment,
    may_buy,
    plays_for,
    roster_can_hire,
    rosters_for_star,
)
from tests.conftest import CATALOG

GOBLIN, CHOSEN, HUMAN = CATALOG.teams["goblin"], CATALOG.teams["chaos_chosen"], CATALOG.teams["human"]


def _star(name: str) -> Star:
    star = CATALOG.star(name)
    assert star is not None
    return star


def test_a_team_with_several_leagues_plays_in_the_one_it_chose() -> None:
    # Goblins play in Badlands Brawl or Underworld Challenge: a star of one league only plays for a Goblin
    # team that chose that league.
    glart, hthark = _star("Glart Smashrip"), _star("H'thark the Unstoppable")
    assert plays_for(glart, GOBLIN, "Underworld Challenge", None)
    assert not plays_for(glart, GOBLIN, "Badlands Brawl", None)
    assert plays_for(hthark, GOBLIN, "Badlands Brawl", None)
    assert not plays_for(hthark, GOBLIN, "Underworld Challenge", None)
    assert roster_can_hire(glart, GOBLIN) and roster_can_hire(hthark, GOBLIN)


def test_a_favoured_of_star_needs_that_alignment() -> None:
    bilerot = _star("Bilerot Vomitflesh")  # plays for teams Favoured of Nurgle
    assert plays_for(bilerot, CHOSEN, "Chaos Clash", "Nurgle")
    assert not plays_for(bilerot, CHOSEN, "Chaos Clash", "Khorne")
    assert not plays_for(bilerot, CHOSEN, "Chaos Clash", None)
    assert roster_can_hire(bilerot, CHOSEN)  # some Chaos Chosen team may choose Nurgle
    assert not roster_can_hire(bilerot, HUMAN)


def test_a_star_for_any_team_except_a_league() -> None:
    morg = _star("Morg 'n' Thorg")  # any team, except Sylvanian Spotlight
    assert plays_for(morg, HUMAN, "Old World Classic", None)
    vampires = CATALOG.teams["vampire"]
    assert not plays_for(morg, vampires, "Sylvanian Spotlight", None)
    assert not roster_can_hire(morg, vampires)
    hirers = rosters_for_star(CATALOG, morg)
    assert HUMAN in hirers and vampires not in hirers
    assert all(roster_can_hire(morg, team) for team in hirers)


def test_restricted_inducements() -> None:
    plague_doctor = CATALOG.inducements["plague_doctor"].only_for  # Favoured of Nurgle
    assert may_buy(plague_doctor, CHOSEN, "Chaos Clash", "Nurgle")
    assert not may_buy(plague_doctor, CHOSEN, "Chaos Clash", "Tzeentch")
    assert may_buy(plague_doctor, CATALOG.teams["nurgle"], "Chaos Clash", "Nurgle")
    rookies = CATALOG.inducements["riotous_rookies"].only_for  # Low Cost Linemen
    assert may_buy(rookies, CATALOG.teams["snotling"], "Underworld Challenge", None)
    assert not may_buy(rookies, HUMAN, "Old World Classic", None)
    apothecary = CATALOG.inducements["wandering_apothecary"].only_for  # by team name
    assert may_buy(apothecary, HUMAN, "Old World Classic", None)
    assert not may_buy(apothecary, CATALOG.teams["nurgle"], "Chaos Clash", "Nurgle")
    assert may_buy(CATALOG.inducements["bribe"].only_for, HUMAN, "Old World Classic", None)  # anyone


def test_a_new_team_chooses_its_league_and_alignment_only_where_its_roster_offers_a_choice() -> None:
    assert choose_league_and_alignment(HUMAN, None, None) == ("Old World Classic", None)
    assert choose_league_and_alignment(GOBLIN, "underworld challenge", None) == ("Underworld Challenge", None)
    assert choose_league_and_alignment(CHOSEN, None, "Favoured of Khorne") == ("Chaos Clash", "Khorne")
    for roster, league, alignment, refusal in (
        (GOBLIN, None, None, "choose one league: Badlands Brawl or Underworld Challenge"),
        (
            GOBLIN,
            "Lustrian Superleague",
            None,
            "play in Badlands Brawl or Underworld Challenge, not Lustrian",
        ),
        (HUMAN, None, "Khorne", "have no Favoured of... choice"),
        (CHOSEN, None, None, "choose an alignment: Hashut, Khorne"),
        (CHOSEN, None, "Grimnir", "may be Favoured of Hashut, Khorne, Nurgle, Slaanesh, Tzeentch, Undivided"),
    ):
        try:
            choose_league_and_alignment(roster, league, alignment)
        except RuleViolation as error:
            assert refusal in str(error)
        else:
            raise AssertionError(f"{roster.name} {league} {alignment} was not refused")
