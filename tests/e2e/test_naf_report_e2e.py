"""The NAF report (issue 29) through the real bot process: the organiser makes the event NAF-sanctioned,
four coaches register (three with their NAF name and number, one who forgets and is refused at submission
until /roster naf sets them), play the one round, and the organiser downloads the NAF report: the attached
XML parses and holds the four coaches and the two games, each with two records."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from tests.e2e.conftest import BotProcess, World
from tests.e2e.fake_discord import button_ids


async def _roster(world: World, coach: object, name: str, naf: dict[str, object]) -> None:
    discord = world.discord
    registered = await discord.invoke("roster register", coach, name=name, roster="human", **naf)
    assert "is registered" in registered.text, registered.text
    hired = await discord.invoke("roster hire", coach, position="human_lineman", count=11)
    assert "Hired 11" in hired.text, hired.text


async def test_a_naf_event_reports_its_games(world: World, bot_process: BotProcess) -> None:
    discord = world.discord
    organiser = world.admin
    coaches = world.coaches
    created = await discord.invoke("event create", organiser, name="Naf Cup", rounds=1)
    assert "Tournament **Naf Cup** created" in created.text, created.text
    sanctioned = await discord.invoke("rulespack set", organiser, naf=True)
    assert "**naf**: False → True" in sanctioned.text, sanctioned.text
    early = await discord.invoke("event naf-report", organiser)
    assert early.ephemeral and "no confirmed game yet" in early.content, early.content

    for index, coach in enumerate(coaches):
        naf = {"naf_name": f"Naf <{index}> & co", "naf_number": 500 + index} if index else {}
        await _roster(world, coach, f"Naf Team {index}", naf)
    forgot = await discord.invoke("roster submit", coaches[0])
    assert forgot.ephemeral and "NAF-sanctioned event" in forgot.content, forgot.content
    given = await discord.invoke("roster naf", coaches[0], naf_name="Forgetful", naf_number=499)
    assert "NAF name Forgetful, NAF number 499" in given.text, given.text
    for index, coach in enumerate(coaches):
        submitted = await discord.invoke("roster submit", coach)
        assert "submitted" in submitted.text.lower(), submitted.text
        approved = await discord.invoke("event approve", organiser, team=f"Naf Team {index}")
        assert "approved" in approved.text.lower(), approved.text
    started = await discord.invoke("event start", organiser)
    assert "round 1 is drawn" in started.text, started.text

    pairings = await discord.invoke("tournament pairings", coaches[0], round=1)
    fixtures = {f"f:{n}" for n in re.findall(r"\(#(\d+)\)", pairings.text)}
    assert len(fixtures) == 2, pairings.text
    by_mention = {coach.mention: coach for coach in coaches}
    for coach in coaches:
        choices = await discord.autocomplete("report", coach, "fixture", fixture="")
        open_games = [c for c in choices if c["value"] in fixtures]
        if not open_games:
            continue
        reported = await discord.invoke(
            "report", coach, fixture=open_games[0]["value"], my_score=2, their_score=1, my_casualties=1
        )
        opponent = next(m for mention, m in by_mention.items() if mention in reported.content and m != coach)
        confirmed = await discord.click(reported.message, button_ids(reported.message)[0], opponent)
        assert "Confirmed by" in confirmed.text, confirmed.text

    refused = await discord.invoke("event naf-report", coaches[1])
    assert refused.ephemeral and "event organiser" in refused.content  # the organiser's alone
    downloaded = await discord.invoke("event naf-report", organiser, organiser="Head Ref")
    assert downloaded.ephemeral and "4 coaches, 2 games" in downloaded.content, downloaded.content
    (attachment,) = downloaded.message["attachments"]
    assert attachment["filename"] == "Naf_Cup_naf.xml"
    root = ET.fromstring(attachment["content"].encode())
    assert root.findtext("organiser") == "Head Ref"
    assert sorted(c.findtext("number") or "" for c in root.findall("coaches/coach")) == [
        "499",
        "501",
        "502",
        "503",
    ]
    assert "Naf <1> & co" in {c.findtext("name") for c in root.findall("coaches/coach")}
    games = root.findall("game")
    assert len(games) == 2 and all(len(g.findall("playerRecord")) == 2 for g in games)
    assert all(
        sorted(r.findtext("touchDowns") or "" for r in g.findall("playerRecord")) == ["1", "2"] for g in games
    )
