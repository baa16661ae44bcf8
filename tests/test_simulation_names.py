"""The simulator's names (bot/simulation/names.py, data/names.json): real-sounding, never a number, the same
for the same seed, unique where they must be, and enough of them for a 64-team league and a 2,000-coach
event (issue 30: the demo read as test data, "League 1000", "Black Orc 1000-4", "Coach 5 team")."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.simulation import names as names_module
from bot.simulation.names import Names, names_file
from tests.conftest import CATALOG


@pytest.fixture
def cleared() -> Iterator[None]:
    names_file.cache_clear()
    yield
    names_file.cache_clear()


def test_every_roster_has_its_own_team_nicknames_and_player_names() -> None:
    data = names_file()
    assert set(CATALOG.teams) <= set(data.team_nicknames) and set(CATALOG.teams) == set(data.roster_flavours)
    assert set(data.roster_flavours.values()) == set(data.player_flavours)


def test_the_same_seed_names_the_same_things() -> None:
    def run(seed: int) -> list[str]:
        names = Names(seed)
        teams = [names.team(roster) for roster in sorted(CATALOG.teams)]
        return [names.league(), *teams, names.coach(7), names.player("dwarf", ()), names.event("swiss")]

    assert run(5) == run(5) != run(6)


def test_a_64_team_league_has_a_place_per_team_and_no_number() -> None:
    names = Names(1)
    rosters = sorted(CATALOG.teams)
    league = names.league()
    teams = [names.team(rosters[n % len(rosters)]) for n in range(64)]
    assert len(set(teams)) == 64 and not any(re.search(r"\d", t) for t in [league, *teams])
    assert len({t.split(" ")[0] for t in teams}) == 64  # each from its own town while towns last
    squad = [names.player("human", ())]
    for _ in range(15):
        squad.append(names.player("human", squad))
    assert len(set(squad)) == 16 and not any(re.search(r"\d", p) for p in squad)


def test_a_2000_coach_stunty_event_still_has_unique_names_without_digits() -> None:
    names = Names(2)
    stunty = [r.team for r in CATALOG.tournament.stunty.rosters]
    teams = [names.team(stunty[n % len(stunty)]) for n in range(2000)]
    coaches = [names.coach(user_id) for user_id in range(2001)]  # and the organiser
    everything = [*teams, *coaches, names.event("stunty"), *(names.squad() for _ in range(666))]
    assert len(set(everything)) == len(everything) and not any(re.search(r"\d", n) for n in everything)
    assert names.coach(17) == coaches[17]  # a coach keeps his name


def test_a_names_file_with_a_number_or_a_missing_flavour_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, cleared: None
) -> None:
    good = json.loads(names_module.NAMES_FILE.read_text(encoding="utf-8"))
    for change, said in (
        (lambda d: d["places"].append("Route 66"), "places: names have no digits"),
        (lambda d: d["roster_flavours"].update(orc="gnoll"), "flavours that do not exist: ['gnoll']"),
        (lambda d: d["coaches"].update(first=[]), "coaches.first must be a list of names"),
    ):
        data = json.loads(json.dumps(good))
        change(data)
        (tmp_path / "names.json").write_text(json.dumps(data), encoding="utf-8")
        monkeypatch.setattr(names_module, "NAMES_FILE", tmp_path / "names.json")
        names_file.cache_clear()
        with pytest.raises(ValueError, match=re.escape(said)):
            names_file()
