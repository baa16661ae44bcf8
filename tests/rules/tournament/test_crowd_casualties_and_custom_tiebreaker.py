"""Two rules of seed 000 that a game's result must carry (issue 29, section 1, rules 4 and 6).

Awards: "MAX SPLEENRIPPER'S CARNAGE CUP: For the team that inflicts the most casualties as a result of
Blitzing Blocking, or pushing opposition players into the crowd across the entire event." and "MATRON
MCGEARY'S MOST PATCHED-UP: For the team that has had the most casualties inflicted upon them as a result of
Blitzing, Blocking, or having their players pushed into the crowd across the entire event."

Tiebreakers: "Further Tiebreakers are used at the Event Organiser's discretion. These could be anything from
Favourite Opponent scores, most players Sent-off (not counting those Sent-off for the Secret Weapon trait),
or anything else the Event Organiser wishes; however, they should make it clear to all coaches which
Tiebreakers will be used for the event in the rulespack and in what order".
"""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from bot.rules.match.match_result import ResultReport, SideReport
from bot.rules.tournament.event_state import EventState, coaches_ranking
from bot.rules.tournament.tournament_awards import Award, awards, team_totals
from bot.rules.tournament.tournament_groups import StagedTable, game_ranker
from bot.rules.tournament.tournament_scoring import TournamentGame, bonus_points, rank
from bot.rules.tournament.tournament_settings import Rulespack
from bot.rules.tournament.tournament_teams import SquadMatch, rank_squads
from tests.conftest import CATALOG

RULES = CATALOG.tournament.scoring
COACHES = ["jay", "rob", "dan", "kim"]


def by_key(games: list[TournamentGame[str]]) -> dict[str, Award[str]]:
    rows = rank(RULES, COACHES, games)
    found = awards(rows, team_totals(RULES, games), [], {}, {}, stunty_tier=3)
    return {a.key: a for a in found}


# --- rule 4: the Carnage Cup and Most Patched-Up count crowd pushes -----


def test_a_crowd_push_decides_the_carnage_cup_and_most_patched_up() -> None:
    """Jay and Dan each cause 2 casualties by blocks; Jay also pushes one of Rob's players into the crowd:
    Jay inflicts the most (3), Rob suffers the most (3); the SPP casualties alone would have shared both."""
    games = [
        TournamentGame("jay", "rob", 1, 0, first_cas=2, second_cas=0, first_crowd=1),
        TournamentGame("dan", "kim", 1, 0, first_cas=2, second_cas=0),
    ]
    found = by_key(games)
    carnage, patched = found["carnage"], found["patched"]
    assert [w.team for w in carnage.winners] == ["jay"] and carnage.value == 3
    assert [w.team for w in patched.winners] == ["rob"] and patched.value == 3
    without = by_key([TournamentGame("jay", "rob", 1, 0, 2, 0), games[1]])
    assert [w.team for w in without["carnage"].winners] == ["jay", "dan"]


def test_crowd_casualties_earn_no_bonus_point_and_no_ranking_casualties() -> None:
    """Seed 000's Bonus Point counts "only those that would normally award Star Player Points", and the
    fourth tiebreaker the casualties recorded for the rankings: a crowd push is neither."""
    game = TournamentGame("jay", "rob", 0, 1, first_cas=2, first_crowd=3)
    jay = game.sides(RULES)[0]
    assert jay.cas_for == 2 and jay.bonus_points == bonus_points(0, 1, 2, RULES) == 0
    totals = team_totals(RULES, [game])
    assert (totals["jay"].cas_for, totals["jay"].crowd_for, totals["jay"].inflicted) == (2, 3, 5)
    assert (totals["rob"].cas_against, totals["rob"].crowd_against, totals["rob"].suffered) == (2, 3, 5)


def test_a_conceded_game_keeps_its_crowd_casualties() -> None:
    game = TournamentGame("jay", "rob", 0, 1, second_crowd=2, conceded_by="jay")
    totals = team_totals(RULES, [game])
    assert totals["rob"].inflicted == 2 and totals["jay"].suffered == 2


def test_a_stored_report_without_the_new_numbers_reads_as_none() -> None:
    """Results stored before crowd casualties and the organiser's number: 0 and None."""
    side = SideReport.model_validate({"team_id": 1, "score": 1, "casualties": 2})
    assert side.crowd_casualties == 0 and side.tiebreaker is None
    report = ResultReport(home=side, away=SideReport(team_id=2, score=0, casualties=0, crowd_casualties=1))
    assert ResultReport.model_validate_json(report.model_dump_json()) == report
    with pytest.raises(ValidationError):
        SideReport(team_id=1, score=0, casualties=0, crowd_casualties=-1)


# --- rule 6: the organiser's own tiebreaker -----


def test_the_organisers_number_needs_its_name_and_ranks_where_he_puts_it() -> None:
    with pytest.raises(ValidationError, match="the custom tiebreaker needs its name"):
        Rulespack(extra_tiebreakers=("custom",))
    chants = Rulespack(custom_tiebreaker="  Cheerleader   chants ", extra_tiebreakers="custom, votes")
    assert chants.custom_tiebreaker == "Cheerleader chants"
    assert chants.tiebreakers == ("bonus", "td_diff", "td_for", "cas_for", "custom", "votes")
    assert chants.extra_columns == (("custom", "Cheerleader chants"), ("votes", "votes"))
    named_only = Rulespack(custom_tiebreaker="Cheerleader chants", extra_tiebreakers="votes")
    assert named_only.tiebreakers[-2:] == ("votes", "custom")  # named, not placed: last
    assert Rulespack(custom_tiebreaker="none").custom_tiebreaker == ""


def test_the_organisers_number_settles_a_tie_and_is_named_for_it() -> None:
    """Jay and Rob both win 1-0 with nothing else between them: Rob's 3 cheerleader chants to Jay's 1 put
    him above, and the rankings say so by the rulespack's name."""
    rulespack = Rulespack(custom_tiebreaker="Cheerleader chants", extra_tiebreakers="votes, custom")
    games = (
        TournamentGame("jay", "dan", 1, 0, first_custom=1),
        TournamentGame("rob", "kim", 1, 0, first_custom=3, second_custom=2),
    )
    state = EventState(
        name="Cup",
        rulespack=rulespack,
        scoring=RULES,
        units=(1, 2, 3, 4),
        spare=None,
        approved=frozenset({1, 2, 3, 4}),
        names={},
        coach_of={},
        games=tuple(_numbered(g) for g in games),
        byes=(),
        votes={},
    )
    rows = coaches_ranking(state)
    assert [r.coach for r in rows][:2] == [2, 1]
    assert rows[1].decided_by == "Cheerleader chants"
    assert (rows[0].custom, rows[1].custom, rows[0].extra("custom")) == (3, 1, 3)
    plain = rank(RULES, ["jay", "rob"], list(games))  # without the tiebreaker: registration order
    assert [r.coach for r in plain] == ["jay", "rob"] and plain[1].decided_by == "registration order"


def _numbered(game: TournamentGame[str]) -> TournamentGame[int]:
    ids = {"jay": 1, "rob": 2, "dan": 3, "kim": 4}
    return TournamentGame(
        ids[game.first],
        ids[game.second],
        game.first_score,
        game.second_score,
        first_custom=game.first_custom,
        second_custom=game.second_custom,
    )


def test_negative_numbers_are_refused() -> None:
    with pytest.raises(ValueError, match="cannot be negative"):
        TournamentGame("jay", "rob", 1, 0, first_custom=-1)
    with pytest.raises(ValueError, match="cannot be negative"):
        TournamentGame("jay", "rob", 1, 0, second_crowd=-1)


def test_group_and_squad_rankings_name_the_organisers_tiebreaker_too() -> None:
    """A group event's rankings and a team event's squads (seed 000: the tiebreakers "are cumulative for
    all members of the same team") settle a tie on the organiser's number under its name."""
    first, second = TournamentGame(1, 2, 1, 0, first_custom=1), TournamentGame(3, 4, 1, 0, first_custom=2)
    games = [StagedTable(1, 1, "rest", 1, 2, first), StagedTable(1, 2, "rest", 3, 4, second)]
    rows = game_ranker(RULES, ("custom",), custom_name="Cheerleader chants")([1, 2, 3, 4], games)
    assert [r.coach for r in rows][:2] == [3, 1] and rows[1].decided_by == "Cheerleader chants"
    squads = rank_squads(
        RULES,
        ["A", "B"],
        {1: "A", 2: "X", 3: "B", 4: "Y"},
        [SquadMatch("A", "X", (first,)), SquadMatch("B", "Y", (second,))],
        tiebreakers=("custom",),
        custom_name="Cheerleader chants",
    )
    assert [s.squad for s in squads] == ["B", "A"] and squads[1].decided_by == "Cheerleader chants"
