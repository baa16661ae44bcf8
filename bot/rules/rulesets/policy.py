"""What a ruleset is: one season sequence's data and pure functions behind one interface, `Ruleset`.

A league names its ruleset by id (`LeagueSettings.ruleset`); the registry (registry.py) builds it from the
catalogue. The services load a fixture's state, ask the league's ruleset what happens and write exactly what
came back: they never test which ruleset it is. A ruleset decides

- the pre-game: its steps in order (`pregame`) and what each rolled step rolls (`roll_step`, `step_lines`);
- the post-game of both teams: what is settled for both first (`postgame_opening`: BB2025's Fan Factor,
  classic's FAME), each team's winnings, lasting fans, MVP awards and Star Player Points
  (`postgame_side`), who leaves after the injuries (`leavers`), the winner's winnings re-roll
  (`reroll_winnings`) and whether Getting Even is rolled (`getting_even`);
- the inducements: the list (`inducements`), each team's budget (`inducement_budget`), who buys first with
  equal values (`level_first`) and the Special Play cards (`special_plays`);
- team value (`team_values`, `one_value`), league points (`points`), journeymen (their positions and
  `journeyman_hire_cost`), re-roll removal and MVP nominations;
- what a friendly counts for beyond its own post-game side (`friendlies`: its casualties, who stays out,
  the expensive mistakes).

A new ruleset is a subclass in its own module (bb2025.py and classic.py are the two), registered under its
id; shared building blocks stay in bot/rules/match (the tables, the flip, the MVP roll, the SPP).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from bot.catalog import Catalog
from bot.catalog.models import MissingTable, Team
from bot.errors import NotFound, RuleViolation
from bot.i18n import N_, _
from bot.rules.dice import Dice, DieRoll
from bot.rules.match.inducements import Bought, Budget, Inducements
from bot.rules.match.match_result import Outcome, ResultReport, Side
from bot.rules.match.pregame import PregameGame, StepRoll, flip, table_step
from bot.rules.roster.team_building import SquadPlayer, Staffing
from bot.text import gp

# How a pre-game step happens: the bot rolls it in /match pregame ("roll", with `Ruleset.roll_step`), another
# command does it ("command": the command is named), or it is not played and a commissioner may record it
# ("skipped").
StepKind = Literal["roll", "command", "skipped"]
SIDES: tuple[Side, Side] = ("home", "away")
# How a league's settings introduce each kind of gap in a seed (`MissingTable.handled`), in this order: what
# BB2025 stands in for, what is skipped (a commissioner may record it by hand), what is not offered at all.
GAP_HEADINGS = {"bb2025": N_("Uses BB2025's"), "skipped": N_("Skipped"), "unavailable": N_("Not available")}


@dataclass(frozen=True)
class PregameStep:
    """A pre-game step. Its `name`, `summary` and `command` are marked for translation where the ruleset
    writes them, and worded where shown: `_(step.name)`."""

    id: str
    name: str
    kind: StepKind
    summary: str
    table: str | None = None  # the roll table a "roll" step reads (weather, stadium)
    command: str | None = None  # the command a "command" step is done with


# --- what the post-game reads and returns ------------------------------------------------------------


@dataclass(frozen=True)
class PostgameTeam:
    name: str
    fans: int  # the team's lasting fans before the game (Dedicated Fans, or classic's Fan Factor)


@dataclass(frozen=True)
class PostgameGame:
    """A confirmed fixture as the post-game reads it: the result as it counts, both teams, and the results
    of the pre-game steps the ruleset's post-game reads (`Ruleset.postgame_reads`)."""

    friendly: bool
    report: ResultReport
    home: PostgameTeam
    away: PostgameTeam
    pregame: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)

    def team(self, side: Side) -> PostgameTeam:
        return self.home if side == "home" else self.away

    def outcome(self, side: Side) -> Outcome:
        home, away = self.report.outcomes
        return home if side == "home" else away

    @property
    def played(self) -> bool:
        return self.report.unplayed is None


@dataclass(frozen=True)
class Opening:
    """What the post-game settles for both teams before either's own part: each team's lines and dice, the
    Fan Factor its record keeps, and pre-game steps settled now (written as if rolled before the game)."""

    lines: Mapping[Side, tuple[str, ...]] = field(default_factory=dict)
    rolls: Mapping[Side, tuple[DieRoll, ...]] = field(default_factory=dict)
    fan_factor: Mapping[Side, int] = field(default_factory=dict)
    pregame: Mapping[str, dict[str, Any]] = field(default_factory=dict)


@dataclass(frozen=True)
class Awards:
    """The Star Player Points and MVP awards a team gets: `mvps` awards rolled among `nominees` (none: at
    random among the players who could play), with `max_nominees` the most a coach may nominate."""

    spp: bool
    mvps: int
    nominees: tuple[int, ...]
    max_nominees: int


@dataclass(frozen=True)
class SideOutcome:
    """One team's part of the post-game before the injuries: its lines in order (winnings, fans, why no MVP),
    the dice, the winnings paid, its lasting fans after (None: not rolled), its awards (None: none)."""

    lines: tuple[str, ...] = ()
    rolls: tuple[DieRoll, ...] = ()
    winnings: int = 0
    fans_after: int | None = None
    awards: Awards | None = None
    winnings_die: int | None = None  # the winnings die a re-roll replaces (classic)
    reroll_offered: bool = False  # the winner may re-roll the winnings die once (classic)


@dataclass(frozen=True)
class FanChange:
    """A team's lasting fans after a game as its result says: the value, the dice, the line, and the least
    and most the characteristic may be (a correction applied on top of later games stays within them;
    None: no most)."""

    after: int
    rolls: tuple[DieRoll, ...]
    line: str
    low: int
    high: int | None

    def applied_to(self, now: int, was: int) -> int:
        """The fans a team has `now` with this game's old result (`was` after it) replaced by this one."""
        moved = max(self.low, now - was + self.after)
        return moved if self.high is None else min(self.high, moved)


@dataclass(frozen=True)
class SquadMember:
    """What the post-game's last step needs to know about a player on the roster."""

    player_id: int
    number: int
    name: str
    advancements: int


@dataclass(frozen=True)
class Leaving:
    player_id: int
    reason: str  # kept with the status change
    line: str  # the post-game line


@dataclass(frozen=True)
class Departures:
    rolls: tuple[DieRoll, ...] = ()
    leaving: tuple[Leaving, ...] = ()


@dataclass(frozen=True)
class WinningsReroll:
    """The winnings die rolled again: the new die, the winnings it pays and what they were."""

    die: DieRoll
    amount: int
    previous: int

    @property
    def difference(self) -> int:
        return self.amount - self.previous

    @property
    def line(self) -> str:
        sign = "+" if self.difference >= 0 else "-"
        change = f"{sign}{gp(abs(self.difference))}"
        return _(
            "Winnings re-rolled: {roll}, kept: {amount} ({change})",
            roll=self.die.shown,
            amount=gp(self.amount),
            change=change,
        )

    def check_treasury(self, treasury: int) -> None:
        """A lower second die takes back the difference: refused once the winnings are spent."""
        if treasury + self.difference < 0:
            raise RuleViolation(
                _("Decide on the re-roll before spending the winnings: the treasury no longer holds them.")
            )


@dataclass(frozen=True)
class Friendlies:
    """What a friendly changes outside the ruleset's own part of the post-game (`postgame_side` decides a
    friendly's winnings, fans, SPP and MVP): how its casualties count, whether players who missed it are
    ready again, and whether the expensive mistakes are rolled after it. A friendly never scores league
    points in any ruleset (the standings count league games only)."""

    casualties_badly_hurt: bool  # every casualty counts as Badly Hurt: no lasting harm
    missed_stay_out: bool  # players who were to miss the next game still miss it
    expensive_mistakes: bool  # rolled when the team finishes its post-game, as after a league game
    summary: str  # what a friendly counts for, as the settings and /rules say it (marked for translation)


@dataclass(frozen=True)
class Cards:
    """The Special Play cards a coach draws and keeps."""

    draw: int
    keep: int


# --- the interface ---------------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class Ruleset(ABC):
    """A season sequence: its data, and the pure functions the services ask what happens."""

    catalog: Catalog = field(repr=False, compare=False)
    id: str
    name: str
    source: str
    points: tuple[int, int, int]  # league points for a win, a draw, a loss (the league may change them)
    pregame: tuple[PregameStep, ...]  # in the order the seed plays them
    mvp_nominees: int  # the most players a coach may nominate for MVP
    rerolls_removable: bool  # may a coach remove team re-rolls after the draft (without a refund)?
    journeyman_position_limits: tuple[int, ...]  # journeymen come from positions with these 0-N limits
    journeyman_keyword: str | None  # ... and this keyword (None: any position)
    journeyman_hire_at_rookie_cost: bool  # kept after a game for the position's cost (BB2025: plus his value)
    getting_even: bool  # seed 001's Getting Even after a serious casualty
    friendlies: Friendlies  # what a friendly counts for beyond its winnings, fans and awards
    fans_name: str  # what the team's lasting fans are called: Dedicated Fans or Fan Factor (marked: `_()` it)
    one_value: bool = False  # one Team Value (classic), not TV and CTV
    level_first: Side | None = None  # who buys inducements first with equal values (None: nobody buys)
    postgame_reads: tuple[str, ...] = ()  # the pre-game steps whose results its post-game reads
    missing: tuple[MissingTable, ...] = ()  # tables the seed refers to but does not contain

    def step(self, step_id: str) -> PregameStep | None:
        return next((s for s in self.pregame if s.id == step_id), None)

    @property
    def rolled_steps(self) -> tuple[PregameStep, ...]:
        return tuple(s for s in self.pregame if s.kind == "roll")

    # --- pre-game

    def roll_step(self, step: PregameStep, game: PregameGame, dice: Dice) -> StepRoll:
        """Roll one "roll" step: a step with a table rolls it, the flip for the kick flips the coin. A ruleset
        with another rolled step overrides this (and calls it for the others)."""
        if step.table is not None:
            return table_step(self.catalog.tables[step.table], game, dice, self.name)
        if step.id == "kick_off_flip":
            return flip(game, dice)
        raise ValueError(f"{self.name} has no roll for the pre-game step {step.id!r}")

    def step_lines(self, step_id: str, result: Mapping[str, Any], game: PregameGame) -> tuple[str, ...]:
        """What a rolled step decided, as shown: the lines it kept."""
        return tuple(str(line) for line in result.get("lines", ()))

    def summary_lines(self) -> list[str]:
        """The ruleset as a league's settings show it: for one that refers to tables it lacks, what the league
        does instead; and what a friendly counts for."""
        lines = [f"**{self.name}** ({_(self.source)})"]
        for handled, heading in GAP_HEADINGS.items():
            gaps = [m for m in self.missing if m.handled == handled]
            if gaps:
                lines.append(f"{_(heading)}: " + "; ".join(f"{m.name}: {_(m.summary)}" for m in gaps))
        lines.append(_("Friendlies: {summary}", summary=_(self.friendlies.summary)))
        return lines

    def reference(self) -> tuple[str, list[str]] | None:
        """A table of its own for /rules table (its title and lines), for a sequence that differs from the
        core rules' one; None for the core rules (their steps are in the other tables)."""
        return None

    def recordable(self) -> list[tuple[str, str]]:
        """What a commissioner may record by hand, (id, name): each step skipped because the seed lacks its
        table (a stadium attribute, a famous referee, a sponsor ...)."""
        return [(m.id, m.name) for m in self.missing if m.handled == "skipped"]

    def check_recordable(self, step_id: str) -> str:
        """The name of a step a commissioner may record by hand; refuses any other."""
        allowed = dict(self.recordable())
        if not allowed:
            raise RuleViolation(
                _("A {ruleset} league has no pre-game step to record by hand.", ruleset=self.name)
            )
        if step_id not in allowed:
            raise NotFound(_("Record one of: {steps}.", steps=", ".join(allowed.values())))
        return allowed[step_id]

    # --- post-game

    def postgame_opening(self, game: PostgameGame, dice: Dice) -> Opening:
        """What is settled for both teams before either's own part (nothing, unless the ruleset says)."""
        return Opening()

    @abstractmethod
    def postgame_side(self, game: PostgameGame, side: Side, opening: Opening, dice: Dice) -> SideOutcome:
        """One team's winnings, lasting fans and awards."""

    def lasting_fans(self, game: PostgameGame, side: Side, dice: Dice) -> FanChange | None:
        """The team's lasting fans after the game, as its outcome moves them (None: the result does not move
        them). `postgame_side` rolls them with the rest; a corrected result rolls them alone again."""
        return None

    def leavers(self, game: PostgameGame, side: Side, squad: Sequence[SquadMember], dice: Dice) -> Departures:
        """Who leaves the team after the injuries (nobody, unless the ruleset says)."""
        return Departures()

    def reroll_winnings(self, previous: int, first_die: int, friendly: bool, dice: Dice) -> WinningsReroll:
        """The winner's winnings die rolled again (a ruleset without the re-roll refuses)."""
        raise RuleViolation(_("Only the winner of a classic league's game may re-roll the winnings die."))

    # --- inducements

    def inducements(self) -> Inducements:
        """The inducements a team may buy before a game."""
        return self.catalog.inducements

    @abstractmethod
    def inducement_budget(
        self, value: int, opponent_value: int, *, treasury: int, favourite_spent: int, top_up_max: int
    ) -> Budget:
        """A team's budget from both teams' values, its treasury (0 in a tournament) and what the favourite
        spent; `top_up_max` is the most the underdog may add from its treasury."""

    def special_plays(
        self, home_value: int, away_value: int, bought: tuple[Sequence[Bought], Sequence[Bought]]
    ) -> tuple[Cards, Cards] | None:
        """The Special Play cards each coach draws and keeps (None: the ruleset has none)."""
        return None

    # --- team value and journeymen

    @abstractmethod
    def team_values(
        self, roster: Team, players: Sequence[SquadPlayer], staff: Staffing, special_rules: Sequence[str] = ()
    ) -> tuple[int, int]:
        """(TV, CTV) as the ruleset counts them (one Team Value: both the same)."""

    def journeyman_hire_cost(self, hiring_fee: int, value_increase: int) -> int:
        """What keeping a journeyman who played costs: his hiring fee, plus his value increase unless the
        ruleset hires at the rookie cost."""
        return hiring_fee + (0 if self.journeyman_hire_at_rookie_cost else value_increase)
