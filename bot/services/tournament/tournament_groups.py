"""Group and knock-out events (seed 000, Group & Knockout Events): what the bracket shows.

How their rounds are planned and how they are ranked is their format's (rules/tournament/format_groups.py;
a team event in groups, rules/tournament/format_team_groups.py); the event as played is read back from its
stored tables (`tournaments.played`), so the bracket shows what was paired and confirmed.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.rules.tournament.tournament_groups import GroupsProgress, StagedTable
from bot.rules.tournament.tournament_settings import GROUP_ROUNDS
from bot.services.runtime import Runtime
from bot.services.tournament.tournaments import Event, Played, event_format, find_event, played
from bot.store.connection import Connection
from bot.store.teams import TeamRow


@dataclass(frozen=True)
class Bracket:
    """A group event as it stands: the groups, the knock-out rounds, Best of the Rest (team rows by id)."""

    event: Event
    progress: GroupsProgress[int]
    teams: dict[int, TeamRow]
    first_knockout_round: int
    squads: dict[int, str] = field(default_factory=dict)  # a team event: its units are squads (id -> name)
    tables: tuple[StagedTable[int], ...] = ()  # the units' tables as played: the knock-out games' scores


def progress_of(rt: Runtime, state: Played) -> GroupsProgress[int]:
    """A group event as played so far: of the coaches' teams, or of the squads in a team event (refused for
    a Swiss event)."""
    policy, view = event_format(rt, state)
    return policy.bracket(view).progress


def bracket_in(conn: Connection, rt: Runtime, guild_id: int, reference: str | None) -> Bracket:
    event = find_event(conn, guild_id, reference)
    state = played(conn, event)
    policy, view = event_format(rt, state)
    found = policy.bracket(view)
    return Bracket(event, found.progress, state.teams, GROUP_ROUNDS + 1, dict(found.squads), found.tables)


async def bracket(rt: Runtime, guild_id: int, reference: str | None) -> Bracket:
    """A group and knock-out event: its group tables, knock-out bracket with the places decided, and Best of
    the Rest's rankings (of squads, in a team event)."""
    return await rt.db.read(lambda conn: bracket_in(conn, rt, guild_id, reference))
