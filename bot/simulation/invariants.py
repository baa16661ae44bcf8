"""Invariants that must hold over the whole database after any run (the simulator checks them all)."""

from __future__ import annotations

import json
from collections import Counter
from itertools import combinations

from bot.rules.league.league_settings import BonusMode, LeagueSettings
from bot.rules.league.standings import GameResult, bonus_points, compute_standings
from bot.simulation.classic_invariants import classic_problems
from bot.store.connection import Connection

ALLOWED_STATUSES = {"active", "fired", "dead", "left"}


def _ledger(conn: Connection, sql: str, negative: str, not_summed: str) -> list[str]:
    """A ledger row by row: `sql` gives each owner's `balance`, the `total` of its changes and the `lowest`
    balance it went through (or NULL); `negative` and `not_summed` say what is wrong, filled from the row."""
    problems = []
    for row in conn.execute(sql).fetchall():
        if row["balance"] < 0 or (row["lowest"] is not None and row["lowest"] < 0):
            problems.append(negative.format_map(row))
        if row["balance"] != row["total"]:
            problems.append(not_summed.format_map(row))
    return problems


def _treasuries(conn: Connection) -> list[str]:
    return _ledger(
        conn,
        "SELECT t.id, t.name, t.treasury AS balance, COALESCE(SUM(c.amount), 0) AS total,"
        " MIN(c.balance_after) AS lowest FROM teams t LEFT JOIN treasury_changes c ON c.team_id = t.id"
        " GROUP BY t.id",
        "treasury below zero: {name}",
        "treasury {balance} of {name} is not the sum of its changes {total}",
    )


def _spp(conn: Connection) -> list[str]:
    return _ledger(
        conn,
        "SELECT p.id, p.name, p.spp AS balance, COALESCE(SUM(c.spp_delta), 0) AS total, NULL AS lowest"
        " FROM players p LEFT JOIN player_changes c ON c.player_id = p.id GROUP BY p.id",
        "negative SPP: player {id} {name}",
        "SPP {balance} of player {id} is not earned minus spent ({total})",
    )


def _rosters(conn: Connection) -> list[str]:
    problems = []
    for row in conn.execute("SELECT DISTINCT status FROM players"):
        if row[0] not in ALLOWED_STATUSES:
            problems.append(f"unknown player status {row[0]!r}")
    for row in conn.execute(
        "SELECT t.name,"
        " SUM(CASE WHEN p.status = 'active' AND p.journeyman = 0 THEN 1 ELSE 0 END) AS regulars,"
        " SUM(CASE WHEN p.status = 'active' AND p.journeyman = 1 THEN 1 ELSE 0 END) AS journeymen"
        " FROM teams t JOIN players p ON p.team_id = t.id WHERE t.status = 'approved' GROUP BY t.id"
    ):
        if row["regulars"] > 16:
            problems.append(f"{row['name']} has {row['regulars']} players (16 at most)")
    open_postgames = conn.execute("SELECT COUNT(*) FROM team_postgames WHERE status = 'open'").fetchone()[0]
    stray = conn.execute(
        "SELECT COUNT(*) FROM players p WHERE p.status = 'active' AND p.journeyman = 1"
        " AND NOT EXISTS (SELECT 1 FROM team_postgames g WHERE g.fixture_id = p.hired_in_fixture"
        " AND g.team_id = p.team_id AND g.status = 'open')"
        " AND EXISTS (SELECT 1 FROM fixtures f WHERE f.id = p.hired_in_fixture"
        " AND f.status = 'confirmed')"
    ).fetchone()[0]
    if stray:
        problems.append(f"{stray} journeymen stayed after their post-game ({open_postgames} post-games open)")
    return problems


def _pairs(conn: Connection) -> list[str]:
    problems = []
    for division in conn.execute("SELECT id, name FROM divisions").fetchall():
        members = [
            r[0]
            for r in conn.execute(
                "SELECT team_id FROM division_teams WHERE division_id = ?", (division["id"],)
            )
        ]
        met = Counter(
            frozenset((r[0], r[1]))
            for r in conn.execute(
                "SELECT home_team_id, away_team_id FROM fixtures WHERE division_id = ? AND kind = 'league'",
                (division["id"],),
            )
        )
        for pair in combinations(members, 2):
            if met[frozenset(pair)] != 1:
                problems.append(
                    f"{division['name']} (division {division['id']}): teams {pair} meet "
                    f"{met[frozenset(pair)]} times"
                )
    return problems


def _standings(conn: Connection) -> list[str]:
    """The standings rules against a plain tally of the same confirmed results."""
    problems = []
    for division in conn.execute(
        "SELECT d.id, d.name, l.settings FROM divisions d JOIN seasons s ON s.id = d.season_id"
        " JOIN leagues l ON l.id = s.league_id"
    ).fetchall():
        settings = LeagueSettings.model_validate(json.loads(division["settings"]))
        members = [
            r[0]
            for r in conn.execute(
                "SELECT team_id FROM division_teams WHERE division_id = ?", (division["id"],)
            )
        ]
        games = conn.execute(
            "SELECT * FROM fixtures WHERE division_id = ? AND kind = 'league' AND status = 'confirmed'",
            (division["id"],),
        ).fetchall()
        expected: dict[int, list[int]] = {
            team: [0, 0, 0, 0] for team in members
        }  # played, points, for, against
        results = []
        for game in games:
            results.append(
                GameResult(
                    game["id"],
                    game["home_team_id"],
                    game["away_team_id"],
                    game["home_score"],
                    game["away_score"],
                    game["home_cas"],
                    game["away_cas"],
                    game["home_outcome"],
                    game["away_outcome"],
                    bool(game["counts_for_bonus"]),
                )
            )
            for team, outcome, scored, conceded, cas in (
                (
                    game["home_team_id"],
                    game["home_outcome"],
                    game["home_score"],
                    game["away_score"],
                    game["home_cas"],
                ),
                (
                    game["away_team_id"],
                    game["away_outcome"],
                    game["away_score"],
                    game["home_score"],
                    game["away_cas"],
                ),
            ):
                bonus = bonus_points(scored, conceded, cas, settings) if game["counts_for_bonus"] else 0
                row = expected[team]
                row[0] += 1
                row[1] += settings.points_for(outcome) + (
                    bonus if settings.bonus_mode is BonusMode.ADDED else 0
                )
                row[2] += scored
                row[3] += conceded
        table = compute_standings(members, results, settings)
        for standing in table:
            computed = [standing.played, standing.points, standing.td_for, standing.td_against]
            if computed != expected[standing.team_id]:
                problems.append(
                    f"{division['name']}: standings for team {standing.team_id} differ from the results"
                )
        points = [standing.points for standing in table]
        if points != sorted(points, reverse=True):
            problems.append(f"{division['name']}: standings are not ordered by points")
    return problems


def _locked_results(conn: Connection) -> list[str]:
    """A confirmed fixture's locked score and casualties are those of its confirmed report."""
    problems = []
    for game in conn.execute("SELECT * FROM fixtures WHERE status = 'confirmed' AND report IS NOT NULL"):
        report = json.loads(game["report"])
        stored = (game["home_score"], game["away_score"], game["home_cas"], game["away_cas"])
        reported = (
            report["home"]["score"],
            report["away"]["score"],
            report["home"]["casualties"],
            report["away"]["casualties"],
        )
        if stored != reported:
            problems.append(
                f"fixture #{game['id']}: the locked result {stored} differs from its report {reported}"
            )
    return problems


def _dice(conn: Connection, rolls_made: int | None) -> list[str]:
    logged = sum(len(json.loads(r[0])["faces"]) for r in conn.execute("SELECT faces FROM dice_rolls"))
    if rolls_made is not None and logged != rolls_made:
        return [f"{rolls_made} dice were rolled but {logged} are in the dice log"]
    return []


def _playoffs(conn: Connection) -> list[str]:
    """Each stage is played by the winners of the one before (or the qualifiers), once each; the first
    stage has no same-division pair unless one division holds over half the qualifiers."""
    problems = []
    for season in conn.execute("SELECT id, number, playoff_size FROM seasons WHERE playoff_size IS NOT NULL"):
        seeds = {
            r["team_id"]: r["division_number"]
            for r in conn.execute("SELECT * FROM playoff_qualifiers WHERE season_id = ?", (season["id"],))
        }
        games = conn.execute(
            "SELECT * FROM fixtures WHERE season_id = ? AND kind = 'playoff'"
            " ORDER BY playoff_stage, playoff_slot",
            (season["id"],),
        ).fetchall()
        expected = set(seeds)
        for stage in sorted({g["playoff_stage"] for g in games}):
            main = [g for g in games if g["playoff_stage"] == stage and not g["third_place"]]
            teams = [t for g in main for t in (g["home_team_id"], g["away_team_id"])]
            if sorted(teams) != sorted(expected) or len(set(teams)) != len(teams):
                problems.append(f"season {season['id']} play-off stage {stage}: not the previous winners")
            if stage == 1:
                clashes = sum(seeds[g["home_team_id"]] == seeds[g["away_team_id"]] for g in main)
                largest = max(Counter(seeds.values()).values())
                if clashes > max(0, (2 * largest - len(seeds)) // 2):
                    problems.append(f"season {season['id']}: {clashes} same-division first-round games")
            winners = set()
            for g in main:
                if g["status"] == "confirmed":
                    winners.add(g["home_team_id"] if g["home_outcome"] == "W" else g["away_team_id"])
                    if {g["home_outcome"], g["away_outcome"]} != {"W", "L"}:
                        problems.append(f"play-off fixture #{g['id']} has no winner")
            expected = winners
    return problems


def _prizes(conn: Connection) -> list[str]:
    """A finished season paid each of its prizes once, into the treasury, with its cause."""
    problems = []
    for award in conn.execute(
        "SELECT a.*, s.number FROM season_awards a JOIN seasons s ON s.id = a.season_id"
    ).fetchall():
        if not award["prize"]:
            continue
        place = {1: "1st", 2: "2nd", 3: "3rd"}[award["place"]]
        paid = conn.execute(
            "SELECT COUNT(*) FROM treasury_changes WHERE team_id = ? AND amount = ? AND cause = ?",
            (award["team_id"], award["prize"], f"prize: {place} place, season {award['number']}"),
        ).fetchone()[0]
        if paid != 1:
            problems.append(f"season {award['number']} {place} prize paid {paid} times")
    return problems


def _redrafted(conn: Connection) -> list[str]:
    """A team plays a season after its first only once re-drafted after the season before."""
    problems = []
    rows = conn.execute(
        "SELECT dt.team_id, d.season_id, s.league_id, s.number FROM division_teams dt"
        " JOIN divisions d ON d.id = dt.division_id JOIN seasons s ON s.id = d.season_id ORDER BY s.number"
    ).fetchall()
    played: dict[int, int] = {}
    for row in rows:
        before = played.get(row["team_id"])
        if (
            before is not None
            and not conn.execute(
                "SELECT 1 FROM team_redrafts WHERE team_id = ? AND after_season_id = ?",
                (row["team_id"], before),
            ).fetchone()
        ):
            problems.append(f"team {row['team_id']} played season {row['number']} without a re-draft")
        played[row["team_id"]] = row["season_id"]
    return problems


def _contracts(conn: Connection) -> list[str]:
    """A star signs for one team a season; contracted stars earn no SPP; no contract outlives its season."""
    problems = []
    signed: Counter[tuple[int, str]] = Counter()
    for row in conn.execute("SELECT season_id, members FROM star_contracts"):
        for member in json.loads(row["members"]):
            signed[(row["season_id"], member)] += 1
    problems += [f"season {s}: {star} signed {n} times" for (s, star), n in signed.items() if n > 1]
    for row in conn.execute(
        "SELECT p.name, p.spp, p.status, c.status AS contract FROM players p JOIN star_contracts c"
        " ON c.id = p.star_contract"
    ):
        if row["spp"]:
            problems.append(f"star {row['name']} has {row['spp']} SPP")
        if row["contract"] == "expired" and row["status"] == "active":
            problems.append(f"star {row['name']} is still on a roster after his contract expired")
    return problems


def _postgames_one_at_a_time(conn: Connection) -> list[str]:
    """A team's post-games happen one at a time: never two open at once."""
    open_games: dict[tuple[int, str], list[int]] = {}  # by team (two leagues may have teams of one name)
    for row in conn.execute(
        "SELECT g.team_id, t.name, g.fixture_id FROM team_postgames g JOIN teams t ON t.id = g.team_id"
        " WHERE g.status = 'open' ORDER BY g.team_id, g.fixture_id"
    ):
        open_games.setdefault((row["team_id"], row["name"]), []).append(row["fixture_id"])
    return [
        f"{name} has {len(ids)} open post-games (fixtures {','.join(map(str, ids))})"
        for (_, name), ids in open_games.items()
        if len(ids) > 1
    ]


def check_invariants(conn: Connection, rolls_made: int | None = None) -> list[str]:
    """Every problem found (an empty list when the database is sound)."""
    return (
        _treasuries(conn)
        + _spp(conn)
        + _rosters(conn)
        + _postgames_one_at_a_time(conn)
        + _pairs(conn)
        + _standings(conn)
        + _locked_results(conn)
        + _playoffs(conn)
        + _prizes(conn)
        + _redrafted(conn)
        + _contracts(conn)
        + _dice(conn, rolls_made)
        + classic_problems(conn)
    )
