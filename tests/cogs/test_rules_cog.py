"""/rules look-ups: every catalogue entry fits Discord's limits; callbacks and autocomplete."""

from __future__ import annotations

from unittest.mock import MagicMock

import discord
import pytest

from bot.cogs.rules import RulesCog, find_position, find_star, find_table, render_table
from bot.errors import NotFound
from bot.services.runtime import Runtime
from bot.ui.catalog_views import (
    inducement_embeds,
    paginate_lines,
    position_embeds,
    skill_embeds,
    star_embeds,
    table_views,
    team_embeds,
)
from bot.ui.limits import within_limits
from tests.cogs.mocks import make_interaction, sent
from tests.conftest import CATALOG


def assert_fits(embeds: list[discord.Embed]) -> None:
    assert len(embeds) == 1  # a look-up is one embed today; more would still be sent, not cut
    assert all(within_limits(embed) for embed in embeds)
    embed = embeds[0]
    assert len(embed) <= 6000
    assert len(embed.title or "") <= 256
    assert len(embed.description or "") <= 4096
    assert len(embed.fields) <= 25
    for field in embed.fields:
        assert 0 < len(field.name) <= 256 and 0 < len(field.value) <= 1024, field.name


def test_every_lookup_embed_fits_discord() -> None:
    for team in CATALOG.teams.values():
        assert_fits(team_embeds(CATALOG, team))
        for position in team.positions:
            assert_fits(position_embeds(CATALOG, team, position))
    for skill in CATALOG.skills.values():
        assert_fits(skill_embeds(CATALOG, skill))
    for star in CATALOG.stars.values():
        assert_fits(star_embeds(CATALOG, star))
    for inducement in CATALOG.inducements.values():
        assert_fits(inducement_embeds(CATALOG, inducement))


def test_every_table_page_fits_discord() -> None:
    views = table_views(CATALOG)
    assert {
        "expensive_mistakes",
        "casualty",
        "lasting_injury",
        "weather",
        "kickoff",
        "match_events",
        "prayers_to_nuffle_bb2025",
        "prayers_to_nuffle_matched_play",
        "secret_objectives",
        "advancement",
        "referee",
        "skills_a",
        "skills_g",
        "random_stadium",
        "weather_classic",
        "classic_season",
    } <= set(views)
    classic = "\n".join(views["classic_season"].lines(CATALOG))
    assert "• under 1000k: draw 2, keep 1" in classic and "• 3000k or more: draw 5, keep 4" in classic
    assert "• 0-5 Special Play: 100,000 gp" in classic and "win 3 · draw 2 · loss 1" in classic
    assert "Expensive mistakes (page 57)**: BB2025’s is used" in classic
    assert "Famous Referees (page 74)**: skipped" in classic
    for view in views.values():
        for page in paginate_lines(view.lines(CATALOG)):
            assert 0 < len("\n".join(page)) <= 4096, view.key


def cog() -> RulesCog:
    return RulesCog(MagicMock())


async def test_team_lookup(runtime: Runtime) -> None:
    interaction = make_interaction(runtime)
    await cog().team.callback(cog(), interaction, "skaven")
    embed = sent(interaction)[1]["embed"]
    assert embed.title == "Skaven"
    assert any("Gutter Runner" in f.name and "85k" in f.name for f in embed.fields)


async def test_star_lookup_shows_mega_star_cost_and_refusal(runtime: Runtime) -> None:
    interaction = make_interaction(runtime)
    await cog().star.callback(cog(), interaction, "Morg 'n' Thorg")
    embed = sent(interaction)[1]["embed"]
    assert "Mega-Star" in embed.title and "340,000 gp" in embed.description
    plays = next(f for f in embed.fields if f.name == "Plays for")
    assert "except Sylvanian Spotlight" in plays.value and "Vampire" not in plays.value


async def test_pair_lookup_names_the_partner_and_pair_price(runtime: Runtime) -> None:
    interaction = make_interaction(runtime)
    await cog().star.callback(cog(), interaction, "valen swift")
    embed = sent(interaction)[1]["embed"]
    assert "300,000 gp for the pair" in embed.description and "Lucien Swift" in embed.description


async def test_unknown_name_is_a_short_not_found(runtime: Runtime) -> None:
    with pytest.raises(NotFound, match="No star player matches `Bob`"):
        find_star(CATALOG, "Bob")


def test_free_text_resolves_to_the_best_match() -> None:
    team, position = find_position(CATALOG, "gutter")
    assert (team.name, position.name) == ("Skaven", "Gutter Runner")
    assert find_table(CATALOG, "expensive").key == "expensive_mistakes"


async def test_autocomplete_narrows_as_you_type(runtime: Runtime) -> None:
    interaction = make_interaction(runtime)
    every = await cog().star_autocomplete(interaction, "")
    some = await cog().star_autocomplete(interaction, "gr")
    one = await cog().star_autocomplete(interaction, "griff")
    assert len(every) == 25 and 1 < len(some) < 25 and [c.value for c in one] == ["Griff Oberwald"]
    positions = await cog().position_autocomplete(interaction, "skaven gut")
    assert positions[0].value == "skaven_gutter_runner" and positions[0].name.startswith(
        "Gutter Runner (Skaven)"
    )
    skills = await cog().skill_autocomplete(interaction, "bl")
    assert skills[0].name == "Block (G, Elite)"
    tables = await cog().table_autocomplete(interaction, "cas")
    assert tables[0].value == "casualty"


async def test_table_is_public_and_paginated(runtime: Runtime) -> None:
    interaction = make_interaction(runtime)
    await cog().table.callback(cog(), interaction, "match_events")
    _, kwargs = sent(interaction)
    assert kwargs["ephemeral"] is False and kwargs["view"] is not None
    assert "Page 1 of" in kwargs["embed"].footer.text
    last = await render_table(interaction, "match_events", 99)
    assert last.page == last.page_count - 1
