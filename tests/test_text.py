"""Plain-text helpers: gold pieces and English plurals of every position name of the rosters."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.text import fit_pair, gp, plural, plural_noun
from bot.ui.autocomplete import fixture_choice

ROSTERS = json.loads((Path(__file__).parent.parent / "data" / "bb2025" / "teams.json").read_text())
POSITION_NAMES = sorted({p["name"] for team in ROSTERS["teams"] for p in team["positions"]})

# The plural of each last word a position name ends with (data/bb2025/teams.json), written out by hand.
LAST_WORD_PLURALS = {
    "'Ooligan": "'Ooligans",
    "Assassin": "Assassins",
    "Beastmaster": "Beastmasters",
    "Berserker": "Berserkers",
    "Blitzer": "Blitzers",
    "Bloater": "Bloaters",
    "Blocker": "Blockers",
    "Bloodseeker": "Bloodseekers",
    "Bloodspawn": "Bloodspawns",
    "Boar": "Boars",
    "Bodyguard": "Bodyguards",
    "Bomma": "Bommas",
    "Bruiser": "Bruisers",
    "Catcher": "Catchers",
    "Centaur": "Centaurs",
    "Chosen": "Chosen",
    "Clanrat": "Clanrats",
    "Deathroller": "Deathrollers",
    "Diver": "Divers",
    "Elf": "Elves",
    "Fanatic": "Fanatics",
    "Flamesmith": "Flamesmiths",
    "Flinga": "Flingas",
    "Fox": "Foxes",
    "Fun-hoppa": "Fun-hoppas",
    "Goblin": "Goblins",
    "Golem": "Golems",
    "Guardian": "Guardians",
    "Hefty": "Hefties",
    "Hopeful": "Hopefuls",
    "Human": "Humans",
    "Illusionist": "Illusionists",
    "Khorngor": "Khorngors",
    "Knight": "Knights",
    "Kroxigor": "Kroxigors",
    "Lineman": "Linemen",
    "Lion": "Lions",
    "Looney": "Looneys",
    "Marauder": "Marauders",
    "Minotaur": "Minotaurs",
    "Mummy": "Mummies",
    "Ogre": "Ogres",
    "Orc": "Orcs",
    "Pestigor": "Pestigors",
    "Pogoer": "Pogoers",
    "Prince": "Princes",
    "Punter": "Punters",
    "Raider": "Raiders",
    "Retainer": "Retainers",
    "Rotspawn": "Rotspawns",
    "Rotter": "Rotters",
    "Runna": "Runnas",
    "Runner": "Runners",
    "Skaven": "Skaven",
    "Skink": "Skinks",
    "Slayer": "Slayers",
    "Squire": "Squires",
    "Stabba": "Stabbas",
    "Thrower": "Throwers",
    "Treeman": "Treemen",
    "Troll": "Trolls",
    "Ulfwerener": "Ulfwereners",
    "Valkyrie": "Valkyries",
    "Vargheist": "Vargheists",
    "Wagon": "Wagons",
    "Wardancer": "Wardancers",
    "Warrior": "Warriors",
    "Werewolf": "Werewolves",
    "Wraith": "Wraiths",
    "Yhetee": "Yhetees",
}


@pytest.mark.parametrize("name", POSITION_NAMES)
def test_every_position_name_has_its_english_plural(name: str) -> None:
    head, _, last = name.rpartition(" ")
    assert last in LAST_WORD_PLURALS, f"a new position name ends with {last!r}: add its plural"
    expected = f"{head} {LAST_WORD_PLURALS[last]}".strip()
    assert plural_noun(name) == expected
    assert plural(1, name) == f"1 {name}"
    assert plural(11, name) == f"11 {expected}"


def test_hired_11_human_linemen() -> None:
    assert plural(11, "Human Lineman") == "11 Human Linemen"
    assert plural(2, "assistant coach") == "2 assistant coaches"
    assert plural(3, "player", "folk") == "3 folk"
    assert plural(0, "team") == "0 teams"
    assert gp(1_050_000) == "1,050,000 gp"


@given(st.text(max_size=80), st.text(max_size=80), st.integers(min_value=2, max_value=120))
def test_fit_pair_keeps_both_names_readable_within_the_room(first: str, second: str, room: int) -> None:
    a, b = fit_pair(first, second, room)
    if len(first) + len(second) <= room:
        assert (a, b) == (first, second)
        return
    assert len(a) + len(b) <= room
    for shown, original in ((a, first), (b, second)):
        assert shown == original or (shown.endswith("…") and original.startswith(shown[:-1]))
    # neither name is squeezed below its fair half while the other keeps more than its own
    assert len(a) >= min(len(first), room // 2 - 1) or len(b) >= len(second)


def test_a_fixture_label_of_two_60_character_teams_names_both() -> None:
    """Two long names used to overflow the 100-character label, and the opponent was lost."""
    home, away = "The Extraordinarily Long-Named Reikland Reavers Club, No. 01", "Orcland " + "R" * 52
    label = fixture_choice("#2016 R63 ", home, away, " (reported)", "f:2016").name
    assert len(label) <= 100
    assert label.startswith("#2016 R63 The Extraordinarily") and " v Orcland RRR" in label
    assert label.endswith("… (reported)")
