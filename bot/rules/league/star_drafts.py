"""Star players beyond one-game inducements (seed 004): long-term contracts with a signing draft each
season, All-Star game rosters, and the turn orders of multi-player Dungeon Bowl. Pure functions and small
state machines; dice are injected.

Long-term contracts: in the first season the signing order is drawn from a hat; later, teams new to the
league sign first (in a drawn order), then the existing teams from the bottom of last season's table (as
if the league were one division) to the top. A coach signs a star who plays for the team, for free; a
pair signs together; if no such star is left, any unsigned star. A contracted star's Serious Injury,
Lasting Injury or Dead counts as Seriously Hurt. A star re-signed by the team that had him last season is
a Familiar Face: no Loner for that season.

All-Star rosters (at most 16 each): the random method draws from the hat alternately, a pair counting as
one draw after which the other coach draws twice (unless his first draw is a pair too); the drafting
method rolls off for the first pick, alternates the first pick each round, and a pair costs its coach his
next pick unless the other coach also took a pair. A pair never fills a single free place.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from typing import Literal, TypeVar

from bot.catalog import Catalog
from bot.errors import Conflict, RuleViolation
from bot.i18n import _
from bot.rules.dice import Dice, shuffle
from bot.rules.league.league_settings import LeagueSettings
from bot.rules.league.standings import GameResult, compute_standings
from bot.rules.match.match_report import InjuryResult
from bot.rules.roster.eligibility import plays_for
from bot.rules.roster.stars import StarUnit

H = TypeVar("H", bound=Hashable)
ALL_STAR_ROSTER = 16
CONTRACT_INJURIES: dict[InjuryResult, InjuryResult] = {
    "serious_injury": "seriously_hurt",
    "lasting_injury": "seriously_hurt",
    "dead": "seriously_hurt",
}


def ranked_as_one_division(
    team_ids: Sequence[int], results: Sequence[GameResult], settings: LeagueSettings
) -> list[int]:
    """Last season's teams, best first, "as if they had all been part of the same division": one table of
    every team and every regular-season result, by league points and then the league's tiebreakers (the
    standings rules themselves, so nothing is ranked twice)."""
    return [row.team_id for row in compute_standings(team_ids, results, settings)]


def later_signing_order(new_teams: Sequence[H], ranked_best_first: Sequence[H], dice: Dice) -> list[H]:
    """A later season: new teams first, in a drawn order; then existing teams, last place first."""
    return shuffle(new_teams, dice) + list(reversed(ranked_best_first))


def move_to_end(order: Sequence[H], who: H) -> list[H]:
    """A coach who ran out of time goes to the end of the signing order."""
    rest = [o for o in order if o != who]
    return [*rest, who]


def signing_options(
    catalog: Catalog,
    units: Sequence[StarUnit],
    signed: set[str],
    roster: str,
    league: str,
    alignment: str | None,
    free_places: int,
) -> tuple[list[StarUnit], bool]:
    """What a team may sign now: unsigned stars (pairs whole) who play for it and fit its roster. If none
    play for it, any unsigned star that fits; the flag says the fallback applies."""
    team = catalog.teams[roster]
    unsigned = [u for u in units if not set(u.members) & signed and u.size <= free_places]

    def eligible(unit: StarUnit) -> bool:
        return all(plays_for(catalog.stars[m], team, league, alignment) for m in unit.members)

    playing = [u for u in unsigned if eligible(u)]
    return (playing, False) if playing else (unsigned, True)


def check_signable(
    unit: StarUnit, team: str, offered: Sequence[StarUnit], signed: set[str], free_places: int
) -> None:
    """A star the coach named is signed only if the team's options (signing_options) offer him; else the
    reason: already signed this season, no room for him (a pair needs two places), or he does not play for
    the team."""
    if unit in offered:
        return
    if set(unit.members) & signed:
        raise Conflict(_("{star} already signed for another team this season.", star=unit.name))
    if unit.size > free_places:
        raise RuleViolation(
            _("{team} has no room for {star} (16 players at most).", team=team, star=unit.name)
        )
    raise RuleViolation(
        _(
            "{star} does not play for {team}; sign one who does (the list shows them).",
            star=unit.name,
            team=team,
        )
    )


def contract_injury(injury: InjuryResult) -> InjuryResult:
    """A contracted star's Serious Injury, Lasting Injury or Dead counts as Seriously Hurt."""
    return CONTRACT_INJURIES.get(injury, injury)


def familiar_face(star: str, signed_last_season: Sequence[str]) -> bool:
    """Re-signed by the team that had him last season: he loses Loner for this season."""
    return star in signed_last_season


# --- All-Star games ------------------------------------------------------------------------------------

Coach = Literal[0, 1]


def other(coach: Coach) -> Coach:
    return 1 if coach == 0 else 0


def check_challenge(challenger: H, opponent: H) -> None:
    """An All-Star game is played by two coaches: one cannot challenge himself."""
    if opponent == challenger:
        raise RuleViolation(_("An All-Star game needs two coaches: challenge someone else."))


@dataclass
class AllStarRosters:
    """Two All-Star rosters being filled; the limit counts stars (a pair counts two)."""

    picks: tuple[list[StarUnit], list[StarUnit]] = field(default_factory=lambda: ([], []))
    limit: int = ALL_STAR_ROSTER

    def size(self, coach: Coach) -> int:
        return sum(u.size for u in self.picks[coach])

    def free(self, coach: Coach) -> int:
        return self.limit - self.size(coach)

    def full(self, coach: Coach) -> bool:
        return self.free(coach) <= 0


@dataclass(frozen=True)
class Draw:
    coach: Coach
    unit: StarUnit
    note: str = ""


PairAtLimit = Callable[[Coach, StarUnit, list[StarUnit]], StarUnit | None]


def random_method(
    units: Sequence[StarUnit],
    dice: Dice,
    first: Coach = 0,
    limit: int = ALL_STAR_ROSTER,
    pair_at_limit: PairAtLimit | None = None,
) -> tuple[AllStarRosters, list[Draw]]:
    """Both coaches draw from the hat in turn until it is empty or both rosters are full. When a coach has
    drawn a pair the other draws twice, unless his first draw is a pair too. A coach who draws a pair with
    one place left either puts it back and draws again, or gives back one of his picks for it:
    `pair_at_limit(coach, pair, his picks)` names the pick to give back, or None to draw again (default)."""
    hat = list(units)
    rosters = AllStarRosters(limit=limit)
    draws: list[Draw] = []

    passed: set[int] = set()  # chose to draw again with only pairs left: nothing more fits him

    def done(coach: Coach) -> bool:
        if coach in passed or rosters.free(coach) <= 0:
            return True
        if any(u.size <= rosters.free(coach) for u in hat):
            return False
        swappable = any(not u.is_pair for u in rosters.picks[coach]) and any(u.is_pair for u in hat)
        return not (pair_at_limit and swappable)

    coach: Coach = first
    owed = False  # the coach on turn is making the first of two draws
    while hat and not (done(0) and done(1)):
        if done(coach):
            coach, owed = other(coach), False
            continue
        pick = hat[dice.roll(len(hat)) - 1] if len(hat) > 1 else hat[0]
        note = ""
        if pick.size > rosters.free(coach):
            given_back = pair_at_limit(coach, pick, list(rosters.picks[coach])) if pair_at_limit else None
            if given_back is None:
                if not any(u.size <= rosters.free(coach) for u in hat):
                    passed.add(coach)  # no single left to draw instead
                continue  # the pair goes back into the hat; draw again
            rosters.picks[coach].remove(given_back)
            hat.append(given_back)
            note = _("gives back {star} to take the pair", star=given_back.name)
        hat.remove(pick)
        rosters.picks[coach].append(pick)
        draws.append(Draw(coach, pick, note))
        if owed:
            owed = False
            if pick.is_pair:  # a pair for a pair: even again
                coach = other(coach)
            continue  # a single: he draws again, an ordinary draw
        if pick.is_pair:
            coach, owed = other(coach), True
        else:
            coach = other(coach)
    return rosters, draws


def roll_off(dice: Dice, sides: int = 6) -> tuple[Coach, list[tuple[int, int]]]:
    """Both coaches roll a die, ties re-rolled; the higher roll wins."""
    rolls = []
    while True:
        a, b = dice.roll(sides), dice.roll(sides)
        rolls.append((a, b))
        if a != b:
            return (0 if a > b else 1), rolls


@dataclass
class DraftingMethod:
    """The drafting method: two picks a round, the coach who picked second in a round picks first in the
    next; a coach who takes a pair forgoes his next pick unless the other takes a pair before it comes."""

    first: Coach
    rosters: AllStarRosters = field(default_factory=AllStarRosters)
    slot: int = 0  # picks made or forgone so far: two a round
    skip: set[int] = field(default_factory=set)
    history: list[Draw] = field(default_factory=list)

    def _slot_coach(self) -> Coach:
        round_index, second = divmod(self.slot, 2)
        round_first: Coach = self.first if round_index % 2 == 0 else other(self.first)
        return other(round_first) if second else round_first

    def _can_pick(self, coach: Coach, available: Sequence[StarUnit]) -> bool:
        return any(u.size <= self.rosters.free(coach) for u in available)

    def on_turn(self, available: Sequence[StarUnit]) -> Coach | None:
        """Who picks now (passing over forgone picks and full rosters), or None when the draft is over."""
        while self._can_pick(0, available) or self._can_pick(1, available):
            coach = self._slot_coach()
            if coach in self.skip:
                self.skip.discard(coach)
                self.history.append(
                    Draw(coach, StarUnit("-", (), 0), _("forgoes this pick (he took a pair)"))
                )
            elif self._can_pick(coach, available):
                return coach
            self.slot += 1
        return None

    def pick(self, coach: Coach, unit: StarUnit) -> None:
        """The coach on turn takes a unit; never a pair into the last place of his roster (seed 004: an
        All-Star roster "may only ever have a maximum of 16 players")."""
        if unit.size > self.rosters.free(coach):
            raise RuleViolation(
                _("{stars} come as a pair and you have one place left: pick a single star.", stars=unit.name)
            )
        self.rosters.picks[coach].append(unit)
        self.history.append(Draw(coach, unit))
        self.slot += 1
        if unit.is_pair:
            if other(coach) in self.skip:
                self.skip.discard(other(coach))  # a pair answered with a pair: nobody forgoes a pick
            else:
                self.skip.add(coach)


# --- multi-player Dungeon Bowl ---------------------------------------------------------------------------


def ordered_roll(coaches: Sequence[H], dice: Dice) -> tuple[list[H], list[tuple[H, list[int]]]]:
    """Each coach rolls a D6, highest first; coaches who tie roll again among themselves to settle it."""
    rolls: dict[H, list[int]] = {c: [] for c in coaches}

    def settle(group: list[H]) -> list[H]:
        if len(group) == 1:
            return group
        faces = {c: dice.roll(6) for c in group}
        for c, f in faces.items():
            rolls[c].append(f)
        ordered: list[H] = []
        for face in sorted(set(faces.values()), reverse=True):
            ordered += settle([c for c in group if faces[c] == face])
        return ordered

    order = settle(list(coaches))
    return order, [(c, rolls[c]) for c in coaches]


def chests_and_portals(order: Sequence[H], chests: int = 6, portals: int = 6) -> list[tuple[str, H]]:
    """Who places each Chest, then each Portal: the placing order round and round (seed 004's four-coach
    example: Chests 1-4, then 1 and 2 again; Portals 3, 4, then 1, 2, 3, 4)."""
    items = [_("Chest {number}", number=n) for n in range(1, chests + 1)]
    items += [_("Portal {number}", number=n) for n in range(1, portals + 1)]
    return [(item, order[index % len(order)]) for index, item in enumerate(items)]
