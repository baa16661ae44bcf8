"""Gold piece escalation while the event runs (issue 29 §1 rule 1; seed 000, Gold Piece Escalation): each
round is played with that round's roster. Seed 000: "coaches will start with a smaller Team Draft Budget for
their first game and will then receive more gold pieces after each round to spend on their team." So the
match sheet, the petty cash's CTV, the pre-game and the post-game of a round-1 game know only the round-1
roster, and a report crediting a player who joins in round 3 is refused with the reason."""

from __future__ import annotations

import pytest

from bot.errors import RuleViolation
from bot.services.match import inducements, match_day, postgame, prepare, results
from bot.services.match.results import SideInput
from bot.services.roster import event_drafting, event_rosters
from bot.services.runtime import Actor, Runtime
from bot.services.tournament import tournament_entries as entries
from bot.services.tournament import tournament_escalation as escalation
from bot.services.tournament import tournament_options, tournament_play, tournaments
from bot.store import history
from bot.store.seasons import Fixture
from tests.conftest import actor

ORGANISER = actor(user_id=1)
BUILDER = actor(user_id=101)  # adds a Blitzer in round 2, a Catcher and a re-roll in round 3
STEADY = [actor(user_id=102), actor(user_id=103), actor(user_id=104)]  # add nothing
BLITZER, CATCHER = 12, 13  # the numbers the Builders' additions take


async def _smith_dice(runtime: Runtime, fx: Fixture) -> list[str]:
    """The dice the Dwarven Smith rolled before `fx` (logged against the game)."""
    rolls = await runtime.db.read(lambda conn: history.dice_of_fixture(conn, fx.guild_id, fx.id))
    return [r.purpose for r in rolls if "Dwarven Smith" in r.purpose]


async def _rosters(runtime: Runtime, who: Actor, name: str, builds: bool) -> None:
    """Three rosters written at registration, each only adding (seed 000: "at the start of the event,
    coaches must submit all of their Team Draft Rosters for all the Team Draft Budgets")."""
    await entries.register(runtime, who, None, name, "Human", "Old World Classic")
    await event_drafting.hire(runtime, who, None, "Human Lineman", 11)  # 550,000
    await event_drafting.set_staff(runtime, who, None, rerolls=2)  # 100,000
    await entries.escalate(runtime, who, None)
    if builds:
        await event_drafting.hire(runtime, who, None, "Human Blitzer")  # #12 from round 2
    await entries.escalate(runtime, who, None)
    if builds:
        await event_drafting.hire(runtime, who, None, "Human Catcher")  # #13 from round 3
        await event_drafting.set_staff(runtime, who, None, rerolls=3)
        await event_drafting.set_inducement(runtime, who, None, "Dwarven Smith", 1)  # rolled from round 3
    await event_drafting.submit(runtime, who, None)
    await entries.review(runtime, ORGANISER, None, name, approve=True)


async def escalation_event(runtime: Runtime) -> tournaments.Event:
    """Four coaches' three rosters each (the Builders' growing, the others' not), approved; round 1 drawn."""
    settings = {"escalation": "1000000/1100000/1200000", "rounds": 3, "advancement": True}
    event = await tournaments.create_tournament(runtime, ORGANISER, "Escalation Cup", 200, settings)
    await tournament_options.set_inducement(runtime, ORGANISER, None, "add", "Dwarven Smith")
    await _rosters(runtime, BUILDER, "Builders", True)
    for n, who in enumerate(STEADY):
        await _rosters(runtime, who, f"Steady {n}", False)
    await tournament_play.start_event(runtime, ORGANISER, None)
    return event


async def _games(runtime: Runtime, number: int) -> list[Fixture]:
    pairings = await tournament_play.round_pairings(runtime, BUILDER.guild_id, None, number)
    return [t.fixture for t in pairings.tables if t.fixture is not None]


def _builders_game(games: list[Fixture]) -> Fixture:
    return next(f for f in games if BUILDER.user_id in f.coaches())


def _sides(fx: Fixture, builders: str) -> tuple[SideInput, SideInput]:
    """The Builders' side with their events, the other side without."""
    mine, theirs = SideInput(1, 0, builders), SideInput(0, 0)
    return (mine, theirs) if fx.home_coach_id == BUILDER.user_id else (theirs, mine)


async def _play(runtime: Runtime, fx: Fixture, builders: str = "") -> results.ReportedResult:
    home, away = _sides(fx, builders)
    done = await results.report_result(runtime, actor(user_id=fx.home_coach_id), f"f:{fx.id}", home, away)
    confirmed = await results.confirm_result(runtime, actor(user_id=fx.away_coach_id), fx.id, done.version)
    for team, coach in ((fx.home_team_id, fx.home_coach_id), (fx.away_team_id, fx.away_coach_id)):
        await postgame.finish_postgame(runtime, actor(user_id=coach), fx.id, team)
    return confirmed


async def _play_round(runtime: Runtime, number: int, builders: str = "") -> Fixture:
    games = await _games(runtime, number)
    mine = _builders_game(games)
    for fx in games:
        await _play(runtime, fx, builders if fx.id == mine.id else "")
    return mine


def _builders_side(prep: prepare.MatchPreparation) -> prepare.MatchSide:
    return prep.home if prep.fixture.home_coach_id == BUILDER.user_id else prep.away


async def test_each_round_is_played_with_that_rounds_roster(runtime: Runtime) -> None:
    await escalation_event(runtime)
    rosters = [
        await event_rosters.roster_sheet(runtime, BUILDER, None, None, round_number=n) for n in (1, 2, 3)
    ]
    fx = _builders_game(await _games(runtime, 1))
    # the match sheet of round 1: the round-1 roster (11 players, 2 re-rolls), its TV and CTV
    side = _builders_side(await prepare.prepare_match(runtime, BUILDER, f"f:{fx.id}"))
    assert sorted(p.row.number for p in side.able) == list(range(1, 12))
    assert side.sheet.staffing.rerolls == 2
    # the pre-game's team: the round-1 roster's staff and fans, not the stored (round-3) ones
    fielded = await runtime.db.read(lambda conn: escalation.fielded_team(conn, fx, rosters[2].team))
    assert (fielded.rerolls, rosters[2].team.rerolls) == (2, 3)
    assert side.sheet.current_team_value == rosters[0].sheet.current_team_value
    # the fixture's players (the simulator's, /match roll's list) are those of the round's rosters
    offered = await match_day.fixture_players(runtime, BUILDER.guild_id, f"f:{fx.id}")
    assert len(offered) == 22
    assert CATCHER not in {p.number for _, p in offered if p.team_id == side.sheet.team.id}
    # a report crediting the Catcher (round 3) is refused with the reason, and so is the Blitzer (round 2)
    for number, joins in ((CATCHER, 3), (BLITZER, 2)):
        home, away = _sides(fx, f"#{number} td")
        with pytest.raises(
            RuleViolation, match=f"#{number} joins the roster in round {joins}; this is round 1"
        ):
            await results.report_result(runtime, actor(user_id=fx.home_coach_id), f"f:{fx.id}", home, away)
    # the commissioner's way too: the service refuses whoever calls it
    home, away = _sides(fx, f"#{CATCHER} td")
    with pytest.raises(RuleViolation, match="joins the roster in round 3"):
        await results.set_result(runtime, ORGANISER, f"f:{fx.id}", home, away, "typed from the sheet")
    first = await _play_round(runtime, 1, "#1 td")
    assert first.id == fx.id
    # round 2: the Blitzer plays, the Catcher not yet
    fx = _builders_game(await _games(runtime, 2))
    side = _builders_side(await prepare.prepare_match(runtime, BUILDER, f"f:{fx.id}"))
    assert sorted(p.row.number for p in side.able) == list(range(1, 13))
    home, away = _sides(fx, f"#{CATCHER} td")
    with pytest.raises(RuleViolation, match="joins the roster in round 3; this is round 2"):
        await results.report_result(runtime, actor(user_id=fx.home_coach_id), f"f:{fx.id}", home, away)
    await _play_round(runtime, 2, f"#{BLITZER} td")
    # round 3: the whole roster, and the Catcher's touchdown is accepted
    fx = _builders_game(await _games(runtime, 3))
    side = _builders_side(await prepare.prepare_match(runtime, BUILDER, f"f:{fx.id}"))
    assert sorted(p.row.number for p in side.able) == list(range(1, 14))
    assert side.sheet.staffing.rerolls == 3
    done = await _play(runtime, fx, f"#{CATCHER} td")
    lines = next(s for s in done.postgame if s.team_id == side.sheet.team.id).lines
    assert any(line.startswith(f"#{CATCHER} ") and "+3 SPP" in line for line in lines)


async def test_the_petty_cash_follows_each_rounds_roster(runtime: Runtime) -> None:
    """Seed 000 (petty cash with advancement on): the lower CTV gets the difference, each round's CTV its
    roster's. The Builders and a Steady team field the same round-1 roster; by round 3 the Builders field
    a Blitzer, a Catcher and a re-roll more."""
    await escalation_event(runtime)
    rosters = [await event_rosters.roster_sheet(runtime, BUILDER, None, None, round_number=n) for n in (1, 3)]
    steady = await event_rosters.roster_sheet(runtime, STEADY[0], None)
    fx = _builders_game(await _games(runtime, 1))
    state = await inducements.inducement_state(runtime, BUILDER, f"f:{fx.id}")
    assert state.phase.home_ctv == state.phase.away_ctv == rosters[0].sheet.current_team_value
    assert state.home.budget.petty_cash == state.away.budget.petty_cash == 0  # level: the round-3 roster
    # would have been dearer
    await _play_round(runtime, 1)
    await _play_round(runtime, 2)
    fx = _builders_game(await _games(runtime, 3))
    state = await inducements.inducement_state(runtime, BUILDER, f"f:{fx.id}")
    builders, other = (
        (state.phase.home_ctv, state.phase.away_ctv)
        if fx.home_coach_id == BUILDER.user_id
        else (state.phase.away_ctv, state.phase.home_ctv)
    )
    assert builders == rosters[1].sheet.current_team_value
    assert other == steady.sheet.current_team_value  # with advancement, SPP alone do not raise CTV
    underdog = state.away if fx.home_coach_id == BUILDER.user_id else state.home
    assert underdog.budget.petty_cash == builders - other > 0


async def test_the_custom_inducements_roll_for_the_roster_of_the_round(runtime: Runtime) -> None:
    """Seed 000's custom inducements roll before each game: the Dwarven Smith the Builders put on their
    round-3 roster rolls before their round-3 game only."""
    await escalation_event(runtime)
    assert await _smith_dice(runtime, _builders_game(await _games(runtime, 1))) == []
    await _play_round(runtime, 1)
    assert await _smith_dice(runtime, _builders_game(await _games(runtime, 2))) == []
    await _play_round(runtime, 2)
    smith = await _smith_dice(runtime, _builders_game(await _games(runtime, 3)))
    assert smith and all("Builders" in purpose for purpose in smith)
