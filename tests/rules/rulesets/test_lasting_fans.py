"""A ruleset's lasting fans after a game, alone (`Ruleset.lasting_fans`): what a corrected result rolls again
(services/match/result_fans.py), the same roll the post-game makes."""

from __future__ import annotations

from bot.catalog import load_catalog
from bot.rules.dice import ScriptedDice
from bot.rules.match.match_result import ResultReport, SideReport
from bot.rules.rulesets import ruleset
from bot.rules.rulesets.policy import FanChange, Opening, PostgameGame, PostgameTeam

CATALOG = load_catalog()
BB2025 = ruleset(CATALOG, "bb2025")
CLASSIC = ruleset(CATALOG, "classic")


def _game(home: int, away: int, *, friendly: bool = False, **options: object) -> PostgameGame:
    report = ResultReport.model_validate(
        {
            "home": SideReport(team_id=1, score=home, casualties=0),
            "away": SideReport(team_id=2, score=away, casualties=0),
            **options,
        }
    )
    return PostgameGame(friendly, report, PostgameTeam("Reavers", 4), PostgameTeam("Gougers", 7))


def test_bb2025_winner_and_loser_roll_their_dedicated_fans() -> None:
    """Seed 001: "If your team won, roll a D6. If the result is equal to or higher than your team's Dedicated
    Fans Characteristic, increase your team's Dedicated Fans Characteristic by 1. This can never go above 7.
    If your team lost, roll a D6. If the result is lower than your team's Dedicated Fans Characteristic,
    reduce your team's Dedicated Fans Characteristic by 1." """
    game = _game(2, 1)
    won = BB2025.lasting_fans(game, "home", ScriptedDice([4]))
    assert won is not None and (won.after, won.line, won.low, won.high) == (
        5,
        "Dedicated fans 4 → 5 (D6 4)",
        1,
        7,
    )
    lost = BB2025.lasting_fans(game, "away", ScriptedDice([6]))
    assert lost is not None and (lost.after, lost.line) == (6, "Dedicated fans 7 → 6 (D6 6)")
    kept = BB2025.lasting_fans(_game(1, 2), "home", ScriptedDice([5]))
    assert kept is not None and kept.after == 4  # lost, but 5 is not lower than 4


def test_bb2025_draw_rolls_nothing_and_a_friendly_moves_no_fans() -> None:
    """Seed 001: "If your team drew, your team's Dedicated Fans Characteristic remains the same." """
    drawn = BB2025.lasting_fans(_game(1, 1), "home", ScriptedDice([]))
    assert drawn is not None and (drawn.after, drawn.rolls) == (4, ())
    assert BB2025.lasting_fans(_game(2, 1, friendly=True), "home", ScriptedDice([])) is None


def test_bb2025_lasting_fans_is_the_post_games_own_roll() -> None:
    game = _game(0, 2, conceded_by="home")
    alone = BB2025.lasting_fans(game, "home", ScriptedDice([2]))  # D3 lost for conceding
    side = BB2025.postgame_side(game, "home", Opening(), ScriptedDice([2]))
    assert alone is not None and alone.after == side.fans_after == 2 and alone.line in side.lines


def test_classic_fan_factor_after_a_win() -> None:
    """Seed 003: "If you won the match, roll 3D6 and increase your team's Fan Factor by 1 if the result is
    greater than your current Fan factor." """
    change = CLASSIC.lasting_fans(_game(1, 0), "home", ScriptedDice([1, 1, 3]))
    assert change is not None and (change.after, change.low, change.high) == (5, 0, None)


def test_a_change_applied_on_top_of_later_games_stays_within_bounds() -> None:
    change = FanChange(after=5, rolls=(), line="", low=1, high=7)
    assert change.applied_to(now=4, was=4) == 5  # nothing since: the new value itself
    assert change.applied_to(now=7, was=4) == 7  # a later game took it to 7: +1 more stays at 7
    assert FanChange(after=1, rolls=(), line="", low=1, high=7).applied_to(now=2, was=3) == 1
    assert FanChange(after=9, rolls=(), line="", low=0, high=None).applied_to(now=9, was=8) == 10
