"""Every top-level command's payload, counted the way Discord counts it, fits Discord's limits.

Discord: an application command may have at most 25 options (subcommands, groups or options) at each
level and 25 choices per option, and "the combined sum of characters for all of the command's name,
description, and value properties (including subcommands, subcommand groups, options and choices) must
not exceed 4,000": the budget is per top-level command, so subcommands inside one group share it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bot.app import LeagueBot, cog_modules
from bot.config import Settings
from bot.i18n.catalogs import TRANSLATED
from bot.ui.translator import CommandTranslator
from tests.e2e import discord_limits as limits

COMMAND_BUDGET = 4000
MAX_OPTIONS = 25


def discord_size(payload: dict[str, Any]) -> int:
    """Name and description of the command and of every subcommand, group and option below it, plus
    every choice's name and value."""
    size = len(payload["name"]) + len(payload.get("description", ""))
    for option in payload.get("options", []):
        size += discord_size(option)
    for item in payload.get("choices", []):
        size += len(item["name"]) + len(str(item["value"]))
    return size


def too_many(payload: dict[str, Any], path: str = "") -> list[str]:
    where = f"{path} {payload['name']}".strip()
    found = []
    if len(payload.get("options", [])) > MAX_OPTIONS:
        found.append(f"{where}: {len(payload['options'])} options")
    if len(payload.get("choices", [])) > MAX_OPTIONS:
        found.append(f"{where}: {len(payload['choices'])} choices")
    for option in payload.get("options", []):
        found += too_many(option, where)
    return found


@pytest.fixture
async def loaded(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> LeagueBot:
    """The bot with every cog loaded (not started)."""
    for name in ("DISCORD_TOKEN", "DATABASE_PATH", "DEV_GUILD_ID", "DISCORD_API_BASE", "DISCORD_GATEWAY_URL"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.chdir(tmp_path)
    bot = LeagueBot(Settings(discord_token="x"))
    for module in cog_modules():
        await bot.load_extension(module)
    return bot


@pytest.fixture
def payloads(loaded: LeagueBot) -> list[dict[str, Any]]:
    return [command.to_dict(loaded.tree) for command in loaded.tree.get_commands()]


@pytest.fixture
async def translated(loaded: LeagueBot) -> list[dict[str, Any]]:
    """The commands as they are synced: with every language's descriptions and choice names."""
    translator = CommandTranslator()
    return [
        await command.get_translated_payload(loaded.tree, translator)
        for command in loaded.tree.get_commands()
    ]


def test_the_size_is_counted_over_the_whole_tree() -> None:
    payload = {
        "name": "ab",
        "description": "cde",
        "options": [
            {"name": "f", "description": "gh", "options": [{"name": "i", "description": "j"}]},
            {"name": "k", "description": "l", "choices": [{"name": "mn", "value": 12}]},
        ],
    }
    assert discord_size(payload) == 2 + 3 + (1 + 2 + (1 + 1)) + (1 + 1 + 2 + 2)


async def test_every_top_level_command_fits_discords_4000_character_budget(
    payloads: list[dict[str, Any]],
) -> None:
    sizes = {payload["name"]: discord_size(payload) for payload in payloads}
    assert {"league", "season", "settings"} <= set(sizes)
    over = {name: size for name, size in sizes.items() if size > COMMAND_BUDGET}
    assert not over, over


async def test_no_level_has_more_than_25_options_or_choices(payloads: list[dict[str, Any]]) -> None:
    assert len(payloads) <= 100  # global commands of one type
    assert [problem for payload in payloads for problem in too_many(payload)] == []


async def test_settings_is_split_by_topic(payloads: list[dict[str, Any]]) -> None:
    settings = next(p for p in payloads if p["name"] == "settings")
    subcommands = {option["name"]: option for option in settings["options"]}
    assert set(subcommands) == {
        "show",
        "points",
        "tiebreakers",
        "schedule",
        "playoffs",
        "draft",
        "match",
        "stars",
        "ruleset",
        "channel",
    }
    schedule = {option["name"] for option in subcommands["schedule"]["options"]}
    assert {"reminder_hours", "confirm_grace_hours"} <= schedule
    assert "in_playoffs" in {option["name"] for option in subcommands["match"]["options"]}
    league = next(p for p in payloads if p["name"] == "league")
    assert "settings" not in {option["name"] for option in league["options"]}  # one way to do it


def test_every_language_fits_discords_limits(translated: list[dict[str, Any]]) -> None:
    """Issue 32: "in every language each command is within Discord's limits" -- each locale's text is
    counted on its own (tests/e2e/discord_limits.py, the fake Discord's own check)."""
    assert [str(problem) for problem in limits.commands_violations(translated)] == []


def _missing(node: dict[str, Any], path: str) -> list[str]:
    found = []
    if "description" in node:
        found += [
            f"{path}: description in {code}"
            for code in TRANSLATED
            if code not in (node.get("description_localizations") or {})
        ]
    for choice in node.get("choices") or []:
        found += [
            f"{path} choice {choice['name']!r} in {code}"
            for code in TRANSLATED
            if code not in (choice.get("name_localizations") or {})
        ]
    for option in node.get("options") or []:
        found += _missing(option, f"{path} {option['name']}")
    return found


def test_every_description_and_choice_is_localised(translated: list[dict[str, Any]]) -> None:
    """Issue 32: "every command, subcommand and option carries description_localizations for fr, es-ES,
    it and de, and every choice its name_localizations"; names stay English."""
    payloads = translated
    missing = [line for payload in payloads for line in _missing(payload, "/" + payload["name"])]
    assert missing == [], f"{len(missing)} untranslated, e.g. {missing[:5]}"
    assert all(not payload.get("name_localizations") for payload in payloads)
