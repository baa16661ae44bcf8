"""Group and knock-out events (issue 16 item 2): the groups drawn and their round robin, the knock-out
seeded from the groups, drawn knock-out games decided by extra time and the shoot-out, the placement
bracket, Best of the Rest beside it, and the event's ranking by places."""

from __future__ import annotations

from collections import Counter

import pytest

from bot.errors import Conflict, RuleViolation
from bot.services.match import match_day, results
from bot.services.match.results import SideInput
from bot.services.runtime import Actor, Runtime
from bot.services.tournament import tournament_groups, tournament_play, tournaments
from bot.store.seasons import Fixture
from tests.builders import ORGANISER
from tests.builders import tournament_event as event
from tests.conftest import actor


def who(user_id: int) -> Actor:
    return actor(user_id=user_id)


async def tables(runtime: Runtime, number: int | None = None) -> list[tournament_play.TableLine]:
    return list((await tournament_play.round_pairings(runtime, 1, None, number)).tables)


async def play(runtime: Runtime, fx: Fixture, home: int, away: int, *, extra_time: bool = False) -> None:
    done = await results.report_result(
        runtime,
        who(fx.home_coach_id),
        f"f:{fx.id}",
        SideInput(home, 0),
        SideInput(away, 0),
        None,
        extra_time=extra_time,
    )
    await results.confirm_result(runtime, who(fx.away_coach_id), fx.id, done.version)


async def play_round(runtime: Runtime, number: int) -> None:
    """The home coach wins every game of the round 2-0 (a draw nowhere)."""
    for line in await tables(runtime, number):
        if line.fixture is not None and line.fixture.status != "confirmed":
            await play(runtime, line.fixture, 2, 0)


async def test_start_refuses_a_count_that_does_not_fill_groups(runtime: Runtime) -> None:
    await event(runtime, 10, format="groups", qualifiers=8)
    with pytest.raises(RuleViolation, match="multiple of 4, at least 8"):
        await tournament_play.start_event(runtime, ORGANISER, None)


async def test_start_refuses_fewer_coaches_than_qualifiers(runtime: Runtime) -> None:
    await event(runtime, 4, format="groups", qualifiers=8)
    with pytest.raises(RuleViolation, match="has 4 coaches"):
        await tournament_play.start_event(runtime, ORGANISER, None)


async def test_sixteen_coaches_through_groups_knock_out_and_best_of_the_rest(runtime: Runtime) -> None:
    """Seed 000: "teams should be divided into groups of four then the first three games of the event are
    played as a round robin format with each team playing each other team in their group once." Then "if
    eight teams qualify for the knockout round, then after the first game in this stage there will be the
    four winning teams playing for places 1 to 4 and the four losing teams playing for places 5 to 8." """
    teams = await event(runtime, 16, format="groups", qualifiers=8)
    current = await tournaments.get_event(runtime, 1, None)
    assert current.rulespack.rounds == 6  # three group games, then 8 -> 4 -> 2
    first = await tournament_play.start_event(runtime, ORGANISER, None)
    assert [t.label for t in first.tables] == [f"Group {g}" for g in "AABBCCDD"]
    assert [d.sides for d in first.draws] == list(range(16, 1, -1))
    met: Counter[frozenset[int]] = Counter()
    for number in (1, 2, 3):
        lines = await tables(runtime, number)
        assert all(t.stage == "group" for t in lines) and len(lines) == 8
        assert sorted(u.id for t in lines for u in (t.home, t.away) if u) == sorted(teams)
        met.update(frozenset((t.home.id, t.away.id)) for t in lines if t.away)
        await play_round(runtime, number)
    assert len(met) == 24 and set(met.values()) == {1}  # each group's six games, once each

    fourth = await tables(runtime, 4)  # paired by itself when round 3's last game was confirmed
    knockout = [t for t in fourth if t.stage == "knockout"]
    rest = [t for t in fourth if t.stage == "rest"]
    assert [t.label for t in knockout] == ["Places 1-8"] * 4
    assert [t.label for t in rest] == ["Best of the Rest"] * 4
    drawn = await tournament_groups.bracket(runtime, 1, None)
    groups = drawn.progress.groups
    winners = {g.rows[0].coach for g in groups}
    runners_up = {g.rows[1].coach for g in groups}
    assert {t.home.id for t in knockout} == winners  # the group winners are seeds 1-4, at home
    assert {t.away.id for t in knockout if t.away} == runners_up
    for t in knockout:  # no first knock-out game between two of one group
        assert t.away is not None and drawn.progress.group_of[t.home.id] != drawn.progress.group_of[t.away.id]

    # a drawn knock-out game: extra time and the shoot-out decide it, as in league play-offs
    level = knockout[0].fixture
    assert level is not None
    with pytest.raises(RuleViolation, match="needs a winner"):
        await play(runtime, level, 1, 1, extra_time=True)
    shootout = await match_day.roll_penalties(runtime, who(level.home_coach_id), f"f:{level.id}")
    await play(runtime, level, 1, 1, extra_time=True)
    with pytest.raises(RuleViolation, match="Only play-off and knock-out games"):
        rest_game = rest[0].fixture
        assert rest_game is not None
        await play(runtime, rest_game, 1, 1, extra_time=True)
    with pytest.raises(RuleViolation, match="group or the knock-out"):
        await tournament_play.swap_tables(
            runtime, ORGANISER, None, knockout[1].home.name, knockout[2].home.name, "late"
        )
    await play_round(runtime, 4)
    level_winner = level.home_team_id if shootout.shootout.winner == "home" else level.away_team_id

    fifth = await tables(runtime, 5)
    assert [t.label for t in fifth if t.stage == "knockout"] == ["Places 1-4"] * 2 + ["Places 5-8"] * 2
    assert level_winner in {t.home.id for t in fifth[:2]} | {t.away.id for t in fifth[:2] if t.away}
    await play_round(runtime, 5)
    sixth = await tables(runtime, 6)
    assert [t.label for t in sixth if t.stage == "knockout"] == [
        "Final",
        "Places 3-4",
        "Places 5-6",
        "Places 7-8",
    ]
    assert [t.label for t in sixth if t.stage == "rest"] == ["Best of the Rest"] * 4
    final = sixth[0]
    await play_round(runtime, 6)
    with pytest.raises(RuleViolation, match="all 6 rounds"):
        await tournament_play.pair_next_round(runtime, ORGANISER, None)

    done = await tournament_groups.bracket(runtime, 1, None)
    places = done.progress.places
    assert sorted(places.values()) == list(range(1, 9))
    assert places[final.home.id] == 1 and final.away is not None and places[final.away.id] == 2
    standing = await tournament_play.standings(runtime, 1, None)
    order = [line.team.id for line in standing.lines]
    assert order[:8] == sorted(places, key=places.__getitem__)  # the knock-out places first
    assert order[8:] == [row.coach for row in done.progress.rest]  # then Best of the Rest
    assert all(line.row.played == 6 for line in standing.lines)  # everyone played every round


async def test_a_knock_out_winner_cannot_be_corrected_once_the_next_round_is_paired(runtime: Runtime) -> None:
    await event(runtime, 8, format="groups", qualifiers=4)
    await tournament_play.start_event(runtime, ORGANISER, None)
    for number in (1, 2, 3, 4):
        await play_round(runtime, number)
    knock_out = next(t for t in await tables(runtime, 4) if t.stage == "knockout")
    assert knock_out.fixture is not None
    with pytest.raises(Conflict, match="may not change who won"):
        await results.set_result(
            runtime, ORGANISER, f"f:{knock_out.fixture.id}", SideInput(0, 0), SideInput(2, 0), "typo"
        )
    same_winner = await results.set_result(
        runtime, ORGANISER, f"f:{knock_out.fixture.id}", SideInput(3, 0), SideInput(0, 0), "typo"
    )
    assert same_winner.report.home.score == 3  # the score may still be corrected
