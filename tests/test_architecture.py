"""The layers of docs/ARCHITECTURE.md, enforced: a change that breaks one fails here, naming the line.

- Every part of bot/ (a package, a subpackage of bot/rules, a top-level module) has the list of what it may
  import: the parts of the bot below it and the third-party modules it needs. Anything else fails.
- No import circle anywhere in bot/: imports at module level, inside a function and under TYPE_CHECKING
  all count (a type two modules share gets a home below both).
- SQL lives in bot/store only (the simulator's whole-database checks may read, never write).
- Every query on a table that belongs to a guild (one with a `guild_id` column) filters on, or inserts, the
  guild, except the few listed in CROSS_GUILD, which serve every guild by design.

The checks read the source with `ast`; each one is also run against a small bad module (or a small graph
of them), so none of them can pass by finding nothing.
"""

from __future__ import annotations

import ast
import importlib.util
import itertools
import re
import sqlite3
import sys
from collections import deque
from collections.abc import Callable, Collection, Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest

from bot.store.database import _apply_migrations, load_migrations

ROOT = Path(__file__).resolve().parent.parent
BOT = ROOT / "bot"

# --- what each part of the bot may import -------------------------------------------------------------------
#
# A part is a folder of bot/ or a top-level module; the most specific one decides (bot/rules/league/x.py
# follows "rules/league", bot/rules/dice.py follows "rules", bot/services/match/x.py follows "services").
# Its list names the bot modules it may import (a package covers everything below it) and the third-party
# modules. The standard library is free, except what RESTRICTED_STDLIB names. A module may always import
# inside its own part (except where ALONE says otherwise) and the shared pieces at the top of the packages it
# lies in (bot/rules/league/x.py may import bot/rules/dice.py).

RESTRICTED_STDLIB = ("sqlite3",)  # a database: the store's alone
# the standard library, and typeshed's stubs of it (_typeshed: for type checking only)
STDLIB = frozenset(sys.stdlib_module_names) | {"_typeshed"}

_RULES = ("bot.catalog", "bot.errors", "bot.text", "bot.i18n", "pydantic")
_DISCORD = ("discord",)  # discord.py (discord.ext and discord.ui included)

ALLOWED: dict[str, tuple[str, ...]] = {
    "__init__": (),
    "errors": (),
    "text": ("bot.i18n",),  # gold pieces and numbers the current language's way
    # the languages: gettext catalogues through Babel, worded in the current one (a context variable)
    "i18n": ("babel", "jinja2"),
    "clock": (),
    # the named steps where a test may stop the process dead (no dependencies)
    "failpoints": (),
    # the data files as validated models, loaded once; nothing of the bot
    "catalog": ("pydantic",),
    # the rules: pure functions over plain models, tables from the catalogue; no Discord, no database, no
    # clock. The top (dice.py, odds.py, ranking.py) serves every domain, which imports it freely.
    "rules": _RULES,
    "rules/roster": _RULES,  # what a team may hire, buy and become
    # a game, its pre- and post-game: leagues and events both play it
    "rules/match": (*_RULES, "bot.rules.roster"),
    # a season sequence (BB2025, classic): its pre-game, post-game, inducements and team value, by id
    "rules/rulesets": (*_RULES, "bot.rules.match", "bot.rules.roster"),
    # what leagues alone do; a league's settings name its ruleset (the registry)
    "rules/league": (*_RULES, "bot.rules.match", "bot.rules.roster", "bot.rules.rulesets"),
    # what events alone do
    "rules/tournament": (*_RULES, "bot.rules.match", "bot.rules.roster"),
    # the store keeps the plain models the rules define (league settings, a rulespack, play-off qualifiers,
    # leaders' tallies, the league file's tables); the clock's unix <-> datetime at the column; teams.py
    # words the refusals of its conditional updates (the treasury, a shirt number) with errors and gp
    "store": (
        "bot.rules",
        "bot.clock",
        "bot.errors",
        "bot.text",
        "bot.i18n",
        "bot.failpoints",  # a unit of work's named step (Database.write_step, the migrations)
        "aiosqlite",
        "psycopg",
        "sqlite3",
    ),
    # one function per user action: load from the store, ask the rules, write; no Discord
    "services": (
        "bot.rules",
        "bot.catalog",
        "bot.store",
        "bot.errors",
        "bot.text",
        "bot.i18n",
        "bot.clock",
        "bot.failpoints",
        "pydantic",
    ),
    # plain values in, PNG bytes out
    "pictures": ("bot.text", "bot.i18n", "PIL"),
    # what a reply looks like: what the services return, drawn, paged and worded; no database of its own
    # (the services' records reach it through bot/services/records.py)
    "ui": (
        *_DISCORD,
        "bot.services",
        "bot.rules",
        "bot.catalog",
        "bot.errors",
        "bot.text",
        "bot.i18n",
        "bot.clock",  # Discord's <t:unix> timestamps
        "bot.pictures",
        "bot.host",  # the bot as a view sees it (its runtime and settings)
    ),
    # Discord glue: parse, check, call one service, render through the ui
    "cogs": (
        *_DISCORD,
        "bot.ui",
        "bot.services",
        "bot.rules",
        "bot.catalog",
        "bot.errors",
        "bot.text",
        "bot.i18n",
        "bot.clock",
        "bot.host",  # the bot a cog is loaded into
    ),
    # the read-only web view: the services' loaders and the rules (the names of the leaders' statistics)
    "web": (
        "bot.services",
        "bot.rules",
        "bot.errors",
        "bot.text",
        "bot.i18n",
        "bot.pictures",
        "aiohttp",
        "jinja2",
        "markupsafe",  # Jinja2's escaping: a translated sentence with a link in it
    ),
    # the simulator and the demo: play through the services, check invariants by reading the store (SQL
    # read-only, below); the demo serves the web view and copies a database (migrate)
    "simulation": (
        "bot.services",
        "bot.rules",
        "bot.catalog",
        "bot.store",
        "bot.clock",
        "bot.errors",
        "bot.i18n",
        "bot.web",
    ),
    # the settings; a database URL is shown without its password by the store's PostgreSQL module
    "config": ("bot.store.postgres", "pydantic", "pydantic_settings"),
    "scheduler": ("apscheduler",),  # the alarm clock (deadlines live in the database)
    # the bot as the cogs, views, outbox and deadline watch see it: a discord.py Bot with the runtime, the
    # settings, the scheduler and something that re-arms the deadlines
    "host": (*_DISCORD, "bot.services.runtime", "bot.config", "bot.scheduler"),
    # posts the store's announcements: it reads, claims and marks the rows (cross-guild by design, below)
    "outbox": (*_DISCORD, "bot.host", "bot.ui", "bot.store", "bot.i18n"),
    # arms the deadlines the services plan, runs them and announces the outcome
    "deadline_watch": (*_DISCORD, "bot.host", "bot.ui", "bot.services", "bot.i18n"),
    # the composition root wires everything: it loads the cogs by name (bot.cogs is read for its folder)
    "app": (
        *_DISCORD,
        "yarl",  # discord.py's gateway address
        "bot.catalog",
        "bot.clock",
        "bot.cogs",
        "bot.config",
        "bot.deadline_watch",
        "bot.host",
        "bot.i18n",
        "bot.outbox",
        "bot.rules",
        "bot.scheduler",
        "bot.services",
        "bot.store",
        "bot.ui",
        "bot.web",
    ),
    "__main__": (*_DISCORD, "pydantic", "bot.app", "bot.config", "bot.simulation"),
}

# Parts whose modules stand alone: none imports a sibling.
ALONE: dict[str, str] = {
    "cogs": "a cog is one command group; what two cogs share lives in bot/ui or bot/services",
}

# Packages whose subpackages share the package's list (each needs none of its own).
ONE_LIST: dict[str, str] = {
    "services": "the domains call each other (a match settles a league's or an event's fixture); "
    "their circles are refused module by module",
    "store": "migrations/ holds SQL files",
}

# Layering slips found when the allow-lists were written, each to be fixed in its owner's work:
# (importing module, imported module) -> what should change. An entry whose import is gone fails
# test_the_slips_still_exist, so the list only shrinks.
SLIPS: dict[tuple[str, str], str] = {
    # leagues and events are peers: what both use lives below them (rules/match, rules/roster, rules/dice.py)
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
    ("store/deadlines.py", "rounds_without_reminders"): "the watch adds missing reminders",
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


@dataclass(frozen=True)
class Import:
    line: int
    target: str  # a module of bot/ ("bot.store.teams"), or a top-level module outside it ("discord")


def module_name(path: str) -> str:
    """A path under bot/ as a module: "rules/dice.py" is bot.rules.dice, "rules/__init__.py" bot.rules."""
    parts = ["bot", *path.removesuffix(".py").split("/")]
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _resolved(name: str, known: frozenset[str]) -> str | None:
    """A bot/ import as the module it runs, another as its top-level module; None for the free stdlib."""
    if name == "bot" or name.startswith("bot."):
        parts = name.split(".")
        while len(parts) > 1 and ".".join(parts) not in known:
            parts.pop()
        return ".".join(parts) if len(parts) > 1 or name == "bot" else name
    top = name.split(".")[0]
    if top in STDLIB and top not in RESTRICTED_STDLIB:
        return None
    return top


def imports(path: str, tree: ast.Module, known: frozenset[str]) -> list[Import]:
    """Every import of a module wherever it stands: at module level, in a function, under TYPE_CHECKING.
    `from bot import store` imports the module bot.store; `from bot.store import Database` the package."""
    package = ["bot", *path.split("/")[:-1]]
    found: list[Import] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = ".".join(package[: len(package) - node.level + 1])
                source = f"{base}.{node.module}" if node.module else base
            else:
                source = node.module or ""
            names = [f"{source}.{a.name}" if f"{source}.{a.name}" in known else source for a in node.names]
        else:
            continue
        for name in dict.fromkeys(names):
            target = _resolved(name, known)
            if target is not None:
                found.append(Import(node.lineno, target))
    return found


@cache
def sources() -> dict[str, ast.Module]:
    """Every module of bot/, by its path under bot/."""
    return {
        path.relative_to(BOT).as_posix(): ast.parse(path.read_text(encoding="utf-8"))
        for path in sorted(BOT.rglob("*.py"))
    }


@cache
def known_modules() -> frozenset[str]:
    return frozenset(module_name(path) for path in sources())


def part_of(module: str, parts: Collection[str] = ALLOWED.keys()) -> str:
    """The part of bot/ whose list a module follows: the most specific key of ALLOWED it lies in."""
    names = module.split(".")[1:]
    for n in range(len(names), 0, -1):
        if "/".join(names[:n]) in parts:
            return "/".join(names[:n])
    return "__init__"


def parts_in(paths: Iterable[str]) -> set[str]:
    """The parts of a tree of modules (paths under bot/): each top-level module and each package, but the
    subpackages of a ONE_LIST package."""
    found = set()
    for path in paths:
        folder, _, name = path.rpartition("/")
        if not folder:
            found.add(name.removesuffix(".py"))
        elif name == "__init__.py" and not any(folder.startswith(f"{p}/") for p in ONE_LIST):
            found.add(folder)
    return found


def unknown_entries(allowed: Mapping[str, tuple[str, ...]]) -> set[str]:
    """What lists name that does not exist (or is misspelt): such an entry allows nothing and says nothing."""
    named = {entry for entries in allowed.values() for entry in entries}
    return {e for e in named if e.startswith("bot.") and e not in known_modules()} | {
        e for e in named if not e.startswith("bot.") and importlib.util.find_spec(e) is None
    }


def list_circles(allowed: Mapping[str, tuple[str, ...]]) -> list[list[str]]:
    """Circles among the parts' lists themselves (a part allowing another that allows it back)."""
    graph = {
        part: {
            part_of(entry, allowed.keys()): 0
            for entry in entries
            if entry.startswith("bot.") and part_of(entry, allowed.keys()) != part
        }
        for part, entries in allowed.items()
    }
    return circles(graph)


def _covers(entry: str, target: str) -> bool:
    return target == entry or target.startswith(entry + ".")


def import_violations(path: str, tree: ast.Module) -> list[str]:
    module = module_name(path)
    part = part_of(module)
    problems = []
    for found in imports(path, tree, known_modules()):
        target = found.target
        if target.startswith("bot.") and part_of(target) == part:
            if part in ALONE and target not in (module, f"bot.{part}"):
                problems.append(f"bot/{path}:{found.line} imports {target}: {ALONE[part]}")
            continue
        if target.startswith("bot.") and part.startswith(f"{part_of(target)}/"):
            continue  # the top of a package this part lies in
        if any(_covers(entry, target) for entry in ALLOWED[part]) or (module, target) in SLIPS:
            continue
        problems.append(f"bot/{path}:{found.line} imports {target}, not on the list of {part}")
    return problems


def import_graph(modules: Mapping[str, ast.Module]) -> dict[str, dict[str, int]]:
    """Module -> the bot/ modules it imports, each with the line of its first import."""
    known = frozenset(module_name(path) for path in modules)
    graph: dict[str, dict[str, int]] = {}
    for path, tree in modules.items():
        module = module_name(path)
        edges = graph.setdefault(module, {})
        for found in imports(path, tree, known):
            if found.target in known and found.target != module:
                edges.setdefault(found.target, found.line)
    return graph


def _shortest_way(graph: Mapping[str, Mapping[str, int]], start: str, goal: str) -> list[str] | None:
    before: dict[str, str] = {}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        for there in sorted(graph.get(here, {})):
            if there == goal:
                way = [here]
                while way[-1] != start:
                    way.append(before[way[-1]])
                return [*reversed(way), goal]
            if there not in before and there != start:
                before[there] = here
                queue.append(there)
    return None


def circles(graph: Mapping[str, Mapping[str, int]]) -> list[list[str]]:
    """The import circles of a graph, each as a path a -> b -> ... -> a: the shortest through every module
    that lies on one (so each such module is named), each circle once."""
    found: dict[tuple[str, ...], list[str]] = {}
    for module in sorted(graph):
        way = _shortest_way(graph, module, module)
        if way is None:
            continue
        ring = way[:-1]
        first = ring.index(min(ring))
        ring = ring[first:] + ring[:first]
        found.setdefault(tuple(ring), [*ring, ring[0]])
    return list(found.values())


def _shown(graph: Mapping[str, Mapping[str, int]], circle: list[str]) -> str:
    steps = [f"{a} (line {graph[a][b]})" for a, b in itertools.pairwise(circle)]
    return " -> ".join([*steps, circle[-1]])


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
    for path, tree in sources().items():
        problems += check(path, tree)
    return problems


# --- the project holds the rules -------------------------------------------------------------------------


def test_every_part_of_the_bot_has_its_list() -> None:
    assert set(ALLOWED) == parts_in(sources())


def test_the_lists_name_what_exists() -> None:
    assert unknown_entries(ALLOWED) == set()
    assert set(ALONE) | set(ONE_LIST) <= set(ALLOWED)


def test_the_lists_point_one_way() -> None:
    """The parts' lists themselves form no circle, so what they allow can be drawn as layers."""
    assert list_circles(ALLOWED) == []


def test_each_part_imports_only_what_its_list_allows() -> None:
    assert _all(import_violations) == []


def test_no_import_circles() -> None:
    graph = import_graph(sources())
    found = circles(graph)
    assert not found, "import circles:\n" + "\n".join(_shown(graph, circle) for circle in found)


def test_the_slips_still_exist() -> None:
    """A slip that was fixed must leave the list, so it cannot come back unnoticed."""
    present = {
        (module_name(p), i.target) for p, t in sources().items() for i in imports(p, t, known_modules())
    }
    assert set(SLIPS) - present == set()


def test_sql_lives_in_the_store() -> None:
    assert _all(sql_violations) == []


def test_every_query_on_a_guilds_table_filters_on_the_guild() -> None:
    assert _all(guild_filter_violations) == []


def test_the_cross_guild_exceptions_still_exist() -> None:
    """An exception for a function that no longer runs such a query must go, not linger."""
    present = {
        (q.module, q.function)
        for m, t in sources().items()
        if m.startswith(f"{SQL_HOME}/")
        for q in queries(m, t)[0]
    }
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
        (import_violations, "rules/x.py", "from bot.rules.league.standings import compute_standings\n"),
        (import_violations, "rules/league/x.py", "from bot.rules.tournament import swiss\n"),
        (import_violations, "rules/match/x.py", "from ..league import standings\n"),
        (import_violations, "rules/roster/x.py", "from bot.rules.rulesets import classic\n"),
        (import_violations, "rules/roster/x.py", "from bot.rules.match import postgame\n"),
        (import_violations, "rules/rulesets/x.py", "from bot.rules.league import standings\n"),
        (import_violations, "rules/tournament/x.py", "from bot.rules.league.star_drafts import shuffle\n"),
        (import_violations, "catalog/x.py", "import discord.ext.commands\n"),
        (import_violations, "catalog/x.py", "from bot.rules import dice\n"),
        (import_violations, "services/x.py", "import discord\n"),
        (import_violations, "services/x.py", "from bot.ui.limits import messages\n"),
        (import_violations, "services/x.py", "def f():\n    import sqlite3\n"),
        (import_violations, "store/x.py", "from discord import Embed\n"),
        (import_violations, "store/x.py", "from bot.services import teams\n"),
        (import_violations, "store/x.py", "import aiohttp\n"),
        (import_violations, "ui/x.py", "from bot.store.seasons import Fixture\n"),
        (
            import_violations,
            "ui/x.py",
            "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from bot.app import X\n",
        ),
        (import_violations, "ui/x.py", "from bot.cogs import team\n"),
        (import_violations, "cogs/x.py", "from bot.cogs.team import TeamCog\n"),
        (import_violations, "cogs/x.py", "from . import team\n"),
        (import_violations, "cogs/x.py", "from bot.store import teams\n"),
        (import_violations, "cogs/x.py", "from bot.app import LeagueBot\n"),
        (import_violations, "pictures/x.py", "from bot.services.league import seasons\n"),
        (import_violations, "pictures/x.py", "import discord\n"),
        (import_violations, "web/x.py", "from bot.store import web_links\n"),
        (import_violations, "web/x.py", "from bot.ui import formatting\n"),
        (import_violations, "simulation/x.py", "from bot.cogs import team\n"),
        (import_violations, "simulation/x.py", "import discord\n"),
        (import_violations, "outbox.py", "from bot.app import LeagueBot\n"),
        (import_violations, "deadline_watch.py", "from bot.store.deadlines import Due\n"),
        (import_violations, "host.py", "from bot.ui.context import bot_of\n"),
        (import_violations, "scheduler.py", "import discord\n"),
        (import_violations, "clock.py", "from bot.rules import dice\n"),
        (import_violations, "config.py", "from bot.services import runtime\n"),
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


@pytest.mark.parametrize(
    ("probe", "exempt"),
    [
        ("import discord", lambda part: "discord" in ALLOWED[part]),
        ("from bot.app import LeagueBot", lambda part: part in ("app", "__main__")),
        ("def f():\n    import sqlite3", lambda part: "sqlite3" in ALLOWED[part]),
    ],
)
def test_the_probe_bites_in_every_module(probe: str, exempt: Callable[[str], bool]) -> None:
    """Appended to any real module of a part whose list lacks it, the import is caught: no part passes
    because its check looks elsewhere (only python -m bot imports the composition root)."""
    extra = ast.parse(probe).body
    missed = [
        path
        for path, tree in sources().items()
        if not exempt(part_of(module_name(path)))
        and not import_violations(path, ast.Module(body=[*tree.body, *extra], type_ignores=[]))
    ]
    assert missed == []


def test_a_part_without_a_list_is_caught() -> None:
    paths = [
        "x.py",
        "__init__.py",
        "pkg/__init__.py",
        "pkg/sub/__init__.py",
        "pkg/sub/y.py",
        "services/new/__init__.py",
    ]
    assert parts_in(paths) == {"x", "__init__", "pkg", "pkg/sub"}
    assert set(ALLOWED) != parts_in([*sources(), "newpart/__init__.py"])


def test_a_list_naming_what_does_not_exist_is_caught() -> None:
    broken = {"ui": ("bot.services", "bot.ui.nowhere", "discord", "no_such_module_anywhere")}
    assert unknown_entries(broken) == {"bot.ui.nowhere", "no_such_module_anywhere"}


def test_lists_that_allow_each_other_are_caught() -> None:
    broken = {"services": ("bot.store",), "store": ("bot.rules",), "rules": ("bot.services.inputs",)}
    assert list_circles(broken) == [["rules", "services", "store", "rules"]]


def test_allowed_imports_pass() -> None:
    allowed = {
        "rules/x.py": "from bot.catalog.models import Catalog\nfrom bot.errors import DomainError\n"
        "import re\n",
        "rules/tournament/x.py": "from bot.rules.match import postgame\nfrom . import swiss\n"
        "from ..dice import Dice\n",
        "services/x.py": "from bot.store import teams\nfrom bot.services.league import seasons\n",
        "cogs/x.py": "import discord\nfrom bot.ui.context import actor_of\nfrom bot import cogs, host\n",
        "store/x.py": "import sqlite3\nfrom bot.rules.league.league_settings import LeagueSettings\n",
    }
    assert {path: import_violations(path, _parse(source)) for path, source in allowed.items()} == {
        path: [] for path in allowed
    }


def _graph(modules: dict[str, str]) -> dict[str, dict[str, int]]:
    return import_graph({path: _parse(source) for path, source in modules.items()})


@pytest.mark.parametrize(
    ("modules", "circle"),
    [
        (  # two modules that import each other
            {"x/a.py": "from bot.x import b\n", "x/b.py": "from bot.x.a import f\n"},
            ["bot.x.a", "bot.x.b", "bot.x.a"],
        ),
        (  # a type-only import counts
            {
                "a.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from bot.b import B\n",
                "b.py": "import bot.a\n",
            },
            ["bot.a", "bot.b", "bot.a"],
        ),
        (  # so does an import inside a function
            {"a.py": "def f():\n    from bot import b\n", "b.py": "from bot.a import f\n"},
            ["bot.a", "bot.b", "bot.a"],
        ),
        (  # a longer circle, through relative imports
            {"x/a.py": "from . import b\n", "x/b.py": "from .c import C\n", "x/c.py": "from .a import A\n"},
            ["bot.x.a", "bot.x.b", "bot.x.c", "bot.x.a"],
        ),
        (  # a package that imports its module, which imports a name of the package
            {"x/__init__.py": "from bot.x.a import A\n", "x/a.py": "from bot.x import helper\n"},
            ["bot.x", "bot.x.a", "bot.x"],
        ),
    ],
)
def test_an_import_circle_is_caught(modules: dict[str, str], circle: list[str]) -> None:
    assert circles(_graph(modules)) == [circle]


def test_an_import_circle_reads_as_a_path() -> None:
    graph = _graph({"x/a.py": '"""A."""\n\nfrom bot.x import b\n', "x/b.py": "from bot.x.a import f\n"})
    assert [_shown(graph, c) for c in circles(graph)] == ["bot.x.a (line 3) -> bot.x.b (line 1) -> bot.x.a"]


def test_every_circle_is_named_once() -> None:
    """Two circles through one module are both named; a circle is named once, from its first module."""
    graph = _graph(
        {
            "a.py": "from bot import b, c\n",
            "b.py": "import bot.a\n",
            "c.py": "import bot.a\n",
            "d.py": "import bot.a\n",  # on no circle
        }
    )
    assert circles(graph) == [["bot.a", "bot.b", "bot.a"], ["bot.a", "bot.c", "bot.a"]]


def test_a_package_importing_its_modules_is_no_circle() -> None:
    graph = _graph(
        {
            "x/__init__.py": "from bot.x.a import A\n",
            "x/a.py": "from bot.x import b\nfrom bot.x.b import B\n",
            "x/b.py": "import discord\nimport bot\n",
        }
    )
    assert circles(graph) == []


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
