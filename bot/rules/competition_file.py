"""A competition as one versioned JSON document: the machinery the league file (`/league export`) and the
event file (`/event export`) share (docs/EXPORT_FORMAT.md).

A kind of file (`FileKind`) is its format name and version, its tables (one pydantic model per table, in the
order they are written, with the columns that name rows of other tables) and its own checks. Everything
else is one function here for both: the mapping of ids between the database and the file (the file numbers
each table's rows 1, 2, 3 ... in the order the database created them), the bytes it is written as, and the
parse of an imported file, which is hostile input: bounded in bytes and in objects before it is read, then
checked whole (format, version, every field, every reference, every JSON text column, the kind's own rules)
before anything is written. Pure: no database, no Discord.
"""

from __future__ import annotations

import gzip
import json
import zlib
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Generic, Literal, Self, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError, model_validator

from bot.errors import RuleViolation
from bot.i18n import N_, _, ngettext, number
from bot.rules.times import in_range

MAX_UNPACKED = 64 * 1024 * 1024  # a gzipped file may not unpack to more than this
MAX_OBJECTS = 4_000_000  # JSON objects and arrays (counted by their opening brackets) a file may hold
REASONS_SHOWN = 5

Row = dict[str, object]
IdMap = dict[str, dict[int, int]]  # table -> (id on one side -> id on the other)
JsonShape = Literal["report", "list"]


MAX_NUMBER = 2**63 - 1  # a stored integer's range (a Discord id is up to 64 bits; gold, counts far less)
MAX_NAME = 100  # a name column (league, team, player, squad, coach): the commands allow 60, a coach's 100
MAX_TEXT = 200_000  # any other text column (a report, a summary, settings): far above what the bot writes


class FileRow(BaseModel):
    """One row of a table as the file holds it: its columns as the database keeps them, nothing else. Every
    number is one the bot could have written: a time (a column ending in `_at`) between 1970 and 2100
    (bot/rules/times.py), any other number a 64-bit integer; a name at most 100 characters, any other text at
    most 200,000."""

    model_config = ConfigDict(frozen=True, extra="forbid", strict=True)

    @model_validator(mode="after")
    def _numbers_in_range(self) -> Self:
        for name, value in self:
            if isinstance(value, str):
                most = MAX_NAME if name == "name" else MAX_TEXT
                if len(value) > most:
                    raise ValueError(
                        _(
                            "{name} is {length} characters long (at most {most})",
                            name=name,
                            length=number(len(value)),
                            most=number(most),
                        )
                    )
                continue
            if isinstance(value, bool) or not isinstance(value, int):
                continue
            if name.endswith("_at") and not in_range(value):
                raise ValueError(
                    _("{name} {value} is not a time the bot writes (1970 to 2100)", name=name, value=value)
                )
            if abs(value) > MAX_NUMBER:
                raise ValueError(_("{name} {value} is out of range", name=name, value=value))
        return self


@dataclass(frozen=True)
class Table:
    """One table of a file: its rows' model, whether rows carry their own `id`, the columns that name a row
    of another table (column -> table), the JSON text columns that hold ids (column -> (shape, table)), and
    the other JSON text columns (each must be JSON: the store reads them back), of which those in
    `json_models` must hold that model's shape (the store reads their keys)."""

    name: str
    model: type[FileRow]
    keyed: bool = True
    refs: Mapping[str, str] = field(default_factory=dict)
    json_refs: Mapping[str, tuple[JsonShape, str]] = field(default_factory=dict)
    json_text: tuple[str, ...] = ()
    json_models: Mapping[str, type[BaseModel]] = field(default_factory=dict)


class CompetitionFile(BaseModel):
    """A whole file: `format`, `version`, then one list of rows per table (the subclass names them)."""

    model_config = ConfigDict(frozen=True, extra="forbid", strict=True)

    def rows(self, table: str) -> list[FileRow]:
        return list(getattr(self, table))


F = TypeVar("F", bound=CompetitionFile)


@dataclass(frozen=True)
class FileKind(Generic[F]):
    """A kind of file: what its refusals call it ("league"), its format and version, its tables in the
    order they are written (each row's references before it), the model of the whole document, the model a
    "report" JSON column holds, and its own checks of a well-formed file (the generic ones included:
    `references_and_json` gives them)."""

    noun: str
    format: str
    version: int
    tables: tuple[Table, ...]
    model: type[F]
    report: type[BaseModel]
    check: Callable[[F], list[str]]

    def table(self, name: str) -> Table:
        return next(t for t in self.tables if t.name == name)


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


def to_file(kind: FileKind[F], raw: Mapping[str, Sequence[Mapping[str, object]]]) -> F:
    """The file of one competition from its database rows (each table's rows in the order the database
    made them). Raises KeyError when a row names a row that is not the competition's."""
    ids: IdMap = {
        t.name: {int(str(r["id"])): n for n, r in enumerate(raw[t.name], start=1)}
        for t in kind.tables
        if t.keyed
    }
    body: dict[str, object] = {"format": kind.format, "version": kind.version}
    for table in kind.tables:
        mapped = [map_row(table, r, ids) for r in raw[table.name]]
        if table.keyed:
            for r in mapped:
                r["id"] = ids[table.name][int(str(r["id"]))]
        else:
            mapped.sort(key=lambda r: json.dumps(r, sort_keys=True))
        body[table.name] = [table.model.model_validate(r) for r in mapped]
    return kind.model.model_validate(body)


def encode(kind: FileKind[F], file: F) -> bytes:
    """The file's bytes: sorted keys, one row per line, so the same competition always gives the same
    bytes."""
    body = file.model_dump(mode="json")
    lines = [f'{{"format": {json.dumps(kind.format)}, "version": {kind.version},']
    names = [t.name for t in kind.tables]
    for n, name in enumerate(names):
        rows = body[name]
        end = "," if n < len(names) - 1 else ""
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


# A kind's refusals, by its noun: a sentence each, so that a language words the kind its own way.
_CANNOT_IMPORT = {
    "league": N_("This league file cannot be imported:"),
    "event": N_("This event file cannot be imported:"),
    "file": N_("This file cannot be imported:"),
}
_NOT_A = {
    "league": N_('it is not a league file (its "format" must be "{format}")'),
    "event": N_('it is not an event file (its "format" must be "{format}")'),
    "file": N_('it is not the right kind of file (its "format" must be "{format}")'),
}


def refused(noun: str, reasons: Sequence[str]) -> RuleViolation:
    """A file that cannot be imported, refused with its first reasons (the parser's or the database's)."""
    shown = "\n".join(f"- {r}" for r in reasons[:REASONS_SHOWN])
    hidden = len(reasons) - REASONS_SHOWN
    more = "\n" + ngettext("(and {n} more)", "(and {n} more)", hidden) if hidden > 0 else ""
    return RuleViolation(_(_CANNOT_IMPORT[noun if noun in _CANNOT_IMPORT else "file"]) + f"\n{shown}{more}")


def _unpack(noun: str, data: bytes, limit: int) -> bytes:
    if data[:2] != b"\x1f\x8b":
        return data
    try:
        unpacker = zlib.decompressobj(wbits=31)
        out = unpacker.decompress(data, limit)
    except (zlib.error, EOFError, gzip.BadGzipFile) as error:
        raise refused(noun, [_("the gzip file is damaged ({error})", error=error)]) from error
    if unpacker.unconsumed_tail or not unpacker.eof:
        raise refused(
            noun,
            [_("the gzip file is damaged or unpacks to more than {size} MiB", size=MAX_UNPACKED // 2**20)],
        )
    return out


def parse(
    kind: FileKind[F], data: bytes, *, max_unpacked: int = MAX_UNPACKED, max_objects: int = MAX_OBJECTS
) -> F:
    """The file checked whole: JSON (or gzipped JSON) of at most `max_unpacked` bytes and `max_objects`
    objects and arrays, the format and version, every field, the kind's checks. Raises RuleViolation naming
    the first reasons. CPU-bound on a big file: a service runs it off the event loop."""
    text = _unpack(kind.noun, data, max_unpacked)
    if len(text) > max_unpacked:
        raise refused(kind.noun, [_("the file is larger than {size} MiB", size=MAX_UNPACKED // 2**20)])
    if text.count(b"{") + text.count(b"[") > max_objects:  # counted before anything is built from it
        raise refused(kind.noun, [_("it holds more than {count} JSON objects", count=number(max_objects))])
    try:
        body = json.loads(text)
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise refused(
            kind.noun, [_("it is not complete JSON ({error}); was the file cut short?", error=error)]
        ) from error
    except RecursionError as error:
        raise refused(kind.noun, [_("its JSON is nested too deeply")]) from error
    if not isinstance(body, dict) or body.get("format") != kind.format:
        raise refused(kind.noun, [_not_a(kind)])
    if body.get("version") != kind.version:
        raise refused(
            kind.noun,
            [
                _(
                    "its version {found} is not known (this bot reads version {version})",
                    found=repr(body.get("version")),
                    version=kind.version,
                )
            ],
        )
    try:
        file = kind.model.model_validate(body)
    except ValidationError as error:
        raise refused(
            kind.noun, [f"{'.'.join(str(p) for p in e['loc'])}: {e['msg']}" for e in error.errors()]
        ) from error
    reasons = kind.check(file)
    if reasons:
        raise refused(kind.noun, reasons)
    return file


def _not_a(kind: FileKind[F]) -> str:
    return _(_NOT_A[kind.noun if kind.noun in _NOT_A else "file"], format=kind.format)


def references_and_json(kind: FileKind[F], file: F) -> list[str]:
    """Every reference of the file resolves to a row of it (the ids inside JSON columns too), no table uses
    an id twice, and every JSON text column holds JSON."""
    return _reference_problems(kind, file) + _json_text_problems(kind, file)


def _reference_problems(kind: FileKind[F], file: F) -> list[str]:
    reasons: list[str] = []
    known: dict[str, set[int]] = {}
    for table in kind.tables:
        if table.keyed:
            got = [int(str(getattr(r, "id"))) for r in file.rows(table.name)]  # noqa: B009
            if len(set(got)) != len(got):
                reasons.append(_("{table}: an id is used twice", table=table.name))
            known[table.name] = set(got)
    for table in kind.tables:
        for n, row in enumerate(file.rows(table.name)):
            for column, target in table.refs.items():
                value = getattr(row, column)
                if value is not None and value not in known[target]:
                    reasons.append(f"{table.name}[{n}].{column}: " + _not_in_file(target, value))
            for column, (shape, target) in table.json_refs.items():
                text = getattr(row, column)
                if text is not None:
                    reasons.extend(
                        f"{table.name}[{n}].{column}: {p}"
                        for p in _json_problems(kind.report, shape, target, text, known)
                    )
    return reasons


def _json_text_problems(kind: FileKind[F], file: F) -> list[str]:
    """JSON text columns (a roll's faces, a change's detail ...) that do not hold JSON."""
    reasons: list[str] = []
    for table in kind.tables:
        for n, row in enumerate(file.rows(table.name)):
            for column in table.json_text:
                text = getattr(row, column)
                if text is None:
                    continue
                try:
                    json.loads(text)
                except (json.JSONDecodeError, RecursionError) as error:
                    reasons.append(f"{table.name}[{n}].{column}: " + _("not JSON ({error})", error=error))
                    continue
                if column in table.json_models:
                    try:
                        table.json_models[column].model_validate_json(text)
                    except ValidationError as error:
                        reasons.append(f"{table.name}[{n}].{column}: {str(error).splitlines()[0]}")
    return reasons


def _json_problems(
    report: type[BaseModel], shape: JsonShape, target: str, text: str, known: Mapping[str, set[int]]
) -> list[str]:
    try:
        if shape == "list":
            value = json.loads(text)
            if not isinstance(value, list) or not all(isinstance(i, int) for i in value):
                return [_("not a JSON list of ids")]
            return [_not_in_file(target, i) for i in value if i not in known[target]]
        report.model_validate_json(text)
        sides = json.loads(text)
    except (json.JSONDecodeError, ValidationError, RecursionError) as error:
        return [_("not a valid value ({error})", error=str(error).splitlines()[0])]
    out = []
    for name in ("home", "away"):
        side = sides[name]
        if side["team_id"] not in known["teams"]:
            out.append(_("team {id} is not in the file", id=side["team_id"]))
        out.extend(
            _("player {id} is not in the file", id=p["player_id"])
            for p in side.get("players", [])
            if p["player_id"] not in known["players"]
        )
    return out


def _not_in_file(table: str, value: object) -> str:
    """A reference to a row the file does not hold, named by its table as the file spells it."""
    return _("{table} {id} is not in the file", table=table, id=value)


def sums(changes: Iterable[tuple[int, int]]) -> dict[int, int]:
    """A ledger's changes (owner, amount) summed per owner."""
    totals: dict[int, int] = {}
    for owner, amount in changes:
        totals[owner] = totals.get(owner, 0) + amount
    return totals


def rows_for_import(kind: FileKind[F], file: F) -> list[tuple[Table, list[Row]]]:
    """Each table's rows as plain dicts, in the order they are written."""
    return [(t, [r.model_dump() for r in file.rows(t.name)]) for t in kind.tables]
