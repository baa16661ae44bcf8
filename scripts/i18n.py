"""The translators' tool: bring the catalogues up to date with the code, and list what is untranslated.

    .venv/bin/python scripts/i18n.py update [PART ...]   # every part when none is named
    .venv/bin/python scripts/i18n.py check [PART ...]    # exit 1 and list what a language lacks
    .venv/bin/python scripts/i18n.py parts                # the parts and their files

`update` writes bot/i18n/locale/<language>/LC_MESSAGES/<part>.po for every shipped language: new
sentences empty, changed ones marked fuzzy with the old English kept (`#| msgid`), removed ones dropped.
docs/TRANSLATING.md has the whole workflow, and how to add a language.
"""

from __future__ import annotations

import asyncio
import os
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from discord import app_commands

from bot.i18n import catalogs


def _texts(command: app_commands.Command | app_commands.Group, where: str) -> list[tuple[str, str]]:  # type: ignore[type-arg]
    found = [(command.description, where)]
    if isinstance(command, app_commands.Group):
        for child in command.commands:
            found += _texts(child, where)
        return found
    for parameter in command.parameters:
        found.append((parameter.description, where))
        found += [(choice.name, where) for choice in parameter.choices]
    return found


async def command_texts() -> dict[str, list[tuple[str, str]]]:
    """Every description and choice name of the synced commands, by the part of the cog declaring it."""
    from bot.app import LeagueBot, cog_modules
    from bot.config import Settings

    for name in ("DISCORD_TOKEN", "DATABASE_PATH", "DEV_GUILD_ID", "DISCORD_API_BASE", "DISCORD_GATEWAY_URL"):
        os.environ.pop(name, None)
    here = os.getcwd()
    with tempfile.TemporaryDirectory() as scratch:
        os.chdir(scratch)
        try:
            bot = LeagueBot(Settings(discord_token="x"))
            for module in cog_modules():
                await bot.load_extension(module)
        finally:
            os.chdir(here)
    result: dict[str, list[tuple[str, str]]] = {}
    for command in bot.tree.get_commands():
        module = getattr(getattr(command, "callback", None), "__module__", None) or _group_module(command)
        path = module.replace(".", "/") + ".py"
        part = catalogs.part_of(path.removeprefix("bot/"))
        if part is None:
            raise SystemExit(f"/{command.name} is declared in {path}, which no part of PARTS covers")
        result.setdefault(part, []).extend(_texts(command, f"{path}:/{command.name}"))  # type: ignore[arg-type]
    return result


def _group_module(group: object) -> str:
    for child in getattr(group, "commands", []):
        module = getattr(getattr(child, "callback", None), "__module__", None) or _group_module(child)
        if module:
            return module
    return type(group).__module__


def templates() -> dict[str, catalogs.Catalog]:
    return catalogs.templates(asyncio.run(command_texts()))


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in ("update", "check", "parts"):
        print(__doc__)
        return 2
    verb, named = argv[0], argv[1:]
    known = [*catalogs.PARTS, *catalogs.DATA_PARTS]
    unknown = set(named) - set(known)
    if unknown:
        print(f"unknown parts: {', '.join(sorted(unknown))} (parts: {', '.join(known)})")
        return 2
    if verb == "parts":
        for part in catalogs.PARTS:
            print(part, *(path.relative_to(catalogs.BOT).as_posix() for path in catalogs.files_of(part)))
        for part, patterns in catalogs.DATA_PARTS.items():
            print(part, *(f"data/{pattern}" for pattern in patterns))
        return 0
    parts = templates()
    chosen = {part: parts[part] for part in named or parts}
    if verb == "update":
        for part, template in chosen.items():
            catalogs.update(part, template)
            print(f"{part}: {len(template)} sentences")
        return 0
    found = catalogs.problems(chosen)
    for line in found:
        print(line)
    print(f"{len(found)} problems in {', '.join(chosen)}")
    return 1 if found else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
