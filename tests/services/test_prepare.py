"""Before the match: journeymen for a team short of eleven, CTVs; hiring them after the game."""

from __future__ import annotations

import pytest

from bot.errors import NotAllowed, RuleViolation
from bot.services import leagues, postgame, prepare, results, seasons, teams
from bot.services.results import SideInput
from bot.services.runtime import Actor, Runtime
from tests.conftest import actor

COMMISH = actor(user_id=1)


async def _season_with_a_short_team(runtime: Runtime) -> tuple[int, int]:
    """Team 0 (Skaven) has only 9 players able to play. Returns (fixture id, its coach id)."""
    await leagues.create_league(runtime, COMMISH, "League", None)
    for n in range(4):
        coach = actor(user_id=100 + n)
        roster, lineman = ("skaven", "Skaven Clanrat") if n == 0 else ("human", "Human Lineman")
        await teams.create_team(runtime, coach, None, f"Team {n}", roster)
        await teams.hire_players(runtime, coach, None, lineman, count=11)
        await teams.submit_team(runtime, coach, None)
        await teams.review_team(runtime, COMMISH, None, f"Team {n}", approve=True)
    await seasons.start_season(runtime, COMMISH, None, "Team 0=1, Team 1=1, Team 2=1, Team 3=1")

    def injure_two(conn) -> None:  # type: ignore[no-untyped-def]
        conn.execute("UPDATE players SET miss_next_game = 1 WHERE team_id = 1 AND number IN (1, 2)")

    await runtime.db.write(injure_two)
    listing = await seasons.list_fixtures(runtime, actor(user_id=100), None, "mine")
    return listing.fixtures[0].id, 100


async def test_journeymen_fill_the_team_to_eleven_and_count_in_ctv(runtime: Runtime) -> None:
    fixture_id, coach_id = await _season_with_a_short_team(runtime)
    coach = actor(user_id=coach_id)
    before = await teams.team_sheet(runtime, coach, None)
    prep = await prepare.prepare_match(runtime, coach, f"f:{fixture_id}")
    mine = prep.home if prep.fixture.home_coach_id == coach_id else prep.away
    assert len(mine.able) == 11 and len(mine.journeymen) == 2
    assert all(p.position.name == "Skaven Clanrat" for p in mine.journeymen)
    assert {p.row.number for p, _ in mine.out} == {1, 2}
    assert mine.sheet.current_team_value == before.current_team_value + 2 * 50_000
    again = await prepare.prepare_match(runtime, coach, f"f:{fixture_id}")
    assert (
        again.added == []
        and len((again.home if again.fixture.home_coach_id == coach_id else again.away).journeymen) == 2
    )  # not twice
    with pytest.raises(NotAllowed):
        await prepare.prepare_match(runtime, COMMISH, f"f:{fixture_id}")


async def test_a_journeyman_who_played_can_be_hired_and_the_others_leave(runtime: Runtime) -> None:
    fixture_id, coach_id = await _season_with_a_short_team(runtime)
    coach = actor(user_id=coach_id)
    prep = await prepare.prepare_match(runtime, coach, f"f:{fixture_id}")
    mine = prep.home if prep.fixture.home_coach_id == coach_id else prep.away
    first, second = (p.row.number for p in mine.journeymen)
    opponent = actor(
        user_id=prep.fixture.away_coach_id
        if prep.fixture.home_coach_id == coach_id
        else prep.fixture.home_coach_id
    )
    with pytest.raises(RuleViolation, match="post-game"):
        await teams.keep_journeyman(runtime, coach, None, f"#{first}")
    await results.report_result(
        runtime, coach, f"f:{fixture_id}", SideInput(1, 0, f"#{first} td, #3 mvp"), SideInput(0, 0)
    )
    await results.confirm_result(runtime, opponent, fixture_id, 1)
    before = (await teams.team_sheet(runtime, coach, None)).team.treasury
    kept = await teams.keep_journeyman(runtime, coach, None, f"#{first}")
    player = next(p for p in kept.sheet.players if p.row.number == first)
    assert not player.row.journeyman and player.row.spp == 3  # keeps the touchdown's SPP
    assert kept.sheet.team.treasury == before - 50_000
    team_id = kept.sheet.team.id
    finished = await postgame.finish_postgame(runtime, coach, fixture_id, team_id)
    assert any(f"Journeyman #{second} leaves" in line for line in finished.summary.lines)
    sheet = await teams.team_sheet(runtime, coach, None)
    assert second not in [p.row.number for p in sheet.players]


async def _undead_short_of_three(runtime: Runtime) -> tuple[int, Actor]:
    """Team 0 is Shambling Undead (Skeleton and Zombie Linemen, both 0-16) with 3 of 11 out injured."""
    await leagues.create_league(runtime, COMMISH, "League", None)
    for n in range(4):
        coach = actor(user_id=100 + n)
        roster, lineman = ("shambling_undead", "Zombie Lineman") if n == 0 else ("human", "Human Lineman")
        await teams.create_team(runtime, coach, None, f"Team {n}", roster)
        await teams.hire_players(runtime, coach, None, lineman, count=11)
        await teams.submit_team(runtime, coach, None)
        await teams.review_team(runtime, COMMISH, None, f"Team {n}", approve=True)
    await seasons.start_season(runtime, COMMISH, None, "Team 0=1, Team 1=1, Team 2=1, Team 3=1")

    def injure_three(conn) -> None:  # type: ignore[no-untyped-def]
        conn.execute("UPDATE players SET miss_next_game = 1 WHERE team_id = 1 AND number IN (1, 2, 3)")

    await runtime.db.write(injure_three)
    listing = await seasons.list_fixtures(runtime, actor(user_id=100), None, "mine")
    return listing.fixtures[0].id, actor(user_id=100)


async def test_the_coach_chooses_each_journeymans_type(runtime: Runtime) -> None:
    """Seed 001: "If a team has multiple Lineman positions in their Team Roster, you may choose which type
    they will be." Three journeymen: one Skeleton and two Zombies."""
    fixture_id, coach = await _undead_short_of_three(runtime)
    need = await prepare.journeyman_need(runtime, coach, f"f:{fixture_id}")
    assert need is not None and need.needed == 3
    assert [p.name for p in need.options] == ["Skeleton Lineman", "Zombie Lineman"]
    with pytest.raises(RuleViolation, match="choose their journeymen"):
        await prepare.prepare_match(runtime, coach, f"f:{fixture_id}")
    with pytest.raises(RuleViolation, match="add up to 3"):
        await prepare.prepare_match(
            runtime, coach, f"f:{fixture_id}", "1 Skeleton Lineman + 1 Zombie Lineman"
        )
    prep = await prepare.prepare_match(
        runtime, coach, f"f:{fixture_id}", "1 Skeleton Lineman + 2 Zombie Lineman"
    )
    mine = prep.home if prep.fixture.home_coach_id == coach.user_id else prep.away
    assert sorted(p.position.name for p in mine.journeymen) == ["Skeleton Lineman"] + ["Zombie Lineman"] * 2
    assert prep.added == [
        "Team 0 takes on 3 journeymen (1 Skeleton Lineman + 2 Zombie Linemen, Loner 4+) to field 11 players"
    ]
    after = await prepare.journeyman_need(runtime, coach, f"f:{fixture_id}")
    assert after is not None and after.needed == 0
