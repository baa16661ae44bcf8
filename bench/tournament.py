"""Tournament figures (seed 000): pairing one round of a big Swiss event, ranking it, and the bot's whole
step of pairing it.

    .venv/bin/python -m bench.tournament [--coaches 300] [--rounds 6] [--no-service]

Plays `rounds` rounds of a `coaches`-coach event with random results (pure rules, no database), then times:
- pairing the next round (bot/rules/tournament/swiss.next_round from the current rankings and every pair
  that met; the rankings are worked out before the clock starts);
- the rankings of the whole event (bot/rules/tournament/tournament_scoring.rank over every game and Bye).
Each is the median of several runs, in milliseconds.

Then (unless --no-service) the service step on a real SQLite database: the same size of event is built
through the services as the simulator builds one (every coach registers a roster, the organiser approves
it and starts the event, every game is reported and confirmed; the last confirmation of a round pairs the
next), all but one game of the last round confirmed; then the organiser pairs the next round
(tournament_play.pair_next_round: the event read, paired, its round, fixtures and tables written, the
pairings announced in the outbox, one transaction), and the announcement is split into the messages the
outbox posts. Building takes a while (about five minutes for 1,500 coaches here); only the step is timed.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from bot.catalog import load_catalog
from bot.catalog.models import TournamentScoring
from bot.rules.dice import SeededDice
from bot.rules.tournament.swiss import OddPlayer, SwissRound, first_round, next_round
from bot.rules.tournament.tournament_scoring import DEFAULT_TIEBREAKERS, TournamentGame, rank
from bot.services.match import results
from bot.services.match.results import SideInput
from bot.services.runtime import Actor, Runtime
from bot.services.tournament import tournament_play, tournaments
from bot.simulation.coaches import simulated_runtime
from bot.simulation.tournament import GUILD, ORGANISER, EventShape, TournamentTally, _enter, _events, _numbers
from bot.store import announcements
from bot.ui.limits import Message, messages, pack_embeds


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
    ranking = standings(event, scoring)
    pairing = median_ms(
        lambda: next_round(ranking, event.met, odd_player=OddPlayer.BYE, had_odd=event.had_bye), repeats
    )
    ranking_ms = median_ms(lambda: standings(event, scoring), repeats)
    return pairing, ranking_ms, len(event.games)


@dataclass(frozen=True)
class Step:
    """The service step: seconds to build the event, to pair the next round through the services, and to
    split its announcement into messages; the games played before, the tables and messages posted."""

    build_seconds: float
    pair_seconds: float
    post_seconds: float
    games: int
    tables: int
    posted: list[Message]


async def _play(
    rt: Runtime, rng: random.Random, number: int, numbers: dict[int, list[int]], last: bool
) -> int:
    """Report and confirm every game of round `number` at random (the last one left unconfirmed when
    `last`, so the next round waits for the organiser); returns the games confirmed."""
    pairings = await tournament_play.round_pairings(rt, GUILD, None, number)
    games = [t.fixture for t in pairings.tables if t.fixture is not None and t.away is not None]
    for index, fx in enumerate(games):
        sides = []
        for team_id in (fx.home_team_id, fx.away_team_id):
            if team_id not in numbers:
                numbers[team_id] = await _numbers(rt, fx.id, team_id)
            score, cas = rng.choice((0, 1, 1, 2, 2, 3)), rng.choice((0, 1, 2, 3))
            sides.append(SideInput(score, cas, _events(rng, numbers[team_id], score, cas, 0)))
        await results.report_result(
            rt, Actor(GUILD, fx.home_coach_id, GUILD), f"f:{fx.id}", sides[0], sides[1]
        )
        if last and index == len(games) - 1:
            return index
        await results.confirm_result(rt, Actor(GUILD, fx.away_coach_id, GUILD), fx.id, 1)
    return len(games)


async def service_step(coaches: int, rounds: int, seed: int = 7, db_path: Path | None = None) -> Step:
    """Build the event through the services, then time the organiser's pairing of round `rounds` + 1 and
    the split of its announcement (see the module's docstring)."""
    started = time.perf_counter()
    async with simulated_runtime(db_path, seed, None, "bench-tournament") as simulated:
        rt = simulated.rt
        rng = random.Random(seed)
        shape = EventShape(coaches, rounds + 1, seed, odd="bye")
        name, settings = shape.created()
        created = await tournaments.create_tournament(rt, ORGANISER, name, GUILD, settings)
        await _enter(rt, rng, shape, created.rulespack, TournamentTally(coaches=coaches))
        await tournament_play.start_event(rt, ORGANISER, None)
        numbers: dict[int, list[int]] = {}
        games = 0
        for number in range(1, rounds + 1):
            games += await _play(rt, rng, number, numbers, last=number == rounds)
        built = time.perf_counter()
        pairings = await tournament_play.pair_next_round(rt, ORGANISER, None)
        paired = time.perf_counter()
        item = (await rt.db.read(announcements.unsent, 1000))[-1]
        read = time.perf_counter()
        content = " ".join(f"<@{user_id}>" for user_id in dict.fromkeys(item.mentions)) or None
        posted = messages(content, pack_embeds(item.title, description=item.lines))  # as the outbox posts
        done = time.perf_counter()
    return Step(built - started, paired - built, done - read, games, len(pairings.tables), posted)


def main() -> None:
    parser = argparse.ArgumentParser(
        description="Time Swiss pairing and tournament rankings (pure rules), then the service step of "
        "pairing the next round of the same size of event on a real SQLite database."
    )
    parser.add_argument("--coaches", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=6, help="rounds played before the figures")
    parser.add_argument(
        "--no-service", action="store_true", help="skip the service step (building its event takes a while)"
    )
    args = parser.parse_args()
    pairing, ranking, games = figures(args.coaches, args.rounds)
    print(f"tournament of {args.coaches} coaches after {args.rounds} rounds ({games} games):")
    print(f"  pair round {args.rounds + 1}: {pairing:.1f} ms (median)")
    print(f"  rankings: {ranking:.1f} ms (median)")
    if args.no_service:
        return
    with tempfile.TemporaryDirectory(prefix="bench-tournament-") as folder:
        step = asyncio.run(service_step(args.coaches, args.rounds, db_path=Path(folder) / "event.sqlite3"))
    print(
        f"service step, SQLite ({step.games} games played, built through the services in "
        f"{step.build_seconds:.0f} s):"
    )
    print(
        f"  pair round {args.rounds + 1} (read, pair, write {step.tables} tables, announce): "
        f"{step.pair_seconds:.2f} s"
    )
    print(f"  split the announcement into {len(step.posted)} messages: {step.post_seconds * 1000:.1f} ms")


if __name__ == "__main__":
    main()
