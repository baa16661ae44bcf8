"""Injuries and player advancement in a tournament (issue 16 item 4): the league's post-game does just that
part (no winnings, no fan rolls, no expensive mistakes); players who missed a game recover when the
post-game is finished; SPP are spent with /advance between rounds; stars never advance."""

from __future__ import annotations

import sqlite3

import pytest

from bot.errors import RuleViolation
from bot.rules.match.inducements import Budget
from bot.services.match import inducements, postgame, results, revert
from bot.services.match.results import SideInput
from bot.services.roster import advancement
from bot.services.roster.team_lookup import build_sheet, star_position_id
from bot.services.runtime import Actor, Runtime
from bot.services.tournament import tournament_play
from bot.store import leagues as league_store
from bot.store import postgame as postgame_store
from bot.store import teams as team_store
from bot.store import tournaments as tournament_store
from bot.store.seasons import Fixture
from bot.store.teams import PlayerRow
from tests.builders import ORGANISER
from tests.builders import tournament_event as event
from tests.conftest import actor


def who(user_id: int) -> Actor:
    return actor(user_id=user_id)


async def round_games(runtime: Runtime, number: int | None = None) -> list[Fixture]:
    pairings = await tournament_play.round_pairings(runtime, 1, None, number)
    return [t.fixture for t in pairings.tables if t.fixture is not None]


async def play(runtime: Runtime, fx: Fixture, home: SideInput, away: SideInput) -> results.ReportedResult:
    done = await results.report_result(runtime, who(fx.home_coach_id), f"f:{fx.id}", home, away)
    return await results.confirm_result(runtime, who(fx.away_coach_id), fx.id, done.version)


async def players(runtime: Runtime, team_id: int) -> dict[int, PlayerRow]:
    def read(conn: sqlite3.Connection) -> dict[int, PlayerRow]:
        team = team_store.get(conn, 1, team_id)
        assert team is not None
        return {p.number: p for p in team_store.players(conn, team)}

    return await runtime.db.read(read)


async def finish_both(runtime: Runtime, fx: Fixture) -> None:
    for team, coach in ((fx.home_team_id, fx.home_coach_id), (fx.away_team_id, fx.away_coach_id)):
        await postgame.finish_postgame(runtime, who(coach), fx.id, team)


async def test_injuries_are_kept_and_the_injured_miss_the_next_game(runtime: Runtime) -> None:
    """Issue 16: "Injuries: casualties rolled and kept as in a league (missing games, lasting injuries,
    deaths)" - seed 000 leaves how to the organiser."""
    await event(runtime, 4, injuries=True, rounds=2)
    await tournament_play.start_event(runtime, ORGANISER, None)
    await _real_positions(runtime, (await round_games(runtime))[0].league_id)
    first, second = await round_games(runtime)
    done = await play(runtime, first, SideInput(2, 2, "#1 td 2, #2 cas 2"), SideInput(0, 0, "#3 si, #4 dead"))
    assert {s.team_id for s in done.postgame} == {first.home_team_id, first.away_team_id}
    away = next(s for s in done.postgame if s.team_id == first.away_team_id)
    assert away.lines == ("#3 P3: serious injury", "#4 P4: dead")
    assert not any("Winnings" in line or "Fan Factor" in line or "MVP" in line for line in away.lines)
    hurt = await players(runtime, first.away_team_id)
    assert hurt[3].miss_next_game and 4 not in hurt  # the dead leave the roster
    home = await players(runtime, first.home_team_id)
    assert home[1].spp == 0  # no advancement: no SPP
    await play(runtime, second, SideInput(1, 0), SideInput(0, 0))
    # round 2 is paired; a team plays on only once its post-game is finished (as in a league)
    next_games = await round_games(runtime, 2)
    mine = next(f for f in next_games if first.away_team_id in (f.home_team_id, f.away_team_id))
    with pytest.raises(RuleViolation, match="post-game"):
        await play(runtime, mine, SideInput(0, 0), SideInput(0, 0))
    before = {
        t.id: t.treasury for t in await runtime.db.read(lambda c: team_store.in_league(c, 1, first.league_id))
    }
    await finish_both(runtime, first)
    await finish_both(runtime, second)
    after = {
        t.id: t.treasury for t in await runtime.db.read(lambda c: team_store.in_league(c, 1, first.league_id))
    }
    assert before == after  # no expensive mistakes, no winnings
    side = "home" if mine.home_team_id == first.away_team_id else "away"
    injured = SideInput(1, 0, "#3 td")
    plain = SideInput(0, 0)
    with pytest.raises(RuleViolation, match="was missing this game"):
        await results.report_result(
            runtime,
            who(mine.home_coach_id),
            f"f:{mine.id}",
            injured if side == "home" else plain,
            plain if side == "home" else injured,
        )
    done = await play(runtime, mine, SideInput(0, 0), SideInput(0, 0))
    missed = next(s for s in done.postgame if s.team_id == first.away_team_id)
    assert any("1 player who missed this game recover" in line for line in missed.lines)
    await postgame.finish_postgame(runtime, who(first.away_coach_id), mine.id, first.away_team_id)
    recovered = await players(runtime, first.away_team_id)
    assert not recovered[3].miss_next_game and 4 not in recovered


async def test_spp_earned_and_spent_between_rounds_ctv_grows(runtime: Runtime) -> None:
    """Issue 16: "Player advancement: SPP earned and spent as in a league between rounds (CTV grows)" """
    await event(runtime, 2, advancement=True, rounds=2)
    await tournament_play.start_event(runtime, ORGANISER, None)
    await _real_positions(runtime, (await round_games(runtime))[0].league_id)
    (fx,) = await round_games(runtime)
    done = await play(runtime, fx, SideInput(3, 0, "#1 td 3, #1 mvp"), SideInput(0, 0))
    home = next(s for s in done.postgame if s.team_id == fx.home_team_id)
    assert any("+9 SPP" in line for line in home.lines) and any("MVP #1 P1" in line for line in home.lines)
    scored = (await players(runtime, fx.home_team_id))[1]
    assert scored.spp == 9 + 4
    before = await runtime.db.read(_ctv, runtime, fx.home_team_id)
    outcome = await advancement.advance(
        runtime, who(fx.home_coach_id), "Cup", "#1", "chosen_primary", skill="Block"
    )
    assert "Block" in outcome.message
    assert await runtime.db.read(_ctv, runtime, fx.home_team_id) > before
    assert (await players(runtime, fx.home_team_id))[1].spp == 13 - 6


async def test_stars_never_advance_and_events_without_the_switch_refuse(runtime: Runtime) -> None:
    await event(runtime, 2, advancement=True)
    await tournament_play.start_event(runtime, ORGANISER, None)
    await _real_positions(runtime, (await round_games(runtime))[0].league_id)
    (fx,) = await round_games(runtime)

    def add_star(conn: sqlite3.Connection) -> None:
        team = _team(conn, fx.home_team_id)
        team_store.insert_player(
            conn,
            team,
            number=12,
            name="Griff Oberwald",
            position=star_position_id("Griff Oberwald"),
            hiring_fee=280_000,
            now=runtime.clock.now(),
        )

    await runtime.db.write(add_star)
    await play(runtime, fx, SideInput(1, 0, "#12 td"), SideInput(0, 0))
    assert (await players(runtime, fx.home_team_id))[12].spp == 0  # stars earn no SPP
    with pytest.raises(RuleViolation, match="star players never advance"):
        await advancement.advance(
            runtime, who(fx.home_coach_id), "Cup", "#12", "chosen_primary", skill="Block"
        )


async def test_a_tournament_without_advancement_refuses_advance(runtime: Runtime) -> None:
    await event(runtime, 2)
    await tournament_play.start_event(runtime, ORGANISER, None)
    await _real_positions(runtime, (await round_games(runtime))[0].league_id)
    (fx,) = await round_games(runtime)
    done = await play(runtime, fx, SideInput(1, 0, "#1 td"), SideInput(0, 0))
    assert done.postgame == ()  # seed 000: no post-game
    assert await runtime.db.read(lambda c: postgame_store.open_for_team(c, 1, fx.home_team_id)) == []
    with pytest.raises(RuleViolation, match="does not play with player advancement"):
        await advancement.advance(
            runtime, who(fx.home_coach_id), "Cup", "#1", "chosen_primary", skill="Block"
        )


def _team(conn: sqlite3.Connection, team_id: int) -> team_store.TeamRow:
    team = team_store.get(conn, 1, team_id)
    assert team is not None
    return team


def _ctv(conn: sqlite3.Connection, runtime: Runtime, team_id: int) -> int:
    team = _team(conn, team_id)
    league = league_store.get(conn, 1, team.league_id)
    assert league is not None
    return build_sheet(conn, runtime.catalog, league, team).current_team_value


async def _real_positions(runtime: Runtime, league_id: int) -> None:
    """The shared builder names positions loosely; a post-game reads them from the catalogue."""

    def fix(conn: sqlite3.Connection) -> None:
        for team in team_store.in_league(conn, 1, league_id):
            for player in team_store.players(conn, team):
                if player.position == "Human Lineman":
                    conn.execute("UPDATE players SET position = 'human_lineman' WHERE id = ?", (player.id,))

    await runtime.db.write(fix)


async def test_the_lower_ctv_gets_the_difference_as_petty_cash(runtime: Runtime) -> None:
    """Seed 000 (Additional rules) and the issue: "the lower CTV gets the difference as petty cash for
    inducements for that game"; unspent gold is lost and no treasury is spent."""
    await event(runtime, 2, advancement=True, rounds=2)
    await tournament_play.start_event(runtime, ORGANISER, None)
    (fx,) = await round_games(runtime)
    await _real_positions(runtime, fx.league_id)
    await play(runtime, fx, SideInput(1, 0, "#1 td, #1 mvp"), SideInput(0, 0))
    await advancement.advance(runtime, who(fx.home_coach_id), "Cup", "#1", "chosen_primary", skill="Block")
    await finish_both(runtime, fx)
    (again,) = await round_games(runtime, 2)  # two coaches: they meet again
    grown = fx.home_team_id
    state = await inducements.inducement_state(runtime, who(again.home_coach_id), f"f:{again.id}")
    rich, poor = (state.home, state.away) if state.home.team.id == grown else (state.away, state.home)
    assert rich.budget == Budget(petty_cash=0, treasury=0)
    assert poor.budget == Budget(petty_cash=30_000, treasury=0)  # Block, an Elite primary skill: +30,000
    underdog = who(poor.team.coach_id)
    assert state.waiting_for == ("home" if poor is state.home else "away")  # the favourite spends nothing
    await inducements.buy_inducement(runtime, underdog, f"f:{again.id}", "part_time_assistant_coach")
    bought = await inducements.buy_inducement(runtime, underdog, f"f:{again.id}", "prayers_to_nuffle")
    assert bought.side("home" if poor is state.home else "away").petty_left == 0
    with pytest.raises(RuleViolation, match="may spend 0 gp from the treasury"):
        await inducements.buy_inducement(runtime, underdog, f"f:{again.id}", "temp_agency_cheerleader")
    treasury = (await runtime.db.read(lambda c: _team(c, poor.team.id))).treasury
    assert treasury == poor.team.treasury  # petty cash only


async def test_no_petty_cash_without_injuries_or_advancement(runtime: Runtime) -> None:
    await event(runtime, 2)
    await tournament_play.start_event(runtime, ORGANISER, None)
    (fx,) = await round_games(runtime)
    with pytest.raises(RuleViolation, match="part of each roster"):
        await inducements.inducement_state(runtime, who(fx.home_coach_id), f"f:{fx.id}")


async def test_reverting_a_tournament_post_game_takes_back_the_fan_until_the_next_round(
    runtime: Runtime,
) -> None:
    """A commissioner may revert a tournament game's post-game (its injuries) while its round is open: the
    game is reopened and the winner's Dedicated Fan (seed 000: "the winning team gains 1 Dedicated Fan")
    taken back, so setting the result again gives it once. Once the next round is paired on that result,
    the revert is refused (the pairings rest on it)."""
    await event(runtime, 4, injuries=True, rounds=2)
    await tournament_play.start_event(runtime, ORGANISER, None)
    first, second = await round_games(runtime)
    await play(runtime, first, SideInput(1, 0), SideInput(0, 0, "#3 si"))

    def fans(conn: sqlite3.Connection) -> int:
        entry = tournament_store.entry(conn, 1, first.home_team_id)
        assert entry is not None
        return entry.fans_gained

    assert await runtime.db.read(fans) == 1
    undone = await revert.revert_postgame(runtime, ORGANISER, f"f:{first.id}", "wrong casualty")
    assert any("Dedicated Fan taken back (-1)" in line for line in undone.lines)
    assert await runtime.db.read(fans) == 0
    assert not (await players(runtime, first.away_team_id))[3].miss_next_game
    await results.set_result(runtime, ORGANISER, f"f:{first.id}", SideInput(1, 0), SideInput(0, 0), "fixed")
    assert await runtime.db.read(fans) == 1
    await play(runtime, second, SideInput(0, 0), SideInput(0, 0))  # round 2 is paired now
    with pytest.raises(RuleViolation, match="round 2 is already paired"):
        await revert.revert_postgame(runtime, ORGANISER, f"f:{first.id}", "too late")


async def test_the_skill_point_skill_is_the_players_own_for_advancement_and_the_match_sheet(
    runtime: Runtime,
) -> None:
    """Seed 000: Skill Points give players "some additional Skills for the duration of the event", and an
    event with advancement uses the rulebook's, where "Players may not select a Skill that they already have
    or one they are unable to use due to their other Skills" (seed 001): the Skill-Point skill counts."""
    await event(runtime, 2, advancement=True, rounds=2)
    await tournament_play.start_event(runtime, ORGANISER, None)
    (fx,) = await round_games(runtime)
    await _real_positions(runtime, fx.league_id)

    def give_frenzy(conn: sqlite3.Connection) -> int:
        team = team_store.get(conn, 1, fx.home_team_id)
        assert team is not None
        first = next(p for p in team_store.players(conn, team) if p.number == 1)
        tournament_store.set_skill(conn, 1, team.id, first.id, "Frenzy", runtime.clock.now())
        return first.id

    frenzied = await runtime.db.write(give_frenzy)
    await play(runtime, fx, SideInput(3, 0, "#1 td 3, #1 mvp"), SideInput(0, 0))
    coach = who(fx.home_coach_id)
    with pytest.raises(RuleViolation, match="Frenzy is not for this player: he already has it"):
        await advancement.advance(runtime, coach, "Cup", "#1", "chosen_primary", skill="Frenzy")
    with pytest.raises(
        RuleViolation, match="Grab is not for this player: a player with Frenzy cannot have it"
    ):
        await advancement.advance(runtime, coach, "Cup", "#1", "chosen_secondary", skill="Grab")
    options = await advancement.skill_choices(runtime, coach, "Cup", "#1", "primary")
    assert "Frenzy" not in options and "Block" in options
    await advancement.advance(runtime, coach, "Cup", "#1", "chosen_primary", skill="Block")

    def sheet_skills(conn: sqlite3.Connection) -> tuple[str, ...]:
        league = league_store.get(conn, 1, fx.league_id)
        team = team_store.get(conn, 1, fx.home_team_id)
        assert league is not None and team is not None
        player = next(
            p for p in build_sheet(conn, runtime.catalog, league, team).players if p.row.id == frenzied
        )
        return player.extra_skills

    # the match sheet shows both: the Skill-Point skill first, then the one gained
    assert await runtime.db.read(sheet_skills) == ("Frenzy", "Block")
