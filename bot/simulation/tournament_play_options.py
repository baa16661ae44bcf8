"""The simulator's part for seed 000's optional rules in play: Secret Objectives,
injuries and player advancement, switched on by `--secret-objectives`, `--injuries`, `--advancement`.

The coaches report how many objectives they achieved and the injuries their players suffered; after each
game every coach spends what SPP he can with the league's /advance and finishes the post-game. The checks:

- every coach of every game has three different objectives, each kept result matching its logged die
  (a repeat re-rolled), and the dice of each are logged against that game;
- each coach's "objectives" tally in the rankings equals the sum of what he reported;
- a player injured so as to miss the next game took no part in his team's next game, and is back after it;
- every player's SPP equal the SPP he earned minus what he spent (the ledger sums).
"""

from __future__ import annotations

import itertools
import random
from collections import defaultdict
from dataclasses import dataclass
from typing import Any

from bot.catalog.models import RollTable
from bot.errors import DomainError
from bot.rules.match.match_report import InjuryResult
from bot.rules.match.match_result import ResultReport
from bot.services.match import postgame
from bot.services.roster import advancement
from bot.services.runtime import Actor, Runtime
from bot.services.tournament.tournaments import Event, played, ranking
from bot.store import postgame as postgame_store
from bot.store import seasons as season_store
from bot.store import teams as team_store
from bot.store import tournament_objectives as objective_store
from bot.store.connection import Connection

# How often each injury is reported for a casualty (mostly Badly Hurt, as on the Casualty table).
INJURY_WEIGHTS: tuple[tuple[InjuryResult, int], ...] = (
    ("badly_hurt", 8),
    ("seriously_hurt", 4),
    ("serious_injury", 2),
    ("lasting_injury", 1),
    ("dead", 1),
)
MISSES_NEXT_GAME: frozenset[str] = frozenset({"seriously_hurt", "serious_injury", "lasting_injury"})


@dataclass(frozen=True)
class PlayOptions:
    secret_objectives: bool = False
    injuries: bool = False
    advancement: bool = False

    def settings(self) -> dict[str, Any]:
        return {
            "secret_objectives": self.secret_objectives,
            "injuries": self.injuries,
            "advancement": self.advancement,
        }

    @property
    def postgame(self) -> bool:
        return self.injuries or self.advancement

    @property
    def names(self) -> list[str]:
        return [name.replace("_", " ") for name, on in self.settings().items() if on]


NO_OPTIONS = PlayOptions()


def injuries(rng: random.Random, numbers: list[int], count: int) -> dict[int, InjuryResult]:
    """`count` of a team's players hurt (each at most once), with an injury each."""
    hurt = rng.sample(numbers, k=min(count, len(numbers)))
    kinds = [kind for kind, _ in INJURY_WEIGHTS]
    weights = [weight for _, weight in INJURY_WEIGHTS]
    return {number: rng.choices(kinds, weights=weights)[0] for number in hurt}


def objectives_achieved(rng: random.Random, options: PlayOptions) -> int | None:
    return rng.choices(range(4), weights=(3, 4, 2, 1))[0] if options.secret_objectives else None


async def after_game(rt: Runtime, rng: random.Random, event: Event, team_ids: list[int]) -> int:
    """Each team's coach spends SPP where he can (chosen primary skills, else a characteristic when it
    must) and finishes the open post-game; returns how many advancements were taken."""
    taken = 0

    def team_rows(conn: Connection) -> list[team_store.TeamRow]:
        return [
            t for t in (team_store.get(conn, event.league.guild_id, i) for i in team_ids) if t is not None
        ]

    for team in await rt.db.read(team_rows):
        who = Actor(event.league.guild_id, team.coach_id, event.league.guild_id)
        open_ones = await rt.db.read(postgame.open_postgames, event.league.guild_id, team)
        if not open_ones:
            continue
        if event.rulespack.advancement:
            taken += await _advance_all(rt, rng, who, event, team)
        for record in open_ones:
            await postgame.finish_postgame(rt, who, record.fixture_id, team.id)
    return taken


async def _advance_all(
    rt: Runtime, rng: random.Random, who: Actor, event: Event, team: team_store.TeamRow
) -> int:
    taken = 0

    def squad(conn: Connection) -> list[team_store.PlayerRow]:
        fresh = team_store.get(conn, team.guild_id, team.id)
        assert fresh is not None
        return team_store.players(conn, fresh)

    for player in await rt.db.read(squad):
        for _ in range(6):
            skills = await advancement.skill_choices(rt, who, event.name, f"#{player.number}", "primary")
            try:
                if skills:
                    await advancement.advance(
                        rt, who, event.name, f"#{player.number}", "chosen_primary", skill=rng.choice(skills)
                    )
                else:
                    break
            except DomainError:
                break  # not enough SPP (or a star): done with him
            taken += 1
    # a player whose SPP reach a characteristic's price must advance before the post-game is finished
    for player in await rt.db.read(squad):
        for _ in range(6):
            try:
                outcome = await advancement.advance(
                    rt, who, event.name, f"#{player.number}", "characteristic"
                )
            except DomainError:
                break
            taken += 1
            if outcome.pending is not None:
                await advancement.choose(rt, who, outcome.pending.id, 0)
    return taken


def check_play_options(
    conn: Connection, rt: Runtime, event: Event, table: RollTable, dice_purposes: list[Any]
) -> list[str]:
    """The invariants above, over the whole event."""
    problems: list[str] = []
    rulespack = event.rulespack
    guild_id = event.league.guild_id
    fixtures = [f for f in season_store.fixtures(conn, guild_id, league_id=event.id)]
    if rulespack.secret_objectives:
        problems += _objectives(conn, rt, event, table, fixtures, dice_purposes)
    if rulespack.injuries:
        problems += _missed_games(conn, event, fixtures)
    problems += _spp_ledger(conn, event)
    return problems


def _objectives(
    conn: Connection,
    rt: Runtime,
    event: Event,
    table: RollTable,
    fixtures: list[season_store.Fixture],
    dice_rows: list[Any],
) -> list[str]:
    problems: list[str] = []
    rows = {
        (r.fixture_id, r.team_id): r for r in objective_store.of_event(conn, event.league.guild_id, event.id)
    }
    by_fixture: dict[int, list[Any]] = defaultdict(list)
    for row in dice_rows:
        if "Secret Objectives of" in row["purpose"]:
            by_fixture[row["fixture_id"]].append(row)
    reported: dict[int, int] = defaultdict(int)
    for fx in fixtures:
        for team_id, name in ((fx.home_team_id, fx.home_name), (fx.away_team_id, fx.away_name)):
            row = rows.get((fx.id, team_id))
            if row is None:
                problems.append(f"#{fx.id}: {name} has no Secret Objectives")
                continue
            names = {table.lookup(r).name for r in row.results}
            if len(row.results) != 3 or len(names) != 3:
                problems.append(f"#{fx.id}: {name}'s objectives are not three different ones: {row.results}")
            logged = [
                r for r in by_fixture[fx.id] if r["purpose"].startswith(f"Secret Objectives of {name}:")
            ]
            kept = tuple(
                int(r["total"]) for r in sorted(logged, key=lambda r: r["id"]) if "repeat" not in r["purpose"]
            )
            if kept != row.results:
                problems.append(f"#{fx.id}: {name}'s objectives {row.results} are not the dice logged {kept}")
        if fx.status == "confirmed" and fx.report is not None:
            report = ResultReport.model_validate_json(fx.report)
            reported[fx.home_team_id] += report.home.objectives or 0
            reported[fx.away_team_id] += report.away.objectives or 0
    for row in ranking(rt, played(conn, event)):
        if row.objectives != reported[row.coach]:
            problems.append(
                f"team {row.coach}: objectives tiebreaker {row.objectives} but {reported[row.coach]} reported"
            )
    return problems


def _missed_games(conn: Connection, event: Event, fixtures: list[season_store.Fixture]) -> list[str]:
    """A player who must miss the next game after an injury does not appear in his team's next game."""
    problems: list[str] = []
    by_team: dict[int, list[season_store.Fixture]] = defaultdict(list)
    for fx in sorted(fixtures, key=lambda f: (f.round_number or 0, f.id)):
        if fx.status == "confirmed" and fx.report is not None:
            by_team[fx.home_team_id].append(fx)
            by_team[fx.away_team_id].append(fx)
    for team_id, games in by_team.items():
        for before, after in itertools.pairwise(games):
            hurt = _side(before, team_id)
            played_next = {line.player_id for line in _side(after, team_id).players}
            for line in hurt.players:
                if line.injury in MISSES_NEXT_GAME and line.player_id in played_next:
                    problems.append(f"#{after.id}: player {line.player_id} played while missing the game")
    for team in team_store.in_league(conn, event.league.guild_id, event.id):
        open_ones = postgame_store.open_for_team(conn, team.guild_id, team.id)
        if open_ones:
            continue
        last = by_team.get(team.id, [])[-1:]
        hurt_last = {
            line.player_id
            for fx in last
            for line in _side(fx, team.id).players
            if line.injury in MISSES_NEXT_GAME
        }
        for player in team_store.players(conn, team):
            if player.miss_next_game and player.id not in hurt_last:
                problems.append(f"{team.name} #{player.number}: still out after missing a game")
    return problems


def _side(fx: season_store.Fixture, team_id: int) -> Any:
    assert fx.report is not None
    report = ResultReport.model_validate_json(fx.report)
    return report.home if fx.home_team_id == team_id else report.away


def _spp_ledger(conn: Connection, event: Event) -> list[str]:
    problems: list[str] = []
    ledger: dict[int, int] = {
        row["player_id"]: row["spp"]
        for row in conn.execute(
            "SELECT player_id, SUM(spp_delta) AS spp FROM player_changes WHERE guild_id = ?"
            " GROUP BY player_id",
            (event.league.guild_id,),
        )
    }
    for team in team_store.in_league(conn, event.league.guild_id, event.id):
        for player in team_store.players(conn, team):
            if player.spp != ledger.get(player.id, 0):
                problems.append(
                    f"{team.name} #{player.number}: {player.spp} SPP but the ledger sums to "
                    f"{ledger.get(player.id, 0)}"
                )
            if not event.rulespack.advancement and player.spp:
                problems.append(f"{team.name} #{player.number}: SPP without advancement")
    return problems
