"""Roster options in the cogs: /rulespack rosters and inducement, called directly with
spec_set interaction mocks."""

from __future__ import annotations

from unittest.mock import MagicMock

import discord

from bot.cogs.rulespack import RulespackCog
from bot.services.runtime import Runtime
from bot.services.tournament import tournaments
from bot.ui.checks import require_organiser
from tests.builders import ORGANISER, tournament_event
from tests.cogs.mocks import make_interaction, sent
from tests.conftest import actor


def _text(kwargs: dict[str, object]) -> str:
    found = kwargs.get("embeds") or ([kwargs["embed"]] if "embed" in kwargs else [])
    assert isinstance(found, list)
    embeds: list[discord.Embed] = found
    return "\n".join((e.description or "") + "".join(f"{f.name}{f.value}" for f in e.fields) for e in embeds)


async def test_event_rosters_sets_the_options_and_shows_them(runtime: Runtime) -> None:
    await tournament_event(runtime, 4)
    cog = RulespackCog(MagicMock())
    interaction = make_interaction(runtime, user_id=ORGANISER.user_id, manage_guild=True)
    await cog.rosters.callback(cog, interaction, True, True, False, "1000000/1100000", None, "themed event")
    content, kwargs = sent(interaction)
    assert "**stunty**" in content and "**mandatory_star**" in content and kwargs["ephemeral"] is True
    text = _text(kwargs)
    assert "Stunty teams only" in text
    assert "Every roster must have a star player (stars count toward the 11, a pair as two)" in text
    assert "Gold piece escalation: 1,000,000 gp / 1,100,000 gp" in text
    event = await tournaments.get_event(runtime, 1, None)
    assert event.rulespack.stunty and event.rulespack.mandatory_star and not event.rulespack.star_needs_eleven


def test_roster_option_commands_are_for_organisers() -> None:
    group = RulespackCog(MagicMock()).app_command
    for command in group.commands:
        if command.name in ("rosters", "inducement"):
            assert require_organiser in command.checks, command.name


async def test_event_inducement_adds_and_lists_it_in_the_rulespack(runtime: Runtime) -> None:
    await tournament_event(runtime, 4)
    cog = RulespackCog(MagicMock())
    interaction = make_interaction(runtime, user_id=ORGANISER.user_id, manage_guild=True)
    await cog.inducement.callback(
        cog, interaction, "add", "Forge Ale", 20_000, 2, "+1 to one KO roll.", False, None, None
    )
    content, kwargs = sent(interaction)
    assert "**inducements**" in content and kwargs["ephemeral"] is True
    assert "Custom inducement: 0-2 Forge Ale, 20,000 gp: +1 to one KO roll." in _text(kwargs)


async def test_roster_escalate_and_show_a_rounds_roster(runtime: Runtime) -> None:
    from bot.cogs.roster import RosterCog
    from bot.services.roster import event_drafting
    from bot.services.tournament import tournament_entries

    coach = actor(user_id=101)
    await tournaments.create_tournament(runtime, ORGANISER, "Cup", 5, {"escalation": "1000000/1100000"})
    await tournament_entries.register(runtime, coach, None, "Reavers", "Human", "Old World Classic")
    await event_drafting.hire(runtime, coach, None, "Human Lineman", 11)
    cog = RosterCog(MagicMock())
    interaction = make_interaction(runtime, user_id=101)
    await cog.escalate.callback(cog, interaction, None)
    content, kwargs = sent(interaction)
    assert "Now writing the round-2 roster: 100,000 gp more" in content
    assert "Round 2 roster of 2 (gold piece escalation" in _text(kwargs)
    show = make_interaction(runtime, user_id=101)
    await cog.show.callback(cog, show, None, None, 1)
    _, kwargs = sent(show)
    assert "Round 1 roster of 2" in _text(kwargs) and "of 1,000,000 gp" in _text(kwargs)


def test_every_rulespack_command_is_hidden_and_checked_for_organisers() -> None:
    """/rulespack shapes the event: hidden from members without Manage Server, checked again at run time."""
    group = RulespackCog(MagicMock()).app_command
    assert group.default_permissions is not None and group.default_permissions.manage_guild
    names = {command.name for command in group.commands}
    assert names == {"set", "tier", "roster-tier", "format", "play-rules", "rosters", "inducement"}
    for command in group.commands:
        assert require_organiser in command.checks, command.name
