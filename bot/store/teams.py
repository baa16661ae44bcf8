"""Teams and their players, and the treasury ledger (the treasury always equals the sum of its changes)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Literal

from bot.clock import unix
from bot.errors import RuleViolation
from bot.i18n import _
from bot.store.connection import Connection, IntegrityError, Row
from bot.text import gp

TeamStatus = Literal["draft", "submitted", "approved", "rejected", "retired"]
PlayerStatus = Literal["active", "fired", "dead", "left"]


@dataclass(frozen=True)
class TeamRow:
    id: int
    guild_id: int
    league_id: int
    coach_id: int
    name: str
    roster: str
    regional_league: str
    alignment: str | None
    status: TeamStatus
    treasury: int
    rerolls: int
    assistant_coaches: int
    cheerleaders: int
    apothecary: bool
    dedicated_fans: int
    review_note: str | None


@dataclass(frozen=True)
class PlayerRow:
    id: int
    team_id: int
    number: int
    name: str
    position: str
    hiring_fee: int
    value_increase: int
    spp: int
    status: PlayerStatus
    miss_next_game: bool
    niggling_injuries: int
    temporarily_retired: bool
    journeyman: bool
    ma_change: int
    st_change: int
    ag_change: int
    pa_change: int
    av_change: int
    advancements: int
    hired_in_fixture: int | None  # set for journeymen (their game) and post-game hires
    seasons_played: int = 0  # seasons finished on this team: the re-hire agent's fee
    star_contract: int | None = None  # a star player under a long-term contract (seed 004)
    mercenary: bool = False  # a Mercenary Player on an event roster: Loner (4+), no SPP, never the MVP

    @property
    def current_value(self) -> int:
        return self.hiring_fee + self.value_increase


def _team(row: Row) -> TeamRow:
    return TeamRow(
        id=row["id"],
        guild_id=row["guild_id"],
        league_id=row["league_id"],
        coach_id=row["coach_id"],
        name=row["name"],
        roster=row["roster"],
        regional_league=row["regional_league"],
        alignment=row["alignment"],
        status=row["status"],
        treasury=row["treasury"],
        rerolls=row["rerolls"],
        assistant_coaches=row["assistant_coaches"],
        cheerleaders=row["cheerleaders"],
        apothecary=bool(row["apothecary"]),
        dedicated_fans=row["dedicated_fans"],
        review_note=row["review_note"],
    )


def _player(row: Row) -> PlayerRow:
    return PlayerRow(
        id=row["id"],
        team_id=row["team_id"],
        number=row["number"],
        name=row["name"],
        position=row["position"],
        hiring_fee=row["hiring_fee"],
        value_increase=row["value_increase"],
        spp=row["spp"],
        status=row["status"],
        miss_next_game=bool(row["miss_next_game"]),
        niggling_injuries=row["niggling_injuries"],
        temporarily_retired=bool(row["temporarily_retired"]),
        journeyman=bool(row["journeyman"]),
        ma_change=row["ma_change"],
        st_change=row["st_change"],
        ag_change=row["ag_change"],
        pa_change=row["pa_change"],
        av_change=row["av_change"],
        advancements=row["advancements"],
        hired_in_fixture=row["hired_in_fixture"],
        seasons_played=row["seasons_played"],
        star_contract=row["star_contract"],
        mercenary=bool(row["mercenary"]),
    )


def insert(
    conn: Connection,
    *,
    guild_id: int,
    league_id: int,
    coach_id: int,
    name: str,
    roster: str,
    regional_league: str,
    alignment: str | None,
    now: datetime,
) -> TeamRow:
    cursor = conn.execute(
        "INSERT INTO teams (guild_id, league_id, coach_id, name, roster, regional_league, alignment,"
        " treasury, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, 0, ?)",
        (guild_id, league_id, coach_id, name, roster, regional_league, alignment, unix(now)),
    )
    team = get(conn, guild_id, int(cursor.lastrowid or 0))
    assert team is not None
    return team


def get(conn: Connection, guild_id: int, team_id: int) -> TeamRow | None:
    row = conn.execute("SELECT * FROM teams WHERE guild_id = ? AND id = ?", (guild_id, team_id)).fetchone()
    return None if row is None else _team(row)


def by_coach(conn: Connection, guild_id: int, league_id: int, coach_id: int) -> TeamRow | None:
    row = conn.execute(
        "SELECT * FROM teams WHERE guild_id = ? AND league_id = ? AND coach_id = ? AND status <> 'retired'",
        (guild_id, league_id, coach_id),
    ).fetchone()
    return None if row is None else _team(row)


def of_coach(conn: Connection, guild_id: int, coach_id: int) -> list[TeamRow]:
    rows = conn.execute(
        "SELECT * FROM teams WHERE guild_id = ? AND coach_id = ? AND status <> 'retired' ORDER BY id",
        (guild_id, coach_id),
    )
    return [_team(row) for row in rows]


def in_league(
    conn: Connection, guild_id: int, league_id: int, statuses: tuple[TeamStatus, ...] | None = None
) -> list[TeamRow]:
    rows = conn.execute(
        "SELECT * FROM teams WHERE guild_id = ? AND league_id = ? ORDER BY id", (guild_id, league_id)
    ).fetchall()
    teams = [_team(row) for row in rows]
    return [t for t in teams if statuses is None or t.status in statuses]


def set_status(conn: Connection, team: TeamRow, status: TeamStatus, note: str | None = None) -> None:
    conn.execute(
        "UPDATE teams SET status = ?, review_note = ? WHERE guild_id = ? AND id = ?",
        (status, note, team.guild_id, team.id),
    )


def set_staff(
    conn: Connection,
    team: TeamRow,
    *,
    rerolls: int,
    assistant_coaches: int,
    cheerleaders: int,
    apothecary: bool,
    dedicated_fans: int,
) -> None:
    conn.execute(
        "UPDATE teams SET rerolls = ?, assistant_coaches = ?, cheerleaders = ?, apothecary = ?,"
        " dedicated_fans = ? WHERE guild_id = ? AND id = ?",
        (rerolls, assistant_coaches, cheerleaders, int(apothecary), dedicated_fans, team.guild_id, team.id),
    )


def change_treasury(
    conn: Connection,
    team: TeamRow,
    amount: int,
    cause: str,
    *,
    actor_id: int,
    now: datetime,
    fixture_id: int | None = None,
) -> int:
    """Add (or, negative, spend) gold with its cause. Refuses to go below zero. Returns the new balance."""
    held = get(conn, team.guild_id, team.id)  # as the team reads now: a read the unit made already, if it can
    assert held is not None
    balance = held.treasury + amount
    if balance < 0:
        raise RuleViolation(
            _(
                "That costs {cost}; {team} has {treasury}.",
                cost=gp(-amount),
                team=team.name,
                treasury=gp(held.treasury),
            )
        )
    conn.execute(
        "UPDATE teams SET treasury = ? WHERE guild_id = ? AND id = ?", (balance, team.guild_id, team.id)
    )
    conn.execute(
        "INSERT INTO treasury_changes (guild_id, team_id, amount, balance_after, cause, fixture_id, actor_id,"
        " created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        (team.guild_id, team.id, amount, balance, cause, fixture_id, actor_id, unix(now)),
    )
    return balance


def players(conn: Connection, team: TeamRow, *, include_gone: bool = False) -> list[PlayerRow]:
    return players_of(conn, team.guild_id, team.id, include_gone=include_gone)


def players_of(
    conn: Connection, guild_id: int, team_id: int, *, include_gone: bool = False
) -> list[PlayerRow]:
    """A team's players by its id (`players`, for a unit that has not read the team yet)."""
    sql = "SELECT * FROM players WHERE guild_id = ? AND team_id = ?"
    if not include_gone:
        sql += " AND status = 'active'"
    rows = conn.execute(sql + " ORDER BY number", (guild_id, team_id))
    return [_player(row) for row in rows]


def insert_player(
    conn: Connection,
    team: TeamRow,
    *,
    number: int,
    name: str,
    position: str,
    hiring_fee: int,
    now: datetime,
    journeyman: bool = False,
    hired_in_fixture: int | None = None,
    mercenary: bool = False,
) -> PlayerRow:
    try:
        cursor = conn.execute(
            "INSERT INTO players (guild_id, team_id, number, name, position, hiring_fee, journeyman,"
            " hired_in_fixture, mercenary, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                team.guild_id,
                team.id,
                number,
                name,
                position,
                hiring_fee,
                int(journeyman),
                hired_in_fixture,
                int(mercenary),
                unix(now),
            ),
        )
        player_id = cursor.lastrowid  # read here: PostgreSQL answers a queued statement when it is read
    except IntegrityError as exc:
        raise RuleViolation(
            _("Number {number} is already taken on {team}.", number=number, team=team.name)
        ) from exc
    row = conn.execute(
        "SELECT * FROM players WHERE guild_id = ? AND id = ?", (team.guild_id, player_id)
    ).fetchone()
    return _player(row)


def player_by_number(conn: Connection, team: TeamRow, number: int) -> PlayerRow | None:
    row = conn.execute(
        "SELECT * FROM players WHERE guild_id = ? AND team_id = ? AND number = ? AND status = 'active'",
        (team.guild_id, team.id, number),
    ).fetchone()
    return None if row is None else _player(row)


def player(conn: Connection, team: TeamRow, player_id: int) -> PlayerRow | None:
    row = conn.execute(
        "SELECT * FROM players WHERE guild_id = ? AND team_id = ? AND id = ?",
        (team.guild_id, team.id, player_id),
    ).fetchone()
    return None if row is None else _player(row)


def delete_player(conn: Connection, team: TeamRow, player_id: int) -> None:
    """Only for drafts: an unsubmitted team's player never existed in the league."""
    conn.execute(
        "DELETE FROM players WHERE guild_id = ? AND team_id = ? AND id = ?",
        (team.guild_id, team.id, player_id),
    )


def rename_player(conn: Connection, team: TeamRow, player_id: int, *, name: str, number: int) -> None:
    try:
        _rows = conn.execute(
            "UPDATE players SET name = ?, number = ? WHERE guild_id = ? AND team_id = ? AND id = ?",
            (name, number, team.guild_id, team.id, player_id),
        ).rowcount  # waited for here: PostgreSQL answers a queued statement when it is read
    except IntegrityError as exc:
        raise RuleViolation(
            _("Number {number} is already taken on {team}.", number=number, team=team.name)
        ) from exc


def treasury_total(conn: Connection, team: TeamRow) -> int:
    row = conn.execute(
        "SELECT COALESCE(SUM(amount), 0) FROM treasury_changes WHERE guild_id = ? AND team_id = ?",
        (team.guild_id, team.id),
    ).fetchone()
    return int(row[0])


def journeymen_of(conn: Connection, team: TeamRow, fixture_id: int) -> list[PlayerRow]:
    rows = conn.execute(
        "SELECT * FROM players WHERE guild_id = ? AND team_id = ? AND journeyman = 1"
        " AND hired_in_fixture = ? AND status = 'active' ORDER BY number",
        (team.guild_id, team.id, fixture_id),
    )
    return [_player(row) for row in rows]


def make_permanent(conn: Connection, team: TeamRow, player_id: int) -> None:
    """A journeyman hired for good: an ordinary player from now on."""
    conn.execute(
        "UPDATE players SET journeyman = 0 WHERE guild_id = ? AND team_id = ? AND id = ?",
        (team.guild_id, team.id, player_id),
    )


def add_season_played(conn: Connection, guild_id: int, team_ids: list[int]) -> None:
    """A season is over: every player still on these teams took part in one more (the agent's fee)."""
    conn.executemany(
        "UPDATE players SET seasons_played = seasons_played + 1 WHERE guild_id = ? AND team_id = ?"
        " AND status = 'active' AND journeyman = 0",
        [(guild_id, team_id) for team_id in team_ids],
    )
