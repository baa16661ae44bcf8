"""The event file: one tournament as one versioned JSON document (`/event export`, `/event import`;
docs/EXPORT_FORMAT.md describes every field).

A tournament is a `leagues` row of kind 'tournament' whose teams, players, rounds, fixtures, reports, match
events and dice are the tables a league has (bot/rules/competition_tables.py); the event file holds those,
then the tournament's own tables below: its rulespack and status, its entries (spare mark, inducements, NAF
details), Skill-Point skills, squads, each round's tables and byes, votes, secret objectives and escalation
rosters. The machinery (ids, bytes, the bounded parse) is bot/rules/competition_file.py's, called with
`EVENT`, as the league file's is with `LEAGUE`. Pure: no database, no Discord.
"""

from __future__ import annotations

from typing import Literal

from pydantic import ValidationError

from bot.i18n import _
from bot.rules import competition_file
from bot.rules.competition_file import FileKind, FileRow, Table
from bot.rules.competition_tables import (
    COMPETITION_TABLES,
    CompetitionTables,
    ledger_problems,
    one_competition,
)
from bot.rules.match.match_result import ResultReport
from bot.rules.tournament.tournament_settings import Rulespack

FORMAT = "bb-league-bot/event"
VERSION = 1


class TournamentRow(FileRow):
    league_id: int
    rulespack: str
    status: str
    best_painted: int | None
    started_at: int | None
    finished_at: int | None


class EntryRow(FileRow):
    team_id: int
    league_id: int
    spare: int
    inducements: str
    fans_gained: int
    registered_at: int
    naf_name: str | None
    naf_number: int | None


class SkillRow(FileRow):
    player_id: int
    team_id: int
    skill: str
    created_at: int


class SquadRow(FileRow):
    id: int
    league_id: int
    name: str
    captain_id: int
    created_at: int


class SquadMemberRow(FileRow):
    squad_id: int
    league_id: int
    coach_id: int
    added_at: int


class TableRow(FileRow):
    id: int
    league_id: int
    round_number: int
    table_number: int
    fixture_id: int | None
    bye_team_id: int | None
    stage: str
    label: str | None


class VoteRow(FileRow):
    league_id: int
    kind: str
    voter_team_id: int
    for_team_id: int
    created_at: int


class ObjectiveRow(FileRow):
    id: int
    league_id: int
    fixture_id: int
    team_id: int
    results: str
    rolled_at: int


class EscalationPlayerRow(FileRow):
    player_id: int
    team_id: int
    joined: int
    skilled: int | None


class EscalationRoundRow(FileRow):
    team_id: int
    round_number: int
    rerolls: int
    assistant_coaches: int
    cheerleaders: int
    apothecary: int
    dedicated_fans: int
    inducements: str
    closed_at: int


_EVENT = {"league_id": "leagues"}
_TEAM = {"team_id": "teams"}

# The tournament's own tables, written after the shared ones (every reference comes before its row).
TOURNAMENT_TABLES: tuple[Table, ...] = (
    Table(
        "tournaments",
        TournamentRow,
        keyed=False,
        refs={**_EVENT, "best_painted": "teams"},
        json_text=("rulespack",),
    ),
    Table("tournament_entries", EntryRow, keyed=False, refs={**_TEAM, **_EVENT}, json_text=("inducements",)),
    Table("tournament_skills", SkillRow, keyed=False, refs={"player_id": "players", **_TEAM}),
    Table("tournament_squads", SquadRow, refs=_EVENT),
    Table(
        "tournament_squad_members",
        SquadMemberRow,
        keyed=False,
        refs={"squad_id": "tournament_squads", **_EVENT},
    ),
    Table(
        "tournament_tables",
        TableRow,
        refs={**_EVENT, "fixture_id": "fixtures", "bye_team_id": "teams"},
    ),
    Table(
        "tournament_votes",
        VoteRow,
        keyed=False,
        refs={**_EVENT, "voter_team_id": "teams", "for_team_id": "teams"},
    ),
    Table(
        "tournament_objectives",
        ObjectiveRow,
        refs={**_EVENT, "fixture_id": "fixtures", **_TEAM},
        json_text=("results",),
    ),
    Table(
        "tournament_escalation_players",
        EscalationPlayerRow,
        keyed=False,
        refs={"player_id": "players", **_TEAM},
    ),
    Table(
        "tournament_escalation_rounds",
        EscalationRoundRow,
        keyed=False,
        refs=_TEAM,
        json_text=("inducements",),
    ),
)
TABLES: tuple[Table, ...] = COMPETITION_TABLES + TOURNAMENT_TABLES


class EventFile(CompetitionTables):
    """The whole file: its format and version, the shared tables (`leagues` holds the one tournament),
    then the tournament's own."""

    format: Literal["bb-league-bot/event"]
    version: Literal[1]
    tournaments: list[TournamentRow]
    tournament_entries: list[EntryRow]
    tournament_skills: list[SkillRow]
    tournament_squads: list[SquadRow]
    tournament_squad_members: list[SquadMemberRow]
    tournament_tables: list[TableRow]
    tournament_votes: list[VoteRow]
    tournament_objectives: list[ObjectiveRow]
    tournament_escalation_players: list[EscalationPlayerRow]
    tournament_escalation_rounds: list[EscalationRoundRow]


def problems(file: EventFile) -> list[str]:
    """What is wrong with a well-formed file: one tournament (a `leagues` row of kind 'tournament' and its
    one `tournaments` row), a valid rulespack, references that resolve, JSON text that is JSON, and ledgers
    equal to their sums. (The league settings of its row are the service's to check: they are a league's.)"""
    if len(file.leagues) != 1:
        return one_competition(file, "tournament")
    reasons = one_competition(file, "tournament")
    if len(file.tournaments) != 1:
        reasons.append(
            _("it must hold exactly one tournaments row, not {count}", count=len(file.tournaments))
        )
    else:
        try:
            Rulespack.model_validate_json(file.tournaments[0].rulespack)
        except ValidationError as error:
            reasons.append(f"tournaments[0].rulespack: {str(error).splitlines()[0]}")
    return reasons + competition_file.references_and_json(EVENT, file) + ledger_problems(file)


EVENT: FileKind[EventFile] = FileKind(
    noun="event",
    format=FORMAT,
    version=VERSION,
    tables=TABLES,
    model=EventFile,
    report=ResultReport,
    check=problems,
)
