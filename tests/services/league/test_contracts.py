"""Long-term star contracts through the services (seed 004): the signing draft, time-outs, what a
contracted star may and may not do, and the second season's order."""

from __future__ import annotations

import sqlite3
from datetime import timedelta

import pytest

from bot.clock import FakeClock
from bot.errors import Conflict, NotAllowed, RuleViolation
from bot.services.league import contracts, redraft, seasons
from bot.services.match import deadlines, results
from bot.services.match.results import SideInput
from bot.services.roster import teams
from bot.services.runtime import Actor, Runtime
from bot.store import announcements
from bot.ui.league_views import team_sheet_embeds
from tests import builders as build
from tests.builders import COMMISH, coach
from tests.conftest import actor


async def _draft(runtime: Runtime) -> contracts.DraftView:
    await build.season(runtime, 4, playoff_places=0, star_contracts=True)
    return await contracts.draft_view(runtime, 1, None)


def _on_clock(view: contracts.DraftView) -> Actor:
    return actor(user_id=view.coaches[view.draft.order[0]])


async def test_the_season_opens_with_a_drawn_signing_order(runtime: Runtime) -> None:
    view = await _draft(runtime)
    assert sorted(view.draft.order) == sorted(view.names) and view.draft.status == "open"
    assert view.draft.log[0].startswith("Order (drawn from the hat): ")
    assert view.draft.pick_deadline_at == runtime.clock.now() + timedelta(hours=24)

    def said(conn: sqlite3.Connection) -> list[str]:
        return [a.title for a in announcements.unsent(conn, 50)]

    assert any("signing draft" in title for title in await runtime.db.read(said))


async def test_signing_a_star_puts_him_on_the_roster_for_free(runtime: Runtime) -> None:
    view = await _draft(runtime)
    who = _on_clock(view)
    other = next(c for t, c in view.coaches.items() if c != who.user_id)
    with pytest.raises(NotAllowed, match="pick"):
        await contracts.sign_star(runtime, actor(user_id=other), None, "Morg 'n' Thorg")
    with pytest.raises(RuleViolation, match="does not play for"):
        await contracts.sign_star(runtime, who, None, "Deeproot Strongbranch")  # Woodland League only
    before = await teams.team_sheet(runtime, who, None)
    after_view = await contracts.sign_star(runtime, who, None, "Morg 'n' Thorg")
    assert after_view.draft.order == view.draft.order[1:]
    sheet = await teams.team_sheet(runtime, who, None)
    morg = next(p for p in sheet.players if p.row.name == "Morg 'n' Thorg")
    assert sheet.team.treasury == before.team.treasury  # free
    assert sheet.team_value == before.team_value + morg.row.hiring_fee > before.team_value
    assert morg.position.st == 6 and "Loner (4+)" in morg.position.skills
    nxt = _on_clock(after_view)
    with pytest.raises(Conflict, match="already signed"):
        await contracts.sign_star(runtime, nxt, None, "Morg 'n' Thorg")
    with pytest.raises(RuleViolation, match="never fired"):
        await teams.fire_player(runtime, who, None, f"p:{morg.row.id}")
    market = await contracts.market(runtime, 1, None)
    assert "Morg 'n' Thorg" not in {u.name for u in market.unsigned}
    assert [(c.star, team) for c, team in market.signed] == [("Morg 'n' Thorg", sheet.team.name)]


async def test_a_pair_signs_together_and_fills_two_places(runtime: Runtime) -> None:
    view = await _draft(runtime)
    who = _on_clock(view)
    options, _ = await contracts.sign_options(runtime, who, None)
    pair = next(u for u in options if u.is_pair)
    await contracts.sign_star(runtime, who, None, pair.name)
    sheet = await teams.team_sheet(runtime, who, None)
    signed = [p for p in sheet.players if p.row.star_contract is not None]
    assert sorted(p.row.name for p in signed) == sorted(pair.members)
    assert sum(p.row.hiring_fee for p in signed) == pair.cost


async def test_running_out_of_time_moves_a_coach_to_the_end(runtime: Runtime) -> None:
    view = await _draft(runtime)
    first = view.draft.order[0]
    clock = runtime.clock
    assert isinstance(clock, FakeClock)
    clock.advance(timedelta(hours=13))
    due = [
        d for d in await deadlines.schedule(runtime) if d.kind.startswith("signing") and d.at <= clock.now()
    ]
    assert [d.kind for d in due] == ["signing_reminder"]
    await deadlines.run_due(runtime, due[0])
    await deadlines.run_due(runtime, due[0])  # a reminder once
    clock.advance(timedelta(hours=12))
    due = [d for d in await deadlines.schedule(runtime) if d.kind == "signing" and d.at <= clock.now()]
    await deadlines.run_due(runtime, due[0])
    await deadlines.run_due(runtime, due[0])  # and the time-out once
    after = await contracts.draft_view(runtime, 1, None)
    assert after.draft.order == (*view.draft.order[1:], first)
    assert "ran out of time" in after.draft.log[-1]
    skipped = await contracts.skip_team(runtime, COMMISH, None)
    assert skipped.draft.order == (*view.draft.order[2:], first)


async def test_contracted_stars_earn_no_spp_are_never_mvp_and_are_only_seriously_hurt(
    runtime: Runtime,
) -> None:
    view = await _draft(runtime)
    who = _on_clock(view)
    await contracts.sign_star(runtime, who, None, "Morg 'n' Thorg")
    morg = next(
        p for p in (await teams.team_sheet(runtime, who, None)).players if p.row.name == "Morg 'n' Thorg"
    )
    fx = next(f for f in await build.fixtures(runtime) if who.user_id in f.coaches())
    mine_first = fx.home_coach_id == who.user_id
    events = f"#{morg.row.number} td, #{morg.row.number} dead"
    with pytest.raises(RuleViolation, match="never MVP"):
        await results.report_result(
            runtime, who, f"f:{fx.id}", SideInput(1, 0, f"#{morg.row.number} mvp"), SideInput(0, 0)
        )
    outcome = await results.report_result(
        runtime, who, f"f:{fx.id}", SideInput(1, 0, events), SideInput(0, 0)
    )
    other = actor(user_id=fx.away_coach_id if mine_first else fx.home_coach_id)
    confirmed = await results.confirm_result(runtime, other, fx.id, outcome.version)
    text = "\n".join(line for s in confirmed.postgame for line in s.lines)
    assert "never worse than Seriously Hurt" in text
    after = next(
        p for p in (await teams.team_sheet(runtime, who, None)).players if p.row.name == "Morg 'n' Thorg"
    )
    assert after.row.status == "active" and after.row.miss_next_game and after.row.spp == 0


async def test_the_second_season_order_and_contracts_ending_with_the_season(runtime: Runtime) -> None:
    await _draft(runtime)
    for _ in range(4):
        current = await contracts.draft_view(runtime, 1, None)
        who = _on_clock(current)
        options, _ = await contracts.sign_options(runtime, who, None)
        await contracts.sign_star(runtime, who, None, next(u for u in options if not u.is_pair).name)
    signed_before = {c.team_id: c.star for c in (await contracts.draft_view(runtime, 1, None)).contracts}
    await build.regular_season(runtime)  # lower-numbered teams win: Team 0 first ... Team 3 last

    def stars_left(conn: sqlite3.Connection) -> int:
        return conn.execute(
            "SELECT COUNT(*) FROM players WHERE star_contract IS NOT NULL AND status = 'active'"
        ).fetchone()[0]

    assert await runtime.db.read(stars_left) == 0  # the contracts expired with the season
    for n in range(4):
        await redraft.start_redraft(runtime, coach(n), None)
        sheet = await redraft.show_redraft(runtime, coach(n), None)
        assert not any(v.player.star_contract for v in sheet.veterans)  # stars are not re-hired
        for veteran in sheet.veterans[:11]:
            await redraft.rehire_player(runtime, coach(n), None, f"p:{veteran.player.id}")
        await teams.submit_team(runtime, coach(n), None)
        await teams.review_team(runtime, COMMISH, None, f"Team {n}", approve=True)
    await seasons.start_season(runtime, COMMISH, None)
    second = await contracts.draft_view(runtime, 1, None)
    assert [second.names[t] for t in second.draft.order] == [
        "Team 3",
        "Team 2",
        "Team 1",
        "Team 0",
    ]  # last first
    who = _on_clock(second)
    team_id = second.draft.order[0]
    again = await contracts.sign_star(runtime, who, None, signed_before[team_id])
    assert again.contracts[0].familiar_face  # the same star for the same team: no Loner this season
    sheet = await teams.team_sheet(runtime, who, None)
    star = next(p for p in sheet.players if p.row.star_contract is not None)
    assert not any(s.startswith("Loner") for s in star.position.skills)
    # Familiar Face shows on the team sheet too, not only at signing
    assert star.familiar_face
    shown = "\n".join(e.description or "" for e in team_sheet_embeds(sheet))
    assert f"{star.position.name}" in shown and "Familiar Face (no Loner)" in shown


async def test_later_seasons_rank_existing_teams_as_one_division(runtime: Runtime) -> None:
    """Seed 004: "all existing teams should be ranked according to how well they did in the previous season
    as if they had all been part of the same division. The team that is ranked last will get the first
    pick". Division 1 (Teams 0-3): the lower number wins, so Team 1 is second with 6 points; division 2
    (Teams 4-7) draws every game, so its winner has 3. Team 1 ranks above division 2's winner."""

    await build.season(runtime, 8, divisions=2, playoff_places=0, star_contracts=True)
    for fx in await build.fixtures(runtime):
        home, away = int(fx.home_name.split()[-1]), int(fx.away_name.split()[-1])
        if home >= 4:
            await build.play(runtime, fx, 1, 1)
        else:
            await build.play(runtime, fx, 2 if home < away else 0, 0 if home < away else 2)
    for n in range(8):
        await redraft.start_redraft(runtime, coach(n), None)
        sheet = await redraft.show_redraft(runtime, coach(n), None)
        for veteran in sheet.veterans[:11]:
            await redraft.rehire_player(runtime, coach(n), None, f"p:{veteran.player.id}")
        await teams.submit_team(runtime, coach(n), None)
        await teams.review_team(runtime, COMMISH, None, f"Team {n}", approve=True)
    assignment = ", ".join(f"Team {n}={n // 4 + 1}" for n in range(8))
    await seasons.start_season(runtime, COMMISH, None, assignment)
    view = await contracts.draft_view(runtime, 1, None)
    order = [view.names[t] for t in view.draft.order]
    assert order[0] == "Team 3" and order[-2:] == ["Team 1", "Team 0"]  # last place first, the best last
    assert sorted(order[1:6]) == ["Team 2", "Team 4", "Team 5", "Team 6", "Team 7"]  # 3 points each
