"""/leaders after a confirmed game and /odds, through the real bot process and the fake Discord."""

from __future__ import annotations

from tests.e2e.builders import report, set_up_season
from tests.e2e.conftest import BotProcess, World


async def test_leaders_after_a_game_and_the_odds(world: World, bot_process: BotProcess) -> None:
    discord = world.discord
    await set_up_season(world)
    reported, opponent = await report(world, world.coaches[0])
    confirm = reported.message["components"][0]["components"][0]["custom_id"]
    confirmed = await discord.click(reported.message, confirm, opponent)
    assert "Confirmed by" in confirmed.text, confirmed.text

    touchdowns = await discord.invoke("leaders", world.coaches[2], stat="touchdowns")
    assert not touchdowns.ephemeral, touchdowns.content
    assert touchdowns.embeds[0]["title"] == "Old World League: Touchdowns, season 1"
    lines = touchdowns.embeds[0]["description"].splitlines()
    # "#1 td, #2 td cas" for the Reavers, "#4 td" for their opponent: three scorers share first place.
    assert len(lines) == 3 and all(
        line.startswith("**1.**") and line.endswith("· 1 touchdown") for line in lines
    )
    assert sum("(Reikland Reavers)" in line for line in lines) == 2

    wins = await discord.invoke("leaders", world.coaches[2], stat="wins", season="all-time")
    assert wins.embeds[0]["title"] == "Old World League: Wins (teams), all time"
    assert wins.embeds[0]["description"] == "**1.** Reikland Reavers · 1 win"

    bad = await discord.invoke("leaders", world.coaches[2], stat="spp", season="2")
    assert bad.ephemeral and "has seasons 1 to 1, or all-time" in bad.content

    block = await discord.invoke(
        "odds block", world.coaches[1], dice=2, reroll="turnover", attacker_block=True
    )
    assert block.ephemeral and "Block odds: 2 dice, attacker's choice" in block.text
    assert "Team re-roll used only on a turnover" in block.text
    roll = await discord.invoke("odds roll", world.coaches[1], target=4, reroll="team")
    assert roll.ephemeral and "**75.0%** to roll 4+" in roll.text
