"""/squad: a team event's squads (a team of coaches), called with spec_set interaction mocks."""

from __future__ import annotations

from unittest.mock import MagicMock

import pytest
from discord import app_commands

from bot.cogs.squad import SquadCog, squad_autocomplete
from bot.errors import NotAllowed, RuleViolation
from bot.services.runtime import Runtime
from bot.services.tournament import tournaments
from tests.cogs.mocks import make_interaction, make_member, sent
from tests.conftest import actor


async def _event(runtime: Runtime, team_size: int | None = 3) -> None:
    await tournaments.create_tournament(runtime, actor(user_id=1), "Club Cup", None, {"team_size": team_size})


async def test_captain_creates_adds_shows_and_lists(runtime: Runtime) -> None:
    await _event(runtime)
    cog = SquadCog(MagicMock())
    interaction = make_interaction(runtime, user_id=10)
    await cog.create.callback(cog, interaction, "Reikland Reavers' club", None, None)
    content, kwargs = sent(interaction)
    assert "captain <@10>" in content and kwargs["ephemeral"] is True
    assert "Reikland Reavers' club" in (kwargs["embed"].description or "")

    interaction = make_interaction(runtime, user_id=10)
    await cog.add.callback(cog, interaction, make_member(11), "Reikland Reavers' club", None)
    content, kwargs = sent(interaction)
    assert "<@11> joins" in content
    assert "<@11>: no roster registered yet" in (kwargs["embed"].description or "")

    interaction = make_interaction(runtime, user_id=11)
    await cog.show.callback(cog, interaction, None, None)
    _, kwargs = sent(interaction)
    assert "(2 of 3 coaches)" in (kwargs["embed"].description or "")
    assert "<@10> (captain)" in (kwargs["embed"].description or "")

    interaction = make_interaction(runtime, user_id=12)
    await cog.list_.callback(cog, interaction, None)
    _, kwargs = sent(interaction)
    assert kwargs["embed"].title == "Club Cup: squads"

    auto = make_interaction(runtime, user_id=12)
    auto.namespace = app_commands.Namespace(auto, {}, [])
    choices = await squad_autocomplete(auto, "reik")
    assert [c.name for c in choices] == ["Reikland Reavers' club (2 coaches)"]


async def test_only_the_captain_or_an_organiser_changes_a_squad(runtime: Runtime) -> None:
    await _event(runtime)
    cog = SquadCog(MagicMock())
    await cog.create.callback(cog, make_interaction(runtime, user_id=10), "Altdorf Allstars", None, None)
    with pytest.raises(NotAllowed, match="captain"):
        await cog.add.callback(
            cog, make_interaction(runtime, user_id=11), make_member(12), "Altdorf Allstars", None
        )
    organiser = make_interaction(runtime, user_id=1, manage_guild=True)
    await cog.add.callback(cog, organiser, make_member(12), "Altdorf Allstars", None)
    assert "<@12> joins" in sent(organiser)[0]
    with pytest.raises(NotAllowed, match="organiser may name another captain"):
        await cog.create.callback(cog, make_interaction(runtime, user_id=13), "Other", make_member(14), None)


async def test_squads_need_a_team_event(runtime: Runtime) -> None:
    await _event(runtime, None)
    cog = SquadCog(MagicMock())
    with pytest.raises(RuleViolation, match="not a team event"):
        await cog.create.callback(cog, make_interaction(runtime, user_id=10), "Club", None, None)


async def test_add_takes_several_coaches_and_lists_each_refusal(runtime: Runtime) -> None:
    await _event(runtime)
    cog = SquadCog(MagicMock())
    await cog.create.callback(cog, make_interaction(runtime, user_id=10), "Altdorf Allstars", None, None)
    await cog.create.callback(cog, make_interaction(runtime, user_id=20), "Nuln Nobles", None, None)
    interaction = make_interaction(runtime, user_id=10)
    await cog.add.callback(
        cog, interaction, make_member(11), "Altdorf Allstars", None, make_member(20), make_member(12)
    )
    content, kwargs = sent(interaction)
    assert content.splitlines() == [
        "<@11> joins Altdorf Allstars.",
        "<@20> not added: <@20> is in Nuln Nobles already; a coach plays for one squad.",
        "<@12> joins Altdorf Allstars.",
    ]
    assert kwargs["ephemeral"] is True and "(3 of 3 coaches)" in (kwargs["embed"].description or "")
