"""Every slash command, fed arbitrary option values by hypothesis, answers like the tree's error handler
would: a reply, or an expected refusal (a DomainError or a failed check), never "Something went wrong";
and every invariant of `python -m bot simulate` still holds afterwards.

The commands are found by walking the app-command tree of every cog in bot/cogs, so a new command is
fuzzed without touching this file. Values are generated from each option's type, choices and range, and
go well beyond what Discord's client would send (±2^31 and more, text with parentheses, quotes, mentions,
unicode, 5,000 characters), because the services must validate whatever reaches them.
"""

from __future__ import annotations

import importlib
import inspect
import os
from collections.abc import AsyncIterator
from dataclasses import dataclass, replace
from pathlib import Path
from types import SimpleNamespace
from typing import Any
from unittest.mock import AsyncMock, MagicMock

import discord
import pytest
import pytest_asyncio
from discord import app_commands
from discord.ext import commands
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.app import cog_modules
from bot.clock import FakeClock
from bot.rules.dice import SeededDice
from bot.services.league import leagues, seasons
from bot.services.match import deadlines, results
from bot.services.match.results import SideInput
from bot.services.roster import teams
from bot.services.runtime import Runtime
from bot.simulation.invariants import check_invariants
from bot.store import Database
from bot.store.connection import Connection
from bot.ui.errors import user_message
from tests.cogs.mocks import make_interaction, make_member
from tests.conftest import CATALOG, actor, built_once_location, copy_of

COMMISSIONER = 1
COACHES = (10, 11, 12, 13)
STRANGER = 999
CALLERS = [(c, False) for c in COACHES] + [(COMMISSIONER, True), (STRANGER, False)]
UNEXPECTED = "Something went wrong"
# CI runs a modest, repeatable sample; FUZZ_EXAMPLES=300 looks much harder (and at random).
EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "12"))

NASTY_TEXT = [
    "Block (",
    "'); DROP TABLE x;--",
    "(",
    ")",
    "",
    " ",
    "\x00",
    "%",
    "_",
    "\\",
    "`",
    "a" * 5000,
    "🏈",
    "<@10>",
    "<@&5>",
    "@everyone",
    "-1",
    "0",
    "99999999999999999999",
    "1e309",
    "NaN",
]
USEFUL_TEXT = [
    *(f"f:{n}" for n in range(1, 8)),
    *(f"#{n}" for n in (1, 3, 11, 12, 99)),
    "p:1",
    "p:5",
    "1",
    "2",
    "Team 0",
    "Team 1",
    "League",
    "human",
    "orc",
    "Human Lineman",
    "human_lineman",
    "Orc Lineman",
    "Block",
    "Dodge",
    "bribe",
    "star:Griff Oberwald",
    "Griff Oberwald",
    "mercenary:human_lineman",
    "Orc",
    "agility",
    "random_primary",
    "chosen_primary",
    "ma",
    "2d6",
    "d6",
    "1d1000000",
    "999d999",
    "Team 0=1, Team 1=1, Team 2=2, Team 3=2",
    "head_to_head, td_diff",
    "mine",
    "all",
    "#1 td",
    "#1 td 2, #2 cas",
    "#3 mvp",
    "#2 cas si, #4 int",
    "#1 td 40",
    "#5 dead",
    "#99 td",
]
EVENTS = ["#1 td", "#1 td 2, #2 cas", "#3 mvp", "#2 cas si, #4 int", "#1 td 40", "#5 dead", "#99 td", ""]
HINTS: dict[str, list[str]] = {  # values that mean something in the test league, by option name
    "fixture": [*(f"f:{n}" for n in range(1, 9)), "1", "#2"],
    "league": ["League", "l:1"],
    "player": [*(f"#{n}" for n in range(1, 13)), *(f"p:{n}" for n in range(1, 49, 3))],
    "team": [*(f"Team {n}" for n in range(4)), *(f"t:{n}" for n in range(1, 5))],
    "opponent": [*(f"Team {n}" for n in range(4)), *(f"t:{n}" for n in range(1, 5))],
    "position": ["Human Lineman", "Orc Lineman", "human_lineman", "orc_blitzer", "Human Blitzer", "Ogre"],
    "roster": ["human", "orc", "skaven", "chaos_chosen"],
    "name": ["Grim", "New Team", "Ünïcode Näme"],
    "item": ["bribe", "star:Griff Oberwald", "mercenary:human_lineman", "blitzers_best_keg", "team_mascot"],
    "star": ["Griff Oberwald", "Morg 'n' Thorg", "star:Griff Oberwald"],
    "skill": ["Block", "Dodge", "Guard", "Sure Hands"],
    "keyword": ["Orc", "Human"],
    "advancement": ["random_primary", "chosen_primary", "chosen_secondary", "characteristic"],
    "my_players": EVENTS,
    "their_players": EVENTS,
    "home_players": EVENTS,
    "away_players": EVENTS,
    "divisions": ["1", "2", "Team 0=1, Team 1=1, Team 2=2, Team 3=2"],
    "reason": ["because", "x" * 300],
    "dice": ["2d6", "d6", "3d6+1", "d16"],
    "journeymen": ["human_lineman", "orc_lineman"],
    "tiebreakers": ["head_to_head, td_diff", "td_diff"],
    "exclude": ["Griff Oberwald", ""],
}
INTS = [0, 1, -1, 2, 3, 16, 17, 99, 100, 2**31 - 1, 2**31, -(2**31), 2**63, 10**30]


# --- the commands ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Case:
    name: str
    cog_class: type[commands.Cog]
    command: app_commands.Command[Any, ..., Any]

    def __repr__(self) -> str:
        return self.name


def _walk(items: list[Any]) -> list[app_commands.Command[Any, ..., Any]]:
    found: list[app_commands.Command[Any, ..., Any]] = []
    for item in items:
        if isinstance(item, app_commands.Group):
            found += _walk(item.commands)
        elif isinstance(item, app_commands.Command):
            found.append(item)
    return found


def _cases() -> list[Case]:
    cases = []
    for module_name in cog_modules():
        module = importlib.import_module(module_name)
        for value in vars(module).values():
            if not (
                inspect.isclass(value) and issubclass(value, commands.Cog) and value.__module__ == module_name
            ):
                continue
            cog = value(MagicMock())
            roots = [cog.app_command] if isinstance(cog, commands.GroupCog) else cog.__cog_app_commands__
            for command in _walk(list(roots)):
                cases.append(Case(command.qualified_name, value, command))
    return sorted(cases, key=lambda c: c.name)


CASES = _cases()


def test_every_command_is_fuzzed() -> None:
    names = {case.name for case in CASES}
    assert {"report", "league result", "rules skill", "match inducements", "team hire", "roll"} <= names
    assert len(names) == len(CASES) >= 60


# --- the values ------------------------------------------------------------------------------------------


def _member(user_id: int) -> MagicMock:
    member = make_member(user_id)
    member.display_name = f"Coach {user_id}"
    member.name = f"coach{user_id}"
    member.bot = False
    return member


def _role(role_id: int) -> MagicMock:
    role = MagicMock(spec_set=discord.Role)
    role.id = role_id
    role.mention = f"<@&{role_id}>"
    role.name = f"role {role_id}"
    return role


def _channel(channel_id: int) -> MagicMock:
    channel = MagicMock(spec_set=discord.TextChannel)
    channel.id = channel_id
    channel.mention = f"<#{channel_id}>"
    channel.name = f"channel-{channel_id}"
    return channel


def _attachment(data: bytes) -> MagicMock:
    upload = MagicMock(spec_set=discord.Attachment)
    upload.size = len(data)
    upload.filename = "league.json"
    upload.read = AsyncMock(return_value=data)
    return upload


TEXT = st.one_of(
    st.sampled_from(NASTY_TEXT),
    st.sampled_from(USEFUL_TEXT),
    st.text(max_size=40),
    st.text(alphabet="()[]{}'\"`;-_%*#:@<>&=, 0123456789abcdef", max_size=30),
)


def _values(param: app_commands.Parameter) -> st.SearchStrategy[Any]:
    kind = param.type
    if kind is discord.AppCommandOptionType.integer or kind is discord.AppCommandOptionType.number:
        low = int(param.min_value) if param.min_value is not None else -(2**31)
        high = int(param.max_value) if param.max_value is not None else 2**31
        in_range = st.integers(low, high)
        strategy: st.SearchStrategy[Any] = st.one_of(in_range, in_range, st.sampled_from(INTS), st.integers())
        if param.choices:
            strategy = st.one_of(st.sampled_from([c.value for c in param.choices]), strategy)
        return strategy
    if kind is discord.AppCommandOptionType.boolean:
        return st.booleans()
    if kind is discord.AppCommandOptionType.user:
        return st.sampled_from([*COACHES, COMMISSIONER, STRANGER, 10**18]).map(_member)
    if kind is discord.AppCommandOptionType.role:
        return st.sampled_from([5, 6, 10**18]).map(_role)
    if kind is discord.AppCommandOptionType.channel:
        return st.sampled_from([100, 200, 10**18]).map(_channel)
    if kind is discord.AppCommandOptionType.attachment:
        return st.one_of(
            st.binary(max_size=300), st.sampled_from([b"{}", b'{"format": 1}', b"\x1f\x8b"])
        ).map(_attachment)
    if kind is discord.AppCommandOptionType.mentionable:
        return st.sampled_from([10, 11]).map(_member)
    # strings
    strategy = TEXT
    if param.name in HINTS:
        hints = st.sampled_from(HINTS[param.name])
        strategy = st.one_of(hints, hints, hints, TEXT)
    if param.choices:
        strategy = st.one_of(st.sampled_from([str(c.value) for c in param.choices]), strategy)
    return strategy


def _arguments(command: app_commands.Command[Any, ..., Any]) -> st.SearchStrategy[dict[str, Any]]:
    """A value for every required option; each optional one is left out (its default) or given."""
    required = {p.name: _values(p) for p in command.parameters if p.required}
    optional = {p.name: _values(p) for p in command.parameters if not p.required}
    return st.fixed_dictionaries(required, optional=optional)


# --- the league the commands run against ------------------------------------------------------------------


async def _build_league(path: str, language: str = "en") -> None:
    """A started season: four approved teams, one confirmed result with open post-games, one reported,
    one fixture with an extended deadline; the league on a server speaking `language`."""
    db = await Database.open(path)
    try:
        await db.migrate()
        rt = Runtime(db=db, dice=SeededDice(7), clock=FakeClock(), catalog=CATALOG)
        commish = actor(user_id=COMMISSIONER)
        await leagues.create_league(rt, replace(commish, server_language=language), "League", 100)
        for n, coach_id in enumerate(COACHES):
            coach = actor(user_id=coach_id)
            roster, lineman = ("human", "Human Lineman") if n % 2 else ("orc", "Orc Lineman")
            await teams.create_team(rt, coach, None, f"Team {n}", roster)
            await teams.hire_players(rt, coach, None, lineman, count=11)
            await teams.submit_team(rt, coach, None)
            await teams.review_team(rt, commish, None, f"Team {n}", approve=True)
        await seasons.start_season(rt, commish, None)
        listing = await seasons.list_fixtures(rt, actor(user_id=COACHES[0]), None, "round", round_number=1)
        first, second = listing.fixtures[0], listing.fixtures[1]
        await results.report_result(
            rt,
            actor(user_id=first.home_coach_id),
            f"f:{first.id}",
            SideInput(2, 1, "#1 td 2"),
            SideInput(1, 0),
        )
        await results.confirm_result(rt, actor(user_id=first.away_coach_id), first.id, 1)
        await results.report_result(
            rt, actor(user_id=second.home_coach_id), f"f:{second.id}", SideInput(0, 0), SideInput(0, 0)
        )
        later = await seasons.list_fixtures(rt, actor(user_id=COACHES[0]), None, "round", round_number=2)
        await deadlines.extend_fixture(rt, commish, f"f:{later.fixtures[0].id}", 20, "flooded pitch")
        assert await db.read(check_invariants) == []
    finally:
        await db.close()


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory, request: pytest.FixtureRequest) -> str:
    """Where the league is built, once, on the first test's loop (on the tests' engine)."""
    return built_once_location(tmp_path_factory, request, "fuzz")


_built: set[str] = set()


@dataclass(frozen=True)
class League:
    rt: Runtime

    def __repr__(self) -> str:  # hypothesis prints the arguments of a failing example
        return "League(four teams, a season started)"


@pytest_asyncio.fixture
async def league(template: str, tmp_path: Path, request: pytest.FixtureRequest) -> AsyncIterator[League]:
    if template not in _built:
        await _build_league(template)
        _built.add(template)
    db = await Database.open(copy_of(template, tmp_path, request))
    yield League(Runtime(db=db, dice=SeededDice(11), clock=FakeClock(), catalog=CATALOG))
    await db.close()


# --- calling a command as the tree would ------------------------------------------------------------------


class _Namespace(SimpleNamespace):
    def __getattr__(self, name: str) -> Any:  # like discord's Namespace: a missing option is None
        return None


def _bot() -> MagicMock:
    bot = MagicMock()
    bot.deadlines.rearm = AsyncMock(return_value=0)
    bot.scheduler.jobs = MagicMock(return_value=[])
    return bot


def _interaction(rt: Runtime, caller: tuple[int, bool], arguments: dict[str, Any]) -> MagicMock:
    user_id, manager = caller
    interaction = make_interaction(rt, user_id=user_id, manage_guild=manager)
    interaction.response.send_modal = AsyncMock()
    interaction.response.defer = AsyncMock()
    interaction.namespace = _Namespace(
        **{k: (v.id if hasattr(v, "id") and not isinstance(v, int) else v) for k, v in arguments.items()}
    )
    return interaction


def _replies(interaction: MagicMock) -> list[str]:
    texts = []
    for mock in (interaction.response.send_message, interaction.followup.send):
        for call in mock.await_args_list:
            content = call.args[0] if call.args else call.kwargs.get("content")
            texts.append(str(content or ""))
    return texts


async def _call(case: Case, rt: Runtime, caller: tuple[int, bool], arguments: dict[str, Any]) -> str | None:
    """Run checks and callback like the tree; the unexpected error's description, or None if all is well."""
    cog = case.cog_class(_bot())  # type: ignore[call-arg]
    interaction = _interaction(rt, caller, arguments)
    try:
        for check in case.command.checks:
            if not await discord.utils.maybe_coroutine(check, interaction):
                raise app_commands.CheckFailure("check failed")
        await case.command.callback(cog, interaction, **arguments)  # type: ignore[arg-type]
    except Exception as error:
        if user_message(error) is None:
            return f"{type(error).__name__}: {error}"
    unexpected = [text for text in _replies(interaction) if UNEXPECTED in text]
    if unexpected:
        return unexpected[0]
    for name, param in case.command._params.items():
        if param.autocomplete is None:
            continue
        callback = param.autocomplete
        current = str(arguments.get(name) or "")[:100]
        try:
            if len(inspect.signature(callback).parameters) == 3:
                choices = await callback(cog, interaction, current)
            else:
                choices = await callback(interaction, current)
        except Exception as error:
            if user_message(error) is None:
                return f"autocomplete {name}: {type(error).__name__}: {error}"
            continue
        if len(choices) > 25 or any(not 0 < len(c.name) <= 100 or len(str(c.value)) > 100 for c in choices):
            return f"autocomplete {name}: choices beyond Discord's limits"
    return None


async def _invariants(rt: Runtime) -> list[str]:
    def check(conn: Connection) -> list[str]:
        return check_invariants(conn)

    return await rt.db.read(check)


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
@settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize="FUZZ_EXAMPLES" not in os.environ,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data())
async def test_arbitrary_options_never_reach_an_unexpected_error(
    case: Case, league: League, data: st.DataObject
) -> None:
    caller = data.draw(st.sampled_from(CALLERS), label="caller")
    arguments = data.draw(_arguments(case.command), label="options")
    problem = await _call(case, league.rt, caller, arguments)
    assert problem is None, f"/{case.name} {arguments} by {caller}: {problem}"
    assert await _invariants(league.rt) == []


@settings(
    max_examples=max(EXAMPLES // 2, 4),
    deadline=None,
    derandomize="FUZZ_EXAMPLES" not in os.environ,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data())
async def test_a_sequence_of_arbitrary_commands_keeps_every_invariant(
    league: League, data: st.DataObject
) -> None:
    """Several commands in a row, by several people, on the same league."""
    for _ in range(data.draw(st.integers(1, 8), label="commands")):
        case = data.draw(st.sampled_from(CASES), label="command")
        caller = data.draw(st.sampled_from(CALLERS), label="caller")
        arguments = data.draw(_arguments(case.command), label="options")
        problem = await _call(case, league.rt, caller, arguments)
        assert problem is None, f"/{case.name} {arguments} by {caller}: {problem}"
        assert await _invariants(league.rt) == [], f"after /{case.name} {arguments} by {caller}"
