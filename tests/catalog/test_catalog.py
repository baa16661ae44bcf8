"""The BB2025 catalogue: counts, cross-references, and values checked against the rulebook and the seeds.

Expected values here are typed from the sources (rulebook transcription, seed 001), not read from data/,
so a wrong number in data/ fails a test.
"""

from __future__ import annotations

import json
import shutil
from collections import Counter
from pathlib import Path

import pytest

from bot.catalog import Catalog, CatalogError, load_catalog
from bot.catalog.loader import DATA_DIR
from bot.catalog.models import dice_outcomes
from bot.rules.roster.eligibility import plays_for, rosters_for_star

CATALOG = load_catalog()


def test_counts() -> None:
    assert len(CATALOG.teams) == 30
    assert len(CATALOG.stars) == 65  # 62 star pages; the three pairs add a second member each
    assert len(CATALOG.pairs) == 3
    assert len(CATALOG.skills) == 108
    assert Counter(s.category for s in CATALOG.skills.values()) == {
        "A": 12,
        "D": 12,
        "G": 12,
        "M": 12,
        "P": 12,
        "S": 12,
        "T": 36,
    }
    assert len(CATALOG.inducements) == 18
    assert len(CATALOG.leagues) == 10


def test_human_lineman() -> None:
    human = CATALOG.team("Human")
    assert human is not None and human.reroll_cost == 50000 and human.apothecary
    lineman = next(p for p in human.positions if p.name == "Human Lineman")
    assert (lineman.max, lineman.cost) == (16, 50000)
    assert (lineman.ma, lineman.st, lineman.ag, lineman.pa, lineman.av) == (6, 3, 3, 4, 9)
    assert lineman.primary == ("G",) and lineman.secondary == ("A", "D", "S")
    assert lineman.profile_text == "MA 6 · ST 3 · AG 3+ · PA 4+ · AV 9+"


def test_skaven_gutter_runner() -> None:
    skaven = CATALOG.team("skaven")
    assert skaven is not None
    runner = next(p for p in skaven.positions if p.name == "Gutter Runner")
    assert (runner.max, runner.cost) == (2, 85000)
    assert set(runner.skills) == {"Dodge", "Stab"}


def test_morg_n_thorg() -> None:
    morg = CATALOG.star("morg n thorg")
    assert morg is not None and morg.name == "Morg 'n' Thorg"
    assert morg.cost == 340000 and morg.mega_star
    assert morg.plays_for.any_team and morg.plays_for.except_leagues == ("Sylvanian Spotlight",)
    vampires = CATALOG.team("Vampire")
    humans = CATALOG.team("Human")
    assert vampires is not None and humans is not None
    assert not plays_for(morg, vampires, "Sylvanian Spotlight", None)
    assert plays_for(morg, humans, "Old World Classic", None)


def test_elite_skills() -> None:
    assert {s.name for s in CATALOG.skills.values() if s.elite} == {"Block", "Dodge", "Guard", "Mighty Blow"}


# The Skill Table of the BB2025 rulebook: first D6 1-3 / 4-6, second D6 1..6.
RULEBOOK_SKILL_TABLE = {
    "A": (
        "Catch",
        "Diving Catch",
        "Diving Tackle",
        "Dodge",
        "Defensive",
        "Hit and Run",
        "Jump Up",
        "Leap",
        "Safe Pair of Hands",
        "Sidestep",
        "Sprint",
        "Sure Feet",
    ),
    "D": (
        "Dirty Player",
        "Eye Gouge",
        "Fumblerooski",
        "Lethal Flight",
        "Lone Fouler",
        "Pile Driver",
        "Put the Boot In",
        "Quick Foul",
        "Saboteur",
        "Shadowing",
        "Sneaky Git",
        "Violent Innovator",
    ),
    "G": (
        "Block",
        "Dauntless",
        "Fend",
        "Frenzy",
        "Kick",
        "Pro",
        "Steady Footing",
        "Strip Ball",
        "Sure Hands",
        "Tackle",
        "Taunt",
        "Wrestle",
    ),
    "M": (
        "Big Hand",
        "Claws",
        "Disturbing Presence",
        "Extra Arms",
        "Foul Appearance",
        "Horns",
        "Iron Hard Skin",
        "Monstrous Mouth",
        "Prehensile Tail",
        "Tentacles",
        "Two Heads",
        "Very Long Legs",
    ),
    "P": (
        "Accurate",
        "Cannoneer",
        "Cloud Burster",
        "Dump-off",
        "Give and Go",
        "Hail Mary Pass",
        "Leader",
        "Nerves of Steel",
        "On the Ball",
        "Pass",
        "Punt",
        "Safe Pass",
    ),
    "S": (
        "Arm Bar",
        "Brawler",
        "Break Tackle",
        "Bullseye",
        "Grab",
        "Guard",
        "Juggernaut",
        "Mighty Blow",
        "Multiple Block",
        "Stand Firm",
        "Strong Arm",
        "Thick Skull",
    ),
}


@pytest.mark.parametrize("category", sorted(RULEBOOK_SKILL_TABLE))
def test_random_skill_tables(category: str) -> None:
    table = CATALOG.random_skill_tables[category]  # type: ignore[index]
    expected = RULEBOOK_SKILL_TABLE[category]
    for first in range(1, 7):
        for second in range(1, 7):
            index = (0 if first <= 3 else 6) + second - 1
            assert table.pick(first, second) == expected[index], (category, first, second)


def test_rulebook_random_skill_example() -> None:
    # Halfling Hopeful, Agility: rolls 4 then 2 -> Leap; rolls 3 then 5 -> Defensive.
    agility = CATALOG.random_skill_tables["A"]
    assert (agility.pick(4, 2), agility.pick(3, 5)) == ("Leap", "Defensive")


# Seed 001, Expensive Mistake Table: D6 rows, treasury band columns.
SEED_EXPENSIVE_MISTAKES = {
    100000: [
        "Minor Incident",
        "Crisis Averted",
        "Crisis Averted",
        "Crisis Averted",
        "Crisis Averted",
        "Crisis Averted",
    ],
    200000: [
        "Minor Incident",
        "Minor Incident",
        "Crisis Averted",
        "Crisis Averted",
        "Crisis Averted",
        "Crisis Averted",
    ],
    300000: [
        "Major Incident",
        "Minor Incident",
        "Minor Incident",
        "Crisis Averted",
        "Crisis Averted",
        "Crisis Averted",
    ],
    400000: [
        "Major Incident",
        "Major Incident",
        "Minor Incident",
        "Crisis Averted",
        "Crisis Averted",
        "Crisis Averted",
    ],
    500000: [
        "Catastrophe",
        "Major Incident",
        "Minor Incident",
        "Minor Incident",
        "Crisis Averted",
        "Crisis Averted",
    ],
    600000: [
        "Catastrophe",
        "Major Incident",
        "Major Incident",
        "Minor Incident",
        "Crisis Averted",
        "Minor Incident",
    ],
}


@pytest.mark.parametrize("band_start", sorted(SEED_EXPENSIVE_MISTAKES))
@pytest.mark.parametrize("roll", range(1, 7))
def test_every_expensive_mistakes_cell(band_start: int, roll: int) -> None:
    table = CATALOG.expensive_mistakes
    expected = SEED_EXPENSIVE_MISTAKES[band_start][roll - 1]
    for treasury in (band_start, band_start + 95000 if band_start < 600000 else 5_000_000):
        outcome = table.outcome(treasury, roll)
        assert outcome is not None and outcome.name == expected, (treasury, roll)


def test_no_expensive_mistake_below_100000() -> None:
    assert CATALOG.expensive_mistakes.outcome(95000, 1) is None
    assert CATALOG.expensive_mistakes.outcome(0, 1) is None


def test_expensive_mistake_effects() -> None:
    effects = {o.name: o.effect for o in CATALOG.expensive_mistakes.outcomes}
    assert effects["Crisis Averted"].type == "none"
    assert (
        effects["Minor Incident"].type,
        effects["Minor Incident"].dice,
        effects["Minor Incident"].multiplier,
    ) == ("lose", "d3", 10000)
    assert (effects["Major Incident"].type, effects["Major Incident"].round_down_to) == ("halve", 5000)
    assert (effects["Catastrophe"].type, effects["Catastrophe"].dice, effects["Catastrophe"].multiplier) == (
        "keep_only",
        "2d6",
        10000,
    )


# Seed 001, Advancement Table: random primary, chosen primary, chosen secondary, characteristic.
SEED_ADVANCEMENT_COSTS = [
    (3, 6, 10, 14),
    (4, 8, 12, 16),
    (6, 12, 16, 20),
    (8, 16, 20, 24),
    (10, 20, 24, 28),
    (15, 30, 34, 38),
]


@pytest.mark.parametrize("taken", range(6))
def test_advancement_costs(taken: int) -> None:
    cost = CATALOG.advancement.cost(taken)
    assert (
        cost.random_primary,
        cost.chosen_primary,
        cost.chosen_secondary,
        cost.characteristic,
    ) == SEED_ADVANCEMENT_COSTS[taken]
    assert cost.advancement == taken + 1


def test_no_seventh_advancement() -> None:
    with pytest.raises(ValueError, match="at most 6"):
        CATALOG.advancement.cost(6)


def test_characteristic_improvement_and_value_tables() -> None:
    table = {e.min: set(e.options) for e in CATALOG.advancement.characteristic_improvement.entries}
    rows = {
        roll: next(v for m, v in sorted(table.items(), reverse=True) if m <= roll) for roll in range(1, 9)
    }
    assert rows == {
        1: {"av"},
        2: {"av", "pa"},
        3: {"av", "ma", "pa"},
        4: {"av", "ma", "pa"},
        5: {"ma", "pa"},
        6: {"ag", "ma"},
        7: {"ag", "st"},
        8: {"ma", "st", "ag", "pa", "av"},
    }
    value = CATALOG.advancement.value_increase
    assert (value.primary_skill, value.secondary_skill, value.elite_skill_extra) == (20000, 40000, 10000)
    assert value.characteristic == {"av": 10000, "ma": 20000, "pa": 20000, "ag": 30000, "st": 60000}
    assert CATALOG.advancement.characteristic_limits.max_improvements_per_characteristic == 2


def test_casualty_table() -> None:
    casualty = CATALOG.tables["casualty"]
    assert casualty.dice == "d16"
    names = [casualty.lookup(r).name for r in range(1, 17)]
    assert names == (
        ["Badly Hurt"] * 8
        + ["Seriously Hurt"] * 2
        + ["Serious Injury"] * 2
        + ["Lasting Injury"] * 2
        + ["Dead"] * 2
    )
    assert casualty.lookup(19).name == "Dead"  # modified past the table reads its last row


@pytest.mark.parametrize("table_id", sorted(CATALOG.tables))
def test_every_roll_table_covers_each_result_once(table_id: str) -> None:
    table = CATALOG.tables[table_id]
    outcomes = dice_outcomes(table.dice)
    for result in outcomes:
        matches = [e for e in table.entries if e.min <= result and (e.max is None or result <= e.max)]
        assert len(matches) == 1, (table_id, result)


def test_match_events_grid() -> None:
    events = CATALOG.match_events
    cells = {(d8, d6): events.event(d8, d6).name for d8 in range(1, 9) for d6 in range(1, 7)}
    assert len(cells) == 48
    assert events.trigger.dice == "d16" and events.trigger.fires_on == {"min": 1, "max": 1}
    assert events.limits.max_per_half == 1 and not events.limits.in_extra_time


def test_pairs_point_at_each_other_and_are_priced_together() -> None:
    assert {p.name: (set(p.members), p.cost) for p in CATALOG.pairs.values()} == {
        "The Swift Twins": ({"Lucien Swift", "Valen Swift"}, 300000),
        "Grak and Crumbleberry": ({"Grak", "Crumbleberry"}, 250000),
        "Dribl and Drull": ({"Dribl", "Drull"}, 230000),
    }
    for pair in CATALOG.pairs.values():
        for member in pair.members:
            star = CATALOG.stars[member]
            assert star.pair == pair.name and star.cost is None
            assert CATALOG.star_cost(star) == pair.cost
            assert {p.name for p in CATALOG.partners(star)} == set(pair.members) - {member}


def test_crumbleberry_is_not_a_copy_of_grak() -> None:
    grak, crumbleberry = CATALOG.stars["Grak"], CATALOG.stars["Crumbleberry"]
    assert (grak.st, grak.skills) != (crumbleberry.st, crumbleberry.skills)


def test_star_eligibility_follows_the_rule_not_misprinted_lists() -> None:
    mismatched = {
        s.name
        for s in CATALOG.stars.values()
        if {t.name for t in rosters_for_star(CATALOG, s)} != set(s.teams)
    }
    assert mismatched == {"Morg 'n' Thorg", "Skrorg Snowpelt", "The Mighty Zug"}
    for name in mismatched:  # each disagreement is explained next to the data
        assert any("list" in note.lower() for note in CATALOG.stars[name].source_notes), name


def test_favoured_of_stars_need_the_matching_alignment() -> None:
    max_ = CATALOG.stars["Max Spleenripper"]  # Favoured of Khorne
    chosen, norse = CATALOG.team("Chaos Chosen"), CATALOG.team("Norse")
    assert chosen is not None and norse is not None
    assert plays_for(max_, chosen, "Chaos Clash", "Khorne")
    assert not plays_for(max_, chosen, "Chaos Clash", "Nurgle")
    assert plays_for(max_, norse, "Chaos Clash", "Khorne")
    with pytest.raises(ValueError):
        plays_for(max_, norse, "Old World Classic", "Khorne")  # only Chaos Clash Norse are Favoured


def test_lookups_are_forgiving() -> None:
    assert CATALOG.skill("loner (4+)") is CATALOG.skills["Loner"]
    assert CATALOG.skill("  ") is None
    assert CATALOG.team("chaos chosen") is CATALOG.teams["chaos_chosen"]
    assert CATALOG.inducement("bribe") is CATALOG.inducements["bribe"]
    assert CATALOG.inducement("Halfling Master Chef") is not None


def _copy_data(tmp_path: Path) -> Path:
    target = tmp_path / "data"
    shutil.copytree(DATA_DIR, target)
    return target


def _edit(path: Path, change: object) -> None:
    data = json.loads(path.read_text())
    change(data)  # type: ignore[operator]
    path.write_text(json.dumps(data))


def test_an_error_names_the_file_and_the_entry(tmp_path: Path) -> None:
    data = _copy_data(tmp_path)
    _edit(data / "bb2025" / "teams.json", lambda d: d["teams"][13]["positions"][0].update(cost="lots"))
    with pytest.raises(
        CatalogError, match=r"teams\.json: teams\[13\] \(Human\) > positions\[0\] \(.+\) > cost"
    ):
        load_catalog(data_dir=data)


def test_unknown_skill_is_refused(tmp_path: Path) -> None:
    data = _copy_data(tmp_path)
    _edit(data / "bb2025" / "star_players.json", lambda d: d["stars"][0]["skills"].append("Kung Fu"))
    with pytest.raises(CatalogError, match="unknown skill 'Kung Fu'"):
        load_catalog(data_dir=data)


def test_a_table_with_a_gap_is_refused(tmp_path: Path) -> None:
    data = _copy_data(tmp_path)
    _edit(data / "bb2025" / "tables" / "weather.json", lambda d: d["entries"].pop(1))
    with pytest.raises(CatalogError, match=r"weather\.json.*not covered"):
        load_catalog(data_dir=data)


def test_a_pair_member_must_point_back(tmp_path: Path) -> None:
    data = _copy_data(tmp_path)

    def unpair(d: dict) -> None:  # type: ignore[type-arg]
        star = next(s for s in d["stars"] if s["name"] == "Valen Swift")
        star["pair"] = None
        star["cost"] = 150000

    _edit(data / "bb2025" / "star_players.json", unpair)
    with pytest.raises(CatalogError, match="Valen Swift' does not point back"):
        load_catalog(data_dir=data)


def test_an_unknown_league_is_refused(tmp_path: Path) -> None:
    data = _copy_data(tmp_path)
    _edit(data / "bb2025" / "teams.json", lambda d: d["teams"][0]["leagues"].append("Moon League"))
    with pytest.raises(CatalogError, match="unknown league 'Moon League'"):
        load_catalog(data_dir=data)


def test_missing_edition() -> None:
    with pytest.raises(CatalogError, match="no such edition"):
        load_catalog("bb1987")


def test_catalog_is_immutable() -> None:
    team = CATALOG.teams["human"]
    with pytest.raises(Exception):  # noqa: B017 - pydantic's frozen error
        team.tier = 9  # type: ignore[misc]
    assert isinstance(CATALOG, Catalog)


def test_skill_exclusions_must_name_known_skills(tmp_path: Path) -> None:
    data = _copy_data(tmp_path)
    _edit(data / "bb2025" / "skills.json", lambda d: d["cannot_have_together"].append(["Frenzy", "Kung Fu"]))
    with pytest.raises(CatalogError, match="cannot_have_together: unknown skill 'Kung Fu'"):
        load_catalog(data_dir=data)


def test_skill_exclusions_are_listed_once(tmp_path: Path) -> None:
    data = _copy_data(tmp_path)
    _edit(data / "bb2025" / "skills.json", lambda d: d["cannot_have_together"].append(["Grab", "Frenzy"]))
    with pytest.raises(CatalogError, match="appears twice"):
        load_catalog(data_dir=data)


def test_skill_requirements_must_name_known_skills(tmp_path: Path) -> None:
    data = _copy_data(tmp_path)
    _edit(
        data / "bb2025" / "skills.json",
        lambda d: d["requirements"].append({"skill": "Block", "requires": "Wings"}),
    )
    with pytest.raises(CatalogError, match="requirements: unknown skill 'Wings'"):
        load_catalog(data_dir=data)


def _stunty_or_big_guy(position: object) -> bool:
    skills = getattr(position, "skills", ())
    return any(s.startswith("Stunty") for s in skills) or "Big Guy" in getattr(position, "keywords", ())


def test_stunty_rosters_are_exactly_those_the_seed_definition_allows() -> None:
    """Seed 000: "A Stunty Team is any team that can be made up entirely of players with the Stunty trait or
    Big Guys" and "there may be others that fall into this category in the future": computed from the
    catalogue (enough Stunty and Big Guy places for the 11 players a team needs), the data list agrees."""
    need = CATALOG.drafting.min_players_at_draft
    qualifying = set()
    for team in CATALOG.teams.values():
        places = sum(p.max for p in team.positions if _stunty_or_big_guy(p))
        for group in team.group_limits:  # e.g. "a single Big Guy from these"
            in_group = [p for p in team.positions if p.id in group.positions and _stunty_or_big_guy(p)]
            places -= max(0, sum(p.max for p in in_group) - group.max)
        if places >= need:
            qualifying.add(team.id)
    listed = {r.team for r in CATALOG.tournament.stunty.rosters}
    assert listed == qualifying
    # The seed's list: Black Orcs, Goblins, Halflings, Lizardmen, Ogres, Snotlings, Underworld Denizens.
    assert {
        "black_orc",
        "goblin",
        "halfling",
        "lizardmen",
        "ogre",
        "snotling",
        "underworld_denizens",
    } <= listed


def test_each_stunty_roster_fields_only_stunty_players_and_big_guys() -> None:
    """Seed 000: "Black Orcs (providing they include only Goblin Bruiser Linemen and Trained Trolls)",
    "Lizardmen (providing they include no Saurus Blockers)", "Underworld Denizens (providing they only
    include Underworld Goblin Linemen, Underworld Snotlings, Underworld Trolls and Mutant Rat Ogres)"."""
    for allowed in CATALOG.tournament.stunty.rosters:
        team = CATALOG.teams[allowed.team]
        fielded = [p for p in team.positions if allowed.only is None or p.id in allowed.only]
        assert all(_stunty_or_big_guy(p) for p in fielded), team.name
        # and nothing that qualifies is left out
        assert {p.id for p in team.positions if _stunty_or_big_guy(p)} == {p.id for p in fielded}, team.name
    stunty = CATALOG.tournament.stunty
    assert stunty.roster("lizardmen") is not None
    assert "lizardmen_saurus_blocker" not in (stunty.roster("lizardmen").only or ())  # type: ignore[union-attr]
    assert set(stunty.roster("black_orc").only or ()) == {  # type: ignore[union-attr]
        "black_orc_goblin_bruiser",
        "black_orc_trained_troll",
    }


def test_a_stunty_roster_must_name_known_teams_and_positions(tmp_path: Path) -> None:
    data = _copy_data(tmp_path)

    def break_it(d: dict) -> None:  # type: ignore[type-arg]
        d["stunty"]["rosters"][0]["only"].append("black_orc_pixie")
        d["stunty"]["rosters"].append({"team": "moon_goblins", "only": None})

    _edit(data / "bb2025" / "tournament.json", break_it)
    with pytest.raises(CatalogError, match=r"no position .black_orc_pixie..*moon_goblins: unknown team"):
        load_catalog(data_dir=data)
