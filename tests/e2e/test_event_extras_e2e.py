"""Issue 29 §1 through the real bot process and the fake Discord: a coach buys a Mercenary Player with his
Primary skill onto an event roster (seed 000: "All Inducements ... are allowed"), the Mercenary earns no SPP,
and the organiser awards a player extra SPP for what the rulespack says (seed 000, Player Advancement), which
a coach cannot do."""

from __future__ import annotations

import re

from tests.e2e.conftest import BotProcess, World
from tests.e2e.fake_discord import button_ids

FOR = "1 SPP for each Secret Objective achieved"


async def test_a_mercenary_on_the_roster_and_the_organisers_extra_spp(
    world: World, bot_process: BotProcess
) -> None:
    discord = world.discord
    organiser, coaches = world.admin, world.coaches
    created = await discord.invoke("event create", organiser, name="Merc Cup", rounds=2)
    assert "created" in created.text, created.text
    ruled = await discord.invoke("rulespack play-rules", organiser, advancement=True, extra_spp=FOR)
    assert "extra_spp" in ruled.text, ruled.text
    for index, coach in enumerate(coaches):
        registered = await discord.invoke("roster register", coach, name=f"Merc Team {index}", roster="human")
        assert "is registered" in registered.text, registered.text
        hired = await discord.invoke(
            "roster hire", coach, position="human_lineman", count=10 if index == 0 else 11
        )
        assert "Hired" in hired.text, hired.text
    skills = await discord.autocomplete(
        "roster mercenary", coaches[0], "skill", position="human_lineman", skill="ta"
    )
    assert any(c["value"] == "Tackle" for c in skills), skills
    merc = await discord.invoke("roster mercenary", coaches[0], position="human_lineman", skill="Tackle")
    assert "Hired 1 Mercenary Human Lineman (#11) for 130,000 gp" in merc.text, merc.text
    assert "Loner (4+)" in merc.text and "Tackle" in merc.text, merc.text
    secondary = await discord.invoke("roster mercenary", coaches[0], position="human_lineman", skill="Guard")
    assert secondary.ephemeral and "only be given a Primary skill" in secondary.content, secondary.content
    for coach in coaches:
        submitted = await discord.invoke("roster submit", coach)
        assert "submitted" in submitted.text.lower(), submitted.text
    approved = await discord.invoke("event approve", organiser)
    assert "approved" in approved.text.lower(), approved.text
    started = await discord.invoke("event start", organiser)
    assert "round 1 is drawn" in started.text, started.text

    pairings = await discord.invoke("tournament pairings", coaches[0], round=1)
    fixtures = {f"f:{n}" for n in re.findall(r"\(#(\d+)\)", pairings.text)}
    by_mention = {coach.mention: coach for coach in coaches}
    for coach in coaches:
        choices = await discord.autocomplete("report", coach, "fixture", fixture="")
        open_games = [c for c in choices if c["value"] in fixtures]
        if not open_games:
            continue
        players = "#11 td, #2 td" if coach is coaches[0] else "#2 td"
        reported = await discord.invoke(
            "report", coach, fixture=open_games[0]["value"], my_score=2, their_score=1, my_players=players
        )
        assert reported.message is not None, reported.content
        opponent = next(m for mention, m in by_mention.items() if mention in reported.content and m != coach)
        confirmed = await discord.click(reported.message, button_ids(reported.message)[0], opponent)
        assert "Confirmed by" in confirmed.text, confirmed.text

    shown = await discord.invoke("roster show", coaches[0])
    assert "Mercenary Human Lineman" in shown.text, shown.text
    refused = await discord.invoke(
        "event spp", coaches[1], team="Merc Team 1", player="#3", spp=1, reason="objective 4"
    )
    assert refused.ephemeral and "event organiser" in refused.content, refused.content
    choices = await discord.autocomplete("event spp", organiser, "player", team="Merc Team 1", player="3")
    assert choices and all(c["value"].startswith("p:") for c in choices), choices
    awarded = await discord.invoke(
        "event spp", organiser, team="Merc Team 1", player="#3", spp=2, reason="Secret Objectives 4 and 9"
    )
    assert "#3" in awarded.text and "2 SPP" in awarded.text, awarded.text
    merc_spp = await discord.invoke(
        "event spp", organiser, team="Merc Team 0", player="#11", spp=1, reason="x"
    )
    assert merc_spp.ephemeral and "Mercenary" in merc_spp.content, merc_spp.content
