"""Gold piece escalation (seed 000, Gold Piece Escalation): a coach writes a roster for every Team Draft
Budget of the event before it starts, each only adding to the one before, and fields the N-th in round N.

Here: which round each player and Skill-Point skill joined, the closed rosters (`Escalation`), a roster as
it was in a round (`as_of`), and the guard every change of a roster passes (`guard`). Once the event runs,
each game is played with its round's roster: `game_round` says which, `fielded` keeps that roster's players
(the match sheet, the post-game's squad), `fielded_team` its staff and fans, `fielded_roster` its players and
inducements (what the custom inducements roll before the game), and
`check_fielded` refuses a report crediting a player who joins in a later round. What a change may not
take away is rules/tournament/tournament_escalation.py's; the roster check of every round is
event_rosters.py's; closing a roster (/roster escalate) is tournament_entries.py's.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import datetime

from bot.errors import Conflict
from bot.i18n import N_, _
from bot.rules.roster.team_building import Staffing
from bot.rules.tournament.tournament_escalation import check_on_round_roster, check_player_kept, fielded_round
from bot.services.roster.team_lookup import staffing_of
from bot.services.tournament.tournaments import Event, event_of_fixture
from bot.store import teams as team_store
from bot.store import tournament_escalation as escalation_store
from bot.store import tournaments as tournament_store
from bot.store.connection import Connection
from bot.store.seasons import Fixture
from bot.store.teams import PlayerRow, TeamRow
from bot.store.tournaments import Entry

ROSTERS_MISSING = N_("Write a roster for every budget of the escalation")  # worded where used: _()


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

    def closed_round(self, number: int) -> escalation_store.ClosedRound | None:
        """The closed roster of round `number` (None: the last roster, never closed, or not yet written)."""
        return next((c for c in self.closed if c.round_number == number), None)

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
    closed = esc.closed_round(number)
    if closed is None:
        return replace(stored, players=kept, skills=skills)
    team = _with_staff(stored.team, closed)
    return StoredRoster(team, kept, replace(stored.entry, inducements=closed.inducements), skills)


def _with_staff(team: TeamRow, closed: escalation_store.ClosedRound) -> TeamRow:
    """`team` with the staff and Dedicated Fans of a closed roster."""
    c = closed
    staff = Staffing(c.rerolls, c.assistant_coaches, c.cheerleaders, c.apothecary, c.dedicated_fans)
    return replace(team, **staff.bought())


def guard(conn: Connection, event: Event, team: TeamRow, player: PlayerRow | None = None) -> int:
    """The roster being written (1 without escalation); refuses taking away a player (or star) of an
    earlier roster, and any change once every roster is written."""
    if not event.rulespack.escalation:
        return 1
    esc = escalation_of(conn, team)
    if esc.drafting_round > event.rulespack.roster_rounds:
        raise Conflict(
            _(
                "All {count} rosters are written: submit them with /roster submit.",
                count=event.rulespack.roster_rounds,
            )
        )
    if player is not None:
        check_player_kept(f"#{player.number} {player.name}", esc.joined(player.id), esc.drafting_round)
    return esc.drafting_round


def close_round(conn: Connection, team: TeamRow, entry: Entry, number: int, now: datetime) -> None:
    """Keep the roster of round `number` as it is now (its staff, fans and inducements)."""
    bought = staffing_of(team).bought()
    closed = escalation_store.ClosedRound(round_number=number, inducements=entry.inducements, **bought)
    escalation_store.close_round(conn, team.guild_id, team.id, closed, now)


# --- playing: each round with that round's roster ----------------------------------------------------------


@dataclass(frozen=True)
class GameRound:
    """A game of an escalation event and the roster its teams field (that of round `number`)."""

    event: Event
    number: int


def game_round(conn: Connection, fx: Fixture) -> GameRound | None:
    """Which roster the teams of `fx` field; None when it is no game of an escalation event (every player
    then plays)."""
    event = event_of_fixture(conn, fx)
    if event is None or not event.rulespack.escalation:
        return None
    return GameRound(event, fielded_round(fx.round_number, event.rulespack.roster_rounds))


def fielded(conn: Connection, fx: Fixture, team: TeamRow, players: list[PlayerRow]) -> list[PlayerRow]:
    """Those of `players` (rows of `team`) on the roster the team fields in `fx`."""
    game = game_round(conn, fx)
    if game is None:
        return players
    esc = escalation_of(conn, team)
    return [p for p in players if esc.joined(p.id) <= game.number]


def fielded_team(conn: Connection, fx: Fixture, team: TeamRow) -> TeamRow:
    """`team` as it plays `fx`: the staff and Dedicated Fans bought by the roster of the game's round."""
    game = game_round(conn, fx)
    if game is None:
        return team
    closed = escalation_of(conn, team).closed_round(game.number)
    return team if closed is None else _with_staff(team, closed)  # the last roster: the team as it stands


@dataclass(frozen=True)
class FieldedRoster:
    """What a team fields in a game: its players and the inducements its roster bought."""

    players: list[PlayerRow]
    inducements: tuple[tuple[str, int], ...]


def fielded_roster(conn: Connection, fx: Fixture, team: TeamRow) -> FieldedRoster:
    """The players and bought inducements of the roster `team` fields in `fx` (an escalation event: its
    round's; else the team's own)."""
    entry = tournament_store.entry(conn, team.guild_id, team.id)
    inducements = entry.inducements if entry is not None else ()
    game = game_round(conn, fx)
    closed = escalation_of(conn, team).closed_round(game.number) if game is not None else None
    players = fielded(conn, fx, team, team_store.players(conn, team))
    return FieldedRoster(players, closed.inducements if closed is not None else inducements)


def check_fielded(conn: Connection, fx: Fixture, team: TeamRow, player: PlayerRow) -> None:
    """Refuse crediting `player` in `fx` when he joins the roster in a later round than the game's."""
    fielded_check(conn, fx, team)(player)


def fielded_check(conn: Connection, fx: Fixture, team: TeamRow) -> Callable[[PlayerRow], None]:
    """`check_fielded` for many players of `team` in `fx`: the game's round and roster read once."""
    game = game_round(conn, fx)
    if game is None:
        return lambda _player: None
    esc = escalation_of(conn, team)

    def check(player: PlayerRow) -> None:
        check_on_round_roster(team.name, player.number, player.name, esc.joined(player.id), game.number)

    return check
