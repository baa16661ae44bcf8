"""A classic league's friendly (seed 003) through the services: what seed 003 says of friendlies and
nothing of seed 001's. Seed 003 sets a friendly apart three times: "In Friendly matches, no MVP is
awarded.", "In Friendly matches, you do not score any League points." and "Note: In Friendly matches, each
coach rolls a D3 instead of a D6."; the rest of its post-match sequence is played as after any match."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from dataclasses import replace

import pytest

from bot.catalog import Catalog
from bot.rules.rulesets import RulesetEntry, classic, register, unregister
from bot.rules.rulesets.policy import Friendlies
from bot.services.league import leaders, seasons
from bot.services.match import postgame, results
from bot.services.match.results import SideInput
from bot.services.runtime import Runtime
from bot.store import teams as team_store
from tests.builders import COMMISH, coach, injure, season, team_of, with_dice


async def _players(runtime: Runtime, team_id: int) -> dict[int, team_store.PlayerRow]:
    def read(conn: sqlite3.Connection) -> dict[int, team_store.PlayerRow]:
        team = team_store.get(conn, 1, team_id)
        assert team is not None
        return {p.number: p for p in team_store.players(conn, team, include_gone=True)}

    return await runtime.db.read(read)


async def _friendly(runtime: Runtime, ruleset: str, rolls: list[int]) -> results.ReportedResult:
    """Team 0 beats Team 1 2-0 in a friendly: #1 scores twice and causes a casualty, #2 dies, #3 is
    Seriously Hurt; #4 was to miss this game."""
    await season(runtime, 4, channel=None, ruleset=ruleset)
    await injure(runtime, coach(0), [4])
    mine = SideInput(2, 1, "#1 td 2, #1 cas, #2 dead, #3 sh")
    reported = await results.report_friendly(runtime, coach(0), None, "Team 1", mine, SideInput(0, 0))
    return await results.confirm_result(with_dice(runtime, rolls), coach(1), reported.fixture.id, 1)


async def test_a_classic_friendly_pays_a_d3_and_spp_keeps_its_injuries_and_scores_no_points(
    runtime: Runtime,
) -> None:
    # Fans: home 2D6 6+6 + FF 1 = 13,000, away 1+1 + 1 = 3,000: home FAME +2, away 0.
    # Home (won): winnings D3 2 -> (2 + 2) x 10,000 + 10,000; Fan Factor 3D6 1+1+1 = 3 > 1 -> 2; no MVP.
    # Away (lost): winnings D3 3 -> 30,000; Fan Factor 2D6 1+1 = 2, not under 1; no MVP.
    rolls = [6, 6, 1, 1, 2, 1, 1, 1, 3, 1, 1]
    before = 1_000_000 - 11 * 50_000
    confirmed = await _friendly(runtime, "classic", rolls)
    fx = confirmed.fixture
    home = next(s for s in confirmed.postgame if s.team_id == fx.home_team_id)
    assert home.lines[1] == "Winnings 50,000 gp ((D3 2 + FAME 2) x 10,000 + 10,000 for the result)"
    assert "No MVP and no league points: a friendly" in home.lines
    assert not any(line.startswith("MVP") for line in home.lines)
    # "Roll for Improvements for any players who have earned enough Star Player points": SPP as any match
    players = await _players(runtime, fx.home_team_id)
    assert players[1].spp == 2 * 3 + 2
    # seed 003 has no Badly Hurt rule for friendlies: the death and the Seriously Hurt stand
    assert players[2].status == "dead"
    assert players[3].miss_next_game
    assert (await team_of(runtime, coach(0))).treasury == before + 50_000
    assert (await team_of(runtime, coach(1))).treasury == before + 30_000
    assert (await team_of(runtime, coach(0))).dedicated_fans == 2  # the Fan Factor roll as after any match

    # "If either team has at least 100,000 gold pieces in their Treasury, their coach must roll for expensive
    # mistakes"; the player who missed this match is ready for the next (seed 001's "still count as missing
    # the team's next game" is not seed 003's).
    finished = await postgame.finish_postgame(
        with_dice(runtime, [6, 6]), COMMISH, fx.id, fx.home_team_id, as_commissioner=True
    )
    assert any(line.startswith("Expensive mistakes: ") for line in finished.summary.lines)
    assert not any("no roll" in line for line in finished.summary.lines)
    players = await _players(runtime, fx.home_team_id)
    assert not players[4].miss_next_game and players[3].miss_next_game

    # "In Friendly matches, you do not score any League points."
    table = (await seasons.standings(runtime, 1, None)).tables[0]
    assert all(row.points == 0 for row in table.rows)
    # the death is real, so it is Team 1's kill on the leaderboard (not left out as a BB2025 friendly's)
    board = (await leaders.leaders(runtime, 1, None)).boards["kills"]
    assert [(leader.team_id, leader.value) for leader in board] == [(fx.away_team_id, 1)]


async def test_a_bb2025_friendly_still_follows_seed_001(runtime: Runtime) -> None:
    """Seed 001: "any player that suffers a Casualty will automatically count as having rolled Badly Hurt",
    the missed player "will still count as missing the team's next game", no SPP, and no expensive mistakes
    ("Friendly games have no impact on a league")."""
    confirmed = await _friendly(runtime, "bb2025", [])
    fx = confirmed.fixture
    players = await _players(runtime, fx.home_team_id)
    assert players[1].spp == 0 and players[2].status != "dead" and not players[3].miss_next_game
    finished = await postgame.finish_postgame(runtime, COMMISH, fx.id, fx.home_team_id, as_commissioner=True)
    assert not any(line.startswith("Expensive mistakes") for line in finished.summary.lines)
    assert (await _players(runtime, fx.home_team_id))[4].miss_next_game
    assert (await leaders.leaders(runtime, 1, None)).boards["kills"] == []


MIXED = "mixed_friendlies"


def _mixed(catalog: Catalog) -> classic.Classic:
    """Classic, but its friendlies count every casualty as Badly Hurt and roll no expensive mistakes while the
    players who missed them recover: a mix neither built-in ruleset has, so only the policy can decide it."""
    friendlies = Friendlies(True, False, False, "a test's mix")
    return replace(classic.build(catalog), id=MIXED, friendlies=friendlies)


@pytest.fixture
def mixed() -> Iterator[None]:
    register(RulesetEntry(MIXED, "Mixed friendlies (a test)", _mixed))
    try:
        yield
    finally:
        unregister(MIXED)


@pytest.mark.usefixtures("mixed")
async def test_the_services_ask_the_ruleset_what_a_friendly_counts_for(runtime: Runtime) -> None:
    confirmed = await _friendly(runtime, MIXED, [6, 6, 1, 1, 2, 1, 1, 1, 3, 1, 1])
    fx = confirmed.fixture
    players = await _players(runtime, fx.home_team_id)
    assert players[1].spp == 8  # classic's part of the post-game: SPP, no MVP
    assert players[2].status != "dead" and not players[3].miss_next_game  # Badly Hurt, as its flag says
    finished = await postgame.finish_postgame(runtime, COMMISH, fx.id, fx.home_team_id, as_commissioner=True)
    assert not any(line.startswith("Expensive mistakes") for line in finished.summary.lines)
    assert not (await _players(runtime, fx.home_team_id))[4].miss_next_game
