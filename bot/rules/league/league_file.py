"""The league file: one league as one versioned JSON document (docs/EXPORT_FORMAT.md describes every field).

Pure: its tables and models (league_file_tables.py, re-exported here: this module is the file's front door),
the mapping of ids between the database and the file (the file numbers each table's rows 1, 2, 3 ... in the
order the database created them), the bytes it is written as, and the checks an imported file must pass
(references resolve, ledgers add up). No database, no Discord: the store reads and writes the rows, the
service runs the sequence.
"""

from __future__ import annotations

import gzip
import json
import zlib
from collections.abc import Iterable, Mapping, Sequence

from pydantic import ValidationError

from bot.errors import RuleViolation
from bot.rules.league.league_file_tables import TABLES, TABLES_BY_NAME, JsonShape, LeagueFile, Table
from bot.rules.league.league_settings import LeagueSettings
from bot.rules.match.match_result import ResultReport

__all__ = [
    "FORMAT",
    "MAX_UNPACKED",
    "TABLES",
    "TABLES_BY_NAME",
    "VERSION",
    "IdMap",
    "LeagueFile",
    "Row",
    "Table",
    "encode",
    "map_json",
    "map_row",
    "parse",
    "problems",
    "rows_for_import",
    "to_file",
]

FORMAT = "bb-league-bot/league"
VERSION = 1
MAX_UNPACKED = 64 * 1024 * 1024  # a gzipped file may not unpack to more than this
REASONS_SHOWN = 5

Row = dict[str, object]


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


def refused(reasons: Sequence[str]) -> RuleViolation:
    """A file that cannot be imported, refused with its first reasons (the parser's or the database's)."""
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
        raise refused([f"the gzip file is damaged ({error})"]) from error
    if unpacker.unconsumed_tail or not unpacker.eof:
        raise refused(["the gzip file is damaged or unpacks to more than 64 MiB"])
    return out


def parse(data: bytes) -> LeagueFile:
    """The file checked whole: JSON (or gzipped JSON), the format and version, every field, every reference,
    every ledger. Raises RuleViolation naming the first reasons."""
    try:
        body = json.loads(_unpack(data))
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise refused([f"it is not complete JSON ({error}); was the file cut short?"]) from error
    if not isinstance(body, dict) or body.get("format") != FORMAT:
        raise refused([f'it is not a league file (its "format" must be "{FORMAT}")'])
    if body.get("version") != VERSION:
        raise refused(
            [f"its version {body.get('version')!r} is not known (this bot reads version {VERSION})"]
        )
    try:
        file = LeagueFile.model_validate(body)
    except ValidationError as error:
        raise refused(
            [f"{'.'.join(str(p) for p in e['loc'])}: {e['msg']}" for e in error.errors()]
        ) from error
    reasons = problems(file)
    if reasons:
        raise refused(reasons)
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


def _json_text_problems(file: LeagueFile) -> list[str]:
    """JSON text columns (a roll's faces, a change's detail ...) that do not hold JSON."""
    reasons: list[str] = []
    for table in TABLES:
        for n, row in enumerate(file.rows(table.name)):
            for column in table.json_text:
                text = getattr(row, column)
                if text is None:
                    continue
                try:
                    json.loads(text)
                except json.JSONDecodeError as error:
                    reasons.append(f"{table.name}[{n}].{column}: not JSON ({error})")
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


def _sums(changes: Iterable[tuple[int, int]]) -> dict[int, int]:
    """A ledger's changes (owner, amount) summed per owner."""
    totals: dict[int, int] = {}
    for owner, amount in changes:
        totals[owner] = totals.get(owner, 0) + amount
    return totals


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
    reasons.extend(_json_text_problems(file))
    treasury = _sums((c.team_id, c.amount) for c in file.treasury_changes)
    reasons.extend(
        f"team {t.id} ({t.name}): treasury {t.treasury} is not the sum of its changes {treasury.get(t.id, 0)}"
        for t in file.teams
        if t.treasury != treasury.get(t.id, 0)
    )
    spp = _sums((c.player_id, c.spp_delta) for c in file.player_changes)
    reasons.extend(
        f"player {p.id} ({p.name}): SPP {p.spp} is not earned minus spent ({spp.get(p.id, 0)})"
        for p in file.players
        if p.spp != spp.get(p.id, 0)
    )
    return reasons


def rows_for_import(file: LeagueFile) -> list[tuple[Table, list[Row]]]:
    """Each table's rows as plain dicts, in the order they are written."""
    return [(t, [r.model_dump() for r in file.rows(t.name)]) for t in TABLES]
