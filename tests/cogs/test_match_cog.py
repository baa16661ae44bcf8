"""/match prepare: the journeymen option (its autocomplete offers each mix of Lineman types)."""

from __future__ import annotations

from unittest.mock import MagicMock

import discord
from discord import app_commands

from bot import i18n
from bot.cogs.match import MatchCog
from bot.services.league.leagues import get_competition
from bot.services.runtime import Runtime
from bot.store import leagues as league_store
from tests.builders import coach, first_fixture, short_team_fixture
from tests.cogs.mocks import make_interaction, sent


def _with_fixture(interaction: MagicMock, fixture: str) -> MagicMock:
    interaction.namespace = app_commands.Namespace(interaction, {}, [])
    interaction.namespace.fixture = fixture  # type: ignore[attr-defined]
    return interaction


async def test_the_journeymen_option_offers_every_mix_and_takes_one(runtime: Runtime) -> None:
    """Seed 001: "If a team has multiple Lineman positions in their Team Roster, you may choose which type
    they will be." """
    fixture_id, coach_id = await short_team_fixture(runtime, "shambling_undead", out=3)
    cog = MatchCog(MagicMock())
    asking = _with_fixture(make_interaction(runtime, user_id=coach_id), f"f:{fixture_id}")
    offered = await cog.journeymen_autocomplete(asking, "")
    assert [c.name for c in offered] == [
        "3 Skeleton Linemen",
        "2 Skeleton Linemen + 1 Zombie Lineman",
        "1 Skeleton Lineman + 2 Zombie Linemen",
        "3 Zombie Linemen",
    ]
    zombies = await cog.journeymen_autocomplete(asking, "2 zomb")
    assert [c.name for c in zombies] == ["1 Skeleton Lineman + 2 Zombie Linemen"]
    no_fixture = _with_fixture(make_interaction(runtime, user_id=coach_id), "")
    types = await cog.journeymen_autocomplete(no_fixture, "")
    assert [c.name for c in types] == ["Skeleton Lineman", "Zombie Lineman"]

    interaction = make_interaction(runtime, user_id=coach_id)
    await cog.prepare.callback(cog, interaction, f"f:{fixture_id}", zombies[0].value)
    _, kwargs = sent(interaction)
    embed: discord.Embed = kwargs["embed"]
    assert "3 journeymen (1 Skeleton Lineman + 2 Zombie Linemen" in (embed.description or "")
    assert all(
        field.value and "Journeymen" in field.value for field in embed.fields if "Team 0" in field.name
    )


async def test_the_channel_reads_the_preparation_in_the_leagues_language(runtime: Runtime) -> None:
    """Issue 32: what the channel sees is worded in the league's language, whatever the coach's own."""
    fixture_id, coach_id = await short_team_fixture(runtime, "human", out=3)
    fx = await first_fixture(runtime, coach(0))
    league = await get_competition(runtime, fx.guild_id, fx.league_id)
    await runtime.db.write(league_store.set_language, league, "fr")
    cog = MatchCog(MagicMock())
    interaction = make_interaction(runtime, user_id=coach_id, locale="de")
    with i18n.using("de"):  # the coach's language, as the tree sets it
        await cog.prepare.callback(cog, interaction, f"f:{fixture_id}", None)
        assert i18n.current() == "de"
    embed: discord.Embed = sent(interaction)[1]["embed"]
    assert (embed.title or "").startswith("Avant le coup d'envoi : ")
    assert any("(domicile)" in field.name for field in embed.fields)


def test_the_option_has_a_description_and_autocomplete() -> None:
    command = MatchCog.prepare
    option = next(p for p in command.parameters if p.name == "journeymen")
    assert option.description and len(option.description) <= 100 and option.autocomplete
