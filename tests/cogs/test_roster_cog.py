"""/roster and the organiser's /event approve|reject|spare, called with spec_set interaction mocks."""

from __future__ import annotations

from unittest.mock import MagicMock

import discord
import pytest
from discord import app_commands

from bot.cogs.event import EventCog
from bot.cogs.roster import RosterCog
from bot.errors import NotFound, RuleViolation
from bot.services.runtime import Runtime
from bot.services.tournament import tournaments
from bot.ui.checks import require_organiser
from bot.ui.roster_views import (
    entry_autocomplete,
    mercenary_skill_autocomplete,
    roster_inducement_autocomplete,
    roster_player_autocomplete,
    roster_position_autocomplete,
    roster_skill_autocomplete,
    roster_star_autocomplete,
)
from tests.cogs.mocks import make_interaction, sent
from tests.conftest import actor

COACH = 10


def _namespace(interaction: MagicMock, **values: str) -> None:
    interaction.namespace = app_commands.Namespace(interaction, {}, [])
    for key, value in values.items():
        setattr(interaction.namespace, key, value)


def test_organiser_commands_are_hidden_and_checked() -> None:
    group = EventCog(MagicMock()).app_command
    assert group.default_permissions is not None and group.default_permissions.manage_guild
    for name in ("approve", "reject", "spare"):
        command = next(c for c in group.commands if c.name == name)
        assert any(
            getattr(check, "__qualname__", "") == require_organiser.__qualname__ for check in command.checks
        )


async def _drafted(runtime: Runtime, cog: RosterCog) -> None:
    await tournaments.create_tournament(runtime, actor(user_id=1), "Spring Cup", None)
    interaction = make_interaction(runtime, user_id=COACH)
    await cog.register.callback(cog, interaction, "Elves", "Wood Elf", "Elven Kingdoms League", None, None)
    content, kwargs = sent(interaction)
    assert "registered in Spring Cup" in content and kwargs["ephemeral"] is True
    assert kwargs["embed"].title == "Elves"
    for position, count in (
        ("wood_elf_wardancer", 2),
        ("wood_elf_loren_forest_treeman", 1),
        ("wood_elf_lineman", 8),
    ):
        await cog.hire.callback(
            cog, make_interaction(runtime, user_id=COACH), position, count, None, None, None
        )


async def test_a_roster_from_register_to_approval(runtime: Runtime) -> None:
    cog = RosterCog(MagicMock())
    await _drafted(runtime, cog)
    interaction = make_interaction(runtime, user_id=COACH)
    await cog.skill.callback(cog, interaction, "1", "Strip Ball", None)
    content, _ = sent(interaction)
    assert "now has Strip Ball" in content and "Skill Points spent: 1" in content
    assert "in place of" not in content
    interaction = make_interaction(runtime, user_id=COACH)
    await cog.skill.callback(cog, interaction, "1", "Sidestep", None)  # the one added skill is replaced
    content, _ = sent(interaction)
    assert "now has Sidestep, in place of Strip Ball (one added skill a player)" in content
    interaction = make_interaction(runtime, user_id=COACH)
    await cog.skill.callback(cog, interaction, "1", "none", None)
    assert "has no added skill (Sidestep taken off)" in sent(interaction)[0]
    interaction = make_interaction(runtime, user_id=COACH)
    await cog.skill.callback(cog, interaction, "1", "Strip Ball", None)
    interaction = make_interaction(runtime, user_id=COACH)
    await cog.star.callback(cog, interaction, "Akhorne The Squirrel", None)
    assert "Akhorne The Squirrel joins Elves" in sent(interaction)[0]
    interaction = make_interaction(runtime, user_id=COACH)
    await cog.fans.callback(cog, interaction, 3, None)
    assert "Dedicated Fans 1→3" in sent(interaction)[0]
    interaction = make_interaction(runtime, user_id=COACH)
    await cog.induce.callback(cog, interaction, "bribe", 1, None)
    assert "Bribe: 0→1" in sent(interaction)[0]
    interaction = make_interaction(runtime, user_id=COACH)
    await cog.staff.callback(cog, interaction, 1, None, None, None, None)
    interaction = make_interaction(runtime, user_id=COACH)
    await cog.submit.callback(cog, interaction, None)
    assert "submitted" in sent(interaction)[0]

    event_cog = EventCog(MagicMock())
    interaction = make_interaction(runtime, user_id=1, manage_guild=True)
    await event_cog.approve.callback(event_cog, interaction, "Elves", None)
    content, kwargs = sent(interaction)
    assert "Elves is approved" in content
    interaction = make_interaction(runtime, user_id=1, manage_guild=True)
    await event_cog.spare.callback(event_cog, interaction, "Elves", True, None)
    assert "Spare Player" in sent(interaction)[0]

    # Anyone reads it, and exports it as a text file.
    interaction = make_interaction(runtime, user_id=99)
    await cog.show.callback(cog, interaction, "Elves", None)
    _, kwargs = sent(interaction)
    text = str(kwargs["embed"].to_dict())
    assert "Strip Ball" in text and "Akhorne The Squirrel" in text and "Spare Player" in text
    interaction = make_interaction(runtime, user_id=99)
    await cog.export.callback(cog, interaction, "Elves", None)
    _, kwargs = sent(interaction)
    file = kwargs["file"]
    assert isinstance(file, discord.File) and file.filename == "Elves.txt"
    body = file.fp.read().decode()
    assert "+Strip Ball" in body and "Dedicated Fans 3" in body and "1× Bribe" in body
    assert "Skill Points 3/6" in body and "lost (not spent)" in body


async def test_refusals_reach_the_user_and_reject_needs_a_reason(runtime: Runtime) -> None:
    cog = RosterCog(MagicMock())
    await _drafted(runtime, cog)
    with pytest.raises(RuleViolation, match="not in a Wood Elf Lineman's skill categories"):
        await cog.skill.callback(cog, make_interaction(runtime, user_id=COACH), "11", "Pass", None)
    await cog.fire.callback(cog, make_interaction(runtime, user_id=COACH), "11", None)
    with pytest.raises(RuleViolation, match="needs at least 11 players"):
        await cog.submit.callback(cog, make_interaction(runtime, user_id=COACH), None)
    await cog.hire.callback(
        cog, make_interaction(runtime, user_id=COACH), "wood_elf_lineman", 1, None, None, None
    )
    await cog.submit.callback(cog, make_interaction(runtime, user_id=COACH), None)
    event_cog = EventCog(MagicMock())
    interaction = make_interaction(runtime, user_id=1, manage_guild=True)
    await event_cog.reject.callback(event_cog, interaction, "Elves", "paint them first", None)
    assert "rejected: paint them first" in sent(interaction)[0]
    with pytest.raises(NotFound, match="not on Elves's roster"):
        await cog.unstar.callback(cog, make_interaction(runtime, user_id=COACH), "Akhorne", None)


async def test_autocomplete_offers_the_rosters_choices(runtime: Runtime) -> None:
    cog = RosterCog(MagicMock())
    await _drafted(runtime, cog)
    interaction = make_interaction(runtime, user_id=COACH)
    _namespace(interaction)
    assert [c.value for c in await entry_autocomplete(interaction, "")] == ["t:1"]
    positions = await roster_position_autocomplete(interaction, "warda")
    assert positions[0].value == "wood_elf_wardancer"
    players = await roster_player_autocomplete(interaction, "")
    assert len(players) == 11
    stars = [c.value for c in await roster_star_autocomplete(interaction, "")]
    assert "Akhorne The Squirrel" in stars and "Griff Oberwald" not in stars
    inducements = [c.value for c in await roster_inducement_autocomplete(interaction, "bri")]
    assert "bribe" in inducements and "star_player" not in inducements
    _namespace(interaction, player=players[0].value)
    names = [c.name for c in await roster_skill_autocomplete(interaction, "wrest")]
    assert names[0].startswith("none") and names[1] == "Wrestle (primary, 1 point)"
    assert [c.name for c in await roster_skill_autocomplete(interaction, "guard")][
        1
    ] == "Guard (secondary, 2 points)"
    names = [c.name for c in await roster_skill_autocomplete(interaction, "block")]
    assert not any(n.startswith("Block ") for n in names)  # a Wardancer has Block already
    # Someone with no roster gets no choices, not an error.
    stranger = make_interaction(runtime, user_id=77)
    _namespace(stranger)
    assert await roster_player_autocomplete(stranger, "") == []


async def test_roster_mercenary_hires_one_with_his_primary_skill(runtime: Runtime) -> None:
    """Seed 000 allows every inducement; a Mercenary costs +30,000 gp and +50,000 for one Primary skill (a
    65,000 gp Wood Elf Lineman: 145,000)."""
    cog = RosterCog(MagicMock())
    await _drafted(runtime, cog)
    interaction = make_interaction(runtime, user_id=COACH)
    await cog.mercenary.callback(cog, interaction, "wood_elf_lineman", 1, "Dodge", None, None, None)
    content, kwargs = sent(interaction)
    assert (
        "Hired 1 Mercenary Wood Elf Lineman (#12) for 145,000 gp" in content and kwargs["ephemeral"] is True
    )
    shown = str(kwargs["embed"].to_dict())
    assert "Mercenary Wood Elf Lineman" in shown and "Loner (4+)" in shown and "Dodge" in shown
    refused = make_interaction(runtime, user_id=COACH)
    with pytest.raises(RuleViolation, match="only be given a Primary skill"):  # the error handler answers
        await cog.mercenary.callback(cog, refused, "wood_elf_lineman", 1, "Guard", None, None, None)
    _namespace(interaction, position="wood_elf_lineman")
    offered = [c.name for c in await mercenary_skill_autocomplete(interaction, "")]
    assert offered[0].startswith("none") and "Dodge (+50,000 gp)" in offered
    assert not any(n.startswith("Guard") for n in offered)  # Strength is a Secondary for him
