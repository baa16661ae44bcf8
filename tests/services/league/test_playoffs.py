"""Play-offs, prizes and the League Trophy through the services, on a real SQLite file (seed 001)."""

from __future__ import annotations

import sqlite3
from datetime import timedelta

import pytest

from bot.clock import FakeClock
from bot.errors import Conflict, RuleViolation
from bot.rules.dice import ScriptedDice
from bot.services.league import playoffs
from bot.services.match import deadlines, match_day, postgame, results
from bot.services.match.results import SideInput
from bot.services.roster import teams
from bot.services.runtime import Runtime
from bot.store import announcements
from tests import builders as build
from tests.builders import COMMISH, NOTHING, coach
from tests.conftest import actor


async def _announced(runtime: Runtime) -> list[str]:
    def titles(conn: sqlite3.Connection) -> list[str]:
        return [f"{a.title} | {' / '.join(a.lines)}" for a in announcements.unsent(conn, 100)]

    return await runtime.db.read(titles)


async def _treasury(runtime: Runtime, n: int) -> int:
    return (await teams.team_sheet(runtime, coach(n), None)).team.treasury


async def test_a_four_team_league_plays_its_playoffs_and_pays_its_prizes(runtime: Runtime) -> None:
    await build.season(runtime, 4)
    await build.regular_season(runtime)
    said = await _announced(runtime)
    assert any("regular season is over" in line and "/season playoffs" in line for line in said)
    bracket = await playoffs.open_playoffs(runtime, COMMISH, None)
    assert bracket.season.status == "playoffs"
    assert [(q.seed, name) for q, name in bracket.qualifiers] == [
        (1, "Team 0"),
        (2, "Team 1"),
        (3, "Team 2"),
        (4, "Team 3"),
    ]
    semis = await build.fixtures(runtime, "playoff")
    assert [(f.home_name, f.away_name, f.playoff_stage, f.playoff_slot) for f in semis] == [
        ("Team 0", "Team 3", 1, 1),
        ("Team 1", "Team 2", 1, 2),
    ]
    assert semis[0].deadline_at is not None
    with pytest.raises(Conflict):
        await playoffs.open_playoffs(runtime, COMMISH, None)
    await build.play(runtime, semis[0], 1, 0)  # Team 0 through
    assert len(await build.fixtures(runtime, "playoff")) == 2  # the other semi-final is still to play
    await build.play(runtime, semis[1], 0, 3)  # Team 2 through
    stage_two = [f for f in await build.fixtures(runtime, "playoff") if f.playoff_stage == 2]
    assert [(f.home_name, f.away_name, f.third_place) for f in stage_two] == [
        ("Team 0", "Team 2", False),
        ("Team 1", "Team 3", True),
    ]
    assert any("Final" in line and "Third-place play-off" in line for line in await _announced(runtime))
    third = next(f for f in stage_two if f.third_place)
    await build.play(runtime, third, 0, 1)  # Team 3 takes third
    final = next(f for f in stage_two if not f.third_place)
    outcome = await results.report_result(
        runtime, actor(user_id=final.home_coach_id), f"f:{final.id}", SideInput(1, 0), SideInput(2, 0)
    )
    await results.confirm_result(runtime, actor(user_id=final.away_coach_id), final.id, outcome.version)
    await postgame.finish_postgame(runtime, COMMISH, final.id, final.home_team_id, as_commissioner=True)
    assert (await playoffs.bracket(runtime, 1, None)).awards == []  # Team 2's post-game is still open
    after_final = {n: await _treasury(runtime, n) for n in range(4)}
    await postgame.finish_postgame(runtime, COMMISH, final.id, final.away_team_id, as_commissioner=True)
    done = await playoffs.bracket(runtime, 1, None)
    assert done.season.status == "finished"
    assert [(a.place, a.team_name, a.prize) for a in done.awards] == [
        (1, "Team 2", 100_000),
        (2, "Team 0", 60_000),
        (3, "Team 3", 30_000),
    ]
    assert await _treasury(runtime, 1) == after_final[1]  # fourth: no prize
    champions = [line for line in await _announced(runtime) if "champions" in line]
    assert champions and "Team 2" in champions[0] and "League Trophy" in champions[0]
    history = await playoffs.history(runtime, 1, None)
    assert history.seasons[0].awards[0].team_name == "Team 2"
    champion = await teams.team_sheet(runtime, coach(2), None)
    runner_up = await teams.team_sheet(runtime, coach(0), None)
    assert (champion.trophy_rerolls, runner_up.trophy_rerolls) == (1, 0)
    players = sum(p.row.current_value for p in champion.players)
    reroll = champion.roster.reroll_cost
    assert champion.team_value == players + (champion.team.rerolls + 1) * reroll  # the free re-roll counts


async def test_prizes_are_paid_after_expensive_mistakes(runtime: Runtime) -> None:
    await build.season(runtime, 4)
    await build.regular_season(runtime)
    await playoffs.open_playoffs(runtime, COMMISH, None)
    for fx in await build.fixtures(runtime, "playoff"):
        await build.play(runtime, fx, 1, 0)
    stage_two = [f for f in await build.fixtures(runtime, "playoff") if f.playoff_stage == 2]
    for fx in stage_two:
        await build.play(runtime, fx, 1, 0)

    def ledger(conn: sqlite3.Connection) -> list[tuple[str, int]]:
        rows = conn.execute("SELECT cause, amount FROM treasury_changes WHERE team_id = 1 ORDER BY id")
        return [(r[0], r[1]) for r in rows]

    causes = [cause for cause, _ in await runtime.db.read(ledger)]
    assert causes[-1] == "prize: 1st place, season 1"  # the last change: nothing after it can take it


async def test_a_level_playoff_game_needs_a_winner(runtime: Runtime) -> None:
    await build.season(runtime, 4)
    await build.regular_season(runtime)
    await playoffs.open_playoffs(runtime, COMMISH, None)
    semi = (await build.fixtures(runtime, "playoff"))[0]
    home = actor(user_id=semi.home_coach_id)
    with pytest.raises(RuleViolation, match="needs a winner"):
        await results.report_result(runtime, home, f"f:{semi.id}", SideInput(1, 0), SideInput(1, 0))
    with pytest.raises(RuleViolation, match="only decides a game that is level"):
        await results.report_result(
            runtime, home, f"f:{semi.id}", SideInput(2, 0), SideInput(1, 0), penalties="mine"
        )
    reported = await results.report_result(
        runtime, home, f"f:{semi.id}", SideInput(1, 0), SideInput(1, 0), penalties="theirs"
    )
    assert reported.report.penalty_winner == "away" and reported.report.extra_time
    assert reported.report.outcomes == ("L", "W")


async def test_the_bots_shootout_decides_and_is_rolled_once(runtime: Runtime) -> None:
    await build.season(runtime, 4)
    await build.regular_season(runtime)
    await playoffs.open_playoffs(runtime, COMMISH, None)
    semi = (await build.fixtures(runtime, "playoff"))[0]
    home = actor(user_id=semi.home_coach_id)
    rigged = Runtime(
        db=runtime.db,
        dice=ScriptedDice([6, 1, 6, 1, 6, 1, 1, 6, 1, 6]),
        clock=runtime.clock,
        catalog=runtime.catalog,
    )
    rolled = await match_day.roll_penalties(rigged, home, f"f:{semi.id}")
    assert rolled.shootout.winner == "home" and not rolled.already_rolled
    again = await match_day.roll_penalties(runtime, actor(user_id=semi.away_coach_id), f"f:{semi.id}")
    assert again.already_rolled and again.shootout == rolled.shootout
    with pytest.raises(RuleViolation, match="was won by Team 0"):
        await results.report_result(
            runtime, home, f"f:{semi.id}", SideInput(0, 0), SideInput(0, 0), penalties="theirs"
        )
    reported = await results.report_result(runtime, home, f"f:{semi.id}", SideInput(0, 0), SideInput(0, 0))
    assert reported.report.penalty_winner == "home"
    league_game = (await build.fixtures(runtime))[0]
    with pytest.raises(RuleViolation, match="play-off and knock-out games"):
        await match_day.roll_penalties(
            runtime, actor(user_id=league_game.home_coach_id), f"f:{league_game.id}"
        )


async def test_extra_time_is_only_for_playoff_games(runtime: Runtime) -> None:
    await build.season(runtime, 4)
    fx = (await build.fixtures(runtime))[0]
    with pytest.raises(RuleViolation, match="Only play-off and knock-out games"):
        await results.report_result(
            runtime, actor(user_id=fx.home_coach_id), f"f:{fx.id}", NOTHING, NOTHING, extra_time=True
        )


async def test_the_playoffs_wait_for_every_regular_fixture(runtime: Runtime) -> None:
    await build.season(runtime, 4)
    first = (await build.fixtures(runtime))[0]
    await build.play(runtime, first, 1, 0)
    with pytest.raises(RuleViolation, match="5 regular-season fixture"):
        await playoffs.open_playoffs(runtime, COMMISH, None)


async def test_three_divisions_automatic_opening_and_no_same_division_first_round(runtime: Runtime) -> None:
    await build.season(runtime, 12, divisions=3, playoff_places=8, playoff_opening="automatic")
    await build.regular_season(runtime)
    bracket = await playoffs.bracket(runtime, 1, None)
    assert bracket.season.status == "playoffs"  # the bot opened them at the last confirmation
    qualified = {name for _, name in bracket.qualifiers}
    # top two of each division (0, 1 / 4, 5 / 8, 9) and the two best third-placed teams
    assert {"Team 0", "Team 1", "Team 4", "Team 5", "Team 8", "Team 9"} <= qualified
    assert len(qualified) == 8
    thirds = qualified - {"Team 0", "Team 1", "Team 4", "Team 5", "Team 8", "Team 9"}
    assert thirds <= {"Team 2", "Team 6", "Team 10"}
    first_round = bracket.stages[0][1]
    division = {name: q.division for q, name in bracket.qualifiers}
    assert all(division[f.home_name] != division[f.away_name] for f in first_round)
    assert bracket.stages[0][0] == "Quarter-finals"


async def test_a_league_without_playoffs_pays_prizes_by_the_standings(runtime: Runtime) -> None:
    await build.season(runtime, 4, playoff_places=0)
    await build.regular_season(runtime)
    history = await playoffs.history(runtime, 1, None)
    season = history.seasons[0]
    assert season.season.status == "finished"
    assert [(a.place, a.team_name) for a in season.awards] == [(1, "Team 0"), (2, "Team 1"), (3, "Team 2")]
    assert await deadlines.schedule(runtime) == []  # no deadline or reminder of a finished season is left
    with pytest.raises(Conflict, match="is over"):
        await playoffs.open_playoffs(runtime, COMMISH, None)


async def test_an_unplayed_playoff_game_goes_to_the_commissioner(runtime: Runtime) -> None:
    await build.season(runtime, 4)
    await build.regular_season(runtime)
    await playoffs.open_playoffs(runtime, COMMISH, None)
    clock = runtime.clock
    assert isinstance(clock, FakeClock)
    clock.advance(timedelta(days=15))
    due = [d for d in await deadlines.schedule(runtime) if d.kind == "deadline" and d.at <= clock.now()]
    assert len(due) == 1
    work = await deadlines.run_due(runtime, due[0])
    assert {s.how for s in work.closed[0].settled} == {"to commissioner"}
    semi = (await build.fixtures(runtime, "playoff"))[0]
    assert semi.status == "disputed"
    decided = await results.set_result(
        runtime, COMMISH, f"f:{semi.id}", NOTHING, NOTHING, "nobody turned up", penalty_winner="away"
    )
    assert decided.fixture.away_outcome == "W"


async def test_a_correction_may_not_change_a_winner_who_has_played_on(runtime: Runtime) -> None:
    await build.season(runtime, 4)
    await build.regular_season(runtime)
    await playoffs.open_playoffs(runtime, COMMISH, None)
    semis = await build.fixtures(runtime, "playoff")
    await build.play(runtime, semis[0], 1, 0)
    # the other semi-final is not played: correcting the first (winner changed) is still allowed
    await results.set_result(runtime, COMMISH, f"f:{semis[0].id}", SideInput(0, 0), SideInput(1, 0), "typo")
    await results.set_result(runtime, COMMISH, f"f:{semis[0].id}", SideInput(1, 0), SideInput(0, 0), "typo")
    await build.play(runtime, semis[1], 1, 0)
    with pytest.raises(Conflict, match="played on"):
        await results.set_result(runtime, COMMISH, f"f:{semis[0].id}", NOTHING, SideInput(1, 0), "late")
    await results.set_result(runtime, COMMISH, f"f:{semis[0].id}", SideInput(2, 0), NOTHING, "score only")


async def test_a_result_the_playoffs_rest_on_cannot_be_reverted(runtime: Runtime) -> None:
    from bot.services.match import revert

    await build.season(runtime, 4)
    await build.regular_season(runtime)
    last_regular = (await build.fixtures(runtime))[-1]
    await playoffs.open_playoffs(runtime, COMMISH, None)
    with pytest.raises(RuleViolation, match="moved on"):
        await revert.revert_postgame(runtime, COMMISH, f"f:{last_regular.id}", "wrong score")
