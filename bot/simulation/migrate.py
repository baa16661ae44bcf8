"""`python -m bot migrate --from A --to B`: copy a whole database (bot/store/copy.py), then prove the copy:
the same rows in every table, and every invariant the simulator checks (each treasury and SPP ledger equals
its sum, standings, rosters, dice ...) holds on the copy as it held on the original."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from bot.simulation.invariants import check_invariants
from bot.store import Database
from bot.store.copy import copy_database, count_rows


async def migrate(
    source_location: Path | str, target_location: Path | str, say: Callable[[str], None] = print
) -> int:
    """0 when the copy is whole and sound; 1 (after saying why) when it is not."""
    source = await Database.open(source_location)
    try:
        target = await Database.open(target_location)
        try:
            copied = await copy_database(source, target)
            say(f"copied {sum(copied.rows.values()):,} rows in {len(copied.rows)} tables")
            problems: list[str] = []
            for table, rows in copied.rows.items():
                there = await target.read(count_rows, table)
                if there != rows:
                    problems.append(f"{table}: {rows} rows copied, {there} in the target")
            before = await source.read(check_invariants)
            after = await target.read(check_invariants)
            problems += [f"on the copy only: {p}" for p in after if p not in before]
            for problem in problems:
                say(f"PROBLEM: {problem}")
            if before:
                say(f"(the original already had {len(before)} problems; the copy has the same)")
            say(
                "the copy is whole: every table and invariant checked"
                if not problems
                else "the copy is NOT sound"
            )
            return 1 if problems else 0
        finally:
            await target.close()
    finally:
        await source.close()
