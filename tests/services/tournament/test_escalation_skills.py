"""Gold piece escalation and Skill-Point skills (issue 29 §1 rules 1 and 3): a skill given in a later
budget's roster is the player's only from that round. Seed 000: "coaches will start with a smaller Team
Draft Budget for their first game and will then receive more gold pieces after each round to spend on their
team", and Skill Points give "some additional Skills for the duration of the event"."""

from __future__ import annotations

import pytest

from bot.errors import RuleViolation
from bot.services.match import prepare, results
from bot.services.match.results import SideInput
from bot.services.roster import event_drafting
from bot.services.runtime import Runtime
from bot.services.tournament import tournament_entries as entries
from bot.services.tournament import tournament_play, tournament_spp, tournaments
from bot.services.tournament.tournament_play import round_pairings
from tests.conftest import actor

ORGANISER = actor(user_id=1)
COACHES = [actor(user_id=101), actor(user_id=102)]


async def test_a_skill_added_for_round_2_is_not_on_round_1s_match_sheet(runtime: Runtime) -> None:
    settings = {"escalation": "1000000/1100000", "rounds": 2}
    await tournaments.create_tournament(runtime, ORGANISER, "Escalation Cup", 200, settings)
    for n, who in enumerate(COACHES):
        await entries.register(runtime, who, None, f"Team {n}", "Human", "Old World Classic")
        await event_drafting.hire(runtime, who, None, "Human Lineman", 11)
        await entries.escalate(runtime, who, None)
        await event_drafting.set_skill(runtime, who, None, "#1", "Block")  # from round 2's roster
        await event_drafting.submit(runtime, who, None)
        await entries.review(runtime, ORGANISER, None, f"Team {n}", approve=True)
    await tournament_play.start_event(runtime, ORGANISER, None)

    async def first_players_skills(number: int) -> tuple[str, ...]:
        pairings = await round_pairings(runtime, 1, None, number)
        (fx,) = [t.fixture for t in pairings.tables if t.fixture is not None]
        prep = await prepare.prepare_match(runtime, COACHES[0], f"f:{fx.id}")
        side = prep.home if prep.fixture.home_coach_id == COACHES[0].user_id else prep.away
        return next(p for p in side.able if p.row.number == 1).extra_skills

    assert await first_players_skills(1) == ()
    (fx,) = [t.fixture for t in (await round_pairings(runtime, 1, None, 1)).tables if t.fixture is not None]
    done = await results.report_result(
        runtime, actor(user_id=fx.home_coach_id), f"f:{fx.id}", SideInput(1, 0), SideInput(0, 0)
    )
    await results.confirm_result(runtime, actor(user_id=fx.away_coach_id), fx.id, done.version)
    assert await first_players_skills(2) == ("Block",)


async def test_extra_spp_only_for_a_player_on_that_rounds_roster(runtime: Runtime) -> None:
    """The organiser's extra SPP are for something in a game: a player who joins in round 2 was not in
    round 1's."""
    settings = {"escalation": "1000000/1100000", "rounds": 2, "advancement": True, "extra_spp": "a chant"}
    await tournaments.create_tournament(runtime, ORGANISER, "Escalation Cup", 200, settings)
    for n, who in enumerate(COACHES):
        await entries.register(runtime, who, None, f"Team {n}", "Human", "Old World Classic")
        await event_drafting.hire(runtime, who, None, "Human Lineman", 11)
        await entries.escalate(runtime, who, None)
        await event_drafting.hire(runtime, who, None, "Human Blitzer")  # #12, from round 2
        await event_drafting.submit(runtime, who, None)
        await entries.review(runtime, ORGANISER, None, f"Team {n}", approve=True)
    await tournament_play.start_event(runtime, ORGANISER, None)
    (fx,) = [t.fixture for t in (await round_pairings(runtime, 1, None, 1)).tables if t.fixture is not None]
    done = await results.report_result(
        runtime, actor(user_id=fx.home_coach_id), f"f:{fx.id}", SideInput(1, 0), SideInput(0, 0)
    )
    await results.confirm_result(runtime, actor(user_id=fx.away_coach_id), fx.id, done.version)
    with pytest.raises(RuleViolation, match="#12 joins the roster in round 2; this is round 1"):
        await tournament_spp.award_spp(
            runtime, ORGANISER, None, "Team 0", "#12", 1, "a chant", round_number=1
        )
    awarded = await tournament_spp.award_spp(runtime, ORGANISER, None, "Team 0", "#1", 1, "a chant")
    assert awarded.spp >= 1
