"""The event file's pure parts (issue 29: "export and import an event ... in the same versioned, validated,
all-or-nothing way as leagues"): the document describes every field of the tournament's tables, the file
holds the league file's tables and then the tournament's, and parse refuses what is not an event file,
another version, a broken rulespack or reference, and hostile input (too big, too many objects, too deep),
each with its reason."""

from __future__ import annotations

import gzip
import json
import re
from pathlib import Path
from typing import Any

import pytest

from bot.errors import RuleViolation
from bot.rules import competition_file
from bot.rules.competition_tables import COMPETITION_TABLES
from bot.rules.league.league_file import LEAGUE
from bot.rules.tournament.event_file import EVENT, TABLES, TOURNAMENT_TABLES, EventFile, problems

DOC = Path(__file__).resolve().parents[3] / "docs" / "EXPORT_FORMAT.md"


def test_the_document_describes_every_field_of_the_tournament_tables() -> None:
    text = DOC.read_text(encoding="utf-8").split("## The event file", 1)[1]
    for table in TOURNAMENT_TABLES:
        section = text.split(f"### `{table.name}`", 1)
        assert len(section) == 2, table.name
        fields = re.findall(r"^\| `([a-z0-9_]+)` \|", section[1].split("### ", 1)[0], re.MULTILINE)
        assert fields == list(table.model.model_fields), table.name


def test_the_event_file_is_the_league_tables_then_the_tournament_tables() -> None:
    assert TABLES == COMPETITION_TABLES + TOURNAMENT_TABLES
    assert LEAGUE.tables == COMPETITION_TABLES
    assert set(EventFile.model_fields) == {"format", "version", *(t.name for t in TABLES)}
    seen: set[str] = set()
    for table in TABLES:  # every reference names a table written before (or the row's own)
        assert set(table.refs.values()) <= seen | {table.name}, table.name
        assert set(table.json_text) <= set(table.model.model_fields), table.name
        seen.add(table.name)


def _body(**changes: Any) -> dict[str, Any]:
    """A small valid event file: one tournament, two entered teams and a vote."""
    league = {
        "id": 1,
        "name": "Cup",
        "settings": "{}",
        "created_by": 1,
        "created_at": 0,
        "kind": "tournament",
    }
    body: dict[str, Any] = {t.name: [] for t in TABLES}
    team = {
        "league_id": 1,
        "coach_id": 101,
        "roster": "human",
        "regional_league": "Old World Classic",
        "alignment": None,
        "status": "approved",
        "treasury": 0,
        "rerolls": 0,
        "assistant_coaches": 0,
        "cheerleaders": 0,
        "apothecary": 0,
        "dedicated_fans": 0,
        "review_note": None,
        "created_at": 0,
    }
    entry = {"league_id": 1, "spare": 0, "inducements": "[]", "fans_gained": 0, "registered_at": 0}
    body |= {
        "format": EVENT.format,
        "version": EVENT.version,
        "leagues": [league],
        "teams": [team | {"id": 1, "name": "A"}, team | {"id": 2, "name": "B", "coach_id": 102}],
        "tournaments": [
            {
                "league_id": 1,
                "rulespack": json.dumps({"rounds": 3}),
                "status": "running",
                "best_painted": None,
                "started_at": 0,
                "finished_at": None,
            }
        ],
        "tournament_entries": [
            entry | {"team_id": 1, "naf_name": "a", "naf_number": 1},
            entry | {"team_id": 2, "naf_name": None, "naf_number": None},
        ],
        "tournament_votes": [
            {"league_id": 1, "kind": "sporting", "voter_team_id": 1, "for_team_id": 2, "created_at": 0}
        ],
    }
    return body | changes


def _data(body: dict[str, Any]) -> bytes:
    return json.dumps(body).encode()


def test_a_valid_file_parses_and_encodes_to_the_same_file() -> None:
    file = competition_file.parse(EVENT, _data(_body()))
    assert problems(file) == []
    again = competition_file.parse(EVENT, competition_file.encode(EVENT, file))
    assert again == file


def _refusal(data: bytes, **limits: int) -> str:
    with pytest.raises(RuleViolation, match="This event file cannot be imported") as refused:
        competition_file.parse(EVENT, data, **limits)
    return str(refused.value)


@pytest.mark.parametrize(
    ("body", "reason"),
    [
        (_body(version=2), "its version 2 is not known (this bot reads version 1)"),
        (_body(format="bb-league-bot/league"), 'it is not an event file (its "format" must be'),
        ({"format": "bb-league-bot/event", "version": 1}, "leagues: Field required"),
        (_body(tournaments=[]), "exactly one tournaments row, not 0"),
        (_body(leagues=[]), "exactly one league, not 0"),
        (
            _body(
                tournament_votes=[
                    {
                        "league_id": 1,
                        "kind": "sporting",
                        "voter_team_id": 1,
                        "for_team_id": 9,
                        "created_at": 0,
                    }
                ]
            ),
            "tournament_votes[0].for_team_id: teams 9 is not in the file",
        ),
        (
            _body(tournament_squad_members=[{"squad_id": 3, "league_id": 1, "coach_id": 1, "added_at": 0}]),
            "tournament_squad_members[0].squad_id: tournament_squads 3 is not in the file",
        ),
    ],
)
def test_what_is_not_a_valid_event_file_is_refused_with_its_reason(body: dict[str, Any], reason: str) -> None:
    assert reason in _refusal(_data(body))


def test_a_broken_rulespack_or_a_league_is_refused() -> None:
    body = _body()
    body["tournaments"][0]["rulespack"] = json.dumps({"rounds": 0})
    assert "tournaments[0].rulespack" in _refusal(_data(body))
    body = _body()
    body["leagues"][0]["kind"] = "league"
    assert "kind 'league': only tournaments can be imported" in _refusal(_data(body))
    body = _body()
    body["tournament_entries"][0]["inducements"] = "[[1, 2"
    assert "tournament_entries[0].inducements: not JSON" in _refusal(_data(body))


def test_hostile_input_is_refused_before_it_is_built() -> None:
    data = _data(_body())
    assert "more than 50 JSON objects" in _refusal(data, max_objects=50)
    assert "unpacks to more than 64 MiB" in _refusal(gzip.compress(data), max_unpacked=100)
    assert "larger than 64 MiB" in _refusal(data, max_unpacked=100)
    assert "nested too deeply" in _refusal(b"[" * 100_000 + b"]" * 100_000)
    assert "damaged" in _refusal(gzip.compress(data)[:30])


def test_a_roll_whose_faces_lost_their_keys_is_refused() -> None:
    """A damaged key inside JSON text is still JSON: the faces are checked by their shape (the store reads
    `faces` and `labels`), so a damaged roll is refused rather than imported and unreadable."""
    roll = {
        "id": 1,
        "user_id": 1,
        "purpose": "kick-off",
        "expression": "d6",
        "faces": '{"faces": [3], "labels": ["3"]}',
        "total": 3,
        "fixture_id": None,
        "rolled_at": 0,
    }
    assert competition_file.parse(EVENT, _data(_body(dice_rolls=[roll])))
    damaged = roll | {"faces": '{"#aces": [3], "labels": ["3"]}'}
    assert "dice_rolls[0].faces" in _refusal(_data(_body(dice_rolls=[damaged])))
