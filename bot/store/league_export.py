# ruff: noqa: S608  (the statements are built from this module's fixed pieces and TABLES, never from input)
"""Every row of one league or tournament, read for its file, and the rows of an imported file written with
new ids: the store of `/league export|import` and `/event export|import`.

The tables and their columns come from the files' rules (bot/rules/league/league_file.py's TABLES, and
bot/rules/tournament/event_file.py's, which add the tournament's own tables to the same ones); this module
holds the SQL that finds a competition's rows in each table. Every query is scoped by guild; table and
column names in the statements come from those fixed lists, never from the file, and every value is a bound
parameter.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.rules.competition_file import Row, Table
from bot.rules.league.league_file import TABLES as LEAGUE_TABLES
from bot.rules.tournament.event_file import TABLES as EVENT_TABLES
from bot.store.connection import Connection

_SEASONS = "(SELECT id FROM seasons WHERE guild_id = :g AND league_id = :l)"
_TEAMS = "(SELECT id FROM teams WHERE guild_id = :g AND league_id = :l)"
_FIXTURES = "(SELECT id FROM fixtures WHERE guild_id = :g AND league_id = :l)"

# table -> the statement that reads the competition's rows of it, in the order the database made them
_ROWS: dict[str, str] = {
    "leagues": "SELECT * FROM leagues WHERE guild_id = :g AND id = :l",
    "seasons": "SELECT * FROM seasons WHERE guild_id = :g AND league_id = :l ORDER BY id",
    "divisions": f"SELECT * FROM divisions WHERE guild_id = :g AND season_id IN {_SEASONS} ORDER BY id",
    "rounds": f"SELECT * FROM rounds WHERE guild_id = :g AND season_id IN {_SEASONS} ORDER BY id",
    "reminders": "SELECT * FROM reminders WHERE guild_id = :g AND round_id IN (SELECT id FROM rounds"
    f" WHERE guild_id = :g AND season_id IN {_SEASONS}) ORDER BY id",
    "teams": "SELECT * FROM teams WHERE guild_id = :g AND league_id = :l ORDER BY id",
    "division_teams": "SELECT division_id, team_id, guild_id FROM division_teams"
    f" WHERE guild_id = :g AND team_id IN {_TEAMS} ORDER BY division_id, position",
    "star_contracts": "SELECT * FROM star_contracts WHERE guild_id = :g AND league_id = :l ORDER BY id",
    "fixtures": "SELECT * FROM fixtures WHERE guild_id = :g AND league_id = :l ORDER BY id",
    "fixture_reports": f"SELECT * FROM fixture_reports WHERE guild_id = :g AND fixture_id IN {_FIXTURES}"
    " ORDER BY id",
    "players": f"SELECT * FROM players WHERE guild_id = :g AND team_id IN {_TEAMS} ORDER BY id",
    "treasury_changes": f"SELECT * FROM treasury_changes WHERE guild_id = :g AND team_id IN {_TEAMS} ORDER BY id",
    "player_changes": f"SELECT * FROM player_changes WHERE guild_id = :g AND team_id IN {_TEAMS} ORDER BY id",
    "team_changes": f"SELECT * FROM team_changes WHERE guild_id = :g AND team_id IN {_TEAMS} ORDER BY id",
    "team_postgames": f"SELECT * FROM team_postgames WHERE guild_id = :g AND team_id IN {_TEAMS} ORDER BY id",
    "player_advancements": "SELECT * FROM player_advancements WHERE guild_id = :g"
    f" AND team_id IN {_TEAMS} ORDER BY id",
    "pending_advancements": "SELECT * FROM pending_advancements WHERE guild_id = :g"
    f" AND team_id IN {_TEAMS} ORDER BY id",
    "player_traits": f"SELECT * FROM player_traits WHERE guild_id = :g AND team_id IN {_TEAMS} ORDER BY id",
    "match_events": f"SELECT * FROM match_events WHERE guild_id = :g AND fixture_id IN {_FIXTURES} ORDER BY id",
    "inducement_phases": f"SELECT * FROM inducement_phases WHERE guild_id = :g AND fixture_id IN {_FIXTURES}",
    "fixture_inducements": "SELECT * FROM fixture_inducements WHERE guild_id = :g"
    f" AND fixture_id IN {_FIXTURES} ORDER BY id",
    "fixture_pregame": "SELECT * FROM fixture_pregame WHERE guild_id = :g"
    f" AND fixture_id IN {_FIXTURES} ORDER BY id",
    "penalty_shootouts": f"SELECT * FROM penalty_shootouts WHERE guild_id = :g AND fixture_id IN {_FIXTURES}",
    "playoff_qualifiers": f"SELECT * FROM playoff_qualifiers WHERE guild_id = :g AND season_id IN {_SEASONS}",
    "season_awards": f"SELECT * FROM season_awards WHERE guild_id = :g AND season_id IN {_SEASONS}",
    "team_redrafts": "SELECT * FROM team_redrafts WHERE guild_id = :g AND league_id = :l ORDER BY id",
    "signing_drafts": "SELECT * FROM signing_drafts WHERE guild_id = :g AND league_id = :l ORDER BY id",
    # the league's dice: every roll the bot made for it (its fixtures, draws, off-season checks)
    "dice_rolls": "SELECT * FROM dice_rolls WHERE guild_id = :g AND league_id = :l ORDER BY id",
    # the league's log, but not its own import (recorded in the server it was imported into)
    "audit_log": "SELECT * FROM audit_log WHERE guild_id = :g AND league_id = :l"
    " AND action NOT IN ('league.import', 'event.import') ORDER BY id",
    # a tournament's own tables (the event file's)
    "tournaments": "SELECT * FROM tournaments WHERE guild_id = :g AND league_id = :l",
    "tournament_entries": "SELECT * FROM tournament_entries WHERE guild_id = :g AND league_id = :l",
    "tournament_skills": f"SELECT * FROM tournament_skills WHERE guild_id = :g AND team_id IN {_TEAMS}",
    "tournament_squads": "SELECT * FROM tournament_squads WHERE guild_id = :g AND league_id = :l ORDER BY id",
    "tournament_squad_members": "SELECT * FROM tournament_squad_members WHERE guild_id = :g AND league_id = :l",
    "tournament_tables": "SELECT * FROM tournament_tables WHERE guild_id = :g AND league_id = :l ORDER BY id",
    "tournament_votes": "SELECT * FROM tournament_votes WHERE guild_id = :g AND league_id = :l",
    "tournament_objectives": "SELECT * FROM tournament_objectives WHERE guild_id = :g AND league_id = :l"
    " ORDER BY id",
    "tournament_escalation_players": "SELECT * FROM tournament_escalation_players WHERE guild_id = :g"
    f" AND team_id IN {_TEAMS}",
    "tournament_escalation_rounds": "SELECT * FROM tournament_escalation_rounds WHERE guild_id = :g"
    f" AND team_id IN {_TEAMS}",
}

IMPORT_ACTION = "league.import"  # the audit action of an import, which the league's file leaves out
EVENT_IMPORT_ACTION = "event.import"  # and of an event's import, which the event's file leaves out
# every table a file may hold (the event file's are the league file's and the tournament's own)
_TABLES: dict[str, Table] = {t.name: t for t in (*LEAGUE_TABLES, *EVENT_TABLES)}

# columns the file does not carry: set from the server the file is imported into, and the new league
_CHANNEL_COLUMNS = {"leagues": "announce_channel_id", "dice_rolls": "channel_id"}
_LEAGUE_COLUMNS = {"dice_rolls": "league_id"}
# rows kept in the order they were added (a `position` the file leaves out): the table and its group column
_POSITIONED = {"division_teams": "division_id", "tournament_squad_members": "squad_id"}


def read_rows(
    conn: Connection, guild_id: int, league_id: int, tables: Sequence[Table]
) -> dict[str, list[Row]]:
    """Every row of the league or tournament in each of `tables` (a file's), table by table (all columns,
    the database's ids)."""
    params = {"g": guild_id, "l": league_id}
    return {t.name: [dict(r) for r in conn.execute(_ROWS[t.name], params).fetchall()] for t in tables}


def read_league(conn: Connection, guild_id: int, league_id: int) -> dict[str, list[Row]]:
    """Every row of the league, table by table (all columns, the database's ids)."""
    return read_rows(conn, guild_id, league_id, LEAGUE_TABLES)


def read_event(conn: Connection, guild_id: int, league_id: int) -> dict[str, list[Row]]:
    """Every row of the tournament (its league row, the shared tables and its own), table by table."""
    return read_rows(conn, guild_id, league_id, EVENT_TABLES)


def insert_row(
    conn: Connection, guild_id: int, channel_id: int, league_id: int | None, table: str, row: Row
) -> int | None:
    """Insert one row of a file into `table` (one of the files' tables) in this guild, for the imported
    league or tournament `league_id` (None while its `leagues` row itself is written); returns its new `id`
    (None for a table without ids). A keyed row's `id` is left to the database."""
    if table not in _TABLES:
        raise ValueError(f"not a table of a league or event file: {table}")
    values = {k: v for k, v in row.items() if not (k == "id" and _TABLES[table].keyed)}
    if table in _CHANNEL_COLUMNS:
        values[_CHANNEL_COLUMNS[table]] = channel_id
    if table in _LEAGUE_COLUMNS:
        values[_LEAGUE_COLUMNS[table]] = league_id
    columns = ", ".join(values)
    marks = ", ".join("?" for _ in values)
    params: list[object] = [guild_id, *values.values()]
    if table in _POSITIONED:  # after the rows of its group already in
        group = _POSITIONED[table]
        columns += ", position"
        marks += f", (SELECT COALESCE(MAX(position), 0) + 1 FROM {table} WHERE guild_id = ? AND {group} = ?)"
        params += [guild_id, values[group]]
    cursor = conn.execute(f"INSERT INTO {table} (guild_id, {columns}) VALUES (?, {marks})", params)
    return cursor.lastrowid if _TABLES[table].keyed else None


def update_row(conn: Connection, guild_id: int, table: str, row_id: int, values: Row) -> None:
    """Set some columns of one imported row (the ids inside its JSON columns, once every row exists)."""
    if table not in _TABLES or not set(values) <= set(_TABLES[table].model.model_fields):
        raise ValueError(f"not columns of a file's {table}: {sorted(values)}")
    sets = ", ".join(f"{c} = ?" for c in values)
    conn.execute(
        f"UPDATE {table} SET {sets} WHERE guild_id = ? AND id = ?",
        (*values.values(), guild_id, row_id),
    )


def name_taken(conn: Connection, guild_id: int, name: str) -> bool:
    """Whether a league or tournament of this guild already has the name (case-insensitive)."""
    row = conn.execute(
        "SELECT 1 FROM leagues WHERE guild_id = ? AND lower(name) = lower(?)", (guild_id, name)
    ).fetchone()
    return row is not None
