"""An event as its format reads it, and a round as a format plans it (seed 000).

`EventState` is the event as played so far in plain values: its rulespack, the ranked teams, the Spare
Player, the confirmed games, the Byes, the votes, every table paired, the squads of a team event. The
services load it (bot/services/tournament/tournaments.py `played`), a format (bot/rules/tournament/formats.py)
reads it and returns what happens: a `RoundPlan` (a round's games in table order, the Byes, the dice of any
draw, the rematches nothing could avoid, lines for the announcement), a ranking, or a refusal.

The checks every event makes before the start (`check_decided`) and every format's (`check_entries`), the
tables a Swiss round may swap (`check_tables_swappable`) and the individual ranking every format keeps
(`coaches_ranking`) live here, below the formats that share them; so do the checks of a running event that
no format changes (`check_more_rounds`, `check_revert_in_event`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property

from bot.catalog.models import TournamentScoring
from bot.errors import RuleViolation
from bot.i18n import _
from bot.rules.tournament.swiss import Draw, OddPlayer
from bot.rules.tournament.tournament_groups import (
    FIXED_STAGES,
    GroupsProgress,
    StagedTable,
    StageName,
    check_entrants,
    complete_rounds,
)
from bot.rules.tournament.tournament_scoring import RankingRow, TournamentGame, rank
from bot.rules.tournament.tournament_settings import Rulespack


@dataclass(frozen=True)
class SquadEntry:
    """A squad of a team event (a team of coaches): its id, name and coaches, in creation order."""

    id: int
    name: str
    members: tuple[int, ...]  # coach ids


@dataclass(frozen=True)
class RoundsProgress:
    """How far an event is played: `paired` rounds paired, rounds 1 to `played` complete (every game
    confirmed). Rankings are titled by the rounds played (issue 29: "Rankings follow games played")."""

    paired: int
    played: int

    @property
    def title(self) -> str:
        """'after round 2', 'after round 1, round 2 under way', 'round 1 under way', 'not started yet'."""
        return self.of()

    def of(self, rounds: int | None = None) -> str:
        """The title with the event's `rounds` when given: 'after round 1 of 3, round 2 under way'."""
        if self.paired == 0:
            return _("not started yet")
        played, paired, first = self.played, self.paired, self.played + 1
        if played == paired:
            if rounds:
                return _("after round {played} of {rounds}", played=played, rounds=rounds)
            return _("after round {played}", played=played)
        if played == 0:
            return self._under_way(first, rounds)
        if first == paired:
            if rounds:
                return _(
                    "after round {played} of {rounds}, round {next} under way",
                    played=played,
                    rounds=rounds,
                    next=first,
                )
            return _("after round {played}, round {next} under way", played=played, next=first)
        if rounds:
            return _(
                "after round {played} of {rounds}, rounds {first}-{last} under way",
                played=played,
                rounds=rounds,
                first=first,
                last=paired,
            )
        return _(
            "after round {played}, rounds {first}-{last} under way", played=played, first=first, last=paired
        )

    def _under_way(self, first: int, rounds: int | None) -> str:
        """Nothing played yet: 'round 1 of 3 under way', 'rounds 1-2 under way'."""
        if first == self.paired:
            if rounds:
                return _("round {next} of {rounds} under way", next=first, rounds=rounds)
            return _("round {next} under way", next=first)
        if rounds:
            return _(
                "rounds {first}-{last} of {rounds} under way", first=first, last=self.paired, rounds=rounds
            )
        return _("rounds {first}-{last} under way", first=first, last=self.paired)


@dataclass(frozen=True)
class EventState:
    """The event as played so far (see the module's docstring). Teams are named by id."""

    name: str
    rulespack: Rulespack
    scoring: TournamentScoring  # the catalogue's numbers (2/1/0, Bonus Points, a Bye's 2-0)
    units: tuple[int, ...]  # the teams ranked: approved entries but the Spare Player, registration order
    spare: int | None  # the Spare Player's team
    approved: frozenset[int]  # every approved team, the Spare Player's too
    names: Mapping[int, str]  # every team of the event
    coach_of: Mapping[int, int]  # team -> its coach
    games: tuple[TournamentGame[int], ...]  # the confirmed games
    byes: tuple[int, ...]  # one team per Bye given (pairing: who had one); the rankings count `ranked_byes`
    votes: Mapping[int, int]  # Favourite Opponent votes received
    tables: tuple[StagedTable[int], ...] = ()  # every table paired, with its game once confirmed
    squads: tuple[SquadEntry, ...] = ()  # a team event's squads, in creation order
    waiting: tuple[int, ...] = ()  # entries not yet approved or rejected, in registration order
    finished: bool = False  # the organiser finished the event: every round is over, played or not

    @cached_property
    def complete(self) -> frozenset[int]:
        """The rounds whose every game is confirmed (all of them once the event is finished)."""
        if self.finished:
            return frozenset(table.round for table in self.tables)
        return complete_rounds(self.tables)

    @cached_property
    def ranked_byes(self) -> tuple[int, ...]:
        """One team per Bye the rankings count: a Bye counts once every game of its round is confirmed
        (issue 29: "a Bye counts in the rankings before its round is played. Rankings follow games
        played"). Read from the Bye tables, as `byes` is."""
        return tuple(t.first for t in self.tables if t.second is None and t.round in self.complete)

    @property
    def progress(self) -> RoundsProgress:
        """How far the event is played: the rounds paired, the last round complete with every round
        before it, the rounds under way."""
        paired = max((table.round for table in self.tables), default=0)
        played = 0
        while played < paired and played + 1 in self.complete:
            played += 1
        return RoundsProgress(paired, played)

    @cached_property
    def squad_of(self) -> dict[int, int]:
        """Each team whose coach is in a squad -> that squad."""
        by_coach = {coach: squad.id for squad in self.squads for coach in squad.members}
        return {team: by_coach[coach] for team, coach in self.coach_of.items() if coach in by_coach}

    def keep_top_pair(self, number: int) -> bool:
        """Round `number` is the last and the rulespack lets 1st and 2nd meet again in it."""
        return number == self.rulespack.rounds and self.rulespack.final_rematch


@dataclass(frozen=True)
class PlannedTable:
    """One game of a round as a format plans it. `away` None: `home` plays the Spare Player."""

    home: int
    away: int | None
    stage: StageName = "swiss"
    label: str | None = None  # shown with the table: a group, the places at stake, a team match


@dataclass(frozen=True)
class RoundPlan:
    """A round as a format pairs it: its games in table order, the Byes (team, stage, label), the dice of
    any draw (logged and shown), the pairs meeting again because nothing else was possible, and lines for the
    announcement."""

    tables: tuple[PlannedTable, ...]
    byes: tuple[tuple[int, StageName, str | None], ...] = ()
    draws: tuple[Draw, ...] = ()
    rematches: tuple[frozenset[int], ...] = ()
    notes: tuple[str, ...] = ()


@dataclass(frozen=True)
class Bracket:
    """A group and knock-out event as played: its progress, and a team event's squad names (its units)."""

    progress: GroupsProgress[int]
    squads: Mapping[int, str] = field(default_factory=dict)
    tables: tuple[StagedTable[int], ...] = ()  # the units' tables as played (a team event: its squad matches)


def met_and_odd(
    tables: Sequence[StagedTable[int]], spare: int | None
) -> tuple[set[frozenset[int]], set[int]]:
    """The pairs that have been paired so far (played or not), and the units that already played the Spare
    Player or had a Bye."""
    met: set[frozenset[int]] = set()
    had_odd: set[int] = set()
    for table in tables:
        if table.second is None:
            had_odd.add(table.first)
            continue
        pair = frozenset((table.first, table.second))
        if spare is not None and spare in pair:
            had_odd |= pair - {spare}
        else:
            met.add(pair)
    return met, had_odd


def coaches_ranking(state: EventState) -> list[RankingRow[int]]:
    """Seed 000's individual rankings: Tournament Points, then the rulespack's tiebreakers; no Spare."""
    rulespack = state.rulespack
    return rank(
        state.scoring,
        state.units,
        state.games,
        state.ranked_byes,
        rulespack.tiebreakers,
        state.votes,
        rulespack.custom_tiebreaker or None,
    )


def meeting_again(names: Mapping[int, str], rematches: Sequence[frozenset[int]]) -> tuple[str, ...]:
    """The announcement's line for each pair meeting again."""
    return tuple(
        _("{first} and {second} meet again: no other pairing was possible.", first=names[a], second=names[b])
        for a, b in (sorted(pair) for pair in rematches)
    )


# --- before the start -----


def check_decided(state: EventState, broken: Sequence[str]) -> None:
    """Refuse the start of any event while an entry waits for the organiser's approval or rejection, or while
    approved rosters break the rulespack as it now stands (`broken`: 'Team: refusal' lines, found by the
    services; all of them named)."""
    if state.waiting:
        waiting = ", ".join(state.names[team] for team in state.waiting)
        raise RuleViolation(
            _("Approve or reject every entry before the start; still waiting: {waiting}.", waiting=waiting)
        )
    if broken:
        raise RuleViolation(
            _("These rosters break the rulespack; fix them (or change it) before the start:")
            + "\n"
            + "\n".join(f"• {line}" for line in broken)
        )


def check_entries(
    state: EventState, squad_problems: Sequence[str] = (), groups_of: tuple[int, str] | None = None
) -> None:
    """Refuse the start, in this order: a team event's squad problems (all in one message); fewer than 2
    coaches; a group event's units (`groups_of`: how many, and what) not in groups of four or fewer than its
    qualifiers; the Spare Player's team not approved, or an odd number of coaches without one (unless Byes
    are given)."""
    if squad_problems:
        raise RuleViolation(" ".join(squad_problems))
    count = len(state.units)
    if count < 2:
        raise RuleViolation(
            _("{event} needs at least 2 approved coaches (it has {count}).", event=state.name, count=count)
        )
    if groups_of is not None:
        _check_groups(state, *groups_of)
    if state.spare is not None and state.spare not in state.approved:
        raise RuleViolation(
            _("The Spare Player's team {team} is not approved.", team=state.names[state.spare])
        )
    if count % 2 and state.rulespack.odd_player is OddPlayer.SPARE and state.spare is None:
        raise RuleViolation(
            _(
                "{event} has {count} coaches, an odd number: mark a Spare Player's team, "
                "or set odd_player: bye in the rulespack.",
                event=state.name,
                count=count,
            )
        )


def _check_groups(state: EventState, count: int, what: str) -> None:
    """A group event needs groups of four and at least its qualifiers (of squads, in a team event)."""
    try:
        check_entrants(count, state.rulespack.qualifiers)
    except ValueError as error:
        least = max(4, state.rulespack.qualifiers)
        if what == "squads":
            message = _(
                "{event} has {count} squads: a group and knock-out event needs a multiple of 4, at least "
                "{least} (its qualifiers). Add or disband squads, or change qualifiers in the rulespack.",
                event=state.name,
                count=count,
                least=least,
            )
        else:
            message = _(
                "{event} has {count} coaches: a group and knock-out event needs a multiple of 4, at least "
                "{least} (its qualifiers). Approve or reject entries, or change qualifiers in the rulespack.",
                event=state.name,
                count=count,
                least=least,
            )
        raise RuleViolation(message) from error


# --- while the event runs -----


def check_tables_swappable(state: EventState, first: int, second: int) -> None:
    """Two teams may trade tables in the current round when both have a table in it, neither in a stage
    whose games follow the draw and the bracket (a group, the knock-out), and not at the same table."""
    current = max((table.round for table in state.tables), default=0)
    where: dict[int, StagedTable[int]] = {}
    for table in state.tables:
        if table.round == current:
            where.update((team, table) for team in (table.first, table.second) if team is not None)
    for team in (first, second):
        if team not in where:
            raise RuleViolation(
                _("{team} has no table in round {number}.", team=state.names[team], number=current)
            )
        if where[team].stage in FIXED_STAGES:
            raise RuleViolation(
                _(
                    "{team} plays in a group or the knock-out, whose games follow the draw and the "
                    "bracket: only Swiss and Best of the Rest tables can be swapped.",
                    team=state.names[team],
                )
            )
    if where[first].number == where[second].number:
        raise RuleViolation(
            _(
                "{first} and {second} already play each other at table {number}.",
                first=state.names[first],
                second=state.names[second],
                number=where[first].number,
            )
        )


def check_more_rounds(event: str, paired: int, rounds: int) -> None:
    """Another round may be paired while the event has rounds left to play."""
    if paired >= rounds:
        raise RuleViolation(
            _("{event} has played all {rounds} rounds: it can be finished now.", event=event, rounds=rounds)
        )


def check_revert_in_event(game: str, round_number: int | None, paired: int) -> None:
    """A game's result may not be reopened once the next round is paired on it (the pairings rest on it)."""
    if round_number is not None and paired > round_number:
        raise RuleViolation(
            _(
                "Not reverted: round {number} is already paired on {game}'s result. Correct the result "
                "instead (/league result); injuries and SPP stay as recorded.",
                number=paired,
                game=game,
            )
        )
