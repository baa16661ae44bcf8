"""The options several commands share, as parameter types: an option that names a league, a tournament, a team
... (text whose values autocomplete offers, through a `Completed` transformer), the ranges of a score, a
reason, a name, and the descriptions that go with them. A command declares such an option with its type,
so the option reads, completes and is checked the same in every command that has it.

    @app_commands.describe(league=LEAGUE_HELP, reason=REASON_HELP)
    async def show(self, interaction, league: LeagueOption = None, reason: Reason | None = None): ...
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterable, Mapping
from typing import Any, TypeVar, cast

import discord
from discord import app_commands

from bot.ui.autocomplete import (
    Choices,
    alignment_autocomplete,
    answered,
    fixture_autocomplete,
    league_autocomplete,
    my_player_autocomplete,
    regional_league_autocomplete,
    roster_autocomplete,
    team_autocomplete,
    tournament_autocomplete,
)
from bot.ui.roster_views import entry_autocomplete, event_player_autocomplete, opponent_autocomplete

Completer = Callable[[discord.Interaction, str], Awaitable[Choices]]
V = TypeVar("V", str, int)
AnyChoices = list[app_commands.Choice[int | float | str]]


class Completed(app_commands.Transformer):
    """A text option whose values `complete` offers as the user types; the text goes to the command as it
    came (a service resolves it, and refuses what it cannot)."""

    def __init__(self, complete: Completer) -> None:
        self.complete = complete
        self._answered = answered(complete)  # a refusal (no event yet, several) offers nothing

    async def transform(self, interaction: discord.Interaction, value: Any) -> str:
        return str(value)

    async def autocomplete(self, interaction: discord.Interaction, value: int | float | str) -> AnyChoices:
        return cast(AnyChoices, await self._answered(interaction, str(value)))


def choices(labels: Mapping[V, str] | Iterable[V]) -> list[app_commands.Choice[V]]:
    """An option's fixed choices: each value with its label (a bare value is its own label)."""
    if isinstance(labels, Mapping):
        return [app_commands.Choice(name=label, value=value) for value, label in labels.items()]
    return [app_commands.Choice(name=str(value), value=value) for value in labels]


# --- references, offered by autocomplete -------------------------------------------------------------------

LeagueOption = app_commands.Transform[str, Completed(league_autocomplete)]
TournamentOption = app_commands.Transform[str, Completed(tournament_autocomplete)]
TeamOption = app_commands.Transform[str, Completed(team_autocomplete)]
FixtureOption = app_commands.Transform[str, Completed(fixture_autocomplete)]
MyPlayerOption = app_commands.Transform[str, Completed(my_player_autocomplete)]
EntryOption = app_commands.Transform[str, Completed(entry_autocomplete)]  # a team registered in an event
# a player (not a star) of the event team chosen in the command's `team` option
EventPlayerOption = app_commands.Transform[str, Completed(event_player_autocomplete)]
# a team the coach has played in the event (whom he may vote for)
OpponentOption = app_commands.Transform[str, Completed(opponent_autocomplete)]
RosterOption = app_commands.Transform[str, Completed(roster_autocomplete)]  # a team roster of the catalogue
# a new team's choices, where its roster offers them
RegionalLeagueOption = app_commands.Transform[str, Completed(regional_league_autocomplete)]
AlignmentOption = app_commands.Transform[str, Completed(alignment_autocomplete)]

LEAGUE_HELP = "Which league (only when the server runs several)"
TOURNAMENT_HELP = "Which tournament (only when the server runs several)"
# ... as a coach's commands word it
LEAGUE_IF_SEVERAL = "Which league (only needed when the server runs several)"
TOURNAMENT_IF_SEVERAL = "Which tournament (only needed when the server runs several)"

# --- ranges ------------------------------------------------------------------------------------------------

Reason = app_commands.Range[str, 1, 300]
REASON_HELP = "Why: kept in the league log"
EVENT_REASON_HELP = "Why (kept in the log)"
Name = app_commands.Range[str, 1, 60]  # a team's or a player's
ShirtNumber = app_commands.Range[int, 1, 99]
NafName = app_commands.Range[str, 1, 60]  # a coach's NAF name (the NAF report)
NafNumber = app_commands.Range[int, 1, 9_999_999]  # a coach's NAF membership number
HireCount = app_commands.Range[int, 1, 16]  # players hired at once
Rerolls = app_commands.Range[int, 0, 8]  # team re-rolls
StaffCount = app_commands.Range[int, 0, 6]  # assistant coaches, cheerleaders
Budget = app_commands.Range[int, 100_000, 10_000_000]
# a game's result, side by side
Touchdowns = app_commands.Range[int, 0, 30]
Casualties = app_commands.Range[int, 0, 30]  # those that earn SPP
PlayerEvents = app_commands.Range[str, 0, 500]  # e.g. "#7 td, #3 cas"
