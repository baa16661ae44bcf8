"""Seasons, their divisions and rounds, and fixtures (with the team names a listing needs)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Literal

from bot.clock import from_unix, unix
from bot.store.connection import Connection, Row

SeasonStatus = Literal["regular", "playoffs", "finished"]
FixtureStatus = Literal["scheduled", "reported", "disputed", "confirmed"]
FixtureKind = Literal["league", "friendly", "playoff"]
Outcome = Literal["W", "D", "L"]  # the CHECK of fixtures.home_outcome / away_outcome


@dataclass(frozen=True)
class Season:
    id: int
    league_id: int
    number: int
    status: SeasonStatus
    playoff_size: int | None = None
    started_at: datetime | None = None
    finished_at: datetime | None = None


@dataclass(frozen=True)
class Division:
    id: int
    number: int
    name: str
    team_ids: tuple[int, ...]


@dataclass(frozen=True)
class Round:
    id: int
    number: int
    starts_at: datetime
    deadline_at: datetime
    status: str


@dataclass(frozen=True)
class Fixture:
    id: int
    guild_id: int
    league_id: int
    season_id: int | None
    kind: FixtureKind
    round_number: int | None
    deadline_at: datetime | None
    division_id: int | None
    home_team_id: int
    home_name: str
    home_coach_id: int
    away_team_id: int
    away_name: str
    away_coach_id: int
    status: FixtureStatus
    report: str | None
    report_version: int
    reported_by: int | None
    home_score: int | None
    away_score: int | None
    home_cas: int | None
    away_cas: int | None
    home_outcome: Outcome | None
    away_outcome: Outcome | None
    counts_for_bonus: bool
    playoff_stage: int | None = None
    playoff_slot: int | None = None
    third_place: bool = False
    confirmed_at: datetime | None = None  # when the result was locked

    def coaches(self) -> tuple[int, int]:
        return self.home_coach_id, self.away_coach_id

    def side_of(self, user_id: int) -> Literal["home", "away"] | None:
        if user_id == self.home_coach_id:
            return "home"
        if user_id == self.away_coach_id:
            return "away"
        return None

    @property
    def label(self) -> str:
        return f"{self.home_name} v {self.away_name}"


def insert_season(
    conn: Connection, *, guild_id: int, league_id: int, number: int, started_by: int, now: datetime
) -> Season:
    cursor = conn.execute(
        "INSERT INTO seasons (guild_id, league_id, number, started_by, started_at) VALUES (?, ?, ?, ?, ?)",
        (guild_id, league_id, number, started_by, unix(now)),
    )
    return Season(id=int(cursor.lastrowid or 0), league_id=league_id, number=number, status="regular")


def current_season(conn: Connection, guild_id: int, league_id: int) -> Season | None:
    row = conn.execute(
        "SELECT * FROM seasons WHERE guild_id = ? AND league_id = ? ORDER BY number DESC LIMIT 1",
        (guild_id, league_id),
    ).fetchone()
    return None if row is None else _season(row)


def _season(row: Row) -> Season:
    return Season(
        id=row["id"],
        league_id=row["league_id"],
        number=row["number"],
        status=row["status"],
        playoff_size=row["playoff_size"],
        started_at=from_unix(row["started_at"]),
        finished_at=from_unix(row["finished_at"]) if row["finished_at"] is not None else None,
    )


def season_by_number(conn: Connection, guild_id: int, league_id: int, number: int) -> Season | None:
    row = conn.execute(
        "SELECT * FROM seasons WHERE guild_id = ? AND league_id = ? AND number = ?",
        (guild_id, league_id, number),
    ).fetchone()
    return None if row is None else _season(row)


def seasons_of(conn: Connection, guild_id: int, league_id: int) -> list[Season]:
    rows = conn.execute(
        "SELECT * FROM seasons WHERE guild_id = ? AND league_id = ? ORDER BY number", (guild_id, league_id)
    )
    return [_season(row) for row in rows]


def open_playoffs(conn: Connection, guild_id: int, season: Season) -> bool:
    """The regular season is over: play-offs from now on. False if it already moved on."""
    cursor = conn.execute(
        "UPDATE seasons SET status = 'playoffs' WHERE guild_id = ? AND id = ? AND status = 'regular'",
        (guild_id, season.id),
    )
    return cursor.rowcount == 1


def finish_season(conn: Connection, guild_id: int, season: Season, now: datetime) -> bool:
    """The season is over (prizes awarded). False if it already was."""
    cursor = conn.execute(
        "UPDATE seasons SET status = 'finished', finished_at = ? WHERE guild_id = ? AND id = ?"
        " AND status IN ('regular', 'playoffs')",
        (unix(now), guild_id, season.id),
    )
    return cursor.rowcount == 1


def insert_division(
    conn: Connection, *, guild_id: int, season_id: int, number: int, name: str, team_ids: list[int]
) -> Division:
    cursor = conn.execute(
        "INSERT INTO divisions (guild_id, season_id, number, name) VALUES (?, ?, ?, ?)",
        (guild_id, season_id, number, name),
    )
    division_id = int(cursor.lastrowid or 0)
    conn.executemany(
        "INSERT INTO division_teams (division_id, team_id, guild_id, position) VALUES (?, ?, ?, ?)",
        [(division_id, team_id, guild_id, position) for position, team_id in enumerate(team_ids, start=1)],
    )
    return Division(id=division_id, number=number, name=name, team_ids=tuple(team_ids))


def divisions(conn: Connection, guild_id: int, season_id: int) -> list[Division]:
    rows = conn.execute(
        "SELECT d.id, d.number, d.name, dt.team_id FROM divisions d LEFT JOIN division_teams dt"
        " ON dt.division_id = d.id WHERE d.guild_id = ? AND d.season_id = ? ORDER BY d.number, dt.position",
        (guild_id, season_id),
    ).fetchall()
    found: dict[int, Division] = {}
    for row in rows:
        division = found.get(row["id"]) or Division(row["id"], row["number"], row["name"], ())
        if row["team_id"] is not None:
            division = Division(
                division.id, division.number, division.name, (*division.team_ids, row["team_id"])
            )
        found[row["id"]] = division
    return list(found.values())


def insert_round(
    conn: Connection,
    *,
    guild_id: int,
    season_id: int,
    number: int,
    starts_at: datetime,
    deadline_at: datetime,
) -> Round:
    cursor = conn.execute(
        "INSERT INTO rounds (guild_id, season_id, number, starts_at, deadline_at) VALUES (?, ?, ?, ?, ?)",
        (guild_id, season_id, number, unix(starts_at), unix(deadline_at)),
    )
    return Round(
        id=int(cursor.lastrowid or 0),
        number=number,
        starts_at=starts_at,
        deadline_at=deadline_at,
        status="open",
    )


def rounds(conn: Connection, guild_id: int, season_id: int) -> list[Round]:
    rows = conn.execute(
        "SELECT * FROM rounds WHERE guild_id = ? AND season_id = ? ORDER BY number", (guild_id, season_id)
    )
    return [
        Round(r["id"], r["number"], from_unix(r["starts_at"]), from_unix(r["deadline_at"]), r["status"])
        for r in rows
    ]


FixtureRow = tuple[int, int, int | None, int | None, int | None, str, int, int, int]


def insert_fixtures(conn: Connection, rows: list[FixtureRow]) -> None:
    """(guild, league, season, round, division, kind, home, away, created_at) per fixture."""
    conn.executemany(
        "INSERT INTO fixtures (guild_id, league_id, season_id, round_id, division_id, kind, home_team_id,"
        " away_team_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        rows,
    )


def insert_fixture(
    conn: Connection,
    *,
    guild_id: int,
    league_id: int,
    kind: FixtureKind,
    home: int,
    away: int,
    now: datetime,
    season_id: int | None = None,
) -> int:
    cursor = conn.execute(
        "INSERT INTO fixtures (guild_id, league_id, season_id, kind, home_team_id, away_team_id, created_at)"
        " VALUES (?, ?, ?, ?, ?, ?, ?)",
        (guild_id, league_id, season_id, kind, home, away, unix(now)),
    )
    return int(cursor.lastrowid or 0)


_FIXTURE_SELECT = """
SELECT f.*, r.number AS round_number, r.deadline_at AS round_deadline,
       h.name AS home_name, h.coach_id AS home_coach_id, a.name AS away_name, a.coach_id AS away_coach_id
FROM fixtures f
JOIN teams h ON h.id = f.home_team_id
JOIN teams a ON a.id = f.away_team_id
LEFT JOIN rounds r ON r.id = f.round_id
"""


def _deadline(row: Row) -> datetime | None:
    """The fixture's own (extended) deadline if it has one, else its round's."""
    own = row["deadline_at"]
    if own is not None:
        return from_unix(own)
    return from_unix(row["round_deadline"]) if row["round_deadline"] is not None else None


def _fixture(row: Row) -> Fixture:
    return Fixture(
        id=row["id"],
        guild_id=row["guild_id"],
        league_id=row["league_id"],
        season_id=row["season_id"],
        kind=row["kind"],
        round_number=row["round_number"],
        deadline_at=_deadline(row),
        division_id=row["division_id"],
        home_team_id=row["home_team_id"],
        home_name=row["home_name"],
        home_coach_id=row["home_coach_id"],
        away_team_id=row["away_team_id"],
        away_name=row["away_name"],
        away_coach_id=row["away_coach_id"],
        status=row["status"],
        report=row["report"],
        report_version=row["report_version"],
        reported_by=row["reported_by"],
        home_score=row["home_score"],
        away_score=row["away_score"],
        home_cas=row["home_cas"],
        away_cas=row["away_cas"],
        home_outcome=row["home_outcome"],
        away_outcome=row["away_outcome"],
        counts_for_bonus=bool(row["counts_for_bonus"]),
        playoff_stage=row["playoff_stage"],
        playoff_slot=row["playoff_slot"],
        third_place=bool(row["third_place"]),
        confirmed_at=None if row["confirmed_at"] is None else from_unix(row["confirmed_at"]),
    )


def fixture(conn: Connection, guild_id: int, fixture_id: int) -> Fixture | None:
    row = conn.execute(
        _FIXTURE_SELECT + " WHERE f.guild_id = ? AND f.id = ?", (guild_id, fixture_id)
    ).fetchone()
    return None if row is None else _fixture(row)


def fixtures(
    conn: Connection,
    guild_id: int,
    *,
    league_id: int,
    season_id: int | None = None,
    team_id: int | None = None,
    kind: FixtureKind | None = None,
) -> list[Fixture]:
    sql = _FIXTURE_SELECT + " WHERE f.guild_id = ? AND f.league_id = ?"
    params: list[object] = [guild_id, league_id]
    if season_id is not None:
        sql += " AND f.season_id = ?"
        params.append(season_id)
    if team_id is not None:
        sql += " AND (f.home_team_id = ? OR f.away_team_id = ?)"
        params += [team_id, team_id]
    if kind is not None:
        sql += " AND f.kind = ?"
        params.append(kind)
    sql += " ORDER BY COALESCE(r.number, 0), f.division_id, f.id"
    return [_fixture(row) for row in conn.execute(sql, params)]


def save_report(
    conn: Connection,
    fx: Fixture,
    *,
    status: FixtureStatus,
    report: str | None,
    version: int,
    actor_id: int,
    now: datetime,
) -> None:
    conn.execute(
        "UPDATE fixtures SET status = ?, report = ?, report_version = ?, reported_by = ?, reported_at = ?"
        " WHERE guild_id = ? AND id = ?",
        (status, report, version, actor_id, unix(now), fx.guild_id, fx.id),
    )


def set_status(conn: Connection, fx: Fixture, status: FixtureStatus) -> None:
    conn.execute("UPDATE fixtures SET status = ? WHERE guild_id = ? AND id = ?", (status, fx.guild_id, fx.id))


def lock_result(
    conn: Connection,
    fx: Fixture,
    *,
    home_score: int,
    away_score: int,
    home_cas: int,
    away_cas: int,
    home_outcome: str,
    away_outcome: str,
    counts_for_bonus: bool,
    actor_id: int,
    now: datetime,
) -> None:
    conn.execute(
        "UPDATE fixtures SET status = 'confirmed', home_score = ?, away_score = ?, home_cas = ?,"
        " away_cas = ?, home_outcome = ?, away_outcome = ?, counts_for_bonus = ?, confirmed_by = ?,"
        " confirmed_at = ? WHERE guild_id = ? AND id = ?",
        (
            home_score,
            away_score,
            home_cas,
            away_cas,
            home_outcome,
            away_outcome,
            int(counts_for_bonus),
            actor_id,
            unix(now),
            fx.guild_id,
            fx.id,
        ),
    )


def add_history(
    conn: Connection,
    fx: Fixture,
    *,
    version: int,
    action: str,
    report: str | None,
    actor_id: int,
    reason: str | None,
    now: datetime,
) -> None:
    conn.execute(
        "INSERT INTO fixture_reports (guild_id, fixture_id, version, action, report, actor_id, reason,"
        " created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        (fx.guild_id, fx.id, version, action, report, actor_id, reason, unix(now)),
    )


def match_event_of_half(conn: Connection, guild_id: int, fixture_id: int, half: int) -> str | None:
    row = conn.execute(
        "SELECT name FROM match_events WHERE guild_id = ? AND fixture_id = ? AND half = ?",
        (guild_id, fixture_id, half),
    ).fetchone()
    return None if row is None else str(row["name"])


def record_match_event(
    conn: Connection,
    fx: Fixture,
    *,
    half: int,
    name: str,
    d8: int,
    d6: int,
    actor_id: int,
    now: datetime,
) -> bool:
    """False if that half already had its event (the unique index decides, even under a race)."""
    cursor = conn.execute(
        "INSERT INTO match_events (guild_id, fixture_id, half, name, d8, d6, actor_id, created_at)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
        (fx.guild_id, fx.id, half, name, d8, d6, actor_id, unix(now)),
    )
    return cursor.rowcount == 1


def unsettled_count(conn: Connection, guild_id: int, season_id: int, kind: FixtureKind) -> int:
    """How many of a season's fixtures of this kind are not confirmed yet (one indexed count)."""
    row = conn.execute(
        "SELECT COUNT(*) FROM fixtures WHERE guild_id = ? AND season_id = ? AND kind = ? AND status <> 'confirmed'",
        (guild_id, season_id, kind),
    ).fetchone()
    return int(row[0])
