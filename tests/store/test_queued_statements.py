"""A unit of work's statements on each engine as the store sends them: on PostgreSQL a statement whose
answer is not read is queued (pipeline mode) and a statement run often is prepared, and neither changes
what a unit of work sees, commits or refuses."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from bot.store import Database
from bot.store.connection import Connection, IntegrityError, ahead, together
from bot.store.pg_connection import PgConnection
from bot.store.postgres import is_url


async def _keys(database: Database) -> list[str]:
    rows = await database.read(lambda conn: conn.execute("SELECT key FROM app_meta ORDER BY key").fetchall())
    return [row[0] for row in rows]


async def test_a_refused_row_whose_answer_is_never_read_refuses_the_whole_unit(database: Database) -> None:
    def twice(conn: Connection) -> None:
        conn.execute("INSERT INTO app_meta (key, value) VALUES ('a', '1')")
        conn.execute("INSERT INTO app_meta (key, value) VALUES ('b', '1')")
        conn.execute("INSERT INTO app_meta (key, value) VALUES ('a', '2')")  # the same key: refused
        conn.execute("INSERT INTO app_meta (key, value) VALUES ('c', '1')")

    with pytest.raises(IntegrityError):
        await database.write(twice)
    assert await _keys(database) == []
    await database.write(lambda conn: conn.execute("INSERT INTO app_meta (key, value) VALUES ('d', '1')"))
    assert await _keys(database) == ["d"]


async def test_a_refused_row_is_reported_where_its_answer_is_read(database: Database) -> None:
    """Where a unit reads a statement's answer (its row count, its new id), a refusal is raised there, so the
    unit may answer with its own reason (as bot/store/teams.py does for a number already taken)."""

    class Taken(Exception):
        pass

    def insert(conn: Connection) -> None:
        conn.execute("INSERT INTO app_meta (key, value) VALUES ('a', '1')")
        try:
            _ = conn.execute("INSERT INTO app_meta (key, value) VALUES ('a', '2')").rowcount
        except IntegrityError as exc:
            raise Taken("a is taken") from exc
        conn.execute("INSERT INTO app_meta (key, value) VALUES ('b', '1')")

    with pytest.raises(Taken):
        await database.write(insert)
    assert await _keys(database) == []


async def test_writes_not_read_are_done_in_order_before_the_next_read(database: Database) -> None:
    def work(conn: Connection) -> tuple[int, int | None, list[tuple[str, str]], int]:
        conn.execute("INSERT INTO app_meta (key, value) VALUES ('a', '1')")
        conn.executemany("INSERT INTO app_meta (key, value) VALUES (?, ?)", [("b", "1"), ("c", "1")])
        changed = conn.execute("UPDATE app_meta SET value = '2' WHERE key <> 'c'")
        audit = conn.execute(
            "INSERT INTO audit_log (guild_id, actor_id, action, created_at) VALUES (1, 2, 'x', 0)"
        )
        conn.execute("DELETE FROM app_meta WHERE key = 'b'")
        rows = conn.execute("SELECT key, value FROM app_meta ORDER BY key").fetchall()
        found = conn.execute("SELECT COUNT(*) FROM audit_log WHERE id = ?", (audit.lastrowid,)).fetchone()
        return changed.rowcount, audit.lastrowid, [(r["key"], r["value"]) for r in rows], found[0]

    changed, new_id, rows, found = await database.write(work)
    assert changed == 2 and new_id is not None and found == 1
    assert rows == [("a", "2"), ("c", "1")]


async def test_a_null_value_needs_no_declared_type_and_a_statement_run_often_is_prepared(
    database: Database,
) -> None:
    """`? IS NULL` is typed by nothing but its value: PostgreSQL takes it with NULL and with a text alike."""

    def look_up(conn: Connection, value: str | None) -> list[str]:
        sql = "SELECT key FROM app_meta WHERE (? IS NULL OR value = ?) ORDER BY key"
        return [row[0] for row in conn.execute(sql, (value, value))]

    def by_value(conn: Connection, value: str) -> list[str]:
        return [
            row[0] for row in conn.execute("SELECT key FROM app_meta WHERE value = ? ORDER BY key", (value,))
        ]

    await database.write(
        lambda conn: conn.executemany(
            "INSERT INTO app_meta (key, value) VALUES (?, ?)", [("a", "1"), ("b", "2"), ("c", "1")]
        )
    )
    for _ in range(8):
        assert await database.read(look_up, None) == ["a", "b", "c"]
        assert await database.read(look_up, "1") == ["a", "c"]
        assert await database.read(by_value, "2") == ["b"]
    if is_url(database.location):
        prepared = await database.read(
            lambda conn: conn.execute(
                "SELECT COUNT(*) FROM pg_prepared_statements WHERE statement LIKE '%WHERE value = $1%'"
                " AND statement NOT LIKE '%pg_prepared_statements%'"  # this one is prepared too
            ).fetchone()[0]
        )
        assert prepared == 1


async def test_a_read_repeated_in_a_unit_gives_what_the_unit_has_written_since(database: Database) -> None:
    """PostgreSQL answers a read repeated with nothing written since from the rows it already read (the
    unit's snapshot gives the same); any write reads again."""

    def work(conn: Connection) -> list[list[str]]:
        sql = "SELECT key FROM app_meta WHERE value = ? ORDER BY key"
        seen = [[row[0] for row in conn.execute(sql, ("1",))]]
        first = conn.execute(sql, ("1",))
        seen.append([first.fetchone()[0]])  # one row taken, then the rest
        seen.append([row[0] for row in first.fetchall()])
        conn.execute("INSERT INTO app_meta (key, value) VALUES ('c', '1')")
        seen.append([row[0] for row in conn.execute(sql, ("1",))])
        conn.execute("UPDATE app_meta SET value = '2' WHERE key = 'a'")
        seen.append([row[0] for row in conn.execute(sql, ("1",)).fetchall()])
        return seen

    await database.write(
        lambda conn: conn.executemany(
            "INSERT INTO app_meta (key, value) VALUES (?, ?)", [("a", "1"), ("b", "1")]
        )
    )
    assert await database.write(work) == [["a", "b"], ["a"], ["b"], ["a", "b", "c"], ["b", "c"]]


async def test_only_a_delete_changes_a_table_it_does_not_name(database: Database) -> None:
    """What lets PostgreSQL keep a unit's reads of other tables across an INSERT or UPDATE
    (bot/store/postgres.py, `PgConnection._written`): the schema has no triggers, and no foreign key acts on
    an UPDATE (a foreign key may cascade on DELETE, which makes a unit read everything again)."""
    if not is_url(database.location):
        pytest.skip("SQLite answers every read itself")

    def rules(conn: Connection) -> tuple[int, list[str]]:
        triggers = conn.execute(
            "SELECT COUNT(*) FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid"
            " JOIN pg_namespace n ON n.oid = c.relnamespace"
            " WHERE n.nspname = current_schema() AND NOT t.tgisinternal"
        ).fetchone()[0]
        on_update = conn.execute(
            "SELECT conname FROM pg_constraint WHERE contype = 'f'"
            " AND connamespace = current_schema()::regnamespace AND confupdtype <> 'a'"
        ).fetchall()
        return triggers, [row[0] for row in on_update]

    assert await database.read(rules) == (0, [])


async def test_reads_made_together_or_ahead_give_what_each_gives_alone(database: Database) -> None:
    """`together` and `ahead` only send reads early (PostgreSQL): each read still gives the rows it gives
    where the unit makes it, after what the unit wrote before it, on both engines."""

    def keys(value: str) -> Callable[[Connection], list[str]]:
        sql = "SELECT key FROM app_meta WHERE value = ? ORDER BY key"
        return lambda conn: [row[0] for row in conn.execute(sql, (value,))]

    def count(conn: Connection) -> int:
        return int(conn.execute("SELECT COUNT(*) FROM app_meta").fetchone()[0])

    def work(conn: Connection) -> list[object]:
        conn.execute("INSERT INTO app_meta (key, value) VALUES ('c', '2')")
        seen: list[object] = list(together(conn, keys("1"), keys("2"), count))
        ahead(conn, keys("1"), count, keys("3"))
        conn.execute("UPDATE app_meta SET value = '3' WHERE key = 'a'")  # after the reads were sent ahead
        seen += [keys("1")(conn), keys("3")(conn), count(conn)]
        return seen

    await database.write(
        lambda conn: conn.executemany(
            "INSERT INTO app_meta (key, value) VALUES (?, ?)", [("a", "1"), ("b", "1")]
        )
    )
    assert await database.write(work) == [["a", "b"], ["c"], 3, ["b"], ["a"], 3]


async def test_a_refusal_leaves_the_connection_ready_for_the_next_unit(database: Database) -> None:
    """After a unit PostgreSQL refused (rolled back), the next ones run as before: reads, a prepared
    statement sent again, a read-only unit whose commit is not waited for, then a write."""

    def by_key(conn: Connection, key: str) -> list[str]:
        return [row[0] for row in conn.execute("SELECT value FROM app_meta WHERE key = ?", (key,))]

    other = "SELECT COUNT(*) FROM app_meta WHERE value <> ?"  # first sent after a refusal: not prepared

    def twice(conn: Connection) -> None:
        conn.execute("INSERT INTO app_meta (key, value) VALUES ('x', '1')")
        conn.execute("INSERT INTO app_meta (key, value) VALUES ('x', '2')")
        conn.execute(other, ("z",))

    await database.write(lambda conn: conn.execute("INSERT INTO app_meta (key, value) VALUES ('a', '1')"))
    for _ in range(3):
        assert await database.read(by_key, "a") == ["1"]
        with pytest.raises(IntegrityError):
            await database.write(twice)
        assert await database.read(by_key, "a") == ["1"]
        assert await database.read(by_key, "x") == []
    await database.write(lambda conn: conn.execute("UPDATE app_meta SET value = '2' WHERE key = 'a'"))
    assert await database.read(by_key, "a") == ["2"]
    assert await database.read(lambda conn: conn.execute(other, ("z",)).fetchone()[0]) == 1


async def test_a_read_sent_ahead_and_never_made_does_not_harm_the_next_unit(database: Database) -> None:
    """A read-only unit does not wait for its COMMIT on PostgreSQL: should a read it sent ahead and never
    made fail (its COMMIT then refused), the next unit still starts clean."""

    def hint_only(conn: Connection) -> int:
        count = int(conn.execute("SELECT COUNT(*) FROM app_meta").fetchone()[0])
        ahead(conn, lambda c: c.execute("SELECT 1 / (COUNT(*) - COUNT(*)) FROM app_meta").fetchall())
        return count

    assert await database.read(hint_only) == 0
    await database.write(lambda conn: conn.execute("INSERT INTO app_meta (key, value) VALUES ('a', '1')"))
    assert await database.read(hint_only) == 1
    assert await database.read(lambda conn: conn.execute("SELECT COUNT(*) FROM app_meta").fetchone()[0]) == 1


async def test_reads_made_together_go_to_the_server_in_one_round_trip(
    database: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    """On PostgreSQL `together` sends every read before it waits for the first answer: one round trip (one
    request to send what the server has) instead of one a read."""
    if not is_url(database.location):
        pytest.skip("SQLite has no server to wait for")
    round_trips: list[bool] = []
    wait_for = PgConnection.wait_for

    def counted(conn: PgConnection, answer: Any) -> Any:
        if not answer.done:
            round_trips.append(conn._unflushed)  # statements sent since the last request: a new round trip
        return wait_for(conn, answer)

    monkeypatch.setattr(PgConnection, "wait_for", counted)

    def value_of(key: str) -> Callable[[Connection], list[Any]]:
        return lambda conn: conn.execute("SELECT value FROM app_meta WHERE key = ?", (key,)).fetchall()

    a, b, c = value_of("a"), value_of("b"), value_of("c")
    await database.read(lambda conn: together(conn, a, b, c))
    made_together = sum(round_trips)
    round_trips.clear()
    await database.read(lambda conn: [read(conn) for read in (a, b, c)])
    assert (made_together, sum(round_trips)) == (1, 3)
