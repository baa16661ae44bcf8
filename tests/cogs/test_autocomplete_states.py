"""Every autocomplete of every command answers in every state of a server, with an empty list rather than
no answer: no league or event yet, one of each (registration, running, finished), several of each.

Discord shows "Loading options failed" when an autocomplete raises (discord.py only logs it), so a refusal
a look-up raises (no event yet, several and none chosen) must become no choices. The commands are found by
walking the app-command tree of every cog, so a new autocomplete is walked too.
"""

from __future__ import annotations

import inspect
from collections.abc import Awaitable, Callable
from typing import Any

import discord
import pytest
from discord import app_commands

from bot.services.runtime import Runtime
from bot.services.tournament import tournament_awards, tournament_play, tournaments
from tests.builders import ORGANISER, coach, season, tournament_event
from tests.cogs.mocks import make_interaction
from tests.cogs.test_fuzz_commands import CASES, Case, _bot, _Namespace

Builder = Callable[[Runtime], Awaitable[None]]
COMMISSIONER = 1  # the builders' commissioner and organiser
CALLERS = [(coach(0).user_id, False), (COMMISSIONER, True), (999, False)]  # a coach, the admin, a stranger
TYPED = [""]  # the state is what matters here; test_fuzz_commands types everything else


async def _nothing(rt: Runtime) -> None:
    return None


async def _registration(rt: Runtime) -> None:
    await season(rt, 4)
    await tournament_event(rt, 4, rounds=2)


async def _running(rt: Runtime) -> None:
    await _registration(rt)
    await tournament_play.start_event(rt, ORGANISER, None)


async def _finished(rt: Runtime) -> None:
    await _running(rt)
    await tournament_awards.finish(rt, ORGANISER, None, force=True)


async def _several(rt: Runtime) -> None:
    await _running(rt)
    await season(rt, 4, name="Second League")
    await tournaments.create_tournament(rt, ORGANISER, "Second Cup", 555, {})


STATES: dict[str, Builder] = {
    "nothing yet": _nothing,
    "registration": _registration,
    "running": _running,
    "finished": _finished,
    "several": _several,
}


def _autocompleted() -> list[tuple[Case, str, Any]]:
    return [
        (case, name, param.autocomplete)
        for case in CASES
        for name, param in case.command._params.items()
        if param.autocomplete is not None
    ]


AUTOCOMPLETED = _autocompleted()


def test_the_walk_finds_the_autocompletes() -> None:
    names = {f"{case.name} {name}" for case, name, _ in AUTOCOMPLETED}
    assert {"squad add squad", "tournament vote opponent", "report fixture", "rules skill skill"} <= names
    assert len(names) >= 40


async def _answer(case: Case, callback: Any, interaction: discord.Interaction, current: str) -> Any:
    if len(inspect.signature(callback).parameters) == 3:
        return await callback(case.cog_class(_bot()), interaction, current)  # type: ignore[call-arg]
    return await callback(interaction, current)


@pytest.mark.parametrize("state", list(STATES))
async def test_every_autocomplete_answers_in_every_state(runtime: Runtime, state: str) -> None:
    await STATES[state](runtime)
    silent: list[str] = []
    for case, name, callback in AUTOCOMPLETED:
        for user_id, manager in CALLERS:
            for current in TYPED:
                interaction = make_interaction(runtime, user_id=user_id, manage_guild=manager)
                interaction.namespace = _Namespace()
                try:
                    choices = await _answer(case, callback, interaction, current[:100])
                except Exception as error:
                    silent.append(
                        f"/{case.name} {name} ({user_id}, {current!r}): {type(error).__name__}: {error}"
                    )
                    break
                if not isinstance(choices, list) or len(choices) > 25:
                    silent.append(f"/{case.name} {name}: {choices!r}")
                elif any(not isinstance(c, app_commands.Choice) for c in choices):
                    silent.append(f"/{case.name} {name}: not choices")
                elif any(not 0 < len(c.name) <= 100 or len(str(c.value)) > 100 for c in choices):
                    silent.append(f"/{case.name} {name}: a choice beyond Discord's limits")
    assert silent == [], "\n".join(silent)
