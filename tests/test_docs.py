"""The README and docs/ stay true: the README is the front door (at most 250 lines), every relative link
and anchor resolves, and every slash command they write out exists with the options it names."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
PAGES = [README, *sorted((ROOT / "docs").glob("*.md"))]
README_MOST_LINES = 250

FENCE = re.compile(r"^ *```.*?^ *```", re.MULTILINE | re.DOTALL)
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")
CODE = re.compile(r"`([^`]+)`")  # a code span may go on over a line break
COMMAND = re.compile(r"/[a-z][a-z0-9-]*(?=\s|$)")


def prose(text: str) -> str:
    """The text without its fenced code blocks (a link or a command in a code block is an example)."""
    return FENCE.sub("", text)


def slug(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens."""
    text = heading.strip().lower().replace("`", "")
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(path: Path) -> set[str]:
    found: set[str] = set()
    seen: dict[str, int] = {}
    for line in prose(path.read_text(encoding="utf-8")).splitlines():
        match = re.match(r"^#{1,6} (.+)$", line)
        if match:
            base = slug(match.group(1))
            count = seen.get(base, 0)
            seen[base] = count + 1
            found.add(base if count == 0 else f"{base}-{count}")
    return found


def broken_links(page: Path) -> list[str]:
    broken = []
    for target in LINK.findall(prose(page.read_text(encoding="utf-8"))):
        if re.match(r"^[a-z]+:", target):
            continue  # https:, mailto: ... are not checked here
        file_part, _, anchor = target.partition("#")
        linked = (page.parent / file_part).resolve() if file_part else page
        if not linked.exists():
            broken.append(f"{page.name}: {target} (no such file)")
        elif anchor and linked.suffix == ".md" and anchor not in anchors(linked):
            broken.append(f"{page.name}: {target} (no such heading)")
    return broken


def test_the_readme_is_the_front_door_not_the_manual() -> None:
    lines = README.read_text(encoding="utf-8").splitlines()
    assert len(lines) <= README_MOST_LINES, f"README.md has {len(lines)} lines; move reference text to docs/"
    text = "\n".join(lines)
    assert "scripts/run-bot" in text and "scripts/test" in text and "scripts/demo" in text
    # bot/config.py and bot/__main__.py send a user without a token to this section of the README
    assert "## Create the Discord application" in text


def test_the_slug_is_githubs() -> None:
    assert slug("Scale: PostgreSQL and several processes") == "scale-postgresql-and-several-processes"
    assert slug("Tournament rosters (seed 000: coaches, and organisers with `/event`)") == (
        "tournament-rosters-seed-000-coaches-and-organisers-with-event"
    )


def test_a_broken_link_is_found(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    (tmp_path / "other.md").write_text("# Other\n\n## A part\n", encoding="utf-8")
    page.write_text(
        "# Page\n[ok](other.md#a-part) [gone](missing.md) [nowhere](other.md#b-part) [self](#page)\n"
        "```\n[in code](ignored.md)\n```\n",
        encoding="utf-8",
    )
    assert broken_links(page) == [
        "page.md: missing.md (no such file)",
        "page.md: other.md#b-part (no such heading)",
    ]


@pytest.mark.parametrize("page", PAGES, ids=lambda page: page.name)
def test_every_relative_link_and_anchor_resolves(page: Path) -> None:
    assert broken_links(page) == []


@dataclass(frozen=True)
class Options:
    required: frozenset[str]
    optional: frozenset[str]
    group: bool = False  # a group of subcommands: what follows its name must be one of them


def command_options(payload: dict[str, Any], path: tuple[str, ...]) -> dict[tuple[str, ...], Options]:
    """Every runnable command of a payload (a command, or the leaves of its groups) and its options."""
    options = payload.get("options", [])
    subcommands = [option for option in options if option["type"] in (1, 2)]  # subcommand, group
    if subcommands:
        found: dict[tuple[str, ...], Options] = {path: Options(frozenset(), frozenset(), group=True)}
        for sub in subcommands:
            found |= command_options(sub, (*path, sub["name"]))
        return found
    required = frozenset(option["name"] for option in options if option.get("required"))
    optional = frozenset(option["name"] for option in options if not option.get("required"))
    return {path: Options(required, optional)}


@pytest.fixture(scope="module")
def commands() -> dict[tuple[str, ...], Options]:
    import asyncio

    from bot.app import LeagueBot, cog_modules  # here, so the link and path checks need no bot
    from bot.config import Settings

    async def tree() -> list[dict[str, Any]]:
        bot = LeagueBot(Settings(_env_file=None, discord_token="x"))
        for module in cog_modules():
            await bot.load_extension(module)
        payloads = [command.to_dict(bot.tree) for command in bot.tree.get_commands()]
        await bot.close()
        return payloads

    found: dict[tuple[str, ...], Options] = {}
    for payload in asyncio.run(tree()):
        found |= command_options(payload, (payload["name"],))
    return found


def written_commands(text: str) -> list[str]:
    """Every command written out in code (`/team hire position [count]`), table pipes unescaped."""
    spans = (" ".join(span.replace("\\|", "|").split()) for span in CODE.findall(prose(text)))
    return [span for span in spans if COMMAND.match(span)]


def option_name(token: str) -> str | None:
    """`name`, `[name]`, `name:value` or `[name:value]` -> name; anything else (`...`, `<x>`) -> None."""
    match = re.fullmatch(r"\[?([a-z][a-z0-9_]*)(?::[^\]]*)?\]?", token)
    return match.group(1) if match else None


def bracketed(token: str) -> bool:
    """`[count]`, or either end of `[coach4 ... coach8]`."""
    return token.startswith("[") or token.endswith("]")


def problems(span: str, commands: dict[tuple[str, ...], Options]) -> list[str]:
    words = span.split()
    path: tuple[str, ...] = (words[0][1:],)
    rest = words[1:]
    while rest and (*path, rest[0]) in commands:
        path, rest = (*path, rest[0]), rest[1:]
    if path not in commands:
        return [f"{span}: no command /{' '.join(path)}"]
    known = commands[path]
    if known.group and rest:
        return [f"{span}: no command /{' '.join((*path, rest[0]))}"]
    found = []
    for token in rest:
        name = option_name(token)
        if name is None:
            continue
        if name not in known.required | known.optional:
            found.append(f"{span}: /{' '.join(path)} has no option {name}")
        elif bracketed(token) and name in known.required:
            found.append(f"{span}: {name} is required, not [optional]")
        elif not bracketed(token) and ":" not in token and name in known.optional:
            found.append(f"{span}: {name} is optional: write [{name}]")
    return found


def test_a_wrong_command_is_found(commands: dict[tuple[str, ...], Options]) -> None:
    assert problems("/team hire position [count]", commands) == []
    assert problems("/team hire [position] count", commands) == [
        "/team hire [position] count: position is required, not [optional]",
        "/team hire [position] count: count is optional: write [count]",
    ]
    assert problems("/team sack player", commands) == ["/team sack player: no command /team sack"]
    assert problems("/teams", commands) == ["/teams: no command /teams"]
    assert problems("/roll dice:2d6 reason:armour", commands) == []
    assert problems("/dungeonbowl turn game_turn coach1 coach2 coach3 [coach4 ... coach8]", commands) == []
    assert problems("/settings", commands) == []


@pytest.mark.parametrize("page", PAGES, ids=lambda page: page.name)
def test_every_command_written_out_exists_with_its_options(
    page: Path, commands: dict[tuple[str, ...], Options]
) -> None:
    text = page.read_text(encoding="utf-8")
    assert prose(text).count("`") % 2 == 0, "a code span is not closed, so spans would pair wrongly"
    assert [problem for span in written_commands(text) for problem in problems(span, commands)] == []


PATH = re.compile(r"(?<![\w/.-])(?:bot|tests|bench|scripts|data|docs|\.ci)/[\w./*<>{}-]*")
SHORT_PATH = re.compile(r"(?<![\w/.-])(?:rules|services|store|ui|cogs|catalog|pictures|simulation)/[\w/]*\w")
DOTTED = re.compile(r"(?<![\w/.])(bot|rules|services|store|ui|catalog)\.([a-z_]\w*)(?:\.[A-Za-z_]\w*)*")
PLACEHOLDER = re.compile(r"[<*{]|NNNN")


def missing_paths(text: str) -> list[str]:
    """Paths from the repository's root (bot/services/match/postgame.py, tests/e2e/), paths inside bot/
    (services/match/pregame.py), and modules named with dots (services.confirmation.confirm, bot.rules.dice)
    that do not exist."""
    missing = []
    for found in PATH.findall(text):
        path = found.rstrip(".,:;")
        if not PLACEHOLDER.search(path) and not (ROOT / path).exists():
            missing.append(path)
    for path in SHORT_PATH.findall(text):
        where = ROOT / "bot" / path
        if not (where.exists() or Path(f"{where}.py").exists()):
            missing.append(path)
    for match in DOTTED.finditer(text):
        layer, module = match.groups()
        if layer == "bot":
            if not ((ROOT / "bot" / module).is_dir() or (ROOT / "bot" / f"{module}.py").exists()):
                missing.append(match.group(0))
        elif not any((ROOT / "bot" / layer).rglob(f"{module}.py")) and not any(
            (ROOT / "bot" / layer).rglob(module)
        ):
            missing.append(match.group(0))
    return missing


def test_a_path_that_moved_is_found() -> None:
    text = (
        "bot/services/roster/teams.py, services/match/pregame.py, tests/e2e/, services.confirmation.confirm, "
        "bot/cogs/<group>.py, bot/store/migrations/NNNN_name.sql. But bot/services/teams.py, "
        "services/pregame.py, services.nowhere.confirm and rules/tournament_groups moved."
    )
    assert missing_paths(text) == [
        "bot/services/teams.py",
        "services/pregame",
        "rules/tournament_groups",
        "services.nowhere.confirm",
    ]


@pytest.mark.parametrize("page", PAGES, ids=lambda page: page.name)
def test_every_path_and_module_named_exists(page: Path) -> None:
    assert missing_paths(page.read_text(encoding="utf-8")) == []
