"""The one guarded base of the restart-proof buttons (bot/ui/buttons.py)."""

from __future__ import annotations

import importlib
import logging
import pkgutil
import re
from unittest.mock import MagicMock

import discord
import pytest

import bot.cogs
import bot.ui
from bot.cogs.advance import AdvanceChoiceButton
from bot.cogs.results import ConfirmButton, DisputeButton, DisputeModal, FinishPostgameButton
from bot.errors import Conflict, DomainError, InvalidInput, RuleViolation
from bot.services.runtime import Runtime
from bot.ui.buttons import GuardedButton, GuardedModal
from bot.ui.pagination import PageButton
from tests.cogs.mocks import make_interaction, sent


def _classes(base: type) -> set[type]:
    """Every subclass of base defined in bot/cogs and bot/ui."""
    found: set[type] = set()
    for package in (bot.cogs, bot.ui):
        for info in pkgutil.iter_modules(package.__path__, package.__name__ + "."):
            module = importlib.import_module(info.name)
            for value in vars(module).values():
                if (
                    isinstance(value, type)
                    and issubclass(value, base)
                    and value.__module__ == module.__name__
                ):
                    found.add(value)
    return found


def test_every_button_of_the_bot_shares_the_guarded_base() -> None:
    found = _classes(discord.ui.DynamicItem)
    assert {PageButton, FinishPostgameButton, ConfirmButton, DisputeButton, AdvanceChoiceButton} <= found
    assert {cls.__name__ for cls in found if not issubclass(cls, GuardedButton)} == set()
    # Each button's class answers its own callback only through the guard.
    assert {cls.__name__ for cls in found if cls is not GuardedButton and "callback" in vars(cls)} == set()


def test_every_form_of_the_bot_shares_the_guarded_base() -> None:
    found = _classes(discord.ui.Modal)
    assert DisputeModal in found
    assert {cls.__name__ for cls in found if not issubclass(cls, GuardedModal)} == set()
    overridden = {"on_submit", "on_error"}
    assert {cls.__name__ for cls in found if cls is not GuardedModal and overridden & set(vars(cls))} == set()


def test_the_base_template_matches_no_custom_id() -> None:
    template = GuardedButton.__discord_ui_compiled_template__
    assert all(template.fullmatch(text) is None for text in ("", "pgf:1:2", "res:c:1:1", "x"))


@pytest.mark.parametrize(
    "button",
    [
        PageButton("fixtures", "3.all.0.0", 2, "n"),
        FinishPostgameButton(7, 9, "Reavers"),
        ConfirmButton(42, 3),
        DisputeButton(42, 3),
        AdvanceChoiceButton(5, 1, "Block (+20k)"),
    ],
    ids=lambda b: type(b).__name__,
)
async def test_a_button_is_rebuilt_from_its_custom_id_alone(button: GuardedButton) -> None:
    custom_id = button.custom_id
    match = type(button).__discord_ui_compiled_template__.fullmatch(custom_id)
    assert match is not None
    rebuilt = await type(button).from_custom_id(MagicMock(), MagicMock(), match)
    assert type(rebuilt) is type(button) and rebuilt.custom_id == custom_id


class _Failing(GuardedButton, template=r"test:(?P<n>\d+)"):
    def __init__(self, n: int, error: Exception) -> None:
        super().__init__(discord.ui.Button(label="Test", custom_id=f"test:{n}"))
        self.error = error

    @classmethod
    def from_match(cls, match: re.Match[str]) -> _Failing:
        return cls(int(match["n"]), RuntimeError("unused"))

    async def clicked(self, interaction: discord.Interaction) -> None:
        raise self.error


@pytest.mark.parametrize(
    "refusal",
    [
        Conflict("That post-game is already finished."),
        RuleViolation("A penalty shoot-out only decides a game that is level after extra time."),
        InvalidInput("Say what is wrong with the report, so the commissioner can decide."),
    ],
    ids=lambda e: type(e).__name__,
)
async def test_a_refused_click_is_answered_privately_with_the_reason(
    runtime: Runtime, refusal: DomainError
) -> None:
    click = make_interaction(runtime)
    await _Failing(1, refusal).callback(click)
    content, kwargs = sent(click)
    assert content == str(refusal) and kwargs["ephemeral"] is True


async def test_a_failed_click_is_answered_with_an_error_id_and_logged(
    runtime: Runtime, caplog: pytest.LogCaptureFixture
) -> None:
    click = make_interaction(runtime)
    with caplog.at_level(logging.ERROR, logger="bot.errors"):
        await _Failing(1, RuntimeError("boom")).callback(click)
    content, kwargs = sent(click)
    error_id = re.search(r"Error id: `([0-9a-f]{8})`", content)
    assert error_id is not None and kwargs["ephemeral"] is True
    assert any(error_id[1] in record.getMessage() and record.exc_info for record in caplog.records)


async def test_a_click_after_an_answer_still_gets_its_error(runtime: Runtime) -> None:
    click = make_interaction(runtime, responded=True)
    await _Failing(1, Conflict("Too late.")).callback(click)
    click.followup.send.assert_awaited_once_with("Too late.", ephemeral=True)


class _FailingForm(GuardedModal, title="Test"):
    async def submitted(self, interaction: discord.Interaction) -> None:
        raise Conflict("That result was reported again: answer the new version.")


async def test_a_refused_form_is_answered_privately_with_the_reason(runtime: Runtime) -> None:
    submit = make_interaction(runtime)
    await _FailingForm().on_submit(submit)
    content, kwargs = sent(submit)
    assert content.startswith("That result was reported again") and kwargs["ephemeral"] is True


async def test_a_page_of_a_list_that_is_gone_says_so(runtime: Runtime) -> None:
    click = make_interaction(runtime)
    await PageButton("no_such_list", "1", 1, "n").callback(click)
    content, _ = sent(click)
    assert content == "This list is no longer available; run the command again."
