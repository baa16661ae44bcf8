"""Tournament figures (seed 000): pairing one round of a big Swiss event, and ranking it.

    .venv/bin/python -m bench.tournament [--coaches 300] [--rounds 6]

Plays `rounds` rounds of a `coaches`-coach event with random results (pure rules, no database), then times:
- pairing the next round (bot/rules/tournament/swiss.next_round from the current rankings and every pair
  that met);
- the rankings of the whole event (bot/rules/tournament/tournament_scoring.rank over every game and Bye).
Each is the median of several runs, in milliseconds.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass

from bot.catalog import load_catalog
from bot.catalog.models import TournamentScoring
from bot.rules.dice import SeededDice
from bot.rules.tournament.swiss import OddPlayer, SwissRound, first_round, next_round
from bot.rules.tournament.tournament_scoring import DEFAULT_TIEBREAKERS, TournamentGame, rank


@dataclass(frozen=True)
class Event:
    coaches: list[int]
    games: list[TournamentGame[int]]
    byes: list[int]
    met: set[frozenset[int]]
    had_bye: set[int]


def _result(rng: random.Random, first: int, second: int) -> TournamentGame[int]:
    conceded = rng.random() < 0.02
    return TournamentGame(
        first=first,
        second=second,
        first_score=rng.randint(0, 4),
        second_score=rng.randint(0, 4),
        first_cas=rng.randint(0, 4),
        second_cas=rng.randint(0, 4),
        conceded_by=rng.choice((first, second)) if conceded else None,
    )


def play_event(coaches: int, rounds: int, seed: int, scoring: TournamentScoring) -> Event:
    """`rounds` rounds of random results, each paired as the bot pairs them (a Bye for an odd coach out)."""
    rng = random.Random(seed)
    event = Event(list(range(1, coaches + 1)), [], [], set(), set())
    for number in range(1, rounds + 1):
        paired = pair(event, scoring, seed=seed + number, first=number == 1)
        for table in paired.tables:
            if table.second is None:
                continue
            event.games.append(_result(rng, table.first, table.second))
            event.met.add(frozenset((table.first, table.second)))
        if paired.bye is not None:
            event.byes.append(paired.bye)
            event.had_bye.add(paired.bye)
    return event


def standings(event: Event, scoring: TournamentScoring) -> list[int]:
    rows = rank(scoring, event.coaches, event.games, event.byes, DEFAULT_TIEBREAKERS)
    return [row.coach for row in rows]


def pair(event: Event, scoring: TournamentScoring, *, seed: int, first: bool = False) -> SwissRound[int]:
    if first:
        return first_round(event.coaches, SeededDice(seed), OddPlayer.BYE)
    return next_round(standings(event, scoring), event.met, odd_player=OddPlayer.BYE, had_odd=event.had_bye)


def median_ms(call: Callable[[], object], repeats: int) -> float:
    samples = []
    for _ in range(repeats):
        started = time.perf_counter()
        call()
        samples.append(time.perf_counter() - started)
    return statistics.median(samples) * 1000


def figures(coaches: int, rounds: int, repeats: int = 5, seed: int = 7) -> tuple[float, float, int]:
    """(ms to pair the next round, ms to rank the event, games played before)."""
    scoring = load_catalog().tournament.scoring
    event = play_event(coaches, rounds, seed, scoring)
    pairing = median_ms(lambda: pair(event, scoring, seed=seed), repeats)
    ranking = median_ms(lambda: standings(event, scoring), repeats)
    return pairing, ranking, len(event.games)


def main() -> None:
    parser = argparse.ArgumentParser(description="Time Swiss pairing and tournament rankings.")
    parser.add_argument("--coaches", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=6, help="rounds played before the figures")
    args = parser.parse_args()
    pairing, ranking, games = figures(args.coaches, args.rounds)
    print(f"tournament of {args.coaches} coaches after {args.rounds} rounds ({games} games):")
    print(f"  pair round {args.rounds + 1}: {pairing:.1f} ms (median)")
    print(f"  rankings: {ranking:.1f} ms (median)")


if __name__ == "__main__":
    main()
