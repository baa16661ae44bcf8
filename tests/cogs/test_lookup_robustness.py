"""Every catalogue look-up and autocomplete answers any text like an unknown name, never with a crash.

`/rules skill skill:Block (` used to reach "Something went wrong": a stray parenthesis made the skill
reference parser raise. Whatever a user types, a look-up either finds something or says NotFound.
"""

from __future__ import annotations

import contextlib
from collections.abc import Awaitable, Callable
from typing import Any
from unittest.mock import MagicMock

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.cogs.rules import (
    RulesCog,
    find_inducement,
    find_position,
    find_skill,
    find_star,
    find_table,
    find_team,
)
from bot.errors import NotFound
from bot.services.runtime import Runtime
from bot.ui.autocomplete import roster_autocomplete
from tests.cogs.mocks import make_interaction
from tests.conftest import CATALOG

NASTY = [
    "Block (",
    "'); DROP TABLE x;--",
    "(",
    ")",
    "()",
    "Loner (4+",
    "Loner 4+)",
    "Block ((4+))",
    "x (y) (z)",
    "",
    " ",
    "\x00",
    "%",
    "_",
    "*",
    "[",
    "\\",
    "`",
    "^$.*+?{}|",
    "a" * 5000,
    "🏈🏈",
    "Ｂｌｏｃｋ",
    "<@123>",
    "@everyone",
    'Robert"); DROP TABLE players;--',
]

FINDERS: list[Callable[[Any, str], object]] = [
    find_team,
    find_position,
    find_skill,
    find_star,
    find_inducement,
    find_table,
]


def cog() -> RulesCog:
    return RulesCog(MagicMock())


def _lookup_commands(rules: RulesCog) -> list[tuple[str, Callable[..., Awaitable[None]]]]:
    return [(command.name, command.callback) for command in rules.app_command.commands]  # type: ignore[union-attr]


def _autocompletes(rules: RulesCog) -> list[Callable[[Any, str], Awaitable[list[Any]]]]:
    return [
        roster_autocomplete,  # /rules team's option is the team roster every command shares
        rules.position_autocomplete,
        rules.skill_autocomplete,
        rules.star_autocomplete,
        rules.inducement_autocomplete,
        rules.table_autocomplete,
    ]


@pytest.mark.parametrize("finder", FINDERS, ids=lambda f: f.__name__)
@pytest.mark.parametrize("text", NASTY)
def test_a_finder_finds_or_says_not_found(finder: Callable[[Any, str], object], text: str) -> None:
    try:
        assert finder(CATALOG, text) is not None
    except NotFound as error:
        assert "matches" in str(error)


def test_a_stray_parenthesis_is_an_unknown_skill_not_a_crash() -> None:
    assert CATALOG.skill("'); DROP TABLE x;--") is None
    with pytest.raises(NotFound, match="No skill matches"):
        find_skill(CATALOG, "'); DROP TABLE x;--")
    found = CATALOG.skill("Block (")  # forgiving about punctuation, like every other look-up
    assert found is not None and found.name == "Block"
    assert find_skill(CATALOG, "Loner (4+").name == "Loner"


async def test_every_lookup_command_and_autocomplete_survives_nasty_text(runtime: Runtime) -> None:
    rules = cog()
    commands = _lookup_commands(rules)
    assert {name for name, _ in commands} == {"team", "position", "skill", "star", "inducement", "table"}
    for text in NASTY:
        for _name, callback in commands:
            interaction = make_interaction(runtime)
            try:
                await callback(rules, interaction, text)
            except NotFound:
                interaction.response.send_message.assert_not_awaited()
            else:
                interaction.response.send_message.assert_awaited_once()
        for autocomplete in _autocompletes(rules):
            choices = await autocomplete(make_interaction(runtime), text)
            assert len(choices) <= 25
            assert all(0 < len(c.name) <= 100 and len(str(c.value)) <= 100 for c in choices)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=st.text(alphabet=st.characters(codec="utf-8"), max_size=120) | st.sampled_from(NASTY))
async def test_any_text_is_found_or_not_found(runtime: Runtime, text: str) -> None:
    for finder in FINDERS:
        with contextlib.suppress(NotFound):
            finder(CATALOG, text)
    rules = cog()
    for autocomplete in _autocompletes(rules):
        assert len(await autocomplete(make_interaction(runtime), text)) <= 25
