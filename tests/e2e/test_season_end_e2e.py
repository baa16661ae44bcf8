"""A 4-team league through the real bot process: its regular season, the play-offs (a penalty shoot-out
included), the prizes and the League Trophy, the off-season re-draft, and the start of season two."""

from __future__ import annotations

from typing import Any

from tests.e2e import builders as build
from tests.e2e.conftest import BotProcess, World
from tests.e2e.fake_discord import FakeMember, button_ids, message_text


async def _fixture_choices(world: World) -> list[dict[str, Any]]:
    return await world.discord.autocomplete("league result", world.admin, "fixture", fixture="")


async def _settle(world: World, fixture: str, home: int, away: int, **extra: Any) -> None:
    """The commissioner sets a result; both post-games are finished with their buttons."""
    discord = world.discord
    result = await discord.invoke(
        "league result",
        world.admin,
        fixture=fixture,
        home_score=home,
        away_score=away,
        reason="played",
        **extra,
    )
    assert "Set by commissioner" in result.text, result.content
    await result.wait(lambda i: len(i.messages) >= 2)
    postgame = result.messages[1]
    for button in button_ids(postgame):
        finished = await discord.click(postgame, button, world.admin)
        assert "Post-game finished" in finished.text, finished.content


def _coach_of(world: World, label: str, first: bool) -> FakeMember:
    """The coach of the home (first named) or away team of a fixture label `#7 R4 Home v Away`."""
    names = [name for name, _, _ in build.ROSTERS]
    home_part, away_part = label.split(" v ", 1)
    wanted = home_part if first else away_part
    return world.coaches[next(i for i, n in enumerate(names) if n in wanted)]


async def test_a_season_ends_with_playoffs_prizes_redrafts_and_season_two(
    world: World, bot_process: BotProcess
) -> None:
    discord = world.discord
    channel = world.guild.channel.id
    await build.set_up_season(world)
    regular = await _fixture_choices(world)
    assert len(regular) == 6
    for choice in regular:  # the home side wins every game
        await _settle(world, choice["value"], 2, 0)
    await discord.wait_for_message(channel, lambda m: "regular season is over" in message_text(m))

    refused = await discord.invoke("season playoffs", world.coaches[0])
    assert refused.ephemeral  # a coach cannot open them
    opened = await discord.invoke("season playoffs", world.admin)
    assert "play-offs are open" in opened.content and "Semi-finals" in opened.text, opened.text
    drawn = await discord.wait_for_message(channel, lambda m: "penalties" in message_text(m))
    assert "Semi-finals" in message_text(drawn) and drawn["content"].count("<@") == 4  # every coach pinged

    semis = [c for c in await _fixture_choices(world) if c["value"] not in {r["value"] for r in regular}]
    assert len(semis) == 2
    # Semi-final 1 is level after extra time: the bot rolls the shoot-out, a coach reports, the other
    # confirms.
    label = semis[0]["name"]
    home, away = _coach_of(world, label, True), _coach_of(world, label, False)
    shootout = await discord.invoke("match penalties", home, fixture=semis[0]["value"])
    assert "Roll-off 1:" in shootout.content and "win the shoot-out" in shootout.content
    report = await discord.invoke(
        "report", home, fixture=semis[0]["value"], my_score=1, their_score=1, extra_time=True
    )
    assert "won on penalties" in report.text, report.text
    confirmed = await discord.click(report.message, button_ids(report.message)[0], away)
    assert "Confirmed by" in confirmed.text
    await confirmed.wait(lambda i: len(i.messages) >= 2)
    for button in button_ids(confirmed.messages[1]):
        await discord.click(confirmed.messages[1], button, world.admin)
    await _settle(world, semis[1]["value"], 0, 1)

    await discord.wait_for_message(channel, lambda m: "Third-place play-off" in message_text(m))
    bracket = await discord.invoke("playoffs", world.outsider)
    assert "Final" in bracket.text and "Third-place play-off" in bracket.text and "→" in bracket.text
    known = {c["value"] for c in regular + semis}
    last = [c for c in await _fixture_choices(world) if c["value"] not in known]
    assert len(last) == 2
    for choice in last:
        await _settle(world, choice["value"], 1, 0)
    crowned = await discord.wait_for_message(channel, lambda m: "are the champions" in message_text(m))
    assert "100,000 gp" in message_text(crowned) and "League Trophy" in message_text(crowned)

    history = await discord.invoke("history", world.outsider)
    assert "Season 1 · finished · 4 teams" in history.text and "🏆 1st:" in history.text

    # The off-season: three coaches re-draft, the fourth retires his team and starts a new one.
    for coach, (_, _, lineman) in zip(world.coaches[:3], build.ROSTERS, strict=False):
        started = await discord.invoke("redraft start", coach)
        assert "Rest and relaxation" in started.text and "Re-draft budget" in started.text, started.text
        await started.wait(lambda i: len(i.messages) >= 2)
        veterans = await discord.autocomplete("redraft rehire", coach, "player", player="")
        assert veterans and "gp" in veterans[0]["name"]
        rehired = await discord.invoke("redraft rehire", coach, player=veterans[0]["value"])
        assert rehired.ephemeral and "Re-hired" in rehired.content and "agent's fee" in rehired.content
        positions = await discord.autocomplete(
            "team hire", coach, "position", position=lineman.split()[-1][:4]
        )
        pick = next(p for p in positions if p["name"].startswith(lineman))
        hired = await discord.invoke("team hire", coach, position=pick["value"], count=10)
        assert "Hired 10" in hired.content, hired.content
        submitted = await discord.invoke("team submit", coach)
        assert "is submitted" in submitted.content, submitted.content
    retired = await discord.invoke("redraft retire", world.coaches[3], confirm=True)
    assert "retires" in retired.content, retired.content
    created = await discord.invoke("team create", world.coaches[3], name="Fresh Start", roster="orc")
    assert "is drafting" in created.content, created.content
    hired = await discord.invoke("team hire", world.coaches[3], position="orc_lineman", count=11)
    assert "Hired 11" in hired.content, hired.content
    await discord.invoke("team submit", world.coaches[3])
    for name in [n for n, _, _ in build.ROSTERS[:3]] + ["Fresh Start"]:
        teams = await discord.autocomplete("league approve", world.admin, "team", team=name.split()[0])
        submitted_team = next(t for t in teams if "submitted" in t["name"])
        approved = await discord.invoke("league approve", world.admin, team=submitted_team["value"])
        assert "is approved" in approved.content, approved.content

    season_two = await discord.invoke("season start", world.admin)
    assert "Season 2 started" in season_two.content, season_two.content
    await build.with_picture(season_two)
    assert "4 teams" in season_two.text  # the picture draws them; the standings name them
    assert "Fresh Start" in (await discord.invoke("standings", world.outsider)).text
