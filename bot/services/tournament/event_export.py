"""A whole tournament out of one server and into another: `/event export` and `/event import`.

The file is rules/tournament/event_file.py's (docs/EXPORT_FORMAT.md): the tournament's `leagues` row with
its teams, players, rounds, fixtures, reports, match events and dice (the tables a league has), then its
rulespack, entries, Skill-Point skills, squads, round tables, votes, objectives and escalation rosters.
The sequence is the league file's (services/competition_export.py): export reads every row in one read
snapshot and renumbers the ids; import checks the whole file first, then writes every row with new ids in ONE
transaction, so an event is never half imported; exporting the imported event gives the same bytes.
Coaches stay the same Discord users, as in a league import.
"""

from __future__ import annotations

from dataclasses import dataclass

from pydantic import ValidationError

from bot.errors import Conflict
from bot.i18n import _
from bot.rules import competition_file
from bot.rules.league.league_settings import LeagueSettings
from bot.rules.tournament.event_file import EVENT, EventFile
from bot.services.competition_export import ATTACHMENT_LIMIT, IMPORT_LIMIT, import_file, packed, parse_upload
from bot.services.inputs import optional_id
from bot.services.league.leagues import clean_name, find_league
from bot.services.runtime import Actor, Runtime
from bot.store import league_export as store
from bot.store.connection import Connection

__all__ = ["IMPORT_LIMIT", "EventExport", "EventImport", "export_event", "import_event"]


@dataclass(frozen=True)
class EventExport:
    event_name: str
    data: bytes  # the JSON file, or it gzipped when it is over ATTACHMENT_LIMIT
    gzipped: bool
    teams: int
    rounds: int  # the rounds paired so far
    games: int


@dataclass(frozen=True)
class EventImport:
    league_id: int
    event_name: str
    teams: int
    players: int
    games: int
    squads: int


def _rounds(file: EventFile) -> int:
    return max((t.round_number for t in file.tournament_tables), default=0)


def _export(conn: Connection, guild_id: int, reference: str | None) -> tuple[str, EventFile]:
    event = find_league(conn, guild_id, reference, kind="tournament")
    try:
        return event.name, competition_file.to_file(EVENT, store.read_event(conn, guild_id, event.id))
    except KeyError as error:  # a row names a row that is not the event's: the database is inconsistent
        raise Conflict(
            _(
                "{event} cannot be exported: a row names a missing row ({error}).",
                event=event.name,
                error=error,
            )
        ) from error


async def export_event(rt: Runtime, actor: Actor, reference: str | None) -> EventExport:
    """The tournament (named, or the server's only one) as one event file, at any stage."""
    name, file = await rt.db.read(_export, actor.guild_id, reference)
    data, gzipped = packed(competition_file.encode(EVENT, file), ATTACHMENT_LIMIT)
    return EventExport(name, data, gzipped, len(file.teams), _rounds(file), len(file.fixtures))


async def import_event(rt: Runtime, actor: Actor, data: bytes, name: str | None) -> EventImport:
    """Import an event file (JSON or gzipped JSON) into the actor's server as a new tournament announcing
    in the channel it is run in, under its own name or `name`. Refused with the reasons when anything in it
    is wrong, or when the server already has a league or tournament of that name."""
    optional_id(actor.channel_id, _("channel"))
    file = await parse_upload(EVENT, data, IMPORT_LIMIT)
    try:  # the event's league settings (its ruleset): the league rules' to check, not the event file's
        LeagueSettings.model_validate_json(file.leagues[0].settings)
    except ValidationError as error:
        raise competition_file.refused(
            EVENT.noun, [f"leagues[0].settings: {str(error).splitlines()[0]}"]
        ) from error
    wanted = clean_name(name if name is not None else file.leagues[0].name, _("tournament name"))
    event_id = await import_file(rt, actor, EVENT, file, wanted, store.EVENT_IMPORT_ACTION)
    squads = len(file.tournament_squads)
    return EventImport(event_id, wanted, len(file.teams), len(file.players), len(file.fixtures), squads)
