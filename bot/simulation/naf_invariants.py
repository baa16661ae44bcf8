"""The simulated event's NAF report read back (issue 29): one coach per approved entry, one game per
confirmed fixture (Byes are not games), two records a game, and every record's touchdowns and casualties
those stored for that coach's side of a confirmed game (a concession's recorded score included)."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections import Counter

from bot.services.tournament.tournaments import Event
from bot.store import seasons as season_store
from bot.store import teams as team_store
from bot.store import tournaments as tournament_store
from bot.store.connection import Connection

Side = tuple[str, int, int]  # NAF number (as written), touchdowns, casualties caused


def _record(element: ET.Element) -> Side:
    return (
        element.findtext("number") or "",
        int(element.findtext("touchDowns") or -1),
        int(element.findtext("badlyHurt") or -1),
    )


def check_naf_report(conn: Connection, event: Event, data: bytes) -> list[str]:
    """Every way the report differs from the stored event (empty when it agrees)."""
    guild_id = event.league.guild_id
    root = ET.fromstring(data)
    teams = {t.id: t for t in team_store.in_league(conn, guild_id, event.id)}
    entries = tournament_store.entries(conn, guild_id, event.id)
    number = {e.team_id: str(e.naf_number or "") for e in entries}
    approved = sum(1 for e in entries if teams[e.team_id].status == "approved")
    problems: list[str] = []
    listed = len(root.findall("coaches/coach"))
    if listed != approved:
        problems.append(f"NAF report: {listed} coaches, but {approved} entries approved")
    confirmed = [
        f
        for f in season_store.fixtures(conn, guild_id, league_id=event.id)
        if f.status == "confirmed" and f.report is not None
    ]
    games = root.findall("game")
    if len(games) != len(confirmed):
        problems.append(f"NAF report: {len(games)} games, but {len(confirmed)} confirmed")
    reported: Counter[frozenset[Side]] = Counter()
    for game in games:
        records = game.findall("playerRecord")
        if len(records) != 2:
            problems.append(f"NAF report: a game with {len(records)} player records")
            continue
        reported[frozenset(_record(r) for r in records)] += 1
    stored: Counter[frozenset[Side]] = Counter(
        frozenset(
            {
                (number[f.home_team_id], f.home_score or 0, f.home_cas or 0),
                (number[f.away_team_id], f.away_score or 0, f.away_cas or 0),
            }
        )
        for f in confirmed
    )
    if reported != stored:
        problems.append("NAF report: touchdowns or casualties differ from the stored results")
    return problems
