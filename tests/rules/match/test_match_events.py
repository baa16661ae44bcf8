"""When a game rolls for Match Events (seed 002) and against the referee (seed 004)."""

from __future__ import annotations

import pytest

from bot.errors import RuleViolation
from bot.rules.match.match_events import check_match_events, check_referee_rules


@pytest.mark.parametrize("half", ["1", "2"])
def test_a_league_using_match_events_rolls_each_half(half: str) -> None:
    check_match_events("Old World", used=True, in_playoffs=False, playoff=False, half=half)
    check_match_events("Old World", used=True, in_playoffs=True, playoff=True, half=half)


def test_only_where_the_commissioner_turned_them_on() -> None:
    # seed 002: "In league play, the league commissioner should decide whether Match Events are in use"
    with pytest.raises(RuleViolation, match=r"^Old World does not use Match Events \(a commissioner"):
        check_match_events("Old World", used=False, in_playoffs=True, playoff=False, half="1")


def test_not_in_the_play_offs_unless_allowed() -> None:
    # seed 002: "Match Events are not recommended for events such as tournaments, or during the play-off
    # season of a league"
    with pytest.raises(RuleViolation, match=r"^Match Events are not used in the play-offs unless"):
        check_match_events("Old World", used=True, in_playoffs=False, playoff=True, half="1")


def test_never_in_extra_time() -> None:
    # seed 002: "If the game goes into extra time, Match Events no longer apply."
    with pytest.raises(RuleViolation, match=r"^No Match Events in extra time: no roll needed\.$"):
        check_match_events("Old World", used=True, in_playoffs=True, playoff=True, half="extra")


def test_the_referee_rules_only_where_the_league_uses_them() -> None:
    # seed 004: "If you decide to use the rules presented here, then the rules for being Sent-off for
    # committing a Foul action ... will be replaced by an alternative version"
    check_referee_rules("Old World", "generic")
    with pytest.raises(RuleViolation, match=r"^Old World does not use the referee rules \(a commissioner"):
        check_referee_rules("Old World", "off")
