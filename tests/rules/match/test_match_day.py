"""Match-day tables: the right table, the dice, modifiers."""

from __future__ import annotations

from bot.rules.dice import ScriptedDice
from bot.rules.match.match_day import roll_on, table_for
from tests.conftest import CATALOG


def test_weather_reads_the_2d6_total() -> None:
    rolled = roll_on(table_for(CATALOG, "weather"), ScriptedDice([3, 4]))
    assert rolled.roll.faces == (3, 4) and rolled.result == 7
    assert rolled.entry is CATALOG.tables["weather"].lookup(7)


def test_casualty_adds_niggling_injuries_and_reads_dead_past_sixteen() -> None:
    rolled = roll_on(table_for(CATALOG, "casualty"), ScriptedDice([14]), modifier=2)
    assert rolled.result == 16 and rolled.entry.name == "Dead"
    assert roll_on(table_for(CATALOG, "casualty"), ScriptedDice([16]), modifier=3).entry.name == "Dead"
    assert roll_on(table_for(CATALOG, "casualty"), ScriptedDice([9])).entry.name == "Seriously Hurt"


def test_prayers_follow_the_league_setting() -> None:
    assert table_for(CATALOG, "prayers", "league").dice == "d16"
    assert table_for(CATALOG, "prayers", "matched_play").dice == "d8"
