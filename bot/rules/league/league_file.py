"""The league file: one league as one versioned JSON document (docs/EXPORT_FORMAT.md describes every field).

Pure: the file's pydantic models (unknown fields forbidden), the tables in the order they are written, the
mapping of ids between the database and the file (the file numbers each table's rows 1, 2, 3 ... in the
order the database created them), and the checks an imported file must pass (references resolve, ledgers
add up). No database, no Discord: the store reads and writes the rows, the service runs the sequence.
"""

from __future__ import annotations

import gzip
import json
import zlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal

from pydantic import BaseModel, ConfigDict, ValidationError

from bot.errors import RuleViolation
from bot.rules.league.league_settings import LeagueSettings
from bot.rules.match.match_result import ResultReport

FORMAT = "bb-league-bot/league"
VERSION = 1
MAX_UNPACKED = 64 * 1024 * 1024  # a gzipped file may not unpack to more than this
REASONS_SHOWN = 5

Row = dict[str, object]


class _Row(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", strict=True)


class LeagueRow(_Row):
    id: int
    name: str
    settings: str
    created_by: int
    created_at: int
    kind: str


class SeasonRow(_Row):
    id: int
    league_id: int
    number: int
    status: str
    started_by: int
    started_at: int
    paused_at: int | None
    finished_at: int | None
    playoff_size: int | None


class DivisionRow(_Row):
    id: int
    season_id: int
    number: int
    name: str


class RoundRow(_Row):
    id: int
    season_id: int
    number: int
    starts_at: int
    deadline_at: int
    status: str
    processed_at: int | None


class ReminderRow(_Row):
    id: int
    round_id: int
    hours: int
    remind_at: int
    status: str
    sent_at: int | None


class TeamRow(_Row):
    id: int
    league_id: int
    coach_id: int
    name: str
    roster: str
    regional_league: str
    alignment: str | None
    status: str
    treasury: int
    rerolls: int
    assistant_coaches: int
    cheerleaders: int
    apothecary: int
    dedicated_fans: int
    review_note: str | None
    created_at: int


class DivisionTeamRow(_Row):
    division_id: int
    team_id: int


class StarContractRow(_Row):
    id: int
    league_id: int
    season_id: int
    team_id: int
    star: str
    members: str
    cost: int
    familiar_face: int
    how: str
    actor_id: int
    status: str
    created_at: int


class FixtureRow(_Row):
    id: int
    league_id: int
    season_id: int | None
    round_id: int | None
    division_id: int | None
    kind: str
    home_team_id: int
    away_team_id: int
    status: str
    report: str | None
    report_version: int
    reported_by: int | None
    reported_at: int | None
    confirmed_by: int | None
    confirmed_at: int | None
    home_score: int | None
    away_score: int | None
    home_cas: int | None
    away_cas: int | None
    home_outcome: str | None
    away_outcome: str | None
    counts_for_bonus: int
    created_at: int
    conceded_by: str | None
    concede_requested_by: int | None
    auto_confirm_at: int | None
    settled_by: str | None
    deadline_at: int | None
    deadline_processed_at: int | None
    playoff_stage: int | None
    playoff_slot: int | None
    third_place: int


class FixtureReportRow(_Row):
    id: int
    fixture_id: int
    version: int
    action: str
    report: str | None
    actor_id: int
    reason: str | None
    created_at: int


class PlayerRow(_Row):
    id: int
    team_id: int
    number: int
    name: str
    position: str
    hiring_fee: int
    value_increase: int
    spp: int
    status: str
    miss_next_game: int
    niggling_injuries: int
    temporarily_retired: int
    journeyman: int
    created_at: int
    ma_change: int
    st_change: int
    ag_change: int
    pa_change: int
    av_change: int
    advancements: int
    hired_in_fixture: int | None
    seasons_played: int
    star_contract: int | None


class TreasuryChangeRow(_Row):
    id: int
    team_id: int
    amount: int
    balance_after: int
    cause: str
    fixture_id: int | None
    actor_id: int
    created_at: int


class PlayerChangeRow(_Row):
    id: int
    team_id: int
    player_id: int
    fixture_id: int | None
    kind: str
    spp_delta: int
    detail: str
    actor_id: int
    created_at: int


class TeamChangeRow(_Row):
    id: int
    team_id: int
    fixture_id: int | None
    kind: str
    before: int
    after: int
    cause: str
    actor_id: int
    created_at: int


class TeamPostgameRow(_Row):
    id: int
    fixture_id: int
    team_id: int
    status: str
    fan_factor: int | None
    winnings: int
    fans_before: int
    fans_after: int
    missed_player_ids: str
    summary: str
    created_at: int
    finished_by: int | None
    finished_at: int | None
    staff_before: str | None
    winnings_die: int | None = None  # since migration 0026 (classic ruleset)
    winnings_reroll: str | None = None


class PlayerAdvancementRow(_Row):
    id: int
    team_id: int
    player_id: int
    fixture_id: int | None
    kind: str
    skill: str | None
    characteristic: str | None
    spp_cost: int
    value_increase: int
    actor_id: int
    created_at: int


class PendingAdvancementRow(_Row):
    id: int
    team_id: int
    player_id: int
    fixture_id: int | None
    kind: str
    category: str | None
    spp_cost: int
    options: str
    forced: int
    rolls: str
    status: str
    created_at: int


class PlayerTraitRow(_Row):
    id: int
    team_id: int
    player_id: int
    fixture_id: int | None
    trait: str
    parameter: str | None
    options: str
    status: str
    created_at: int
    changed_at: int | None


class MatchEventRow(_Row):
    id: int
    fixture_id: int
    half: int
    name: str
    d8: int
    d6: int
    actor_id: int
    created_at: int


class InducementPhaseRow(_Row):
    fixture_id: int
    home_ctv: int
    away_ctv: int
    favourite: str | None
    stage: str
    favourite_spent: int
    created_at: int


class FixtureInducementRow(_Row):
    id: int
    fixture_id: int
    team_id: int
    inducement: str
    star: str | None
    count: int
    cost: int
    from_petty: int
    from_treasury: int
    actor_id: int
    created_at: int


class FixturePregameRow(_Row):
    id: int
    fixture_id: int
    step: str
    result: str
    recorded: int
    actor_id: int
    created_at: int


class PenaltyShootoutRow(_Row):
    fixture_id: int
    roll_offs: str
    winner: str
    actor_id: int
    created_at: int


class PlayoffQualifierRow(_Row):
    season_id: int
    team_id: int
    seed: int
    division_number: int
    division_place: int


class SeasonAwardRow(_Row):
    season_id: int
    place: int
    team_id: int
    prize: int
    created_at: int


class TeamRedraftRow(_Row):
    id: int
    league_id: int
    team_id: int
    after_season_id: int
    budget: int
    lost: int
    previous_players: str
    summary: str
    actor_id: int
    created_at: int


class SigningDraftRow(_Row):
    id: int
    league_id: int
    season_id: int
    team_order: str
    status: str
    pick_deadline_at: int | None
    reminded: int
    log: str
    created_at: int


class DiceRollRow(_Row):
    id: int
    user_id: int
    purpose: str
    expression: str
    faces: str
    total: int | None
    fixture_id: int | None
    rolled_at: int


class AuditLogRow(_Row):
    id: int
    league_id: int | None
    actor_id: int
    action: str
    detail: str
    reason: str | None
    created_at: int


JsonShape = Literal["report", "list"]


@dataclass(frozen=True)
class Table:
    """One table of the file: its rows' model, whether rows carry their own `id`, the columns that name a row
    of another table (column -> table), and the JSON text columns that hold ids (column -> (shape, table))."""

    name: str
    model: type[_Row]
    keyed: bool = True
    refs: Mapping[str, str] = field(default_factory=dict)
    json_refs: Mapping[str, tuple[JsonShape, str]] = field(default_factory=dict)


_FX = {"fixture_id": "fixtures"}
_TEAM_PLAYER_FX = {"team_id": "teams", "player_id": "players", "fixture_id": "fixtures"}

# In the order they are written: every row's references come before it.
TABLES: tuple[Table, ...] = (
    Table("leagues", LeagueRow),
    Table("seasons", SeasonRow, refs={"league_id": "leagues"}),
    Table("divisions", DivisionRow, refs={"season_id": "seasons"}),
    Table("rounds", RoundRow, refs={"season_id": "seasons"}),
    Table("reminders", ReminderRow, refs={"round_id": "rounds"}),
    Table("teams", TeamRow, refs={"league_id": "leagues"}),
    Table(
        "division_teams", DivisionTeamRow, keyed=False, refs={"division_id": "divisions", "team_id": "teams"}
    ),
    Table(
        "star_contracts",
        StarContractRow,
        refs={"league_id": "leagues", "season_id": "seasons", "team_id": "teams"},
    ),
    Table(
        "fixtures",
        FixtureRow,
        refs={
            "league_id": "leagues",
            "season_id": "seasons",
            "round_id": "rounds",
            "division_id": "divisions",
            "home_team_id": "teams",
            "away_team_id": "teams",
            "concede_requested_by": "teams",
        },
        json_refs={"report": ("report", "")},
    ),
    Table("fixture_reports", FixtureReportRow, refs=_FX, json_refs={"report": ("report", "")}),
    Table(
        "players",
        PlayerRow,
        refs={"team_id": "teams", "hired_in_fixture": "fixtures", "star_contract": "star_contracts"},
    ),
    Table("treasury_changes", TreasuryChangeRow, refs={"team_id": "teams", "fixture_id": "fixtures"}),
    Table("player_changes", PlayerChangeRow, refs=_TEAM_PLAYER_FX),
    Table("team_changes", TeamChangeRow, refs={"team_id": "teams", "fixture_id": "fixtures"}),
    Table(
        "team_postgames",
        TeamPostgameRow,
        refs={"fixture_id": "fixtures", "team_id": "teams"},
        json_refs={"missed_player_ids": ("list", "players")},
    ),
    Table("player_advancements", PlayerAdvancementRow, refs=_TEAM_PLAYER_FX),
    Table("pending_advancements", PendingAdvancementRow, refs=_TEAM_PLAYER_FX),
    Table("player_traits", PlayerTraitRow, refs=_TEAM_PLAYER_FX),
    Table("match_events", MatchEventRow, refs=_FX),
    Table("inducement_phases", InducementPhaseRow, keyed=False, refs=_FX),
    Table("fixture_inducements", FixtureInducementRow, refs={"fixture_id": "fixtures", "team_id": "teams"}),
    Table("fixture_pregame", FixturePregameRow, refs=_FX),
    Table("penalty_shootouts", PenaltyShootoutRow, keyed=False, refs=_FX),
    Table(
        "playoff_qualifiers",
        PlayoffQualifierRow,
        keyed=False,
        refs={"season_id": "seasons", "team_id": "teams"},
    ),
    Table("season_awards", SeasonAwardRow, keyed=False, refs={"season_id": "seasons", "team_id": "teams"}),
    Table(
        "team_redrafts",
        TeamRedraftRow,
        refs={"league_id": "leagues", "team_id": "teams", "after_season_id": "seasons"},
        json_refs={"previous_players": ("list", "players")},
    ),
    Table(
        "signing_drafts",
        SigningDraftRow,
        refs={"league_id": "leagues", "season_id": "seasons"},
        json_refs={"team_order": ("list", "teams")},
    ),
    Table("dice_rolls", DiceRollRow, refs=_FX),
    Table("audit_log", AuditLogRow, refs={"league_id": "leagues"}),
)
TABLES_BY_NAME = {t.name: t for t in TABLES}


class LeagueFile(BaseModel):
    """The whole file. `leagues` holds exactly one row; each other list holds that table's rows."""

    model_config = ConfigDict(frozen=True, extra="forbid", strict=True)

    format: Literal["bb-league-bot/league"]
    version: Literal[1]
    leagues: list[LeagueRow]
    seasons: list[SeasonRow]
    divisions: list[DivisionRow]
    rounds: list[RoundRow]
    reminders: list[ReminderRow]
    teams: list[TeamRow]
    division_teams: list[DivisionTeamRow]
    star_contracts: list[StarContractRow]
    fixtures: list[FixtureRow]
    fixture_reports: list[FixtureReportRow]
    players: list[PlayerRow]
    treasury_changes: list[TreasuryChangeRow]
    player_changes: list[PlayerChangeRow]
    team_changes: list[TeamChangeRow]
    team_postgames: list[TeamPostgameRow]
    player_advancements: list[PlayerAdvancementRow]
    pending_advancements: list[PendingAdvancementRow]
    player_traits: list[PlayerTraitRow]
    match_events: list[MatchEventRow]
    inducement_phases: list[InducementPhaseRow]
    fixture_inducements: list[FixtureInducementRow]
    fixture_pregame: list[FixturePregameRow] = []  # since migration 0025; files made before have none
    penalty_shootouts: list[PenaltyShootoutRow]
    playoff_qualifiers: list[PlayoffQualifierRow]
    season_awards: list[SeasonAwardRow]
    team_redrafts: list[TeamRedraftRow]
    signing_drafts: list[SigningDraftRow]
    dice_rolls: list[DiceRollRow]
    audit_log: list[AuditLogRow]

    def rows(self, table: str) -> list[_Row]:
        return list(getattr(self, table))


IdMap = dict[str, dict[int, int]]  # table -> (id on one side -> id on the other)


def _remap_json(shape: JsonShape, table: str, text: str, ids: IdMap) -> str:
    """The JSON text with each id it holds mapped (a report's team and player ids, or a list of ids)."""
    value = json.loads(text)
    if shape == "list":
        return json.dumps([ids[table][int(i)] for i in value])
    for side in ("home", "away"):
        value[side]["team_id"] = ids["teams"][value[side]["team_id"]]
        for line in value[side].get("players", []):
            line["player_id"] = ids["players"][line["player_id"]]
    return json.dumps(value, separators=(",", ":"))


def map_row(table: Table, row: Mapping[str, object], ids: IdMap, *, with_json: bool = True) -> Row:
    """A row with its references mapped through `ids` (database -> file on export, file -> database on
    import). Its own id is left as it is; columns the model does not hold (guild, channels) are dropped.
    Without `with_json` the ids inside JSON columns are left for `map_json` (an import writes a fixture's
    report before its players exist)."""
    out: Row = {}
    for column in table.model.model_fields:
        value = row[column]
        if value is not None and column in table.refs:
            value = ids[table.refs[column]][int(str(value))]
        out[column] = value
    if with_json:
        out.update(map_json(table, row, ids))
    return out


def map_json(table: Table, row: Mapping[str, object], ids: IdMap) -> Row:
    """The row's JSON columns that hold ids, with the ids mapped through `ids`."""
    out: Row = {}
    for column, (shape, target) in table.json_refs.items():
        value = row[column]
        out[column] = None if value is None else _remap_json(shape, target, str(value), ids)
    return out


def to_file(raw: Mapping[str, Sequence[Mapping[str, object]]]) -> LeagueFile:
    """The file of one league from its database rows (each table's rows in the order the database made them).
    Raises KeyError when a row names a row that is not the league's."""
    ids: IdMap = {
        t.name: {int(str(r["id"])): n for n, r in enumerate(raw[t.name], start=1)} for t in TABLES if t.keyed
    }
    body: dict[str, object] = {"format": FORMAT, "version": VERSION}
    for table in TABLES:
        rows = raw[table.name]
        mapped = [map_row(table, r, ids) for r in rows]
        if table.keyed:
            for r in mapped:
                r["id"] = ids[table.name][int(str(r["id"]))]
        else:
            mapped.sort(key=lambda r: json.dumps(r, sort_keys=True))
        body[table.name] = [table.model.model_validate(r) for r in mapped]
    return LeagueFile.model_validate(body)


def encode(file: LeagueFile) -> bytes:
    """The file's bytes: sorted keys, one row per line, so the same league always gives the same bytes."""
    body = file.model_dump(mode="json")
    lines = [f'{{"format": {json.dumps(FORMAT)}, "version": {VERSION},']
    tables = [t.name for t in TABLES]
    for n, name in enumerate(tables):
        rows = body[name]
        end = "," if n < len(tables) - 1 else ""
        if not rows:
            lines.append(f'"{name}": []{end}')
            continue
        lines.append(f'"{name}": [')
        lines.extend(
            json.dumps(r, sort_keys=True, ensure_ascii=False) + ("," if i < len(rows) - 1 else "")
            for i, r in enumerate(rows)
        )
        lines.append(f"]{end}")
    lines.append("}")
    return ("\n".join(lines) + "\n").encode()


def _refused(reasons: Sequence[str]) -> RuleViolation:
    shown = "\n".join(f"- {r}" for r in reasons[:REASONS_SHOWN])
    more = f"\n(and {len(reasons) - REASONS_SHOWN} more)" if len(reasons) > REASONS_SHOWN else ""
    return RuleViolation(f"This league file cannot be imported:\n{shown}{more}")


def _unpack(data: bytes) -> bytes:
    if data[:2] != b"\x1f\x8b":
        return data
    try:
        unpacker = zlib.decompressobj(wbits=31)
        out = unpacker.decompress(data, MAX_UNPACKED)
    except (zlib.error, EOFError, gzip.BadGzipFile) as error:
        raise _refused([f"the gzip file is damaged ({error})"]) from error
    if unpacker.unconsumed_tail or not unpacker.eof:
        raise _refused(["the gzip file is damaged or unpacks to more than 64 MiB"])
    return out


def parse(data: bytes) -> LeagueFile:
    """The file checked whole: JSON (or gzipped JSON), the format and version, every field, every reference,
    every ledger. Raises RuleViolation naming the first reasons."""
    try:
        body = json.loads(_unpack(data))
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise _refused([f"it is not complete JSON ({error}); was the file cut short?"]) from error
    if not isinstance(body, dict) or body.get("format") != FORMAT:
        raise _refused([f'it is not a league file (its "format" must be "{FORMAT}")'])
    if body.get("version") != VERSION:
        raise _refused(
            [f"its version {body.get('version')!r} is not known (this bot reads version {VERSION})"]
        )
    try:
        file = LeagueFile.model_validate(body)
    except ValidationError as error:
        raise _refused(
            [f"{'.'.join(str(p) for p in e['loc'])}: {e['msg']}" for e in error.errors()]
        ) from error
    reasons = problems(file)
    if reasons:
        raise _refused(reasons)
    return file


def _reference_problems(file: LeagueFile) -> list[str]:
    reasons: list[str] = []
    known: dict[str, set[int]] = {}
    for table in TABLES:
        if table.keyed:
            got = [int(str(getattr(r, "id"))) for r in file.rows(table.name)]  # noqa: B009
            if len(set(got)) != len(got):
                reasons.append(f"{table.name}: an id is used twice")
            known[table.name] = set(got)
    for table in TABLES:
        for n, row in enumerate(file.rows(table.name)):
            for column, target in table.refs.items():
                value = getattr(row, column)
                if value is not None and value not in known[target]:
                    reasons.append(f"{table.name}[{n}].{column}: {target} {value} is not in the file")
            for column, (shape, target) in table.json_refs.items():
                text = getattr(row, column)
                if text is not None:
                    reasons.extend(
                        f"{table.name}[{n}].{column}: {p}" for p in _json_problems(shape, target, text, known)
                    )
    return reasons


def _json_problems(shape: JsonShape, target: str, text: str, known: Mapping[str, set[int]]) -> list[str]:
    try:
        if shape == "list":
            value = json.loads(text)
            if not isinstance(value, list) or not all(isinstance(i, int) for i in value):
                return ["not a JSON list of ids"]
            return [f"{target} {i} is not in the file" for i in value if i not in known[target]]
        report = ResultReport.model_validate_json(text)
    except (json.JSONDecodeError, ValidationError) as error:
        return [f"not a valid value ({str(error).splitlines()[0]})"]
    out = []
    for side in (report.home, report.away):
        if side.team_id not in known["teams"]:
            out.append(f"team {side.team_id} is not in the file")
        out.extend(
            f"player {p.player_id} is not in the file"
            for p in side.players
            if p.player_id not in known["players"]
        )
    return out


def problems(file: LeagueFile) -> list[str]:
    """What is wrong with a well-formed file: one league (of kind 'league'), valid settings, references
    that resolve, and ledgers equal to their sums (a treasury to its changes, a player's SPP to earned
    minus spent)."""
    if len(file.leagues) != 1:
        return [f"it must hold exactly one league, not {len(file.leagues)}"]
    league = file.leagues[0]
    reasons: list[str] = []
    if league.kind != "league":
        reasons.append(f"kind {league.kind!r}: only leagues can be imported")
    try:
        LeagueSettings.model_validate_json(league.settings)
    except ValidationError as error:
        reasons.append(f"leagues[0].settings: {str(error).splitlines()[0]}")
    reasons.extend(_reference_problems(file))
    treasury: dict[int, int] = {}
    for change in file.treasury_changes:
        treasury[change.team_id] = treasury.get(change.team_id, 0) + change.amount
    reasons.extend(
        f"team {t.id} ({t.name}): treasury {t.treasury} is not the sum of its changes {treasury.get(t.id, 0)}"
        for t in file.teams
        if t.treasury != treasury.get(t.id, 0)
    )
    spp: dict[int, int] = {}
    for pc in file.player_changes:
        spp[pc.player_id] = spp.get(pc.player_id, 0) + pc.spp_delta
    reasons.extend(
        f"player {p.id} ({p.name}): SPP {p.spp} is not earned minus spent ({spp.get(p.id, 0)})"
        for p in file.players
        if p.spp != spp.get(p.id, 0)
    )
    return reasons


def rows_for_import(file: LeagueFile) -> list[tuple[Table, list[Row]]]:
    """Each table's rows as plain dicts, in the order they are written."""
    return [(t, [r.model_dump() for r in file.rows(t.name)]) for t in TABLES]
