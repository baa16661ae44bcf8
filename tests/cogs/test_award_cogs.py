"""/tournament vote and awards, /event painted and finish: callbacks with spec_set interaction mocks."""

from __future__ import annotations

from unittest.mock import MagicMock

import discord

from bot.cogs.event import EventCog
from bot.cogs.tournament import TournamentCog
from bot.services.runtime import Runtime
from bot.services.tournament import tournaments
from bot.store import announcements
from tests.cogs.mocks import make_interaction, sent
from tests.conftest import actor
from tests.services.tournament.test_tournament_awards import setup_event, two_rounds


def description(kwargs: dict[str, object]) -> str:
    embeds = [kwargs["embed"]] if "embed" in kwargs else kwargs["embeds"]
    return "\n".join(e.description or "" for e in embeds)  # type: ignore[union-attr]


async def test_vote_is_ephemeral_and_tells_only_the_voter(runtime: Runtime) -> None:
    t = await setup_event(runtime)
    await two_rounds(runtime, t)
    interaction = make_interaction(runtime, user_id=t["Ann"].coach_id)
    cog = TournamentCog(MagicMock())
    await cog.vote.callback(cog, interaction, f"t:{t['Bob'].id}", f"t:{t['Cat'].id}", None)
    content, kwargs = sent(interaction)
    assert kwargs["ephemeral"] is True
    assert "Favourite Opponent vote in Cup: **Bob**" in content and "Best Painted vote: **Cat**" in content


async def test_awards_show_the_provisional_rankings_without_pinging(runtime: Runtime) -> None:
    t = await setup_event(runtime)
    await two_rounds(runtime, t)
    interaction = make_interaction(runtime)
    cog = TournamentCog(MagicMock())
    await cog.awards.callback(cog, interaction, None)
    _, kwargs = sent(interaction)
    assert kwargs["ephemeral"] is True
    assert kwargs["allowed_mentions"].users is False
    embeds = [kwargs["embed"]] if "embed" in kwargs else kwargs["embeds"]
    assert "(provisional)" in (embeds[0].title or "")
    assert "**First Place**: Ann" in description(kwargs)


async def test_painted_and_finish(runtime: Runtime) -> None:
    t = await setup_event(runtime)
    await two_rounds(runtime, t)
    await tournaments.update_rulespack(runtime, actor(), None, {"best_painted": "organiser"})
    cog = EventCog(MagicMock())
    interaction = make_interaction(runtime, manage_guild=True)
    await cog.painted.callback(cog, interaction, "Dan", None)
    content, kwargs = sent(interaction)
    assert content.startswith("**Best Painted Team**: Dan") and kwargs["ephemeral"] is True

    interaction = make_interaction(runtime, manage_guild=True)
    await cog.finish.callback(cog, interaction, False, None)
    content, kwargs = sent(interaction)
    assert "Cup is finished" in content and "Final rankings" in description(kwargs)
    posted = await runtime.db.read(announcements.unsent)
    assert len(posted) == 1 and "**Best Painted Team**: Dan (<@4>)" in posted[0].lines


def test_every_new_option_is_described() -> None:
    for command in (TournamentCog.vote, TournamentCog.awards, EventCog.painted, EventCog.finish):
        assert isinstance(command, discord.app_commands.Command)
        assert command.description
        assert all(p.description and p.description != "…" for p in command.parameters), command.name
