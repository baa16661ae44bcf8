"""/leaders and /odds called directly with spec_set interaction mocks."""

from __future__ import annotations

from unittest.mock import MagicMock

import discord
import pytest

from bot.cogs.leaders import LEADERS_SOURCE, LeadersCog, render_leaders
from bot.cogs.odds import OddsCog
from bot.errors import InvalidInput, NotFound, RuleViolation
from bot.services.match import results
from bot.services.match.results import SideInput
from bot.services.runtime import Runtime
from bot.ui.pagination import PageButton
from tests import builders
from tests.cogs.mocks import make_interaction, sent
from tests.conftest import actor


async def test_leaders_answers_in_public_and_pages_a_long_board(runtime: Runtime) -> None:
    await builders.season(runtime, 4)
    for fx in await builders.fixtures(runtime):
        await builders.play(runtime, fx, 1, 1)  # every game a draw: every team 1 point a game
    cog = LeadersCog(MagicMock())
    interaction = make_interaction(runtime)
    await cog.leaders.callback(cog, interaction, "points", None, None)
    _, kwargs = sent(interaction)
    embed: discord.Embed = kwargs["embed"]
    assert kwargs["ephemeral"] is False
    assert embed.title == "League: League points (teams), season 1"
    lines = (embed.description or "").splitlines()
    assert len(lines) == 4 and all(
        line.startswith("**1.** Team ") and line.endswith("· 3 points") for line in lines
    )
    assert "view" not in kwargs  # one page: no buttons

    # The page source renders from its key alone (league, board, season): here all time.
    page = await render_leaders(make_interaction(runtime), "1.points.all", 0)
    assert page.page_count == 1 and page.embed.title == "League: League points (teams), all time"


async def test_leaders_pages(runtime: Runtime) -> None:
    await builders.season(runtime, 4)
    fx = (await builders.fixtures(runtime))[0]
    events = ", ".join(f"#{n} td" for n in range(1, 12))
    # 11 scorers on one side and 11 on the other: 22 lines, two pages of 15.
    outcome = await results.report_result(
        runtime,
        actor(user_id=fx.home_coach_id),
        f"f:{fx.id}",
        SideInput(11, 0, events),
        SideInput(11, 0, events),
    )
    await results.confirm_result(runtime, actor(user_id=fx.away_coach_id), fx.id, outcome.version)
    cog = LeadersCog(MagicMock())
    interaction = make_interaction(runtime)
    await cog.leaders.callback(cog, interaction, "touchdowns", "1", None)
    _, kwargs = sent(interaction)
    assert kwargs["embed"].footer.text.startswith("Page 1 of 2")
    buttons = [item for item in kwargs["view"].children if isinstance(item, PageButton)]
    assert [b.source for b in buttons] == [LEADERS_SOURCE, LEADERS_SOURCE]
    second = await render_leaders(make_interaction(runtime), buttons[1].key, 1)
    assert second.page == 1 and len((second.embed.description or "").splitlines()) == 7
    # Another server's click sees nothing of this league.
    with pytest.raises(NotFound, match="no league"):
        await render_leaders(make_interaction(runtime, guild_id=2), buttons[1].key, 1)


async def test_leaders_refuses_a_season_that_is_not_a_number(runtime: Runtime) -> None:
    await builders.season(runtime, 4)
    cog = LeadersCog(MagicMock())
    with pytest.raises(InvalidInput, match="is a number"):
        await cog.leaders.callback(cog, make_interaction(runtime), "spp", "last", None)


async def test_odds_block_shows_percentages_and_the_reroll_rule(runtime: Runtime) -> None:
    cog = OddsCog(MagicMock())
    interaction = make_interaction(runtime)
    await cog.block.callback(
        cog, interaction, 2, "attacker", "turnover", True, True, False, False, False, False
    )
    _, kwargs = sent(interaction)
    embed: discord.Embed = kwargs["embed"]
    assert kwargs["ephemeral"] is True
    assert embed.title == "Block odds: 2 dice, attacker's choice"
    text = embed.description or ""
    # 2 dice, both Block: a turnover needs Player Down! on both dice (1/36), re-rolled: (1/36)^2.
    assert "Turnover: **0.1%**" in text  # (1/36)^2
    assert "Team re-roll used only on a turnover" in text
    assert "Skills: attacker Block, defender Block" in text


async def test_odds_roll(runtime: Runtime) -> None:
    cog = OddsCog(MagicMock())
    interaction = make_interaction(runtime)
    await cog.roll.callback(cog, interaction, 4, "team", None)
    _, kwargs = sent(interaction)
    assert "**75.0%** to roll 4+ on a D6 with a team re-roll" in (kwargs["embed"].description or "")
    interaction = make_interaction(runtime)
    await cog.roll.callback(cog, interaction, 4, "team", 4)
    _, kwargs = sent(interaction)
    assert "**62.5%**" in (kwargs["embed"].description or "") and "Loner 4+" in kwargs["embed"].description
    with pytest.raises(RuleViolation, match="Loner only matters for a team re-roll"):
        await cog.roll.callback(cog, make_interaction(runtime), 4, "skill", 4)
