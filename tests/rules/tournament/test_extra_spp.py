"""Extra SPP the organiser awards (seed 000, Player Advancement): "Event Organisers may also decide to award
additional SPP for other in-game instances if they wish; if this is the case then this will need to be
clearly outlined in the rulespack." """

from __future__ import annotations

import pytest

from bot.errors import RuleViolation
from bot.rules.tournament.extra_spp import check_amount, check_awardable, check_game, check_player


def test_only_with_advancement_and_a_rulespack_that_says_what_for() -> None:
    """ "if this is the case then this will need to be clearly outlined in the rulespack" """
    with pytest.raises(RuleViolation, match="no player advancement"):
        check_awardable("Cup", False, "1 SPP for a Secret Objective")
    with pytest.raises(RuleViolation, match="does not say what extra SPP are for"):
        check_awardable("Cup", True, "")
    check_awardable("Cup", True, "1 SPP for a Secret Objective")


def test_an_award_is_1_to_10_and_a_take_back_never_below_zero() -> None:
    assert check_amount(2, "#7 Griff", 0) == 2
    assert check_amount(-2, "#7 Griff", 3) == -2
    for wrong in (0, 11, -11):
        with pytest.raises(RuleViolation, match="Award 1 to 10 SPP"):
            check_amount(wrong, "#7 Griff", 20)
    with pytest.raises(RuleViolation, match="#7 Griff has 1 SPP: you can take back at most that"):
        check_amount(-2, "#7 Griff", 1)


def test_stars_never_and_only_for_a_game_that_is_over() -> None:
    with pytest.raises(RuleViolation, match="star players never earn SPP"):
        check_player("#20 Griff Oberwald", True)
    check_player("#7 Lineman", False)
    with pytest.raises(RuleViolation, match="Mercenaries never earn SPP"):
        check_player("#11 Lineman", False, mercenary=True)
    with pytest.raises(RuleViolation, match="no confirmed game in round 2"):
        check_game("Reavers", 2, False)
    with pytest.raises(RuleViolation, match="no confirmed game in the event"):
        check_game("Reavers", None, False)
    check_game("Reavers", 2, True)
