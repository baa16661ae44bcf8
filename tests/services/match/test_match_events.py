"""Match events and referee send-offs through the service, as league options."""

from __future__ import annotations

import pytest

from bot.errors import Conflict, RuleViolation
from bot.services.league import leagues
from bot.services.match import match_events
from bot.services.runtime import Runtime
from tests.builders import COMMISH, short_team_fixture, with_dice
from tests.conftest import actor


async def test_match_events_are_off_unless_the_league_uses_them(runtime: Runtime) -> None:
    fixture_id, coach_id = await short_team_fixture(runtime, "skaven", out=2)
    with pytest.raises(RuleViolation, match="does not use Match Events"):
        await match_events.start_team_turn(runtime, actor(user_id=coach_id), f"f:{fixture_id}", "1")


async def test_once_per_half_and_never_in_extra_time(runtime: Runtime) -> None:
    fixture_id, coach_id = await short_team_fixture(runtime, "skaven", out=2)
    await leagues.update_settings(runtime, COMMISH, None, {"match_events": True})
    coach = actor(user_id=coach_id)
    quiet = await match_events.start_team_turn(with_dice(runtime, [7]), coach, f"f:{fixture_id}", "1")
    assert quiet.turn.event is None and quiet.turn.trigger.total == 7
    fired = await match_events.start_team_turn(with_dice(runtime, [1, 3, 4]), coach, f"f:{fixture_id}", "1")
    assert fired.turn.event is not None
    assert fired.turn.event == runtime.catalog.match_events.event(3, 4)
    with pytest.raises(Conflict, match="already had its Match Event"):
        await match_events.start_team_turn(runtime, coach, f"f:{fixture_id}", "1")
    second = await match_events.start_team_turn(with_dice(runtime, [2]), coach, f"f:{fixture_id}", "2")
    assert second.turn.event is None  # rolling resumes in the second half
    with pytest.raises(RuleViolation, match="extra time"):
        await match_events.start_team_turn(runtime, coach, f"f:{fixture_id}", "extra")


async def test_referee_send_off_by_distance(runtime: Runtime) -> None:
    fixture_id, coach_id = await short_team_fixture(runtime, "skaven", out=2)
    coach = actor(user_id=coach_id)
    with pytest.raises(RuleViolation, match="referee rules"):
        await match_events.foul(runtime, coach, f"f:{fixture_id}", 2)
    await leagues.update_settings(runtime, COMMISH, None, {"referee": "generic"})
    close = await match_events.foul(with_dice(runtime, [3]), coach, f"f:{fixture_id}", 2)  # 2-3 squares: 3+
    assert close.send_off.needed == 3 and close.send_off.sent_off
    far = await match_events.foul(with_dice(runtime, [6]), coach, f"f:{fixture_id}", 12)  # 10 or more: never
    assert far.send_off.needed is None and not far.send_off.sent_off
    await leagues.update_settings(runtime, COMMISH, None, {"referee": "redkur_forgebeard"})
    strict = await match_events.foul(with_dice(runtime, [4]), coach, f"f:{fixture_id}", 6)  # 6-7 squares: 5+
    assert strict.send_off.modifier == 1 and strict.send_off.sent_off  # "By the Book": one step stricter
