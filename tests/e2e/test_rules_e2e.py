"""A coach looks things up with /rules through the real bot process, autocomplete narrowing as they type."""

from __future__ import annotations

from tests.e2e.conftest import BotProcess, World


async def test_team_lookup_with_autocomplete(world: World, bot_process: BotProcess) -> None:
    coach = world.coaches[0]
    discord = world.discord
    broad = await discord.autocomplete("rules team", coach, "team", team="")
    narrower = await discord.autocomplete("rules team", coach, "team", team="ch")
    one = await discord.autocomplete("rules team", coach, "team", team="chaos dw")
    assert len(broad) == 25 and 1 < len(narrower) < len(broad)
    assert [c["value"] for c in one] == ["chaos_dwarf"]
    reply = await discord.invoke("rules team", coach, team=one[0]["value"])
    assert reply.embeds[0]["title"] == "Chaos Dwarf"
    assert "Favoured of Hashut" in reply.text and "Bull Centaur" in reply.text


async def test_skill_and_star_lookup(world: World, bot_process: BotProcess) -> None:
    coach = world.coaches[1]
    discord = world.discord
    skills = await discord.autocomplete("rules skill", coach, "skill", skill="mighty")
    assert skills[0]["name"] == "Mighty Blow (S, Elite)"
    reply = await discord.invoke("rules skill", coach, skill=skills[0]["value"])
    assert "Elite: +10,000 gp player value" in reply.text

    stars = await discord.autocomplete("rules star", coach, "star", star="morg")
    assert stars[0]["value"] == "Morg 'n' Thorg"
    star = await discord.invoke("rules star", coach, star=stars[0]["value"])
    assert "Mega-Star" in star.embeds[0]["title"] and "340,000 gp" in star.text
    assert "except Sylvanian Spotlight" in star.text


async def test_table_pages_through_buttons(world: World, bot_process: BotProcess) -> None:
    coach = world.coaches[2]
    discord = world.discord
    tables = await discord.autocomplete("rules table", coach, "table", table="match")
    reply = await discord.invoke("rules table", coach, table=tables[0]["value"])
    assert not reply.ephemeral and "Page 1 of" in reply.text
    next_button = reply.message["components"][0]["components"][1]["custom_id"]
    page_two = await discord.click(reply.message, next_button, coach)
    assert "Page 2 of" in page_two.text


async def test_a_name_that_matches_nothing_gets_a_short_private_error(
    world: World, bot_process: BotProcess
) -> None:
    reply = await world.discord.invoke("rules star", world.coaches[0], star="Bob the Builder")
    assert reply.ephemeral and "No star player matches" in reply.content
