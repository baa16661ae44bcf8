"""The ruleset seam: a ruleset defined only in this test, registered by id, and a season of it played through
the services as a user would (tests/builders.py). What the services wrote must follow it, not BB2025 nor
classic: its league points (2/1/0), its rolled pre-game step (the crowd, rolled once and logged), its
winnings and fans (paid and written by the post-game), who leaves, its inducement budget and who buys first,
and its one Team Value. A service that decided any of these itself would fail here."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

import pytest

from bot.catalog import Catalog
from bot.catalog.models import Team
from bot.rules.dice import Dice, roll
from bot.rules.match.inducements import Budget
from bot.rules.match.match_result import Side
from bot.rules.match.postgame import winnings_line
from bot.rules.match.pregame import PregameGame, StepRoll
from bot.rules.roster.team_building import SquadPlayer, Staffing
from bot.rules.rulesets import PregameStep, Ruleset, RulesetEntry, register, unregister
from bot.rules.rulesets.policy import (
    Awards,
    Departures,
    Friendlies,
    Leaving,
    Opening,
    PostgameGame,
    SideOutcome,
    SquadMember,
)
from bot.services.league import seasons
from bot.services.match import inducements, pregame
from bot.services.roster import teams
from bot.services.runtime import Runtime
from bot.store import history
from bot.store import pregame as pregame_store
from tests.builders import coach, first_fixture, fixtures, regular_season, season, with_dice
from tests.conftest import actor

CUP = "seam_cup"
CROWD = "crowd"


def _crowd(dice: Dice, home: str, away: str) -> StepRoll:
    cheers = (roll(dice, "d6", f"{home}'s crowd"), roll(dice, "d6", f"{away}'s crowd"))
    result = {
        "home": cheers[0].total,
        "away": cheers[1].total,
        "lines": [f"Crowd {cheers[0].total} v {cheers[1].total}"],
    }
    return StepRoll(result, cheers)


@dataclass(frozen=True, kw_only=True)
class Cup(Ruleset):
    """The test's own season sequence: a D6 crowd for each team before the game (rolled in the post-game if
    the coaches did not), winnings (touchdowns + 1) x 10,000 + crowd x 1,000, +1 fan for a win without a
    roll, a random MVP, the loser by two or more loses its highest-numbered player, 100,000 of petty cash
    each and the away coach first, one Team Value of 1,000 a player and 10,000 a fan."""

    def roll_step(self, step: PregameStep, game: PregameGame, dice: Dice) -> StepRoll:
        if step.id == CROWD:
            return _crowd(dice, game.home.name, game.away.name)
        return super().roll_step(step, game, dice)

    def postgame_opening(self, game: PostgameGame, dice: Dice) -> Opening:
        if CROWD in game.pregame:
            return Opening()
        rolled = _crowd(dice, game.home.name, game.away.name)
        return Opening(
            rolls={"home": rolled.rolls[:1], "away": rolled.rolls[1:]}, pregame={CROWD: rolled.result}
        )

    def postgame_side(self, game: PostgameGame, side: Side, opening: Opening, dice: Dice) -> SideOutcome:
        crowd = int({**game.pregame, **opening.pregame}[CROWD][side])
        amount = (game.report.side(side).score + 1) * 10_000 + crowd * 1_000
        fans = game.team(side).fans + 1 if game.outcome(side) == "W" else None
        return SideOutcome(
            (winnings_line(amount, f"cup money, crowd {crowd}"),),
            (),
            amount,
            fans,
            Awards(spp=True, mvps=1, nominees=(), max_nominees=1),
        )

    def leavers(self, game: PostgameGame, side: Side, squad: Sequence[SquadMember], dice: Dice) -> Departures:
        mine, theirs = (
            game.report.side(side).score,
            game.report.side("away" if side == "home" else "home").score,
        )
        if theirs - mine < 2 or not squad:
            return Departures()
        last = max(squad, key=lambda m: m.number)
        return Departures(leaving=(Leaving(last.player_id, "left the cup", f"#{last.number} walks out"),))

    def inducement_budget(
        self, value: int, opponent_value: int, *, treasury: int, favourite_spent: int, top_up_max: int
    ) -> Budget:
        return Budget(100_000, 0)

    def team_values(
        self, roster: Team, players: Sequence[SquadPlayer], staff: Staffing, special_rules: Sequence[str] = ()
    ) -> tuple[int, int]:
        value = 1_000 * len(players) + 10_000 * staff.dedicated_fans
        return value, value


def _cup(catalog: Catalog) -> Cup:
    return Cup(
        catalog=catalog,
        id=CUP,
        name="Seam Cup",
        source="tests/services/match/test_ruleset_seam.py",
        points=(2, 1, 0),
        pregame=(
            PregameStep(CROWD, "Crowd", "roll", "A D6 for each team's crowd."),
            PregameStep("kick_off_flip", "Flip for the kick", "roll", "A coin."),
            PregameStep("inducements", "Inducements", "command", "100,000 each.", command="/match induce"),
        ),
        mvp_nominees=1,
        rerolls_removable=True,
        journeyman_position_limits=(16,),
        journeyman_keyword=None,
        journeyman_hire_at_rookie_cost=True,
        getting_even=False,
        friendlies=Friendlies(False, False, False, "nothing but the result"),
        fans_name="Cup Fans",
        one_value=True,
        level_first="away",
        postgame_reads=(CROWD,),
    )


@pytest.fixture
def cup() -> Iterator[None]:
    register(RulesetEntry(CUP, "Seam Cup (a test)", _cup))
    try:
        yield
    finally:
        unregister(CUP)


@pytest.mark.usefixtures("cup")
async def test_a_season_of_a_ruleset_defined_in_a_test_follows_it(runtime: Runtime) -> None:
    overview = await season(runtime, 4, ruleset=CUP)
    settings = overview.league.settings
    assert settings.ruleset == CUP and (settings.points_win, settings.points_draw, settings.points_loss) == (
        2,
        1,
        0,
    )

    # Its one Team Value: 11 players and the starting fans.
    sheet = await teams.team_sheet(runtime, coach(0), None)
    fans_at_start = sheet.team.dedicated_fans
    assert sheet.one_value and sheet.fans_name == "Cup Fans"
    assert sheet.team_value == sheet.current_team_value == 11_000 + 10_000 * fans_at_start

    # Its pre-game: the crowd and the flip rolled once, logged with the fixture.
    fx = await first_fixture(runtime, coach(0))
    home = actor(user_id=fx.home_coach_id)
    view = await pregame.run_pregame(with_dice(runtime, [5, 2, 1]), home, f"f:{fx.id}")
    assert view.rolled == (CROWD, "kick_off_flip") and view.ruleset.name == "Seam Cup"
    assert view.steps[0].lines == ("Crowd 5 v 2",)
    logged = await runtime.db.read(history.dice_of_fixture, 1, fx.id)
    assert [(r.purpose, r.total) for r in logged][:2] == [
        (f"{fx.label} pre-game: {fx.home_name}'s crowd", 5),
        (f"{fx.label} pre-game: {fx.away_name}'s crowd", 2),
    ]

    # Its inducements: equal values, the away coach first, 100,000 of petty cash each and no treasury.
    state = await inducements.inducement_state(runtime, home, f"f:{fx.id}")
    assert state.waiting_for == "away" and state.special_plays is None
    assert state.home.budget == state.away.budget == Budget(100_000, 0)

    # A season of it: lower-numbered teams win every game 2-0.
    await regular_season(runtime)
    played = await fixtures(runtime)
    assert played and all(f.status == "confirmed" for f in played)
    for game in played:
        crowd = await runtime.db.read(pregame_store.step, 1, game.id, CROWD)
        assert crowd is not None  # rolled before the game, or by the post-game that read it
        paid = await runtime.db.read(history.treasury_of_fixture, 1, game.id)
        winnings = {c.team_id: c.amount for c in paid if c.cause.startswith("winnings")}
        home_won = int(game.home_name.split()[-1]) < int(game.away_name.split()[-1])
        assert winnings == {
            game.home_team_id: (3 if home_won else 1) * 10_000 + crowd.result["home"] * 1_000,
            game.away_team_id: (1 if home_won else 3) * 10_000 + crowd.result["away"] * 1_000,
        }
    first = await runtime.db.read(history.treasury_of_fixture, 1, fx.id)
    zero_at_home = fx.home_name == "Team 0"  # the crowd rolled before the game (5 v 2) is what it paid
    assert {c.team_id: c.amount for c in first if c.cause.startswith("winnings")} == {
        fx.home_team_id: (35_000 if zero_at_home else 15_000),
        fx.away_team_id: (12_000 if zero_at_home else 32_000),
    }

    # Its league points, 2/1/0: three wins, two, one, none.
    table = (await seasons.standings(runtime, 1, None)).tables[0]
    assert [row.points for row in table.rows] == [6, 4, 2, 0]

    # Its fans (+1 a win, no roll), who left (one player a 2-0 loss) and its Team Value after the season.
    for number, wins in ((0, 3), (3, 0)):
        after = await teams.team_sheet(runtime, coach(number), None)
        assert after.team.dedicated_fans == fans_at_start + wins
        assert len(after.players) == 11 - (3 - wins)
        assert after.team_value == 1_000 * len(after.players) + 10_000 * after.team.dedicated_fans
