"""Issue 29 through the real bot process and the fake Discord: what an organiser or a captain does for many at
once. A captain fills his squad in one /squad add (a coach in another squad is listed as refused, the others
join). The organiser approves every submitted roster in one /event approve: a roster without the NAF details
a NAF-sanctioned event needs is listed with that reason and stays submitted, the others are approved. A coach
disputes an event game; the organiser decides it with /event result (a coach cannot), then corrects it so the
other coach wins: the winner's Dedicated Fan moves to him. The organiser swaps two pairs of coaches in one
/event swap."""

from __future__ import annotations

import re

from tests.e2e.conftest import BotProcess, World
from tests.e2e.fake_discord import FakeMember, button_ids


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


async def test_the_organiser_approves_every_submitted_roster_at_once(
    world: World, bot_process: BotProcess
) -> None:
    discord = world.discord
    organiser, coaches = world.admin, world.coaches
    await discord.invoke("event create", organiser, name="Spring Cup", rounds=3)
    for n, member in enumerate(coaches):
        naf = {"naf_name": f"Coach{n}", "naf_number": 1000 + n} if n != 2 else {}
        registered = await discord.invoke("roster register", member, name=f"Team {n}", roster="human", **naf)
        assert "registered in Spring Cup" in registered.text, registered.text
        await discord.invoke("roster hire", member, position="human_lineman", count=11)
        submitted = await discord.invoke("roster submit", member)
        assert "submitted" in submitted.text.lower(), submitted.text
    await discord.invoke("rulespack set", organiser, naf=True)

    refused = await discord.invoke("event approve", coaches[0])
    assert refused.ephemeral and "organiser" in refused.content.lower(), refused.content

    approved = await discord.invoke("event approve", organiser)
    assert approved.ephemeral
    text = approved.text
    assert text.startswith("3 rosters approved, 1 not:"), text
    assert "Team 2" in text.split("Not approved", 1)[1] and "NAF" in text, text
    for n in (0, 1, 3):
        assert f"Team {n}" in text.split("Not approved", 1)[0], text
    shown = await discord.invoke("roster show", coaches[2])
    assert "waiting for approval" in shown.text, shown.text


async def _running_event(world: World, coaches: list[FakeMember] | None = None) -> None:
    discord, organiser = world.discord, world.admin
    await discord.invoke("event create", organiser, name="Autumn Cup", rounds=3)
    for n, member in enumerate(coaches or world.coaches):
        await discord.invoke("roster register", member, name=f"Side {n}", roster="human")
        await discord.invoke("roster hire", member, position="human_lineman", count=11)
        await discord.invoke("roster submit", member)
    approved = await discord.invoke("event approve", organiser)
    assert approved.text.startswith(f"All {len(coaches or world.coaches)} rosters approved."), approved.text
    started = await discord.invoke("event start", organiser)
    assert "round 1 is drawn" in started.text, started.text


async def test_the_organiser_decides_a_disputed_event_game(world: World, bot_process: BotProcess) -> None:
    discord, organiser = world.discord, world.admin
    await _running_event(world)
    coach = world.coaches[0]
    choices = await discord.autocomplete("report", coach, "fixture", fixture="")
    game = choices[0]["value"]
    report = await discord.invoke("report", coach, fixture=game, my_score=2, their_score=1)
    by_mention = {m.mention: m for m in world.coaches}
    opponent: FakeMember = next(
        m for mention, m in by_mention.items() if mention in report.content and m != coach
    )
    modal = await discord.click(report.message, button_ids(report.message)[1], opponent)
    disputed = await discord.submit_modal(modal, opponent, {"wrong": "It was 1-2"})
    assert "Disputed by" in disputed.text and "The organiser (/event result) decides it" in disputed.text
    again = await discord.invoke("report", coach, fixture=game, my_score=2, their_score=1)
    assert again.ephemeral and "/event result" in again.content, again.content

    refused = await discord.invoke(
        "event result", coach, fixture=game, home_score=1, away_score=1, reason="mine to decide"
    )
    assert refused.ephemeral and "organiser" in refused.content.lower(), refused.content
    picks = await discord.autocomplete("event result", organiser, "fixture", fixture="")
    assert picks[0]["value"] == game and "DISPUTED" in picks[0]["name"], picks

    decided = await discord.invoke(
        "event result", organiser, fixture=game, home_score=2, away_score=1, reason="seen on the table"
    )
    title = decided.embeds[0]["title"]
    names = re.search(r"(Side \d) 2-1 (Side \d)", title)
    assert names is not None and "Set by organiser" in decided.text, decided.text
    home, away = names.groups()
    corrected = await discord.invoke(
        "event result", organiser, fixture=game, home_score=0, away_score=1, reason="the away side won"
    )
    assert f"{home}: the winner's Dedicated Fan taken back (-1)" in corrected.text, corrected.text
    assert f"{away}: the winner's Dedicated Fan given (+1)" in corrected.text, corrected.text


async def test_the_organiser_swaps_two_pairs_in_one_command(world: World, bot_process: BotProcess) -> None:
    discord, organiser = world.discord, world.admin
    coaches = [*world.coaches, world.guild.add_member("coach5"), world.guild.add_member("coach6")]
    await _running_event(world, coaches)
    pairings = await discord.invoke("tournament pairings", coaches[0], round=1)
    tables = re.findall(r"\*\*(Side \d)\*\* \(<@\d+>\) v \*\*(Side \d)\*\*", pairings.text)
    assert len(tables) == 3, pairings.text
    (h1, a1), (h2, a2), (_, a3) = tables
    swapped = await discord.invoke(
        "event swap", organiser, team_a=h1, team_b=h2, reason="clubs apart", team_c=a2, team_d=a3
    )
    assert swapped.ephemeral and swapped.text.startswith("Swapped 2 pairs."), swapped.text
    after = re.findall(r"\*\*(Side \d)\*\* \(<@\d+>\) v \*\*(Side \d)\*\*", swapped.text)
    assert after[:2] == [(h2, a1), (h1, a3)], swapped.text
    refused = await discord.invoke("event swap", organiser, team_a=h1, team_b=h2, reason="x", team_c=a1)
    assert refused.ephemeral and "Name both teams of each pair" in refused.content, refused.content
