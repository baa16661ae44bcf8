"""An event's custom inducements (seed 000, Additional rules: Custom Inducements).

The organiser lists them in the rulespack: seed 000's four examples (Dwarven Smith, Festive Gifts, Booby
Trapped End Zone, Famous Moot Buffet; data/<edition>/tables/tournament_inducements.json: names, costs,
limits, short effects and their D6 tables) or his own (name, cost, limit, short text). Each is either
bought on the roster like any inducement (permanent for the event) or free for every team ("The Event
Organiser may also decide to allow each coach to add the custom Inducement to their Team Draft Roster for
free"). Before each game the bot rolls what they need (`before_game`): the Dwarven Smith's D6 and D3, the
Festive Gifts' random player and D6, the Moot Buffet's D6. Dice are injected; every roll is returned to be
logged.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from pydantic import BaseModel, ConfigDict, Field

from bot.catalog import Catalog
from bot.catalog.models import Inducement, RollTable
from bot.errors import RuleViolation
from bot.i18n import _
from bot.rules.dice import Dice
from bot.text import gp

MAX_EVENT_INDUCEMENTS = 12
MAX_COST = 1_000_000
MAX_LIMIT = 16  # a team has at most 16 players: no inducement is worth more of


class EventInducement(BaseModel):
    """One custom inducement of an event, as the rulespack lists it."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str = Field(pattern=r"^[a-z0-9_]{1,40}$")  # a seed inducement's catalogue id, else from the name
    name: str = Field(min_length=1, max_length=40)
    cost: int = Field(ge=0, le=MAX_COST, multiple_of=5_000)
    limit: int | None = Field(default=None, ge=1, le=MAX_LIMIT)  # 0-N; None: no limit
    text: str = Field(min_length=1, max_length=200)  # what it does, as coaches read it
    free: bool = False  # on every roster for free, not bought

    def line(self) -> str:
        """'0-1 Dwarven Smith, 100,000 gp: text' (or 'free for every team'); a seed inducement's text in the
        current language (an organiser's own as typed)."""
        price = _("free for every team") if self.free else gp(self.cost)
        limit = f"0-{self.limit} " if self.limit else ""
        return f"{limit}{self.name}, {price}: {_(self.text)}"


def slug(name: str) -> str:
    """The id of an organiser's inducement, from its name."""
    found = re.sub(r"[^a-z0-9]+", "_", name.strip().lower()).strip("_")[:40]
    if not found:
        raise RuleViolation(_("An inducement's name needs a letter or a digit."))
    return found


def seed_inducement(catalog: Catalog, reference: str) -> EventInducement | None:
    """One of seed 000's four by id or name (None when `reference` names none of them)."""
    wanted = reference.strip().lower()
    for inducement in catalog.tournament_inducements.inducements:
        if wanted in (inducement.id, inducement.name.lower()):
            return EventInducement(
                id=inducement.id,
                name=inducement.name,
                cost=inducement.cost or 0,
                limit=inducement.max,
                text=inducement.summary,
            )
    return None


def as_inducement(catalog: Catalog, custom: EventInducement) -> Inducement:
    """The event's inducement as the catalogue's model, so check_roster prices and limits it like any
    other (a seed one keeps its table)."""
    seed = next((i for i in catalog.tournament_inducements.inducements if i.id == custom.id), None)
    return Inducement(
        id=custom.id,
        name=custom.name,
        cost=0 if custom.free else custom.cost,
        max=custom.limit,
        summary=custom.text,
        table=seed.table if seed is not None else None,
        when=seed.when if seed is not None else None,
    )


def validate_list(customs: Sequence[EventInducement]) -> None:
    """At most MAX_EVENT_INDUCEMENTS, each id and name once."""
    if len(customs) > MAX_EVENT_INDUCEMENTS:
        raise ValueError(_("an event lists at most {most} custom inducements", most=MAX_EVENT_INDUCEMENTS))
    if len({c.id for c in customs}) != len(customs) or len({c.name.lower() for c in customs}) != len(customs):
        raise ValueError(_("each custom inducement is listed once"))


# --- before each game ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Roll:
    purpose: str
    sides: int
    face: int


@dataclass(frozen=True)
class PreGame:
    """What one team's inducement gave before a game: a line for the announcement and the dice rolled."""

    line: str
    rolls: tuple[Roll, ...] = ()


def _table(inducement: Inducement) -> RollTable:
    assert isinstance(inducement.table, RollTable), inducement.id
    return inducement.table


def before_game(inducement: Inducement, team: str, players: Sequence[str], dice: Dice) -> PreGame | None:
    """Roll what one of a team's custom inducements needs before a game (None: nothing to say).

    `players`: the team's players as named in the announcement ('#7 Gob'), for the Festive Gifts."""
    if inducement.id == "dwarven_smith":
        # Seed 000: "Before the game begins, a team that has hired a Dwarven Smith must roll a D6.
        # On a 1-3 ... Choose D3 players ... On a 4-6 ... Choose D3 players"
        face = dice.roll(6)
        many = dice.roll(3)
        entry = _table(inducement).lookup(face)
        effect = _(entry.summary).replace("D3", str(many))
        return PreGame(
            _(
                "{team}: Dwarven Smith (D6 {face}, D3 {many}): {result}. {effect}",
                team=team,
                face=face,
                many=many,
                result=entry.name,
                effect=effect,
            ),
            (
                Roll("Dwarven Smith", 6, face),
                Roll(_("{inducement}: how many players", inducement="Dwarven Smith"), 3, many),
            ),
        )
    if inducement.id == "festive_gifts":
        # Seed 000: "randomly select one player on your team ... Roll a D6 to determine the effect of the
        # gift."
        if not players:
            return PreGame(_("{team}: Festive Gifts: no player to give a gift to.", team=team))
        rolls: list[Roll] = []
        pick = 1
        if len(players) > 1:
            pick = dice.roll(len(players))
            rolls.append(
                Roll(_("{inducement}: which player", inducement="Festive Gifts"), len(players), pick)
            )
        face = dice.roll(6)
        rolls.append(Roll("Festive Gifts", 6, face))
        entry = _table(inducement).lookup(face)
        return PreGame(
            _(
                "{team}: Festive Gifts: {player} (d{sides} {pick}) opens {result} (D6 {face}): {effect}",
                team=team,
                player=players[pick - 1],
                sides=len(players),
                pick=pick,
                result=entry.name,
                face=face,
                effect=_(entry.summary),
            ),
            tuple(rolls),
        )
    if inducement.id == "famous_moot_buffet":
        # Seed 000: "before determining the kicking team, any team that has hired a Famous Moot Buffet must
        # roll a D6 ... The effects last for the duration of the game."
        face = dice.roll(6)
        entry = _table(inducement).lookup(face)
        return PreGame(
            _(
                "{team}: Famous Moot Buffet (D6 {face}): {result}. {effect}",
                team=team,
                face=face,
                result=entry.name,
                effect=_(entry.summary),
            ),
            (Roll("Famous Moot Buffet", 6, face),),
        )
    # Rolled during the game (the Booby Trapped End Zone) or no roll at all (the organiser's own, whose
    # text `_()` leaves as typed).
    return PreGame(f"{team}: {inducement.name}: {_(inducement.summary)}")
