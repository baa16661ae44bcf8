"""Replies that read at a glance on a phone (issue 30): each fact once, one line per team or player, every
abbreviation explained, and a post-game that ends with what changed (the SPP totals, the treasury)."""

from __future__ import annotations

import re

from bot.services.league import seasons
from bot.services.match import results
from bot.services.match.postgame import SppTotal, TeamSummary
from bot.services.match.results import SideInput
from bot.services.roster import teams
from bot.services.runtime import Runtime
from bot.ui.league_views import fixture_pages, season_start_text, short_names, team_sheet_embeds
from bot.ui.result_views import player_label, postgame_lines, result_embeds
from tests import builders as build
from tests.cogs.test_long_messages import text_of
from tests.conftest import actor


async def test_each_rounds_deadline_is_said_once_in_its_heading(runtime: Runtime) -> None:
    overview = await build.season(runtime, 4, channel=None)
    listing = await seasons.list_fixtures(runtime, build.COMMISH, None, "all")
    text = "\n".join(fixture_pages(listing, per_page=100))
    for round_ in overview.rounds:
        stamp = str(int(round_.deadline_at.timestamp()))
        assert text.count(stamp) == 1, text  # the heading's, not again on each game
    assert "to play" in text and "due <t:" not in text
    start = season_start_text(overview)
    assert start.count("<t:") == 1 and "\n" not in start and "begins" not in start


async def test_the_team_sheet_is_a_line_a_player_without_the_position_twice(runtime: Runtime) -> None:
    await build.season(runtime, 4, channel=None)
    await build.injure(runtime, build.coach(0), [3])
    sheet = await teams.team_sheet(runtime, build.coach(0), None)
    text = "\n".join(e.description or "" for e in team_sheet_embeds(sheet))
    rows = [line for line in text.split("\n") if line.startswith("**#")]
    assert len(rows) == len(sheet.players) == 11  # one line each: the skills on the same line
    assert "**#1** Human Lineman · " in text  # "Human Lineman 1 · Human Lineman" said once
    assert "Human Lineman 1" not in text
    flagged = next(line for line in rows if line.startswith("**#3**"))
    assert "MNG" in flagged
    legend = text.split("\n")[-1]
    assert "MA/ST/AG/PA/AV" in legend and "MNG: misses the next game" in legend


async def test_a_player_with_his_own_name_keeps_his_position() -> None:
    assert player_label(7, "Griff Oberwald") == "#7 Griff Oberwald"
    assert player_label(7, "Human Blitzer 7") == "#7 Human Blitzer"


def test_the_post_game_groups_each_player_and_ends_with_the_totals_and_treasury() -> None:
    lines = (
        "Fan Factor 3 (1 dedicated + fair-weather fans: D3 2)",
        "Winnings 55,000 gp (attendance 5 / 2 + 2 TD + 1 no stalling)",
        "Dedicated fans 1 → 2 (D6 1)",
        "#2 Human Lineman 2: +2 SPP (1 casualty)",
        "MVP #2 Human Lineman 2 +4 SPP (random among the 11 who could play, no nominations)",
        "#3 Griff: seriously hurt",
        "#3 Griff: Getting Even D6 5 (success, 4+ needed): gains Hatred of one of Halfling, Human, Ogre",
    )
    summary = TeamSummary(
        1, "Reavers", 10, lines, False, False, 505_000, (SppTotal(2, "Human Lineman 2", 6, 6),)
    )
    shown = postgame_lines(summary)
    assert shown == [
        "Fan Factor 3 (1 dedicated + fair-weather fans: D3 2) · Dedicated fans 1 → 2 (D6 1)",
        "Winnings 55,000 gp (attendance 5 / 2 + 2 TD + 1 no stalling)",
        "#2 Human Lineman: +2 SPP (1 casualty) · MVP +4 SPP (random among the 11 who could play, no "
        "nominations)",
        "#3 Griff: seriously hurt · Getting Even D6 5 (success, 4+ needed): gains Hatred of one of Halfling, "
        "Human, Ogre",
        "SPP now: #2 Human Lineman 6 (+6)",
        "Treasury: 505,000 gp",
    ]
    assert not any("Reavers" in line for line in shown)  # the team is the field's name, not every line's


async def test_a_report_lists_a_sides_injured_apart_from_what_its_players_did(runtime: Runtime) -> None:
    overview = await build.season(runtime, 4, channel=None)
    fx = overview.round_fixtures(1)[0]
    outcome = await results.report_result(
        runtime,
        actor(user_id=fx.home_coach_id),
        f"f:{fx.id}",
        SideInput(2, 1, "#1 td 2, #2 cas, #3 si"),
        SideInput(1, 2, "#5 td, #1 dead, #2 bh"),
    )
    text = text_of(result_embeds(outcome, heading="Reported"))
    assert "#1 Human Lineman: 2 touchdowns" in text and "#5 Human Lineman: 1 touchdown" in text
    assert "Injured: #3 Human Lineman (serious injury)" in text
    assert "Injured: #1 Human Lineman (dead), #2 Human Lineman (badly hurt)" in text
    assert not re.search(r"^#\d+ [^:\n]+: (dead|badly hurt|serious injury)", text, re.M)


def test_standings_names_are_cut_alike_and_stay_apart() -> None:
    names = [f"The Mighty Reikland Reavers of Altdorf {n:02d} and the Old Worlds" for n in range(3)]
    short = short_names([*names, "Reikland Reavers", "Orcland Raiders of the Badlands"])
    assert [short[n] for n in names] == ["The Mighty… 00", "The Mighty… 01", "The Mighty… 02"]
    assert short["Reikland Reavers"] == "Reikland Reavers"
    assert all(len(name) <= 18 for name in short.values())
