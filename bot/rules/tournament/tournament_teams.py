"""Team events (seed 000, Team Events): squads of coaches, their round results, rankings and pairings.

In the bot a "team" is a Blood Bowl roster, so a team of coaches is a **squad**. When two squads are paired,
each coach plays one coach of the other squad. A squad wins the round by winning more games than the
other squad (2 team points), draws by winning as many (1), loses otherwise (0): the same comparison as a
game's 2/1/0, made on games won (`match_points`). Squads are ranked by team points, then games won, then
games drawn, then the rulespack's individual tiebreakers summed over the squad's coaches (`rank_squads`).

Squads are paired by the Swiss rule of a standard event (rules/tournament/swiss.py, generic over what it
pairs); inside a squad match, round 1 draws the coaches with the dice (`draw_coaches`) and later rounds pair
them by individual ranking, 1st v 1st, 2nd v 2nd, ... (`pair_ranked`). `team_round` puts both together; the
coach-pairing functions take any two squads, whichever stage paired them (a group, a knock-out).

Forming a squad (seed 000, Forming a Team): squads exist only in a team event and change only before it
starts; a squad has at most the rulespack's team size of coaches, its captain leaves last; no two of its
coaches take the same team and no star player is on two of its rosters (`squad_limit_refusals`, from what the
services read of each roster: `SquadRoster`).
"""

from __future__ import annotations

from collections.abc import Collection, Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from bot.catalog.models import TournamentScoring
from bot.errors import RuleViolation
from bot.i18n import N_, _
from bot.rules.dice import Dice, RecordingDice, shuffle
from bot.rules.ranking import Tally, order
from bot.rules.tournament.swiss import Draw, OddPlayer, first_round, next_round
from bot.rules.tournament.tournament_scoring import (
    RankingRow,
    Tiebreaker,
    TournamentGame,
    bye_side,
    count,
    tournament_points,
)

S = TypeVar("S", bound=Hashable)  # a squad
T = TypeVar("T", bound=Hashable)  # a coach (his roster)

SQUAD_TIEBREAKERS = ("won", "drawn")  # seed 000: games won, then games drawn, then the individual ones summed


def match_points(won: int, lost: int, rules: TournamentScoring) -> int:
    """A squad's team points for a round: 2 for winning more games than the other squad, 1 for as many, 0
    for fewer (the catalogue's win/draw/loss)."""
    return tournament_points(won, lost, rules)


@dataclass(frozen=True)
class SquadMatch(Generic[S, T]):
    """Two squads paired in a round and the games their coaches played (confirmed so far)."""

    first: S
    second: S
    games: tuple[TournamentGame[T], ...]


def games_won(match: SquadMatch[S, T], squad_of: Mapping[T, S], rules: TournamentScoring) -> tuple[int, int]:
    """How many games each squad of the match won (a conceded game is won by the other coach)."""
    wins = {match.first: 0, match.second: 0}
    for game in match.games:
        for side in game.sides(rules):
            squad = squad_of.get(side.coach)
            if squad in wins and side.td_for > side.td_against:
                wins[squad] += 1
    return wins[match.first], wins[match.second]


def match_result(
    match: SquadMatch[S, T], squad_of: Mapping[T, S], rules: TournamentScoring
) -> tuple[int, int]:
    """Both squads' team points for the match: 2/1/0 by games won."""
    first, second = games_won(match, squad_of, rules)
    return match_points(first, second, rules), match_points(second, first, rules)


@dataclass(frozen=True)
class SquadRow(RankingRow[S]):
    """One line of the squad rankings: a ranking line whose unit is a squad, `played` its rounds (a Bye
    counts), its points the team points, `won`/`drawn`/`lost` its coaches' games (a coach's Bye counts as a
    win) and the other totals its coaches' summed. `decided_by` names the tiebreaker that put this squad
    below the one directly above, when both are level on team points (None otherwise)."""

    @property
    def squad(self) -> S:
        return self.coach

    @property
    def matches(self) -> int:
        return self.played

    @property
    def team_points(self) -> int:
        return self.tournament_points


def rank_squads(
    rules: TournamentScoring,
    squads: Sequence[S],
    squad_of: Mapping[T, S],
    matches: Sequence[SquadMatch[S, T]],
    squad_byes: Sequence[S] = (),
    byes: Sequence[T] = (),
    tiebreakers: Sequence[Tiebreaker] = (),
    votes: Mapping[T, int] | None = None,
    custom_name: str | None = None,
) -> list[SquadRow[S]]:
    """The squad rankings (`squads` in registration order): team points, then games won, then games drawn,
    then `tiebreakers` (the rulespack's individual ones) summed over each squad's coaches, then registration
    order. `squad_byes` lists one entry per squad Bye (a round win), `byes` one per coach Bye (each of the
    squad's coaches: a 2-0 win); `votes` the Favourite Opponent votes each coach received; `custom_name` the
    rulespack's name of the organiser's own tiebreaker."""
    tallies = {squad: Tally() for squad in squads}
    rounds = dict.fromkeys(squads, 0)
    team_points = dict.fromkeys(squads, 0)

    def tally_of(coach: T) -> Tally | None:
        return tallies.get(squad_of[coach]) if coach in squad_of else None

    for match in matches:
        points = match_result(match, squad_of, rules)
        for squad, earned in zip((match.first, match.second), points, strict=True):
            if squad in tallies:
                team_points[squad] += earned
                rounds[squad] += 1
        for side in (side for game in match.games for side in game.sides(rules)):
            if (tally := tally_of(side.coach)) is not None:
                count(tally, side)
    for squad in squad_byes:
        if squad in tallies:
            team_points[squad] += rules.win
            rounds[squad] += 1
    for coach in byes:
        if (tally := tally_of(coach)) is not None:
            count(tally, bye_side(coach, rules))
    for coach, received in (votes or {}).items():
        if (tally := tally_of(coach)) is not None:
            tally.votes += received
    for squad, tally in tallies.items():  # a squad is ranked on team points, and its rounds, not its coaches'
        tally.points, tally.played = team_points[squad], rounds[squad]
    placed = order(squads, tallies, (*SQUAD_TIEBREAKERS, *tiebreakers))
    return [SquadRow.of(p, tallies[p.unit], custom_name) for p in placed]


# --- a knock-out squad match (a group and knock-out team event) -----

KNOCKOUT_MATCH_RULE = N_(  # worded where shown: _(KNOCKOUT_MATCH_RULE)
    "a knock-out squad match is won by the squad that wins more of its games (each knock-out game has a "
    "winner, after extra time and the shoot-out); level (an even squad size), by the better touchdown "
    "difference over the match's games, then by more casualties caused, then by the better group-stage "
    "seeding"
)


def knockout_match_winner(
    match: SquadMatch[S, T],
    squad_of: Mapping[T, S],
    winners: Sequence[T],
    rules: TournamentScoring,
    seeds: Sequence[S],
) -> S:
    """The winner of a confirmed knock-out squad match (`KNOCKOUT_MATCH_RULE`). Seed 000, Team Events: "a
    team will win if it wins more games than the other team"; `winners` are the winners of its games (a
    knock-out game level after extra time is won by the shoot-out). Only an even squad size can leave the
    squads level on games won: then the better touchdown difference over the match's games, then more
    casualties caused, then the squad seeded higher into the knock-out (`seeds`, best first) wins."""
    if not match.games or len(winners) != len(match.games):
        raise ValueError("a knock-out squad match is decided once every game of it has its winner")
    won = {match.first: 0, match.second: 0}
    for coach in winners:
        squad = squad_of.get(coach)
        if squad not in won:
            raise ValueError("each game's winner plays for one of the two squads")
        won[squad] += 1
    td = {match.first: 0, match.second: 0}
    cas = {match.first: 0, match.second: 0}
    for game in match.games:
        for side in game.sides(rules):
            squad = squad_of.get(side.coach)
            if squad in td:
                td[squad] += side.td_for - side.td_against
                cas[squad] += side.cas_for
    seed = {s: i for i, s in enumerate(seeds)}

    def key(squad: S) -> tuple[int, int, int, int]:
        return (won[squad], td[squad], cas[squad], -seed.get(squad, len(seed)))

    return max((match.first, match.second), key=key)


# --- pairing the coaches of two squads -----


def _same_size(first: Sequence[T], second: Sequence[T]) -> None:
    if len(first) != len(second):
        raise ValueError("two squads paired against each other need as many coaches each")
    if not first:
        raise ValueError("a squad needs coaches")
    if len(set(first) | set(second)) != len(first) + len(second):
        raise ValueError("each coach plays once a round")


def pair_ranked(first: Sequence[T], second: Sequence[T]) -> list[tuple[T, T]]:
    """Later rounds: each squad's coaches in their individual ranking order, best first; the highest-ranked
    coach of each squad play each other, then the second highest, and so on."""
    _same_size(first, second)
    return list(zip(first, second, strict=True))


def draw_coaches(
    first: Sequence[T], second: Sequence[T], dice: Dice
) -> tuple[list[tuple[T, T]], tuple[Draw, ...]]:
    """Round 1: each coach of `first` (in order) is paired with a coach of `second` drawn at random with the
    dice (d{n}, d{n-1}, ... d2); the dice are returned so they can be logged."""
    _same_size(first, second)
    recorder = RecordingDice(dice)
    drawn = shuffle(second, recorder)
    return list(zip(first, drawn, strict=True)), tuple(Draw(sides, face) for sides, face in recorder.rolls)


def squad_games(
    number: int, first: Sequence[T], second: Sequence[T], dice: Dice
) -> tuple[list[tuple[T, T]], tuple[Draw, ...]]:
    """The coaches' games of a squad match in round `number` (whatever stage paired the squads): drawn with
    the dice in round 1 (`draw_coaches`, the dice returned), 1st v 1st by individual ranking after."""
    if number == 1:
        return draw_coaches(first, second, dice)
    return pair_ranked(first, second), ()


@dataclass(frozen=True)
class SquadPairing(Generic[S, T]):
    """One squad match of a round: the two squads and their coaches' games, in table order."""

    first: S
    second: S
    games: tuple[tuple[T, T], ...]


@dataclass(frozen=True)
class TeamRound(Generic[S, T]):
    """A team event's round: the squad matches in order, the squad with a Bye (each of its coaches a Bye),
    every die of the draws, and the squads meeting again because nothing else was possible."""

    matches: tuple[SquadPairing[S, T], ...]
    bye: S | None
    draws: tuple[Draw, ...]
    rematches: tuple[frozenset[S], ...]
    bye_coaches: tuple[T, ...] = ()  # the coaches of the squad with the Bye, each a Bye


def team_round(
    number: int,
    squads: Sequence[S],
    members: Mapping[S, Sequence[T]],
    dice: Dice,
    *,
    met: Collection[frozenset[S]] = (),
    had_bye: Collection[S] = (),
    keep_top_pair: bool = False,
) -> TeamRound[S, T]:
    """Round `number` of a team event. Round 1: `squads` in registration order are drawn as a standard event
    draws coaches, and each match's coaches drawn too. Later rounds: `squads` is the squad ranking, paired by
    the Swiss rule (no rematch while one can be avoided; with an odd number the lowest-ranked squad without
    a Bye has it), and `members` lists each squad's coaches in individual ranking order (1st v 1st ...)."""
    if number == 1:
        swiss = first_round(squads, dice, OddPlayer.BYE)
    else:
        swiss = next_round(
            squads, met, odd_player=OddPlayer.BYE, had_odd=had_bye, keep_top_pair=keep_top_pair
        )
    draws = list(swiss.draws)
    matches: list[SquadPairing[S, T]] = []
    for table in swiss.tables:
        assert table.second is not None  # a Bye, never the Spare Player
        games, dice_used = squad_games(number, members[table.first], members[table.second], dice)
        draws += dice_used
        matches.append(SquadPairing(table.first, table.second, tuple(games)))
    bye_coaches = tuple(members[swiss.bye]) if swiss.bye is not None else ()
    return TeamRound(tuple(matches), swiss.bye, tuple(draws), swiss.rematches, bye_coaches)


# --- forming a squad -----


def duplicate_rosters(rosters: Mapping[T, str]) -> dict[str, list[T]]:
    """The catalogue teams taken by more than one coach of a squad (seed 000: no coach may take the same
    team as another coach on their team); `rosters` maps each coach to his catalogue team."""
    by_roster: dict[str, list[T]] = {}
    for coach, roster in rosters.items():
        by_roster.setdefault(roster, []).append(coach)
    return {roster: coaches for roster, coaches in by_roster.items() if len(coaches) > 1}


def duplicate_stars(stars: Mapping[T, Collection[str]]) -> dict[str, list[T]]:
    """The star players on more than one roster of a squad (seed 000: each Star Player only once across the
    entire team); `stars` maps each coach to the stars on his roster."""
    by_star: dict[str, list[T]] = {}
    for coach, names in stars.items():
        for name in set(names):
            by_star.setdefault(name, []).append(coach)
    return {star: coaches for star, coaches in by_star.items() if len(coaches) > 1}


def check_team_event(event: str, team_size: int | None) -> int:
    """Squads exist only in a team event (the rulespack's team size set): its team size."""
    if team_size is None:
        raise RuleViolation(
            _(
                "{event} is not a team event: squads (a team of coaches (seed 000, Team Events)) "
                "need team_size in the rulespack.",
                event=event,
            )
        )
    return team_size


def check_squads_open(event: str, status: str) -> None:
    """Squads are formed and changed before the event starts."""
    if status != "registration":
        raise RuleViolation(_("{event} has started: its squads are fixed.", event=event))


def check_squad_room(squad: str, coaches: int, team_size: int) -> None:
    """Seed 000: the rulespack "will specify the number of coaches that must be on each team"; a squad
    takes no more."""
    if coaches >= team_size:
        raise RuleViolation(
            _("{squad} has {size} coaches already, the rulespack's team size.", squad=squad, size=team_size)
        )


def check_captain_leaves(squad: str, captain: int, coaches: int) -> None:
    """The captain leaves last (seed 000: "One coach in the team must also be nominated as Team Captain"):
    removing him while other coaches remain is refused; alone, he disbands the squad."""
    if coaches > 1:
        raise RuleViolation(
            _(
                "<@{captain}> is {squad}'s captain: remove the other coaches first.",
                captain=captain,
                squad=squad,
            )
        )


@dataclass(frozen=True)
class SquadRoster:
    """A coach's roster as the squad limits read it: its name, its catalogue team (id and title) and its
    star players (position -> name)."""

    name: str
    team: str
    title: str
    stars: Mapping[str, str]


def squad_limit_refusals(rosters: Mapping[T, SquadRoster]) -> list[str]:
    """What a squad's rosters (coach -> roster) break of seed 000's limits: one refusal per catalogue team
    taken twice, then one per star player on two rosters."""
    refusals = [
        _(
            "Only one coach of a squad may take {team}: {rosters} both do.",
            team=rosters[coaches[0]].title,
            rosters=", ".join(rosters[c].name for c in coaches),
        )
        for coaches in duplicate_rosters({c: r.team for c, r in rosters.items()}).values()
    ]
    for star, coaches in duplicate_stars({c: r.stars.keys() for c, r in rosters.items()}).items():
        refusals.append(
            _(
                "A star player only once in a squad: {star} is on {rosters}.",
                star=rosters[coaches[0]].stars[star],
                rosters=", ".join(rosters[c].name for c in coaches),
            )
        )
    return refusals


def roster_refusals(event: str, team: str, squad: Mapping[T, SquadRoster] | None) -> list[str]:
    """What one roster (`team`) breaks of seed 000's team-event limits: its coach must be in a squad (`squad`
    None: he is in none), and the limits of his squad's rosters (his included) that name it."""
    if squad is None:
        return [
            _(
                "{event} is a team event: join a squad (a team of coaches (seed 000, Team Events)) first; "
                "its captain adds you with /squad add.",
                event=event,
            )
        ]
    return [refusal for refusal in squad_limit_refusals(squad) if team in refusal]


def check_limits(refusals: Sequence[str]) -> None:
    """Refuse what breaks the team-event limits, every refusal in one message."""
    if refusals:
        raise RuleViolation(" ".join(refusals))
