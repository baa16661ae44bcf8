"""The one drafting sequence (services/roster/teams.py) and the competition's book it asks (books.py,
event_drafting.py): a league team and an event roster are hired, checked and answered by the same steps."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from bot.errors import InvalidInput, RuleViolation
from bot.rules.roster.team_building import OVERSPENT, Staffing
from bot.services.league import leagues
from bot.services.roster import books, event_drafting, teams
from bot.services.roster.books import Before, LeagueBook
from bot.services.roster.team_lookup import DraftResult
from bot.services.runtime import Actor, Runtime
from bot.services.tournament import tournament_entries, tournaments
from bot.store import teams as team_store
from bot.store.connection import Connection
from bot.store.teams import TeamRow
from tests.conftest import actor

COMMISH = actor(user_id=1)
COACH = actor(user_id=11)


@dataclass(frozen=True)
class RecordingBook(LeagueBook):
    """A league's book that notes what the sequence asks of it, and can refuse every change."""

    calls: list[str] = field(default_factory=list)
    refuse: bool = False

    def team(self, conn: Connection, actor: Actor) -> TeamRow:
        self.calls.append("team")
        return super().team(conn, actor)

    def before(self, conn: Connection, team: TeamRow) -> Before:
        self.calls.append("before")
        return Before(players=frozenset(p.id for p in team_store.players(conn, team)))

    def after(self, conn: Connection, before: Before, team: TeamRow) -> None:
        self.calls.append(f"after ({len(team_store.players(conn, team)) - len(before.players)} new)")
        if self.refuse:
            raise RuleViolation("The book refuses.")

    def result(self, conn: Connection, team: TeamRow, message: str) -> DraftResult:
        self.calls.append("result")
        return super().result(conn, team, message)


async def _drafting(runtime: Runtime) -> None:
    await leagues.create_league(runtime, COMMISH, "League", None)
    await teams.create_team(runtime, COACH, None, "Reavers", "Human")


async def test_the_sequence_asks_the_book_before_and_after_a_change(runtime: Runtime) -> None:
    await _drafting(runtime)
    book: list[RecordingBook] = []

    def opener(conn: Connection, rt: Runtime, who: Actor) -> RecordingBook:
        book.append(RecordingBook(rt, leagues.find_league(conn, who.guild_id, None)))
        return book[-1]

    done = await books.write(runtime, COACH, opener, teams.hire_in, "Human Lineman", 2, None, None)
    assert book[-1].calls == ["team", "before", "after (2 new)", "result"]
    assert done.message.startswith("Hired 2 Human Linemen") and len(done.sheet.players) == 2


async def test_a_refusal_after_the_change_undoes_it(runtime: Runtime) -> None:
    await _drafting(runtime)

    def refusing(conn: Connection, rt: Runtime, who: Actor) -> RecordingBook:
        return RecordingBook(rt, leagues.find_league(conn, who.guild_id, None), refuse=True)

    with pytest.raises(RuleViolation, match="The book refuses"):
        await books.write(runtime, COACH, refusing, teams.hire_in, "Human Lineman", 2, None, None)
    sheet = await teams.team_sheet(runtime, COACH, None)
    assert sheet.players == [] and sheet.team.treasury == 1_000_000  # one transaction: nothing was hired


async def test_overspending_names_the_events_budget_rule_and_not_the_leagues(runtime: Runtime) -> None:
    """Seed 000: "a rulespack may state 'Team Draft Budget: 1,200,000 gold pieces', in which case coaches can
    spend up to 1,200,000 gold pieces when drafting their team"; a league's refusal is the treasury's."""
    await _drafting(runtime)
    await leagues.update_settings(runtime, COMMISH, None, {"draft_budget": 100_000})
    await teams.create_team(runtime, actor(user_id=12), None, "Poor Reavers", "Human")
    with pytest.raises(RuleViolation) as league_refusal:
        await teams.hire_players(runtime, actor(user_id=12), None, "Human Lineman", 3)
    assert str(league_refusal.value).startswith(OVERSPENT) and "Seed 000" not in str(league_refusal.value)

    await tournaments.create_tournament(runtime, COMMISH, "Cup", None, {"budget": 100_000})
    await tournament_entries.register(runtime, COACH, "Cup", "Cup Reavers", "Human")
    with pytest.raises(RuleViolation) as event_refusal:
        await event_drafting.hire(runtime, COACH, "Cup", "Human Lineman", 3)
    assert str(event_refusal.value).startswith(OVERSPENT)
    assert str(event_refusal.value).endswith(
        "Seed 000: a coach spends at most the 100,000 gp Team Draft Budget."
    )


def test_an_events_staff_keeps_its_fans_priced_apart() -> None:
    """An event roster buys Dedicated Fans with /roster fans (seed 000: up to 6 at 10,000 gp): a staff change
    keeps them, and the league staff rules price the rest as for a team with the free first fan."""
    from bot.rules.tournament.tournament_rosters import staff_apart_from_fans
    from tests.conftest import CATALOG

    current = Staffing(rerolls=1, dedicated_fans=5)
    wanted = Staffing(rerolls=2, dedicated_fans=1)
    kept, before, after = staff_apart_from_fans(current, wanted, CATALOG.drafting)
    assert kept == Staffing(rerolls=2, dedicated_fans=5)
    assert (before.dedicated_fans, after.dedicated_fans) == (1, 1)
    assert (before.rerolls, after.rerolls) == (1, 2)


async def test_a_rejection_needs_a_reason_in_a_league_and_in_an_event(runtime: Runtime) -> None:
    await _drafting(runtime)
    await teams.hire_players(runtime, COACH, None, "Human Lineman", 11)
    await teams.submit_team(runtime, COACH, None)
    await tournaments.create_tournament(runtime, COMMISH, "Cup", None)
    await tournament_entries.register(runtime, COACH, "Cup", "Cup Reavers", "Human")
    await event_drafting.hire(runtime, COACH, "Cup", "Human Lineman", 11)
    await event_drafting.submit(runtime, COACH, "Cup")
    for review, competition, team in (
        (teams.review_team, "League", "Reavers"),
        (tournament_entries.review, "Cup", "Cup Reavers"),
    ):
        with pytest.raises(RuleViolation, match="Give the coach a reason for the rejection"):
            await review(runtime, COMMISH, competition, team, approve=False, reason="   ")
        typed = " too  many\nlinemen "  # on one line in the log
        done = await review(runtime, COMMISH, competition, team, approve=False, reason=typed)
        assert done.message == f"{team} is rejected: too many linemen"


async def test_renaming_a_player_needs_a_new_name_or_a_new_number(runtime: Runtime) -> None:
    await _drafting(runtime)
    await teams.hire_players(runtime, COACH, None, "Human Lineman", 1)
    with pytest.raises(InvalidInput, match=r"^Give a new name, a new number, or both\.$"):
        await teams.update_player(runtime, COACH, None, "#1")
    done = await teams.update_player(runtime, COACH, None, "#1", number=7)
    assert done.message == "Now #7 Human Lineman 1."
