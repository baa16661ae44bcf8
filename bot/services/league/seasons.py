"""Seasons: start one (divisions, rounds with deadlines, round-robin fixtures), list fixtures, standings."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Literal, get_args

from bot import failpoints, i18n
from bot.errors import Conflict, InvalidInput, NotFound
from bot.i18n import _
from bot.rules.dice import RecordingDice
from bot.rules.league.round_robin import assign_divisions, check_divisions, draw_divisions, round_robin
from bot.rules.league.standings import GameResult, StandingRow, compute_standings
from bot.services.dice_logging import log_dice
from bot.services.inputs import one_of, optional_whole
from bot.services.league import contracts
from bot.services.league.leagues import find_league
from bot.services.roster.team_lookup import find_team
from bot.services.runtime import Actor, Runtime
from bot.store import audit
from bot.store import deadlines as deadline_store
from bot.store import redrafts as redraft_store
from bot.store import seasons as season_store
from bot.store import teams as team_store
from bot.store.connection import Connection
from bot.store.leagues import League
from bot.store.seasons import Division, Fixture, Round, Season
from bot.store.teams import TeamRow


@dataclass(frozen=True)
class SeasonOverview:
    league: League
    season: Season
    divisions: list[tuple[Division, list[TeamRow]]]
    rounds: list[Round]
    fixtures: list[Fixture]
    left_out: list[TeamRow]  # teams not yet approved, so not in this season
    not_redrafted: list[TeamRow] = field(default_factory=list)  # played last season, not re-drafted

    def round_fixtures(self, number: int) -> list[Fixture]:
        return [f for f in self.fixtures if f.round_number == number]


def parse_assignment(text: str) -> list[tuple[str, int]]:
    """'Reavers=1, Orcs=2' or 'Reavers: 1; Orcs: 2' -> [(team, division)]."""
    pairs = []
    for piece in re.split(r"[,;\n]+", text):
        if not piece.strip():
            continue
        match = re.fullmatch(r"\s*(.+?)\s*[=:]\s*(\d{1,2})\s*", piece)
        if match is None:
            raise InvalidInput(
                _(
                    "Can't read `{piece}`: give a number of divisions (e.g. `2`), or each team as "
                    "`Team name=division`, e.g. `Reavers=1, Orcland Raiders=2`.",
                    piece=piece.strip()[:40],
                )
            )
        pairs.append((match[1], int(match[2])))
    return pairs


def parse_division_count(text: str | None) -> int | None:
    """`2` (a plain number of divisions) -> 2; anything else (empty, or an assignment) -> None."""
    match = re.fullmatch(r"\s*([0-9]{1,6})\s*", text or "")
    return None if match is None else int(match[1])


def _start(
    conn: Connection, rt: Runtime, actor: Actor, league_ref: str | None, asked: str | None
) -> SeasonOverview:
    league = find_league(conn, actor.guild_id, league_ref)
    current = season_store.current_season(conn, actor.guild_id, league.id)
    if current is not None and current.status != "finished":
        raise Conflict(
            _("Season {number} of {league} is still running.", number=current.number, league=league.name)
        )
    every_team = team_store.in_league(conn, actor.guild_id, league.id)
    not_redrafted = [t for t in every_team if t.status == "approved" and not _ready_for_new_season(conn, t)]
    approved = [t for t in every_team if t.status == "approved" and t not in not_redrafted]
    left_out = [t for t in every_team if t.status in ("draft", "submitted", "rejected")]
    now = rt.clock.now()
    number = 1 if current is None else current.number + 1
    count = parse_division_count(asked)
    assignment = None if count is not None else (asked or "").strip()
    if assignment:
        split = _assigned(conn, actor, league, approved, assignment)
    else:
        dice = RecordingDice(rt.dice)
        split = draw_divisions(
            [t.id for t in approved], league.settings.teams_per_division, dice, divisions=count
        )
        with i18n.using(league.language):
            purpose = _("{league} season {number}: division draw", league=league.name, number=number)
        log_dice(conn, rt, actor, dice.rolls, purpose=purpose, league_id=league.id)
    season = season_store.insert_season(
        conn, guild_id=actor.guild_id, league_id=league.id, number=number, started_by=actor.user_id, now=now
    )
    by_id = {t.id: t for t in approved}
    divisions, rounds = _schedule(conn, actor, league, season, split, by_id, now)
    if league.settings.star_contracts:  # seed 004: each team signs a star for the season
        previous = season_store.season_by_number(conn, actor.guild_id, league.id, number - 1)
        last = previous_season_results(conn, league, previous) if previous is not None else None
        contracts.begin(conn, rt, actor, league, season, [t for ids in split for t in ids], last)
    detail = {
        "season": number,
        "divisions": [[by_id[t].name for t in ids] for ids in split],
        "mode": "assigned" if assignment else "random draw",
    }
    audit.record_in(conn, league, actor.user_id, "season.start", now, detail)
    fixtures = season_store.fixtures(conn, actor.guild_id, league_id=league.id, season_id=season.id)
    return SeasonOverview(league, season, divisions, rounds, fixtures, left_out, not_redrafted)


def _assigned(
    conn: Connection, actor: Actor, league: League, approved: list[TeamRow], assignment: str
) -> list[list[int]]:
    """The commissioner's divisions (`Team A=1, Team B=2`): every approved team, and only those."""
    named = parse_assignment(assignment)
    chosen = ((find_team(conn, actor.guild_id, name, league), number) for name, number in named)
    return assign_divisions(check_divisions(approved, chosen))


def _schedule(
    conn: Connection,
    actor: Actor,
    league: League,
    season: Season,
    split: list[list[int]],
    by_id: dict[int, TeamRow],
    now: datetime,
) -> tuple[list[tuple[Division, list[TeamRow]]], list[Round]]:
    """The season's divisions, each a round robin; rounds of the league's length from `now`, with their
    reminders; the fixtures of every division."""
    divisions = []
    schedules = []
    for index, team_ids in enumerate(split, start=1):
        with i18n.using(league.language):
            name = _("Division {number}", number=index) if len(split) > 1 else league.name
        division = season_store.insert_division(
            conn, guild_id=actor.guild_id, season_id=season.id, number=index, name=name, team_ids=team_ids
        )
        divisions.append((division, [by_id[t] for t in team_ids]))
        schedules.append((division, round_robin(team_ids)))
    round_count = max(len(schedule) for _division, schedule in schedules)
    length = timedelta(days=league.settings.round_days)
    rounds = [
        season_store.insert_round(
            conn,
            guild_id=actor.guild_id,
            season_id=season.id,
            number=n,
            starts_at=now + length * (n - 1),
            deadline_at=now + length * n,
        )
        for n in range(1, round_count + 1)
    ]
    for rnd in rounds:  # reminders before each deadline, at the league's offsets
        deadline_store.ensure_reminders(
            conn, actor.guild_id, rnd.id, rnd.deadline_at, league.settings.reminder_hours, now
        )
    stamp = int(now.timestamp())
    rows: list[season_store.FixtureRow] = [
        (actor.guild_id, league.id, season.id, rounds[index].id, division.id, "league", p.home, p.away, stamp)
        for division, schedule in schedules
        for index, pairings in enumerate(schedule)
        for p in pairings
    ]
    season_store.insert_fixtures(conn, rows)
    return divisions, rounds


def _ready_for_new_season(conn: Connection, team: TeamRow) -> bool:
    """A team that played a season plays the next one only once re-drafted (seed 001, Off-season)."""
    last = redraft_store.last_season_played(conn, team.guild_id, team.id)
    return last is None or redraft_store.for_season(conn, team.guild_id, team.id, last) is not None


async def start_season(
    rt: Runtime, actor: Actor, league_ref: str | None, divisions: str | None = None
) -> SeasonOverview:
    """Start the next season with every approved team: divisions drawn with the bot's dice (logged) or as
    the commissioner assigns them, a round robin in each division, rounds of the league's length.

    `divisions`: empty (drawn; how many comes from the league's teams_per_division), a plain number (that
    many divisions, drawn) or an assignment (`Team A=1, Team B=2`)."""
    if divisions is not None and len(divisions) > 4000:
        raise InvalidInput(_("That division list is too long: give a number, or `Team name=division` pairs."))
    return await rt.db.write_step(failpoints.SEASON_START, _start, rt, actor, league_ref, divisions)


def current_or_error(conn: Connection, league: League) -> Season:
    season = season_store.current_season(conn, league.guild_id, league.id)
    if season is None:
        raise NotFound(_("{league} has not started a season yet (/season start).", league=league.name))
    return season


FixtureScope = Literal["mine", "round", "division", "all"]
FIXTURE_SCOPES: tuple[FixtureScope, ...] = get_args(FixtureScope)


@dataclass(frozen=True)
class FixtureList:
    league: League
    season: Season
    listed: tuple[FixtureScope, str]  # the scope and what it is: the team's name, the round's number, ...
    fixtures: list[Fixture]
    rounds: list[Round]
    byes: dict[int, list[str]]  # round number -> teams with a bye (in the listed scope)

    @property
    def title(self) -> str:
        """The listing's title, worded when it is shown (in its reader's language)."""
        scope, what = self.listed
        if scope == "mine":
            shown = _("{team}: fixtures", team=what)
        elif scope == "round":
            shown = _("Round {number}", number=what)
        elif scope == "division":
            shown = what
        else:
            shown = _("All fixtures")
        return _(
            "{league} season {number} · {title}",
            league=self.league.name,
            number=self.season.number,
            title=shown,
        )


def _fixtures(
    conn: Connection,
    actor: Actor,
    league_ref: str | None,
    scope: FixtureScope,
    round_number: int | None,
    division_number: int | None,
) -> FixtureList:
    league = find_league(conn, actor.guild_id, league_ref)
    season = current_or_error(conn, league)
    rounds = season_store.rounds(conn, actor.guild_id, season.id)
    divisions = season_store.divisions(conn, actor.guild_id, season.id)
    every = [
        f
        for f in season_store.fixtures(conn, actor.guild_id, league_id=league.id, season_id=season.id)
        if f.kind in ("league", "playoff")
    ]
    names = {t.id: t.name for t in team_store.in_league(conn, actor.guild_id, league.id)}
    if scope == "mine":
        team = team_store.by_coach(conn, actor.guild_id, league.id, actor.user_id)
        if team is None:
            raise NotFound(_("You have no team in {league}.", league=league.name))
        shown = [f for f in every if team.id in (f.home_team_id, f.away_team_id)]
        playing = {team.id}
        listed: tuple[FixtureScope, str] = ("mine", team.name)
    elif scope == "round":
        number = round_number or _open_round(rounds)
        if not any(r.number == number for r in rounds):
            raise NotFound(
                _("Season {number} has rounds 1 to {last}.", number=season.number, last=len(rounds))
            )
        shown = [f for f in every if f.round_number == number]
        playing = {t for d in divisions for t in d.team_ids}
        listed = ("round", str(number))
    elif scope == "division":
        number = division_number or 1
        division = next((d for d in divisions if d.number == number), None)
        if division is None:
            raise NotFound(
                _("Season {number} has divisions 1 to {last}.", number=season.number, last=len(divisions))
            )
        shown = [f for f in every if f.division_id == division.id]
        playing = set(division.team_ids)
        listed = ("division", division.name)
    else:
        shown = every
        playing = {t for d in divisions for t in d.team_ids}
        listed = ("all", "")
    byes = {
        number: resting
        for number, resting in round_byes(rounds, every, playing, names).items()
        if scope != "round" or number == (round_number or _open_round(rounds))
    }
    return FixtureList(league, season, listed, shown, rounds, byes)


def round_byes(
    rounds: list[Round], every: list[Fixture], playing: set[int], names: dict[int, str]
) -> dict[int, list[str]]:
    """Round number -> the teams of `playing` with no game in that regular-season round (by name)."""
    byes: dict[int, list[str]] = {}
    for rnd in rounds:
        in_round = [f for f in every if f.round_number == rnd.number]
        if not any(f.kind == "league" for f in in_round):
            continue  # a play-off stage: the teams not in it are out, not resting
        busy = {t for f in in_round for t in (f.home_team_id, f.away_team_id)}
        resting = [names[t] for t in sorted(playing - busy) if t in names]
        if resting:
            byes[rnd.number] = resting
    return byes


def _open_round(rounds: list[Round]) -> int:
    return next((r.number for r in rounds if r.status == "open"), rounds[-1].number if rounds else 1)


async def list_fixtures(
    rt: Runtime,
    actor: Actor,
    league_ref: str | None,
    scope: FixtureScope = "mine",
    *,
    round_number: int | None = None,
    division_number: int | None = None,
) -> FixtureList:
    one_of(scope, FIXTURE_SCOPES, _("what to show"))
    optional_whole(round_number, 1, 999, _("the round"))
    optional_whole(division_number, 1, 999, _("the division"))
    return await rt.db.read(_fixtures, actor, league_ref, scope, round_number, division_number)


@dataclass(frozen=True)
class DivisionTable:
    division: Division
    rows: list[StandingRow]
    names: dict[int, str]


@dataclass(frozen=True)
class Standings:
    league: League
    season: Season
    tables: list[DivisionTable]


def results_of(fixtures: list[Fixture]) -> list[GameResult]:
    """Confirmed league results as the standings rules read them."""
    results = []
    for f in fixtures:
        if f.status != "confirmed" or f.kind != "league" or f.home_outcome is None or f.away_outcome is None:
            continue
        results.append(
            GameResult(
                fixture_id=f.id,
                home=f.home_team_id,
                away=f.away_team_id,
                home_score=f.home_score or 0,
                away_score=f.away_score or 0,
                home_cas=f.home_cas or 0,
                away_cas=f.away_cas or 0,
                home_outcome=f.home_outcome,
                away_outcome=f.away_outcome,
                counts_for_bonus=f.counts_for_bonus,
            )
        )
    return results


def previous_season_results(
    conn: Connection, league: League, season: Season
) -> tuple[list[int], list[GameResult]]:
    """A season's teams (every division's) and its confirmed regular-season results."""
    results = results_of(
        season_store.fixtures(conn, league.guild_id, league_id=league.id, season_id=season.id)
    )
    team_ids = [t for d in season_store.divisions(conn, league.guild_id, season.id) for t in d.team_ids]
    return team_ids, results


def standings_tables(
    conn: Connection, league: League, season: Season, fixtures: list[Fixture] | None = None
) -> dict[int, list[StandingRow]]:
    """Each division's table (by division number), from the season's confirmed league results (read here,
    or picked from `fixtures` when the caller has already read them)."""
    if fixtures is None:
        fixtures = season_store.fixtures(conn, league.guild_id, league_id=league.id, season_id=season.id)
    results = results_of([f for f in fixtures if f.season_id == season.id])
    return {
        d.number: compute_standings(list(d.team_ids), results, league.settings)
        for d in season_store.divisions(conn, league.guild_id, season.id)
    }


def standings_in(
    conn: Connection,
    guild_id: int,
    league_ref: str | None,
    division_number: int | None,
    season_number: int | None = None,
) -> Standings:
    league = find_league(conn, guild_id, league_ref)
    season = current_or_error(conn, league)
    if season_number is not None and season_number != season.number:
        past = season_store.season_by_number(conn, guild_id, league.id, season_number)
        if past is None:
            raise NotFound(_("{league} has seasons 1 to {number}.", league=league.name, number=season.number))
        season = past
    divisions = season_store.divisions(conn, guild_id, season.id)
    if division_number is not None:
        divisions = [d for d in divisions if d.number == division_number]
        if not divisions:
            raise NotFound(
                _(
                    "Season {number} has no division {division}.",
                    number=season.number,
                    division=division_number,
                )
            )
    results = results_of(season_store.fixtures(conn, guild_id, league_id=league.id, season_id=season.id))
    names = {t.id: t.name for t in team_store.in_league(conn, guild_id, league.id)}
    tables = [
        DivisionTable(d, compute_standings(list(d.team_ids), results, league.settings), names)
        for d in divisions
    ]
    return Standings(league, season, tables)


async def standings(
    rt: Runtime,
    guild_id: int,
    league_ref: str | None,
    division_number: int | None = None,
    season_number: int | None = None,
) -> Standings:
    """Standings recomputed from the confirmed results (never stored, so never out of step)."""
    optional_whole(division_number, 1, 999, _("the division"))
    optional_whole(season_number, 1, 9999, _("the season"))
    return await rt.db.read(standings_in, guild_id, league_ref, division_number, season_number)
