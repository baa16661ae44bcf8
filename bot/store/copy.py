"""Copy a whole database to another engine (`python -m bot migrate --from A --to B`): every table, every row,
every id, so a league moves from its SQLite file to PostgreSQL (or back) exactly as it was.

Both databases are migrated to this code's schema first. The target must be empty. Tables are copied
parents first (by their foreign keys), in chunks ordered by id; a failure empties the target again, so a
copy is whole or absent. Afterwards the target's identity counters continue after the copied ids, and its
planner statistics are gathered (`ANALYZE`), so the first queries on the copy are planned well.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.store.connection import Connection
from bot.store.database import Database

CHUNK = 5000


class TargetNotEmpty(RuntimeError):
    """The target already holds rows: a copy never merges into a database."""


@dataclass(frozen=True)
class Copied:
    rows: dict[str, int]  # table -> rows copied


def count_rows(conn: Connection, table: str) -> int:
    return int(conn.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0])  # noqa: S608 (schema's names)


def _chunk(conn: Connection, table: str, keyed: bool, after: int, offset: int) -> list[dict[str, object]]:
    if keyed:  # by id, from the last one copied
        sql = f"SELECT * FROM {table} WHERE id > ? ORDER BY id LIMIT ?"  # noqa: S608 (schema's names)
        return [dict(row) for row in conn.execute(sql, (after, CHUNK))]
    sql = f"SELECT * FROM {table} ORDER BY 1, 2 LIMIT ? OFFSET ?"  # noqa: S608 (schema's names)
    return [dict(row) for row in conn.execute(sql, (CHUNK, offset))]


def _insert(conn: Connection, table: str, rows: list[dict[str, object]]) -> None:
    columns = list(rows[0])
    sql = f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({', '.join('?' for _ in columns)})"  # noqa: S608
    conn.executemany(sql, [[row[c] for c in columns] for row in rows])


def _empty(conn: Connection, tables: list[str]) -> None:
    for table in reversed(tables):
        conn.execute(f"DELETE FROM {table}")  # noqa: S608 (schema's names)


async def copy_database(source: Database, target: Database) -> Copied:
    """Copy every row of `source` into the empty `target` (see the module's notes)."""
    await source.migrate()
    await target.migrate()
    order = await source.tables_in_order()
    if sorted(order) != sorted(await target.tables()):
        raise RuntimeError("the two databases do not have the same tables")
    held = {t: n for t in order if (n := await target.read(count_rows, t))}
    if held:
        some = ", ".join(f"{t}: {n:,}" for t, n in sorted(held.items())[:3])
        raise TargetNotEmpty(
            f"the target database is not empty ({len(held)} tables hold rows: {some} ...):"
            " copy into a new, empty database"
        )
    keyed = await source.id_tables()
    copied: dict[str, int] = {}
    try:
        for table in order:
            done, last_id = 0, 0
            while rows := await source.read(_chunk, table, table in keyed, last_id, done):
                await target.write(_insert, table, rows)
                done += len(rows)
                last_id = int(str(rows[-1]["id"])) if table in keyed else 0
            copied[table] = done
        await target.continue_ids()
    except BaseException:
        await target.write(_empty, order)
        raise
    await target.analyze()
    return Copied(copied)
