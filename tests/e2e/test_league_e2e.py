"""The league core through the real bot process: create a league, draft four teams, approve them, start the
season, report and confirm a result, read the standings; and the dispute path."""

from __future__ import annotations

import re

from tests.e2e import builders as build
from tests.e2e.conftest import BotProcess, World
from tests.e2e.fake_discord import button_ids, message_text


async def test_commissioner_and_four_coaches_play_a_result_into_the_standings(
    world: World, bot_process: BotProcess
) -> None:
    discord = world.discord
    await build.set_up_season(world)
    coach = world.coaches[0]
    report, opponent = await build.report(world, coach)
    assert opponent.mention in report.content
    title = report.embeds[0]["title"]
    assert re.search(r"^Reikland Reavers 2-1 |  1-2 Reikland Reavers$", title) or title.endswith(
        " 1-2 Reikland Reavers"
    ), title
    assert "#2 Human Lineman: 1 touchdown, 1 casualty" in report.text  # a default name's number said once
    # the coach to confirm is named once (the content pings him); a side's own injured are not scorers
    assert report.text.count(opponent.mention) == 1
    assert "Injured: #5 " in report.text and "(serious injury)" in report.text  # the opponent's #5 si
    assert not re.search(r"#5 [^\n]*: [^\n]*serious injury", report.text)  # not listed among its scorers

    own_click = await discord.click(report.message, button_ids(report.message)[0], coach)
    assert own_click.ephemeral and "other coach" in own_click.content  # the reporter cannot confirm himself

    confirmed = await discord.click(report.message, button_ids(report.message)[0], opponent)
    assert confirmed.response_type == 7 and "Confirmed by" in confirmed.text
    assert confirmed.message["components"] == []  # the buttons are gone: the result is locked

    # The post-game sequence ran for both teams, every roll shown, with a Finish button for each team.
    await confirmed.wait(lambda i: len(i.messages) >= 2)
    postgame = confirmed.messages[1]
    text = message_text(postgame)
    assert "Fan Factor" in text and "Winnings" in text and "Dedicated fans" in text and "MVP" in text
    assert "D11" not in text and text.count("Treasury: ") == 2 and text.count("SPP now: ") == 2
    teams = [f for e in postgame["embeds"] for f in e.get("fields", [])]
    assert len(teams) == 2 and all(f["value"].split("\n")[-1].startswith("Treasury: ") for f in teams)
    finish_ids = button_ids(postgame)
    assert len(finish_ids) == 2
    refused = await discord.click(postgame, finish_ids[0], world.outsider)
    assert refused.ephemeral and "coach" in refused.content
    await build.choose_grudges(world, postgame)
    finished = [
        await discord.click(postgame, button, member)
        for button, member in zip(finish_ids, build.coaches_of(world, postgame), strict=True)
    ]
    assert all("Post-game finished" in f.text and "Expensive mistakes" in f.text for f in finished)
    again = await discord.click(postgame, finish_ids[0], build.coaches_of(world, postgame)[0])
    assert again.ephemeral and "already finished" in again.content  # a second click changes nothing

    standings = await discord.invoke("standings", world.outsider)
    table = standings.text
    assert "**1.** Reikland Reavers **3** · 1-0-0 · TD+1 · Cas 1" in table, table  # one line on a phone

    mine = await discord.invoke("fixtures", coach)
    assert mine.ephemeral and ("**2-1** ✅" in mine.text or "**1-2** ✅" in mine.text)

    log = await discord.invoke("league log", world.admin)
    assert "confirmed #" in log.text and "approved Reikland Reavers" in log.text, log.text
    assert "started season 1: one division of 4 teams" in log.text and "result.confirm" not in log.text


async def test_a_disputed_result_goes_to_the_commissioner(world: World, bot_process: BotProcess) -> None:
    discord = world.discord
    await build.set_up_season(world)
    coach = world.coaches[1]
    report, opponent = await build.report(world, coach)
    dispute_id = button_ids(report.message)[1]
    modal = await discord.click(report.message, dispute_id, opponent)
    assert modal.response_type == 9
    disputed = await discord.submit_modal(modal, opponent, {"wrong": "It was 1-1"})
    assert "Disputed by" in disputed.text and "It was 1-1" in disputed.text

    again = await discord.invoke(
        "report", coach, fixture=f"f:{build.fixture_id(report)}", my_score=1, their_score=1
    )
    assert again.ephemeral and "disputed" in again.content  # coaches can no longer change it

    refused = await discord.invoke(
        "league result",
        coach,
        fixture=f"f:{build.fixture_id(report)}",
        home_score=1,
        away_score=1,
        reason="agreed",
    )
    assert refused.ephemeral and "Only a commissioner" in refused.content

    decided = await discord.invoke(
        "league result",
        world.admin,
        fixture=f"f:{build.fixture_id(report)}",
        home_score=1,
        away_score=1,
        reason="Both coaches agree it was 1-1",
    )
    assert "1-1" in decided.embeds[0]["title"] and "Both coaches agree" in decided.text
    standings = await discord.invoke("standings", coach)
    assert re.search(r"1-0-1|0-1-0", message_text(standings.message))


async def test_a_coach_cannot_report_someone_elses_fixture(world: World, bot_process: BotProcess) -> None:
    discord = world.discord
    await build.set_up_season(world)
    fixture, label = await build.my_first_fixture(world, world.coaches[0])
    playing = [world.coaches[0].id, build.opponent(world, label, world.coaches[0]).id]
    outsider = next(c for c in world.coaches if c.id not in playing)
    refused = await discord.invoke("report", outsider, fixture=fixture, my_score=1, their_score=0)
    assert refused.ephemeral and "Only the two coaches" in refused.content


async def test_draft_errors_are_short_and_private(world: World, bot_process: BotProcess) -> None:
    discord = world.discord
    await discord.invoke("league create", world.admin, name="Old World League")
    coach = world.coaches[0]
    await discord.invoke("team create", coach, name="Rats", roster="skaven")
    too_many = await discord.invoke("team hire", coach, position="skaven_gutter_runner", count=3)
    assert too_many.ephemeral and "0-2 Gutter Runner" in too_many.content
    early = await discord.invoke("team submit", coach)
    assert early.ephemeral and "at least 11 players" in early.content
    not_commish = await discord.invoke("season start", coach)
    assert not_commish.ephemeral and "Only a commissioner" in not_commish.content


async def test_a_coach_spends_spp_in_the_post_game(world: World, bot_process: BotProcess) -> None:
    discord = world.discord
    await build.set_up_season(world)
    coach = world.coaches[0]
    fixture, label = await build.my_first_fixture(world, coach)
    opponent = build.opponent(world, label, coach)
    report = await discord.invoke(
        "report", coach, fixture=fixture, my_score=3, their_score=0, my_players="#1 td 2, #11 mvp"
    )
    confirmed = await discord.click(report.message, button_ids(report.message)[0], opponent)
    await confirmed.wait(lambda i: len(i.messages) >= 2)

    prices = await discord.autocomplete("advance", coach, "advancement", player="#1", advancement="")
    names = [c["name"] for c in prices]
    assert "chosen primary skill: 6 SPP" in names and "characteristic improvement: 14 SPP (has 6)" in names
    kinds = await discord.autocomplete(
        "advance", coach, "skill", player="#1", advancement="chosen_primary", skill="bl"
    )
    assert [(c["value"], c["name"]) for c in kinds] == [("Block", "Block (+30k, Elite)")]
    bought = await discord.invoke("advance", coach, player="#1", advancement="chosen_primary", skill="Block")
    assert "gains Block (Elite): value +30,000 gp" in bought.content, bought.content

    rolled = await discord.invoke("advance", coach, player="#11", advancement="random_primary")
    if button_ids(rolled.message):  # two different skills rolled: the coach picks one with a button
        picked = await discord.click(rolled.message, button_ids(rolled.message)[0], coach)
        assert "gains" in picked.content and picked.message["components"] == []
    else:  # the same skill twice is taken at once
        assert "twice, so it is taken" in rolled.content

    sheet = await discord.invoke("team show", coach)
    assert "**Block**" in sheet.text
