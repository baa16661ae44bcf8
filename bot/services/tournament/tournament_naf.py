"""The event's NAF report (issue 29): its entries and confirmed games, read in one transaction and written as
the XML NAF tools exchange (bot/rules/tournament/naf_report.py). Byes have no fixture, so they are never
games; a conceded game carries its recorded score. The same read serves `/event naf-report` and the
simulator's `--naf-report`.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC

from bot.rules.match.match_result import ResultReport
from bot.rules.tournament.naf_report import NafCoach, NafGame, NafRecord, check_reportable, naf_report
from bot.services.roster.event_rosters import build_tournament_sheet
from bot.services.runtime import Runtime
from bot.services.tournament.tournaments import Event, find_event, game_of
from bot.store import seasons as season_store
from bot.store import teams as team_store
from bot.store import tournaments as tournament_store
from bot.store.connection import Connection


@dataclass(frozen=True)
class NafReport:
    event: Event
    data: bytes  # the XML document, UTF-8
    coaches: int
    games: int
    missing: tuple[str, ...]  # teams whose coach gave no NAF name or number


def _report(conn: Connection, rt: Runtime, guild_id: int, event_ref: str | None, organiser: str) -> NafReport:
    event = find_event(conn, guild_id, event_ref)
    teams = {t.id: t for t in team_store.in_league(conn, guild_id, event.id)}
    coaches: dict[int, NafCoach] = {}
    missing: list[str] = []
    for entry in tournament_store.entries(conn, guild_id, event.id):
        team = teams[entry.team_id]
        if team.status != "approved":
            continue
        race = rt.catalog.teams[team.roster].name if team.roster in rt.catalog.teams else team.roster
        coaches[team.id] = NafCoach(entry.naf_name or "", entry.naf_number, race)
        if not entry.naf_name or entry.naf_number is None:
            missing.append(team.name)
    values: dict[tuple[int, int | None], int] = {}  # (team, round) -> team value (escalation: that round's)

    def record(team_id: int, round_number: int | None, touchdowns: int, casualties: int) -> NafRecord:
        shown = round_number if event.rulespack.escalation else None
        if (team_id, shown) not in values:
            sheet = build_tournament_sheet(conn, rt, event, teams[team_id], shown)
            values[team_id, shown] = sheet.sheet.team_value
        return NafRecord(coaches[team_id], values[team_id, shown], touchdowns, casualties)

    confirmed = [
        fx
        for fx in season_store.fixtures(conn, guild_id, league_id=event.id)
        if fx.status == "confirmed" and fx.report is not None and fx.confirmed_at is not None
    ]
    check_reportable(event.name, len(confirmed))
    games: list[NafGame] = []
    for fx in sorted(confirmed, key=lambda f: (f.round_number or 0, f.confirmed_at, f.id)):
        assert fx.report is not None and fx.confirmed_at is not None
        game = game_of(ResultReport.model_validate_json(fx.report), fx.home_team_id, fx.away_team_id)
        games.append(
            NafGame(
                fx.confirmed_at.astimezone(UTC),
                record(game.first, fx.round_number, game.first_score, game.first_cas),
                record(game.second, fx.round_number, game.second_score, game.second_cas),
            )
        )
    data = naf_report(organiser, list(coaches.values()), games)
    return NafReport(event, data, len(coaches), len(games), tuple(missing))


async def naf_report_of(rt: Runtime, guild_id: int, event_ref: str | None, organiser: str) -> NafReport:
    """The event's NAF report (refused while no game is confirmed), in one read transaction."""
    return await rt.db.read(_report, rt, guild_id, event_ref, organiser)
