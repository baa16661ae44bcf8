"""Play-offs (seed 001: Qualifying for the Play-offs, Play-offs) as pure functions.

Qualification: the places are taken equally from every division, by league points and the league's
tiebreakers; places left over go to the best next-placed teams across divisions (3 divisions, 8 places:
the top two of each and the two best third-placed teams). Across divisions, teams of the same place are
compared by league points, then the league's tiebreakers (head-to-head cannot separate teams that never
met), then registration order. The same order seeds the qualifiers: seed 1 is the best division winner.

Bracket: knock-out, never two teams of one division in the first round when that can be avoided (it can
unless one division holds more than half the qualifiers). Either the commissioner keeps division winners
apart (the best seeds meet the lowest-ranked qualifiers they may, and seeds 1 and 2 can only meet in the
final), or the bot draws the match-ups at random with its dice. Winners of neighbouring slots meet in the
next stage; the semi-final losers play for third place.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal, Protocol

from bot.errors import RuleViolation
from bot.i18n import N_, _, ngettext
from bot.rules.dice import Dice
from bot.rules.league.league_settings import LeagueSettings
from bot.rules.league.standings import StandingRow
from bot.rules.statuses import fixture_status

Seeding = Literal["separate_winners", "random"]


@dataclass(frozen=True)
class Qualifier:
    seed: int
    team_id: int
    division: int  # the division's number
    place: int  # its place in the division (1 = division winner)


def _tiebreak_value(row: StandingRow, name: str) -> int:
    """A standings row's value for one tiebreaker; higher is better. Head-to-head is 0 across divisions."""
    return {
        "bonus": row.bonus_points,
        "td_diff": row.td_diff,
        "td_for": row.td_for,
        "td_against": -row.td_against,
        "cas_for": row.cas_for,
        "cas_diff": row.cas_for - row.cas_against,
        "head_to_head": 0,
    }[name]


def overall_order(
    tables: Mapping[int, Sequence[StandingRow]], settings: LeagueSettings
) -> list[tuple[int, StandingRow]]:
    """Every team as (division number, row): by place in its division, then points and tiebreakers."""
    everyone = [(division, row) for division, rows in tables.items() for row in rows]

    def key(item: tuple[int, StandingRow]) -> tuple[int, ...]:
        row = item[1]
        breakers = tuple(-_tiebreak_value(row, name) for name in settings.tiebreak_order)
        return (row.position, -row.points, *breakers, row.team_id)

    return sorted(everyone, key=key)


def qualify(
    tables: Mapping[int, Sequence[StandingRow]], places: int, settings: LeagueSettings
) -> list[Qualifier]:
    """The qualifiers in seed order. `tables` maps each division's number to its final standings."""
    if places < 2:
        raise ValueError("a knock-out needs at least 2 qualifiers")
    ranked = overall_order(tables, settings)
    if len(ranked) < places:
        raise ValueError(f"{places} play-off places but only {len(ranked)} teams")
    return [
        Qualifier(seed=index, team_id=row.team_id, division=division, place=row.position)
        for index, (division, row) in enumerate(ranked[:places], start=1)
    ]


def playoff_size(places: int, teams: int) -> int:
    """The league's play-off places, or the largest power of two the teams can fill (0: no play-offs)."""
    if places == 0 or teams < 2:
        return 0
    size = places
    while size > teams:
        size //= 2
    return size


class RegularFixture(Protocol):
    @property
    def id(self) -> int: ...
    @property
    def label(self) -> str: ...
    @property
    def status(self) -> str: ...


def check_playoffs_open(league: str, unsettled: Sequence[RegularFixture], size: int) -> None:
    """The play-offs open once every regular-season fixture is confirmed (seed 001: "Once all League
    Fixtures have been played, and qualification has been sorted out, it is time for the Play-offs to
    begin"), and only in a league that has play-off places (`size`, playoff_size's answer: without them the
    prizes follow the standings)."""
    if unsettled:
        first = unsettled[0]
        raise RuleViolation(
            ngettext(
                "{n} regular-season fixture(s) are not settled yet (first: #{id} {fixture}, {status}); "
                "the play-offs open when every one is confirmed.",
                "{n} regular-season fixture(s) are not settled yet (first: #{id} {fixture}, {status}); "
                "the play-offs open when every one is confirmed.",
                len(unsettled),
                id=first.id,
                fixture=first.label,
                status=fixture_status(first.status),
            )
        )
    if size < 2:
        raise RuleViolation(
            _(
                "{league} has no play-offs (play-off places: 0): its prizes follow the standings when the "
                "season's post-games are finished.",
                league=league,
            )
        )


_STAGES = {2: N_("Final"), 4: N_("Semi-finals"), 8: N_("Quarter-finals")}


def stage_name(teams_left: int) -> str:
    """A knock-out stage's name in the current language."""
    if teams_left in _STAGES:
        return _(_STAGES[teams_left])
    return _("Round of {teams}", teams=teams_left)


def stage_count(size: int) -> int:
    """How many knock-out stages `size` qualifiers play (the third-place game is part of the last)."""
    return size.bit_length() - 1


def bracket_positions(size: int) -> list[int]:
    """Seeds in bracket order, so that seeds 1 and 2 can only meet in the final: 8 -> 1 8 4 5 2 7 3 6."""
    order = [1]
    while len(order) < size:
        total = len(order) * 2 + 1
        order = [seed for top in order for seed in (top, total - top)]
    return order


def _matchable(divisions: Counter[int]) -> bool:
    """Teams can be paired with nobody meeting their own division iff no division holds over half."""
    total = sum(divisions.values())
    return all(count * 2 <= total for count in divisions.values())


def _pair_up(order: Sequence[Qualifier], by_lowest: bool) -> list[tuple[Qualifier, Qualifier]]:
    """Pair each team, in `order`, with a partner from another division (the lowest-ranked one left when
    `by_lowest`, else the next one in `order`) that keeps the rest pairable the same way. When one
    division holds over half the teams, every other team meets one of its teams, and only the rest of
    that division meet each other: the fewest same-division pairs possible."""
    left = list(order)
    pairs = []
    while left:
        team = left.pop(0)
        others = sorted(left, key=lambda q: -q.seed) if by_lowest else list(left)
        remaining = Counter(q.division for q in left)
        everyone = remaining + Counter([team.division])
        partner = None
        if _matchable(everyone):
            for candidate in others:
                after = remaining.copy()
                after[candidate.division] -= 1
                if candidate.division != team.division and _matchable(after):
                    partner = candidate
                    break
        else:
            largest = max(everyone, key=lambda d: everyone[d])
            # a team of another division meets one of the largest; the largest meets others while any are left
            wanted = others if team.division == largest else [c for c in others if c.division == largest]
            crossing = [c for c in wanted if c.division != team.division]
            partner = (crossing or wanted)[0]
        assert partner is not None  # a matchable set always offers a partner that keeps it matchable
        left.remove(partner)
        pairs.append((team, partner) if team.seed < partner.seed else (partner, team))
    return pairs


def first_round(
    qualifiers: Sequence[Qualifier], seeding: Seeding, dice: Dice | None = None
) -> list[tuple[Qualifier, Qualifier]]:
    """The first-stage match-ups in bracket order (slot 1, 2, ...); the better seed is the home team."""
    size = len(qualifiers)
    if size < 2 or size & (size - 1):
        raise ValueError("a knock-out bracket needs 2, 4, 8, 16 or 32 qualifiers")
    if seeding == "random":
        if dice is None:
            raise ValueError("a random draw needs dice")
        drawn = list(qualifiers)
        for last in range(len(drawn) - 1, 0, -1):  # names out of a helmet, one real die per draw
            pick = dice.roll(last + 1) - 1
            drawn[last], drawn[pick] = drawn[pick], drawn[last]
        return _pair_up(drawn, by_lowest=False)
    pairs = _pair_up(sorted(qualifiers, key=lambda q: q.seed), by_lowest=True)
    slot_of_seed = {seed: index // 2 for index, seed in enumerate(bracket_positions(size))}
    ordered: list[tuple[Qualifier, Qualifier] | None] = [None] * len(pairs)
    for rank, pair in enumerate(sorted(pairs, key=lambda p: p[0].seed), start=1):
        ordered[slot_of_seed[rank]] = pair
    return [pair for pair in ordered if pair is not None]


def same_division_pairs(pairs: Sequence[tuple[Qualifier, Qualifier]]) -> int:
    return sum(1 for a, b in pairs if a.division == b.division)


def avoidable(qualifiers: Sequence[Qualifier]) -> bool:
    """Whether a first round without a same-division pairing exists."""
    return _matchable(Counter(q.division for q in qualifiers))


def next_stage(winners: Sequence[Qualifier]) -> list[tuple[Qualifier, Qualifier]]:
    """Winners of slots 1 and 2 meet in slot 1 of the next stage, 3 and 4 in slot 2, ...; better seed home."""
    if len(winners) % 2:
        raise ValueError("each stage has an even number of winners")
    pairs = []
    for index in range(0, len(winners), 2):
        a, b = winners[index], winners[index + 1]
        pairs.append((a, b) if a.seed < b.seed else (b, a))
    return pairs


@dataclass(frozen=True)
class Shootout:
    """A penalty shoot-out: each roll-off as (home, away) faces, ties re-rolled until one side wins it."""

    roll_offs: tuple[tuple[tuple[int, int], ...], ...]

    @property
    def home_wins(self) -> int:
        return sum(1 for rolls in self.roll_offs if rolls[-1][0] > rolls[-1][1])

    @property
    def away_wins(self) -> int:
        return len(self.roll_offs) - self.home_wins

    @property
    def winner(self) -> Literal["home", "away"]:
        return "home" if self.home_wins > self.away_wins else "away"

    def lines(self) -> list[str]:
        """Each roll-off and its winner, in the current language."""
        shown = []
        for number, rolls in enumerate(self.roll_offs, start=1):
            pairs = [f"{h}-{a}" for h, a in rolls]
            faces = pairs[0]
            for later in pairs[1:]:
                faces = _("{earlier}, then {later}", earlier=faces, later=later)
            if rolls[-1][0] > rolls[-1][1]:
                shown.append(_("Roll-off {number}: {faces} (home)", number=number, faces=faces))
            else:
                shown.append(_("Roll-off {number}: {faces} (away)", number=number, faces=faces))
        return shown


def penalty_shootout(dice: Dice, roll_offs: int, die: int) -> Shootout:
    """Extra time left the game level: both coaches roll off `roll_offs` times (ties re-rolled, no other
    re-rolls); whoever wins more roll-offs wins the game."""
    if roll_offs % 2 == 0:
        raise ValueError("an odd number of roll-offs always has a winner")
    played = []
    for _roll_off in range(roll_offs):
        rolls = []
        while True:
            home, away = dice.roll(die), dice.roll(die)
            rolls.append((home, away))
            if home != away:
                break
        played.append(tuple(rolls))
    return Shootout(tuple(played))
