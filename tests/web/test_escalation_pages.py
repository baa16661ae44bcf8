"""A gold piece escalation event's web pages (issue 29 §1 rule 1): a round's page links each team to the
roster it fields in that round, and that roster page shows that round's players (seed 000: "coaches will
start with a smaller Team Draft Budget for their first game and will then receive more gold pieces after
each round to spend on their team")."""

from __future__ import annotations

from aiohttp.test_utils import TestClient

from bot.services.runtime import Runtime
from bot.services.tournament import tournament_play
from bot.services.web import web_links
from tests.conftest import actor
from tests.services.tournament.test_escalation_rounds import BUILDER, CATCHER, escalation_event

Client = TestClient[object, object]


async def _page(web: Client, path: str) -> str:
    response = await web.get(path)
    assert response.status == 200, path
    return await response.text()


async def test_a_rounds_page_links_the_rosters_of_that_round(runtime: Runtime, web: Client) -> None:
    await escalation_event(runtime)
    token = (await web_links.set_link(runtime, actor(user_id=1), None, "on", kind="tournament")).token
    assert token is not None
    table = next(
        t
        for t in (await tournament_play.round_pairings(runtime, 1, None, 1)).tables
        if BUILDER.user_id in (t.home.coach_id, t.away.coach_id if t.away else 0)
    )
    builders = table.home if table.home.coach_id == BUILDER.user_id else table.away
    assert builders is not None
    round_one = await _page(web, f"/l/{token}/round/1")
    assert f'href="/l/{token}/roster/{builders.id}?round=1"' in round_one
    first = await _page(web, f"/l/{token}/roster/{builders.id}?round=1")
    last = await _page(web, f"/l/{token}/roster/{builders.id}")
    assert "round 1 roster" in first and "round 3 roster" in last
    assert first.count("<tr><td>") == 11 and last.count("<tr><td>") == 13
    assert f"<tr><td>{CATCHER}</td>" in last and f"<tr><td>{CATCHER}</td>" not in first
    response = await web.get(f"/l/{token}/roster/{builders.id}?round=x")
    assert response.status == 404
