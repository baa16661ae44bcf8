"""Whole seasons without Discord, through the same services the cogs call.

Each league lives in its own server (guild), so guild scoping is exercised too. The bot's dice are seeded,
the clock is a FakeClock moved past each round's deadline, and the coaches' choices come from a seeded
random source: the same seed gives the same run and the same output.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path
from typing import Literal

from bot.catalog import Catalog
from bot.clock import FakeClock
from bot.errors import RuleViolation
from bot.services.league import seasons
from bot.services.match import deadlines, results
from bot.services.runtime import Actor, Runtime
from bot.simulation.choices import match_report
from bot.simulation.coaches import (
    Tally,
    able_numbers,
    coach_of,
    draft_league,
    finish_open_postgames,
    play_postgame,
    simulated_runtime,
)
from bot.simulation.invariants import check_invariants
from bot.simulation.names import Names
from bot.simulation.season_end import off_season, play_playoffs
from bot.store.connection import Connection

LATE_POSTGAME = 0.05  # how often a coach leaves his post-game open until after the next deadline


@dataclass(frozen=True)
class SimulationResult:
    output: str
    tally: Tally
    problems: list[str]


async def _play_round(
    rt: Runtime, rng: random.Random, guild_id: int, round_number: int, tally: Tally
) -> None:
    listing = await seasons.list_fixtures(rt, coach_of(guild_id, 0), None, "round", round_number=round_number)
    for fx in listing.fixtures:
        tally.fixtures += 1
        home, away = Actor(guild_id, fx.home_coach_id, guild_id), Actor(guild_id, fx.away_coach_id, guild_id)
        luck = rng.random()
        if luck < 0.04:
            tally.forfeits += 1  # nobody plays it: a double forfeit at the deadline
            continue
        if luck < 0.07:
            await deadlines.concede_fixture(rt, rng.choice((home, away)), f"f:{fx.id}")
            tally.conceded_ahead += 1
            continue
        home_side, away_side = match_report(
            rng, await able_numbers(rt, rng, home, fx.id), await able_numbers(rt, rng, away, fx.id)
        )
        conceded: Literal["theirs"] | None = "theirs" if luck > 0.98 else None
        if conceded:
            tally.conceded_in_game += 1
        try:
            await results.report_result(rt, home, f"f:{fx.id}", home_side, away_side, conceded)
        except RuleViolation:  # a team still has last round's post-game open: settled (held) at the deadline
            tally.held += 1
            continue
        await results.confirm_result(rt, away, fx.id, 1)
        tally.played += 1
        await play_postgame(rt, rng, home, fx.id, tally)
        if rng.random() < LATE_POSTGAME:
            tally.late.add(fx.id)  # the away coach finishes only after the next round's deadline
            tally.late_postgames += 1
            continue
        await play_postgame(rt, rng, away, fx.id, tally)


async def _pass_deadlines(rt: Runtime, clock: FakeClock, until: datetime) -> None:
    clock.set(until)
    for due in await deadlines.schedule(rt):
        if due.at <= until:
            await deadlines.run_due(rt, due)


def _standings_text(rt_tables: seasons.Standings) -> str:
    lines = [f"{rt_tables.league.name}, season {rt_tables.season.number}"]
    for table in rt_tables.tables:
        lines.append(f"{table.division.name}")
        lines.append(f"{'#':>2}  {'Team':<28} P  W  D  L  Pts  TD±  Cas")
        for row in table.rows:
            lines.append(
                f"{row.position:>2}  {table.names[row.team_id][:28]:<28} {row.played:<2} {row.won:<2} "
                f"{row.drawn:<2} {row.lost:<2} {row.points:>3}  {row.td_diff:>+3}  {row.cas_for:>3}"
                + (f"  ({row.decided_by})" if row.decided_by else "")
            )
    return "\n".join(lines)


async def _regular_season(
    rt: Runtime, rng: random.Random, clock: FakeClock, guilds: list[int], tally: Tally
) -> None:
    """Every round in every league, each round's deadline passing before the next (forfeits settle)."""
    deadlines_by_round: dict[int, dict[int, datetime]] = {}  # round -> guild -> deadline
    for guild_id in guilds:  # leagues may differ in size (coaches come and go), so in rounds
        overview = await seasons.list_fixtures(rt, coach_of(guild_id, 0), None, "all")
        for rnd in overview.rounds:
            deadlines_by_round.setdefault(rnd.number, {})[guild_id] = rnd.deadline_at
    for number, deadline_of in sorted(deadlines_by_round.items()):
        late = set(tally.late)  # left open last round: finished once this round's deadline has passed
        for guild_id in deadline_of:
            await _play_round(rt, rng, guild_id, number, tally)
        await _pass_deadlines(rt, clock, max(deadline_of.values()) + timedelta(minutes=1))
        tally.late -= late
        for guild_id in guilds:
            await finish_open_postgames(rt, rng, guild_id, tally)
        # Settlements held for those post-games go ahead now (the outbox would re-arm the watch).
        await _pass_deadlines(rt, clock, clock.now())
        for guild_id in guilds:
            await finish_open_postgames(rt, rng, guild_id, tally)
    tally.late.clear()  # the last round's slow coaches finish before the play-offs
    for guild_id in guilds:
        await finish_open_postgames(rt, rng, guild_id, tally)


async def simulate(
    leagues_count: int,
    team_count: int,
    seed: int,
    db_path: Path | str | None = None,
    catalog: Catalog | None = None,
    seasons_count: int = 1,
    ruleset: str = "bb2025",
) -> SimulationResult:
    """Play `seasons_count` seasons (regular season, play-offs, prizes, off-season re-drafts) in each of
    `leagues_count` leagues, then check every invariant over the whole database."""
    async with simulated_runtime(db_path, seed, catalog, "simulation") as simulated:
        rt, dice = simulated.rt, simulated.dice
        clock = simulated.clock
        rng = random.Random(f"simulation-{seed}")
        tally = Tally(ruleset=ruleset, names=Names(f"league-{seed}"))
        guilds = [1000 + index for index in range(leagues_count)]
        for guild_id in guilds:
            await draft_league(rt, rng, guild_id, team_count, tally)
        for number in range(1, seasons_count + 1):
            tally.seasons = number
            await _regular_season(rt, rng, clock, guilds, tally)
            for guild_id in guilds:
                await play_playoffs(rt, rng, clock, guild_id, tally)
            if number < seasons_count:
                clock.advance(timedelta(days=14))  # the off-season break
                for guild_id in guilds:
                    await off_season(rt, rng, guild_id, team_count, tally)
        standings = await seasons.standings(rt, guilds[0], None)
        problems = await rt.db.read(check_invariants, dice.rolls)
        summary = [
            f"{tally.leagues} leagues x {tally.seasons} seasons, {tally.teams} teams, "
            f"{tally.fixtures} league fixtures: {tally.played} played ({tally.conceded_in_game} conceded in "
            f"the game), {tally.conceded_ahead} conceded ahead of the deadline, "
            f"{tally.forfeits} double forfeits; {tally.late_postgames} post-games finished late, "
            f"{tally.held} fixtures waiting for one",
            f"{tally.playoff_games} play-off games ({tally.shootouts} penalty shoot-outs); champions of the "
            f"first league: {'; '.join(tally.champions.get(guilds[0], [])) or 'none'}",
            f"{tally.advancements} advancements, {tally.hires} players hired, "
            f"{tally.journeymen_kept} journeymen kept, {tally.hatreds} grudges (Hatred from Getting Even)",
            f"off-season: {tally.redrafts} teams re-drafted ({tally.rehired} players re-hired), "
            f"{tally.retired_teams} retired, {tally.new_teams} new teams",
            f"star contracts: {tally.stars_signed} signings, {tally.signing_timeouts} picks timed out",
            f"ruleset {tally.ruleset}: {tally.winnings_rerolls} winnings re-rolled by the winner",
            await rt.db.read(_totals),
            f"{dice.rolls} dice rolled by the bot, every one in the dice log"
            if not problems
            else f"{dice.rolls} dice rolled by the bot",
            "Invariants: all hold." if not problems else "Invariants BROKEN:\n" + "\n".join(problems),
        ]
        return SimulationResult(_standings_text(standings) + "\n\n" + "\n".join(summary), tally, problems)


def _totals(conn: Connection) -> str:
    gold = conn.execute("SELECT COALESCE(SUM(amount), 0) FROM treasury_changes WHERE cause LIKE 'winnings%'")
    spp = conn.execute("SELECT COALESCE(SUM(spp_delta), 0) FROM player_changes WHERE kind IN ('spp', 'mvp')")
    dead = conn.execute("SELECT COUNT(*) FROM players WHERE status = 'dead'")
    unfinished = conn.execute("SELECT COUNT(*) FROM team_postgames WHERE status = 'open'")
    return (
        f"{gold.fetchone()[0]:,} gp won, {spp.fetchone()[0]:,} SPP earned, {dead.fetchone()[0]} players "
        f"killed, {unfinished.fetchone()[0]} post-games left open"
    )
