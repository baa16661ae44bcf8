"""Team events (seed 000, Team Events): team points, squad rankings, coach pairings inside a squad match."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.errors import RuleViolation
from bot.rules.dice import SeededDice
from bot.rules.tournament.tournament_scoring import DEFAULT_TIEBREAKERS, TournamentGame
from bot.rules.tournament.tournament_teams import (
    SquadMatch,
    SquadRoster,
    check_captain_leaves,
    check_limits,
    check_squad_room,
    check_squads_open,
    check_team_event,
    draw_coaches,
    duplicate_rosters,
    duplicate_stars,
    games_won,
    match_points,
    match_result,
    pair_ranked,
    rank_squads,
    roster_refusals,
    squad_limit_refusals,
    team_round,
)
from tests.conftest import CATALOG

RULES = CATALOG.tournament.scoring


def game(
    first: str, second: str, score: tuple[int, int], cas: tuple[int, int] = (0, 0)
) -> TournamentGame[str]:
    return TournamentGame(first, second, score[0], score[1], cas[0], cas[1])


def test_team_points_two_one_zero() -> None:
    """Seed 000: "If a team won more games than the opposing team, then that team will win the round and
    receive 2 Tournament Points. If a team won the same number of games as the opposing team, then the teams
    will draw and each team will receive 1 Tournament Point. If a team loses more games than the opposing
    team, then that team will lose the round and receive 0 Tournament Points." """
    assert (match_points(3, 1, RULES), match_points(2, 2, RULES), match_points(1, 2, RULES)) == (2, 1, 0)


SQUAD_A = {"Jay": "A", "Dan": "A", "Rob": "A", "Xavier": "A"}
SQUAD_B = {"Nicolas": "B", "Keith": "B", "Gavin": "B", "Louise": "B"}


def jay_round() -> SquadMatch[str, str]:
    return SquadMatch(
        "A",
        "B",
        (
            game("Jay", "Nicolas", (3, 0), (1, 0)),
            game("Dan", "Keith", (2, 1), (3, 0)),
            game("Xavier", "Gavin", (1, 1), (4, 0)),
            game("Rob", "Louise", (0, 1), (0, 0)),
        ),
    )


def test_jay_dan_xavier_rob_round() -> None:
    """Seed 000: "Jay, Dan, Rob and Xavier are on the same team. In round 1, Jay and Dan both win their
    games, Xavier draws his game, and Rob loses his. As a result, their team will receive 2 Tournament Points
    as they won two games compared to the opposing team's one." """
    squad_of = SQUAD_A | SQUAD_B
    assert games_won(jay_round(), squad_of, RULES) == (2, 1)
    assert match_result(jay_round(), squad_of, RULES) == (2, 0)


def test_team_tiebreaker_totals() -> None:
    """Seed 000: "In round 1, Jay wins his game 3-0 causing 1 casualty and scores 2 Bonus Points; Dan wins his
    game 2-1 causing 3 casualties and scores 1 Bonus Point; Xavier draws his game 1-1 causing 4 casualties and
    scores 1 Bonus Point; and Rob loses his game 1-0 causing 0 casualties and scores 0 Bonus Points. The team
    scores 2 Tournament Points for winning more games than their opponents. The team will also have a total
    of 4 Bonus Points, a Touchdown Difference of +3, a total of 6 touchdowns, and a total of 8 casualties for
    the purposes of further Tiebreakers." """
    rows = rank_squads(RULES, ["A", "B"], SQUAD_A | SQUAD_B, [jay_round()], tiebreakers=DEFAULT_TIEBREAKERS)
    a = rows[0]
    assert a.squad == "A"
    assert (a.team_points, a.bonus_points, a.td_diff, a.td_for, a.cas_for) == (2, 4, 3, 6, 8)
    assert (a.won, a.drawn, a.lost) == (2, 1, 1)


def test_a_before_c_before_b() -> None:
    """Seed 000: "Teams A, B and C all won their first round of an event so are all tied on 2 Tournament
    Points each. Team A won three games and lost one; Team B won two games, drew one game, and lost one game;
    and Team C won two games and drew two games. As a result, Team A would be highest in the rankings as they
    won three games, while Team C would be ranked higher than Team B as although they have the same number of
    games won, Team C has more draws than Team B." """
    squad_of: dict[str, str] = {}
    matches = []
    results = {"A": ["W", "W", "W", "L"], "B": ["W", "W", "D", "L"], "C": ["W", "W", "D", "D"]}
    scores = {"W": (1, 0), "D": (1, 1), "L": (0, 1)}
    for squad, outcomes in results.items():
        other = squad + "'"
        games = []
        for n, outcome in enumerate(outcomes):
            ours, theirs = f"{squad}{n}", f"{other}{n}"
            squad_of |= {ours: squad, theirs: other}
            games.append(game(ours, theirs, scores[outcome]))
        matches.append(SquadMatch(squad, other, tuple(games)))
    squads = ["B", "C", "A", "A'", "B'", "C'"]  # registration order would favour B
    rows = rank_squads(RULES, squads, squad_of, matches, tiebreakers=DEFAULT_TIEBREAKERS)
    top = [(r.squad, r.team_points, r.decided_by) for r in rows[:3]]
    assert top == [("A", 2, None), ("C", 2, "games won"), ("B", 2, "games drawn")]


def test_individual_tiebreakers_summed_after_games() -> None:
    """Seed 000: "The remaining Tiebreakers will work exactly as outlined on page 8, with the exception that
    they are cumulative for all members of the same team" - level on games won and drawn, Bonus Points."""
    squad_of = {"a1": "A", "a2": "A", "b1": "B", "b2": "B", "x1": "X", "x2": "X", "y1": "Y", "y2": "Y"}
    matches = [
        SquadMatch("A", "X", (game("a1", "x1", (1, 0)), game("a2", "x2", (0, 1)))),
        SquadMatch("B", "Y", (game("b1", "y1", (3, 0)), game("b2", "y2", (0, 1)))),
    ]
    rows = rank_squads(RULES, ["A", "B", "X", "Y"], squad_of, matches, tiebreakers=DEFAULT_TIEBREAKERS)
    assert [(r.squad, r.team_points, r.decided_by) for r in rows[:2]] == [
        ("B", 1, None),
        ("A", 1, "Bonus Points"),
    ]


def test_squad_bye_is_a_round_win() -> None:
    """A squad with a Bye wins the round (2 team points) and each of its coaches has a seed 000 Bye."""
    rows = rank_squads(RULES, ["A", "B"], {"a": "A", "b": "B"}, [], squad_byes=["A"], byes=["a"])
    a = rows[0]
    assert (a.squad, a.team_points, a.matches, a.won, a.td_for) == ("A", 2, 1, 1, 2)


def test_jay_nicolas_pairing() -> None:
    """Seed 000: "In Team A, the individual rankings are as follows: Jay - 6 Tournament Points, 3 Bonus
    Points; Dan - 4 Tournament Points, 2 Bonus Points; Xavier - 3 Tournament Points, 2 Bonus Points; Rob -
    0 Tournament Points, 0 Bonus Points. While in Team B, the individual rankings are as follows: Nicolas -
    6 Tournament Points, 3 Bonus Points; Keith - 6 Tournament Points, 1 Bonus Point; Gavin - 2 Tournament
    Points, 2 Bonus Points; Louise - 1 Tournament Point, 2 Bonus Points. As a result, Jay would play Nicolas
    as they are the highest ranked coach in each team. Dan would then play Keith, Xavier would play Gavin,
    and Rob would then play Louise." """
    points = {
        "Dan": (4, 2), "Jay": (6, 3), "Rob": (0, 0), "Xavier": (3, 2),
        "Gavin": (2, 2), "Keith": (6, 1), "Louise": (1, 2), "Nicolas": (6, 3),
    }  # fmt: skip
    team_a = sorted(["Dan", "Jay", "Rob", "Xavier"], key=lambda c: points[c], reverse=True)
    team_b = sorted(["Gavin", "Keith", "Louise", "Nicolas"], key=lambda c: points[c], reverse=True)
    expected = [("Jay", "Nicolas"), ("Dan", "Keith"), ("Xavier", "Gavin"), ("Rob", "Louise")]
    assert pair_ranked(team_a, team_b) == expected
    later = team_round(2, ["A", "B"], {"A": team_a, "B": team_b}, SeededDice(1))
    assert [list(m.games) for m in later.matches] == [expected]
    assert later.draws == ()


def test_round_one_draws_coaches_with_dice() -> None:
    """Seed 000: "In round 1, teams will be randomly paired against each other as normal and coaches will be
    randomly paired against a coach from the opposing team." Every die is returned for the log."""
    pairs, draws = draw_coaches(["a1", "a2", "a3"], ["b1", "b2", "b3"], SeededDice(7))
    assert [a for a, _ in pairs] == ["a1", "a2", "a3"]
    assert sorted(b for _, b in pairs) == ["b1", "b2", "b3"]
    assert [d.sides for d in draws] == [3, 2]


def test_unequal_squads_refused() -> None:
    with pytest.raises(ValueError, match="as many coaches"):
        pair_ranked(["a1", "a2"], ["b1"])


def test_duplicates() -> None:
    """Seed 000: "no coach may take the same team as another coach on their team ... each Star Player can
    only be taken once across the entire team." """
    assert duplicate_rosters({"a": "skaven", "b": "skaven", "c": "orc"}) == {"skaven": ["a", "b"]}
    assert duplicate_stars({"a": ["Morg 'n' Thorg"], "b": ["Morg 'n' Thorg", "Grim"], "c": []}) == {
        "Morg 'n' Thorg": ["a", "b"]
    }


MORG = {"star_morg": "Morg 'n' Thorg"}
SQUAD = {
    1: SquadRoster("Rats", "skaven", "Skaven", MORG),
    2: SquadRoster("Vermin", "skaven", "Skaven", {}),
    3: SquadRoster("Boyz", "orc", "Orc", MORG | {"star_grim": "Grim"}),
    4: SquadRoster("Elves", "wood_elf", "Wood Elf", {"star_grim": "Grim"}),
}


def test_a_squads_rosters_break_the_seeds_limits() -> None:
    """Seed 000: "no coach may take the same team as another coach on their team - only one coach could take
    a Skaven team for example. Additionally, each Star Player can only be taken once across the entire
    team." """
    assert squad_limit_refusals(SQUAD) == [
        "Only one coach of a squad may take Skaven: Rats, Vermin both do.",
        "A star player only once in a squad: Morg 'n' Thorg is on Rats, Boyz.",
        "A star player only once in a squad: Grim is on Boyz, Elves.",
    ]
    assert squad_limit_refusals({1: SQUAD[1], 4: SQUAD[4]}) == []
    with pytest.raises(RuleViolation) as refused:
        check_limits(squad_limit_refusals({1: SQUAD[1], 2: SQUAD[2]}))
    assert str(refused.value) == "Only one coach of a squad may take Skaven: Rats, Vermin both do."
    check_limits([])


def test_a_roster_needs_a_squad_and_answers_for_the_limits_it_breaks() -> None:
    assert roster_refusals("Cup", "Elves", SQUAD) == [
        "A star player only once in a squad: Grim is on Boyz, Elves."
    ]
    assert roster_refusals("Cup", "Elves", {4: SQUAD[4]}) == []
    assert roster_refusals("Cup", "Elves", None) == [
        "Cup is a team event: join a squad (a team of coaches (seed 000, Team Events)) first; its captain "
        "adds you with /squad add."
    ]


def test_squads_of_the_rulespacks_size_formed_before_the_start() -> None:
    """Seed 000: "In the rulespack for a Team Event, it will specify the number of coaches that must be on
    each team and this can range from as few as three, to as many as eight"."""
    assert check_team_event("Cup", 4) == 4
    with pytest.raises(RuleViolation) as refused:
        check_team_event("Cup", None)
    assert str(refused.value) == (
        "Cup is not a team event: squads (a team of coaches (seed 000, Team Events)) need team_size in the "
        "rulespack."
    )
    check_squads_open("Cup", "registration")
    with pytest.raises(RuleViolation, match=r"^Cup has started: its squads are fixed\.$"):
        check_squads_open("Cup", "running")
    check_squad_room("Rats", 3, 4)
    with pytest.raises(RuleViolation, match=r"^Rats has 4 coaches already, the rulespack's team size\.$"):
        check_squad_room("Rats", 4, 4)


def test_the_captain_leaves_last() -> None:
    """Seed 000: "One coach in the team must also be nominated as Team Captain." """
    check_captain_leaves("Rats", 7, 1)  # alone: he disbands the squad
    with pytest.raises(RuleViolation) as refused:
        check_captain_leaves("Rats", 7, 2)
    assert str(refused.value) == "<@7> is Rats's captain: remove the other coaches first."


def _perfect_matching_without(squads: list[str], met: set[frozenset[str]]) -> bool:
    if not squads:
        return True
    first, rest = squads[0], squads[1:]
    for i, other in enumerate(rest):
        if frozenset((first, other)) not in met and _perfect_matching_without(rest[:i] + rest[i + 1 :], met):
            return True
    return False


@settings(max_examples=60, deadline=None)
@given(
    squads=st.integers(2, 7),
    size=st.integers(3, 5),
    rounds=st.integers(1, 5),
    seed=st.integers(0, 10_000),
)
def test_team_rounds_properties(squads: int, size: int, rounds: int, seed: int) -> None:
    """Every coach plays exactly once a round (or has his squad's Bye), always against a coach of the squad
    his squad is paired with; squads never meet again while a pairing without a rematch exists."""
    names = [f"S{i}" for i in range(squads)]
    members = {s: [f"{s}c{j}" for j in range(size)] for s in names}
    shuffler = random.Random(seed)
    met: set[frozenset[str]] = set()
    had_bye: set[str] = set()
    for number in range(1, rounds + 1):
        order = names[:]
        if number > 1:
            shuffler.shuffle(order)  # any squad ranking
        inner = {s: shuffler.sample(m, len(m)) for s, m in members.items()}  # any individual ranking
        result = team_round(number, order, inner, SeededDice(seed + number), met=met, had_bye=had_bye)
        seen: list[str] = []
        for match in result.matches:
            for a, b in match.games:
                assert a in members[match.first] and b in members[match.second]
                seen += [a, b]
            if number > 1:
                assert [a for a, _ in match.games] == inner[match.first]
                assert [b for _, b in match.games] == inner[match.second]
        if result.bye is not None:
            seen += members[result.bye]
            assert result.bye not in had_bye or had_bye >= set(names)
            had_bye.add(result.bye)
        assert sorted(seen) == sorted(c for m in members.values() for c in m)
        paired = [s for s in order if s != result.bye]
        if result.rematches and number > 1:
            assert not _perfect_matching_without(paired, met)
        else:
            assert all(frozenset((m.first, m.second)) not in met for m in result.matches)
        met |= {frozenset((m.first, m.second)) for m in result.matches}
