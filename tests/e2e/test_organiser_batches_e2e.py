"""Issue 29 through the real bot process and the fake Discord: what an organiser or a captain does for many at
once. A captain fills his squad in one /squad add (a coach in another squad is listed as refused, the others
join)."""

from __future__ import annotations

from tests.e2e.conftest import BotProcess, World


async def test_a_captain_fills_a_squad_in_one_command(world: World, bot_process: BotProcess) -> None:
    discord = world.discord
    organiser, (captain, first, second, other) = world.admin, world.coaches
    created = await discord.invoke("event create", organiser, name="Club Cup", rounds=3)
    assert "created" in created.text, created.text
    await discord.invoke("rulespack set", organiser, team_size=3)
    made = await discord.invoke("squad create", other, name="Nuln Nobles")
    assert "is a squad in Club Cup" in made.text, made.text
    await discord.invoke("squad create", captain, name="Altdorf Allstars")

    added = await discord.invoke(
        "squad add", captain, coach=first, squad="Altdorf Allstars", coach2=other, coach3=second
    )
    assert added.ephemeral
    assert f"{first.mention} joins Altdorf Allstars." in added.text, added.text
    assert f"{other.mention} not added: {other.mention} is in Nuln Nobles already" in added.text, added.text
    assert f"{second.mention} joins Altdorf Allstars." in added.text, added.text
    assert "(3 of 3 coaches)" in added.text, added.text

    stranger = world.outsider
    refused = await discord.invoke("squad add", first, coach=stranger, squad="Altdorf Allstars", coach2=other)
    assert refused.ephemeral and "captain" in refused.content, refused.content
