"""The league file's pure parts: the document describes every field, ids are renumbered in order, and
parse refuses what is not a league file with its reason."""

from __future__ import annotations

import gzip
import json
import re
from pathlib import Path

import pytest

from bot.errors import RuleViolation
from bot.rules.league import league_file
from bot.rules.league.league_file import TABLES, map_row, parse

DOC = Path(__file__).resolve().parents[3] / "docs" / "EXPORT_FORMAT.md"


def test_the_document_describes_every_field_of_every_table() -> None:
    text = DOC.read_text(encoding="utf-8")
    for table in TABLES:
        section = text.split(f"### `{table.name}`", 1)
        assert len(section) == 2, table.name
        fields = re.findall(r"^\| `([a-z0-9_]+)` \|", section[1].split("### ", 1)[0], re.MULTILINE)
        assert fields == list(table.model.model_fields), table.name


def test_references_are_mapped_and_ids_inside_reports_too() -> None:
    fixtures = next(t for t in TABLES if t.name == "fixtures")
    report = {
        "home": {"team_id": 7, "players": [{"player_id": 70}]},
        "away": {"team_id": 9, "players": []},
    }
    row = {name: None for name in fixtures.model.model_fields} | {
        "id": 55,
        "league_id": 3,
        "home_team_id": 7,
        "away_team_id": 9,
        "report": json.dumps(report),
    }
    ids = {"leagues": {3: 1}, "teams": {7: 1, 9: 2}, "players": {70: 5}}
    mapped = map_row(fixtures, row, ids)
    assert mapped["id"] == 55 and mapped["league_id"] == 1 and mapped["home_team_id"] == 1
    assert json.loads(str(mapped["report"]))["home"] == {"team_id": 1, "players": [{"player_id": 5}]}
    with pytest.raises(KeyError):  # a row that names a team outside the league
        map_row(fixtures, row | {"away_team_id": 8}, ids)


@pytest.mark.parametrize(
    ("data", "reason"),
    [
        (b"", "not complete JSON"),
        (b'{"format": "bb-league-bot/league", "version": 1', "not complete JSON"),
        (b"[1, 2]", "not a league file"),
        (b'{"format": "other"}', "not a league file"),
        (b'{"format": "bb-league-bot/league", "version": 7}', "version 7 is not known"),
        (b'{"format": "bb-league-bot/league", "version": 1}', "leagues: Field required"),
        (gzip.compress(b"{}")[:10], "damaged"),
        (gzip.compress(b'{"format": "x"}'), "not a league file"),
    ],
)
def test_what_is_not_a_league_file_is_refused_with_its_reason(data: bytes, reason: str) -> None:
    with pytest.raises(RuleViolation, match="cannot be imported") as refused:
        parse(data)
    assert reason in str(refused.value)


def test_a_gzip_bomb_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(league_file, "MAX_UNPACKED", 1000)
    with pytest.raises(RuleViolation, match="more than 64 MiB"):
        parse(gzip.compress(b" " * 5000))


def _file_with(**tables: list[dict[str, object]]) -> league_file.LeagueFile:
    league = {"id": 1, "name": "L", "settings": "{}", "created_by": 1, "created_at": 0, "kind": "league"}
    body: dict[str, object] = {
        "format": league_file.FORMAT,
        "version": league_file.VERSION,
        "leagues": [league],
    }
    body.update({t.name: [] for t in TABLES if t.name != "leagues"})
    body.update(tables)
    return league_file.LeagueFile.model_validate(body)


def test_a_json_column_that_is_not_json_is_refused() -> None:
    roll = {
        "id": 1,
        "user_id": 1,
        "purpose": "kick-off",
        "expression": "2d6",
        "faces": '{"faces": [3, 4], "labels": ["3", "4"]}',
        "total": 7,
        "fixture_id": None,
        "rolled_at": 0,
    }
    assert league_file.problems(_file_with(dice_rolls=[roll])) == []
    damaged = roll | {"faces": '{"faces": [3, 4v, "labels": ["3", "4"]}'}
    assert [p.split(" (")[0] for p in league_file.problems(_file_with(dice_rolls=[damaged]))] == [
        "dice_rolls[0].faces: not JSON"
    ]


def test_every_json_text_column_is_a_column_of_its_table() -> None:
    for table in TABLES:
        assert set(table.json_text) <= set(table.model.model_fields), table.name
        assert not set(table.json_text) & set(table.json_refs), table.name


def test_a_refusal_shows_its_first_reasons_and_counts_the_rest() -> None:
    one = league_file.refused(["the database refuses one of its rows (CHECK failed)"])
    assert str(one) == (
        "This league file cannot be imported:\n- the database refuses one of its rows (CHECK failed)"
    )
    many = league_file.refused([f"reason {n}" for n in range(league_file.REASONS_SHOWN + 3)])
    assert str(many).endswith(f"- reason {league_file.REASONS_SHOWN - 1}\n(and 3 more)")


def test_a_time_or_number_the_bot_never_writes_is_refused_with_its_reason() -> None:
    """Issue 31: a file whose `rounds[0].deadline_at` was 1000000000000000 imported and then stopped the bot
    for every server. Every time must be one the bot writes (1970 to 2100), every number a 64-bit integer."""
    league = {"id": 1, "name": "L", "settings": "{}", "created_by": 1, "created_at": 0, "kind": "league"}
    body = {"format": league_file.FORMAT, "version": league_file.VERSION, "leagues": [league]}
    body.update({t.name: [] for t in TABLES if t.name != "leagues"})
    far = json.dumps(body | {"leagues": [league | {"created_at": 10**15}]}).encode()
    with pytest.raises(RuleViolation, match="created_at 1000000000000000 is not a time the bot writes"):
        parse(far)
    huge = json.dumps(body | {"leagues": [league | {"created_by": 2**70}]}).encode()
    with pytest.raises(RuleViolation, match="is out of range"):
        parse(huge)
    negative = json.dumps(body | {"leagues": [league | {"created_at": -1}]}).encode()
    with pytest.raises(RuleViolation, match="not a time the bot writes"):
        parse(negative)
    assert parse(json.dumps(body).encode()).leagues[0].created_at == 0
    discord_id = 1_180_000_000_000_000_000  # Discord's ids run past 2**53: a creator's id is one
    assert (
        parse(json.dumps(body | {"leagues": [league | {"created_by": discord_id}]}).encode())
        .leagues[0]
        .created_by
    )
