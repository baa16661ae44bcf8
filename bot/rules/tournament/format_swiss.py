"""A standard event (seed 000, Pairings; Scoring & tiebreakers): coaches alone, in Swiss rounds.

Round 1 is drawn with the bot's dice; every later round pairs the rankings 1st v 2nd, 3rd v 4th, ... avoiding
rematches (bot/rules/tournament/swiss.py), the odd coach out playing the Spare Player or having a Bye. The
event is ranked by Tournament Points and the rulespack's tiebreakers. One of the formats of formats.py.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.errors import RuleViolation
from bot.i18n import _
from bot.rules.dice import Dice
from bot.rules.tournament.event_state import (
    Bracket,
    EventState,
    PlannedTable,
    RoundPlan,
    check_entries,
    check_tables_swappable,
    coaches_ranking,
    met_and_odd,
)
from bot.rules.tournament.swiss import SwissRound, first_round, next_round
from bot.rules.tournament.tournament_scoring import RankingRow
from bot.rules.tournament.tournament_settings import Rulespack
from bot.rules.tournament.tournament_teams import SquadRow


def check_start(state: EventState, limits: Mapping[int, Sequence[str]]) -> None:
    """At least 2 coaches, and a Spare Player (approved) for an odd number unless Byes are given."""
    check_entries(state)


def check_round(state: EventState, number: int) -> None:
    """A Swiss round can always be paired while the event has rounds left (`check_more_rounds`)."""


def plan_round(state: EventState, number: int, dice: Dice) -> RoundPlan:
    """Round 1 drawn, later rounds paired from the rankings (1st and 2nd may meet again in the final round
    when the rulespack says so)."""
    odd_player = state.rulespack.odd_player
    swiss: SwissRound[int]
    if number == 1:
        swiss = first_round(state.units, dice, odd_player)
    else:
        order = [row.coach for row in ranking(state)]
        met, had_odd = met_and_odd(state.tables, state.spare)
        swiss = next_round(
            order, met, odd_player=odd_player, had_odd=had_odd, keep_top_pair=state.keep_top_pair(number)
        )
    return RoundPlan(
        tables=tuple(PlannedTable(t.first, t.second) for t in swiss.tables),
        byes=((swiss.bye, "swiss", None),) if swiss.bye is not None else (),
        draws=swiss.draws,
        rematches=swiss.rematches,
    )


def ranking(state: EventState) -> list[RankingRow[int]]:
    return coaches_ranking(state)


def squad_ranking(state: EventState) -> list[SquadRow[int]]:
    return []  # no squads


def sections(state: EventState) -> tuple[tuple[int, str], ...]:
    return ()  # one table


def check_swap(state: EventState, first: int, second: int) -> None:
    """Any two coaches of a Swiss round (or of Best of the Rest) may trade tables."""
    check_tables_swappable(state, first, second)


def bracket(state: EventState) -> Bracket:
    raise RuleViolation(
        _("{event} is a Swiss event: see /tournament standings and pairings.", event=state.name)
    )


def has_bracket() -> bool:
    return False  # its rankings are the one table


def describe(rulespack: Rulespack) -> str:
    return _("Swiss rounds")
