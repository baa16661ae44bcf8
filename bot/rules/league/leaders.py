"""Leaderboards: the best players and teams of a season or of all time.

Players: touchdowns, casualties, completions and interceptions from the confirmed reports (the tally the
tournament awards use, rules.match.tallies.player_tallies); SPP earned and MVP awards from the
post-game's player changes (a reverted post-game's reversing rows cancel them). Teams: kills (opposing
players a confirmed report says were Dead; the report names who died, not who killed him, so kills are
counted for the team), and league points and wins from the standings of each season, summed over the
seasons for all time. A player is listed with the team he played for, whether or not he is still on it.
Nobody with nothing is listed; ties share a place (1, 1, 3).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Literal

from bot.i18n import N_, _, ngettext
from bot.rules.league.standings import StandingRow
from bot.rules.match.match_result import ResultReport
from bot.rules.match.tallies import PlayerTally

Stat = Literal[
    "touchdowns", "casualties", "completions", "interceptions", "spp", "mvps", "kills", "points", "wins"
]


@dataclass(frozen=True)
class StatSpec:
    """A leaderboard. `title` and `nobody` are marked for translation and worded where shown:
    `_(spec.title)`, `_(spec.nobody, scope=...)`; `count` words a value in the current language."""

    key: Stat
    title: str  # "Touchdowns"
    nobody: str  # the empty board: "Nobody has any touchdowns yet ({scope})."
    teams: bool = False  # a leaderboard of teams rather than players

    def count(self, value: int) -> str:
        """'1 touchdown', '3 touchdowns', in the current language."""
        return _COUNTS[self.key](value)


_COUNTS: dict[Stat, Callable[[int], str]] = {
    "touchdowns": lambda n: ngettext("{n} touchdown", "{n} touchdowns", n),
    "casualties": lambda n: ngettext("{n} casualty", "{n} casualties", n),
    "completions": lambda n: ngettext("{n} completion", "{n} completions", n),
    "interceptions": lambda n: ngettext("{n} interception", "{n} interceptions", n),
    "spp": lambda n: ngettext("{n} SPP", "{n} SPP", n),
    "mvps": lambda n: ngettext("{n} MVP", "{n} MVPs", n),
    "kills": lambda n: ngettext("{n} kill", "{n} kills", n),
    "points": lambda n: ngettext("{n} point", "{n} points", n),
    "wins": lambda n: ngettext("{n} win", "{n} wins", n),
}

STATS: dict[Stat, StatSpec] = {
    spec.key: spec
    for spec in (
        StatSpec(
            "touchdowns",
            N_("Touchdowns"),
            N_("Nobody has any touchdowns yet ({scope})."),
        ),
        StatSpec(
            "casualties",
            N_("Casualties"),
            N_("Nobody has any casualties yet ({scope})."),
        ),
        StatSpec(
            "completions",
            N_("Completions"),
            N_("Nobody has any completions yet ({scope})."),
        ),
        StatSpec(
            "interceptions",
            N_("Interceptions"),
            N_("Nobody has any interceptions yet ({scope})."),
        ),
        StatSpec("spp", N_("Star Player Points"), N_("Nobody has any SPP yet ({scope}).")),
        StatSpec("mvps", N_("MVP awards"), N_("Nobody has any MVPs yet ({scope}).")),
        StatSpec(
            "kills",
            N_("Kills (teams)"),
            N_("Nobody has any kills yet ({scope})."),
            teams=True,
        ),
        StatSpec(
            "points",
            N_("League points (teams)"),
            N_("Nobody has any points yet ({scope})."),
            teams=True,
        ),
        StatSpec("wins", N_("Wins (teams)"), N_("Nobody has any wins yet ({scope})."), teams=True),
    )
}


@dataclass(frozen=True)
class Earned:
    """SPP and MVP awards one player earned in post-games while playing for one team."""

    team_id: int
    player_id: int
    name: str
    spp: int
    mvps: int


@dataclass(frozen=True)
class Leader:
    """One line of a leaderboard. `player_id` is None on a team's board."""

    place: int
    value: int
    team_id: int
    player_id: int | None
    name: str


def rank(candidates: Iterable[tuple[int, int, int | None, str]]) -> list[Leader]:
    """(value, team, player, name) ranked by value, best first; ties share a place and are listed by
    name; nobody with 0 is listed."""
    ordered = sorted((c for c in candidates if c[0] > 0), key=lambda c: (-c[0], c[3].casefold(), c[1]))
    found: list[Leader] = []
    for index, (value, team_id, player_id, name) in enumerate(ordered):
        place = found[-1].place if found and found[-1].value == value else index + 1
        found.append(Leader(place, value, team_id, player_id, name))
    return found


def kills(reports: Iterable[ResultReport]) -> dict[int, int]:
    """Each team's kills: the opposing players the reports say were Dead."""
    found: dict[int, int] = {}
    for report in reports:
        for side, other in ((report.home, report.away), (report.away, report.home)):
            dead = sum(1 for line in other.players if line.injury == "dead")
            if dead:
                found[side.team_id] = found.get(side.team_id, 0) + dead
    return found


def team_records(tables: Iterable[Iterable[StandingRow]]) -> dict[int, tuple[int, int]]:
    """(league points, wins) per team, summed over the tables given (one per division and season)."""
    found: dict[int, tuple[int, int]] = {}
    for table in tables:
        for row in table:
            points, wins = found.get(row.team_id, (0, 0))
            found[row.team_id] = (points + row.points, wins + row.won)
    return found


def boards(
    tallies: Iterable[PlayerTally[int]],
    earned: Iterable[Earned],
    team_kills: Mapping[int, int],
    records: Mapping[int, tuple[int, int]],
    team_names: Mapping[int, str],
) -> dict[Stat, list[Leader]]:
    """Every leaderboard, ranked."""
    tallies, earned = list(tallies), list(earned)

    def players(value: str) -> list[Leader]:
        return rank((getattr(t, value), t.team, t.player_id, t.name) for t in tallies)

    def teams(values: Mapping[int, int]) -> list[Leader]:
        return rank(
            (v, team, None, team_names[team] if team in team_names else _("team {id}", id=team))
            for team, v in values.items()
        )

    return {
        "touchdowns": players("touchdowns"),
        "casualties": players("casualties"),
        "completions": players("completions"),
        "interceptions": players("interceptions"),
        "spp": rank((e.spp, e.team_id, e.player_id, e.name) for e in earned),
        "mvps": rank((e.mvps, e.team_id, e.player_id, e.name) for e in earned),
        "kills": teams(team_kills),
        "points": teams({team: points for team, (points, _wins) in records.items()}),
        "wins": teams({team: wins for team, (_points, wins) in records.items()}),
    }
