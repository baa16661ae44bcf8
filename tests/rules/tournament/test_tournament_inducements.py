"""Custom inducements (seed 000, Additional rules: Custom Inducements): the seed's four as data, the
organiser's own, and what the bot rolls before each game."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import ValidationError

from bot.rules.dice import ScriptedDice, SeededDice
from bot.rules.tournament.tournament_inducements import (
    EventInducement,
    as_inducement,
    before_game,
    seed_inducement,
    slug,
)
from bot.rules.tournament.tournament_rosters import check_roster, event_inducements, free_inducements
from bot.rules.tournament.tournament_settings import Rulespack
from tests.conftest import CATALOG
from tests.rules.tournament.test_tournament_rosters import BUDGET, wood_elves

PLAYERS = [f"#{n} Elf {n}" for n in range(1, 12)]
ALE = EventInducement(id="forge_ale", name="Forge Ale", cost=20_000, limit=2, text="+1 to one KO roll.")


def _seed(name: str) -> EventInducement:
    found = seed_inducement(CATALOG, name)
    assert found is not None
    return found


def test_the_seeds_four_with_their_costs_and_limits() -> None:
    """Seed 000: "0-1 DWARVEN SMITH 100,000 GOLD PIECES", "0-1 FESTIVE GIFTS 50,000 GOLD PIECES",
    "BOOBY TRAPPED END ZONE 100,000 GOLD PIECES", "FAMOUS MOOT BUFFET 50,000 PIECES"."""
    assert (_seed("Dwarven Smith").cost, _seed("Dwarven Smith").limit) == (100_000, 1)
    assert (_seed("festive gifts").cost, _seed("festive gifts").limit) == (50_000, 1)
    assert (_seed("Booby Trapped End Zone").cost, _seed("Booby Trapped End Zone").limit) == (100_000, None)
    assert (_seed("famous_moot_buffet").cost, _seed("famous_moot_buffet").limit) == (50_000, None)
    assert _seed("Dwarven Smith").line().startswith("0-1 Dwarven Smith, 100,000 gp: ")


def test_dwarven_smith_rolls_a_d6_and_a_d3() -> None:
    """Seed 000: "Before the game begins, a team that has hired a Dwarven Smith must roll a D6. On a 1-3,
    ... Choose D3 players on your team to improve their AV by 1 ... On a 4-6, ... Choose D3 players on your
    team to gain the Mighty Blow (+1) skill until the end of the game." """
    smith = as_inducement(CATALOG, _seed("Dwarven Smith"))
    armour = before_game(smith, "Elves", PLAYERS, ScriptedDice([3, 2]))
    assert armour is not None
    assert armour.line == (
        "Elves: Dwarven Smith (D6 3, D3 2): Armour Plating. Pick 2 of your players: +1 AV each (max 11+) "
        "for the game."
    )
    assert [(r.sides, r.face) for r in armour.rolls] == [(6, 3), (3, 2)]
    blow = before_game(smith, "Elves", PLAYERS, ScriptedDice([4, 3]))
    assert blow is not None and "Knuckle-dusters and Boots" in blow.line and "Pick 3" in blow.line


def test_festive_gifts_picks_a_random_player_then_rolls_a_d6() -> None:
    """Seed 000: "Before the game begins, randomly select one player on your team. ... Roll a D6 to determine
    the effect of the gift." "6 Lucky Trinket: The player gains the Pro skill until the end of the game." """
    gifts = as_inducement(CATALOG, _seed("Festive Gifts"))
    done = before_game(gifts, "Elves", PLAYERS, ScriptedDice([7, 6]))
    assert done is not None
    assert done.line.startswith("Elves: Festive Gifts: #7 Elf 7 (d11 7) opens Lucky Trinket (D6 6)")
    assert [(r.sides, r.face) for r in done.rolls] == [(11, 7), (6, 6)]
    socks = before_game(gifts, "Elves", PLAYERS[:1], ScriptedDice([1]))  # one player: no die to pick him
    assert socks is not None and "#1 Elf 1" in socks.line and "More Socks" in socks.line


def test_famous_moot_buffet_rolls_a_d6_for_the_whole_team() -> None:
    """Seed 000: "any team that has hired a Famous Moot Buffet must roll a D6 ... The effects last for the
    duration of the game." "4 Energy Bars: ... Players on your team may Rush one more time" """
    buffet = as_inducement(CATALOG, _seed("Famous Moot Buffet"))
    done = before_game(buffet, "Elves", PLAYERS, ScriptedDice([4]))
    assert done is not None and done.line.startswith("Elves: Famous Moot Buffet (D6 4): Energy Bars.")
    assert len(done.rolls) == 1


def test_the_booby_trap_and_the_organisers_own_roll_nothing_before_the_game() -> None:
    trap = as_inducement(CATALOG, _seed("Booby Trapped End Zone"))
    done = before_game(trap, "Elves", PLAYERS, ScriptedDice([]))
    assert done is not None and done.rolls == () and done.line.startswith("Elves: Booby Trapped End Zone")
    done = before_game(as_inducement(CATALOG, ALE), "Elves", PLAYERS, ScriptedDice([]))
    assert done is not None and done.line == "Elves: Forge Ale: +1 to one KO roll."


@given(st.integers(min_value=1, max_value=16), st.integers(min_value=0, max_value=10_000))
def test_every_roll_is_on_its_die(players: int, seed: int) -> None:
    team = [f"#{n} P" for n in range(1, players + 1)]
    for key in ("dwarven_smith", "festive_gifts", "famous_moot_buffet"):
        done = before_game(as_inducement(CATALOG, _seed(key)), "T", team, SeededDice(seed))
        assert done is not None and done.rolls
        assert all(1 <= r.face <= r.sides for r in done.rolls)
        assert any(name in done.line for name in team) or key != "festive_gifts"


def test_custom_inducements_are_bought_on_the_roster_or_free_for_every_team() -> None:
    """Seed 000: "Any custom Inducements should be clearly outlined in the rulespack and should be made
    available to all teams. The Event Organiser may also decide to allow each coach to add the custom
    Inducement to their Team Draft Roster for free" """
    free_gifts = _seed("Festive Gifts").model_copy(update={"free": True})
    customs = (ALE, free_gifts)
    allowed = event_inducements(CATALOG, customs)
    assert "forge_ale" in allowed and "festive_gifts" not in allowed  # a free one is not bought
    assert [i.name for i in free_inducements(CATALOG, customs)] == ["Festive Gifts"]
    base = check_roster(CATALOG, wood_elves(), BUDGET).gold_spent
    two = wood_elves(inducements=(("forge_ale", 2),))
    ale = check_roster(CATALOG, two, BUDGET, allowed_inducements=allowed)
    assert ale.legal and ale.gold_spent == base + 40_000
    three = wood_elves(inducements=(("forge_ale", 3),))
    assert check_roster(CATALOG, three, BUDGET, allowed_inducements=allowed).refusals == (
        "A team may have 1-2 Forge Ale.",
    )


def test_the_rulespack_lists_each_custom_inducement_once_and_validates_them() -> None:
    own = ALE.model_dump()
    assert Rulespack.model_validate({"inducements": [own]}).inducements[0].name == "Forge Ale"
    with pytest.raises(ValidationError, match="listed once"):
        Rulespack.model_validate({"inducements": [own, own]})
    with pytest.raises(ValidationError):
        Rulespack.model_validate({"inducements": [{**own, "cost": 12_345}]})  # whole 5,000s
    assert slug("  Forge Ale! ") == "forge_ale"
