"""A tournament format is a policy (seed 000, Pairings; Team Events; Group & Knockout Events): one module of
pure functions behind the `Format` interface, chosen by the event's rulespack (`format_of`).

| rulespack                          | module                 |
|------------------------------------|------------------------|
| format swiss                       | format_swiss.py        |
| format swiss, team_size K          | format_team.py         |
| format groups                      | format_groups.py       |
| format groups, team_size K         | format_team_groups.py  |

Each reads the event as played (`EventState`, loaded by the services) and says: whether the event may start,
how round N is paired (with the dice), how the coaches are ranked, how the squads are ranked (a team event),
the headings of the rankings, whether two coaches may trade tables, the bracket (a group event: whether there
is one, too) and how the rulespack words the format. The
services load, ask the format, and write what came back; a new format is a module here and a row of
`FORMATS`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Protocol

from bot.rules.dice import Dice
from bot.rules.tournament import format_groups, format_swiss, format_team, format_team_groups
from bot.rules.tournament.event_state import Bracket, EventState, RoundPlan, check_decided
from bot.rules.tournament.tournament_scoring import RankingRow
from bot.rules.tournament.tournament_settings import FormatName, Rulespack
from bot.rules.tournament.tournament_teams import SquadRow


class Format(Protocol):
    """What an event's format decides. Every function is pure: the event as played in, what happens out."""

    def check_start(self, state: EventState, limits: Mapping[int, Sequence[str]]) -> None:
        """Refuse the start (RuleViolation) when the format cannot begin with these entries. `limits`: what
        each squad's rosters break of a team event's limits (squad id -> refusals), found by the services."""

    def check_round(self, state: EventState, number: int) -> None:
        """Refuse (RuleViolation) pairing round `number` now: what `plan_round` would refuse, asked first so
        that the refusal is worded in the user's language and the plan in the event's."""

    def plan_round(self, state: EventState, number: int, dice: Dice) -> RoundPlan:
        """Round `number`: its games in table order (labels worded in the current language), the Byes, every
        die of any draw, the announcement's lines."""

    def ranking(self, state: EventState) -> list[RankingRow[int]]:
        """The coaches' ranking (the Spare Player left out)."""

    def squad_ranking(self, state: EventState) -> list[SquadRow[int]]:
        """A team event's squad ranking (empty without squads)."""

    def sections(self, state: EventState) -> tuple[tuple[int, str], ...]:
        """Headings of the rankings: (the position a section starts at, its heading); none for one table."""

    def check_swap(self, state: EventState, first: int, second: int) -> None:
        """Refuse (RuleViolation) two teams trading tables in the current round when the format forbids it
        (each needs a table of the round, in a stage that may change, and not the same one)."""

    def bracket(self, state: EventState) -> Bracket:
        """A group event's groups, knock-out and Best of the Rest (refused for a Swiss event)."""

    def has_bracket(self) -> bool:
        """Whether the event has a bracket to show (`bracket`): a group event does, a Swiss event does not."""

    def describe(self, rulespack: Rulespack) -> str:
        """How the event is played, in the rulespack's words ('Swiss rounds', 'groups of four ...')."""


FORMATS: dict[tuple[FormatName, bool], Format] = {  # (format, a team event) -> the policy
    ("swiss", False): format_swiss,
    ("swiss", True): format_team,
    ("groups", False): format_groups,
    ("groups", True): format_team_groups,
}


def format_of(rulespack: Rulespack) -> Format:
    """The format an event plays, as its rulespack says."""
    return FORMATS[(rulespack.format, rulespack.is_team_event)]


def check_start(state: EventState, broken: Sequence[str], limits: Mapping[int, Sequence[str]]) -> None:
    """Refuse the start of an event, in this order: an entry the organiser has not decided, the rosters that
    break the rulespack (`broken`, found by the services), then what its format refuses (`Format.check_start`,
    with each squad's `limits`)."""
    check_decided(state, broken)
    format_of(state.rulespack).check_start(state, limits)
