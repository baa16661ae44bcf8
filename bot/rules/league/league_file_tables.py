"""The league file's shape (docs/EXPORT_FORMAT.md describes every field): the tables a league and an event
share (bot/rules/competition_tables.py, re-exported here), in the order they are written, and the whole
file's model."""

from __future__ import annotations

from typing import Literal

from bot.rules.competition_file import FileRow, JsonShape, Table
from bot.rules.competition_tables import COMPETITION_TABLES, CompetitionTables

__all__ = ["TABLES", "TABLES_BY_NAME", "FileRow", "JsonShape", "LeagueFile", "Table"]

TABLES: tuple[Table, ...] = COMPETITION_TABLES
TABLES_BY_NAME = {t.name: t for t in TABLES}


class LeagueFile(CompetitionTables):
    """The whole file: its format and version, then the shared tables (`leagues` holds exactly one row)."""

    format: Literal["bb-league-bot/league"]
    version: Literal[1]
