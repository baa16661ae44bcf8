"""The NAF report (issue 29) through the services: coaches give their NAF name and number at registration or
with /roster naf while registration is open; a NAF-sanctioned event refuses a roster without them; the
organiser's report holds the entries and the confirmed games (a Bye is no game, a concession its recorded
score), read in one transaction."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from bot.errors import InvalidInput, RuleViolation
from bot.services.match import results
from bot.services.match.results import SideInput
from bot.services.runtime import Runtime
from bot.services.tournament import tournament_entries, tournament_naf, tournament_play, tournaments
from bot.store import seasons as season_store
from bot.store import tournaments as tournament_store
from tests.builders import ORGANISER, coach
from tests.builders import tournament_event as event
from tests.conftest import actor


async def _naf_of(runtime: Runtime, team_id: int) -> tuple[str | None, int | None]:
    entry = await runtime.db.read(tournament_store.entry, 1, team_id)
    assert entry is not None
    return entry.naf_name, entry.naf_number


async def test_register_with_naf_details_and_change_them(runtime: Runtime) -> None:
    await tournaments.create_tournament(runtime, ORGANISER, "Spring Cup", 555)
    jay = actor(user_id=42)
    done = await tournament_entries.register(
        runtime, jay, None, "Elves", "Wood Elf", "Woodland League", naf_name="Jay", naf_number=321
    )
    team_id = done.sheet.sheet.team.id
    assert await _naf_of(runtime, team_id) == ("Jay", 321)
    changed = await tournament_entries.set_naf(runtime, jay, None, None, 322)  # the name stays
    assert "NAF name Jay, NAF number 322" in changed.message
    assert await _naf_of(runtime, team_id) == ("Jay", 322)
    with pytest.raises(InvalidInput, match="NAF number as a whole number from 1"):
        await tournament_entries.set_naf(runtime, jay, None, None, 0)
    with pytest.raises(InvalidInput, match="Give a NAF name, a NAF number or both"):
        await tournament_entries.set_naf(runtime, jay, None, None, None)
    await tournaments.update_rulespack(runtime, ORGANISER, None, {"registration_open": False})
    with pytest.raises(RuleViolation, match="closed"):
        await tournament_entries.set_naf(runtime, jay, None, "Jay J", None)
    assert await _naf_of(runtime, team_id) == ("Jay", 322)


async def test_a_naf_event_refuses_a_roster_without_naf_details(runtime: Runtime) -> None:
    await event(runtime, 2, unapproved=1, naf=True)  # "Late 0" of coach 300, submitted without them
    with pytest.raises(RuleViolation, match="Late 0: this is a NAF-sanctioned event"):
        await tournament_entries.review(runtime, ORGANISER, None, "Late 0", approve=True)
    await tournament_entries.set_naf(runtime, actor(user_id=300), None, "Latecomer", 9)
    approved = await tournament_entries.review(runtime, ORGANISER, None, "Late 0", approve=True)
    assert approved.sheet.sheet.team.status == "approved"


async def test_the_report_holds_the_entries_and_the_confirmed_games(runtime: Runtime) -> None:
    teams = await event(runtime, 3, odd_player="bye")
    for n in range(3):
        await tournament_entries.set_naf(runtime, coach(n), None, f"Naf <{n}>", 10 + n)
    await tournament_play.start_event(runtime, ORGANISER, None)
    with pytest.raises(RuleViolation, match="no confirmed game yet"):
        await tournament_naf.naf_report_of(runtime, 1, None, "Org")
    pairings = await tournament_play.round_pairings(runtime, 1, None, 1)
    (fx,) = [t.fixture for t in pairings.tables if t.fixture is not None]
    reported = await results.report_result(
        runtime, actor(user_id=fx.home_coach_id), f"f:{fx.id}", SideInput(2, 1), SideInput(1, 0), "mine"
    )  # the home coach concedes
    await results.confirm_result(runtime, actor(user_id=fx.away_coach_id), fx.id, reported.version)
    stored = await runtime.db.read(season_store.fixture, 1, fx.id)
    assert stored is not None and stored.confirmed_at is not None

    report = await tournament_naf.naf_report_of(runtime, 1, None, "Org")
    assert (report.coaches, report.games, report.missing) == (3, 1, ())
    root = ET.fromstring(report.data)
    assert root.findtext("organiser") == "Org"
    assert [c.findtext("number") for c in root.findall("coaches/coach")] == ["10", "11", "12"]
    assert {c.findtext("team") for c in root.findall("coaches/coach")} == {"Human"}
    (game,) = root.findall("game")  # the Bye is no game
    assert game.findtext("timeStamp") == stored.confirmed_at.strftime("%Y-%m-%d %H:%M")
    records = game.findall("playerRecord")
    number = {team_id: str(10 + n) for n, team_id in enumerate(teams)}
    assert [r.findtext("number") for r in records] == [number[fx.home_team_id], number[fx.away_team_id]]
    # the concession's recorded score (seed 000's 3-0 to the other coach, as stored), not the 2-1 typed
    assert (stored.home_score, stored.away_score) == (0, 3)
    assert [r.findtext("touchDowns") for r in records] == ["0", "3"]
    assert [r.findtext("badlyHurt") for r in records] == [str(stored.home_cas), str(stored.away_cas)]
    assert [r.findtext("teamRating") for r in records] == ["550", "550"]  # 11 linemen at 50,000
    assert "Naf &lt;" in report.data.decode()


async def test_the_report_names_coaches_without_naf_details(runtime: Runtime) -> None:
    await event(runtime, 2)
    await tournament_entries.set_naf(runtime, coach(0), None, "Zero", 1)
    await tournament_play.start_event(runtime, ORGANISER, None)
    pairings = await tournament_play.round_pairings(runtime, 1, None, 1)
    (fx,) = [t.fixture for t in pairings.tables if t.fixture is not None]
    reported = await results.report_result(
        runtime, actor(user_id=fx.home_coach_id), f"f:{fx.id}", SideInput(1, 0), SideInput(0, 0)
    )
    await results.confirm_result(runtime, actor(user_id=fx.away_coach_id), fx.id, reported.version)
    report = await tournament_naf.naf_report_of(runtime, 1, None, "Org")
    assert report.missing == ("Team 1",)


async def test_a_naf_event_does_not_start_with_a_roster_approved_before_it_was_sanctioned(
    runtime: Runtime,
) -> None:
    await event(runtime, 2)
    await tournament_entries.set_naf(runtime, coach(0), None, "Zero", 1)
    await tournaments.update_rulespack(runtime, ORGANISER, None, {"naf": True})
    with pytest.raises(RuleViolation, match="Team 1: this is a NAF-sanctioned event"):
        await tournament_play.start_event(runtime, ORGANISER, None)
    await tournament_entries.set_naf(runtime, coach(1), None, "One", 2)
    assert (await tournament_play.start_event(runtime, ORGANISER, None)).round_number == 1
