"""A classic league (seed 003) through the real bot process: the commissioner picks the ruleset before the
first season, the coaches run each round-1 fixture's pre-game (stadium, weather, the flip, fans and FAME),
report, confirm, the winner re-rolls the winnings die with the button, both finish; 3/2/1 standings."""

from __future__ import annotations

from tests.e2e import builders as build
from tests.e2e.conftest import BotProcess, World
from tests.e2e.fake_discord import FakeMember, button_ids, message_text


async def _play(world: World, coach: FakeMember) -> FakeMember:
    discord = world.discord
    fixture, label = await build.my_first_fixture(world, coach)
    opponent = build.opponent(world, label, coach)
    pregame = await discord.invoke("match pregame", coach, fixture=fixture)
    text = pregame.text
    assert not pregame.ephemeral and "Pre-game:" in text, text
    for step in ("Random Stadium", "Famous Referees", "Weather", "Flip for the kick", "Fans and FAME"):
        assert step in text, text
    assert "FAME +" in text and "chooses to kick or receive" in text
    again = await discord.invoke("match pregame", opponent, fixture=fixture)
    assert "Rolled now" not in again.text  # the same steps, nothing rolled twice

    too_many = await discord.invoke(
        "report",
        coach,
        fixture=fixture,
        my_score=2,
        their_score=1,
        my_players="#1 mvp, #2 mvp, #3 mvp, #4 mvp",
    )
    assert too_many.ephemeral and "at most 3" in too_many.content, too_many.content
    reported = await discord.invoke(
        "report",
        coach,
        fixture=fixture,
        my_score=2,
        their_score=1,
        my_players="#1 td, #2 td, #1 mvp, #2 mvp, #3 mvp",
    )
    confirmed = await discord.click(reported.message, button_ids(reported.message)[0], opponent)
    await confirmed.wait(lambda i: len(i.messages) >= 2)
    postgame = confirmed.messages[1]
    summary = message_text(postgame)
    assert "FAME" in summary and "Fan Factor" in summary and "x 10,000 + 10,000 for the result" in summary
    assert "Dedicated fans" not in summary and "Getting Even" not in summary
    buttons = button_ids(postgame)
    reroll = [b for b in buttons if b.startswith("pgw:")]
    assert len(reroll) == 1 and len(buttons) == 3  # the winner's re-roll, and a Finish for each team
    refused = await discord.click(postgame, reroll[0], opponent)
    assert refused.ephemeral and "Only" in refused.content
    rerolled = await discord.click(postgame, reroll[0], coach)
    assert "Winnings re-rolled: D6" in rerolled.text, rerolled.text
    twice = await discord.click(postgame, reroll[0], coach)
    assert twice.ephemeral and "re-roll" in twice.content
    for button, member in zip(
        [b for b in buttons if b.startswith("pgf:")], build.coaches_of(world, postgame), strict=True
    ):
        finished = await discord.click(postgame, button, member)
        assert "Post-game finished" in finished.text and "Expensive mistakes" in finished.text
    return opponent


async def test_a_classic_league_plays_its_first_round_through_the_post_games(
    world: World, bot_process: BotProcess
) -> None:
    discord = world.discord
    await discord.invoke("league create", world.admin, name="Old World Classic League")
    chosen = await discord.invoke("settings ruleset", world.admin, ruleset="classic")
    assert "Classic (seed 003)" in chosen.text and "Win 3 · Draw 2 · Loss 1" in chosen.text, chosen.text
    assert "Skipped: Famous Referees" in chosen.text and "Uses BB2025's: Expensive mistakes" in chosen.text
    for coach, (name, roster, lineman) in zip(world.coaches, build.ROSTERS, strict=True):
        await build.draft(world, coach, name, roster, lineman)
    for name, _, _ in build.ROSTERS:
        teams = await discord.autocomplete("league approve", world.admin, "team", team=name.split()[0])
        await discord.invoke("league approve", world.admin, team=teams[0]["value"])
    started = await discord.invoke("season start", world.admin)
    assert "Season 1 started" in started.content, started.content
    await build.with_picture(started)
    late = await discord.invoke("settings ruleset", world.admin, ruleset="bb2025")
    assert late.ephemeral and "before the first one" in late.content

    sheet = await discord.invoke("team show", world.coaches[0])
    assert "Team Value" in sheet.text and "Fan Factor 1" in sheet.text, sheet.text

    first = world.coaches[0]
    second_opponent = await _play(world, first)
    other = next(c for c in world.coaches if c not in (first, second_opponent))
    await _play(world, other)

    standings = (await discord.invoke("standings", world.outsider)).text
    assert standings.count(" **3** · ") == 2 and standings.count(" **1** · ") == 2, standings  # bold: points
    table = await discord.invoke("rules table", world.outsider, table="classic_season")
    assert "Special Play cards" in table.text
