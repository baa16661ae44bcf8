"""Gold piece escalation and Skill-Point skills (issue 29 §1 rules 1 and 3): a skill given in a later
budget's roster is the player's only from that round. Seed 000: "coaches will start with a smaller Team
Draft Budget for their first game and will then receive more gold pieces after each round to spend on their
team", and Skill Points give "some additional Skills for the duration of the event"."""

from __future__ import annotations

from bot.services.match import prepare, results
from bot.services.match.results import SideInput
from bot.services.roster import event_drafting
from bot.services.runtime import Runtime
from bot.services.tournament import tournament_entries as entries
from bot.services.tournament import tournament_play, tournaments
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
