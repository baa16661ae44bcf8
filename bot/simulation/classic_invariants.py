"""Whole-database checks for classic leagues (seed 003), run with the others by `check_invariants`:

- every post-game that rolled its winnings paid (die + FAME) x 10,000, +10,000 for a win or a draw, with the
  FAME of the fixture's `fans_and_fame` pre-game step (FAME 0 when the game was not played);
- a winnings re-roll was offered to a winner only, and taken at most once (the column holds one state);
- the Fan Factor moved at most 1 per game, and the other way from the result never (a win never lowers it,
  a loss never raises it);
- no Getting Even grudges (seed 003 has none);
- the league points are the ruleset's 3/2/1 unless the commissioner changed them (not in the simulator).
"""

from __future__ import annotations

import json

from bot.catalog import load_catalog
from bot.rules.rulesets.classic import winnings
from bot.store.connection import Connection


def _classic_leagues(conn: Connection) -> dict[int, dict[str, object]]:
    rows = conn.execute("SELECT id, settings FROM leagues").fetchall()
    found = {}
    for row in rows:
        settings = json.loads(row[1])
        if settings.get("ruleset") == "classic":
            found[row[0]] = settings
    return found


def classic_problems(conn: Connection) -> list[str]:
    leagues = _classic_leagues(conn)
    rule = load_catalog().classic_season.winnings
    problems: list[str] = []
    for league_id, settings in leagues.items():
        if (settings.get("points_win"), settings.get("points_draw"), settings.get("points_loss")) != (
            3,
            2,
            1,
        ):
            problems.append(f"classic league {league_id}: league points are not 3/2/1")
        traits = conn.execute(
            "SELECT COUNT(*) FROM player_traits t JOIN teams m ON m.id = t.team_id WHERE m.league_id = ?",
            (league_id,),
        ).fetchone()[0]
        if traits:
            problems.append(f"classic league {league_id}: {traits} Getting Even grudges")
        rows = conn.execute(
            "SELECT p.team_id, p.winnings, p.winnings_die, p.winnings_reroll, p.fans_before, p.fans_after,"
            " f.id AS fixture_id, f.home_team_id, f.home_outcome, f.away_outcome, f.guild_id"
            " FROM team_postgames p JOIN fixtures f ON f.id = p.fixture_id WHERE f.league_id = ?",
            (league_id,),
        ).fetchall()
        for row in rows:
            side = "home" if row["team_id"] == row["home_team_id"] else "away"
            outcome = row["home_outcome"] if side == "home" else row["away_outcome"]  # a shoot-out decides
            where = f"classic fixture #{row['fixture_id']}, team {row['team_id']}"
            step = conn.execute(
                "SELECT result FROM fixture_pregame WHERE guild_id = ? AND fixture_id = ?"
                " AND step = 'fans_and_fame'",
                (row["guild_id"], row["fixture_id"]),
            ).fetchone()
            fame = int(json.loads(step[0])[side]["fame"]) if step is not None else 0
            if row["winnings_die"] is not None:
                expected = winnings(row["winnings_die"], fame, outcome, rule)
                if row["winnings"] != expected:
                    problems.append(
                        f"{where}: winnings {row['winnings']:,}, the dice and FAME give {expected:,}"
                    )
            if row["winnings_reroll"] is not None and outcome != "W":
                problems.append(f"{where}: a winnings re-roll for a team that did not win")
            moved = row["fans_after"] - row["fans_before"]
            if abs(moved) > 1 or (outcome == "W" and moved < 0) or (outcome == "L" and moved > 0):
                problems.append(f"{where}: Fan Factor {row['fans_before']} → {row['fans_after']}")
    return problems
