"""Season fixtures: splitting teams into divisions and the round-robin schedule inside each one.

Seed 001, Running a league: teams are split into divisions "as close to an equal number of teams as
possible, though each Division should contain at least four teams". Inside a division every team plays
every other team once, in rounds; a team with no opponent in a round has a bye.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from bot.errors import RuleViolation
from bot.i18n import _, ngettext
from bot.rules.dice import Dice
from bot.rules.match.results import PlayingTeam
from bot.rules.statuses import team_status

MIN_DIVISION_SIZE = 4

T = TypeVar("T", bound=Hashable)


@dataclass(frozen=True)
class Pairing(Generic[T]):
    """One game of a round: `home` hosts `away`."""

    home: T
    away: T


def round_robin(teams: Sequence[T]) -> list[list[Pairing[T]]]:
    """Every team plays every other team once: the rounds in order, each a list of games.

    Circle method: with an odd number of teams a placeholder joins, and whoever meets it has the bye
    (the first team in round 1, the second in round 2, ...). Home and away alternate, so each team has at
    most one more home game than away games or the other way round. The same input order always gives
    the same schedule. Fewer than 2 teams give no rounds; the same team twice raises ValueError.
    """
    _check_distinct(teams)
    count = len(teams)
    if count < 2:
        return []
    # Positions 0..slots-2 turn round the circle; position slots-1 stays put. With an odd count that
    # fixed position is the placeholder (index `count`), so the team facing it sits the round out.
    slots = count + count % 2
    turning = slots - 1
    fixed = slots - 1
    schedule: list[list[Pairing[T]]] = []
    for rnd in range(turning):
        games: list[tuple[int, int]] = [(fixed, rnd) if rnd % 2 else (rnd, fixed)]
        for step in range(1, slots // 2):
            ahead, behind = (rnd + step) % turning, (rnd - step) % turning
            games.append((ahead, behind) if step % 2 else (behind, ahead))
        schedule.append(
            [Pairing(teams[home], teams[away]) for home, away in games if home < count and away < count]
        )
    return schedule


def byes(teams: Sequence[T], schedule: list[list[Pairing[T]]]) -> list[T | None]:
    """For each round, the team that does not play (None when everyone plays)."""
    result: list[T | None] = []
    for number, games in enumerate(schedule, start=1):
        playing = {team for game in games for team in (game.home, game.away)}
        resting = [team for team in teams if team not in playing]
        if len(resting) > 1:
            raise ValueError(f"round {number} leaves {len(resting)} teams without a game")
        result.append(resting[0] if resting else None)
    return result


def division_sizes(
    team_count: int, teams_per_division: int | None, divisions: int | None = None
) -> list[int]:
    """How many teams go in each division, larger divisions first; sizes differ by at most 1.

    Seed 001, Divisions: "Each Division should have as close to an equal number of teams as possible,
    though each Division should contain at least four teams." The number of divisions is `divisions` when
    the commissioner gives it for the season; otherwise it comes from the league's setting: None means one
    division, a number means at most that many teams in a division (so as few divisions as that allows).
    A split that would leave a division with fewer than 4 teams is refused with what would work: never
    silently fewer divisions than asked for.
    """
    _check_team_count(team_count)
    if divisions is not None:
        most = team_count // MIN_DIVISION_SIZE
        if not 1 <= divisions <= most:
            if most == 1:
                refusal = _(
                    "{count} teams make only 1 division of at least {size} teams each, not {divisions}.",
                    count=team_count,
                    size=MIN_DIVISION_SIZE,
                    divisions=divisions,
                )
            else:
                refusal = _(
                    "{count} teams make 1 to {most} divisions of at least {size} teams each, "
                    "not {divisions}.",
                    count=team_count,
                    most=most,
                    size=MIN_DIVISION_SIZE,
                    divisions=divisions,
                )
            raise RuleViolation(refusal)
        return _even(team_count, divisions)
    if teams_per_division is None:
        return [team_count]
    _check_teams_per_division(teams_per_division)
    if not _fits(team_count, teams_per_division):
        wider = next(t for t in range(teams_per_division, team_count + 1) if _fits(team_count, t))
        more = next(k for k in range(1, teams_per_division + 1) if _fits(team_count + k, teams_per_division))
        raise RuleViolation(
            ngettext(
                "{count} teams cannot make divisions of at most {most} with at least {size} teams each: set "
                "teams_per_division to {wider} or more, approve {n} more team, or give the number of "
                "divisions when starting.",
                "{count} teams cannot make divisions of at most {most} with at least {size} teams each: set "
                "teams_per_division to {wider} or more, approve {n} more teams, or give the number of "
                "divisions when starting.",
                more,
                count=team_count,
                most=teams_per_division,
                size=MIN_DIVISION_SIZE,
                wider=wider,
            )
        )
    return _even(team_count, -(-team_count // teams_per_division))


def _fits(team_count: int, teams_per_division: int) -> bool:
    """Do as few divisions as `teams_per_division` allows each get at least 4 teams?"""
    return team_count // -(-team_count // teams_per_division) >= MIN_DIVISION_SIZE


def _even(team_count: int, divisions: int) -> list[int]:
    size, larger = divmod(team_count, divisions)
    return [size + 1] * larger + [size] * (divisions - larger)


def draw_divisions(
    teams: Sequence[T], teams_per_division: int | None, dice: Dice, *, divisions: int | None = None
) -> list[list[T]]:
    """Draw names out of a helmet: shuffle the teams with the dice, then deal them into divisions (as many
    as `division_sizes` says).

    Fisher-Yates with one real die per draw (a d{len}, then a d{len-1}, ... down to a d2), so the same
    dice give the same divisions. Each division keeps the order its teams were drawn in.
    """
    _check_distinct(teams)
    sizes = division_sizes(len(teams), teams_per_division, divisions)
    drawn = list(teams)
    for last in range(len(drawn) - 1, 0, -1):
        pick = dice.roll(last + 1) - 1
        drawn[last], drawn[pick] = drawn[pick], drawn[last]
    dealt: list[list[T]] = []
    start = 0
    for size in sizes:
        dealt.append(drawn[start : start + size])
        start += size
    return dealt


def assign_divisions(assignment: Mapping[T, int], teams_per_division: int | None = None) -> list[list[T]]:
    """The commissioner's own split: each team's division number (1, 2, ...) -> the divisions in order.

    Numbers must run from 1 without gaps and every division needs at least 4 teams. When
    `teams_per_division` is given, the number of divisions must also be the one `division_sizes` gives
    for that many teams (which teams go where, and how evenly, stays the commissioner's choice).
    Each division keeps the order of `assignment`.
    """
    team_count = len(assignment)
    _check_team_count(team_count)
    if teams_per_division is not None:
        _check_teams_per_division(teams_per_division)
    numbers = set(assignment.values())
    wrong = sorted(number for number in numbers if number < 1)
    if wrong:
        raise RuleViolation(
            _("Division numbers start at 1, so division {number} cannot be used.", number=wrong[0])
        )
    highest = max(numbers)
    missing = [number for number in range(1, highest + 1) if number not in numbers]
    if missing:
        raise RuleViolation(
            _(
                "Division numbers must run from 1 without gaps: division {number} has no teams.",
                number=missing[0],
            )
        )
    divisions: list[list[T]] = [[] for _division in range(highest)]
    for team, number in assignment.items():
        divisions[number - 1].append(team)
    for number, members in enumerate(divisions, start=1):
        if len(members) < MIN_DIVISION_SIZE:
            raise RuleViolation(
                ngettext(
                    "Division {number} has {n} team; each division needs at least {size}.",
                    "Division {number} has {n} teams; each division needs at least {size}.",
                    len(members),
                    number=number,
                    size=MIN_DIVISION_SIZE,
                )
            )
    if teams_per_division is not None:
        expected = len(division_sizes(team_count, teams_per_division))
        if expected != len(divisions):
            raise RuleViolation(
                ngettext(
                    "With {count} teams and {per} teams per division the league has {n} division, "
                    "not {given}.",
                    "With {count} teams and {per} teams per division the league has {n} divisions, "
                    "not {given}.",
                    expected,
                    count=team_count,
                    per=teams_per_division,
                    given=len(divisions),
                )
            )
    return divisions


def check_divisions(
    approved: Sequence[PlayingTeam], chosen: Iterable[tuple[PlayingTeam, int]]
) -> dict[int, int]:
    """The commissioner's divisions (team id -> division number, in the order given, for
    `assign_divisions`): each team named is approved to play, and every approved team has a division.
    `chosen` is read in order, so a name that is looked up lazily is refused in its turn."""
    divisions: dict[int, int] = {}
    for team, number in chosen:
        if team.status != "approved":
            raise RuleViolation(
                _(
                    "{team} is {status}, not approved: it cannot play this season.",
                    team=team.name,
                    status=team_status(team.status),
                )
            )
        divisions[team.id] = number
    missing = [t.name for t in approved if t.id not in divisions]
    if missing:
        raise RuleViolation(
            _("Give every approved team a division; missing: {teams}.", teams=", ".join(missing))
        )
    return divisions


def _check_distinct(teams: Sequence[T]) -> None:
    seen: set[T] = set()
    for team in teams:
        if team in seen:
            raise ValueError(f"team {team!r} is listed twice")
        seen.add(team)


def _check_team_count(team_count: int) -> None:
    if team_count < 0:
        raise ValueError(f"team count cannot be negative: {team_count}")
    if team_count < MIN_DIVISION_SIZE:
        raise RuleViolation(
            ngettext(
                "A season needs at least {size} approved teams; there is {n}.",
                "A season needs at least {size} approved teams; there are {n}.",
                team_count,
                size=MIN_DIVISION_SIZE,
            )
        )


def _check_teams_per_division(teams_per_division: int) -> None:
    if teams_per_division < MIN_DIVISION_SIZE:
        raise RuleViolation(
            _(
                "Each division needs at least {size} teams, so teams per division cannot be {per}.",
                size=MIN_DIVISION_SIZE,
                per=teams_per_division,
            )
        )
