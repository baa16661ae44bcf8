"""A classic league's post-game (seed 003) through the services: FAME, winnings, the winner's re-roll, Fan
Factor, MVP among three, 3/2/1 points; and the ruleset chosen only before the first season."""

from __future__ import annotations

import sqlite3

import pytest

from bot.errors import Conflict, RuleViolation
from bot.services.league import leagues, seasons
from bot.services.match import postgame, results
from bot.services.match.results import SideInput
from bot.services.runtime import Runtime
from bot.store import postgame as postgame_store
from bot.store import pregame as pregame_store
from bot.store import teams as team_store
from tests.builders import COMMISH, coach, first_fixture, season, with_dice
from tests.conftest import actor


async def _classic_game(
    runtime: Runtime, rolls: list[int], home: SideInput, away: SideInput
) -> tuple[int, int, int]:
    overview = await season(runtime, 4, ruleset="classic")
    assert (overview.league.settings.points_win, overview.league.settings.points_draw) == (3, 2)
    fx = await first_fixture(runtime, coach(0))
    reporter = actor(user_id=fx.home_coach_id)
    confirmer = actor(user_id=fx.away_coach_id)
    await results.report_result(runtime, reporter, f"f:{fx.id}", home, away)
    await results.confirm_result(with_dice(runtime, rolls), confirmer, fx.id, 1)
    return fx.id, fx.home_team_id, fx.away_team_id


async def _treasury(runtime: Runtime, team_id: int) -> int:
    team = await runtime.db.read(team_store.get, 1, team_id)
    assert team is not None
    return team.treasury


async def test_a_classic_game_pays_d6_plus_fame_rolls_fan_factor_and_scores_three_two_one(
    runtime: Runtime,
) -> None:
    # Fans: home 2D6 12 + FF 1 = 13,000, away 2 + 1 = 3,000: home FAME +2 (twice as many), away 0.
    # Home (won): winnings D6 4 -> (4 + 2) x 10,000 + 10,000; Fan Factor 3D6 3 > 1 -> 2; MVP D11 5.
    # Away (lost): winnings D6 3 -> 30,000; Fan Factor 2D6 2 < 1? no; MVP D11 2.
    rolls = [6, 6, 1, 1, 4, 1, 1, 1, 5, 3, 1, 1, 2]
    before = 1_000_000 - 11 * 50_000
    fixture_id, home_id, away_id = await _classic_game(runtime, rolls, SideInput(2, 0), SideInput(1, 0))
    assert await _treasury(runtime, home_id) == before + 70_000
    assert await _treasury(runtime, away_id) == before + 30_000
    home = await runtime.db.read(team_store.get, 1, home_id)
    assert home is not None and home.dedicated_fans == 2
    record = await runtime.db.read(postgame_store.get, 1, fixture_id, home_id)
    assert record is not None and record.winnings_reroll == "offered" and record.winnings_die == 4
    assert any("FAME +2" in line for line in record.summary)
    assert any("Fan Factor 1 → 2" in line for line in record.summary)
    loser = await runtime.db.read(postgame_store.get, 1, fixture_id, away_id)
    assert loser is not None and loser.winnings_reroll is None
    stored = await runtime.db.read(pregame_store.step, 1, fixture_id, "fans_and_fame")
    assert stored is not None and stored.result["home"]["fans"] == 13000  # kept as the pre-game step
    table = (await seasons.standings(runtime, 1, None)).tables[0]
    points = {row.team_id: row.points for row in table.rows}
    assert points[home_id] == 3 and points[away_id] == 1  # "You score 1 League point for a loss."

    # The winner re-rolls once and keeps the second roll, worse or not: D6 1 -> (1 + 2) x 10,000 + 10,000.
    winner = actor(user_id=home.coach_id)
    with pytest.raises(RuleViolation):  # the loser has no re-roll
        await postgame.reroll_winnings(
            runtime, actor(user_id=coach(9).user_id), fixture_id, away_id, as_commissioner=True
        )
    rerolled = await postgame.reroll_winnings(with_dice(runtime, [1]), winner, fixture_id, home_id)
    assert "Winnings re-rolled: D6 1, kept: 40,000 gp (-30,000 gp)" in rerolled.summary.lines
    assert await _treasury(runtime, home_id) == before + 40_000
    with pytest.raises(Conflict):
        await postgame.reroll_winnings(runtime, winner, fixture_id, home_id)
    record = await runtime.db.read(postgame_store.get, 1, fixture_id, home_id)
    assert record is not None and record.winnings == 40_000 and record.winnings_reroll == "used"


async def test_fame_rolled_before_the_game_is_the_one_paid_and_finishing_declines_the_reroll(
    runtime: Runtime,
) -> None:
    overview = await season(runtime, 4, ruleset="classic")
    fx = await first_fixture(runtime, coach(0))
    shown = {
        "home": {"fan_factor": 1, "fans": 3000, "fame": 0},
        "away": {"fan_factor": 1, "fans": 9000, "fame": 2},
    }
    await runtime.db.write(
        pregame_store.write, 1, fx.id, "fans_and_fame", shown, actor_id=1, now=runtime.clock.now()
    )
    assert overview.league.settings.ruleset == "classic"
    reporter, confirmer = actor(user_id=fx.home_coach_id), actor(user_id=fx.away_coach_id)
    await results.report_result(runtime, reporter, f"f:{fx.id}", SideInput(0, 0), SideInput(1, 0))
    # No fans rolled now. Home (lost): D6 5 -> 50,000; FF 2D6 1+1; MVP D11 1. Away (won): D6 2 -> (2 + 2) x
    # 10,000 + 10,000; FF 3D6 6+6+6 > 1 -> 2; MVP D11 3.
    await results.confirm_result(with_dice(runtime, [5, 1, 1, 1, 2, 6, 6, 6, 3]), confirmer, fx.id, 1)
    before = 1_000_000 - 11 * 50_000
    assert await _treasury(runtime, fx.home_team_id) == before + 50_000
    assert await _treasury(runtime, fx.away_team_id) == before + 50_000
    await postgame.finish_postgame(runtime, COMMISH, fx.id, fx.away_team_id, as_commissioner=True)
    record = await runtime.db.read(postgame_store.get, 1, fx.id, fx.away_team_id)
    assert record is not None and record.winnings_reroll == "declined"
    with pytest.raises(Conflict):
        await postgame.reroll_winnings(runtime, COMMISH, fx.id, fx.away_team_id, as_commissioner=True)


async def test_a_conceding_team_gets_no_winnings_and_three_nominees_at_most(runtime: Runtime) -> None:
    await season(runtime, 4, ruleset="classic")
    fx = await first_fixture(runtime, coach(0))
    reporter = actor(user_id=fx.home_coach_id)
    with pytest.raises(RuleViolation, match="at most 3"):
        await results.report_result(
            runtime,
            reporter,
            f"f:{fx.id}",
            SideInput(1, 0, "#1 mvp, #2 mvp, #3 mvp, #4 mvp"),
            SideInput(0, 0),
        )
    await results.report_result(
        runtime, reporter, f"f:{fx.id}", SideInput(0, 0, "#1 mvp, #2 mvp, #3 mvp"), SideInput(1, 0), "mine"
    )
    confirmer = actor(user_id=fx.away_coach_id)
    outcome = await results.confirm_result(runtime, confirmer, fx.id, 1)
    conceder = next(s for s in outcome.postgame if s.team_id == fx.home_team_id)
    assert "No winnings: a team that concedes gets no winnings" in conceder.lines
    assert any(line.startswith("MVP #") for line in conceder.lines)  # seed 003 takes only the winnings
    record = await runtime.db.read(postgame_store.get, 1, fx.id, fx.home_team_id)
    assert record is not None and record.winnings == 0


async def test_the_ruleset_is_chosen_before_the_first_season(runtime: Runtime) -> None:
    await season(runtime, 4)
    with pytest.raises(RuleViolation, match="before the first"):
        await leagues.update_settings(runtime, COMMISH, None, {"ruleset": "classic"})
    changed = await leagues.update_settings(runtime, COMMISH, None, {"points_draw": 2})
    assert changed.league.settings.ruleset == "bb2025"


async def test_choosing_classic_sets_its_points_unless_given(runtime: Runtime) -> None:
    await leagues.create_league(runtime, COMMISH, "Old", 555)
    changed = await leagues.update_settings(runtime, COMMISH, None, {"ruleset": "classic"})
    settings = changed.league.settings
    assert (settings.points_win, settings.points_draw, settings.points_loss) == (3, 2, 1)
    changed = await leagues.update_settings(runtime, COMMISH, None, {"ruleset": "bb2025", "points_win": 4})
    settings = changed.league.settings
    assert (settings.points_win, settings.points_draw, settings.points_loss) == (4, 1, 0)
    with pytest.raises(RuleViolation, match="one of bb2025, classic"):
        await leagues.update_settings(runtime, COMMISH, None, {"ruleset": "lrb6"})


async def test_a_classic_journeyman_is_hired_at_his_rookie_cost(runtime: Runtime) -> None:
    from bot.services.match import postgame_roster, prepare
    from bot.services.roster import teams
    from tests.builders import entries, injure

    # "the coach must either fire them from the team or you may permanently hire them by paying their
    # Rookie cost" (seed 003); BB2025 charges his value increase too.
    await season(runtime, entries(4, rosters={0: "skaven"}), channel=None, ruleset="classic")
    await injure(runtime, coach(0), [1])
    fx = await first_fixture(runtime, coach(0))
    mine = coach(0)
    prep = await prepare.prepare_match(runtime, mine, f"f:{fx.id}")
    side = prep.home if fx.home_coach_id == mine.user_id else prep.away
    (journeyman,) = side.journeymen
    other = actor(user_id=fx.away_coach_id if fx.home_coach_id == mine.user_id else fx.home_coach_id)
    await results.report_result(runtime, mine, f"f:{fx.id}", SideInput(0, 0), SideInput(0, 0))
    await results.confirm_result(runtime, other, fx.id, 1)

    def improve(conn: sqlite3.Connection) -> None:
        conn.execute("UPDATE players SET value_increase = 20000 WHERE id = ?", (journeyman.row.id,))

    await runtime.db.write(improve)
    before = (await teams.team_sheet(runtime, mine, None)).team.treasury
    await postgame_roster.keep_journeyman(runtime, mine, None, f"#{journeyman.row.number}")
    after = (await teams.team_sheet(runtime, mine, None)).team.treasury
    assert before - after == journeyman.row.hiring_fee == 50_000
