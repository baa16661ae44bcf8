"""The tournament simulator plays gold piece escalation events (issue 29 §1 rule 1): each game is reported
with its round's roster, and the invariants catch a game crediting a player absent from that roster."""

from __future__ import annotations

from bot.simulation.team_tournament import simulate_team_tournament
from bot.simulation.tournament import simulate_tournament
from bot.simulation.tournament_play_options import PlayOptions
from bot.store.connection import Connection
from tests.conftest import NewLocation, on_database
from tests.test_tournament_simulation import _roster_problems as roster_problems


async def test_no_game_credits_a_player_absent_from_its_rounds_roster(new_location: NewLocation) -> None:
    """Seed 000: "coaches will start with a smaller Team Draft Budget for their first game and will then
    receive more gold pieces after each round to spend on their team": a round-1 game is played with the
    round-1 roster. With advancement (SPP and MVPs written by the post-game) and custom inducements."""
    path = new_location("escalation-rounds")
    options = PlayOptions(injuries=True, advancement=True)
    result = await simulate_tournament(
        10, 5, seed=2, db_path=path, escalation=True, custom_inducements=True, options=options
    )
    assert result.problems == [] and "Invariants: all hold." in result.output

    def tamper(conn: Connection) -> None:
        # a player credited in a round-1 report is said to join the roster in round 3
        row = conn.execute(
            "SELECT report, home_team_id FROM fixtures f JOIN rounds r ON r.id = f.round_id"
            " WHERE r.number = 1 AND f.report LIKE '%\"player_id\"%' ORDER BY f.id LIMIT 1"
        ).fetchone()
        player_id = int(str(row[0]).split('"player_id":')[1].split(",")[0])
        conn.execute(
            "INSERT INTO tournament_escalation_players (player_id, guild_id, team_id, joined)"
            " SELECT id, guild_id, team_id, 3 FROM players WHERE id = ?"
            " ON CONFLICT (player_id) DO UPDATE SET joined = 3",
            (player_id,),
        )

    await on_database(path, tamper)
    problems = await roster_problems(path)
    assert any("credited in round 1, on the roster from round 3" in p for p in problems), problems


async def test_a_team_event_with_escalation_keeps_its_invariants(new_location: NewLocation) -> None:
    """Seed 000's escalation in a team event: every coach of every squad writes a roster per budget and
    plays each round with that round's roster."""
    result = await simulate_team_tournament(
        12, 3, 3, seed=5, db_path=new_location("team-escalation"), escalation=True
    )
    assert result.problems == [] and "Invariants: all hold." in result.output
    assert "escalation additions" in result.output and " 0 escalation additions" not in result.output
