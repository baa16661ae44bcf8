"""/match pregame and /league record through the services: each rolled step of the ruleset's sequence once,
its dice logged with the fixture; what a commissioner records by hand for a step the ruleset lacks."""

from __future__ import annotations

import pytest

from bot.errors import InvalidInput, NotAllowed, NotFound, RuleViolation
from bot.services.match import match_day, pregame, results
from bot.services.match.results import SideInput
from bot.services.runtime import Runtime
from bot.store import history
from bot.store import postgame as postgame_store
from tests.builders import COMMISH, coach, first_fixture, season, with_dice
from tests.conftest import actor


async def test_a_classic_pregame_rolls_each_step_once_in_the_seeds_order(runtime: Runtime) -> None:
    await season(runtime, 4, ruleset="classic")
    fx = await first_fixture(runtime, coach(0))
    home = actor(user_id=fx.home_coach_id)
    # Stadium 2D6 5 + 5 = 10 (Luxury Stadium); weather 3 + 4 = 7 (Nice); the coin 2 (the away coach);
    # fans: home 6 + 6 + FF 1, away 1 + 1 + FF 1: 13,000 against 3,000, FAME +2 and 0.
    view = await pregame.run_pregame(with_dice(runtime, [5, 5, 3, 4, 2, 6, 6, 1, 1]), home, f"f:{fx.id}")
    assert [s.step.id for s in view.steps] == [
        "stadium",
        "famous_referees",
        "weather",
        "inducements",
        "special_plays",
        "kick_off_flip",
        "fans_and_fame",
    ]
    assert view.rolled == ("stadium", "weather", "kick_off_flip", "fans_and_fame")
    text = {s.step.id: "\n".join(s.lines) for s in view.steps}
    assert "= 10 → **Luxury Stadium**" in text["stadium"] and "/league record" in text["stadium"]
    assert "→ **Nice**" in text["weather"]
    assert f"<@{fx.away_coach_id}>" in text["kick_off_flip"]
    assert "13,000 fans (Fan Factor 1): FAME +2" in text["fans_and_fame"]
    assert "not in seed 003" in text["famous_referees"]
    again = await pregame.run_pregame(runtime, actor(user_id=fx.away_coach_id), f"f:{fx.id}")
    assert again.rolled == () and {s.step.id: "\n".join(s.lines) for s in again.steps} == text
    logged = await runtime.db.read(history.dice_of_fixture, 1, fx.id)
    assert [r.total for r in logged] == [10, 7, 2, 12, 2]  # each roll once: stadium, weather, coin, fans
    with pytest.raises(NotAllowed):
        await pregame.run_pregame(runtime, actor(user_id=999), f"f:{fx.id}")

    # The classic weather table is the one /match roll uses in this league.
    rolled = await match_day.roll_table(with_dice(runtime, [6, 6]), home, f"f:{fx.id}", "weather")
    assert rolled.rolled.entry.name == "Blizzard"

    # The post-game pays the FAME shown before the game: home won, D6 4 -> (4 + 2) x 10,000 + 10,000.
    await results.report_result(runtime, home, f"f:{fx.id}", SideInput(1, 0), SideInput(0, 0))
    await results.confirm_result(
        with_dice(runtime, [4, 1, 1, 1, 5, 3, 1, 1, 2]), actor(user_id=fx.away_coach_id), fx.id, 1
    )
    record = await runtime.db.read(postgame_store.get, 1, fx.id, fx.home_team_id)
    assert record is not None and record.winnings == 70_000


async def test_a_commissioner_records_what_the_seed_has_no_table_for(runtime: Runtime) -> None:
    await season(runtime, 4, ruleset="classic")
    fx = await first_fixture(runtime, coach(0))
    steps = await pregame.recordable_steps(runtime, COMMISH, f"f:{fx.id}")
    assert [s for s, _ in steps] == [
        "famous_referees",
        "stadium_attributes",
        "home_stadiums",
        "sponsorships",
        "special_play_cards",
    ]
    await pregame.record_step(
        runtime, COMMISH, f"f:{fx.id}", "famous_referees", "Jorm the Ogre", "rolled at the table"
    )
    view = await pregame.record_step(runtime, COMMISH, f"f:{fx.id}", "famous_referees", "Ranulf Red Hokuli")
    referees = next(s for s in view.steps if s.step.id == "famous_referees")
    assert referees.recorded == (f"Ranulf Red Hokuli (recorded by <@{COMMISH.user_id}>)",)
    attribute = await pregame.record_step(
        runtime, COMMISH, f"f:{fx.id}", "stadium_attributes", "Astrogranite"
    )
    assert attribute.steps[-1].step.name.startswith("Unusual Playing Surface")  # shown after the sequence
    assert attribute.steps[-1].recorded == (f"Astrogranite (recorded by <@{COMMISH.user_id}>)",)
    with pytest.raises(NotFound):
        await pregame.record_step(runtime, COMMISH, f"f:{fx.id}", "weather", "Nice")
    with pytest.raises(InvalidInput):
        await pregame.record_step(runtime, COMMISH, f"f:{fx.id}", "famous_referees", " " * 3)


async def test_a_bb2025_pregame_rolls_the_weather_and_the_flip_and_has_nothing_to_record(
    runtime: Runtime,
) -> None:
    await season(runtime, 4)
    fx = await first_fixture(runtime, coach(0))
    view = await pregame.run_pregame(
        with_dice(runtime, [3, 4, 1]), actor(user_id=fx.home_coach_id), f"f:{fx.id}"
    )
    assert view.rolled == ("weather", "kick_off_flip")
    assert "(the post-game)" in view.steps[0].lines[0]
    with pytest.raises(RuleViolation, match="no pre-game step to record"):
        await pregame.record_step(runtime, COMMISH, f"f:{fx.id}", "famous_referees", "Jorm")
