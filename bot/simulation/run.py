"""Whole seasons without Discord, through the same services the cogs call.

Each league lives in its own server (guild), so guild scoping is exercised too. The bot's dice are seeded,
the clock is a FakeClock moved past each round's deadline, and the coaches' choices come from a seeded
random source: the same seed gives the same run and the same output.
"""

from __future__ import annotations

import random
import sqlite3
import tempfile
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Literal

from bot.catalog import Catalog, load_catalog
from bot.clock import FakeClock
from bot.errors import DomainError
from bot.rules.advancement import affordable, must_advance
from bot.rules.dice import Dice, SeededDice
from bot.rules.journeymen import journeyman_positions
from bot.services import advancement, deadlines, leagues, postgame, prepare, results, seasons, teams
from bot.services.runtime import Actor, Runtime
from bot.simulation.choices import draft_plan, match_report
from bot.simulation.invariants import check_invariants
from bot.store import Database
from bot.store import traits as trait_store

START = datetime(2026, 1, 5, 18, 0, tzinfo=UTC)
COMMISSIONER = 1


class CountingDice:
    """The bot's dice, counted: every roll must end up in the dice log (an invariant)."""

    def __init__(self, dice: Dice) -> None:
        self._dice = dice
        self.rolls = 0

    def roll(self, sides: int) -> int:
        self.rolls += 1
        return self._dice.roll(sides)


@dataclass
class Tally:
    leagues: int = 0
    teams: int = 0
    fixtures: int = 0
    played: int = 0
    conceded_in_game: int = 0
    conceded_ahead: int = 0
    forfeits: int = 0
    advancements: int = 0
    hires: int = 0
    journeymen_kept: int = 0
    hatreds: int = 0
    lines: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class SimulationResult:
    output: str
    tally: Tally
    problems: list[str]


def _coach(guild_id: int, index: int) -> Actor:
    return Actor(guild_id=guild_id, user_id=guild_id * 100 + index, channel_id=guild_id)


async def draft_league(rt: Runtime, rng: random.Random, guild_id: int, team_count: int, tally: Tally) -> None:
    commissioner = Actor(guild_id=guild_id, user_id=COMMISSIONER, channel_id=guild_id)
    league = await leagues.create_league(rt, commissioner, f"League {guild_id}", guild_id)
    for index in range(team_count):
        coach = _coach(guild_id, index)
        plan = draft_plan(rt.catalog, rng, league.settings.draft_budget)
        name = f"{plan.roster.name} {guild_id}-{index}"
        await teams.create_team(rt, coach, None, name, plan.roster.id, plan.regional_league, plan.alignment)
        for position in plan.hires:
            await teams.hire_players(rt, coach, None, position.id)
        if plan.rerolls:
            await teams.set_staff(rt, coach, None, rerolls=plan.rerolls)
        await teams.submit_team(rt, coach, None)
        await teams.review_team(rt, commissioner, None, name, approve=True)
        tally.teams += 1
    await seasons.start_season(rt, commissioner, None)
    tally.leagues += 1


async def able_numbers(rt: Runtime, rng: random.Random, coach: Actor, fixture_id: int) -> list[int]:
    roster = await teams.my_roster(rt, coach, None)
    options = journeyman_positions(roster) if roster else []
    wanted = rng.choice(options).id if len(options) > 1 else None  # the coach picks the journeymen's position
    prep = await prepare.prepare_match(rt, coach, f"f:{fixture_id}", wanted)
    side = prep.home if prep.fixture.home_coach_id == coach.user_id else prep.away
    return [p.row.number for p in side.able]


async def _spend_spp(rt: Runtime, rng: random.Random, coach: Actor, tally: Tally) -> None:
    sheet = await teams.team_sheet(rt, coach, None)
    for player in sheet.players:
        for _ in range(6):  # a player advances at most six times; stop when he need not and does not want to
            fresh = await teams.team_sheet(rt, coach, None)
            row = next((p for p in fresh.players if p.row.id == player.row.id), None)
            if row is None:
                break

            state = await rt.db.read(advancement.player_state, rt, fresh.team, row.row)
            table = rt.catalog.advancement
            kinds = affordable(state, table)
            if not kinds or not (must_advance(state, table) or rng.random() < 0.5):
                break
            kind = "chosen_primary" if "chosen_primary" in kinds else kinds[0]
            skill = None
            if kind in ("chosen_primary", "chosen_secondary"):
                options = await advancement.skill_choices(
                    rt, coach, None, f"p:{row.row.id}", "primary" if kind == "chosen_primary" else "secondary"
                )
                if not options:
                    kind, skill = "random_primary", None
                else:
                    skill = rng.choice(options)
            category = rng.choice(state.position.primary) if kind == "random_primary" else None
            outcome = await advancement.advance(
                rt, coach, None, f"p:{row.row.id}", kind, category=category, skill=skill
            )
            if outcome.pending is not None:
                if outcome.pending.options:
                    await advancement.choose(
                        rt, coach, outcome.pending.id, rng.randrange(len(outcome.pending.options))
                    )
                else:  # a characteristic nobody can improve: a skill instead
                    options = await advancement.skill_choices(rt, coach, None, f"p:{row.row.id}", "any")
                    await advancement.advance(
                        rt, coach, None, f"p:{row.row.id}", "characteristic", skill=rng.choice(options)
                    )
            tally.advancements += 1


async def _rebuild(rt: Runtime, rng: random.Random, coach: Actor, fixture_id: int, tally: Tally) -> None:
    """The coach's post-game: choices, then finish."""
    team_id = await postgame_choices(rt, rng, coach, tally)
    await postgame.finish_postgame(rt, coach, fixture_id, team_id)


async def postgame_choices(rt: Runtime, rng: random.Random, coach: Actor, tally: Tally) -> int:
    """Hatred from Getting Even, advancements, maybe keep a journeyman, hire to keep 11 players; returns
    the coach's team id."""
    team = (await teams.team_sheet(rt, coach, None)).team
    for trait in await rt.db.read(trait_store.of_team, coach.guild_id, team.id, ("pending",)):
        await teams.choose_hatred(rt, coach, None, f"p:{trait.player_id}", rng.choice(trait.options))
        tally.hatreds += 1
    await _spend_spp(rt, rng, coach, tally)
    sheet = await teams.team_sheet(rt, coach, None)
    for journeyman in [p for p in sheet.players if p.row.journeyman]:
        regulars = [p for p in sheet.players if not p.row.journeyman]
        if len(regulars) < 16 and rng.random() < 0.3:
            try:
                await teams.keep_journeyman(rt, coach, None, f"p:{journeyman.row.id}")
                tally.journeymen_kept += 1
            except DomainError:
                pass
    sheet = await teams.team_sheet(rt, coach, None)
    lineman = min(journeyman_positions(sheet.roster) or sheet.roster.positions, key=lambda p: p.cost)
    regulars = [p for p in sheet.players if not p.row.journeyman]
    while len(regulars) < 11 and sheet.team.treasury >= lineman.cost:
        try:
            await teams.hire_players(rt, coach, None, lineman.id)
        except DomainError:
            break
        tally.hires += 1
        sheet = await teams.team_sheet(rt, coach, None)
        regulars = [p for p in sheet.players if not p.row.journeyman]
    return sheet.team.id


async def _finish_open_postgames(rt: Runtime, rng: random.Random, guild_id: int, tally: Tally) -> None:
    def open_rows(conn: sqlite3.Connection) -> list[tuple[int, int, int]]:
        rows = conn.execute(
            "SELECT p.fixture_id, p.team_id, t.coach_id FROM team_postgames p JOIN teams t"
            " ON t.id = p.team_id WHERE p.guild_id = ? AND p.status = 'open' ORDER BY p.id",
            (guild_id,),
        ).fetchall()
        return [(r[0], r[1], r[2]) for r in rows]

    for fixture_id, _team_id, coach_id in await rt.db.read(open_rows):
        await _rebuild(rt, rng, Actor(guild_id, coach_id, guild_id), fixture_id, tally)


async def _play_round(
    rt: Runtime, rng: random.Random, guild_id: int, round_number: int, tally: Tally
) -> None:
    listing = await seasons.list_fixtures(rt, _coach(guild_id, 0), None, "round", round_number=round_number)
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
        await results.report_result(rt, home, f"f:{fx.id}", home_side, away_side, conceded)
        await results.confirm_result(rt, away, fx.id, 1)
        tally.played += 1
        await _rebuild(rt, rng, home, fx.id, tally)
        await _rebuild(rt, rng, away, fx.id, tally)


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


async def simulate(
    leagues_count: int,
    team_count: int,
    seed: int,
    db_path: Path | None = None,
    catalog: Catalog | None = None,
) -> SimulationResult:
    """Play one season in each of `leagues_count` leagues and check every invariant afterwards."""
    temporary = None
    if db_path is None:
        temporary = tempfile.TemporaryDirectory(prefix="bb-simulation-")
        db_path = Path(temporary.name) / "simulation.sqlite3"
    database = await Database.open(db_path)
    try:
        await database.migrate()
        dice = CountingDice(SeededDice(seed))
        clock = FakeClock(START)
        rt = Runtime(db=database, dice=dice, clock=clock, catalog=catalog or load_catalog())
        rng = random.Random(f"simulation-{seed}")
        tally = Tally()
        guilds = [1000 + index for index in range(leagues_count)]
        for guild_id in guilds:
            await draft_league(rt, rng, guild_id, team_count, tally)
        first = await leagues.get_league(rt, guilds[0], None)
        round_days = timedelta(days=first.settings.round_days)
        overview = await seasons.list_fixtures(rt, _coach(guilds[0], 0), None, "all")
        rounds = len(overview.rounds)
        for number in range(1, rounds + 1):
            for guild_id in guilds:
                await _play_round(rt, rng, guild_id, number, tally)
            await _pass_deadlines(rt, clock, START + round_days * number + timedelta(minutes=1))
            for guild_id in guilds:
                await _finish_open_postgames(rt, rng, guild_id, tally)
        standings = await seasons.standings(rt, guilds[0], None)
        problems = await database.read(check_invariants, dice.rolls)
        summary = [
            f"{tally.leagues} leagues, {tally.teams} teams, {tally.fixtures} fixtures: {tally.played} played "
            f"({tally.conceded_in_game} conceded in the game), {tally.conceded_ahead} conceded ahead of the "
            f"deadline, {tally.forfeits} double forfeits",
            f"{tally.advancements} advancements, {tally.hires} players hired, "
            f"{tally.journeymen_kept} journeymen kept, {tally.hatreds} grudges (Hatred from Getting Even)",
            await database.read(_totals),
            f"{dice.rolls} dice rolled by the bot, every one in the dice log"
            if not problems
            else f"{dice.rolls} dice rolled by the bot",
            "Invariants: all hold." if not problems else "Invariants BROKEN:\n" + "\n".join(problems),
        ]
        return SimulationResult(_standings_text(standings) + "\n\n" + "\n".join(summary), tally, problems)
    finally:
        await database.close()
        if temporary is not None:
            temporary.cleanup()


def _totals(conn: sqlite3.Connection) -> str:
    gold = conn.execute("SELECT COALESCE(SUM(amount), 0) FROM treasury_changes WHERE cause LIKE 'winnings%'")
    spp = conn.execute("SELECT COALESCE(SUM(spp_delta), 0) FROM player_changes WHERE kind IN ('spp', 'mvp')")
    dead = conn.execute("SELECT COUNT(*) FROM players WHERE status = 'dead'")
    unfinished = conn.execute("SELECT COUNT(*) FROM team_postgames WHERE status = 'open'")
    return (
        f"{gold.fetchone()[0]:,} gp won, {spp.fetchone()[0]:,} SPP earned, {dead.fetchone()[0]} players "
        f"killed, {unfinished.fetchone()[0]} post-games left open"
    )
