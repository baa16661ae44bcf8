"""Gold piece escalation (seed 000, Gold Piece Escalation): a coach writes a roster for every Team Draft
Budget of the event before it starts, each only adding to the one before, and fields the N-th in round N.

Here: which round each player and Skill-Point skill joined, the closed rosters (`Escalation`), a roster as
it was in a round (`as_of`), and the guard every change of a roster passes (`guard`). What a change may not
take away is rules/tournament/tournament_escalation.py's; the roster check of every round is
event_rosters.py's; closing a roster (/roster escalate) is tournament_entries.py's.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime

from bot.errors import Conflict
from bot.rules.roster.team_building import Staffing
from bot.rules.tournament.tournament_escalation import check_player_kept
from bot.services.roster.team_lookup import staffing_of
from bot.services.tournament.tournaments import Event
from bot.store import tournament_escalation as escalation_store
from bot.store.connection import Connection
from bot.store.teams import PlayerRow, TeamRow
from bot.store.tournaments import Entry

ROSTERS_MISSING = "Write a roster for every budget of the escalation"


@dataclass(frozen=True)
class Escalation:
    """A team's escalation rows: from which round each player and skill counts; the closed rosters."""

    players: dict[int, escalation_store.PlayerRounds]
    closed: tuple[escalation_store.ClosedRound, ...]

    @property
    def drafting_round(self) -> int:
        """The roster being written (1 + the closed ones)."""
        return len(self.closed) + 1

    def writing(self, event: Event) -> int:
        """The last roster written or being written (never past the event's budgets)."""
        return min(self.drafting_round, event.rulespack.roster_rounds)

    def joined(self, player_id: int) -> int:
        tag = self.players.get(player_id)
        return tag.joined if tag else 1

    def skilled(self, player_id: int) -> int:
        tag = self.players.get(player_id)
        return max(tag.joined, tag.skilled or 1) if tag else 1


def escalation_of(conn: Connection, team: TeamRow) -> Escalation:
    return Escalation(
        escalation_store.players_of_team(conn, team.guild_id, team.id),
        tuple(escalation_store.closed_rounds(conn, team.guild_id, team.id)),
    )


@dataclass(frozen=True)
class StoredRoster:
    """A registered team's roster as stored: the team row (its staff and fans bought), its players, its
    entry (inducements, fans won) and the Skill-Point skills by player id."""

    team: TeamRow
    players: list[PlayerRow]
    entry: Entry
    skills: dict[int, str]


def as_of(stored: StoredRoster, esc: Escalation, number: int) -> StoredRoster:
    """The roster of round `number` from the stored (last) one: its players and skills, and a closed
    round's staff, fans and inducements."""
    kept = [r for r in stored.players if esc.joined(r.id) <= number]
    ids = {r.id for r in kept}
    skills = {pid: skill for pid, skill in stored.skills.items() if pid in ids and esc.skilled(pid) <= number}
    closed = next((c for c in esc.closed if c.round_number == number), None)
    if closed is None:
        return replace(stored, players=kept, skills=skills)
    staff = Staffing(
        closed.rerolls,
        closed.assistant_coaches,
        closed.cheerleaders,
        closed.apothecary,
        closed.dedicated_fans,
    )
    team = replace(stored.team, **staff.bought())
    return StoredRoster(team, kept, replace(stored.entry, inducements=closed.inducements), skills)


def guard(conn: Connection, event: Event, team: TeamRow, player: PlayerRow | None = None) -> int:
    """The roster being written (1 without escalation); refuses taking away a player (or star) of an
    earlier roster, and any change once every roster is written."""
    if not event.rulespack.escalation:
        return 1
    esc = escalation_of(conn, team)
    if esc.drafting_round > event.rulespack.roster_rounds:
        raise Conflict(
            f"All {event.rulespack.roster_rounds} rosters are written: submit them with /roster submit."
        )
    if player is not None:
        check_player_kept(f"#{player.number} {player.name}", esc.joined(player.id), esc.drafting_round)
    return esc.drafting_round


def close_round(conn: Connection, team: TeamRow, entry: Entry, number: int, now: datetime) -> None:
    """Keep the roster of round `number` as it is now (its staff, fans and inducements)."""
    bought = staffing_of(team).bought()
    closed = escalation_store.ClosedRound(round_number=number, inducements=entry.inducements, **bought)
    escalation_store.close_round(conn, team.guild_id, team.id, closed, now)
