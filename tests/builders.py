"""Builders for service and cog tests: the people, a league with N approved teams, a started season, a played
and confirmed fixture, and the runtime variations (scripted dice, the fake clock).

Everything goes through the services, as a user would, so a builder never writes what a user could not.
Divisions and schedules come from the runtime's dice, so a season is started with the teams assigned to
their divisions, and a test finds its fixture by who plays it.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.clock import FakeClock
from bot.rules.dice import ScriptedDice
from bot.services.league import leagues, seasons
from bot.services.match import deadlines, postgame, results
from bot.services.match.results import SideInput
from bot.services.roster import teams
from bot.services.runtime import Actor, Runtime
from bot.services.tournament import tournaments
from bot.store import teams as team_store
from bot.store import tournaments as tournament_store
from bot.store.seasons import Fixture
from tests.conftest import actor

COMMISH = actor(user_id=1)
"""The commissioner: creates the league, approves the teams, starts the seasons."""
HOME, AWAY = actor(user_id=10), actor(user_id=11)
"""The two coaches of `home_away_fixture`."""
NOTHING = SideInput(0, 0)

LINEMEN = {
    "human": "Human Lineman",
    "orc": "Orc Lineman",
    "dwarf": "Dwarf Lineman",
    "skaven": "Skaven Clanrat",
    "shambling_undead": "Zombie Lineman",
}


def coach(n: int) -> Actor:
    """The coach of "Team n" in `league` and `season`."""
    return actor(user_id=100 + n)


@dataclass(frozen=True)
class Entry:
    """One team of a league: its coach, name, roster, and staff bought at the draft."""

    coach: Actor
    name: str
    roster: str = "human"
    staff: Mapping[str, int] = field(default_factory=dict)
    players: int = 11


def entries(
    count: int,
    *,
    rosters: Mapping[int, str] | None = None,
    staff: Mapping[int, Mapping[str, int]] | None = None,
) -> list[Entry]:
    """Teams "Team 0" ... of coaches `coach(0)` ...: Human unless `rosters` says otherwise for a team."""
    rosters, staff = rosters or {}, staff or {}
    return [Entry(coach(n), f"Team {n}", rosters.get(n, "human"), staff.get(n, {})) for n in range(count)]


async def league(
    runtime: Runtime,
    teams_in: int | Sequence[Entry],
    *,
    channel: int | None = 555,
    name: str = "League",
    commissioner: Actor = COMMISH,
    **settings: Any,
) -> list[Entry]:
    """A league (with these settings) and its teams, each with its linemen (11 unless the entry says
    otherwise), submitted and approved. Another `name` (and `commissioner`, for another guild) makes a
    second league: every step then names it."""
    ref = None if name == "League" else name
    await leagues.create_league(runtime, commissioner, name, channel)
    if settings:
        await leagues.update_settings(runtime, commissioner, ref, settings)
    drafted = entries(teams_in) if isinstance(teams_in, int) else list(teams_in)
    for entry in drafted:
        await teams.create_team(runtime, entry.coach, ref, entry.name, entry.roster)
        await teams.hire_players(runtime, entry.coach, ref, LINEMEN[entry.roster], count=entry.players)
        if entry.staff:
            await teams.set_staff(runtime, entry.coach, ref, **entry.staff)
        await teams.submit_team(runtime, entry.coach, ref)
        await teams.review_team(runtime, commissioner, ref, entry.name, approve=True)
    return drafted


async def season(
    runtime: Runtime,
    teams_in: int | Sequence[Entry] = 4,
    *,
    divisions: int = 1,
    draw: bool = False,
    channel: int | None = 555,
    name: str = "League",
    commissioner: Actor = COMMISH,
    **settings: Any,
) -> seasons.SeasonOverview:
    """`league`, then its first season: the teams in `divisions` equal divisions in order (or drawn by the
    dice with `draw`)."""
    drafted = await league(
        runtime, teams_in, channel=channel, name=name, commissioner=commissioner, **settings
    )
    per = len(drafted) // divisions
    assignment = ", ".join(f"{e.name}={n // per + 1}" for n, e in enumerate(drafted))
    ref = None if name == "League" else name
    return await seasons.start_season(runtime, commissioner, ref, None if draw else assignment)


async def fixtures(runtime: Runtime, kind: str = "league") -> list[Fixture]:
    """Every fixture of the league of this kind ("league", "playoff", ...)."""
    listing = await seasons.list_fixtures(runtime, COMMISH, None, "all")
    return [f for f in listing.fixtures if f.kind == kind]


async def first_fixture(runtime: Runtime, who: Actor) -> Fixture:
    """The first fixture of this coach's team."""
    listing = await seasons.list_fixtures(runtime, who, None, "mine")
    return listing.fixtures[0]


async def play(
    runtime: Runtime, fx: Fixture, home: int, away: int, *, finish: bool = True, **options: Any
) -> None:
    """A played and confirmed fixture: reported by the home coach, confirmed by the away coach, and (with
    `finish`) both post-games finished."""
    guild = fx.guild_id
    reporter = actor(guild_id=guild, user_id=fx.home_coach_id)
    confirmer = actor(guild_id=guild, user_id=fx.away_coach_id)
    outcome = await results.report_result(
        runtime, reporter, f"f:{fx.id}", SideInput(home, 0), SideInput(away, 0), **options
    )
    await results.confirm_result(runtime, confirmer, fx.id, outcome.version)
    if finish:
        commissioner = actor(guild_id=guild, user_id=COMMISH.user_id)
        for team_id in (fx.home_team_id, fx.away_team_id):
            await postgame.finish_postgame(runtime, commissioner, fx.id, team_id, as_commissioner=True)


async def regular_season(runtime: Runtime, winners_first: bool = True) -> None:
    """Every league fixture played: lower-numbered teams win every game (Team 0 tops the table, then
    Team 1, ...), or lose every game without `winners_first`."""
    for fx in await fixtures(runtime):
        home_number = int(fx.home_name.split()[-1])
        away_number = int(fx.away_name.split()[-1])
        home_wins = (home_number < away_number) == winners_first
        await play(runtime, fx, 2 if home_wins else 0, 0 if home_wins else 2)


async def home_away_fixture(runtime: Runtime, home_roster: str = "human") -> int:
    """A season of four teams with 3 dedicated fans each: "Home" (HOME's, of `home_roster`), "Away" (AWAY's,
    Orcs), "C" and "D"; returns the id of the fixture between HOME and AWAY (no league channel)."""
    drafted = [
        Entry(HOME, "Home", home_roster, {"dedicated_fans": 3}),
        Entry(AWAY, "Away", "orc", {"dedicated_fans": 3}),
        Entry(actor(user_id=12), "C", "human", {"dedicated_fans": 3}),
        Entry(actor(user_id=13), "D", "human", {"dedicated_fans": 3}),
    ]
    await season(runtime, drafted, channel=None)
    listing = await seasons.list_fixtures(runtime, HOME, None, "mine")
    fx = next(
        f for f in listing.fixtures if {f.home_coach_id, f.away_coach_id} == {HOME.user_id, AWAY.user_id}
    )
    return fx.id


async def confirmed_with_spp(runtime: Runtime, events: str) -> int:
    """`home_away_fixture` confirmed, 12-6 casualties to HOME, whose players did `events` (and #11 was
    MVP); returns the fixture id."""
    fixture_id = await home_away_fixture(runtime)
    listing = await seasons.list_fixtures(runtime, HOME, None, "mine")
    fx = next(f for f in listing.fixtures if f.id == fixture_id)
    reporter, confirmer = (HOME, AWAY) if fx.home_coach_id == HOME.user_id else (AWAY, HOME)
    ours, theirs = SideInput(12, 6, f"{events}, #11 mvp"), SideInput(0, 0)
    mine, other = (ours, theirs) if reporter is HOME else (theirs, ours)
    await results.report_result(runtime, reporter, f"f:{fixture_id}", mine, other)
    await results.confirm_result(runtime, confirmer, fixture_id, 1)
    return fixture_id


async def short_team_fixture(runtime: Runtime, roster: str, out: int) -> tuple[int, int]:
    """A season of four teams where Team 0 (of `roster`, coach(0)) has players #1-#<out> missing the next
    game; returns (Team 0's first fixture, its coach's user id). No league channel."""
    await season(runtime, entries(4, rosters={0: roster}), channel=None)
    await injure(runtime, coach(0), range(1, out + 1))
    return (await first_fixture(runtime, coach(0))).id, coach(0).user_id


async def rich_poor_fixture(runtime: Runtime, extra_rerolls: int) -> tuple[int, int, int]:
    """A season of four Human teams where Team 0 bought `extra_rerolls` re-rolls at the draft; returns
    (Team 0's first fixture, the rich coach's user id, the poorer opponent's). No league channel."""
    await season(runtime, entries(4, staff={0: {"rerolls": extra_rerolls}}), channel=None)
    fx = await first_fixture(runtime, coach(0))
    rich = coach(0).user_id
    return fx.id, rich, fx.away_coach_id if fx.home_coach_id == rich else fx.home_coach_id


async def injure(runtime: Runtime, who: Actor, numbers: Sequence[int] | range) -> None:
    """The players with these numbers on `who`'s team miss the next game."""
    team = await team_of(runtime, who)

    def miss(conn: sqlite3.Connection) -> None:
        conn.executemany(
            "UPDATE players SET miss_next_game = 1 WHERE guild_id = ? AND team_id = ? AND number = ?",
            [(team.guild_id, team.id, number) for number in numbers],
        )

    await runtime.db.write(miss)


def with_dice(runtime: Runtime, faces: list[int]) -> Runtime:
    """The same runtime, rolling exactly these faces."""
    return Runtime(runtime.db, ScriptedDice(faces), runtime.clock, runtime.catalog)


async def team_of(runtime: Runtime, who: Actor) -> team_store.TeamRow:
    """The team this coach runs."""
    return (await teams.team_sheet(runtime, who, None)).team


def clock_of(runtime: Runtime) -> FakeClock:
    assert isinstance(runtime.clock, FakeClock)
    return runtime.clock


async def due_now(runtime: Runtime) -> list[deadlines.Due]:
    """What the deadline watch would run now."""
    now = runtime.clock.now()
    return [d for d in await deadlines.schedule(runtime) if d.at <= now]


# --- tournaments, play (part 2) --------------------------------------------------------------------------

ORGANISER = actor(user_id=1)
"""The organiser of `tournament_event` (a commissioner-level actor for the services)."""


async def tournament_event(
    runtime: Runtime, count: int, *, spare: bool = False, unapproved: int = 0, **rulespack: Any
) -> list[int]:
    """A tournament with `count` approved teams "Team 0"... of coach(0)... (11 Human Linemen each), plus a
    Spare Player's team "Spare" (coach 99) with `spare`, and `unapproved` submitted teams. Registration is
    part 1's: the entries are written with the store."""
    created = await tournaments.create_tournament(runtime, ORGANISER, "Cup", 555, rulespack)
    now = runtime.clock.now()

    def build(conn: sqlite3.Connection) -> list[int]:
        ids = []
        names = [(f"Team {n}", coach(n).user_id, "approved") for n in range(count)]
        names += [(f"Late {n}", 300 + n, "submitted") for n in range(unapproved)]
        if spare:
            names.append(("Spare", 99, "approved"))
        for name, coach_id, status in names:
            team = team_store.insert(
                conn,
                guild_id=1,
                league_id=created.id,
                coach_id=coach_id,
                name=name,
                roster="human",
                regional_league="Old World Classic",
                alignment=None,
                now=now,
            )
            for number in range(1, 12):
                team_store.insert_player(
                    conn,
                    team,
                    number=number,
                    name=f"P{number}",
                    position="human_lineman",
                    hiring_fee=50_000,
                    now=now,
                )
            team_store.set_status(conn, team, status)
            tournament_store.insert_entry(conn, 1, created.id, team.id, spare=name == "Spare", now=now)
            ids.append(team.id)
        return ids

    return await runtime.db.write(build)
