"""A whole league out of one server and into another: `/league export` and `/league import`.

The file is rules/league/league_file.py's (docs/EXPORT_FORMAT.md): export reads every row of the league in one
read snapshot and renumbers the ids; import checks the whole file first (format, version, fields,
references, ledgers), then writes every row with new ids in ONE transaction, so a league is never half
imported. Exporting an imported league gives the same bytes as the file that was imported. The sequence is
services/competition_export.py's, which `/event export|import` shares.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.errors import Conflict
from bot.i18n import _
from bot.rules.league import league_file
from bot.services.competition_export import ATTACHMENT_LIMIT, IMPORT_LIMIT, import_file, packed, parse_upload
from bot.services.inputs import optional_id
from bot.services.league.leagues import clean_name, find_league
from bot.services.runtime import Actor, Runtime
from bot.store import league_export as store
from bot.store.connection import Connection

__all__ = [
    "ATTACHMENT_LIMIT",
    "IMPORT_LIMIT",
    "LeagueExport",
    "LeagueImport",
    "export_league",
    "import_league",
]


@dataclass(frozen=True)
class LeagueExport:
    league_name: str
    data: bytes  # the JSON file, or it gzipped when it is over ATTACHMENT_LIMIT
    gzipped: bool
    teams: int
    fixtures: int


@dataclass(frozen=True)
class LeagueImport:
    league_id: int
    league_name: str
    teams: int
    players: int
    fixtures: int


def _export(conn: Connection, guild_id: int, reference: str | None) -> tuple[str, league_file.LeagueFile]:
    league = find_league(conn, guild_id, reference)
    try:
        return league.name, league_file.to_file(store.read_league(conn, guild_id, league.id))
    except KeyError as error:  # a row names a row that is not the league's: the database is inconsistent
        raise Conflict(
            _(
                "{league} cannot be exported: a row names a missing row ({error}).",
                league=league.name,
                error=error,
            )
        ) from error


async def export_league(rt: Runtime, actor: Actor, reference: str | None) -> LeagueExport:
    """The league (named, or the server's only one) as one league file."""
    name, file = await rt.db.read(_export, actor.guild_id, reference)
    data, gzipped = packed(league_file.encode(file), ATTACHMENT_LIMIT)
    return LeagueExport(name, data, gzipped, len(file.teams), len(file.fixtures))


async def import_league(rt: Runtime, actor: Actor, data: bytes, name: str | None) -> LeagueImport:
    """Import a league file (JSON or gzipped JSON) into the actor's server, in the channel it is run in,
    under its own name or `name`. Refused with the reasons when anything in it is wrong."""
    optional_id(actor.channel_id, _("channel"))
    file = await parse_upload(league_file.LEAGUE, data, IMPORT_LIMIT)
    wanted = clean_name(name if name is not None else file.leagues[0].name, _("league name"))
    league_id = await import_file(rt, actor, league_file.LEAGUE, file, wanted, store.IMPORT_ACTION)
    return LeagueImport(league_id, wanted, len(file.teams), len(file.players), len(file.fixtures))
