"""The tournament simulator plays issue 29 §1 rules 2, 3 and 5 and its invariants catch them broken: stars
counting toward the 11 where the organiser lifts "11 players before a Star Player" (seed 000, Mandatory Star
Players: "so long as all rosters still have at least 11 players"), a Skill-Point skill never gained again by
advancement nor one it rules out, and Mercenaries who earn no SPP."""

from __future__ import annotations

from bot.simulation.tournament import simulate_tournament
from bot.simulation.tournament_play_options import PlayOptions
from bot.store.connection import Connection
from tests.conftest import NewLocation, on_database
from tests.test_tournament_simulation import _roster_problems as roster_problems


async def test_stars_count_toward_the_eleven_skills_stay_single_mercenaries_earn_nothing(
    new_location: NewLocation,
) -> None:
    path = new_location("roster-rules")
    options = PlayOptions(injuries=True, advancement=True)
    result = await simulate_tournament(
        12, 3, seed=2, db_path=path, options=options, mandatory_star=True, stars_first=True
    )
    assert result.problems == [] and "Invariants: all hold." in result.output
    assert " 0 Mercenaries" not in result.output, result.output

    def ten_and_a_star(conn: Connection) -> int:
        return int(
            conn.execute(
                "SELECT COUNT(*) FROM (SELECT team_id FROM players WHERE journeyman = 0 GROUP BY team_id"
                " HAVING COUNT(*) = 11 AND SUM(position LIKE 'star_%') = 1)"
            ).fetchone()[0]
        )

    assert await on_database(path, ten_and_a_star) > 0  # some rosters are 10 players and their star

    def tamper(conn: Connection) -> None:
        # a roster loses a player (now 9 and a star); a player gains his Skill-Point skill again; a Mercenary
        # earns SPP
        team_id = conn.execute(
            "SELECT team_id FROM players WHERE journeyman = 0 GROUP BY team_id HAVING COUNT(*) = 11 LIMIT 1"
        ).fetchone()[0]
        conn.execute(
            "DELETE FROM players WHERE id = (SELECT MIN(id) FROM players WHERE team_id = ?"
            " AND position NOT LIKE 'star_%' AND id NOT IN (SELECT player_id FROM tournament_skills)"
            " AND id NOT IN (SELECT player_id FROM player_changes)"
            " AND id NOT IN (SELECT player_id FROM player_advancements))",
            (team_id,),
        )
        skilled = conn.execute(
            "SELECT player_id, guild_id, team_id, skill FROM tournament_skills LIMIT 1"
        ).fetchone()
        conn.execute(
            "INSERT INTO player_advancements (guild_id, team_id, player_id, fixture_id, kind, skill,"
            " spp_cost, value_increase, actor_id, created_at)"
            " VALUES (?, ?, ?, NULL, 'chosen_primary', ?, 6, 20000, 1, 0)",
            (skilled[1], skilled[2], skilled[0], skilled[3]),
        )
        conn.execute("UPDATE players SET spp = 3 WHERE mercenary = 1")

    await on_database(path, tamper)
    problems = await roster_problems(path)
    assert any("players and star places, fewer than 11" in p for p in problems), problems
    assert any("beside his" in p for p in problems), problems
    assert any("Mercenary #" in p and "has 3 SPP" in p for p in problems), problems
