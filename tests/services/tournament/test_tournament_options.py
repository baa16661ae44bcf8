"""Custom inducements (issue 16 item 4; seed 000, Custom Inducements): the organiser lists them, coaches buy
them on the roster (or every roster has a free one), and the bot rolls what they need before each game."""

from __future__ import annotations

import sqlite3

import pytest

from bot.errors import InvalidInput, NotFound, RuleViolation
from bot.services.roster import event_drafting
from bot.services.runtime import Runtime
from bot.services.tournament import tournament_entries as entries
from bot.services.tournament import tournament_options, tournament_play, tournaments
from bot.store import announcements, audit
from bot.store import teams as team_store
from tests.builders import ORGANISER, tournament_event
from tests.conftest import actor


async def test_the_organiser_lists_seed_and_own_inducements(runtime: Runtime) -> None:
    """Seed 000: "Any custom Inducements should be clearly outlined in the rulespack ... The Event Organiser
    may also decide to allow each coach to add the custom Inducement to their Team Draft Roster for free" """
    await tournaments.create_tournament(runtime, ORGANISER, "Forge Bowl", 200, {})
    change = await tournament_options.set_inducement(runtime, ORGANISER, None, "add", "dwarven smith")
    assert [i.line() for i in change.event.rulespack.inducements] == [
        "0-1 Dwarven Smith, 100,000 gp: Before the game roll a D6: armour for D3 players or Mighty Blow for "
        "D3 players, chosen by you, for the game."
    ]
    with pytest.raises(RuleViolation, match="Dwarven Smith is seed 000's"):
        await tournament_options.set_inducement(runtime, ORGANISER, None, "add", "Dwarven Smith", cost=5_000)
    with pytest.raises(InvalidInput, match="Say what your inducement does"):
        await tournament_options.set_inducement(runtime, ORGANISER, None, "add", "Forge Ale", cost=20_000)
    with pytest.raises(InvalidInput, match="Give your inducement a cost in gold pieces, or make it free"):
        await tournament_options.set_inducement(runtime, ORGANISER, None, "add", "Forge Ale", text="+1 KO.")
    with pytest.raises(InvalidInput, match=r"^Name the inducement\.$"):
        await tournament_options.set_inducement(runtime, ORGANISER, None, "add", "  ")
    change = await tournament_options.set_inducement(
        runtime, ORGANISER, None, "add", "Forge Ale", text="+1 to one KO roll.", free=True, reason="theme"
    )
    assert [i.id for i in change.event.rulespack.inducements] == ["dwarven_smith", "forge_ale"]
    assert change.event.rulespack.inducements[1].free
    change = await tournament_options.set_inducement(runtime, ORGANISER, None, "remove", "forge ale")
    assert [i.id for i in change.event.rulespack.inducements] == ["dwarven_smith"]
    with pytest.raises(NotFound, match="lists no custom inducement 'Forge Ale'; it lists: Dwarven Smith"):
        await tournament_options.set_inducement(runtime, ORGANISER, None, "remove", "Forge Ale")
    log = await runtime.db.read(audit.recent, 1)
    assert sum(row.action == "tournament.rulespack" for row in log) == 3


async def test_bought_and_free_inducements_are_rolled_before_each_game(runtime: Runtime) -> None:
    """Seed 000: "Before the game begins, a team that has hired a Dwarven Smith must roll a D6" and "randomly
    select one player on your team ... Roll a D6" (Festive Gifts, here free for every team)."""
    teams = await tournament_event(runtime, 4)
    await tournament_options.set_inducement(runtime, ORGANISER, None, "add", "Dwarven Smith")
    await tournament_options.set_inducement(runtime, ORGANISER, None, "add", "Festive Gifts", free=True)
    coach = actor(user_id=101)  # Team 1's coach

    def budget(conn: sqlite3.Connection) -> None:  # the builder writes rosters without their gold
        team = team_store.get(conn, 1, teams[1])
        assert team is not None
        team_store.change_treasury(conn, team, 600_000, "test: budget", actor_id=1, now=runtime.clock.now())

    await runtime.db.write(budget)
    done = await event_drafting.set_inducement(runtime, coach, None, "Dwarven Smith", 1)
    assert [i.inducement.name for i in done.sheet.inducements] == ["Dwarven Smith"]
    assert [i.name for i in done.sheet.free] == ["Festive Gifts"]
    assert done.sheet.team.treasury == 500_000
    await event_drafting.submit(runtime, coach, None)
    await entries.review(runtime, ORGANISER, None, "Team 1", approve=True)
    pairings = await tournament_play.start_event(runtime, ORGANISER, None)
    posted = await runtime.db.read(announcements.unsent)
    text = "\n".join(line for a in posted for line in a.lines)
    assert text.count("Festive Gifts:") == 4  # every team's free gift
    assert text.count("Dwarven Smith (D6") == 1  # only Team 1 bought one
    fixtures = {t.fixture.id for t in pairings.tables if t.fixture is not None}

    def logged(conn: sqlite3.Connection) -> list[tuple[str, int]]:
        rows = conn.execute("SELECT purpose, fixture_id FROM dice_rolls WHERE purpose LIKE '%table%'")
        return [(r[0], r[1]) for r in rows]

    rolls = await runtime.db.read(logged)
    assert len(rolls) == 4 * 2 + 2  # a die for the player and a D6 per gift; the Smith's D6 and D3
    assert {fixture for _, fixture in rolls} <= fixtures
    assert any("Team 1: Dwarven Smith: how many players" in purpose for purpose, _ in rolls)
