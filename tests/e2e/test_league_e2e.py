"""The league core through the real bot process: create a league, draft four teams, approve them, start the
season, report and confirm a result, read the standings; and the dispute path."""

from __future__ import annotations

import re
from typing import Any

from tests.e2e.conftest import BotProcess, World
from tests.e2e.fake_discord import FakeMember, Interaction, button_ids, message_text

ROSTERS = [
    ("Reikland Reavers", "human", "Human Lineman"),
    ("Orcland Raiders", "orc", "Orc Lineman"),
    ("Dwarf Giants", "dwarf", "Dwarf Lineman"),
    ("Skavenblight Scramblers", "skaven", "Skaven Clanrat"),
]


async def _draft(world: World, coach: FakeMember, name: str, roster: str, lineman: str) -> None:
    discord = world.discord
    created = await discord.invoke("team create", coach, name=name, roster=roster)
    assert created.ephemeral and "is drafting with 1,000,000 gp" in created.content, created.content
    positions = await discord.autocomplete("team hire", coach, "position", position=lineman.split()[-1][:4])
    pick = next((p for p in positions if p["name"].startswith(lineman)), None)
    assert pick is not None, positions
    hired = await discord.invoke("team hire", coach, position=pick["value"], count=11)
    assert "Hired 11" in hired.content, hired.content
    staffed = await discord.invoke("team staff", coach, rerolls=2)
    assert "team re-roll 0→2" in staffed.content, staffed.content
    submitted = await discord.invoke("team submit", coach)
    assert "is submitted" in submitted.content, submitted.content


async def _set_up_season(world: World) -> None:
    discord = world.discord
    created = await discord.invoke("league create", world.admin, name="Old World League")
    assert "League **Old World League** created" in created.content, created.content
    for coach, (name, roster, lineman) in zip(world.coaches, ROSTERS, strict=True):
        await _draft(world, coach, name, roster, lineman)
    for name, _, _ in ROSTERS:
        teams = await discord.autocomplete("league approve", world.admin, "team", team=name.split()[0])
        approved = await discord.invoke("league approve", world.admin, team=teams[0]["value"])
        assert "is approved" in approved.content, approved.content
    started = await discord.invoke("season start", world.admin)
    assert "Season 1 started" in started.content, started.content
    assert "Round 1" in started.text and "deadline <t:" in started.text


async def _my_first_fixture(world: World, coach: FakeMember) -> tuple[str, str]:
    choices = await world.discord.autocomplete("report", coach, "fixture", fixture="")
    assert choices, "the coach has fixtures to report"
    return choices[0]["value"], choices[0]["name"]


def _opponent(world: World, label: str, coach: FakeMember) -> FakeMember:
    names = [name for name, _, _ in ROSTERS]
    playing = [n for n in names if n in label]
    mine = names[world.coaches.index(coach)]
    other = next(n for n in playing if n != mine)
    return world.coaches[names.index(other)]


async def _report(world: World, coach: FakeMember) -> tuple[Interaction, FakeMember]:
    fixture, label = await _my_first_fixture(world, coach)
    report = await world.discord.invoke(
        "report",
        coach,
        fixture=fixture,
        my_score=2,
        their_score=1,
        my_casualties=1,
        my_players="#1 td, #2 td cas, #3 mvp",
        their_players="#4 td, #5 si",
    )
    assert not report.ephemeral, report.content
    return report, _opponent(world, label, coach)


async def test_commissioner_and_four_coaches_play_a_result_into_the_standings(
    world: World, bot_process: BotProcess
) -> None:
    discord = world.discord
    await _set_up_season(world)
    coach = world.coaches[0]
    report, opponent = await _report(world, coach)
    assert opponent.mention in report.content
    title = report.embeds[0]["title"]
    assert re.search(r"^Reikland Reavers 2-1 |  1-2 Reikland Reavers$", title) or title.endswith(
        " 1-2 Reikland Reavers"
    ), title
    assert "#2 Human Lineman 2: 1 touchdown, 1 casualty" in report.text

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
    finish_ids = button_ids(postgame)
    assert len(finish_ids) == 2
    refused = await discord.click(postgame, finish_ids[0], world.outsider)
    assert refused.ephemeral and "coach" in refused.content
    await _choose_grudges(world, postgame)
    finished = [
        await discord.click(postgame, button, member)
        for button, member in zip(finish_ids, _coaches_of(world, postgame), strict=True)
    ]
    assert all("Post-game finished" in f.text and "Expensive mistakes" in f.text for f in finished)
    again = await discord.click(postgame, finish_ids[0], _coaches_of(world, postgame)[0])
    assert again.ephemeral and "already finished" in again.content  # a second click changes nothing

    standings = await discord.invoke("standings", world.outsider)
    table = standings.text
    assert "**1.** Reikland Reavers — 3 pts · 1-0-0 · TD +1 · Cas 1" in table, table

    mine = await discord.invoke("fixtures", coach)
    assert mine.ephemeral and ("**2-1** ✅" in mine.text or "**1-2** ✅" in mine.text)

    log = await discord.invoke("league log", world.admin)
    assert "confirmed #" in log.text and "approved Reikland Reavers" in log.text, log.text
    assert "started season 1: one division of 4 teams" in log.text and "result.confirm" not in log.text


async def _choose_grudges(world: World, postgame: dict[str, Any]) -> None:
    """Getting Even (a D6 the bot rolls for #5's Serious Injury) may have given Hatred: its coach picks it."""
    if "/team hatred" not in message_text(postgame):
        return
    for coach in _coaches_of(world, postgame):
        options = await world.discord.autocomplete("team hatred", coach, "keyword", player="#5", keyword="")
        if options:
            chosen = await world.discord.invoke(
                "team hatred", coach, player="#5", keyword=options[0]["value"]
            )
            assert "now has Hatred" in chosen.content, chosen.content


async def test_a_disputed_result_goes_to_the_commissioner(world: World, bot_process: BotProcess) -> None:
    discord = world.discord
    await _set_up_season(world)
    coach = world.coaches[1]
    report, opponent = await _report(world, coach)
    dispute_id = button_ids(report.message)[1]
    modal = await discord.click(report.message, dispute_id, opponent)
    assert modal.response_type == 9
    disputed = await discord.submit_modal(modal, opponent, {"wrong": "It was 1-1"})
    assert "Disputed by" in disputed.text and "It was 1-1" in disputed.text

    again = await discord.invoke(
        "report", coach, fixture=f"f:{_fixture_id(report)}", my_score=1, their_score=1
    )
    assert again.ephemeral and "disputed" in again.content  # coaches can no longer change it

    refused = await discord.invoke(
        "league result",
        coach,
        fixture=f"f:{_fixture_id(report)}",
        home_score=1,
        away_score=1,
        reason="agreed",
    )
    assert refused.ephemeral and "Only a commissioner" in refused.content

    decided = await discord.invoke(
        "league result",
        world.admin,
        fixture=f"f:{_fixture_id(report)}",
        home_score=1,
        away_score=1,
        reason="Both coaches agree it was 1-1",
    )
    assert "1-1" in decided.embeds[0]["title"] and "Both coaches agree" in decided.text
    standings = await discord.invoke("standings", coach)
    assert re.search(r"1-0-1|0-1-0", message_text(standings.message))


async def test_a_coach_cannot_report_someone_elses_fixture(world: World, bot_process: BotProcess) -> None:
    discord = world.discord
    await _set_up_season(world)
    fixture, label = await _my_first_fixture(world, world.coaches[0])
    playing = [world.coaches[0].id, _opponent(world, label, world.coaches[0]).id]
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


def _coaches_of(world: World, postgame: dict) -> list[FakeMember]:  # type: ignore[type-arg]
    """The coaches named on the post-game's fields, in field order."""
    names = [name for name, _, _ in ROSTERS]
    fields = [f["name"] for f in postgame["embeds"][0]["fields"]]
    return [world.coaches[next(i for i, n in enumerate(names) if field.startswith(n))] for field in fields]


def _fixture_id(report: Interaction) -> int:
    match = re.search(r"fixture #(\d+)", report.text)
    assert match, report.text
    return int(match.group(1))


async def test_a_coach_spends_spp_in_the_post_game(world: World, bot_process: BotProcess) -> None:
    discord = world.discord
    await _set_up_season(world)
    coach = world.coaches[0]
    fixture, label = await _my_first_fixture(world, coach)
    opponent = _opponent(world, label, coach)
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
