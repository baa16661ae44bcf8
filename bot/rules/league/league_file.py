"""The league file: one league as one versioned JSON document (docs/EXPORT_FORMAT.md describes every field).

Its tables are the ones a league and an event share (league_file_tables.py, re-exported here: this module is
the file's front door); the machinery (ids mapped between the database and the file, the bytes written, the
bounded parse of an import) is bot/rules/competition_file.py's, which the event file uses too. What is the
league's own: the kind of file (`LEAGUE`) and its checks (one league of kind 'league', valid settings,
references that resolve, ledgers that add up). No database, no Discord.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from pydantic import ValidationError

from bot.errors import RuleViolation
from bot.rules import competition_file
from bot.rules.competition_file import REASONS_SHOWN, FileKind, IdMap, Row, map_json, map_row
from bot.rules.competition_tables import ledger_problems, one_competition
from bot.rules.league.league_file_tables import TABLES, TABLES_BY_NAME, LeagueFile, Table
from bot.rules.league.league_settings import LeagueSettings
from bot.rules.match.match_result import ResultReport

__all__ = [
    "FORMAT",
    "LEAGUE",
    "MAX_UNPACKED",
    "REASONS_SHOWN",
    "TABLES",
    "TABLES_BY_NAME",
    "VERSION",
    "IdMap",
    "LeagueFile",
    "Row",
    "Table",
    "encode",
    "map_json",
    "map_row",
    "parse",
    "problems",
    "refused",
    "rows_for_import",
    "to_file",
]

FORMAT = "bb-league-bot/league"
VERSION = 1
MAX_UNPACKED = competition_file.MAX_UNPACKED  # a gzipped file may not unpack to more than this


def problems(file: LeagueFile) -> list[str]:
    """What is wrong with a well-formed file: one league (of kind 'league'), valid settings, references
    that resolve, JSON text that is JSON, and ledgers equal to their sums (a treasury to its changes, a
    player's SPP to earned minus spent)."""
    if len(file.leagues) != 1:
        return one_competition(file, "league")
    reasons = one_competition(file, "league")
    try:
        LeagueSettings.model_validate_json(file.leagues[0].settings)
    except ValidationError as error:
        reasons.append(f"leagues[0].settings: {str(error).splitlines()[0]}")
    return reasons + competition_file.references_and_json(LEAGUE, file) + ledger_problems(file)


LEAGUE: FileKind[LeagueFile] = FileKind(
    noun="league",
    format=FORMAT,
    version=VERSION,
    tables=TABLES,
    model=LeagueFile,
    report=ResultReport,
    check=problems,
)


def to_file(raw: Mapping[str, Sequence[Mapping[str, object]]]) -> LeagueFile:
    """The file of one league from its database rows (each table's rows in the order the database made
    them). Raises KeyError when a row names a row that is not the league's."""
    return competition_file.to_file(LEAGUE, raw)


def encode(file: LeagueFile) -> bytes:
    """The file's bytes: sorted keys, one row per line, so the same league always gives the same bytes."""
    return competition_file.encode(LEAGUE, file)


def refused(reasons: Sequence[str]) -> RuleViolation:
    """A league file that cannot be imported, refused with its first reasons."""
    return competition_file.refused(LEAGUE.noun, reasons)


def parse(data: bytes) -> LeagueFile:
    """The file checked whole: JSON (or gzipped JSON), the format and version, every field, every reference,
    every ledger. Raises RuleViolation naming the first reasons."""
    return competition_file.parse(LEAGUE, data, max_unpacked=MAX_UNPACKED)


def rows_for_import(file: LeagueFile) -> list[tuple[Table, list[Row]]]:
    """Each table's rows as plain dicts, in the order they are written."""
    return competition_file.rows_for_import(LEAGUE, file)
