"""Names for what the simulator creates (leagues, events, teams, squads, coaches, players), so the demo
reads like a real league: "Marshfen Ironbrows" coached by Ada Blackthorn, not "Dwarf 1000-4".

The parts are data/names.json (invented names); a team is "<place> <nickname of its roster>", a coach or a
player "<first> <last>". A run's names come from a random source of their own, seeded: the same seed names
the same things, and naming takes nothing from the coaches' choices or the bot's dice. League, event,
team, squad and coach names are unique within a run (no digits are ever added to make them so); a player's
name is unique on his team.
"""

from __future__ import annotations

import functools
import itertools
import json
import random
import re
from collections.abc import Collection, Iterable, Iterator
from dataclasses import dataclass
from typing import Literal

from bot.catalog.loader import DATA_DIR
from bot.services.roster.team_lookup import TeamSheet

NAMES_FILE = DATA_DIR / "names.json"
DRAWS = 200  # random draws before a name is taken from the first unused of every combination
EventKind = Literal["swiss", "groups", "team", "stunty"]


@dataclass(frozen=True)
class People:
    """First names and last names, combined."""

    first: tuple[str, ...]
    last: tuple[str, ...]


@dataclass(frozen=True)
class NamesFile:
    """data/names.json, checked: no part is empty or has a digit, every flavour a roster names exists."""

    places: tuple[str, ...]
    leagues: tuple[str, ...]  # "{place} League", ...
    events: dict[str, str]  # an event format -> "{place} Open", ...
    squads: tuple[str, ...]  # a team event's squads: "<place> <this>"
    team_nicknames: dict[str, tuple[str, ...]]  # a roster id (or "any", for every roster) -> nicknames
    coaches: People
    player_flavours: dict[str, People]
    roster_flavours: dict[str, str]  # a roster id -> its players' flavour


def _texts(raw: object, where: str) -> tuple[str, ...]:
    if not isinstance(raw, list) or not raw or not all(isinstance(v, str) and v.strip() for v in raw):
        raise ValueError(f"{NAMES_FILE}: {where} must be a list of names")
    digits = [v for v in raw if re.search(r"\d", v)]
    if digits or len(set(raw)) != len(raw):
        raise ValueError(f"{NAMES_FILE}: {where}: names have no digits and appear once ({digits or raw})")
    return tuple(raw)


def _people(raw: dict[str, object], where: str) -> People:
    return People(_texts(raw.get("first"), f"{where}.first"), _texts(raw.get("last"), f"{where}.last"))


@functools.cache
def names_file() -> NamesFile:
    raw = json.loads(NAMES_FILE.read_text(encoding="utf-8"))
    flavours = {k: _people(v, f"player_flavours.{k}") for k, v in raw["player_flavours"].items()}
    unknown = sorted(set(raw["roster_flavours"].values()) - set(flavours))
    if unknown:
        raise ValueError(f"{NAMES_FILE}: roster_flavours names flavours that do not exist: {unknown}")
    events = raw["events"]
    for kind in ("swiss", "groups", "team", "stunty"):
        _texts([events.get(kind)], f"events.{kind}")
    return NamesFile(
        places=_texts(raw["places"], "places"),
        leagues=_texts(raw["leagues"], "leagues"),
        events=dict(events),
        squads=_texts(raw["squads"], "squads"),
        team_nicknames={k: _texts(v, f"team_nicknames.{k}") for k, v in raw["team_nicknames"].items()},
        coaches=_people(raw["coaches"], "coaches"),
        player_flavours=flavours,
        roster_flavours=dict(raw["roster_flavours"]),
    )


def _full(people: People) -> Iterator[str]:
    return (f"{first} {last}" for first, last in itertools.product(people.first, people.last))


class Names:
    """One run's names, drawn in order from a random source seeded by `seed`."""

    def __init__(self, seed: int | str) -> None:
        self._rng = random.Random(f"names-{seed}")
        self._file = names_file()
        self._used: set[str] = set()
        self._parts: set[str] = set()  # the places and patterns of the names used
        self._coaches: dict[int, str] = {}

    def _fresh(self, draw: Iterable[str], every: Iterable[str], taken: Collection[str] = ()) -> str:
        """The first of `draw` (random, at most DRAWS of them) not used in this run nor `taken`; else the
        first unused of `every` (all the combinations, in order)."""
        for name in itertools.chain(itertools.islice(draw, DRAWS), every):
            if name not in self._used and name not in taken:
                return name
        raise ValueError(f"{NAMES_FILE} has too few names for this run")

    def _claim(self, draw: Iterable[str], every: Iterable[str]) -> str:
        name = self._fresh(draw, every)
        self._used.add(name)
        return name

    def _placed(self, patterns: tuple[str, ...], spare: tuple[str, ...] = ()) -> str:
        """ "<place> <something>" from patterns such as "{place} League": a place and a pattern not used yet
        in this run while there are some, then any unused combination (`spare` patterns only once every
        combination of `patterns` is used)."""
        places, rng = self._file.places, self._rng
        fresh = 0 if self._parts.issuperset(places) else DRAWS  # draws that need a new place and pattern
        draws = ((rng.choice(patterns), rng.choice(places)) for _ in range(fresh + DRAWS))
        every = ((p, place) for p in (*patterns, *spare) for place in places)
        for attempt, (pattern, place) in enumerate(itertools.chain(draws, every)):
            name = pattern.format(place=place)
            if name not in self._used and (attempt >= fresh or not {pattern, place} & self._parts):
                self._used.add(name)
                self._parts |= {pattern, place}
                return name
        raise ValueError(f"{NAMES_FILE} has too few names for this run")

    def league(self) -> str:
        return self._placed(self._file.leagues)

    def event(self, kind: EventKind) -> str:
        return self._placed((self._file.events[kind],))

    def squad(self) -> str:
        return self._placed(tuple(f"{{place}} {squad}" for squad in self._file.squads))

    def team(self, roster_id: str) -> str:
        """ "<place> <nickname>": one of the roster's own nicknames; those of any roster once they run out."""
        nicknames = self._file.team_nicknames
        own, anyone = (tuple(f"{{place}} {n}" for n in nicknames.get(k, ())) for k in (roster_id, "any"))
        return self._placed(own or anyone, anyone)

    def coach(self, user_id: int) -> str:
        """The coach's name: the same for the same user id all run long."""
        if user_id not in self._coaches:
            people, rng = self._file.coaches, self._rng
            draws = (f"{rng.choice(people.first)} {rng.choice(people.last)}" for _ in itertools.count())
            self._coaches[user_id] = self._claim(draws, _full(people))
        return self._coaches[user_id]

    def player(self, roster_id: str, taken: Collection[str]) -> str:
        """A name for a new player of the roster, none of `taken` (his team-mates' names)."""
        flavours = self._file.player_flavours
        people = flavours.get(self._file.roster_flavours.get(roster_id, ""), self._file.coaches)
        rng = self._rng
        draws = (f"{rng.choice(people.first)} {rng.choice(people.last)}" for _ in itertools.count())
        return self._fresh(draws, _full(people), taken)

    def newcomer(self, sheet: TeamSheet) -> str:
        """A name for a player joining the team of `sheet` (none of his team-mates')."""
        return self.player(sheet.roster.id, {p.row.name for p in sheet.players})
