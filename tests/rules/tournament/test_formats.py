"""The planner interface (bot/rules/tournament/formats.py): the rulespack chooses a format, and each format
checks the start, plans a round from the event as played and the dice, ranks the event and allows a swap,
as seed 000 says for a standard event, a team event and a group and knock-out event."""

from __future__ import annotations

import inspect
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.catalog import load_catalog
from bot.errors import RuleViolation
from bot.rules.dice import ScriptedDice, SeededDice
from bot.rules.tournament import format_groups, format_swiss, format_team, format_team_groups
from bot.rules.tournament.event_state import EventState, RoundPlan, SquadEntry
from bot.rules.tournament.formats import FORMATS, Format, check_start, format_of
from bot.rules.tournament.tournament_groups import StagedTable, StageName
from bot.rules.tournament.tournament_scoring import TournamentGame
from bot.rules.tournament.tournament_settings import Rulespack

SCORING = load_catalog().tournament.scoring
SPARE = 99


def state(
    units: Sequence[int],
    *,
    rulespack: Rulespack | None = None,
    spare: int | None = None,
    played: Sequence[tuple[int, int, int, int]] = (),  # round, home, away, and home's score - away's
    squads: Sequence[SquadEntry] = (),
    names: dict[int, str] | None = None,
    waiting: Sequence[int] = (),
) -> EventState:
    """An event as played: every game of `played` confirmed, each a 1-0 (or 0-1, 0-0) win."""
    tables = []
    for number, (rnd, home, away, margin) in enumerate(played, start=1):
        game = TournamentGame(home, away, max(margin, 0), max(-margin, 0))
        winner = home if margin > 0 else away if margin < 0 else None
        tables.append(StagedTable(rnd, number, "swiss", home, away, game, winner, number))
    teams = [*units, *([spare] if spare is not None else []), *waiting]
    return EventState(
        name="Cup",
        rulespack=rulespack or Rulespack(),
        scoring=SCORING,
        units=tuple(units),
        spare=spare,
        approved=frozenset(teams) - set(waiting),
        names=names or {t: f"T{t}" for t in teams},
        coach_of={t: 100 + t for t in teams},
        games=tuple(t.game for t in tables if t.game is not None),
        byes=(),
        votes={},
        tables=tuple(tables),
        squads=tuple(squads),
        waiting=tuple(waiting),
    )


def refusal(check: Callable[[], object]) -> str:
    """The whole message a check refuses with."""
    with pytest.raises(RuleViolation) as refused:
        check()
    return str(refused.value)


def seated(plan: RoundPlan) -> Counter[int]:
    """How many times each team sits at a table of the round (a Bye counts)."""
    teams = [t for table in plan.tables for t in (table.home, table.away) if t is not None]
    return Counter([*teams, *(team for team, _, _ in plan.byes)])


# --- the registry -----


def test_the_rulespack_chooses_the_format() -> None:
    assert format_of(Rulespack()) is format_swiss
    assert format_of(Rulespack(team_size=3)) is format_team
    assert format_of(Rulespack(format="groups")) is format_groups
    assert format_of(Rulespack(format="groups", team_size=4)) is format_team_groups
    assert set(FORMATS.values()) == {format_swiss, format_team, format_groups, format_team_groups}


@pytest.mark.parametrize("module", [format_swiss, format_team, format_groups, format_team_groups])
def test_every_format_answers_every_question(module: Format) -> None:
    """Each module has every function of the interface, with the interface's parameters."""
    for name, member in inspect.getmembers(Format, inspect.isfunction):
        if name.startswith("_"):
            continue
        wanted = list(inspect.signature(member).parameters)[1:]  # without self
        assert list(inspect.signature(getattr(module, name)).parameters) == wanted, name


def test_a_group_event_has_a_bracket_and_each_format_words_itself() -> None:
    """Seed 000: "teams should be divided into groups of four then the first three games of the event are
    played as a round robin format"; then the knock-out, the others playing Best of the Rest."""
    groups = Rulespack(format="groups", qualifiers=16)
    assert [module.has_bracket() for module in (format_swiss, format_team)] == [False, False]
    assert [module.has_bracket() for module in (format_groups, format_team_groups)] == [True, True]
    assert format_of(Rulespack(team_size=3)).describe(Rulespack(team_size=3)) == "Swiss rounds"
    assert format_of(groups).describe(groups) == (
        "groups of four (a round robin of three games), then a knock-out of 16 for every place; the others "
        "play Best of the Rest"
    )
    assert format_team_groups.describe(groups) == format_groups.describe(groups)


# --- a standard event -----


def test_round_one_is_drawn_and_the_odd_coach_plays_the_spare_player() -> None:
    """Seed 000: "For the first round, coaches are paired together randomly ... If there is an odd number of
    coaches then one coach will be randomly paired with the Spare Player or given a Bye." """
    plan = format_swiss.plan_round(state([1, 2, 3, 4, 5], spare=SPARE), 1, ScriptedDice([5, 1, 3, 2]))
    assert [(t.home, t.away) for t in plan.tables] == [(4, 2), (3, 1), (5, None)]
    assert [(d.sides, d.face) for d in plan.draws] == [(5, 5), (4, 1), (3, 3), (2, 2)]
    assert plan.byes == () and plan.rematches == ()


def test_later_rounds_pair_the_rankings_and_the_spare_player_takes_the_bottom() -> None:
    """Seed 000: the Spare Player "will always play the coach who is at the bottom of the rankings for each
    round. If a coach who has already played the Spare Player is drawn against them again, then the next
    lowest coach who has not already played against the Spare Player will play them instead." """
    played = [(1, 1, 2, 1), (1, 3, 4, 1), (1, 5, SPARE, -1)]  # 1 and 3 win; 5 lost to the Spare Player
    plan = format_swiss.plan_round(state([1, 2, 3, 4, 5], spare=SPARE, played=played), 2, SeededDice(1))
    # rankings: 1, 3 (2 TP each, registration), then 2, 4, 5 (0 TP); 5 has played the Spare Player
    assert [(t.home, t.away) for t in plan.tables] == [(1, 3), (2, 5), (4, None)]
    assert plan.draws == ()


def test_byes_instead_of_a_spare_player() -> None:
    """Seed 000: "the coach that would normally be paired with the Spare Player ... will instead receive a
    Bye." """
    byes = Rulespack(odd_player="bye")
    plan = format_swiss.plan_round(state([1, 2, 3], rulespack=byes), 2, SeededDice(1))
    assert [(t.home, t.away) for t in plan.tables] == [(1, 2)] and plan.byes == ((3, "swiss", None),)


def test_the_start_is_refused_as_the_format_says() -> None:
    with pytest.raises(RuleViolation, match="needs at least 2 approved coaches"):
        format_swiss.check_start(state([1]), {})
    with pytest.raises(RuleViolation, match="has 3 coaches, an odd number: mark a Spare Player's team"):
        format_swiss.check_start(state([1, 2, 3]), {})
    format_swiss.check_start(state([1, 2, 3], spare=SPARE), {})
    with pytest.raises(
        RuleViolation, match="has 6 coaches: a group and knock-out event needs a multiple of 4"
    ):
        groups = Rulespack(format="groups", qualifiers=4)
        format_groups.check_start(state(range(1, 7), rulespack=groups), {})


@pytest.mark.parametrize(
    "rulespack",
    [
        Rulespack(),
        Rulespack(team_size=3),
        Rulespack(format="groups"),
        Rulespack(format="groups", team_size=3),
    ],
)
def test_every_event_waits_for_every_entry_then_for_rosters_within_the_rulespack(
    rulespack: Rulespack,
) -> None:
    """Before its format's refusals, every event refuses an entry still waiting for the organiser, then the
    rosters breaking the rulespack (all named), whatever else is wrong; then the format's own."""
    broken = ["T1: no star player", "T2: over budget"]
    assert refusal(lambda: check_start(state([1], rulespack=rulespack, waiting=[7, 8]), broken, {})) == (
        "Approve or reject every entry before the start; still waiting: T7, T8."
    )
    assert refusal(lambda: check_start(state([1], rulespack=rulespack), broken, {})) == (
        "These rosters break the rulespack; fix them (or change it) before the start:\n"
        "• T1: no star player\n• T2: over budget"
    )
    assert refusal(lambda: check_start(state([1], rulespack=rulespack), [], {})) == refusal(
        lambda: format_of(rulespack).check_start(state([1], rulespack=rulespack), {})
    )


# --- a team event -----

DAN, JAY, ROB, XAVIER, GAVIN, KEITH, LOUISE, NICOLAS = range(1, 9)
SQUADS = (
    SquadEntry(10, "Team A", tuple(100 + c for c in (DAN, JAY, ROB, XAVIER))),
    SquadEntry(20, "Team B", tuple(100 + c for c in (GAVIN, KEITH, LOUISE, NICOLAS))),
)


def test_team_rounds_pair_each_squads_coaches_by_individual_ranking() -> None:
    """Seed 000, Team Event Pairings: "Jay would play Nicolas as they are the highest ranked coach in each
    team. Dan would then play Keith, Xavier would play Gavin, and Rob would then play Louise." """
    played = [(1, JAY, LOUISE, 2), (1, ROB, NICOLAS, -2), (1, DAN, GAVIN, 1), (1, XAVIER, KEITH, -1)]
    event = state(range(1, 9), rulespack=Rulespack(team_size=4), played=played, squads=SQUADS)
    plan = format_team.plan_round(event, 2, SeededDice(1))
    assert [(t.home, t.away) for t in plan.tables] == [
        (JAY, NICOLAS),
        (DAN, KEITH),
        (XAVIER, GAVIN),
        (ROB, LOUISE),
    ]
    assert {t.label for t in plan.tables} == {"Team A v Team B"}
    assert plan.notes == ("Team A and Team B meet again: no other pairing was possible.",)
    ranked = format_team.squad_ranking(event)  # two games won each: level, then registration
    assert [(r.squad, r.team_points, r.won, r.decided_by) for r in ranked] == [
        (10, 1, 2, None),
        (20, 1, 2, "registration order"),
    ]


def test_only_coaches_of_one_squad_trade_tables_and_squads_must_be_full() -> None:
    played = [(1, JAY, LOUISE, 0), (1, ROB, NICOLAS, 0), (1, DAN, GAVIN, 0), (1, XAVIER, KEITH, 0)]
    event = state(range(1, 9), rulespack=Rulespack(team_size=4), squads=SQUADS, played=played)
    format_team.check_swap(event, JAY, DAN)
    with pytest.raises(RuleViolation, match="play for different squads"):
        format_team.check_swap(event, JAY, NICOLAS)
    format_swiss.check_swap(event, JAY, NICOLAS)
    short = state(range(1, 8), rulespack=Rulespack(team_size=4), squads=SQUADS)
    with pytest.raises(
        RuleViolation, match=r"Team B has 3 approved rosters; a squad plays with 4\. Two stars\."
    ):
        format_team.check_start(short, {20: ["Two stars."]})


def test_a_swap_needs_two_tables_of_the_current_round_that_may_change() -> None:
    """Two coaches trade tables only in the round being played, at two different tables, outside the
    stages whose games follow the draw and the bracket (seed 000's groups and knock-out)."""
    played = [(1, 1, 2, 0), (1, 3, 4, 0), (2, 1, 3, 0), (2, 2, 5, 0)]  # 4 and 6 sit out round 2
    event = state(range(1, 7), played=played)
    format_swiss.check_swap(event, 1, 2)
    assert refusal(lambda: format_swiss.check_swap(event, 1, 4)) == "T4 has no table in round 2."
    assert refusal(lambda: format_swiss.check_swap(event, 1, 3)) == (
        "T1 and T3 already play each other at table 3."
    )
    grouped = in_stage(event, "group")
    assert refusal(lambda: format_groups.check_swap(grouped, 2, 1)) == (
        "T2 plays in a group or the knock-out, whose games follow the draw and the bracket: only Swiss and "
        "Best of the Rest tables can be swapped."
    )
    format_groups.check_swap(in_stage(event, "rest"), 2, 1)  # Best of the Rest pairs as a Swiss round does


def in_stage(event: EventState, stage: StageName) -> EventState:
    """The event with its last round's tables in another stage."""
    return replace(event, tables=tuple(replace(t, stage=stage) if t.round == 2 else t for t in event.tables))


# --- a group and knock-out event -----


def test_round_one_draws_groups_of_four() -> None:
    """Seed 000: "teams should be divided into groups of four then the first three games of the event are
    played as a round robin format with each team playing each other team in their group once." """
    event = state(range(1, 9), rulespack=Rulespack(format="groups", qualifiers=4))
    plan = format_groups.plan_round(event, 1, SeededDice(3))
    assert seated(plan) == Counter(range(1, 9))
    assert [t.label for t in plan.tables] == ["Group A", "Group A", "Group B", "Group B"]
    assert {t.stage for t in plan.tables} == {"group"} and len(plan.draws) == 7
    assert [note.split(":")[0] for note in plan.notes] == ["Group A", "Group B"]


def test_the_knockout_waits_for_every_group_game() -> None:
    event = state(range(1, 9), rulespack=Rulespack(format="groups", qualifiers=4))
    with pytest.raises(RuleViolation, match="every group game must be confirmed before the knock-out"):
        format_groups.plan_round(event, 4, SeededDice(3))
    with pytest.raises(RuleViolation, match="is a Swiss event"):
        format_swiss.bracket(event)


# --- properties -----


@settings(max_examples=60, deadline=None)
@given(st.integers(min_value=2, max_value=14), st.sampled_from(["spare", "bye"]), st.integers(0, 10_000))
def test_every_coach_plays_once_a_round_and_round_two_avoids_rematches(
    count: int, odd: str, seed: int
) -> None:
    rulespack = Rulespack(odd_player=odd, rounds=3)
    units = list(range(1, count + 1))
    spare = SPARE if odd == "spare" and count % 2 else None
    first = format_swiss.plan_round(state(units, rulespack=rulespack, spare=spare), 1, SeededDice(seed))
    assert seated(first) == Counter(units)
    assert sum(t.away is None for t in first.tables) == (spare is not None)
    played = [
        (1, t.home, t.away if t.away is not None else SPARE, (t.home + seed) % 3 - 1) for t in first.tables
    ]
    second = format_swiss.plan_round(
        state(units, rulespack=rulespack, spare=spare, played=played), 2, SeededDice(seed)
    )
    assert seated(second) == Counter(units)
    met = {frozenset((t.home, t.away)) for t in first.tables}
    assert (len(units) < 4) or not any(frozenset((t.home, t.away)) in met for t in second.tables)
