"""Before the match: journeymen for a team short of eleven, CTVs; hiring them after the game."""

from __future__ import annotations

import pytest

from bot.errors import NotAllowed, RuleViolation
from bot.services.match import postgame, postgame_roster, prepare, results
from bot.services.match.results import SideInput
from bot.services.roster import teams
from bot.services.runtime import Runtime
from tests.builders import COMMISH, short_team_fixture
from tests.conftest import actor


async def test_journeymen_fill_the_team_to_eleven_and_count_in_ctv(runtime: Runtime) -> None:
    fixture_id, coach_id = await short_team_fixture(runtime, "skaven", out=2)
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
    fixture_id, coach_id = await short_team_fixture(runtime, "skaven", out=2)
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
        await postgame_roster.keep_journeyman(runtime, coach, None, f"#{first}")
    await results.report_result(
        runtime, coach, f"f:{fixture_id}", SideInput(1, 0, f"#{first} td, #3 mvp"), SideInput(0, 0)
    )
    await results.confirm_result(runtime, opponent, fixture_id, 1)
    before = (await teams.team_sheet(runtime, coach, None)).team.treasury
    kept = await postgame_roster.keep_journeyman(runtime, coach, None, f"#{first}")
    player = next(p for p in kept.sheet.players if p.row.number == first)
    assert not player.row.journeyman and player.row.spp == 3  # keeps the touchdown's SPP
    assert kept.sheet.team.treasury == before - 50_000
    team_id = kept.sheet.team.id
    finished = await postgame.finish_postgame(runtime, coach, fixture_id, team_id)
    assert any(f"Journeyman #{second} leaves" in line for line in finished.summary.lines)
    sheet = await teams.team_sheet(runtime, coach, None)
    assert second not in [p.row.number for p in sheet.players]


async def test_the_coach_chooses_each_journeymans_type(runtime: Runtime) -> None:
    """Seed 001: "If a team has multiple Lineman positions in their Team Roster, you may choose which type
    they will be." Three journeymen: one Skeleton and two Zombies."""
    fixture_id, coach_id = await short_team_fixture(runtime, "shambling_undead", out=3)
    coach = actor(user_id=coach_id)
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
