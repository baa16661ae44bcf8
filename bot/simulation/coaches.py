"""The simulated coaches and commissioner: drafting teams, getting ready for a match, and the post-game
choices a coach makes (Hatred, advancements, journeymen, hiring), all through the services."""

from __future__ import annotations

import contextlib
import random
import tempfile
from collections.abc import AsyncIterator
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

from bot.catalog import Catalog, load_catalog
from bot.clock import FakeClock
from bot.errors import DomainError
from bot.rules.dice import Dice, SeededDice
from bot.rules.match.journeymen import journeyman_positions
from bot.rules.roster.advancement import affordable, must_advance
from bot.services.league import contracts, leagues, seasons
from bot.services.match import deadlines, postgame, postgame_roster, prepare
from bot.services.roster import advancement, team_lookup, teams
from bot.services.runtime import Actor, Runtime
from bot.simulation.choices import draft_plan
from bot.simulation.names import Names
from bot.store import Database
from bot.store import postgame as postgame_store
from bot.store import traits as trait_store
from bot.store.connection import Connection
from bot.store.deadlines import Due

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


@dataclass(frozen=True)
class Simulated:
    """What a simulation runs on: the runtime, its counted dice and its fake clock."""

    rt: Runtime
    dice: CountingDice
    clock: FakeClock


@contextlib.asynccontextmanager
async def simulated_runtime(
    db_path: Path | str | None, seed: int, catalog: Catalog | None, name: str
) -> AsyncIterator[Simulated]:
    """The database at `db_path` (a temporary one named `name` without it, removed afterwards), migrated,
    with seeded dice counted for the dice-log invariant and a fake clock at START."""
    with contextlib.ExitStack() as stack:
        if db_path is None:
            folder = stack.enter_context(tempfile.TemporaryDirectory(prefix=f"bb-{name}-"))
            db_path = Path(folder) / f"{name}.sqlite3"
        database = await Database.open(db_path)
        try:
            await database.migrate()
            dice = CountingDice(SeededDice(seed))
            clock = FakeClock(START)
            rt = Runtime(db=database, dice=dice, clock=clock, catalog=catalog or load_catalog())
            yield Simulated(rt, dice, clock)
        finally:
            await database.close()


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
    seasons: int = 0
    playoff_games: int = 0
    shootouts: int = 0
    redrafts: int = 0
    rehired: int = 0
    new_teams: int = 0
    retired_teams: int = 0
    champions: dict[int, list[str]] = field(default_factory=dict)  # guild -> 'season 1: team', ...
    stars_signed: int = 0
    signing_timeouts: int = 0
    late_postgames: int = 0  # post-games a coach left open past the next deadline
    held: int = 0  # fixtures not reported, or settled late, because a post-game was still open
    late: set[int] = field(default_factory=set)  # fixtures whose post-game waits for the next round
    ruleset: str = "bb2025"  # every league's ruleset (classic: seed 003's season sequence)
    winnings_rerolls: int = 0  # classic: winners who re-rolled their winnings die
    names: Names = field(default_factory=lambda: Names("league"))  # the run's leagues, teams and players


def coach_of(guild_id: int, index: int) -> Actor:
    """The league's coaches: user ids guild*100 + 0, 1, ... (new coaches take the next free index)."""
    return Actor(guild_id=guild_id, user_id=guild_id * 100 + index, channel_id=guild_id)


def commissioner_of(guild_id: int) -> Actor:
    return Actor(guild_id=guild_id, user_id=COMMISSIONER, channel_id=guild_id)


async def draft_team(rt: Runtime, rng: random.Random, coach: Actor, tally: Tally) -> None:
    """A new team from a random roster, drafted legally within the league's budget, and approved."""
    league = await leagues.get_league(rt, coach.guild_id, None)
    plan = draft_plan(rt.catalog, rng, league.settings.draft_budget)
    name = tally.names.team(plan.roster.id)
    named = replace(coach, name=tally.names.coach(coach.user_id))  # his server name, kept for the web view
    await teams.create_team(rt, named, None, name, plan.roster.id, plan.regional_league, plan.alignment)
    hired: list[str] = []
    for position in plan.hires:
        hired.append(tally.names.player(plan.roster.id, hired))
        await teams.hire_players(rt, coach, None, position.id, name=hired[-1])
    if plan.rerolls:
        await teams.set_staff(rt, coach, None, rerolls=plan.rerolls)
    await teams.submit_team(rt, coach, None)
    await teams.review_team(rt, commissioner_of(coach.guild_id), None, name, approve=True)
    tally.teams += 1


async def draft_league(rt: Runtime, rng: random.Random, guild_id: int, team_count: int, tally: Tally) -> None:
    """A league (every other one with seed 004's long-term star contracts), its teams, its first season."""
    await leagues.create_league(rt, commissioner_of(guild_id), tally.names.league(), guild_id)
    if tally.ruleset != "bb2025":
        await leagues.update_settings(rt, commissioner_of(guild_id), None, {"ruleset": tally.ruleset})
    if guild_id % 2:
        await leagues.update_settings(rt, commissioner_of(guild_id), None, {"star_contracts": True})
    for index in range(team_count):
        await draft_team(rt, rng, coach_of(guild_id, index), tally)
    await start_season(rt, rng, guild_id, tally)
    tally.leagues += 1
    tally.seasons = max(tally.seasons, 1)


async def start_season(rt: Runtime, rng: random.Random, guild_id: int, tally: Tally) -> None:
    """The commissioner starts the season; with star contracts, each coach in turn signs a star (one
    coach in ten lets the time run out once and signs at the end; the bot passes the deadline)."""
    await seasons.start_season(rt, commissioner_of(guild_id), None)
    league = await leagues.get_league(rt, guild_id, None)
    if not league.settings.star_contracts:
        return
    timed_out: set[int] = set()
    while (view := await contracts.draft_view(rt, guild_id, None)).draft.status == "open":
        team_id = view.draft.order[0]
        coach = Actor(guild_id, view.coaches[team_id], guild_id)
        if team_id not in timed_out and rng.random() < 0.1 and len(view.draft.order) > 1:
            timed_out.add(team_id)
            assert view.draft.pick_deadline_at is not None
            await contracts_due(rt, view.draft.pick_deadline_at, guild_id, view.draft.id)
            tally.signing_timeouts += 1
            continue
        options, _fallback = await contracts.sign_options(rt, coach, None)
        if not options:
            await contracts.skip_team(rt, commissioner_of(guild_id), None)
            continue
        await contracts.sign_star(rt, coach, None, rng.choice(options).name)
        tally.stars_signed += 1


async def contracts_due(rt: Runtime, deadline: datetime, guild_id: int, draft_id: int) -> None:
    """Let a pick's time run out: the bot's job runs just after the deadline. Only this call sees that
    moment; the shared clock stays put, so the other leagues' seasons are not pushed along with it."""
    later = Runtime(rt.db, rt.dice, FakeClock(deadline + timedelta(minutes=1)), rt.catalog)
    await deadlines.run_due(later, Due("signing", guild_id, draft_id, deadline))


async def able_numbers(rt: Runtime, rng: random.Random, coach: Actor, fixture_id: int) -> list[int]:
    roster = await team_lookup.my_roster(rt, coach, None)
    options = journeyman_positions(roster) if roster else []
    wanted = rng.choice(options).id if len(options) > 1 else None  # the coach picks the journeymen's position
    prep = await prepare.prepare_match(rt, coach, f"f:{fixture_id}", wanted)
    side = prep.home if prep.fixture.home_coach_id == coach.user_id else prep.away
    return [p.row.number for p in side.able if p.row.star_contract is None]  # a star is never MVP


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


async def play_postgame(rt: Runtime, rng: random.Random, coach: Actor, fixture_id: int, tally: Tally) -> None:
    """The coach's post-game: a winner's winnings re-roll (classic: taken half the time), choices, then
    finish."""
    team = (await teams.team_sheet(rt, coach, None)).team
    record = await rt.db.read(postgame_store.get, coach.guild_id, fixture_id, team.id)
    if record is not None and record.winnings_reroll == "offered" and rng.random() < 0.5:
        await postgame.reroll_winnings(rt, coach, fixture_id, team.id)
        tally.winnings_rerolls += 1
    team_id = await postgame_choices(rt, rng, coach, tally)
    await postgame.finish_postgame(rt, coach, fixture_id, team_id)


async def postgame_choices(rt: Runtime, rng: random.Random, coach: Actor, tally: Tally) -> int:
    """Hatred from Getting Even, advancements, maybe keep a journeyman, hire to keep 11 players; returns
    the coach's team id."""
    team = (await teams.team_sheet(rt, coach, None)).team
    for trait in await rt.db.read(trait_store.of_team, coach.guild_id, team.id, ("pending",)):
        await postgame_roster.choose_hatred(
            rt, coach, None, f"p:{trait.player_id}", rng.choice(trait.options)
        )
        tally.hatreds += 1
    await _spend_spp(rt, rng, coach, tally)
    sheet = await teams.team_sheet(rt, coach, None)
    for journeyman in [p for p in sheet.players if p.row.journeyman]:
        regulars = [p for p in sheet.players if not p.row.journeyman]
        if len(regulars) < 16 and rng.random() < 0.3:
            try:
                await postgame_roster.keep_journeyman(rt, coach, None, f"p:{journeyman.row.id}")
                tally.journeymen_kept += 1
            except DomainError:
                continue
            name = tally.names.newcomer(await teams.team_sheet(rt, coach, None))  # "Journeyman 12" no more
            await teams.update_player(rt, coach, None, f"p:{journeyman.row.id}", name=name)
    sheet = await teams.team_sheet(rt, coach, None)
    lineman = min(journeyman_positions(sheet.roster) or sheet.roster.positions, key=lambda p: p.cost)
    regulars = [p for p in sheet.players if not p.row.journeyman]
    while len(regulars) < 11 and sheet.team.treasury >= lineman.cost:
        try:
            await teams.hire_players(rt, coach, None, lineman.id, name=tally.names.newcomer(sheet))
        except DomainError:
            break
        tally.hires += 1
        sheet = await teams.team_sheet(rt, coach, None)
        regulars = [p for p in sheet.players if not p.row.journeyman]
    return sheet.team.id


async def finish_open_postgames(rt: Runtime, rng: random.Random, guild_id: int, tally: Tally) -> None:
    def open_rows(conn: Connection) -> list[tuple[int, int, int]]:
        rows = conn.execute(
            "SELECT p.fixture_id, p.team_id, t.coach_id FROM team_postgames p JOIN teams t"
            " ON t.id = p.team_id WHERE p.guild_id = ? AND p.status = 'open' ORDER BY p.id",
            (guild_id,),
        ).fetchall()
        return [(r[0], r[1], r[2]) for r in rows]

    for fixture_id, _team_id, coach_id in await rt.db.read(open_rows):
        if fixture_id in tally.late:
            continue  # a slow coach: this one is finished after the next round
        await play_postgame(rt, rng, Actor(guild_id, coach_id, guild_id), fixture_id, tally)
