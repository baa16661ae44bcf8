"""The layers of docs/ARCHITECTURE.md, enforced: a change that breaks one fails here, naming the line.

- bot/rules and bot/catalog import no Discord, no database and no service; bot/services and bot/store import
  no Discord; the store imports no service, cog or UI.
- SQL lives in bot/store only (the simulator's whole-database checks may read, never write).
- Every query on a table that belongs to a guild (one with a `guild_id` column) filters on, or inserts, the
  guild, except the few listed in CROSS_GUILD, which serve every guild by design.

The checks read the source with `ast`; each one is also run against a small bad module, so none of them
can pass by finding nothing.
"""

from __future__ import annotations

import ast
import re
import sqlite3
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest

from bot.store.database import _apply_migrations, load_migrations

ROOT = Path(__file__).resolve().parent.parent
BOT = ROOT / "bot"

# package (as a path under bot/) -> modules it must not import (a prefix matches submodules too)
FORBIDDEN_IMPORTS: dict[str, tuple[str, ...]] = {
    "rules": (
        "discord",
        "aiosqlite",
        "sqlite3",
        "bot.store",
        "bot.services",
        "bot.cogs",
        "bot.ui",
        "bot.app",
        "bot.simulation",
        "bot.scheduler",
        "bot.deadline_watch",
        "bot.outbox",
    ),
    "catalog": ("discord", "aiosqlite", "sqlite3", "bot.store", "bot.services", "bot.cogs", "bot.ui"),
    "services": ("discord", "bot.cogs", "bot.ui", "bot.app", "bot.deadline_watch", "bot.simulation"),
    "store": ("discord", "bot.services", "bot.cogs", "bot.ui", "bot.app", "bot.simulation"),
    "simulation": ("discord", "bot.cogs", "bot.ui", "bot.app"),
    # pictures: plain values in, PNG bytes out (Pillow); the cogs, the outbox and the web view call them
    "pictures": (
        "discord",
        "aiosqlite",
        "sqlite3",
        "bot.store",
        "bot.services",
        "bot.cogs",
        "bot.ui",
        "bot.app",
        "bot.simulation",
        "bot.web",
    ),
    # the web view reads through the services (read-only), never the store, Discord or the cogs
    "web": ("discord", "aiosqlite", "sqlite3", "bot.store", "bot.cogs", "bot.ui", "bot.app"),
}

# Where SQL may be written. The simulator's invariants read the whole database (SELECT only).
SQL_HOME = "store"
SQL_READ_ONLY = ("simulation",)

# Queries that serve every guild by design: (module under bot/, function) -> why.
CROSS_GUILD: dict[tuple[str, str], str] = {
    ("store/announcements.py", "unsent"): "the outbox posts every guild's announcements",
    ("store/announcements.py", "claim"): "the outbox claims what it is about to post, by its id",
    ("store/announcements.py", "mark_sent"): "the outbox marks what it posted, by its id",
    ("store/deadlines.py", "open_rounds"): "the deadline watch arms every guild's deadlines",
    ("store/deadlines.py", "pending_reminders"): "the deadline watch arms every guild's reminders",
    ("store/deadlines.py", "open_round_reminders"): "the watch adds missing reminders",
    ("store/deadlines.py", "pending_auto_confirms"): "the deadline watch arms every guild's confirmations",
    ("store/deadlines.py", "extended_fixtures"): "the deadline watch arms every guild's deadlines",
    ("store/contracts.py", "due_signings"): "the deadline watch arms every guild's signing drafts",
    ("store/web_links.py", "by_token"): "a web request knows only its link's token, not the guild",
}

_SQL_START = re.compile(
    r"^\s*(SELECT\s.*\sFROM\s|INSERT\s+(OR\s+\w+\s+)?INTO\s|UPDATE\s+\w+\s+SET\s|DELETE\s+FROM\s"
    r"|WITH\s+\w+.*\sAS\s*\(|REPLACE\s+INTO\s)",
    re.DOTALL,
)
_WRITE = re.compile(r"\b(INSERT|UPDATE|DELETE|REPLACE|CREATE|DROP|ALTER)\b")
_TABLES = re.compile(r"\b(?:FROM|JOIN|UPDATE|INTO)\s+([a-z_][a-z0-9_]*)")
_GUILD_FILTER = re.compile(r"\bguild_id\s*(=|IN\b)")
_INSERT_COLUMNS = re.compile(r"\bINTO\s+\w+\s*\(([^)]*)\)")
_EXECUTE = ("execute", "executemany", "executescript")


@dataclass(frozen=True)
class Query:
    module: str  # path under bot/, e.g. "store/teams.py"
    line: int
    function: str
    sql: str
    executed: bool  # the whole text an execute() call runs, not a piece of it

    def where(self) -> str:
        return f"bot/{self.module}:{self.line} ({self.function})"


def _modules(under: str | None = None) -> Iterator[tuple[str, ast.Module]]:
    base = BOT if under is None else BOT / under
    for path in sorted(base.rglob("*.py")):
        yield path.relative_to(BOT).as_posix(), ast.parse(path.read_text(encoding="utf-8"))


def _imported(tree: ast.Module, module: str) -> Iterator[tuple[int, str]]:
    package = ["bot", *module.split("/")[:-1]]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = ".".join(package[: len(package) - node.level + 1])
                name = f"{base}.{node.module}" if node.module else base
            else:
                name = node.module or ""
            yield node.lineno, name
            for alias in node.names:  # `from bot import store` imports bot.store
                yield node.lineno, f"{name}.{alias.name}"


def import_violations(module: str, tree: ast.Module) -> list[str]:
    forbidden = FORBIDDEN_IMPORTS.get(module.split("/")[0], ())
    return [
        f"bot/{module}:{line} imports {name}"
        for line, name in _imported(tree, module)
        for banned in forbidden
        if name == banned or name.startswith(banned + ".")
    ]


def _text(node: ast.AST, names: dict[str, list[ast.expr]], seen: frozenset[str] = frozenset()) -> str:
    """Every string piece of an expression, with names resolved to what the module assigns them."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(_text(v, names, seen) if isinstance(v, ast.Constant) else "{}" for v in node.values)
    if isinstance(node, ast.Name):
        if node.id in seen:
            return ""
        return " ".join(_text(v, names, seen | {node.id}) for v in names.get(node.id, []))
    return " ".join(_text(child, names, seen) for child in ast.iter_child_nodes(node))


def _assignments(tree: ast.Module) -> dict[str, list[ast.expr]]:
    names: dict[str, list[ast.expr]] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign):
            for target in node.targets:
                if isinstance(target, ast.Name):
                    names.setdefault(target.id, []).append(node.value)
        elif (
            isinstance(node, ast.AnnAssign | ast.AugAssign)
            and isinstance(node.target, ast.Name)
            and node.value is not None
        ):
            names.setdefault(node.target.id, []).append(node.value)
    return names


def _functions(tree: ast.Module) -> dict[int, str]:
    """Line -> the name of the outermost function around it."""
    owner: dict[int, str] = {}
    for node in tree.body:
        for inner in ast.walk(node):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef) and hasattr(
                inner, "lineno"
            ):
                owner.setdefault(inner.lineno, node.name)
    return owner


def queries(module: str, tree: ast.Module) -> tuple[list[Query], list[int]]:
    """The SQL statements a module runs (or holds as text), and the lines that call execute()."""
    names = _assignments(tree)
    owner = _functions(tree)
    found: list[Query] = []
    calls: list[int] = []
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr in _EXECUTE
            and node.args
        ):
            calls.append(node.lineno)
            sql, executed = _text(node.args[0], names), True
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            sql, executed = node.value, False
        else:
            continue
        if _SQL_START.match(sql):
            found.append(Query(module, node.lineno, owner.get(node.lineno, "<module>"), sql, executed))
    return found, calls


def sql_violations(module: str, tree: ast.Module) -> list[str]:
    package = module.split("/")[0]
    if package == SQL_HOME:
        return []
    found, calls = queries(module, tree)
    if package in SQL_READ_ONLY:
        return [f"{q.where()} writes: {q.sql.strip()[:80]}" for q in found if _WRITE.search(q.sql)]
    return [f"bot/{module}:{line} runs SQL" for line in calls] + [
        f"{q.where()} holds SQL: {q.sql.strip()[:80]}" for q in found
    ]


@cache
def guild_tables() -> frozenset[str]:
    conn = sqlite3.connect(":memory:")
    try:
        _apply_migrations(conn, load_migrations())
        tables = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
        return frozenset(
            t for t in tables if any(c[1] == "guild_id" for c in conn.execute(f"PRAGMA table_info({t})"))
        )
    finally:
        conn.close()


def _scoped(sql: str) -> bool:
    if _GUILD_FILTER.search(sql):
        return True
    columns = _INSERT_COLUMNS.search(sql)
    return columns is not None and "guild_id" in columns.group(1)


def guild_filter_violations(module: str, tree: ast.Module) -> list[str]:
    if module.split("/")[0] in SQL_READ_ONLY:
        return []
    problems = []
    for query in (q for q in queries(module, tree)[0] if q.executed):
        tables = sorted(set(_TABLES.findall(query.sql)) & guild_tables())
        if tables and not _scoped(query.sql) and (module, query.function) not in CROSS_GUILD:
            problems.append(f"{query.where()} reads or writes {', '.join(tables)} without a guild filter")
    return problems


def _all(check: Callable[[str, ast.Module], list[str]]) -> list[str]:
    problems: list[str] = []
    for module, tree in _modules():
        problems += check(module, tree)
    return problems


# --- the project holds the rules -------------------------------------------------------------------------


def test_layers_import_only_downwards() -> None:
    assert _all(import_violations) == []


def test_sql_lives_in_the_store() -> None:
    assert _all(sql_violations) == []


def test_every_query_on_a_guilds_table_filters_on_the_guild() -> None:
    assert _all(guild_filter_violations) == []


def test_the_cross_guild_exceptions_still_exist() -> None:
    """An exception for a function that no longer runs such a query must go, not linger."""
    present = {(q.module, q.function) for m, t in _modules(SQL_HOME) for q in queries(m, t)[0]}
    assert set(CROSS_GUILD) - present == set()


def test_the_schema_has_guild_tables() -> None:
    assert {"leagues", "teams", "players", "fixtures", "treasury_changes"} <= guild_tables()


# --- each check fails on a module that breaks its rule ----------------------------------------------------


def _parse(source: str) -> ast.Module:
    return ast.parse(source)


@pytest.mark.parametrize(
    ("check", "module", "source"),
    [
        (import_violations, "rules/x.py", "import discord\n"),
        (import_violations, "rules/x.py", "from discord import ui\n"),
        (import_violations, "rules/x.py", "from bot.store import teams\n"),
        (import_violations, "rules/x.py", "from bot import services\n"),
        (import_violations, "rules/x.py", "from ..services.teams import own_team\n"),
        (import_violations, "rules/x.py", "def f():\n    import sqlite3\n"),
        (import_violations, "catalog/x.py", "import discord.ext.commands\n"),
        (import_violations, "services/x.py", "import discord\n"),
        (import_violations, "services/x.py", "from bot.ui.limits import messages\n"),
        (import_violations, "store/x.py", "from discord import Embed\n"),
        (import_violations, "store/x.py", "from bot.services import teams\n"),
        (sql_violations, "services/x.py", 'def f(conn):\n    conn.execute("SELECT id FROM leagues")\n'),
        (sql_violations, "services/x.py", "def f(conn, q):\n    conn.execute(q)\n"),
        (sql_violations, "cogs/x.py", 'Q = "DELETE FROM teams WHERE guild_id = ?"\n'),
        (
            sql_violations,
            "simulation/x.py",
            'def f(conn):\n    conn.execute("UPDATE teams SET treasury = 0")\n',
        ),
    ],
)
def test_a_broken_rule_is_caught(
    check: Callable[[str, ast.Module], list[str]], module: str, source: str
) -> None:
    assert check(module, _parse(source))


def test_allowed_imports_pass() -> None:
    source = (
        "from bot.catalog.models import Catalog\nfrom bot.errors import RuleViolation\nimport itertools\n"
    )
    assert import_violations("rules/x.py", _parse(source)) == []
    assert import_violations("services/x.py", _parse("from bot.store import teams\nimport sqlite3\n")) == []


def test_the_simulator_may_read_and_text_may_say_select() -> None:
    read = 'def f(conn):\n    conn.execute("SELECT COUNT(*) FROM players")\n'
    assert sql_violations("simulation/x.py", _parse(read)) == []
    prose = (
        '"""Select a player from the list; an UPDATE is claimed first."""\nX = "Select one from the list"\n'
    )
    assert sql_violations("cogs/x.py", _parse(prose)) == []


_FRAGMENT = '_SELECT = "SELECT f.* FROM fixtures f JOIN teams h ON h.id = f.home_team_id"\n'


@pytest.mark.parametrize(
    ("call", "scoped"),
    [
        ('conn.execute("SELECT team_id FROM players WHERE id = ?", (1,))', False),
        ('conn.execute("SELECT p.guild_id FROM players p WHERE p.id = ?", (1,))', False),
        ('conn.execute(_SELECT + " WHERE f.id = ?", (1,))', False),
        ('conn.execute(f"UPDATE players SET {column} = {column} + 1 WHERE id = ?", (1,))', False),
        ('conn.execute("INSERT INTO teams (name, coach_id) VALUES (?, ?)", ("a", 1))', False),
        ('conn.execute("DELETE FROM division_teams WHERE division_id = ?", (1,))', False),
        ('conn.execute("SELECT team_id FROM players WHERE guild_id = ? AND id = ?", (1, 1))', True),
        ('conn.execute(_SELECT + " WHERE f.guild_id = ? AND f.id = ?", (1, 1))', True),
        ('conn.execute("INSERT INTO teams (guild_id, name) VALUES (?, ?)", (1, "a"))', True),
        ('conn.execute("SELECT * FROM app_meta WHERE key = ?", ("k",))', True),  # no guild_id column
    ],
)
def test_the_guild_filter_check(call: str, scoped: bool) -> None:
    source = _FRAGMENT + f"def f(conn, column):\n    {call}\n"
    assert (guild_filter_violations("store/x.py", _parse(source)) == []) is scoped
