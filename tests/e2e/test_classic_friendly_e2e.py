"""A classic league's friendly (seed 003) through the real bot process: /friendly, the Confirm button, a
post-game with Star Player Points but no MVP and a D3 for the winnings, a Finish that rolls the expensive
mistakes; and classic's rostered star players listed as a gap of the seed in /settings and /rules."""

from __future__ import annotations

from tests.e2e import builders as build
from tests.e2e.conftest import BotProcess, World
from tests.e2e.fake_discord import button_ids, message_text


async def test_a_classic_friendly_earns_spp_without_an_mvp_and_rolls_the_expensive_mistakes(
    world: World, bot_process: BotProcess
) -> None:
    discord = world.discord
    await discord.invoke("league create", world.admin, name="Old World Classic League")
    chosen = await discord.invoke("settings ruleset", world.admin, ruleset="classic")
    assert "Not available: Star Players on the roster and their upkeep" in chosen.text, chosen.text
    for coach, (name, roster, lineman) in zip(world.coaches[:2], build.ROSTERS, strict=False):
        await build.draft(world, coach, name, roster, lineman)
    for name, _, _ in build.ROSTERS[:2]:
        teams = await discord.autocomplete("league approve", world.admin, "team", team=name.split()[0])
        await discord.invoke("league approve", world.admin, team=teams[0]["value"])

    home, away = world.coaches[:2]
    opponents = await discord.autocomplete("friendly", home, "opponent", opponent="Orc")
    reported = await discord.invoke(
        "friendly",
        home,
        opponent=opponents[0]["value"],
        my_score=2,
        their_score=0,
        my_casualties=1,
        my_players="#1 td 2, #2 cas, #3 mvp",
    )
    assert not reported.ephemeral and "Friendly" in reported.text, reported.text
    confirmed = await discord.click(reported.message, button_ids(reported.message)[0], away)
    await confirmed.wait(lambda i: len(i.messages) >= 2)
    postgame = confirmed.messages[1]
    summary = message_text(postgame)
    # "In Friendly matches, no MVP is awarded." / "each coach rolls a D3 instead of a D6"
    assert summary.count("No MVP and no league points: a friendly") == 2, summary
    assert "+6 SPP" in summary and "+2 SPP" in summary and "MVP #" not in summary
    assert "(D3 " in summary and "(D6 " not in summary.split("Winnings")[1].split("\n")[0]
    finishes = [b for b in button_ids(postgame) if b.startswith("pgf:")]
    for button, member in zip(finishes, build.coaches_of(world, postgame), strict=True):
        finished = await discord.click(postgame, button, member)
        assert "Post-game finished" in finished.text and "Expensive mistakes" in finished.text, finished.text

    standings = (await discord.invoke("standings", world.outsider)).text
    assert "3 pts" not in standings  # "In Friendly matches, you do not score any League points."
    table = await discord.invoke("rules table", world.outsider, table="classic_season")
    assert "Page 1 of 2" in table.text, table.text
    buttons = table.message["components"][0]["components"]
    following = next(b for b in buttons if b["label"].startswith("Next"))
    second = await discord.click(table.message, following["custom_id"], world.outsider)
    assert "**Friendlies**: no MVP and no league points" in second.text, second.text
    assert "Star Players on the roster and their upkeep (pages 55, 59)**: not available" in second.text
