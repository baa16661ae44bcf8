"""PostgreSQL's side of a unit of work: the store's statements as PostgreSQL takes them, its rows, and the
connection a unit sees (bot/store/postgres.py is the engine around it: transactions, retries, migrations).

Inside a unit of work the statements go through libpq itself (psycopg's `pq`, its libpq wrapper) in
pipeline mode, with psycopg's adapters for the values and the rows: a statement is added to libpq's
buffer, bound server-side and prepared the first time the connection sends it, and nothing is sent until
the unit reads an answer; the server's answers are taken in order. A psycopg cursor costs some 20 to 40 µs
of Python a statement and sends each one at once; this costs a few, and the server is woken once per read
instead of once per statement. Outside a unit (the migrations, the engine's own look-ups) psycopg's cursors
run the statements.
"""

from __future__ import annotations

import itertools
import logging
import re
import select
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, NoReturn

import psycopg
from psycopg import pq
from psycopg.adapt import Loader, PyFormat
from psycopg.rows import RowMaker

from bot.store.connection import Connection

log = logging.getLogger(__name__)

PREPARED_MAX = 2000  # statements kept prepared on the server per connection (the store uses a few hundred)
ID_TABLES = (
    "SELECT table_name FROM information_schema.columns"
    " WHERE table_schema = current_schema() AND column_name = 'id' AND is_identity = 'YES'"
)


# -- statements -------------------------------------------------------------------------------------------

_INSERT_INTO = re.compile(r"^\s*INSERT\s+INTO\s+([A-Za-z_][A-Za-z0-9_]*)", re.IGNORECASE)
_RETURNING = re.compile(r"\bRETURNING\b", re.IGNORECASE)
_QUOTE_OR_COMMENT = re.compile(r"'|\"|--")
_NAMED_MARK = re.compile(r"(?<![:\w]):([A-Za-z_]\w*)")
_ANY_MARK = re.compile(r"\?|(?<![:\w]):([A-Za-z_]\w*)")
_REPEATABLE = re.compile(r"^\s*SELECT\b", re.IGNORECASE)
_WRITES_ONE_TABLE = re.compile(r"^\s*(?:INSERT\s+INTO|UPDATE)\s+([A-Za-z_][A-Za-z0-9_]*)", re.IGNORECASE)
_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_VOLATILE = re.compile(r"\b(setval|nextval|random|now|clock_timestamp|pg_\w+)\s*\(", re.IGNORECASE)
_UNTYPED_MARK = re.compile(r"(\?|(?<![:\w]):[A-Za-z_]\w*)\s+IS\s+(NOT\s+)?NULL\b", re.IGNORECASE)


def outside_literals(sql: str, replace: Callable[[str], str], *, drop_comments: bool = False) -> str:
    """`sql` with `replace` applied to each stretch of it outside quotes and `--` comments."""
    out: list[str] = []
    i, n = 0, len(sql)
    while i < n:
        quote = _QUOTE_OR_COMMENT.search(sql, i)
        start = n if quote is None else quote.start()
        out.append(replace(sql[i:start]))
        if quote is None:
            break
        if quote.group() == "--":
            end = sql.find("\n", start)
            end = n if end < 0 else end
            if not drop_comments:
                out.append(sql[start:end])
        else:
            end = sql.find(quote.group(), start + 1)
            end = n if end < 0 else end + 1
            out.append(sql[start:end])
        i = end
    return "".join(out)


def _marks(text: str) -> str:
    return _NAMED_MARK.sub(r"%(\1)s", text.replace("?", "%s"))


def numbered(sql: str) -> tuple[str, tuple[str, ...] | None]:
    """A store statement with PostgreSQL's own marks, as libpq sends it: each `?` is `$1`, `$2` ... in
    order; each `:name` is the number of its name (the same name, the same number), and the names in that
    order are returned (None for `?` marks). Quotes and comments are left as they are."""
    names: list[str] = []
    count = 0

    def mark(match: re.Match[str]) -> str:
        nonlocal count
        if match.group() == "?":
            count += 1
            return f"${count}"
        if match.group(1) not in names:
            names.append(match.group(1))
        return f"${names.index(match.group(1)) + 1}"

    text = outside_literals(sql, lambda part: _ANY_MARK.sub(mark, part))
    return text, (tuple(names) if names else None)


def statement(sql: str, id_tables: frozenset[str]) -> tuple[str, bool]:
    """A store statement as PostgreSQL takes it, and whether it returns the new row's id. Every `%` is
    doubled (psycopg reads each one of a statement it binds, quoted or not), each `?` mark is `%s` and each
    `:name` mark `%(name)s`."""
    translated = outside_literals(sql.replace("%", "%%"), _marks)
    insert = _INSERT_INTO.match(sql)
    if insert and insert.group(1).lower() in id_tables and not _RETURNING.search(sql):
        return translated.rstrip().rstrip(";") + " RETURNING id", True
    return translated, False


# -- rows and values ---------------------------------------------------------------------------------------


class PgRow(tuple[Any, ...]):
    """A row read by position or by (case-insensitive) column name, like sqlite3.Row. Each shape of result
    has its own subclass (`_row_class`) holding the names, so that a row is made as a plain tuple is."""

    __slots__ = ()
    _names: ClassVar[dict[str, int]] = {}

    def __getitem__(self, key: Any) -> Any:
        if key.__class__ is str:
            try:
                return tuple.__getitem__(self, self._names[key])
            except KeyError:  # the store names columns in lower case: lower() only when it does not
                return tuple.__getitem__(self, self._names[key.lower()])
        return tuple.__getitem__(self, key)

    def keys(self) -> list[str]:
        return list(self._names)


_ROW_CLASSES: dict[tuple[bytes, ...], type[PgRow]] = {}  # a result's column names -> its rows' class


def _row_class(result: pq.abc.PGresult | None) -> type[PgRow]:
    """The class of a result's rows, which knows its column names (lower case) and their positions."""
    fields = () if result is None else tuple(result.fname(i) or b"" for i in range(result.nfields))
    found = _ROW_CLASSES.get(fields)
    if found is None:
        names = {field.decode().lower(): i for i, field in enumerate(fields)}
        found = _ROW_CLASSES[fields] = type("PgRow", (PgRow,), {"__slots__": (), "_names": names})
    return found


def _row_factory(cursor: Any) -> RowMaker[PgRow]:
    return _row_class(cursor.pgresult)


class _NumberLoader(Loader):
    """`numeric` as SQLite would give it: an int when whole (a SUM of bigints), else a float."""

    def load(self, data: Any) -> int | float:
        text = bytes(data).decode()
        try:
            return int(text)
        except ValueError:
            return float(text)


def _value(value: Any) -> Any:
    if isinstance(value, bool):
        return int(value)  # SQLite's booleans are the integers 0 and 1
    if isinstance(value, str) and "\x00" in value:
        return value.replace("\x00", "")  # PostgreSQL's text cannot hold a NUL, which means nothing in text
    return value


# -- the connection a unit of work sees ---------------------------------------------------------------------


def wait_for_socket(socket: int, *, writing: bool = False) -> bool:
    """Block until the server's socket has something to read (or, `writing`, room to write); whether it
    has something to read. poll() where there is one: select() refuses a descriptor past 1024."""
    if not hasattr(select, "poll"):
        readable, _writable, _ = select.select([socket], [socket] if writing else [], [])
        return bool(readable)
    poller = select.poll()
    poller.register(socket, select.POLLIN | (select.POLLOUT if writing else 0))
    return any(events & (select.POLLIN | select.POLLERR | select.POLLHUP) for _fd, events in poller.poll())


@dataclass(frozen=True)
class _Statement:
    """A store statement as PostgreSQL takes it and what the connection knows of it."""

    text: str  # psycopg's form (`statement`): bound client-side, or outside a unit of work
    native: bytes  # libpq's form (`numbered`, with RETURNING id where `returns_id`): sent in a unit of work
    names: tuple[str, ...] | None  # the `:name` marks in their numbers' order; None: `?` marks
    returns_id: bool
    untyped: bool  # binds client-side: a mark typed by nothing but its value (`? IS NULL`)
    reads: frozenset[str] | None  # a SELECT calling nothing volatile: its words; else None
    writes: str | None  # the one table an INSERT or UPDATE changes; None: it may change any


_STATEMENT, _PREPARE, _SYNC = 0, 1, 2  # what an answer is the answer to
_FATAL_ERROR = pq.ExecStatus.FATAL_ERROR
_PIPELINE_ABORTED = pq.ExecStatus.PIPELINE_ABORTED
_TEXT = pq.Format.TEXT


class _Answer:
    """What the server answers to one message sent in pipeline mode (a statement, a prepare, a sync),
    once it is in (`PgConnection.wait_for`)."""

    __slots__ = ("done", "error", "kind", "prepared", "quiet", "result")

    def __init__(self, kind: int, prepared: tuple[bytes, tuple[int, ...]] | None = None) -> None:
        self.kind = kind
        self.prepared = prepared  # a prepare's statement and types (forgotten if it fails)
        self.result: pq.abc.PGresult | None = None
        self.error: psycopg.Error | None = None
        self.done = False
        self.quiet = False  # an answer to a read-only unit already over: a refusal is only logged


class PgCursor:
    """A statement's result. The statement was sent in pipeline mode (see `PgConnection`): its rows, row
    count or new id are waited for when first read."""

    def __init__(self, conn: PgConnection, answers: list[_Answer], returns_id: bool) -> None:
        self._conn = conn
        self._answers = answers  # one, or an executemany's
        self._returns_id = returns_id
        self._rows: PgRows | None = None

    def _result(self) -> PgRows:
        if self._rows is None:
            self._rows = PgRows(self._conn.rows_of(self._answers[-1]))
        return self._rows

    @property
    def lastrowid(self) -> int | None:
        if not self._returns_id:
            return None
        rows = self._conn.rows_of(self._answers[-1])
        return int(rows[0][0]) if rows else None

    @property
    def rowcount(self) -> int:
        total = 0
        for answer in self._answers:
            result = self._conn.wait_for(answer)
            total += result.command_tuples or 0 if result is not None else 0
        return total

    def fetchone(self) -> Any:
        return self._result().fetchone()

    def fetchall(self) -> list[Any]:
        return self._result().fetchall()

    def __iter__(self) -> Iterator[Any]:
        return iter(self._result())


class _Direct:
    """A statement's result outside a unit of work (psycopg's own cursor, no pipeline)."""

    def __init__(self, cursor: psycopg.Cursor[PgRow], returns_id: bool) -> None:
        self._cursor = cursor
        self._returns_id = returns_id

    @property
    def lastrowid(self) -> int | None:
        row = self._cursor.fetchone() if self._returns_id else None
        return None if row is None else int(row[0])

    @property
    def rowcount(self) -> int:
        return self._cursor.rowcount

    def fetchone(self) -> Any:
        return self._cursor.fetchone()

    def fetchall(self) -> list[Any]:
        return self._cursor.fetchall()

    def __iter__(self) -> Iterator[Any]:
        return iter(self._cursor)


class PgRows:
    """A read's rows, all in hand."""

    lastrowid = None

    def __init__(self, rows: list[PgRow]) -> None:
        self._rows = rows
        self._next = 0
        self.rowcount = len(rows)

    def fetchone(self) -> Any:
        if self._next >= len(self._rows):
            return None
        self._next += 1
        return self._rows[self._next - 1]

    def fetchall(self) -> list[Any]:
        rest, self._next = self._rows[self._next :], len(self._rows)
        return rest

    def __iter__(self) -> Iterator[Any]:
        return iter(self.fetchall())


class _Read:
    """A read this unit sent, with the words of its statement (the tables it reads are among them)."""

    __slots__ = ("answer", "words")

    def __init__(self, answer: _Answer, words: frozenset[str]) -> None:
        self.answer = answer
        self.words = words


class _Sent(BaseException):  # not an Exception: a read's own `except Exception` does not catch it
    def __init__(self, sql: str | None, parameters: Sequence[Any] | Mapping[str, Any]) -> None:
        super().__init__()
        self.sql = sql
        self.parameters = parameters


class _FirstStatement:
    """A connection that runs nothing: it stops a read at its first statement, to learn which it is."""

    def execute(self, sql: str, parameters: Sequence[Any] | Mapping[str, Any] = (), /) -> NoReturn:
        raise _Sent(sql, parameters)

    def executemany(self, sql: str, parameters: Iterable[Sequence[Any]], /) -> NoReturn:
        raise _Sent(None, ())


class PgConnection:
    """The store's `Connection` over one psycopg connection (see the module's notes): libpq's pipeline
    mode in a unit of work, psycopg's cursors outside one."""

    def __init__(self, raw: psycopg.Connection[PgRow]) -> None:
        self.raw = raw
        self._pgconn = raw.pgconn
        self._adapt = psycopg.adapt.Transformer(raw)  # the connection's adapters: dumps values, loads rows
        self._encoding = raw.info.encoding
        self._id_tables: frozenset[str] = frozenset()
        self._statements: dict[str, _Statement] = {}
        self._prepared: dict[tuple[bytes, tuple[int, ...]], bytes] = {}  # (statement, types) -> its name
        self._numbers = itertools.count(1)  # prepared statements' names
        self._answers: deque[_Answer] = deque()  # sent, not yet answered, in order
        self._piping = False  # in pipeline mode
        self._unit = False  # in a unit of work
        self._unflushed = False  # sent since the server was last asked to send what it has
        self._synced = True  # nothing sent since the last sync
        self._error: psycopg.Error | None = None  # the unit's first refusal
        self._read: dict[tuple[str, tuple[Any, ...]], _Read] = {}  # this unit's reads

    # -- the pipeline --------------------------------------------------------------------------------------

    def _flush(self) -> None:
        """Send what libpq holds (taking answers in meanwhile, should the server's side fill up)."""
        pgconn = self._pgconn
        while pgconn.flush():
            if wait_for_socket(pgconn.socket, writing=True):
                pgconn.consume_input()

    def _take_next(self) -> None:
        """Take the server's answer to the oldest message it has not answered yet."""
        answer = self._answers.popleft()
        pgconn = self._pgconn
        results: list[pq.abc.PGresult] = []
        while True:
            while pgconn.is_busy():
                wait_for_socket(pgconn.socket)
                pgconn.consume_input()
            result = pgconn.get_result()
            if result is None:
                break
            results.append(result)
            if answer.kind == _SYNC:  # a sync has one result, with no end mark after it
                break
        answer.done = True
        answer.result = results[-1] if results else None
        failed = next((r for r in results if r.status in (_FATAL_ERROR, _PIPELINE_ABORTED)), None)
        if failed is None:
            return
        if answer.prepared is not None:
            self._prepared.pop(answer.prepared, None)  # not made: made again when next needed
        if failed.status == _FATAL_ERROR:
            answer.error = psycopg.errors.error_from_result(failed, encoding=self._encoding)
            if answer.quiet:
                log.warning(
                    "PostgreSQL refused a read-only unit of work after it returned (rolled back): %s",
                    answer.error,
                )
            elif self._error is None:
                self._error = answer.error

    def wait_for(self, answer: _Answer) -> pq.abc.PGresult | None:
        """The answer to a message this unit sent (every answer before it taken in too); the unit's first
        refusal is raised, whichever statement it was."""
        if not answer.done:
            if self._unflushed:
                self._pgconn.send_flush_request()  # the server sends what it has without waiting for a sync
                self._unflushed = False
            self._flush()
            while not answer.done:
                self._take_next()
        if self._error is not None:
            raise self._error
        return answer.result

    def rows_of(self, answer: _Answer) -> list[PgRow]:
        result = self.wait_for(answer)
        if result is None or not result.nfields:
            return []
        self._adapt.set_pgresult(result)
        return self._adapt.load_rows(0, result.ntuples, _row_class(result))

    def _sent(self, kind: int = _STATEMENT, prepared: tuple[bytes, tuple[int, ...]] | None = None) -> _Answer:
        answer = _Answer(kind, prepared)
        self._answers.append(answer)
        self._synced = kind == _SYNC
        self._unflushed = not self._synced
        return answer

    def _sync(self) -> _Answer:
        """End the messages sent so far (an error skips the rest up to here) and send them."""
        self._pgconn.pipeline_sync()
        answer = self._sent(_SYNC)
        self._flush()
        return answer

    def _send_command(self, command: bytes) -> _Answer:
        self._pgconn.send_query_params(command, None)
        return self._sent()

    # -- units of work ------------------------------------------------------------------------------------

    def start_unit(self, begin: str) -> None:
        """Start a unit of work in pipeline mode (entered once, and kept between units): its statements wait
        in libpq's buffer until the unit reads an answer, so a unit waits for the server once per read, not
        once per statement, and BEGIN goes with its first statement."""
        if not self._piping:
            self._pgconn.enter_pipeline_mode()
            self._piping = True
        elif self._answers:
            self._collect()
        self._unit = True
        self._read.clear()
        self._send_command(begin.encode())

    def end_unit(self, *, wait: bool) -> None:
        """COMMIT, and wait for every answer (a write: its commit must be known before the bot replies), or
        not (a read-only unit: its COMMIT cannot change what it read). A read-only unit's answers are taken
        in when the next unit starts, most often long arrived by then."""
        self._send_command(b"COMMIT")
        self._unit = False
        self._read.clear()
        last = self._sync()
        if wait:
            self.wait_for(last)
        else:
            for answer in self._answers:
                answer.quiet = True

    def _collect(self) -> None:
        """Take in the answers a read-only unit left. Should its COMMIT have been refused after all (a read
        it sent and never read failed), its transaction is rolled back here."""
        self._flush()
        while self._answers:
            self._take_next()
        if self._pgconn.transaction_status != pq.TransactionStatus.IDLE:
            self._send_command(b"ROLLBACK")
            self.wait_for(self._sync())

    def settle(self, error: BaseException | None = None) -> None:
        """Take every answer in and leave pipeline mode (psycopg's own calls need it off); raise the unit's
        first refusal, unless the unit already failed with `error` (then nothing more is raised)."""
        self._unit = False
        self._read.clear()
        if not self._piping:
            return
        failure: Exception | None = None
        try:
            if not self._synced:  # after a refusal the server skips everything up to the next sync
                self._sync()
            self._flush()
            while self._answers:
                self._take_next()
        except (psycopg.Error, OSError) as exc:  # the connection is lost
            failure = exc
        first, self._error = self._error, None
        self._answers.clear()
        self._piping, self._synced, self._unflushed = False, True, False
        try:
            self._pgconn.exit_pipeline_mode()
        except psycopg.Error as exc:
            failure = failure or exc
        problem = first or failure
        if error is None and problem is not None:
            raise problem

    # -- statements ---------------------------------------------------------------------------------------

    def refresh_schema(self) -> None:
        """Learn which tables have an identity `id` (their INSERTs return it), after migrations."""
        rows = self.raw.execute(ID_TABLES).fetchall()
        self._id_tables = frozenset(str(row[0]) for row in rows)
        self._statements.clear()
        self.raw.execute("DEALLOCATE ALL")  # a statement prepared before a migration may read another table
        self._prepared.clear()

    def _statement(self, sql: str) -> _Statement:
        found = self._statements.get(sql)
        if found is None:
            text, returns_id = statement(sql, self._id_tables)
            native, names = numbered(sql)
            if returns_id:
                native = native.rstrip().rstrip(";") + " RETURNING id"
            repeatable = _REPEATABLE.match(sql) is not None and _VOLATILE.search(sql) is None
            written = _WRITES_ONE_TABLE.match(sql)
            found = self._statements[sql] = _Statement(
                text,
                native.encode(),
                names,
                returns_id,
                untyped=_UNTYPED_MARK.search(sql) is not None,
                reads=frozenset(w.lower() for w in _WORD.findall(sql)) if repeatable else None,
                writes=None if written is None else written.group(1).lower(),
            )
        return found

    def _written(self, found: _Statement) -> None:
        """Forget what the unit read that a statement may have changed: an INSERT or UPDATE changes its own
        table (the schema has no triggers, and a foreign key cascades only on DELETE), anything else may
        change any."""
        if found.writes is None:
            self._read.clear()
            return
        for key in [key for key, read in self._read.items() if found.writes in read.words]:
            del self._read[key]

    def _key(
        self, sql: str, parameters: Sequence[Any] | Mapping[str, Any]
    ) -> tuple[str, tuple[Any, ...]] | None:
        """What a read kept for this unit is found by, or None (a value that cannot be a key)."""
        key = (sql, tuple(parameters.items()) if isinstance(parameters, Mapping) else tuple(parameters))
        try:
            hash(key)
        except TypeError:
            return None
        return key

    def _send(self, found: _Statement, parameters: Sequence[Any] | Mapping[str, Any]) -> _Answer:
        """Send a statement in this unit. Bound server-side and prepared (the first time the connection sends
        it with these types; a NULL's type is left to PostgreSQL, which takes it from where the mark stands),
        unless only its value could give a mark's type (`? IS NULL`): that one is bound client-side, where a
        value needs no declared type, as in SQLite."""
        if isinstance(parameters, Mapping):
            values = [_value(parameters[name]) for name in found.names or ()]
        else:
            values = [_value(v) for v in parameters]
        if found.untyped:
            literal = psycopg.ClientCursor(self.raw).mogrify(found.text, parameters_of(parameters))
            return self._send_command(literal.encode(self._encoding))
        adapt = self._adapt
        dumped = adapt.dump_sequence(values, [PyFormat.AUTO] * len(values))
        types = adapt.types or ()
        key = (found.native, types)
        name = self._prepared.get(key)
        pgconn = self._pgconn
        if name is None:
            if len(self._prepared) >= PREPARED_MAX:  # a statement built on the fly: not kept
                pgconn.send_query_params(found.native, dumped, types, adapt.formats, _TEXT)
                return self._sent()
            name = self._prepared[key] = b"bb_%d" % next(self._numbers)
            pgconn.send_prepare(name, found.native, param_types=types)
            self._sent(_PREPARE, key)
        pgconn.send_query_prepared(name, dumped, param_formats=adapt.formats, result_format=_TEXT)
        return self._sent()

    def execute(
        self, sql: str, parameters: Sequence[Any] | Mapping[str, Any] = (), /
    ) -> PgCursor | PgRows | _Direct:
        found = self._statement(sql)
        if not self._unit:
            return self._direct(found, parameters)
        if found.reads is None:
            self._written(found)
            return PgCursor(self, [self._send(found, parameters)], found.returns_id)
        # A unit reads one snapshot (REPEATABLE READ, SERIALIZABLE): the same read with nothing written to
        # its tables since gives the same rows, so they are not asked for twice.
        key = self._key(sql, parameters)
        if key is None:
            return PgCursor(self, [self._send(found, parameters)], found.returns_id)
        read = self._read.get(key)
        if read is None:
            read = self._read[key] = _Read(self._send(found, parameters), found.reads)
        return PgRows(self.rows_of(read.answer))

    def send_ahead(self, read: Callable[[Connection], object]) -> None:
        """Send the first statement `read(conn)` will run, when it is a read the unit keeps (a SELECT), and
        do not wait for its answer: `read(conn)` then finds it sent. Several reads sent ahead like this
        cost one wait for the server, not one each (`connection.together`)."""
        if not self._unit:
            return
        try:
            read(_FirstStatement())
        except _Sent as sent:
            if sent.sql is None:
                return
            found = self._statement(sent.sql)
            key = self._key(sent.sql, sent.parameters)
            if found.reads is not None and key is not None and key not in self._read:
                self._read[key] = _Read(self._send(found, sent.parameters), found.reads)
        except Exception:  # refused before it reads anything: `read(conn)` refuses the same way
            return

    def executemany(self, sql: str, parameters: Iterable[Sequence[Any]], /) -> PgCursor | _Direct:
        found = self._statement(sql)
        if not self._unit:
            cursor = self.raw.cursor()
            cursor.executemany(
                found.text.removesuffix(" RETURNING id"), [[_value(v) for v in row] for row in parameters]
            )
            return _Direct(cursor, False)
        self._written(found)
        return PgCursor(self, [self._send(found, row) for row in parameters], False)

    def _direct(self, found: _Statement, parameters: Sequence[Any] | Mapping[str, Any]) -> _Direct:
        """A statement outside a unit of work, through psycopg's own cursor."""
        values = parameters.values() if isinstance(parameters, Mapping) else parameters
        cursor = psycopg.ClientCursor(self.raw) if found.untyped or None in values else self.raw.cursor()
        cursor.execute(found.text, parameters_of(parameters))
        return _Direct(cursor, found.returns_id)


def parameters_of(parameters: Sequence[Any] | Mapping[str, Any]) -> list[Any] | dict[str, Any]:
    """A statement's values as psycopg binds them (SQLite's booleans as integers, no NUL in a text)."""
    if isinstance(parameters, Mapping):
        return {k: _value(v) for k, v in parameters.items()}
    return [_value(v) for v in parameters]


def connect(url: str) -> PgConnection:
    raw = psycopg.connect(url, autocommit=True, row_factory=_row_factory)
    # psycopg prepares nothing of its own: its cursors run only the migrations and outside units of work,
    # and a psycopg that has prepared statements drops every prepared statement after a ROLLBACK
    raw.prepare_threshold = None
    raw.adapters.register_loader("numeric", _NumberLoader)
    return PgConnection(raw)
