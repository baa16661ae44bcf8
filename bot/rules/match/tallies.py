"""What each player did over a set of confirmed games: the one tally that league leaderboards
(rules/league/leaders.py) and event awards (rules/tournament/tournament_awards.py) both count."""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from dataclasses import dataclass
from typing import Generic, TypeVar

from bot.rules.match.match_result import ResultReport

T = TypeVar("T", bound=Hashable)


@dataclass(frozen=True)
class PlayerTally(Generic[T]):
    """What one player did over the games: the tally the awards and the leaderboards (rules/league/leaders.py)
    share. A player is counted with the team he played for in each game."""

    team: T
    player_id: int
    name: str
    touchdowns: int
    casualties: int
    completions: int = 0
    interceptions: int = 0


def player_tallies(reports: Iterable[ResultReport]) -> list[PlayerTally[int]]:
    """Each player's touchdowns, casualties, completions and interceptions summed over the confirmed
    reports."""
    found: dict[tuple[int, int], PlayerTally[int]] = {}
    for report in reports:
        for side in (report.home, report.away):
            for line in side.players:
                key = (side.team_id, line.player_id)
                old = found.get(key) or PlayerTally(side.team_id, line.player_id, line.name, 0, 0)
                found[key] = PlayerTally(
                    side.team_id,
                    line.player_id,
                    line.name,
                    old.touchdowns + line.touchdowns,
                    old.casualties + line.casualties,
                    old.completions + line.completions,
                    old.interceptions + line.interceptions,
                )
    return list(found.values())
