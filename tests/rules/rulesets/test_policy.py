"""A ruleset is a policy: the registry by id, every built-in ruleset's rolled pre-game steps, and what the
BB2025 and classic rulesets decide for a post-game and for inducements, as pure functions."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest
from pydantic import ValidationError

from bot.catalog import Catalog, load_catalog
from bot.catalog.models import Team
from bot.errors import NotFound, RuleViolation
from bot.rules.dice import Dice, ScriptedDice, SeededDice
from bot.rules.league.league_settings import LeagueSettings
from bot.rules.match.inducements import Budget
from bot.rules.match.match_result import PlayerLine, ResultReport, Side, SideReport
from bot.rules.match.pregame import PregameGame, PregameTeam
from bot.rules.roster.team_building import SquadPlayer, Staffing
from bot.rules.rulesets import (
    Ruleset,
    RulesetEntry,
    entries,
    register,
    ruleset,
    ruleset_ids,
    rulesets,
    unregister,
)
from bot.rules.rulesets.policy import (
    Awards,
    Friendlies,
    Opening,
    PostgameGame,
    PostgameTeam,
    SideOutcome,
    SquadMember,
)

CATALOG = load_catalog()
BB2025 = ruleset(CATALOG, "bb2025")
CLASSIC = ruleset(CATALOG, "classic")
TEAMS = PregameGame(PregameTeam("Reavers", 10, 4), PregameTeam("Gougers", 11, 2))


def _report(home: int, away: int, **options: object) -> ResultReport:
    nominated = (PlayerLine(player_id=7, number=7, name="Seven", mvp_nomination=True),)
    return ResultReport.model_validate(
        {
            "home": SideReport(team_id=1, score=home, casualties=0, players=nominated),
            "away": SideReport(team_id=2, score=away, casualties=0),
            **options,
        }
    )


def _game(
    report: ResultReport, *, friendly: bool = False, pregame: dict[str, Any] | None = None
) -> PostgameGame:
    return PostgameGame(
        friendly, report, PostgameTeam("Reavers", 4), PostgameTeam("Gougers", 2), pregame=pregame or {}
    )


# --- the registry -------------------------------------------------------------------------------------


class _Plain(Ruleset):
    """A ruleset with nothing of its own: no winnings, one value."""

    def postgame_side(self, game: PostgameGame, side: Side, opening: Opening, dice: Dice) -> SideOutcome:
        return SideOutcome()

    def inducement_budget(
        self, value: int, opponent_value: int, *, treasury: int, favourite_spent: int, top_up_max: int
    ) -> Budget:
        return Budget(0, 0)

    def team_values(
        self, roster: Team, players: Sequence[SquadPlayer], staff: Staffing, special_rules: Sequence[str] = ()
    ) -> tuple[int, int]:
        return 0, 0


def _plain(catalog: Catalog) -> _Plain:
    return _Plain(
        catalog=catalog,
        id="plain",
        name="Plain",
        source="a test",
        points=(1, 0, 0),
        pregame=(),
        mvp_nominees=1,
        rerolls_removable=False,
        journeyman_position_limits=(16,),
        journeyman_keyword=None,
        journeyman_hire_at_rookie_cost=True,
        getting_even=False,
        friendlies=Friendlies(False, False, True, "as any game"),
        fans_name="Fans",
    )


def test_the_registry_holds_bb2025_first_then_classic() -> None:
    assert ruleset_ids() == ("bb2025", "classic")
    assert [e.id for e in entries()] == ["bb2025", "classic"]
    assert all(len(e.label) <= 100 for e in entries())  # a Discord choice's name
    assert LeagueSettings().ruleset == "bb2025"
    with pytest.raises(ValueError, match="no ruleset"):
        ruleset(CATALOG, "lrb6")


def test_a_ruleset_registers_and_unregisters_and_the_settings_follow() -> None:
    with pytest.raises(ValidationError, match="one of bb2025, classic"):
        LeagueSettings(ruleset="plain")
    register(RulesetEntry("plain", "Plain (a test)", _plain))
    try:
        assert LeagueSettings(ruleset="plain").ruleset == "plain"
        assert ruleset(CATALOG, "plain").points == (1, 0, 0)
        assert set(rulesets(CATALOG)) == {"bb2025", "classic", "plain"}
        with pytest.raises(ValueError, match="registered already"):
            register(RulesetEntry("plain", "again", _plain))
    finally:
        unregister("plain")
    assert "plain" not in ruleset_ids()
    with pytest.raises(ValidationError):
        LeagueSettings(ruleset="plain")


def test_bb2025_points_are_the_league_settings_defaults() -> None:
    # seed 001: "WIN: 3 League Points DRAW: 1 League Point LOSS: 0 League Points"
    default = LeagueSettings()
    assert BB2025.points == (default.points_win, default.points_draw, default.points_loss) == (3, 1, 0)


# --- the pre-game ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("rs", list(rulesets(CATALOG).values()), ids=lambda rs: rs.id)
def test_every_rolled_step_of_every_ruleset_rolls_and_shows(rs: Ruleset) -> None:
    for step in rs.rolled_steps:
        rolled = rs.roll_step(step, TEAMS, SeededDice(1))
        assert rolled.rolls, step.id
        assert rs.step_lines(step.id, rolled.result, TEAMS), step.id


def test_classic_fans_and_fame_step_shows_both_teams() -> None:
    step = CLASSIC.step("fans_and_fame")
    assert step is not None
    rolled = CLASSIC.roll_step(step, TEAMS, ScriptedDice([6, 6, 1, 1]))  # (12 + 4) v (2 + 2) thousand
    assert CLASSIC.step_lines(step.id, rolled.result, TEAMS) == (
        "Reavers: 16,000 fans (Fan Factor 4): FAME +2",
        "Gougers: 4,000 fans (Fan Factor 2): FAME +0",
    )


def test_a_step_a_ruleset_cannot_roll_is_refused() -> None:
    step = CLASSIC.step("famous_referees")
    assert step is not None
    with pytest.raises(ValueError, match="no roll"):
        BB2025.roll_step(step, TEAMS, SeededDice(1))


# --- the post-game: BB2025 -------------------------------------------------------------------------------


def test_bb2025_fan_factor_then_winnings_from_the_attendance() -> None:
    # "Fan Factor ... D3 + Dedicated Fans"; winnings "(Fan Attendance / 2 + touchdowns + 1 if no stalling)"
    game = _game(_report(2, 1))
    dice = ScriptedDice([2, 3, 6])  # fair-weather fans 2 and 3, then the winner's Dedicated Fans check
    opening = BB2025.postgame_opening(game, dice)
    assert opening.fan_factor == {"home": 6, "away": 5}
    won = BB2025.postgame_side(game, "home", opening, dice)
    assert won.winnings == (11 * 10_000) // 2 + (2 + 1) * 10_000
    assert won.fans_after == 5 and won.awards is not None and won.awards.nominees == (7,)


def test_bb2025_a_team_that_concedes_loses_fans_and_its_veterans_may_quit() -> None:
    game = _game(_report(1, 0, conceded_by="home"))
    opening = BB2025.postgame_opening(game, ScriptedDice([1, 1]))
    conceded = BB2025.postgame_side(game, "home", opening, ScriptedDice([2]))
    assert conceded.winnings == 0 and conceded.awards is None and conceded.fans_after == 2
    assert conceded.lines[-1] == "No SPP and no MVP: the team conceded"
    squad = [SquadMember(1, 1, "Old", 3), SquadMember(2, 2, "Young", 2), SquadMember(3, 3, "Vet", 4)]
    gone = BB2025.leavers(game, "home", squad, ScriptedDice([3, 4]))
    assert [leaving.player_id for leaving in gone.leaving] == [1] and len(gone.rolls) == 2
    assert BB2025.leavers(game, "away", squad, ScriptedDice([])).leaving == ()


def test_bb2025_a_friendly_is_nothing_but_its_injuries() -> None:
    game = _game(_report(3, 0), friendly=True)
    assert BB2025.postgame_opening(game, ScriptedDice([])) == Opening()
    assert BB2025.postgame_side(game, "home", Opening(), ScriptedDice([])) == SideOutcome()


# --- the post-game: classic ------------------------------------------------------------------------------


def test_classic_fame_is_read_from_the_pregame_or_rolled_once() -> None:
    game = _game(_report(1, 0))
    opening = CLASSIC.postgame_opening(game, ScriptedDice([6, 6, 1, 1]))
    assert set(opening.pregame) == {"fans_and_fame"} and opening.rolls["home"]
    # (D6 + FAME) x 10,000 + 10,000 for the win; FAME +2 from the fans just rolled
    won = CLASSIC.postgame_side(game, "home", opening, ScriptedDice([3, 1, 1, 1]))
    assert won.winnings == (3 + 2) * 10_000 + 10_000 and won.reroll_offered and won.winnings_die == 3
    stored = _game(_report(1, 0), pregame=dict(opening.pregame))
    again = CLASSIC.postgame_opening(stored, ScriptedDice([]))
    assert again.pregame == {} and again.lines["home"] == ("Fans 16,000 (Fan Factor 4): FAME +2",)


def test_classic_a_friendly_pays_a_d3_and_star_player_points_but_no_mvp() -> None:
    """Seed 003: "In Friendly matches, no MVP is awarded." and "Note: In Friendly matches, each coach rolls a
    D3 instead of a D6."; its players still "Roll for Improvements for any players who have earned enough
    Star Player points"."""
    game = _game(_report(0, 0), friendly=True)
    opening = CLASSIC.postgame_opening(game, ScriptedDice([3, 3, 3, 3]))
    drawn = CLASSIC.postgame_side(game, "away", opening, ScriptedDice([2, 1, 1]))
    assert drawn.winnings_die == 2 and drawn.rolls[0].dice == "d3"
    assert drawn.awards == Awards(spp=True, mvps=0, nominees=(), max_nominees=3)
    assert drawn.lines[-1] == "No MVP and no league points: a friendly"
    # the nominated player of a friendly is not rolled for: no MVP die at all
    nominated = CLASSIC.postgame_side(game, "home", opening, ScriptedDice([1, 1, 1]))
    assert nominated.awards is not None and nominated.awards.mvps == 0 and len(nominated.rolls) == 2


def test_each_ruleset_says_what_a_friendly_counts_for() -> None:
    """Seed 001, Friendlies: "any player that suffers a Casualty will automatically count as having rolled
    Badly Hurt on the Casualty Table. Finally, any players that were scheduled to miss a team's next game will
    still count as missing the team's next game." Seed 003 has no such sentence: its friendly differs only in
    "no MVP is awarded", "you do not score any League points" and "each coach rolls a D3 instead of a D6", and
    "If either team has at least 100,000 gold pieces in their Treasury, their coach must roll for expensive
    mistakes" after any match."""
    assert BB2025.friendlies.casualties_badly_hurt and BB2025.friendlies.missed_stay_out
    assert not BB2025.friendlies.expensive_mistakes
    assert not CLASSIC.friendlies.casualties_badly_hurt and not CLASSIC.friendlies.missed_stay_out
    assert CLASSIC.friendlies.expensive_mistakes
    reference = CLASSIC.reference()
    assert reference is not None
    assert f"**Friendlies**: {CLASSIC.friendlies.summary}" in reference[1]


def test_classic_winnings_reroll_keeps_the_fame_of_the_first_die() -> None:
    # a winner paid (4 + FAME 1) x 10,000 + 10,000 re-rolls a 6: (6 + 1) x 10,000 + 10,000
    rerolled = CLASSIC.reroll_winnings(60_000, 4, False, ScriptedDice([6]))
    assert rerolled.amount == 80_000 and rerolled.difference == 20_000
    with pytest.raises(RuleViolation, match="re-roll"):
        BB2025.reroll_winnings(60_000, 4, False, ScriptedDice([6]))


# --- inducements and team value ------------------------------------------------------------------------


def test_inducement_budgets_of_each_ruleset() -> None:
    # seed 001: the underdog gets the CTV difference plus what the favourite spent, + up to 50,000
    assert BB2025.inducement_budget(
        1_160_000, 1_240_000, treasury=90_000, favourite_spent=50_000, top_up_max=50_000
    ) == Budget(130_000, 50_000)
    # seed 003: "1,000,000 against 1,250,000 gives 250,000", and the treasury too
    assert CLASSIC.inducement_budget(
        1_000_000, 1_250_000, treasury=90_000, favourite_spent=0, top_up_max=50_000
    ) == Budget(250_000, 90_000)
    assert BB2025.level_first is None and CLASSIC.level_first == "home"
    assert BB2025.special_plays(1, 2, ((), ())) is None
    assert CLASSIC.special_plays(1_000_000, 900_000, ((), ())) is not None
    assert "special_play" in CLASSIC.inducements() and "special_play" not in BB2025.inducements()


def test_classic_has_one_team_value_and_hires_journeymen_at_rookie_cost() -> None:
    human = CATALOG.teams["human"]
    players = [SquadPlayer(human.positions[0], 50_000, 20_000)]
    tv, ctv = CLASSIC.team_values(human, players, Staffing(dedicated_fans=3))
    assert tv == ctv and CLASSIC.one_value and not BB2025.one_value
    # seed 003: "Do not include the value of gold in your Treasury or any players that will be forced to miss
    # their next match due to injury."
    injured = [*players, SquadPlayer(human.positions[0], 50_000, miss_next_game=True)]
    assert CLASSIC.team_values(human, injured, Staffing(dedicated_fans=3)) == (tv, tv)
    bb2025_tv = BB2025.team_values(human, players, Staffing())[0]
    assert BB2025.team_values(human, injured, Staffing())[0] == bb2025_tv + 50_000  # TV counts him
    assert CLASSIC.journeyman_hire_cost(50_000, 20_000) == 50_000
    assert BB2025.journeyman_hire_cost(50_000, 20_000) == 70_000


def test_each_ruleset_describes_itself_for_the_settings_and_the_rules_tables() -> None:
    """Seed 003 refers to tables it does not contain; the league either borrows BB2025's or skips the step,
    and both the settings and `/rules table` say which (no view branches on a ruleset's id)."""
    classic = ruleset(CATALOG, "classic")
    summary = classic.summary_lines()
    assert summary[0] == f"**{classic.name}** ({classic.source})"
    borrowed = [m.name for m in classic.missing if m.borrowed]
    skipped = [m.name for m in classic.missing if m.handled == "skipped"]
    unavailable = [m.name for m in classic.missing if m.handled == "unavailable"]
    assert borrowed and skipped and unavailable
    assert all(name in summary[1] for name in borrowed) and summary[1].startswith("Uses BB2025's: ")
    assert all(name in summary[2] for name in skipped) and summary[2].startswith("Skipped: ")
    assert all(name in summary[3] for name in unavailable) and summary[3].startswith("Not available: ")
    assert summary[4] == f"Friendlies: {classic.friendlies.summary}"
    assert BB2025.summary_lines() == [
        f"**{BB2025.name}** ({BB2025.source})",
        "Friendlies: no SPP, no league points, no winnings; every casualty counts as Badly Hurt; players who "
        "were to miss the next game still miss it",
    ]

    assert BB2025.reference() is None  # the core sequence's steps are in the other tables
    reference = classic.reference()
    assert reference is not None
    title, lines = reference
    assert title == "Classic season sequence (seed 003)"
    assert lines[0].startswith("**Pre-game, in order**: Random Stadium → ")
    assert any(line.startswith("**League points**: win 3 · draw 2 · loss 1") for line in lines)
    assert sum(line.startswith("**Not in seed 003: ") for line in lines) == len(classic.missing)


def test_classic_star_players_on_the_roster_are_a_known_gap_of_seed_003() -> None:
    """Seed 003's Hire and Fire: "Coaches can also add a Star Player to their roster at this step (see page
    55)" and "If the team has a rostered Star Player, the coach must pay their upkeep cost or choose to let
    them go (see page 59)." Pages 55 and 59 are not in the seed: which stars may be added, their price and
    the upkeep cost are missing, so the step is listed as not available (not invented, not recordable)."""
    gap = next(m for m in CLASSIC.missing if m.id == "rostered_star_players")
    assert gap.handled == "unavailable" and not gap.borrowed
    assert "pages 55, 59" in gap.name and "upkeep" in gap.summary
    assert "rostered_star_players" not in dict(CLASSIC.recordable())
    with pytest.raises(NotFound):
        CLASSIC.check_recordable("rostered_star_players")
    reference = CLASSIC.reference()
    assert reference is not None
    assert f"**Not in seed 003: {gap.name}**: not available. {gap.summary}" in reference[1]
    assert any(line.startswith("Not available: ") and gap.name in line for line in CLASSIC.summary_lines())
