"""A competition's book of teams: what differs when a league team or an event roster is drafted.

The drafting sequence (teams.py: create, hire, fire, staff, submit, review) is one for both; it asks the
competition's `Book` where the caller's team is, whether it may change now, what to check before and after a
change, what a submission needs, and what the result shows. `LeagueBook` is a league's (seed 001: the
league drafting rules, the post-game, a re-draft); an event's is `EventBook` (event_drafting.py: seed 000's
Team Draft Budget, Skill Points, tiers and stars, checked with rules/tournament/tournament_rosters.py).
A service opens the book inside its transaction (an `Opener`) and runs one step with `write`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Concatenate, ParamSpec, Protocol, TypeVar

from bot.errors import Conflict
from bot.i18n import N_, _
from bot.rules.roster.team_building import Staffing, check_redraft_submittable, check_submittable
from bot.rules.statuses import team_status
from bot.services.league.leagues import find_league
from bot.services.match.postgame_roster import fire_in_postgame
from bot.services.roster.team_lookup import (
    Changeable,
    DraftResult,
    build_sheet,
    changeable,
    open_redraft,
    own_team,
    roster_of,
    squad_positions,
    staffing_of,
)
from bot.services.runtime import Actor, Runtime
from bot.store import teams as team_store
from bot.store.connection import Connection
from bot.store.leagues import League
from bot.store.teams import PlayerRow, TeamRow

R = TypeVar("R", covariant=True)
B = TypeVar("B")
T = TypeVar("T")
P = ParamSpec("P")


@dataclass(frozen=True)
class Before:
    """The roster before a change, as its book needs it to judge the change: the roster being written (an
    event's escalation round; 1 otherwise), the rules it broke already and its players' ids."""

    writing: int = 1
    refusals: tuple[str, ...] = ()
    players: frozenset[int] = frozenset()


@dataclass(frozen=True)
class Submission:
    """What a submitted team spent, and a note for the coach (an event: the gold that is lost)."""

    spent: int
    note: str = ""


class Book(Protocol[R]):
    """What the drafting sequence asks of a competition (a league or an event)."""

    @property
    def league(self) -> League:
        """The competition's row (an event's: its LeagueSettings carry the Team Draft Budget)."""
        ...

    @property
    def reviewer(self) -> str:
        """Who approves a submitted team ("a commissioner", "the organiser"), marked: `_(book.reviewer)`."""
        ...

    @property
    def budget_note(self) -> str:
        """What a refusal to spend beyond the treasury adds ("" for none: team_building.within_budget)."""
        ...

    def team(self, conn: Connection, actor: Actor) -> TeamRow:
        """The caller's team, as it is."""
        ...

    def changeable(self, conn: Connection, team: TeamRow) -> Changeable:
        """The team, if it may change now (a submitted one becomes a draft again)."""
        ...

    def before(self, conn: Connection, team: TeamRow) -> Before:
        """Refuse a change the competition does not allow now; the roster as `after` compares it."""
        ...

    def after(self, conn: Connection, before: Before, team: TeamRow) -> None:
        """Refuse a change that broke a rule the roster kept `before` (the transaction is rolled back)."""
        ...

    def release(self, conn: Connection, team: TeamRow, player: PlayerRow) -> None:
        """A player leaves while drafting: refuse it, or forget what the competition kept about him."""
        ...

    def staff_to_price(self, current: Staffing, new: Staffing) -> tuple[Staffing, Staffing, Staffing]:
        """The staff to set, and the staff before and after as the league staff rules price them."""
        ...

    def fire_after_game(self, conn: Connection, actor: Actor, change: Changeable, player: PlayerRow) -> R:
        """Fire a player in the post-game sequence (a league's: no refund)."""
        ...

    def submittable(self, conn: Connection, team: TeamRow) -> Submission:
        """Refuse a submission that breaks a rule; what the team spent."""
        ...

    def approvable(self, conn: Connection, team: TeamRow) -> None:
        """Refuse to approve a team that breaks a rule (the rules may have changed since it was submitted)."""
        ...

    def result(self, conn: Connection, team: TeamRow, message: str) -> R:
        """The team as it is now, and the message, as the competition shows them."""
        ...


Opener = Callable[[Connection, Runtime, Actor], B]


async def write(
    rt: Runtime,
    actor: Actor,
    opener: Opener[B],
    step: Callable[Concatenate[Connection, Runtime, Actor, B, P], T],
    *args: P.args,
    **kwargs: P.kwargs,
) -> T:
    """Run one step on the caller's book, opened in the step's own transaction."""

    def unit(conn: Connection) -> T:
        return step(conn, rt, actor, opener(conn, rt, actor), *args, **kwargs)

    return await rt.db.write(unit)


def made_draft(conn: Connection, team: TeamRow) -> TeamRow:
    """The team as a draft again (a submitted, rejected or approved roster that changes)."""
    team_store.set_status(conn, team, "draft", team.review_note)
    refreshed = team_store.get(conn, team.guild_id, team.id)
    assert refreshed is not None
    return refreshed


# --- a league's book -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class LeagueBook:
    """A league's teams (seed 001): drafted until approved, then changed in the post-game sequence; a
    re-drafted team spends its re-draft budget through the treasury."""

    rt: Runtime
    league: League
    reviewer: str = N_("a commissioner")
    budget_note: str = ""

    def team(self, conn: Connection, actor: Actor) -> TeamRow:
        return own_team(conn, actor, self.league)

    def changeable(self, conn: Connection, team: TeamRow) -> Changeable:
        """Draft changes are allowed until approval; changing a submitted or rejected team makes it a draft
        again. An approved team changes only in its post-game."""
        change = changeable(conn, team)
        if not change.drafting or team.status == "draft":
            return change
        return Changeable(made_draft(conn, team), None)

    def before(self, conn: Connection, team: TeamRow) -> Before:
        return Before()

    def after(self, conn: Connection, before: Before, team: TeamRow) -> None:
        return None

    def release(self, conn: Connection, team: TeamRow, player: PlayerRow) -> None:
        return None

    def staff_to_price(self, current: Staffing, new: Staffing) -> tuple[Staffing, Staffing, Staffing]:
        return new, current, new

    def fire_after_game(
        self, conn: Connection, actor: Actor, change: Changeable, player: PlayerRow
    ) -> DraftResult:
        return fire_in_postgame(conn, self.rt, actor, self.league, change, player)

    def submittable(self, conn: Connection, team: TeamRow) -> Submission:
        if team.status == "submitted":
            raise Conflict(_("{team} is already waiting for the commissioner.", team=team.name))
        if team.status not in ("draft", "rejected"):
            raise Conflict(_("{team} is {status}.", team=team.name, status=team_status(team.status)))
        drafting = self.rt.catalog.drafting
        roster = roster_of(self.rt.catalog, team)
        positions = squad_positions(self.rt.catalog, roster, team_store.players(conn, team))
        redraft = open_redraft(conn, team)
        if redraft is not None:  # every purchase went through the treasury, so the budget holds already
            check_redraft_submittable(positions, staffing_of(team), roster, drafting)
            return Submission(redraft.budget - team.treasury)
        budget = self.league.settings.draft_budget
        check_submittable(roster, positions, staffing_of(team), drafting, budget)
        return Submission(budget - team.treasury)

    def approvable(self, conn: Connection, team: TeamRow) -> None:
        return None

    def result(self, conn: Connection, team: TeamRow, message: str) -> DraftResult:
        refreshed = team_store.get(conn, team.guild_id, team.id)
        assert refreshed is not None
        return DraftResult(build_sheet(conn, self.rt.catalog, self.league, refreshed), message)


def league_book(league_ref: str | None) -> Opener[LeagueBook]:
    """The book of the league a command means (the server's only one when none is named)."""
    return lambda conn, rt, actor: LeagueBook(rt, find_league(conn, actor.guild_id, league_ref))
