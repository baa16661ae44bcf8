"""Match-day rolls on the rules tables: weather, kick-off event, Prayers to Nuffle, casualty, lasting injury.

The bot rolls the table's dice (with modifiers such as +1 per Niggling Injury on the casualty table) and
reads the entry; the results are shown to both coaches and logged against the fixture.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, get_args

from bot.catalog import Catalog
from bot.catalog.models import RollEntry, RollTable
from bot.rules.dice import Dice, DieRoll, roll

MatchTable = Literal["weather", "kickoff", "prayers", "casualty", "lasting_injury"]
MATCH_TABLES: tuple[MatchTable, ...] = get_args(MatchTable)
TABLE_IDS: dict[str, str] = {
    "weather": "weather",
    "kickoff": "kickoff",
    "casualty": "casualty",
    "lasting_injury": "lasting_injury",
}
PRAYER_TABLES = {"league": "prayers_to_nuffle_bb2025", "matched_play": "prayers_to_nuffle_matched_play"}


@dataclass(frozen=True)
class TableRoll:
    table: RollTable
    roll: DieRoll
    modifier: int
    entry: RollEntry

    @property
    def result(self) -> int:
        return self.roll.total + self.modifier


def table_for(catalog: Catalog, which: MatchTable, prayers: str = "league") -> RollTable:
    table_id = PRAYER_TABLES[prayers] if which == "prayers" else TABLE_IDS[which]
    return catalog.tables[table_id]


def roll_on(table: RollTable, dice: Dice, modifier: int = 0) -> TableRoll:
    """Roll the table's dice, add the modifier, read the entry (past the last entry reads the last one)."""
    rolled = roll(dice, table.dice, table.name)
    return TableRoll(table, rolled, modifier, table.lookup(rolled.total + modifier))
