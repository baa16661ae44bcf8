"""Hiring, firing, staff and temporary retirement in the post-game sequence."""

from __future__ import annotations

import pytest

from bot.errors import RuleViolation
from bot.services.league import seasons
from bot.services.match import postgame, postgame_roster
from bot.services.roster import teams
from bot.services.runtime import Runtime
from tests.builders import HOME, confirmed_with_spp, team_of


async def test_roster_changes_only_in_the_post_game(runtime: Runtime) -> None:
    fixture_id = await confirmed_with_spp(runtime, "#1 td")
    home = await team_of(runtime, HOME)
    await postgame.finish_postgame(runtime, HOME, fixture_id, home.id)
    with pytest.raises(RuleViolation, match="in the post-game sequence"):
        await teams.hire_players(runtime, HOME, None, "Human Lineman")


async def test_hiring_pays_from_the_treasury(runtime: Runtime) -> None:
    await confirmed_with_spp(runtime, "#1 td")
    before = await team_of(runtime, HOME)
    hired = await teams.hire_players(runtime, HOME, None, "Human Blitzer", name="Rookie")
    assert hired.sheet.team.treasury == before.treasury - 85_000
    assert len(hired.sheet.players) == 12


async def test_rerolls_cost_double_and_are_never_removed(runtime: Runtime) -> None:
    await confirmed_with_spp(runtime, "#1 td")
    before = await teams.team_sheet(runtime, HOME, None)
    bought = await teams.set_staff(runtime, HOME, None, rerolls=1)
    assert bought.sheet.team.treasury == before.team.treasury - 2 * 50_000  # double the roster's 50,000
    assert bought.sheet.team_value == before.team_value + 50_000  # but TV counts the normal price
    with pytest.raises(RuleViolation, match="never removed"):
        await teams.set_staff(runtime, HOME, None, rerolls=0)
    with pytest.raises(RuleViolation, match="only when drafting"):
        await teams.set_staff(runtime, HOME, None, dedicated_fans=3 + 1)
    cheer = await teams.set_staff(runtime, HOME, None, cheerleaders=2)
    let_go = await teams.set_staff(runtime, HOME, None, cheerleaders=0)
    assert let_go.sheet.team.treasury == cheer.sheet.team.treasury  # no refund in the league


async def test_firing_keeps_eleven_eligible_players(runtime: Runtime) -> None:
    await confirmed_with_spp(runtime, "#1 td")
    with pytest.raises(RuleViolation, match="below 11"):
        await teams.fire_player(runtime, HOME, None, "#2")
    await teams.hire_players(runtime, HOME, None, "Human Lineman")
    before = await team_of(runtime, HOME)
    fired = await teams.fire_player(runtime, HOME, None, "#2")
    assert "no refund" in fired.message and fired.sheet.team.treasury == before.treasury
    assert 2 not in [p.row.number for p in fired.sheet.players]


async def test_temporary_retirement_needs_a_lasting_injury(runtime: Runtime) -> None:
    await confirmed_with_spp(runtime, "#1 td, #4 li-ma")
    with pytest.raises(RuleViolation, match="Lasting Injury"):
        await postgame_roster.retire_player(runtime, HOME, None, "#1")
    retired = await postgame_roster.retire_player(runtime, HOME, None, "#4")
    player = next(p for p in retired.sheet.players if p.row.number == 4)
    assert player.row.temporarily_retired and player.row.ma_change == -1
    assert retired.sheet.current_team_value == retired.sheet.team_value - 50_000
    listing = await seasons.list_fixtures(runtime, HOME, None, "mine")
    assert listing.fixtures  # still a team with fixtures: retirement only takes the player out
