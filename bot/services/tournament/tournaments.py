"""Tournaments (seed 000): create an event, find it, read and change its rulespack.

A tournament is a `leagues` row of kind 'tournament' plus its `tournaments` row (rulespack, status). The
services for entries and rosters (tournament_entries.py), rounds, results and standings (tournament_play.py)
and awards (tournament_awards.py) start from `find_event`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError

from bot.catalog.models import TournamentScoring
from bot.errors import Conflict, InvalidInput, NotFound
from bot.i18n import _
from bot.rules.league.league_settings import LeagueSettings
from bot.rules.match.match_result import ResultReport
from bot.rules.tournament.event_state import EventState, SquadEntry
from bot.rules.tournament.formats import Format, format_of
from bot.rules.tournament.tournament_groups import StagedTable
from bot.rules.tournament.tournament_rosters import TierTable, seed_tiers
from bot.rules.tournament.tournament_scoring import RankingRow, TournamentGame
from bot.rules.tournament.tournament_settings import Rulespack, check_rulespack_change
from bot.services.inputs import optional_id, validation_message
from bot.services.league.leagues import clean_name, find_league
from bot.services.roster.team_lookup import find_roster
from bot.services.runtime import Actor, Runtime
from bot.store import audit
from bot.store import leagues as league_store
from bot.store import seasons as season_store
from bot.store import teams as team_store
from bot.store import tournament_squads as squad_store
from bot.store import tournaments as tournament_store
from bot.store.connection import Connection
from bot.store.leagues import League
from bot.store.seasons import Fixture
from bot.store.teams import TeamRow
from bot.store.tournament_squads import Squad
from bot.store.tournaments import Entry, Tournament


@dataclass(frozen=True)
class Event:
    """A tournament: its row in `leagues` (name, channel) and its rulespack and status."""

    league: League
    tournament: Tournament

    @property
    def id(self) -> int:
        return self.league.id

    @property
    def name(self) -> str:
        return self.league.name

    @property
    def rulespack(self) -> Rulespack:
        return self.tournament.rulespack

    @property
    def status(self) -> str:
        return self.tournament.status


def find_event(conn: Connection, guild_id: int, reference: str | None) -> Event:
    """The tournament a command means: the one named (or from autocomplete), or the server's only one."""
    league = find_league(conn, guild_id, reference, kind="tournament")
    tournament = tournament_store.get(conn, guild_id, league.id)
    if tournament is None:  # a leagues row of kind 'tournament' is always created with its tournament row
        raise NotFound(_("{event} has no rulespack.", event=league.name))
    return Event(league, tournament)


def event_of(conn: Connection, league: League) -> Event | None:
    """The event behind a competition row, or None for a league."""
    if not league.is_tournament:
        return None
    tournament = tournament_store.get(conn, league.guild_id, league.id)
    return None if tournament is None else Event(league, tournament)


def event_of_fixture(conn: Connection, fx: Fixture) -> Event | None:
    """The tournament a fixture is a game of, or None for a league's: the one way every service asks."""
    league = league_store.get(conn, fx.guild_id, fx.league_id)
    return None if league is None else event_of(conn, league)


def tier_table(rt: Runtime, rulespack: Rulespack) -> TierTable:
    """The event's tier table: the catalogue's rows with the organiser's changes."""
    return rulespack.tier_table(seed_tiers(rt.catalog))


def _create(
    conn: Connection,
    rt: Runtime,
    actor: Actor,
    name: str,
    channel_id: int | None,
    rulespack: Rulespack,
) -> Event:
    if league_store.by_name(conn, actor.guild_id, name) is not None:
        raise Conflict(_("This server already has a league or tournament called {name}.", name=name))
    now = rt.clock.now()
    league = league_store.insert(
        conn,
        guild_id=actor.guild_id,
        name=name,
        announce_channel_id=channel_id,
        settings=LeagueSettings(prayers_table="matched_play", draft_budget=rulespack.budget),
        created_by=actor.user_id,
        now=now,
        kind="tournament",
        language=actor.server_language,
    )
    tournament = tournament_store.insert(conn, actor.guild_id, league.id, rulespack)
    detail = {"name": name, "channel": channel_id, **_plain(rulespack)}
    audit.record_in(conn, league, actor.user_id, "tournament.create", now, detail)
    return Event(league, tournament)


def _plain(rulespack: Rulespack) -> dict[str, Any]:
    return {key: str(value) for key, value in rulespack.model_dump().items()}


def _validated(changes: dict[str, Any], base: Rulespack | None = None) -> Rulespack:
    try:
        return Rulespack.model_validate({**(base.model_dump() if base else {}), **changes})
    except ValidationError as error:
        raise InvalidInput(_("Not set: {problem}.", problem=validation_message(error))) from error


async def create_tournament(
    rt: Runtime,
    actor: Actor,
    name: str,
    announce_channel_id: int | None,
    settings: dict[str, Any] | None = None,
) -> Event:
    """A new tournament, open for registration, with seed 000's rulespack and the organiser's changes."""
    optional_id(announce_channel_id, _("channel"))
    rulespack = _validated(settings or {})
    return await rt.db.write(
        _create, rt, actor, clean_name(name, _("tournament name")), announce_channel_id, rulespack
    )


async def get_event(rt: Runtime, guild_id: int, reference: str | None) -> Event:
    return await rt.db.read(find_event, guild_id, reference)


async def list_events(rt: Runtime, guild_id: int) -> list[League]:
    return await rt.db.read(league_store.in_guild, guild_id, "tournament")


@dataclass(frozen=True)
class RulespackChange:
    event: Event
    changed: dict[str, tuple[Any, Any]]


def _update(
    conn: Connection,
    rt: Runtime,
    actor: Actor,
    reference: str | None,
    changes: dict[str, Any],
    reason: str | None,
) -> RulespackChange:
    event = find_event(conn, actor.guild_id, reference)
    paired = tournament_store.last_round(conn, actor.guild_id, event.id)
    check_rulespack_change(event.name, event.status, changes, paired)
    before = event.rulespack.model_dump()
    rulespack = _validated(changes, event.rulespack)
    tier_table(rt, rulespack)  # every tier a roster is moved to must have a row
    for team_id, tier in rulespack.roster_tiers.items():
        if team_id not in rt.catalog.teams:
            raise InvalidInput(_("There is no team roster {roster}.", roster=repr(team_id)))
        tier_table(rt, rulespack).allowance(tier)
    after = rulespack.model_dump()
    changed = {key: (before[key], after[key]) for key in after if before[key] != after[key]}
    if changed:
        tournament_store.set_rulespack(conn, event.tournament, rulespack)
        if "budget" in changed:
            league_store.update(
                conn,
                event.league,
                settings=event.league.settings.model_copy(update={"draft_budget": rulespack.budget}),
                announce_channel_id=event.league.announce_channel_id,
            )
        detail = {key: [str(a), str(b)] for key, (a, b) in changed.items()}
        audit.record_in(
            conn, event.league, actor.user_id, "tournament.rulespack", rt.clock.now(), detail, reason=reason
        )
    return RulespackChange(find_event(conn, actor.guild_id, event.name), changed)


update_rulespack_in = _update  # the same change inside another service's unit of work


async def update_rulespack(
    rt: Runtime, actor: Actor, reference: str | None, changes: dict[str, Any], reason: str | None = None
) -> RulespackChange:
    """Change the rulespack (validated as a whole). Before the event starts anything may change; once it
    runs only what does not touch the rosters or past pairings. The audit log keeps before and after."""
    cleaned = " ".join((reason or "").split())[:300] or None
    return await rt.db.write(_update, rt, actor, reference, changes, cleaned)


async def set_tier_row(
    rt: Runtime,
    actor: Actor,
    reference: str | None,
    tier: int,
    skill_points: int,
    max_secondary: int,
    max_stars: int,
) -> RulespackChange:
    """The organiser's row for one tier (seed 000's three; tier 4 starts as tier 3's)."""

    def _set(conn: Connection) -> RulespackChange:
        event = find_event(conn, actor.guild_id, reference)
        tiers = {int(k): v.model_dump() for k, v in event.rulespack.tiers.items()}
        tiers[tier] = {"skill_points": skill_points, "max_secondary": max_secondary, "max_stars": max_stars}
        return _update(conn, rt, actor, reference, {"tiers": tiers}, None)

    return await rt.db.write(_set)


async def set_roster_tier(
    rt: Runtime, actor: Actor, reference: str | None, roster: str, tier: int | None
) -> RulespackChange:
    """Move a roster to another tier for this event (None: back to the catalogue's tier)."""
    team_id = find_roster(rt.catalog, roster).id

    def _set(conn: Connection) -> RulespackChange:
        event = find_event(conn, actor.guild_id, reference)
        moved = dict(event.rulespack.roster_tiers)
        if tier is None:
            moved.pop(team_id, None)
        else:
            moved[team_id] = tier
        return _update(conn, rt, actor, reference, {"roster_tiers": moved}, None)

    return await rt.db.write(_set)


# --- what every later step reads: the entries, the confirmed games, the rankings ------------------------


@dataclass(frozen=True)
class Played:
    """The event as played so far: its teams, the confirmed games and their reports, the Byes, the votes, the
    tables paired and a team event's squads. `view` gives the rules' plain reading of it (`EventState`)."""

    event: Event
    entries: tuple[Entry, ...]  # in registration order
    teams: dict[int, TeamRow]
    games: tuple[TournamentGame[int], ...]
    reports: tuple[ResultReport, ...]  # of the confirmed games, in the same order
    byes: tuple[int, ...]  # one team id per Bye
    sporting_votes: dict[int, int]  # team id -> Favourite Opponent votes received
    painted_votes: dict[int, int]  # team id -> Best Painted votes received
    tables: tuple[StagedTable[int], ...] = ()  # every table paired, with its game once confirmed
    squads: tuple[Squad, ...] = ()  # a team event's squads (teams of coaches), in creation order

    @property
    def spare_team_id(self) -> int | None:
        return next((e.team_id for e in self.entries if e.spare), None)

    @property
    def ranked_ids(self) -> list[int]:
        """The teams ranked: every entry but the Spare Player's, in registration order, once approved."""
        return [e.team_id for e in self.entries if not e.spare and self.teams[e.team_id].status == "approved"]

    def view(self, scoring: TournamentScoring) -> EventState:
        """The event as its format reads it (bot/rules/tournament/formats.py)."""
        return EventState(
            name=self.event.name,
            rulespack=self.event.rulespack,
            scoring=scoring,
            units=tuple(self.ranked_ids),
            spare=self.spare_team_id,
            approved=frozenset(t for t, team in self.teams.items() if team.status == "approved"),
            names={t: team.name for t, team in self.teams.items()},
            coach_of={t: team.coach_id for t, team in self.teams.items()},
            games=self.games,
            byes=self.byes,
            votes=self.sporting_votes,
            tables=self.tables,
            squads=tuple(SquadEntry(s.id, s.name, s.members) for s in self.squads),
            waiting=tuple(
                e.team_id for e in self.entries if self.teams[e.team_id].status in ("draft", "submitted")
            ),
            finished=self.event.status == "finished",
        )


def game_of(report: ResultReport, home_team_id: int, away_team_id: int) -> TournamentGame[int]:
    """A confirmed report as the scoring rules read it (the concession as seed 000 scores it)."""
    conceded = None
    if report.conceded_by is not None:
        conceded = home_team_id if report.conceded_by == "home" else away_team_id
    return TournamentGame(
        first=home_team_id,
        second=away_team_id,
        first_score=report.home.score,
        second_score=report.away.score,
        first_cas=report.home.casualties,
        second_cas=report.away.casualties,
        first_sent_off=sum(p.sent_off for p in report.home.players),
        second_sent_off=sum(p.sent_off for p in report.away.players),
        conceded_by=conceded,
        first_objectives=report.home.objectives or 0,
        second_objectives=report.away.objectives or 0,
        first_crowd=report.home.crowd_casualties,
        second_crowd=report.away.crowd_casualties,
        first_custom=report.home.tiebreaker or 0,
        second_custom=report.away.tiebreaker or 0,
    )


def played(conn: Connection, event: Event) -> Played:
    """Load the event as played so far, in a handful of queries."""
    guild_id = event.league.guild_id
    entries = tuple(tournament_store.entries(conn, guild_id, event.id))
    teams = {t.id: t for t in team_store.in_league(conn, guild_id, event.id)}
    games: list[TournamentGame[int]] = []
    reports: list[ResultReport] = []
    fixtures = season_store.fixtures(conn, guild_id, league_id=event.id)
    confirmed: dict[int, tuple[TournamentGame[int], int | None]] = {}  # fixture id -> game, winner
    for fx in fixtures:
        if fx.status != "confirmed" or fx.report is None:
            continue
        report = ResultReport.model_validate_json(fx.report)
        games.append(game_of(report, fx.home_team_id, fx.away_team_id))
        reports.append(report)
        home_outcome, away_outcome = report.outcomes
        winner = fx.home_team_id if home_outcome == "W" else fx.away_team_id if away_outcome == "W" else None
        confirmed[fx.id] = (games[-1], winner)
    table_rows = tournament_store.tables(conn, guild_id, event.id)
    byes = tuple(t.bye_team_id for t in table_rows if t.bye_team_id)
    by_id = {fx.id: fx for fx in fixtures}
    staged: list[StagedTable[int]] = []
    for t in table_rows:
        if t.fixture_id is None:
            assert t.bye_team_id is not None
            staged.append(StagedTable(t.round_number, t.table_number, t.stage, t.bye_team_id, None))
            continue
        fx = by_id[t.fixture_id]
        game, winner = confirmed.get(fx.id, (None, None))
        staged.append(
            StagedTable(
                t.round_number, t.table_number, t.stage, fx.home_team_id, fx.away_team_id, game, winner, fx.id
            )
        )
    votes: dict[str, dict[int, int]] = {"sporting": {}, "painted": {}}
    for vote in tournament_store.votes(conn, guild_id, event.id):
        counts = votes[vote.kind]
        counts[vote.for_team_id] = counts.get(vote.for_team_id, 0) + 1
    return Played(
        event,
        entries,
        teams,
        tuple(games),
        tuple(reports),
        byes,
        votes["sporting"],
        votes["painted"],
        tuple(staged),
        tuple(squad_store.squads(conn, guild_id, event.id)),
    )


def event_format(rt: Runtime, state: Played) -> tuple[Format, EventState]:
    """The event's format (the policy its rulespack names) and the event as the format reads it."""
    return format_of(state.event.rulespack), state.view(rt.catalog.tournament.scoring)


def ranking(rt: Runtime, state: Played) -> list[RankingRow[int]]:
    """The coaches' rankings as the event's format ranks them (seed 000: Tournament Points, then the
    rulespack's tiebreakers; a group event by its knock-out places, then Best of the Rest); no Spare."""
    policy, view = event_format(rt, state)
    return policy.ranking(view)
