"""The post-game sequence through the services: on confirmation, and when a team finishes it."""

from __future__ import annotations

import sqlite3

import pytest

from bot.errors import Conflict, NotAllowed, NotFound, RuleViolation
from bot.services.league import seasons
from bot.services.match import postgame, postgame_roster, results
from bot.services.match.results import SideInput
from bot.services.roster import teams
from bot.services.runtime import Runtime
from bot.store import postgame as postgame_store
from bot.store import teams as team_store
from tests.builders import AWAY, HOME, home_away_fixture, team_of, with_dice
from tests.conftest import actor


async def test_confirmation_runs_steps_one_to_three_and_five(runtime: Runtime) -> None:
    fixture_id = await home_away_fixture(runtime)
    listing = await seasons.list_fixtures(runtime, HOME, None, "mine")
    fx = next(f for f in listing.fixtures if f.id == fixture_id)
    reporter, confirmer = (HOME, AWAY) if fx.home_coach_id == 10 else (AWAY, HOME)
    home_is_ours = fx.home_coach_id == 10
    ours = SideInput(2, 1, "#1 td, #2 td cas, #3 comp 2, #4 mvp, #5 si")
    theirs = SideInput(1, 0, "#6 td, #7 li-av, #8 dead")
    mine, other = (ours, theirs) if reporter is HOME else (theirs, ours)
    await results.report_result(runtime, reporter, f"f:{fixture_id}", mine, other)
    # Dice in order: home fan factor D3, away fan factor D3, then per team (home first): dedicated fans D6,
    # MVP D6 (re-rolled until it names a nominee), Getting Even D6 for each SH/SI/LI.
    ff_home, ff_away = (2, 1) if home_is_ours else (1, 2)
    # fans: a win, D6 3 >= 3 -> 4 fans; MVP: our single nominee, no roll needed; #5's SI: Getting Even 4+
    our_rolls = [3, 4]
    # fans: a loss, D6 2 < 3 -> 2 fans; MVP: no nominees, 4th of the 11 who played; #7's LI: Getting Even 2
    their_rolls = [2, 4, 2]
    rolls = [ff_home, ff_away] + (our_rolls + their_rolls if home_is_ours else their_rolls + our_rolls)
    confirmed = await results.confirm_result(with_dice(runtime, rolls), confirmer, fixture_id, 1)
    assert len(confirmed.postgame) == 2
    home_team = await team_of(runtime, HOME)
    away_team = await team_of(runtime, AWAY)
    # Fan factors: 3 + 2 = 5 for us, 3 + 1 = 4 for them: attendance 9.
    # Our winnings: 9 * 10,000 / 2 + (2 TD + 1 no stalling) * 10,000 = 75,000; theirs 45,000 + 20,000.
    spent = 11 * 50_000 + 10_000
    assert home_team.treasury == 1_000_000 - spent + 75_000
    assert away_team.treasury == 1_000_000 - 11 * 50_000 - 10_000 + 65_000
    assert (home_team.dedicated_fans, away_team.dedicated_fans) == (4, 2)
    home_players = {p.row.number: p for p in (await teams.team_sheet(runtime, HOME, None)).players}
    assert home_players[1].row.spp == 3  # a touchdown
    assert home_players[2].row.spp == 3 + 2  # a touchdown and a casualty
    assert home_players[3].row.spp == 2  # two completions
    assert home_players[4].row.spp == 4  # the MVP
    assert home_players[5].row.miss_next_game and home_players[5].row.niggling_injuries == 1
    away_players = {p.row.number: p for p in (await teams.team_sheet(runtime, AWAY, None)).players}
    assert away_players[7].row.av_change == -1 and away_players[7].row.miss_next_game
    assert 8 not in away_players  # dead
    assert away_players[4].row.spp == 4  # the random MVP
    summary_text = "\n".join(line for s in confirmed.postgame for line in s.lines)
    assert "Winnings 75,000 gp" in summary_text and "MVP #1" not in summary_text
    assert (
        "#5 Human Lineman 5: Getting Even D6 4 (success, 4+ needed): gains Hatred of one of " in summary_text
    )
    assert "#7 Orc Lineman 7: Getting Even D6 2 (no, 4+ needed)" in summary_text
    assert "Getting Even for" not in summary_text  # the player is named once
    assert "Dedicated fans 3 → 4 (D6 3)" in summary_text and "Dedicated fans 3 → 2 (D6 2)" in summary_text
    assert "Dedicated fans:" not in summary_text
    assert "+4 SPP (the only nominee)" in summary_text
    # a random pick among the 11 is no die of the game: said as what it is, never "D11"
    assert "+4 SPP (random among the 11 who could play, no nominations)" in summary_text
    assert "D11" not in summary_text
    assert "(MVP:" not in summary_text  # the MVP line says MVP once
    # the coach picks the keyword; until then he cannot finish the post-game
    with pytest.raises(RuleViolation, match="/team hatred"):
        await postgame.finish_postgame(runtime, HOME, fixture_id, home_team.id)
    with pytest.raises(RuleViolation, match="may hate"):
        await postgame_roster.choose_hatred(runtime, HOME, None, "#5", "Elf")
    chosen = await postgame_roster.choose_hatred(runtime, HOME, None, "#5", "orc")
    assert "Hatred (Orc)" in chosen.message
    sheet = {p.row.number: p for p in chosen.sheet.players}
    assert "Hatred (Orc)" in sheet[5].gained_skills
    with pytest.raises(Conflict, match="no Hatred to choose"):
        await postgame_roster.choose_hatred(runtime, HOME, None, "#5", "Orc")


async def test_finishing_rolls_expensive_mistakes_and_recovers_players(runtime: Runtime) -> None:
    fixture_id = await home_away_fixture(runtime)
    listing = await seasons.list_fixtures(runtime, HOME, None, "mine")
    fx = next(f for f in listing.fixtures if f.id == fixture_id)
    reporter, confirmer = (HOME, AWAY) if fx.home_coach_id == 10 else (AWAY, HOME)
    await results.report_result(
        runtime, reporter, f"f:{fixture_id}", SideInput(1, 0, "#9 si"), SideInput(0, 0)
    )
    await results.confirm_result(runtime, confirmer, fixture_id, 1)
    home = await team_of(runtime, HOME)
    with pytest.raises(NotAllowed, match="coach"):
        await postgame.finish_postgame(runtime, AWAY, fixture_id, home.id)
    with pytest.raises(RuleViolation, match="must first finish its post-game"):
        other = next(f for f in listing.fixtures if f.id != fixture_id)
        await results.report_result(runtime, HOME, f"f:{other.id}", SideInput(0, 0), SideInput(0, 0))
    options = await postgame_roster.hatred_options(runtime, HOME, None, "#9")
    if options:  # Getting Even (#9's Serious Injury) gave him Hatred: choose it first
        await postgame_roster.choose_hatred(runtime, HOME, None, "#9", options[0])
    # The treasury is over 100,000: D6 2 on the 400,000-495,000 column is a Major Incident (halved).
    before = home.treasury
    finished = await postgame.finish_postgame(with_dice(runtime, [2]), HOME, fixture_id, home.id)
    after = await team_of(runtime, HOME)
    assert after.treasury == before // 2 // 5000 * 5000
    assert any("Major Incident" in line for line in finished.summary.lines)
    with pytest.raises(Conflict, match="already finished"):
        await postgame.finish_postgame(runtime, HOME, fixture_id, home.id)


async def test_players_who_missed_a_game_recover_when_the_next_post_game_is_finished(
    runtime: Runtime,
) -> None:
    fixture_id = await home_away_fixture(runtime)
    listing = await seasons.list_fixtures(runtime, HOME, None, "mine")
    fx = next(f for f in listing.fixtures if f.id == fixture_id)
    reporter, confirmer = (HOME, AWAY) if fx.home_coach_id == 10 else (AWAY, HOME)
    ours = SideInput(0, 0, "#9 sh")
    mine, other = (ours, SideInput(0, 0)) if reporter is HOME else (SideInput(0, 0), ours)
    await results.report_result(runtime, reporter, f"f:{fixture_id}", mine, other)
    await results.confirm_result(runtime, confirmer, fixture_id, 1)
    home = await team_of(runtime, HOME)
    await postgame.finish_postgame(runtime, HOME, fixture_id, home.id)
    sheet = await teams.team_sheet(runtime, HOME, None)
    assert next(p for p in sheet.players if p.row.number == 9).row.miss_next_game  # hurt in this game
    assert sheet.current_team_value == sheet.team_value - 50_000  # and out of CTV

    second = next(f for f in listing.fixtures if f.id != fixture_id)
    with pytest.raises(RuleViolation, match="was missing this game"):
        await results.report_result(
            runtime, HOME, f"f:{second.id}", SideInput(1, 0, "#9 td"), SideInput(0, 0)
        )
    await results.report_result(runtime, HOME, f"f:{second.id}", SideInput(1, 0), SideInput(0, 0))
    opponent_id = second.away_coach_id if second.home_coach_id == 10 else second.home_coach_id
    await results.confirm_result(runtime, actor(user_id=opponent_id), second.id, 1)
    await postgame.finish_postgame(runtime, HOME, second.id, home.id)
    sheet = await teams.team_sheet(runtime, HOME, None)
    assert not next(p for p in sheet.players if p.row.number == 9).row.miss_next_game


async def test_conceding(runtime: Runtime) -> None:
    fixture_id = await home_away_fixture(runtime)
    listing = await seasons.list_fixtures(runtime, HOME, None, "mine")
    fx = next(f for f in listing.fixtures if f.id == fixture_id)
    reporter, confirmer = (HOME, AWAY) if fx.home_coach_id == 10 else (AWAY, HOME)
    conceder = "mine" if reporter is HOME else "theirs"  # HOME's team concedes at 1-0 up
    ours = SideInput(1, 0, "#1 td")
    mine, other = (ours, SideInput(0, 0)) if reporter is HOME else (SideInput(0, 0), ours)
    reported = await results.report_result(
        runtime, reporter, f"f:{fixture_id}", mine, other, conceded=conceder
    )
    home_side = "home" if fx.home_coach_id == 10 else "away"
    assert reported.report.conceded_by == home_side
    assert reported.report.side(home_side).score == 0  # type: ignore[arg-type]
    assert reported.report.side("away" if home_side == "home" else "home").score == 2
    before = await team_of(runtime, HOME)
    confirmed = await results.confirm_result(runtime, confirmer, fixture_id, 1)
    assert confirmed.fixture.home_outcome == ("L" if home_side == "home" else "W")
    after = await team_of(runtime, HOME)
    assert after.treasury == before.treasury  # no winnings for the conceding team
    assert after.dedicated_fans < before.dedicated_fans or after.dedicated_fans == 1
    sheet = await teams.team_sheet(runtime, HOME, None)
    assert all(p.row.spp == 0 for p in sheet.players)  # its SPP are lost
    opponent = await team_of(runtime, AWAY)
    opponent_sheet = await teams.team_sheet(runtime, AWAY, None)
    assert sum(p.row.spp for p in opponent_sheet.players) == 8  # two MVP awards
    assert opponent.treasury > 1_000_000 - 11 * 50_000 - 10_000


async def test_friendly_changes_nothing_but_injuries_count_as_badly_hurt(runtime: Runtime) -> None:
    await home_away_fixture(runtime)
    before = await team_of(runtime, HOME)
    friendly = await results.report_friendly(
        runtime, HOME, None, "Away", SideInput(3, 2, "#1 td 3, #2 si"), SideInput(0, 0)
    )
    await results.confirm_result(runtime, AWAY, friendly.fixture.id, 1)
    after = await team_of(runtime, HOME)
    assert (after.treasury, after.dedicated_fans) == (before.treasury, before.dedicated_fans)
    sheet = await teams.team_sheet(runtime, HOME, None)
    assert all(p.row.spp == 0 and not p.row.miss_next_game for p in sheet.players)


async def test_every_change_is_recorded_against_the_fixture(runtime: Runtime) -> None:
    fixture_id = await home_away_fixture(runtime)
    listing = await seasons.list_fixtures(runtime, HOME, None, "mine")
    fx = next(f for f in listing.fixtures if f.id == fixture_id)
    reporter, confirmer = (HOME, AWAY) if fx.home_coach_id == 10 else (AWAY, HOME)
    await results.report_result(
        runtime, reporter, f"f:{fixture_id}", SideInput(2, 1, "#1 td 2, #2 cas"), SideInput(0, 0)
    )
    await results.confirm_result(runtime, confirmer, fixture_id, 1)

    def check(conn: sqlite3.Connection) -> None:
        for team in team_store.in_league(conn, 1, 1):
            assert team_store.treasury_total(conn, team) == team.treasury
            for player in team_store.players(conn, team, include_gone=True):
                assert postgame_store.spp_total(conn, team.guild_id, player.id) == player.spp
        rolls = conn.execute(
            "SELECT COUNT(*) FROM dice_rolls WHERE fixture_id = ?", (fixture_id,)
        ).fetchone()[0]
        assert rolls >= 4  # two fan factors, fans, and the MVPs at least

    await runtime.db.read(check)


async def test_conceding_without_penalty_only_changes_the_result(runtime: Runtime) -> None:
    fixture_id = await home_away_fixture(runtime)
    listing = await seasons.list_fixtures(runtime, HOME, None, "mine")
    fx = next(f for f in listing.fixtures if f.id == fixture_id)
    reporter, confirmer = (HOME, AWAY) if fx.home_coach_id == 10 else (AWAY, HOME)
    conceder = "mine_no_penalty" if reporter is HOME else "theirs_no_penalty"  # HOME concedes
    ours = SideInput(1, 0, "#1 td, #2 mvp")
    mine, other = (ours, SideInput(0, 0)) if reporter is HOME else (SideInput(0, 0), ours)
    reported = await results.report_result(
        runtime, reporter, f"f:{fixture_id}", mine, other, conceded=conceder
    )
    assert not reported.report.concession_penalty
    before = await team_of(runtime, HOME)
    confirmed = await results.confirm_result(runtime, confirmer, fixture_id, 1)
    home_side = "home" if fx.home_coach_id == 10 else "away"
    assert (confirmed.fixture.home_outcome if home_side == "home" else confirmed.fixture.away_outcome) == "L"
    after = await team_of(runtime, HOME)
    assert after.treasury > before.treasury  # winnings as usual
    sheet = await teams.team_sheet(runtime, HOME, None)
    assert sum(p.row.spp for p in sheet.players) == 3 + 4  # the touchdown and its own MVP are kept
    opponent_sheet = await teams.team_sheet(runtime, AWAY, None)
    assert sum(p.row.spp for p in opponent_sheet.players) == 4  # one MVP, not two


async def test_a_coach_sees_his_open_post_game_again_until_it_is_finished(runtime: Runtime) -> None:
    """Issue 31 §2: a bot stopped just after a confirmation never posts the post-game with its Finish
    buttons, and the team cannot play on until it is finished. The coach asks for it again
    (/team postgame)."""
    fixture_id = await home_away_fixture(runtime)
    with pytest.raises(NotFound, match="has no post-game open"):
        await postgame.open_postgames_of(runtime, HOME, None)
    listing = await seasons.list_fixtures(runtime, HOME, None, "mine")
    fx = next(f for f in listing.fixtures if f.id == fixture_id)
    reporter, confirmer = (HOME, AWAY) if fx.home_coach_id == 10 else (AWAY, HOME)
    await results.report_result(runtime, reporter, f"f:{fixture_id}", SideInput(2, 0), SideInput(0, 0))
    confirmed = await results.confirm_result(runtime, confirmer, fixture_id, 1)
    home = await team_of(runtime, HOME)
    (again,) = await postgame.open_postgames_of(runtime, HOME, None)
    shown = next(s for s in confirmed.postgame if s.team_id == home.id)
    assert (
        again.fixture.id == fixture_id and again.summary.lines == shown.lines and not again.summary.finished
    )
    assert again.summary.treasury == shown.treasury
    await postgame.finish_postgame(runtime, HOME, fixture_id, home.id)
    with pytest.raises(NotFound, match="has no post-game open"):
        await postgame.open_postgames_of(runtime, HOME, None)
