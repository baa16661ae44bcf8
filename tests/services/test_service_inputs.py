"""Every service validates the values it is given, whatever sends them: numbers far outside the command
options' ranges (2^31, 2^63 and beyond, negatives), values outside the choices, references that are not
numbers SQLite can hold. Each is refused with a DomainError that says what is allowed, never a crash."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import pytest

from bot.errors import DomainError
from bot.services import dice_rolls, guild_config
from bot.services.league import allstar, exhibition, leagues, playoffs, seasons
from bot.services.match import deadlines, inducements, match_day, match_events, postgame, results
from bot.services.match.results import SideInput
from bot.services.roster import advancement, teams
from bot.services.runtime import Runtime
from tests.builders import COMMISH, rich_poor_fixture
from tests.conftest import actor

HUGE = 2**63  # one more than SQLite's largest INTEGER
BIG = 2**31
LONG_DIGITS = "9" * 30

Call = Callable[[Runtime, int, int], Awaitable[object]]  # (runtime, fixture id, coach id)
DRAFTING = 50  # a coach whose team is still being drafted (it may hire and buy staff)


def _c(user_id: int):  # type: ignore[no-untyped-def]
    return actor(user_id=user_id)


CALLS: dict[str, Call] = {
    "score 2^31": lambda rt, f, c: results.report_result(
        rt, _c(c), f"f:{f}", SideInput(BIG, 0), SideInput(0, 0)
    ),
    "score 31": lambda rt, f, c: results.report_result(
        rt, _c(c), f"f:{f}", SideInput(31, 0), SideInput(0, 0)
    ),
    "negative casualties": lambda rt, f, c: results.report_result(
        rt, _c(c), f"f:{f}", SideInput(0, -1), SideInput(0, 0)
    ),
    "casualties 2^63": lambda rt, f, c: results.report_result(
        rt, _c(c), f"f:{f}", SideInput(0, 0), SideInput(0, HUGE)
    ),
    "conceded not a choice": lambda rt, f, c: results.report_result(
        rt,
        _c(c),
        f"f:{f}",
        SideInput(0, 0),
        SideInput(0, 0),
        "everyone",  # type: ignore[arg-type]
    ),
    "penalties not a choice": lambda rt, f, c: results.report_result(
        rt,
        _c(c),
        f"f:{f}",
        SideInput(0, 0),
        SideInput(0, 0),
        penalties="both",  # type: ignore[arg-type]
    ),
    "commissioner score 2^63": lambda rt, f, c: results.set_result(
        rt, COMMISH, f"f:{f}", SideInput(HUGE, 0), SideInput(0, 0), "typo"
    ),
    "penalty winner not a choice": lambda rt, f, c: results.set_result(
        rt,
        COMMISH,
        f"f:{f}",
        SideInput(1, 1),
        SideInput(1, 1),
        "r",
        penalty_winner="both",  # type: ignore[arg-type]
    ),
    "friendly score 2^31": lambda rt, f, c: results.report_friendly(
        rt, _c(c), None, "Team 3", SideInput(BIG, 0), SideInput(0, 0)
    ),
    "confirm fixture 2^63": lambda rt, f, c: results.confirm_result(rt, _c(c), HUGE, 1),
    "confirm version 2^63": lambda rt, f, c: results.confirm_result(rt, _c(c), f, HUGE),
    "dispute fixture 2^70": lambda rt, f, c: results.dispute_result(rt, _c(c), 2**70, 1, "no"),
    "fixture of 30 digits": lambda rt, f, c: results.get_fixture(rt, 1, int(LONG_DIGITS)),
    "fixture reference of 30 digits": lambda rt, f, c: deadlines.concede_fixture(
        rt, _c(c), f"f:{LONG_DIGITS}"
    ),
    "fixture reference in superscript": lambda rt, f, c: deadlines.concede_fixture(rt, _c(c), "#²"),
    "fixtures scope not a choice": lambda rt, f, c: seasons.list_fixtures(rt, _c(c), None, "everything"),  # type: ignore[arg-type]
    "fixtures round 2^63": lambda rt, f, c: seasons.list_fixtures(
        rt, _c(c), None, "round", round_number=HUGE
    ),
    "fixtures division -1": lambda rt, f, c: seasons.list_fixtures(
        rt, _c(c), None, "all", division_number=-1
    ),
    "standings division 2^63": lambda rt, f, c: seasons.standings(rt, 1, None, division_number=HUGE),
    "standings season 2^63": lambda rt, f, c: seasons.standings(rt, 1, None, season_number=HUGE),
    "play-offs season 2^63": lambda rt, f, c: playoffs.bracket(rt, 1, None, season=HUGE),
    "extend round 2^63": lambda rt, f, c: deadlines.extend_round(rt, COMMISH, None, HUGE, 5, "rain"),
    "extend by 2^63 days": lambda rt, f, c: deadlines.extend_fixture(rt, COMMISH, f"f:{f}", HUGE, "rain"),
    "dice of 8 digits": lambda rt, f, c: dice_rolls.roll(rt, _c(c), "99999999d99999999"),
    "roll history page 2^63": lambda rt, f, c: dice_rolls.history(rt, 1, 100, page=HUGE),
    "roll history anchor 2^64": lambda rt, f, c: dice_rolls.history(rt, 1, 100, anchor_id=2**64),
    "dungeon bowl turn 2^63": lambda rt, f, c: exhibition.turn_order(rt, _c(c), [1, 2, 3], HUGE),
    "dungeon bowl coach 2^64": lambda rt, f, c: exhibition.placing_order(rt, _c(c), [2**64, 1, 2]),
    "commissioner role 2^64": lambda rt, f, c: guild_config.set_commissioner_role(rt, COMMISH, 2**64),
    "inducements x 2^63": lambda rt, f, c: inducements.buy_inducement(rt, _c(c), f"f:{f}", "bribe", HUGE),
    "league channel 2^64": lambda rt, f, c: leagues.create_league(rt, COMMISH, "Second", 2**64),
    "league log page 2^63": lambda rt, f, c: leagues.league_log(rt, 1, None, page=HUGE),
    "league reference of 30 digits": lambda rt, f, c: leagues.get_league(rt, 1, f"l:{LONG_DIGITS}"),
    "points for a win 2^63": lambda rt, f, c: leagues.update_settings(
        rt, COMMISH, None, {"points_win": HUGE}
    ),
    "a setting that does not exist": lambda rt, f, c: leagues.update_settings(
        rt, COMMISH, None, {"nonsense": 1}
    ),
    "bonus points not a choice": lambda rt, f, c: leagues.update_settings(
        rt, COMMISH, None, {"bonus_mode": "x"}
    ),
    "table not a choice": lambda rt, f, c: match_day.roll_table(rt, _c(c), f"f:{f}", "moon"),  # type: ignore[arg-type]
    "player reference of 30 digits": lambda rt, f, c: match_day.roll_table(
        rt, _c(c), f"f:{f}", "casualty", f"p:{LONG_DIGITS}"
    ),
    "half not a choice": lambda rt, f, c: match_events.start_team_turn(rt, _c(c), f"f:{f}", "3"),  # type: ignore[arg-type]
    "foul 2^63 squares away": lambda rt, f, c: match_events.foul(rt, _c(c), f"f:{f}", HUGE),
    "finish post-game 2^63": lambda rt, f, c: postgame.finish_postgame(rt, _c(c), HUGE, HUGE),
    "advancement option 2^63": lambda rt, f, c: advancement.choose(rt, _c(c), HUGE, HUGE),
    "advancement not a choice": lambda rt, f, c: advancement.advance(rt, _c(c), None, "#1", "everything"),  # type: ignore[arg-type]
    "hire 2^63 players": lambda rt, f, c: teams.hire_players(
        rt, _c(DRAFTING), None, "Human Lineman", count=HUGE
    ),
    "shirt number 2^63": lambda rt, f, c: teams.hire_players(
        rt, _c(DRAFTING), None, "Human Lineman", number=HUGE
    ),
    "renumber to -5": lambda rt, f, c: teams.update_player(rt, _c(DRAFTING), None, "#1", number=-5),
    "player number of 30 digits": lambda rt, f, c: teams.fire_player(
        rt, _c(DRAFTING), None, f"#{LONG_DIGITS}"
    ),
    "player id of 30 digits": lambda rt, f, c: teams.fire_player(rt, _c(DRAFTING), None, f"p:{LONG_DIGITS}"),
    "team id of 30 digits": lambda rt, f, c: teams.team_sheet(rt, _c(c), None, f"t:{LONG_DIGITS}"),
    "2^63 re-rolls": lambda rt, f, c: teams.set_staff(rt, _c(DRAFTING), None, rerolls=HUGE),
    "2^63 cheerleaders": lambda rt, f, c: teams.set_staff(rt, _c(DRAFTING), None, cheerleaders=HUGE),
    "hire -1 players": lambda rt, f, c: teams.hire_players(rt, _c(DRAFTING), None, "Human Lineman", -1),
    "-1 dedicated fans": lambda rt, f, c: teams.set_staff(rt, _c(DRAFTING), None, dedicated_fans=-1),
    "all-star opponent 2^64": lambda rt, f, c: allstar.challenge(rt, _c(c), 2**64, "random"),
    "all-star method not a choice": lambda rt, f, c: allstar.challenge(rt, _c(c), 11, "coin"),  # type: ignore[arg-type]
    "all-star pair choice not a choice": lambda rt, f, c: allstar.accept(rt, _c(c), "", "keep"),  # type: ignore[arg-type]
}


@pytest.mark.parametrize("name", sorted(CALLS))
async def test_a_value_out_of_range_is_refused_clearly(runtime: Runtime, name: str) -> None:
    fixture_id, coach, _ = await rich_poor_fixture(runtime, extra_rerolls=0)
    await teams.create_team(runtime, _c(DRAFTING), None, "Drafting", "human")
    await teams.hire_players(runtime, _c(DRAFTING), None, "Human Lineman", count=2)
    with pytest.raises(DomainError) as refused:
        await CALLS[name](runtime, fixture_id, coach)
    assert str(refused.value)  # a message for the user
