"""Tournament awards (seed 000, Awards)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.errors import Conflict, RuleViolation
from bot.rules.match.match_result import PlayerLine, ResultReport, SideReport
from bot.rules.match.tallies import PlayerTally, player_tallies
from bot.rules.tournament.tournament_awards import (
    Award,
    Totals,
    awards,
    check_candidate,
    check_favourite_opponent,
    check_finishable,
    check_painted_choice,
    check_painted_vote,
    check_voting_open,
    team_totals,
)
from bot.rules.tournament.tournament_scoring import TournamentGame, rank
from tests.conftest import CATALOG

RULES = CATALOG.tournament.scoring


def by_key(found: list[Award[str]]) -> dict[str, Award[str]]:
    return {a.key: a for a in found}


def winners(award: Award[str]) -> list[str]:
    return [w.team for w in award.winners]


# Four coaches and a Spare Player ("spare"), two rounds.
GAMES = [
    TournamentGame("jay", "rob", 3, 1, first_cas=2, second_cas=4, second_sent_off=1),
    TournamentGame("dan", "spare", 1, 0, first_cas=0, second_cas=5, second_sent_off=2),
    TournamentGame("jay", "dan", 2, 0, first_cas=1, second_cas=1),
    TournamentGame("rob", "kim", 1, 1, first_cas=3, second_cas=0, first_sent_off=1, second_sent_off=1),
]
COACHES = ["jay", "rob", "dan", "kim"]  # registration order; the Spare Player is not ranked
BYES = ["kim"]


def compute(**kwargs: object) -> dict[str, Award[str]]:
    rows = rank(RULES, COACHES, GAMES, BYES)
    totals = team_totals(RULES, GAMES, BYES)
    players = kwargs.pop("players", [])
    votes = kwargs.pop("votes", {})
    tiers = kwargs.pop("tiers", {"jay": 1, "rob": 2, "dan": 3, "kim": 4, "spare": 3})
    return by_key(awards(rows, totals, players, votes, tiers, spare="spare", stunty_tier=3, **kwargs))  # type: ignore[arg-type]


def test_totals_count_casualties_suffered_and_byes() -> None:
    totals = team_totals(RULES, GAMES, BYES)
    assert totals["jay"] == Totals(played=2, td_for=5, td_against=1, cas_for=3, cas_against=5, sent_off=0)
    # Seed 000: a Bye "counts as a 2-0 win with no casualties".
    assert totals["kim"] == Totals(played=2, td_for=3, td_against=1, cas_for=0, cas_against=3, sent_off=1)


def test_placings_and_wooden_spoon_follow_the_rankings() -> None:
    """Seed 000: "FIRST PLACE: For the coach who finishes first in the rankings." ... "WOODEN SPOON: For
    the coach who finishes bottom of the ranking and has the honour of propping up the table!" """
    rows = rank(RULES, COACHES, GAMES, BYES)
    found = compute()
    order = [r.coach for r in rows]
    assert [winners(found[k]) for k in ("first", "second", "third", "spoon")] == [
        [order[0]],
        [order[1]],
        [order[2]],
        [order[-1]],
    ]
    assert order[0] == "jay"  # two wins


def test_team_awards_and_shared_ties() -> None:
    """Seed 000: "GRIFF OBERWALD'S GOLDEN GLOVES: For the team that scores the most touchdowns across the
    entire event." ... "MIGHTY ZUG'S WALL O'STEEL: For the team that conceded the fewest number of
    touchdowns across the entire event." ... "MAX SPLEENRIPPER'S CARNAGE CUP" ... "MATRON MCGEARY'S MOST
    PATCHED-UP" ... "DIRTY DAN'S FILTHIEST CIT: For the team that has the most players Sent-off as the
    result of committing a Foul action" """
    found = compute()
    assert winners(found["touchdowns"]) == ["jay"] and found["touchdowns"].value == 5
    # jay conceded 1 (3-1, 2-0), dan 2 (1-0 v spare, 0-2), kim 1 (1-1, Bye 2-0), rob 4: jay and kim share.
    assert sorted(winners(found["wall"])) == ["jay", "kim"] and found["wall"].value == 1
    # Casualties inflicted: rob 4 + 3 = 7; the Spare Player's 5 count for nobody's award.
    assert winners(found["carnage"]) == ["rob"] and found["carnage"].value == 7
    # Suffered: dan 5 (from the spare) + 1 = 6, jay 4 + 1 = 5.
    assert winners(found["patched"]) == ["dan"] and found["patched"].value == 6
    # Sent off: rob 2, kim 1; the spare's 2 do not win it.
    assert winners(found["filthiest"]) == ["rob"] and found["filthiest"].value == 2


def test_most_sporting_coach_ties_are_shared_and_the_spare_never_wins() -> None:
    """Seed 000: "MOST SPORTING COACH: For the coach who receives the highest number of Favourite
    Opponent votes." and the Spare Player "cannot win any awards"."""
    found = compute(votes={"spare": 9, "rob": 2, "kim": 2, "jay": 1})
    assert sorted(winners(found["sporting"])) == ["kim", "rob"] and found["sporting"].value == 2
    assert compute()["sporting"].not_awarded == "no Favourite Opponent votes"


def test_best_painted_by_votes_or_by_the_organiser() -> None:
    """Seed 000: "BEST PAINTED TEAM: ... This could be voted on by the other coaches, or chosen by the
    Event Organiser." """
    assert winners(compute(painted_votes={"dan": 3, "jay": 1})["painted"]) == ["dan"]
    assert compute()["painted"].not_awarded == "no Best Painted votes"
    chosen = compute(best_painted="organiser", painted_choice="kim", painted_votes={"dan": 3})
    assert winners(chosen["painted"]) == ["kim"]
    assert compute(best_painted="organiser")["painted"].not_awarded == "the organiser has not chosen"
    assert compute(best_painted="organiser", painted_choice="spare")["painted"].winners == ()


def test_stunty_cup_is_the_best_placed_tier_3_team_and_tier_4_counts() -> None:
    """Seed 000: "THE STUNTY CUP: For the Coach who places highest in the rankings with a Tier 3 team." """
    order = [r.coach for r in rank(RULES, COACHES, GAMES, BYES)]
    found = compute()  # dan is tier 3, kim tier 4 (the catalogue's extra tier): the better placed wins
    assert winners(found["stunty"]) == [min(("dan", "kim"), key=order.index)]
    only_tier_4 = compute(tiers={"jay": 1, "rob": 2, "dan": 2, "kim": 4})
    assert winners(only_tier_4["stunty"]) == ["kim"]
    none = compute(tiers={"jay": 1, "rob": 2, "dan": 2, "kim": 2, "spare": 3})
    assert none["stunty"].winners == () and none["stunty"].not_awarded


def test_single_player_awards_and_not_awarded() -> None:
    """Seed 000: awards "for things such as 'Most Touchdowns by a Single Player' or 'Most Violent
    Player'"."""
    players = [
        PlayerTally("jay", 1, "Griff", 3, 0),
        PlayerTally("rob", 7, "Zug", 0, 2),
        PlayerTally("dan", 9, "Varag", 1, 2),
        PlayerTally("spare", 4, "Ringer", 9, 9),
    ]
    found = compute(players=players)
    assert [(w.team, w.player_name) for w in found["player_touchdowns"].winners] == [("jay", "Griff")]
    assert [(w.team, w.player_id) for w in found["player_casualties"].winners] == [("rob", 7), ("dan", 9)]
    empty = compute()
    assert empty["player_touchdowns"].not_awarded == "no player scored"
    assert empty["player_casualties"].not_awarded == "no player caused a casualty"


def test_nothing_played_is_not_awarded_but_placings_stand() -> None:
    rows = rank(RULES, ["a", "b"], [])
    found = by_key(awards(rows, {}, [], {}, {}, stunty_tier=3))
    assert winners(found["first"]) == ["a"] and winners(found["spoon"]) == ["b"]
    assert found["third"].not_awarded == "fewer than 3 coaches are ranked"
    for key in ("touchdowns", "wall", "carnage", "patched", "filthiest", "sporting"):
        assert found[key].winners == () and found[key].not_awarded, key


def test_player_tallies_sum_the_reports() -> None:
    def report(td: int, cas: int) -> ResultReport:
        home = SideReport(
            team_id=1,
            score=td,
            casualties=cas,
            players=(PlayerLine(player_id=5, number=5, name="Griff", touchdowns=td, casualties=cas),),
        )
        return ResultReport(home=home, away=SideReport(team_id=2, score=0, casualties=0))

    assert player_tallies([report(2, 1), report(1, 0)]) == [PlayerTally(1, 5, "Griff", 3, 1)]


game = st.builds(
    lambda a, b, sa, sb, ca, cb, oa, ob: (a, b, sa, sb, ca, cb, oa, ob),
    st.integers(0, 8),
    st.integers(0, 8),
    st.integers(0, 5),
    st.integers(0, 5),
    st.integers(0, 5),
    st.integers(0, 5),
    st.integers(0, 2),
    st.integers(0, 2),
)


@given(
    st.integers(2, 9),
    st.lists(game, max_size=30),
    st.dictionaries(st.integers(0, 8), st.integers(0, 4)),
    st.dictionaries(st.integers(0, 8), st.integers(1, 4)),
    st.integers(0, 8),
)
def test_no_award_goes_to_the_spare_and_placings_follow_the_ranking(
    size: int,
    raw: list[tuple[int, ...]],
    votes: dict[int, int],
    tiers: dict[int, int],
    spare: int,
) -> None:
    coaches = [c for c in range(size) if c != spare]
    games = [
        TournamentGame(a, b, sa, sb, ca, cb, oa, ob)
        for a, b, sa, sb, ca, cb, oa, ob in raw
        if a != b and a < size and b < size
    ]
    rows = rank(RULES, coaches, games)
    players = [PlayerTally(c, c * 10, f"p{c}", c % 3, c % 2) for c in range(size)]
    found = by_key(
        awards(
            rows,
            team_totals(RULES, games),
            players,
            votes,
            tiers,
            painted_votes=votes,
            spare=spare,
            stunty_tier=3,
        )  # type: ignore[arg-type]
    )
    for award in found.values():
        assert all(w.team != spare for w in award.winners)
        assert bool(award.winners) != bool(award.not_awarded)
    order = [r.coach for r in rows]
    for key, index in (("first", 0), ("second", 1), ("third", 2)):
        if len(order) > index:
            assert winners(found[key]) == [order[index]]  # type: ignore[arg-type]
    if len(order) >= 2:
        assert winners(found["spoon"]) == [order[-1]]  # type: ignore[arg-type]


def test_a_stunty_event_has_no_stunty_cup() -> None:
    """Seed 000: "Additionally, there is no need to award the Stunty Cup, as every team is a Stunty Team
    anyway!" """
    assert "stunty" not in compute(stunty_cup=False) and "first" in compute(stunty_cup=False)
    assert "stunty" in compute()


# --- votes, the organiser's choice and the end of the event -----


def refused(check: Callable[..., None], *args: object, **kwargs: object) -> str:
    """The whole message a check refuses with."""
    with pytest.raises(RuleViolation) as refusal:
        check(*args, **kwargs)
    return str(refusal.value)


def test_votes_are_cast_while_the_event_runs() -> None:
    check_voting_open("Cup", "running")
    assert refused(check_voting_open, "Cup", "registration") == (
        "Cup has not started: votes are cast while the event runs."
    )
    assert (
        refused(check_voting_open, "Cup", "finished") == "Cup is over: votes are cast while the event runs."
    )


def test_the_spare_player_and_unapproved_rosters_receive_no_vote_and_no_award() -> None:
    """Seed 000: "The Spare Player should not be trying to win the event, cannot win any awards"."""
    check_candidate("Reavers", "Cup", approved=True, spare=False)
    assert refused(check_candidate, "Reavers", "Cup", approved=True, spare=False, own=True) == (
        "You cannot vote for yourself."
    )
    assert refused(check_candidate, "Reavers", "Cup", approved=False, spare=False) == (
        "Reavers has no approved roster in Cup."
    )
    assert refused(check_candidate, "Spare", "Cup", approved=True, spare=True) == (
        "Spare is the Spare Player, who cannot win awards (seed 000)."
    )
    # in this order: one's own roster first, then an unapproved one
    assert refused(check_candidate, "Mine", "Cup", approved=False, spare=True, own=True) == (
        "You cannot vote for yourself."
    )


def test_a_favourite_opponent_is_a_coach_one_has_played() -> None:
    """Seed 000: Most Sporting Coach goes to "the coach who receives the highest number of Favourite
    Opponent votes"; a coach votes for an opponent he has played."""
    check_favourite_opponent("Cat", played=True)
    assert refused(check_favourite_opponent, "Cat", played=False) == (
        "Your Favourite Opponent must be a coach you have played (a confirmed game); you have not played Cat."
    )


def test_best_painted_is_voted_on_or_chosen_by_the_organiser() -> None:
    """Seed 000: Best Painted Team "could be voted on by the other coaches, or chosen by the Event
    Organiser"."""
    check_painted_vote("Cup", "votes")
    assert refused(check_painted_vote, "Cup", "organiser") == (
        "In Cup the organiser chooses Best Painted: no painted votes."
    )
    check_painted_choice("Cup", "running", "organiser")
    check_painted_choice("Cup", "registration", "organiser")
    assert refused(check_painted_choice, "Cup", "running", "votes") == (
        "In Cup the coaches vote for Best Painted (/rulespack set best_painted:organiser to choose it "
        "yourself)."
    )
    assert refused(check_painted_choice, "Cup", "finished", "votes") == "Cup is over: its awards are final."


def test_an_event_finishes_once_started_and_played_unless_forced() -> None:
    check_finishable("Cup", "running", [], [], force=False)
    assert refused(check_finishable, "Cup", "registration", [], [], force=True) == (
        "Cup has not started: there is nothing to finish."
    )
    with pytest.raises(Conflict, match=r"^Cup is already finished\.$"):
        check_finishable("Cup", "finished", [], [], force=True)
    unpaired, open_games = ["Round 3 of 3 is not paired"], ["Round 2, table 1: A v B (reported)"]
    assert refused(check_finishable, "Cup", "running", unpaired, open_games, force=False) == (
        "Cup is not over: Round 3 of 3 is not paired; unconfirmed: Round 2, table 1: A v B (reported). "
        "Finish those, or use force:True (unconfirmed games are then not counted)."
    )
    check_finishable("Cup", "running", unpaired, open_games, force=True)
