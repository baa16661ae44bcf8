"""The NAF report's commands (issue 29): /roster register's NAF options and /roster naf, /rulespack set naf,
and the organiser's /event naf-report (hidden, checked at run time, answered privately with the XML
attached), called directly with spec_set interaction mocks."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from unittest.mock import MagicMock

import discord
import pytest

from bot.cogs.event import EventCog
from bot.cogs.roster import RosterCog
from bot.cogs.rulespack import RulespackCog
from bot.errors import RuleViolation
from bot.services.match import results
from bot.services.match.results import SideInput
from bot.services.runtime import Runtime
from bot.services.tournament import tournament_play, tournaments
from bot.store import tournaments as tournament_store
from bot.ui.checks import NotOrganiser, require_organiser
from tests.builders import ORGANISER, tournament_event
from tests.cogs.mocks import make_interaction, sent
from tests.conftest import actor


async def test_register_with_naf_details_then_change_them(runtime: Runtime) -> None:
    await tournaments.create_tournament(runtime, ORGANISER, "Spring Cup", 555)
    cog = RosterCog(MagicMock())
    interaction = make_interaction(runtime, user_id=42)
    await cog.register.callback(
        cog, interaction, "Elves", "Wood Elf", "Elven Kingdoms League", None, "Jay", 321, None
    )
    content, _ = sent(interaction)
    assert "Elves is registered" in content
    changed = make_interaction(runtime, user_id=42)
    await cog.naf.callback(cog, changed, "Jay Two", None, None)
    content, _ = sent(changed)
    assert "NAF name Jay Two, NAF number 321" in content
    event = await tournaments.get_event(runtime, 1, None)
    (entry,) = await runtime.db.read(tournament_store.entries, 1, event.id)
    assert (entry.naf_name, entry.naf_number) == ("Jay Two", 321)
    shown = make_interaction(runtime, user_id=42)
    await cog.show.callback(cog, shown, None, None, None)
    _, kwargs = sent(shown)
    assert "NAF: Jay Two #321" in (kwargs["embed"].description or "")


async def test_rulespack_set_naf_switches_the_requirement_on(runtime: Runtime) -> None:
    await tournaments.create_tournament(runtime, ORGANISER, "Spring Cup", 555)
    cog = RulespackCog(MagicMock())
    interaction = make_interaction(runtime, user_id=ORGANISER.user_id, manage_guild=True)
    await cog.set_.callback(cog, interaction, naf=True)
    content, kwargs = sent(interaction)
    assert "**naf**: False → True" in content
    embeds = kwargs.get("embeds") or [kwargs["embed"]]
    shown = "".join((e.description or "") + "".join(f"{f.name}{f.value}" for f in e.fields) for e in embeds)
    assert "NAF-sanctioned: every roster needs its coach's NAF name and number" in shown
    assert (await tournaments.get_event(runtime, 1, None)).rulespack.naf is True


async def _one_game(runtime: Runtime) -> None:
    await tournament_event(runtime, 2)
    await tournament_play.start_event(runtime, ORGANISER, None)
    pairings = await tournament_play.round_pairings(runtime, 1, None, 1)
    (fx,) = [t.fixture for t in pairings.tables if t.fixture is not None]
    done = await results.report_result(
        runtime, actor(user_id=fx.home_coach_id), f"f:{fx.id}", SideInput(2, 1), SideInput(0, 0)
    )
    await results.confirm_result(runtime, actor(user_id=fx.away_coach_id), fx.id, done.version)


async def test_event_naf_report_attaches_the_xml_privately(runtime: Runtime) -> None:
    await _one_game(runtime)
    cog = EventCog(MagicMock())
    interaction = make_interaction(runtime, user_id=ORGANISER.user_id, manage_guild=True)
    interaction.user.display_name = "Organiser Name"
    await cog.naf_report.callback(cog, interaction, None, None)
    content, kwargs = sent(interaction)
    assert "NAF report of **Cup**: 2 coaches, 1 game." in content
    assert "No NAF name or number yet (2): Team 0, Team 1." in content
    assert kwargs["ephemeral"] is True
    attached = kwargs["file"]
    assert isinstance(attached, discord.File) and attached.filename == "Cup_naf.xml"
    root = ET.fromstring(attached.fp.read())
    assert root.findtext("organiser") == "Organiser Name"
    assert [r.findtext("touchDowns") for r in root.findall("game/playerRecord")] == ["2", "0"]


async def test_event_naf_report_is_refused_before_any_game(runtime: Runtime) -> None:
    await tournament_event(runtime, 2)
    cog = EventCog(MagicMock())
    interaction = make_interaction(runtime, user_id=ORGANISER.user_id, manage_guild=True)
    with pytest.raises(RuleViolation, match="Cup has no confirmed game yet"):
        await cog.naf_report.callback(cog, interaction, "Org", None)


async def test_event_naf_report_is_the_organisers(runtime: Runtime) -> None:
    await _one_game(runtime)
    group = EventCog(MagicMock()).app_command
    assert group.default_permissions is not None and group.default_permissions.manage_guild
    command = next(c for c in group.commands if c.name == "naf-report")
    assert require_organiser in command.checks
    with pytest.raises(NotOrganiser):
        await require_organiser(make_interaction(runtime, user_id=101))  # a coach
