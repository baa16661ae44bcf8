"""A just-planned tournament round as stored (services/tournament/tournament_play.py pairs it): its round row
with the deadline and reminders of an online event, its fixtures (a game against the Spare Player is played
by his team) and its numbered tables, Byes last, each with its stage and label as the plan worded them.
"""

from __future__ import annotations

from datetime import timedelta

from bot.errors import Conflict
from bot.i18n import _
from bot.rules.tournament.event_state import RoundPlan
from bot.services.runtime import Runtime
from bot.services.tournament.tournaments import Event
from bot.store import deadlines as deadline_store
from bot.store import seasons as season_store
from bot.store import tournaments as tournament_store
from bot.store.connection import Connection
from bot.store.seasons import Fixture, Round, Season
from bot.store.tournaments import Stage


def round_row(conn: Connection, rt: Runtime, event: Event, season: Season, number: int) -> Round:
    """Round `number` of the event's season: online, with its deadline and the reminders before it; in
    person, stored closed (no deadline), so the deadline watch never arms it."""
    now = rt.clock.now()
    hours = event.rulespack.round_hours
    rnd = season_store.insert_round(
        conn,
        guild_id=event.league.guild_id,
        season_id=season.id,
        number=number,
        starts_at=now,
        deadline_at=now + timedelta(hours=hours) if hours else now,
    )
    if hours:
        deadline_store.ensure_reminders(
            conn, event.league.guild_id, rnd.id, rnd.deadline_at, event.league.settings.reminder_hours, now
        )
    else:  # in person: no deadline, so the round is stored closed and the deadline watch never arms it
        deadline_store.close_rounds(conn, event.league.guild_id, season.id, now)
    return rnd


def store_round(
    conn: Connection, rt: Runtime, event: Event, at: tuple[Season, Round], plan: RoundPlan, spare: int | None
) -> list[Fixture]:
    """The planned round's fixtures and tables, in table order: its games (a game against the Spare Player
    is played by his team), then its Byes. Returns the event's fixtures as now stored (read once)."""
    (season, rnd), guild_id = at, event.league.guild_id
    number = rnd.number
    now_stamp = int(rt.clock.now().timestamp())
    games: list[tuple[int, int]] = []  # home, away
    for table in plan.tables:
        away = table.away if table.away is not None else spare
        if away is None:
            raise Conflict(
                _("{event} has no Spare Player: mark one, or set odd_player: bye.", event=event.name)
            )
        games.append((table.home, away))
    season_store.insert_fixtures(
        conn,
        [(guild_id, event.id, season.id, rnd.id, None, "league", h, a, now_stamp) for h, a in games],
    )
    fixtures = season_store.fixtures(conn, guild_id, league_id=event.id)
    by_pair = {
        (f.home_team_id, f.away_team_id): f.id
        for f in fixtures
        if f.season_id == season.id and f.round_number == number
    }
    stored: list[tuple[int | None, int | None, Stage, str | None]]
    stored = [(by_pair[g], None, t.stage, t.label) for g, t in zip(games, plan.tables, strict=True)]
    stored += [(None, team, stage, label) for team, stage, label in plan.byes]
    for table_number, (fixture_id, bye_team_id, stage, label) in enumerate(stored, start=1):
        tournament_store.insert_table(
            conn,
            guild_id,
            event.id,
            round_number=number,
            table_number=table_number,
            fixture_id=fixture_id,
            bye_team_id=bye_team_id,
            stage=stage,
            label=label,
        )
    return fixtures
