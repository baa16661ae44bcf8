"""A small simulation in CI: every invariant holds, the same seed gives the same output, and the checks can
fail (a broken database is reported)."""

from __future__ import annotations

import json

import pytest

from bot.simulation.invariants import check_invariants
from bot.simulation.run import simulate
from bot.store import Database
from bot.store.connection import Connection
from tests.conftest import NewLocation, on_database


@pytest.mark.slow
async def test_a_small_season_keeps_every_invariant(new_location: NewLocation) -> None:
    first = await simulate(2, 5, seed=11, db_path=new_location("a"), seasons_count=2)
    assert first.problems == []
    assert "Invariants: all hold." in first.output and first.tally.played > 0
    tally = first.tally
    assert tally.playoff_games == 2 * 2 * 4  # two leagues, two seasons: semi-finals, final, third place
    assert tally.redrafts > 0 and len(tally.champions[1000]) == 2
    again = await simulate(2, 5, seed=11, db_path=new_location("b"), seasons_count=2)
    assert again.output == first.output  # the same seed prints the same output


async def test_the_invariant_checks_catch_a_broken_database(new_location: NewLocation) -> None:
    path = new_location("c")
    result = await simulate(1, 4, seed=5, db_path=path, seasons_count=2)
    assert result.problems == []

    def tamper(conn: Connection) -> int:
        conn.execute("DELETE FROM team_redrafts WHERE id = (SELECT MIN(id) FROM team_redrafts)")
        conn.execute("UPDATE treasury_changes SET cause = 'prize' WHERE cause LIKE 'prize: 1st place%'")
        conn.execute(  # a semi-final loser put into the final
            "UPDATE fixtures SET home_team_id = (SELECT home_team_id FROM fixtures WHERE third_place = 1"
            " ORDER BY id DESC LIMIT 1) WHERE id = (SELECT MAX(id) FROM fixtures WHERE kind = 'playoff'"
            " AND third_place = 0)"
        )
        dice_logged = sum(
            len(json.loads(r[0])["faces"]) for r in conn.execute("SELECT faces FROM dice_rolls")
        )
        conn.execute("DELETE FROM dice_rolls WHERE id = (SELECT MAX(id) FROM dice_rolls)")
        columns = [
            c
            for c in conn.execute("SELECT * FROM players LIMIT 1").fetchone().keys()  # noqa: SIM118 (a row)
            if c not in ("id", "number")
        ]
        listed = ", ".join(columns)
        conn.execute(  # a second copy of team 1's active players: more than 16
            f"INSERT INTO players ({listed}, number) SELECT {listed}, number + 50 FROM players"  # noqa: S608
            " WHERE team_id = 1 AND status = 'active'"
        )
        conn.execute(  # two open post-games for one team
            "UPDATE team_postgames SET status = 'open' WHERE id IN"
            " (SELECT id FROM team_postgames WHERE team_id = 1 LIMIT 2)"
        )
        conn.execute("UPDATE teams SET treasury = treasury + 5000 WHERE id = 1")
        conn.execute("UPDATE players SET spp = spp + 1 WHERE id = 2")
        conn.execute(
            "UPDATE fixtures SET home_score = home_score + 1 WHERE id = (SELECT MIN(id) FROM fixtures"
            " WHERE status = 'confirmed')"
        )
        conn.execute(
            "INSERT INTO fixtures (guild_id, league_id, season_id, round_id, division_id, kind, home_team_id,"
            " away_team_id, created_at) SELECT guild_id, league_id, season_id, round_id, division_id, kind,"
            " home_team_id, away_team_id, created_at FROM fixtures LIMIT 1"
        )
        return dice_logged

    dice_logged = await on_database(path, tamper)
    db = await Database.open(path)
    try:
        problems = await db.read(check_invariants, dice_logged)
    finally:
        await db.close()
    text = "\n".join(problems)
    assert "not the sum of its changes" in text and "not earned minus spent" in text
    assert "meet 2 times" in text and "differs from its report" in text
    assert "open post-games (fixtures" in text
    assert "(16 at most)" in text and f"{dice_logged} dice were rolled but" in text
    assert (
        "without a re-draft" in text
        and "1st prize paid 0 times" in text
        and "not the previous winners" in text
    )


@pytest.mark.slow
async def test_a_classic_league_keeps_every_invariant_and_they_can_fail(
    new_location: NewLocation,
) -> None:
    path = new_location("classic")
    result = await simulate(1, 6, seed=3, db_path=path, seasons_count=2, ruleset="classic")
    assert result.problems == [] and result.tally.winnings_rerolls > 0
    assert "ruleset classic:" in result.output

    def tamper_2(conn: Connection) -> list[str]:
        assert conn.execute("SELECT COUNT(*) FROM player_traits").fetchone()[0] == 0  # no Getting Even
        conn.execute(
            "UPDATE team_postgames SET winnings = winnings + 10000 WHERE id = (SELECT MIN(id) FROM"
            " team_postgames WHERE winnings_die IS NOT NULL)"
        )
        conn.execute(
            "UPDATE team_postgames SET winnings_reroll = 'used' WHERE id = (SELECT MIN(p.id)"
            " FROM team_postgames p JOIN fixtures f ON f.id = p.fixture_id"
            " WHERE (f.home_team_id = p.team_id AND f.home_outcome = 'L')"
            " OR (f.away_team_id = p.team_id AND f.away_outcome = 'L'))"
        )
        return check_invariants(conn)

    problems = await on_database(path, tamper_2)
    assert any("the dice and FAME give" in p for p in problems), problems
    assert any("a winnings re-roll for a team that did not win" in p for p in problems), problems
