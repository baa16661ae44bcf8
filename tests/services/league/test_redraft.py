"""The off-season re-draft through the services: rest and relaxation, the budget, re-hiring, a new season."""

from __future__ import annotations

import contextlib
import sqlite3

import pytest

from bot.errors import Conflict, NotFound, RuleViolation
from bot.services.league import redraft, seasons
from bot.services.roster import teams
from bot.services.runtime import Actor, Runtime
from bot.store import postgame as postgame_store
from bot.store import redrafts as redraft_store
from bot.store import teams as team_store
from bot.store import traits as trait_store
from tests import builders as build
from tests.builders import COMMISH, coach
from tests.conftest import actor


async def _finished_season(runtime: Runtime, team_count: int = 4) -> None:
    """A league without play-offs whose season is over (lower-numbered teams won every game)."""
    await build.season(runtime, team_count, playoff_places=0)
    await build.regular_season(runtime)


async def _hurt(runtime: Runtime, n: int) -> None:
    """Team n: #1 two Serious Injuries, #2 a Lasting Injury (MA) and retired for now, #3 Hatred (Orc)."""
    fixture_id = (await build.fixtures(runtime))[0].id

    def hurt(conn: sqlite3.Connection) -> None:
        team = team_store.by_coach(conn, 1, 1, 100 + n)
        assert team is not None
        now = runtime.clock.now()
        first, second, third = team_store.players(conn, team)[:3]
        for _ in range(2):
            postgame_store.injure(
                conn,
                team,
                first.id,
                "serious_injury",
                characteristic=None,
                fixture_id=fixture_id,
                actor_id=1,
                now=now,
            )
        postgame_store.injure(
            conn,
            team,
            second.id,
            "lasting_injury",
            characteristic="ma",
            fixture_id=fixture_id,
            actor_id=1,
            now=now,
        )
        postgame_store.retire_temporarily(conn, team, second.id, fixture_id=fixture_id, actor_id=1, now=now)
        trait_store.add_pending(
            conn,
            guild_id=1,
            team_id=team.id,
            player_id=third.id,
            fixture_id=fixture_id,
            trait="Hatred",
            options=["Orc"],
            now=now,
        )
        pending = trait_store.of_team(conn, 1, team.id, ("pending",))[0]
        trait_store.choose(conn, 1, pending.id, "Orc", now)
        conn.execute("UPDATE teams SET apothecary = 1 WHERE id = ?", (team.id,))

    await runtime.db.write(hurt)


async def _rehire_all(runtime: Runtime, who: Actor) -> None:
    view = await redraft.show_redraft(runtime, who, None)
    for veteran in view.veterans:
        if not veteran.rehired:
            await redraft.rehire_player(runtime, who, None, f"p:{veteran.player.id}")


async def test_the_off_season_waits_for_the_season_to_end(runtime: Runtime) -> None:
    await build.season(runtime, 4, playoff_places=0)
    with pytest.raises(RuleViolation, match="still running"):
        await redraft.start_redraft(runtime, coach(0), None)


async def test_rest_and_relaxation_then_raise_funds(runtime: Runtime) -> None:
    await _finished_season(runtime)
    await _hurt(runtime, 0)
    before = (await teams.team_sheet(runtime, coach(0), None)).team
    # #1: two niggling injuries, D6 3 and 2 with the apothecary's +1: the first heals (4), the second not;
    # #2 (retired for now): his MA reduction, D6 3 + 1 = 4 heals; #3: Hatred (Orc), D6 4 subsides.
    view = await redraft.start_redraft(build.with_dice(runtime, [3, 2, 3, 4]), coach(0), None)
    summary = "\n".join(view.redraft.summary)
    assert "niggling injury heals?: D6 3 +1 = 4 (success, 4+ needed)" in summary
    assert "niggling injury heals?: D6 2 +1 = 3 (no, 4+ needed)" in summary
    assert "Hatred (Orc) subsides?: D6 4 (success, 4+ needed): loses Hatred (Orc)" in summary
    assert "MA reduction heals?: D6 3 +1 = 4 (success" in summary
    assert "recovers: fit for the new season" in summary
    # Team 0 won its three games: 1,000,000 + treasury + 3 x 20,000 + 3 x 20,000, capped at 1,300,000
    raised = 1_000_000 + before.treasury + 3 * 20_000 + 3 * 20_000
    assert view.redraft.budget == min(raised, 1_300_000)
    assert view.redraft.lost == max(0, raised - 1_300_000)
    sheet = view.result.sheet
    assert sheet.team.status == "draft" and sheet.players == [] and sheet.team.treasury == view.redraft.budget
    assert (sheet.team.rerolls, sheet.team.apothecary, sheet.team.dedicated_fans) == (0, False, 1)
    veterans = {v.player.number: v for v in view.veterans}
    assert len(veterans) == 11
    assert veterans[1].player.niggling_injuries == 1 and not veterans[1].player.miss_next_game
    assert veterans[2].player.ma_change == 0
    assert veterans[1].cost == 50_000 + 20_000  # value + one season's agent's fee
    with pytest.raises(Conflict, match="already re-drafted"):
        await redraft.start_redraft(runtime, coach(0), None)


async def test_rehiring_costs_value_and_agents_fee_and_keeps_the_profile(runtime: Runtime) -> None:
    await _finished_season(runtime)
    await _hurt(runtime, 0)
    await redraft.start_redraft(build.with_dice(runtime, [1, 1, 1, 1]), coach(0), None)  # nothing heals
    view = await redraft.show_redraft(runtime, coach(0), None)
    retired = next(v for v in view.veterans if v.player.number == 2)
    treasury = view.result.sheet.team.treasury
    after = await redraft.rehire_player(runtime, coach(0), None, "#2")
    assert after.result.sheet.team.treasury == treasury - 70_000
    player = next(p for p in after.result.sheet.players if p.row.id == retired.player.id)
    assert player.row.ma_change == -1 and not player.row.temporarily_retired  # he plays again, still reduced
    with pytest.raises(Conflict, match="already re-hired"):
        await redraft.rehire_player(runtime, coach(0), None, "#2")
    released = await teams.fire_player(runtime, coach(0), None, "#2")
    assert released.sheet.team.treasury == treasury and "70,000 gp back" in released.message
    with pytest.raises(NotFound):
        await redraft.rehire_player(runtime, coach(0), None, "#42")
    await redraft.rehire_player(runtime, coach(0), None, "#2")  # and back again


async def test_a_redrafted_team_is_approved_and_plays_the_next_season(runtime: Runtime) -> None:
    await _finished_season(runtime, team_count=5)
    for n in range(3):
        await redraft.start_redraft(runtime, coach(n), None)
        with pytest.raises(RuleViolation, match="at least 11"):
            await teams.submit_team(runtime, coach(n), None)
        await _rehire_all(runtime, coach(n))
        await teams.set_staff(runtime, coach(n), None, rerolls=2, dedicated_fans=2)
        await teams.submit_team(runtime, coach(n), None)
        await teams.review_team(runtime, COMMISH, None, f"Team {n}", approve=True)
    with pytest.raises(Conflict, match="/redraft start"):
        await teams.create_team(runtime, coach(3), None, "Brand New", "orc")
    await redraft.retire_team(runtime, coach(3), None)
    await teams.create_team(runtime, coach(3), None, "Brand New", "orc")
    await teams.hire_players(runtime, coach(3), None, "Orc Lineman", count=11)
    await teams.submit_team(runtime, coach(3), None)
    await teams.review_team(runtime, COMMISH, None, "Brand New", approve=True)
    overview = await seasons.start_season(runtime, COMMISH, None)
    assert overview.season.number == 2
    playing = {t.name for _, members in overview.divisions for t in members}
    assert playing == {"Team 0", "Team 1", "Team 2", "Brand New"}
    assert [t.name for t in overview.not_redrafted] == ["Team 4"]  # played season 1, never re-drafted
    with pytest.raises(RuleViolation, match="still running"):
        await redraft.start_redraft(runtime, coach(4), None)


async def test_seasons_played_count_for_the_agents_fee(runtime: Runtime) -> None:
    await _finished_season(runtime)

    def played(conn: sqlite3.Connection) -> set[int]:
        return {r[0] for r in conn.execute("SELECT seasons_played FROM players WHERE journeyman = 0")}

    assert await runtime.db.read(played) == {1}
    assert await runtime.db.read(redraft_store.league_results, 1, 1, 1) == [("W", None)] * 3
    assert actor(user_id=100) == coach(0)


async def test_a_team_with_an_unfinished_post_game_finishes_it_before_re_drafting(runtime: Runtime) -> None:
    from bot.services.match import postgame, results
    from bot.services.match.results import SideInput

    await build.season(runtime, 4, playoff_places=0)
    fixtures = await build.fixtures(runtime)
    last_of_team_3 = max(f.id for f in fixtures if "Team 3" in (f.home_name, f.away_name))
    for fx in fixtures:
        home_wins = int(fx.home_name[-1]) < int(fx.away_name[-1])
        outcome = await results.report_result(
            runtime,
            actor(user_id=fx.home_coach_id),
            f"f:{fx.id}",
            SideInput(int(home_wins), 0),
            SideInput(int(not home_wins), 0),
        )
        await results.confirm_result(runtime, actor(user_id=fx.away_coach_id), fx.id, outcome.version)
        for team_id, name in ((fx.home_team_id, fx.home_name), (fx.away_team_id, fx.away_name)):
            if not (fx.id == last_of_team_3 and name == "Team 3"):
                await postgame.finish_postgame(runtime, COMMISH, fx.id, team_id, as_commissioner=True)
    with pytest.raises(RuleViolation, match=f"fixture #{last_of_team_3}"):
        await redraft.start_redraft(runtime, coach(3), None)


async def test_a_grudge_leaves_with_its_player(runtime: Runtime) -> None:
    await _finished_season(runtime)
    fixture_id = (await build.fixtures(runtime))[0].id

    def grudge_then_death(conn: sqlite3.Connection) -> tuple[int, int]:
        team = team_store.by_coach(conn, 1, 1, 100)
        assert team is not None
        player = team_store.players(conn, team)[0]
        trait_store.add_pending(
            conn,
            guild_id=1,
            team_id=team.id,
            player_id=player.id,
            fixture_id=fixture_id,
            trait="Hatred",
            options=["Orc"],
            now=runtime.clock.now(),
        )
        before = len(trait_store.of_team(conn, 1, team.id, ("pending",)))
        conn.execute("UPDATE players SET status = 'dead' WHERE id = ?", (player.id,))
        return before, len(trait_store.of_team(conn, 1, team.id, ("pending",)))

    assert await runtime.db.write(grudge_then_death) == (1, 0)  # it no longer holds up the post-game


async def test_raise_funds_counts_only_fixtures_actually_played(runtime: Runtime) -> None:
    """Seed 001, Raise Funds: "a bonus of +20,000 gold pieces for each League Fixture they played in the
    previous Season, a bonus of +20,000 gold pieces for each League Fixture they won". Team 0's round 1 is
    a double forfeit and its round 2 is conceded ahead of the deadline (neither was played); its round 3 it
    concedes during the match (that game was played). Round 2's opponent won without playing."""
    from datetime import timedelta

    from bot.clock import FakeClock
    from bot.services.match import deadlines, postgame, results
    from bot.services.match.results import SideInput

    await build.season(runtime, 4, playoff_places=0)
    clock = runtime.clock
    assert isinstance(clock, FakeClock)
    winner_without_playing = 0
    for round_number in (1, 2, 3):
        listing = await seasons.list_fixtures(runtime, COMMISH, None, "round", round_number=round_number)
        for fx in listing.fixtures:
            if "Team 0" not in (fx.home_name, fx.away_name):
                await build.play(runtime, fx, 1, 0)
                continue
            mine = actor(user_id=fx.home_coach_id if fx.home_name == "Team 0" else fx.away_coach_id)
            theirs = actor(user_id=fx.away_coach_id if fx.home_name == "Team 0" else fx.home_coach_id)
            if round_number == 2:
                await deadlines.concede_fixture(runtime, mine, f"f:{fx.id}")
                winner_without_playing = theirs.user_id - 100
            elif round_number == 3:
                reported = await results.report_result(
                    runtime, mine, f"f:{fx.id}", SideInput(0, 0), SideInput(1, 0), conceded="mine"
                )
                await results.confirm_result(runtime, theirs, fx.id, reported.version)
        clock.advance(timedelta(days=14))
        for due in await deadlines.schedule(runtime):
            if due.at <= clock.now() and due.kind == "deadline":
                await deadlines.run_due(runtime, due)
        for fx in await build.fixtures(runtime):
            if "Team 0" in (fx.home_name, fx.away_name) and fx.status == "confirmed":
                for team_id in (fx.home_team_id, fx.away_team_id):
                    with contextlib.suppress(Conflict):  # finished already
                        await postgame.finish_postgame(runtime, COMMISH, fx.id, team_id, as_commissioner=True)
    start = await redraft.start_redraft(runtime, coach(0), None)
    assert (
        "1 League Fixture played (1 double forfeit and 1 fixture conceded before the deadline not counted)"
        in start.redraft.summary
    )
    assert any("+ 1 played x 20,000 gp + 0 won" in line for line in start.redraft.summary)
    other = await redraft.start_redraft(runtime, coach(winner_without_playing), None)
    record = await runtime.db.read(redraft_store.league_results, 1, winner_without_playing + 1, 1)
    assert ("W", "conceded") in record  # won, though not played
    wins = sum(outcome == "W" for outcome, _ in record)
    assert any(f"+ 2 played x 20,000 gp + {wins} won x" in line for line in other.redraft.summary)
