"""Rankings follow games played (issue 29, section 2): "/tournament standings is titled 'after round 2' as
soon as round 2 is paired; a Bye counts in the rankings before its round is played."

Seed 000, Bye: "A Bye counts as winning the game 2-0, with neither side inflicting any casualties upon the
other. This will award 2 Tournament Points and 1 Bonus Point for the purpose of Tiebreakers." It counts once
every game of its round is confirmed; who already had a Bye (for pairing the next rounds) counts every Bye
given, played round or not.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.catalog import load_catalog
from bot.rules.dice import SeededDice
from bot.rules.tournament import format_swiss, format_team
from bot.rules.tournament.event_state import EventState, RoundsProgress, SquadEntry, met_and_odd
from bot.rules.tournament.swiss import OddPlayer
from bot.rules.tournament.tournament_groups import StagedTable, complete_rounds, counted_byes, game_ranker
from bot.rules.tournament.tournament_scoring import TournamentGame
from bot.rules.tournament.tournament_settings import Rulespack

SCORING = load_catalog().tournament.scoring
BYES = Rulespack(odd_player=OddPlayer.BYE, rounds=3)


def table(rnd: int, number: int, first: int, second: int | None, score: tuple[int, int] | None = None):
    """A table of round `rnd`; `score` set: its game is confirmed."""
    if second is None or score is None:
        return StagedTable(rnd, number, "swiss", first, second)
    game = TournamentGame(first, second, *score)
    winner = first if score[0] > score[1] else second if score[1] > score[0] else None
    return StagedTable(rnd, number, "swiss", first, second, game, winner, number)


def state(
    tables: Sequence[StagedTable[int]],
    units: Sequence[int] = (1, 2, 3),
    rulespack: Rulespack = BYES,
    squads: Sequence[SquadEntry] = (),
    finished: bool = False,
) -> EventState:
    return EventState(
        name="Cup",
        rulespack=rulespack,
        scoring=SCORING,
        units=tuple(units),
        spare=None,
        approved=frozenset(units),
        names={u: f"T{u}" for u in units},
        coach_of={u: 100 + u for u in units},
        games=tuple(t.game for t in tables if t.game is not None),
        byes=tuple(t.first for t in tables if t.second is None),
        votes={},
        tables=tuple(tables),
        squads=tuple(squads),
        finished=finished,
    )


def points(event: EventState) -> dict[int, tuple[int, int]]:
    """Each team's (Tournament Points, games played) in the rankings."""
    return {row.coach: (row.tournament_points, row.played) for row in format_swiss.ranking(event)}


def test_a_bye_counts_once_every_game_of_its_round_is_confirmed() -> None:
    """Seed 000: a Bye "will award 2 Tournament Points and 1 Bonus Point": once its round is played."""
    under_way = state([table(1, 1, 1, 2), table(1, 2, 3, None)])
    assert under_way.ranked_byes == () and under_way.byes == (3,)
    assert points(under_way) == {1: (0, 0), 2: (0, 0), 3: (0, 0)}
    assert under_way.progress.title == "round 1 under way"

    played = state([table(1, 1, 1, 2, (1, 0)), table(1, 2, 3, None)])
    assert played.ranked_byes == (3,)
    assert points(played) == {1: (2, 1), 3: (2, 1), 2: (0, 1)}
    assert played.progress.title == "after round 1"


def test_a_bye_of_the_round_paired_next_waits_while_pairing_still_knows_who_had_one() -> None:
    """Round 2 paired: the rankings stay 'after round 1'; round 2's Bye is not counted yet, but the next
    pairing already knows its coach has had a Bye."""
    tables = [table(1, 1, 1, 2, (1, 0)), table(1, 2, 3, None), table(2, 1, 1, 3), table(2, 2, 2, None)]
    event = state(tables)
    assert event.progress == RoundsProgress(paired=2, played=1)
    assert event.progress.title == "after round 1, round 2 under way"
    assert event.ranked_byes == (3,)
    assert points(event)[2] == (0, 1)  # its round-2 Bye waits for 1 v 3
    assert met_and_odd(event.tables, None)[1] == {2, 3}  # both Byes, played or not


def test_the_swiss_bye_goes_to_a_coach_who_has_not_had_one() -> None:
    """Seed 000: the Bye goes "to the lowest-ranked coach" who has had none: round 1's Bye is remembered."""
    event = state([table(1, 1, 1, 2, (0, 1)), table(1, 2, 3, None)])
    plan = format_swiss.plan_round(event, 2, SeededDice(1))
    assert [bye for bye, _, _ in plan.byes] == [1]  # 3 had round 1's, 1 is last of the other two


def test_an_early_paired_round_complete_before_the_one_before_it() -> None:
    """Round 2 complete while round 1 still has a game open: its Bye counts, the title stays before round
    1's end."""
    tables = [
        table(1, 1, 1, 2),
        table(1, 2, 3, 4, (2, 0)),
        table(1, 3, 5, None),
        table(2, 1, 3, 5, (1, 1)),
        table(2, 2, 1, None),
        table(2, 3, 2, 4, (0, 0)),
    ]
    event = state(tables, units=(1, 2, 3, 4, 5))
    assert complete_rounds(event.tables) == {2}
    assert event.ranked_byes == (1,)
    assert event.progress == RoundsProgress(2, 0)
    assert event.progress.title == "rounds 1-2 under way"


def test_a_finished_event_counts_every_bye() -> None:
    """The organiser finished the event with a game unconfirmed (not counted): the round is over."""
    event = state([table(1, 1, 1, 2), table(1, 2, 3, None)], finished=True)
    assert event.ranked_byes == (3,)
    assert points(event)[3] == (2, 1)


def test_titles() -> None:
    assert RoundsProgress(0, 0).of(3) == "not started yet"
    assert RoundsProgress(1, 0).of(3) == "round 1 of 3 under way"
    assert RoundsProgress(2, 1).of(3) == "after round 1 of 3, round 2 under way"
    assert RoundsProgress(3, 1).title == "after round 1, rounds 2-3 under way"
    assert RoundsProgress(3, 3).of(3) == "after round 3 of 3"


def test_a_group_events_ranker_counts_the_byes_of_complete_rounds() -> None:
    """Best of the Rest's Bye counts once the other games of its round are confirmed."""
    rank = game_ranker(SCORING)
    open_round = [table(4, 1, 1, 2), table(4, 2, 3, None)]
    assert counted_byes(open_round) == []
    assert {r.coach: r.tournament_points for r in rank([1, 2, 3], open_round)}[3] == 0
    played = [table(4, 1, 1, 2, (1, 1)), table(4, 2, 3, None)]
    assert {r.coach: r.tournament_points for r in rank([1, 2, 3], played)}[3] == 2


def test_a_squads_bye_counts_in_the_squad_ranking_once_its_round_is_played() -> None:
    """Team events: a squad's Bye is a round win for the squad and a Bye for each of its coaches
    (seed 000, Team Events), counted once the round's games are confirmed; the squad that had it still does
    not get another."""
    rulespack = Rulespack(odd_player=OddPlayer.BYE, team_size=3, rounds=3)
    units = tuple(range(1, 10))
    squads = (SquadEntry(10, "A", (101, 102, 103)), SquadEntry(20, "B", (104, 105, 106)))
    squads += (SquadEntry(30, "C", (107, 108, 109)),)
    tables = [table(1, 1, 1, 4), table(1, 2, 2, 5), table(1, 3, 3, 6)]
    tables += [table(1, 4, 7, None), table(1, 5, 8, None), table(1, 6, 9, None)]
    event = state(tables, units=units, rulespack=rulespack, squads=squads)
    squads_played = format_team.squads_played(event)
    assert squads_played.squad_byes == () and squads_played.had_bye == {30}
    assert {row.squad: row.tournament_points for row in format_team.squad_ranking(event)}[30] == 0
    done = [table(1, n, a, b, (1, 0)) for n, a, b in ((1, 1, 4), (2, 2, 5), (3, 3, 6))] + tables[3:]
    event = state(done, units=units, rulespack=rulespack, squads=squads)
    ranked = {row.squad: row for row in format_team.squad_ranking(event)}
    assert ranked[30].tournament_points == ranked[10].tournament_points > 0 == ranked[20].tournament_points
