"""What `/league export|import` and `/event export|import` share: a file's bytes as an attachment (gzipped
when over Discord's smallest upload limit), the bounded read of an uploaded file (its size first, then the
parse off the event loop: a big file is seconds of CPU), and the import of a parsed file: a free name, every
row written with new ids and the import audited, in ONE transaction. The kinds of file are
bot/rules/competition_file.py's."""

from __future__ import annotations

import asyncio
import gzip
from typing import TypeVar

from bot import failpoints
from bot.errors import Conflict, InvalidInput
from bot.i18n import _
from bot.rules import competition_file
from bot.rules.competition_file import CompetitionFile, FileKind, IdMap, Table
from bot.services.roster.team_lookup import known_position
from bot.services.runtime import Actor, Runtime
from bot.store import audit
from bot.store import league_export as store
from bot.store.connection import Connection, IntegrityError

ATTACHMENT_LIMIT = 8 * 1024 * 1024  # Discord's smallest upload limit: bigger files are sent gzipped
IMPORT_LIMIT = 25 * 1024 * 1024  # the largest file (packed) an import reads

F = TypeVar("F", bound=CompetitionFile)


def packed(data: bytes, limit: int) -> tuple[bytes, bool]:
    """The file's bytes as sent: as they are, or gzipped (with no time in the header) when over `limit`."""
    if len(data) > limit:
        return gzip.compress(data, mtime=0), True
    return data, False


async def parse_upload(kind: FileKind[F], data: bytes, limit: int = IMPORT_LIMIT) -> F:
    """An uploaded file checked whole, or refused: too large (before anything is read from it), or with
    the parser's reasons. The parse runs in a worker thread so the bot keeps answering meanwhile."""
    if len(data) > limit:
        raise InvalidInput(_("The file is too large: at most {size} MiB.", size=limit // (1024 * 1024)))
    return await asyncio.to_thread(competition_file.parse, kind, data)


def write_file(
    conn: Connection, guild_id: int, channel_id: int, kind: FileKind[F], file: F, name: str
) -> IdMap:
    """Every row of the file written into this guild under new ids (its one `leagues` row renamed `name`,
    announcing in `channel_id`), inside the caller's transaction; returns the file's ids -> the new ones."""
    ids: IdMap = {t.name: {} for t in kind.tables}
    later: list[tuple[Table, int, dict[str, object]]] = []
    league_id = file.rows("leagues")[0].model_dump()["id"]
    for table, rows in competition_file.rows_for_import(kind, file):
        for row in rows:
            if table.name == "leagues":
                row = {**row, "name": name}
            new_id = store.insert_row(
                conn,
                guild_id,
                channel_id,
                ids["leagues"].get(int(str(league_id))),
                table.name,
                competition_file.map_row(table, row, ids, with_json=False),
            )
            if new_id is not None:  # a keyed table's row
                ids[table.name][int(str(row["id"]))] = new_id
                if table.json_refs:
                    later.append((table, new_id, row))
    for table, new_id, row in later:  # the ids inside JSON columns, now that every row has its new id
        store.update_row(conn, guild_id, table.name, new_id, competition_file.map_json(table, row, ids))
    return ids


def catalogue_problems(rt: Runtime, file: CompetitionFile) -> list[str]:
    """Every team whose roster, and every player whose position, this bot's catalogue does not know."""
    reasons = []
    rosters = {}
    for n, team in enumerate(t.model_dump() for t in file.rows("teams")):
        roster = rt.catalog.teams.get(str(team["roster"]))
        if roster is None:
            roster_name = repr(str(team["roster"])[:40])
            reasons.append(_("teams[{n}].roster: {roster} is not a roster here", n=n, roster=roster_name))
        else:
            rosters[team["id"]] = roster
    for n, player in enumerate(p.model_dump() for p in file.rows("players")):
        roster, position = rosters.get(player["team_id"]), str(player["position"])
        if roster is not None and not known_position(rt.catalog, roster, position):
            reasons.append(
                _(
                    "players[{n}].position: {position} is not a {roster} position",
                    n=n,
                    position=repr(position[:40]),
                    roster=roster.name,
                )
            )
    return reasons


def _import(
    conn: Connection, rt: Runtime, actor: Actor, kind: FileKind[F], file: F, name: str, action: str
) -> int:
    unknown = catalogue_problems(rt, file)
    if unknown:
        raise competition_file.refused(kind.noun, unknown)
    if store.name_taken(conn, actor.guild_id, name):
        raise Conflict(
            _(
                "This server already has a league or tournament called {name}: import it under another name.",
                name=name,
            )
        )
    ids = write_file(conn, actor.guild_id, actor.channel_id, kind, file, name)
    (original,) = file.rows("leagues")
    new_id = ids["leagues"][int(str(getattr(original, "id")))]  # noqa: B009
    detail = {"name": name, "from": getattr(original, "name"), "teams": len(file.rows("teams"))}  # noqa: B009
    audit.record(conn, actor.guild_id, actor.user_id, action, rt.clock.now(), detail=detail, league_id=new_id)
    return new_id


async def import_file(rt: Runtime, actor: Actor, kind: FileKind[F], file: F, name: str, action: str) -> int:
    """Write a parsed file into the actor's server as a new competition called `name` (refused when the
    server already has one of that name), announcing in the actor's channel, audited as `action`, in one
    transaction; returns its new id. A row the database refuses refuses the whole file, with the reason."""
    try:
        return await rt.db.write_step(failpoints.IMPORT, _import, rt, actor, kind, file, name, action)
    except IntegrityError as error:  # a value the schema refuses (a status it does not know, ...)
        raise competition_file.refused(
            kind.noun, [_("the database refuses one of its rows ({error})", error=error)]
        ) from error
