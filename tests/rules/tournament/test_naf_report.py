"""The NAF report (issue 29): the XML NAF tools exchange, built from plain values. Seed 000 says nothing of
the NAF; the format is issue 29's: `<nafReport><organiser>…</organiser><coaches><coach><name/><number/>
<team/></coach>…</coaches>` then one `<game><timeStamp>YYYY-MM-DD HH:MM</timeStamp>` per game with two
`<playerRecord>` each holding `<name/>`, `<number/>`, `<team/>`, `<teamRating/>`, `<touchDowns/>`,
`<badlyHurt/>`. "Byes are not games; a conceded game is reported with its recorded score." """

from __future__ import annotations

import xml.etree.ElementTree as ET
from datetime import UTC, datetime

import pytest

from bot.errors import RuleViolation
from bot.rules.tournament.naf_report import (
    NafCoach,
    NafGame,
    NafRecord,
    check_naf_details,
    check_reportable,
    naf_report,
)

ANNA = NafCoach('Anna <&> "Bloody" Bones', 1234, "Wood Elf")
BRUNO = NafCoach("Bruno", 77, "Orc")
CARLA = NafCoach("Carla", None, "Skaven")  # no NAF number given: written empty


def _event() -> bytes:
    """Three coaches, two rounds: round 1 Anna v Bruno 2-1 (Carla's Bye: no game), round 2 Bruno conceded to
    Carla, recorded 0-2 with one casualty caused by Bruno's side."""
    games = [
        NafGame(
            datetime(2026, 3, 7, 11, 5, tzinfo=UTC),
            NafRecord(ANNA, 1_150_000, 2, 3),
            NafRecord(BRUNO, 1_100_000, 1, 0),
        ),
        NafGame(
            datetime(2026, 3, 7, 14, 45, tzinfo=UTC),
            NafRecord(BRUNO, 1_100_000, 0, 1),
            NafRecord(CARLA, 995_000, 2, 0),
        ),
    ]
    return naf_report("Organiser & Co", [ANNA, BRUNO, CARLA], games)


def test_the_report_is_utf8_xml_with_its_declaration() -> None:
    data = _event()
    assert data.startswith(b"<?xml version='1.0' encoding='utf-8'?>")
    assert ET.fromstring(data).tag == "nafReport"


def test_the_coaches_are_listed_with_name_number_and_race() -> None:
    root = ET.fromstring(_event())
    assert root.findtext("organiser") == "Organiser & Co"
    coaches = [
        (c.findtext("name"), c.findtext("number"), c.findtext("team")) for c in root.findall("coaches/coach")
    ]
    assert coaches == [
        ('Anna <&> "Bloody" Bones', "1234", "Wood Elf"),
        ("Bruno", "77", "Orc"),
        ("Carla", "", "Skaven"),
    ]


def test_a_name_with_markup_characters_is_escaped() -> None:
    data = _event()
    assert b"Anna &lt;&amp;&gt;" in data
    assert b"<&>" not in data


def test_each_game_has_its_timestamp_and_two_records_and_byes_are_absent() -> None:
    games = ET.fromstring(_event()).findall("game")
    assert len(games) == 2  # Carla's Bye in round 1 is no game
    assert [g.findtext("timeStamp") for g in games] == ["2026-03-07 11:05", "2026-03-07 14:45"]
    assert all(len(g.findall("playerRecord")) == 2 for g in games)
    first = [{field.tag: field.text for field in record} for record in games[0].findall("playerRecord")]
    assert first == [
        {
            "name": 'Anna <&> "Bloody" Bones',
            "number": "1234",
            "team": "Wood Elf",
            "teamRating": "1150",
            "touchDowns": "2",
            "badlyHurt": "3",
        },
        {
            "name": "Bruno",
            "number": "77",
            "team": "Orc",
            "teamRating": "1100",
            "touchDowns": "1",
            "badlyHurt": "0",
        },
    ]


def test_a_conceded_game_is_reported_with_its_recorded_score() -> None:
    conceded = ET.fromstring(_event()).findall("game")[1]
    records = [(r.findtext("name"), r.findtext("touchDowns"), r.findtext("badlyHurt")) for r in conceded]
    assert records[1:] == [("Bruno", "0", "1"), ("Carla", "2", "0")]


def test_a_naf_event_refuses_a_roster_without_naf_details() -> None:
    check_naf_details("Reds", required=False, name=None, number=None)
    check_naf_details("Reds", required=True, name="Anna", number=12)
    for name, number in ((None, 12), ("Anna", None), ("", 12)):
        with pytest.raises(RuleViolation, match=r"NAF-sanctioned event.*/roster naf"):
            check_naf_details("Reds", required=True, name=name, number=number)


def test_no_confirmed_game_no_report() -> None:
    check_reportable("Cup", 1)
    with pytest.raises(RuleViolation, match="Cup has no confirmed game yet"):
        check_reportable("Cup", 0)
