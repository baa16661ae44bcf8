"""Tournament awards (seed 000, Awards).

The recommended awards: 1st, 2nd and 3rd place, the Wooden Spoon (bottom of the rankings), Most Sporting
Coach (most Favourite Opponent votes) and Best Painted Team (the coaches' votes or the organiser's choice);
and the seed's 'less serious' ones: Griff Oberwald's Golden Gloves (most touchdowns), Mighty Zug's Wall
o' Steel (fewest conceded), Max Spleenripper's Carnage Cup (most casualties inflicted), Matron McGeary's
Most Patched-Up (most casualties suffered; both count the casualties of crowd pushes too), Dirty Dan's
Filthiest Cit (most players sent off for a Foul), the Stunty Cup (best-placed coach with a Tier 3 team;
the catalogue's tier 4 and any lower tier count too; none in a stunty event), and the most touchdowns and
most casualties by a single player.

The Spare Player wins nothing. The placings and the Stunty Cup follow the rankings (which settle every
tie); every other award is shared by all who tie for it, and is "not awarded" when nobody earned it.
Totals are the rankings' (a conceded game as seed 000 scores it, a Bye as a 2-0 win).

Who may be voted for or chosen, when votes are cast, when the organiser chooses Best Painted and when the
event may end are checked here too (`check_voting_open`, `check_candidate`, `check_favourite_opponent`,
`check_painted_vote`, `check_painted_choice`, `check_finishable`): the services load and ask.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Generic, Literal, TypeVar

from bot.catalog.models import TournamentScoring
from bot.errors import Conflict, RuleViolation
from bot.rules.match.tallies import PlayerTally
from bot.rules.tournament.tournament_scoring import RankingRow, TournamentGame, bye_side

T = TypeVar("T", bound=Hashable)


AwardKey = Literal[
    "first",
    "second",
    "third",
    "spoon",
    "sporting",
    "painted",
    "touchdowns",
    "wall",
    "carnage",
    "patched",
    "filthiest",
    "stunty",
    "player_touchdowns",
    "player_casualties",
]


BestPainted = Literal["votes", "organiser"]  # who decides Best Painted Team: the coaches, or the organiser


@dataclass(frozen=True)
class AwardSpec:
    key: AwardKey
    name: str
    unit: str = ""  # what the winning number counts, one of it ("" for placings)
    units: str = ""  # and several

    def count(self, value: int) -> str:
        """'1 vote', '3 touchdowns conceded'."""
        return f"{value} {self.unit if value == 1 else self.units}"


# Seed 000's awards, in the order they are announced.
AWARDS: tuple[AwardSpec, ...] = (
    AwardSpec("first", "First Place"),
    AwardSpec("second", "Second Place"),
    AwardSpec("third", "Third Place"),
    AwardSpec("sporting", "Most Sporting Coach", "vote", "votes"),
    AwardSpec("painted", "Best Painted Team", "vote", "votes"),
    AwardSpec("spoon", "Wooden Spoon"),
    AwardSpec(
        "touchdowns",
        "Griff Oberwald's Golden Gloves",
        "touchdown",
        "touchdowns",
    ),
    AwardSpec(
        "wall",
        "Mighty Zug's Wall o' Steel",
        "touchdown conceded",
        "touchdowns conceded",
    ),
    AwardSpec("carnage", "Max Spleenripper's Carnage Cup", "casualty", "casualties"),
    AwardSpec(
        "patched",
        "Matron McGeary's Most Patched-Up",
        "casualty",
        "casualties",
    ),
    AwardSpec(
        "filthiest",
        "Dirty Dan's Filthiest Cit",
        "player sent off",
        "players sent off",
    ),
    AwardSpec(
        "stunty",
        "The Stunty Cup",
    ),
    AwardSpec(
        "player_touchdowns",
        "Most Touchdowns by a Single Player",
        "touchdown",
        "touchdowns",
    ),
    AwardSpec(
        "player_casualties",
        "Most Casualties by a Single Player",
        "casualty",
        "casualties",
    ),
)
SPECS: dict[str, AwardSpec] = {spec.key: spec for spec in AWARDS}


@dataclass(frozen=True)
class Totals:
    """What one coach's games add up to, as the rankings count them, and the casualties of crowd pushes
    (`crowd_for`: caused, `crowd_against`: suffered), which the rankings do not count."""

    played: int = 0
    td_for: int = 0
    td_against: int = 0
    cas_for: int = 0
    cas_against: int = 0
    sent_off: int = 0
    crowd_for: int = 0
    crowd_against: int = 0

    @property
    def inflicted(self) -> int:
        """Seed 000's Carnage Cup: "casualties as a result of Blitzing Blocking, or pushing opposition
        players into the crowd"."""
        return self.cas_for + self.crowd_for

    @property
    def suffered(self) -> int:
        """Seed 000's Most Patched-Up: "casualties inflicted upon them as a result of Blitzing, Blocking, or
        having their players pushed into the crowd"."""
        return self.cas_against + self.crowd_against


def team_totals(
    rules: TournamentScoring, games: Sequence[TournamentGame[T]], byes: Sequence[T] = ()
) -> dict[T, Totals]:
    """Every coach's totals over the confirmed games and Byes; casualties suffered are those the opponent
    inflicted, crowd pushes apart (a Bye: none either way)."""
    found: dict[T, Totals] = {}

    def add(coach: T, td: tuple[int, int], cas: tuple[int, int], crowd: tuple[int, int], off: int) -> None:
        t = found.get(coach, Totals())
        found[coach] = Totals(
            t.played + 1,
            t.td_for + td[0],
            t.td_against + td[1],
            t.cas_for + cas[0],
            t.cas_against + cas[1],
            t.sent_off + off,
            t.crowd_for + crowd[0],
            t.crowd_against + crowd[1],
        )

    for game in games:
        a, b = game.sides(rules)  # the first coach's side, then the second's
        crowd = (game.first_crowd, game.second_crowd)
        add(a.coach, (a.td_for, a.td_against), (a.cas_for, b.cas_for), crowd, a.sent_off)
        add(b.coach, (b.td_for, b.td_against), (b.cas_for, a.cas_for), crowd[::-1], b.sent_off)
    for coach in byes:
        side = bye_side(coach, rules)
        add(coach, (side.td_for, side.td_against), (0, 0), (0, 0), 0)
    return found


@dataclass(frozen=True)
class Winner(Generic[T]):
    team: T
    player_id: int | None = None
    player_name: str | None = None


@dataclass(frozen=True)
class Award(Generic[T]):
    """One award as it stands: its winners (several when they tie), the number that won it, or why it is
    not awarded."""

    spec: AwardSpec
    winners: tuple[Winner[T], ...] = ()
    value: int | None = None
    not_awarded: str | None = None

    @property
    def key(self) -> str:
        return self.spec.key

    @property
    def name(self) -> str:
        return self.spec.name


def _most(spec: AwardSpec, counts: Mapping[T, int], nobody: str, *, fewest: bool = False) -> Award[T]:
    """Everyone tied on the most (or fewest) shares the award; 'most' needs at least 1."""
    if not counts:
        return Award(spec, not_awarded=nobody)
    best = min(counts.values()) if fewest else max(counts.values())
    if not fewest and best <= 0:
        return Award(spec, not_awarded=nobody)
    return Award(spec, tuple(Winner(c) for c, v in counts.items() if v == best), best)


def _player_most(spec: AwardSpec, players: Sequence[PlayerTally[T]], value: str, nobody: str) -> Award[T]:
    counts = {(p.team, p.player_id): getattr(p, value) for p in players}
    best = max(counts.values(), default=0)
    if best <= 0:
        return Award(spec, not_awarded=nobody)
    return Award(
        spec,
        tuple(Winner(p.team, p.player_id, p.name) for p in players if getattr(p, value) == best),
        best,
    )


def _placing(spec: AwardSpec, rows: Sequence[RankingRow[T]], index: int, least: int) -> Award[T]:
    if len(rows) < least:
        return Award(spec, not_awarded=f"fewer than {least} coaches are ranked")
    return Award(spec, (Winner(rows[index].coach),))


def awards(
    rows: Sequence[RankingRow[T]],
    totals: Mapping[T, Totals],
    players: Sequence[PlayerTally[T]],
    sporting_votes: Mapping[T, int],
    tiers: Mapping[T, int],
    *,
    best_painted: BestPainted = "votes",
    painted_votes: Mapping[T, int] | None = None,
    painted_choice: T | None = None,
    spare: T | None = None,
    stunty_tier: int,
    stunty_cup: bool = True,
) -> list[Award[T]]:
    """Seed 000's awards from the rankings (`rows`, best first, no Spare Player), the coaches' totals,
    the players' tallies, the votes and each coach's tier at this event. Only coaches in `rows` (and never
    `spare`) can win. A stunty event has no Stunty Cup (`stunty_cup=False`; seed 000: "there is no need to
    award the Stunty Cup, as every team is a Stunty Team anyway")."""
    ranked = [row for row in rows if row.coach != spare]
    eligible = {row.coach for row in ranked}

    def only(counts: Mapping[T, int]) -> dict[T, int]:
        return {c: v for c, v in counts.items() if c in eligible}

    played = {c: t for c, t in totals.items() if c in eligible and t.played > 0}
    if best_painted == "organiser":
        painted: Award[T] = (
            Award(SPECS["painted"], (Winner(painted_choice),))
            if painted_choice is not None and painted_choice in eligible
            else Award(SPECS["painted"], not_awarded="the organiser has not chosen")
        )
    else:
        painted = _most(SPECS["painted"], only(painted_votes or {}), "no Best Painted votes")
    stunty = next((row for row in ranked if tiers.get(row.coach, 0) >= stunty_tier), None)
    eligible_players = [p for p in players if p.team in eligible]
    found: dict[str, Award[T]] = {
        "first": _placing(SPECS["first"], ranked, 0, 1),
        "second": _placing(SPECS["second"], ranked, 1, 2),
        "third": _placing(SPECS["third"], ranked, 2, 3),
        "spoon": _placing(SPECS["spoon"], ranked, -1, 2),
        "sporting": _most(SPECS["sporting"], only(sporting_votes), "no Favourite Opponent votes"),
        "painted": painted,
        "touchdowns": _most(
            SPECS["touchdowns"], {c: t.td_for for c, t in played.items()}, "no touchdowns scored"
        ),
        "wall": _most(
            SPECS["wall"], {c: t.td_against for c, t in played.items()}, "no games played", fewest=True
        ),
        "carnage": _most(
            SPECS["carnage"], {c: t.inflicted for c, t in played.items()}, "no casualties inflicted"
        ),
        "patched": _most(
            SPECS["patched"], {c: t.suffered for c, t in played.items()}, "no casualties suffered"
        ),
        "filthiest": _most(
            SPECS["filthiest"], {c: t.sent_off for c, t in played.items()}, "nobody was sent off for a Foul"
        ),
        "stunty": (
            Award(SPECS["stunty"], (Winner(stunty.coach),))
            if stunty is not None
            else Award(SPECS["stunty"], not_awarded=f"no Tier {stunty_tier} (or lower) team is ranked")
        ),
        "player_touchdowns": _player_most(
            SPECS["player_touchdowns"], eligible_players, "touchdowns", "no player scored"
        ),
        "player_casualties": _player_most(
            SPECS["player_casualties"], eligible_players, "casualties", "no player caused a casualty"
        ),
    }
    return [found[spec.key] for spec in AWARDS if stunty_cup or spec.key != "stunty"]


# --- votes, the organiser's choice and the end of the event -----


def check_voting_open(event: str, status: str) -> None:
    """Favourite Opponent (and Best Painted) votes are cast while the event runs."""
    if status != "running":
        when = "has not started" if status == "registration" else "is over"
        raise RuleViolation(f"{event} {when}: votes are cast while the event runs.")


def check_candidate(team: str, event: str, *, approved: bool, spare: bool, own: bool = False) -> None:
    """Who may receive a vote or the organiser's Best Painted: not the voter's own roster (`own`), a roster
    entered and approved in the event, never the Spare Player (seed 000: he "cannot win any awards")."""
    if own:
        raise RuleViolation("You cannot vote for yourself.")
    if not approved:
        raise RuleViolation(f"{team} has no approved roster in {event}.")
    if spare:
        raise RuleViolation(f"{team} is the Spare Player, who cannot win awards (seed 000).")


def check_favourite_opponent(opponent: str, played: bool) -> None:
    """A Favourite Opponent vote goes to a coach the voter has played (a confirmed game)."""
    if not played:
        raise RuleViolation(
            f"Your Favourite Opponent must be a coach you have played (a confirmed game); "
            f"you have not played {opponent}."
        )


def check_painted_vote(event: str, best_painted: BestPainted) -> None:
    """Coaches vote for Best Painted only when the rulespack says the coaches decide it."""
    if best_painted != "votes":
        raise RuleViolation(f"In {event} the organiser chooses Best Painted: no painted votes.")


def check_painted_choice(event: str, status: str, best_painted: BestPainted) -> None:
    """The organiser chooses Best Painted when the rulespack says so, until the event is finished."""
    if status == "finished":
        raise RuleViolation(f"{event} is over: its awards are final.")
    if best_painted != "organiser":
        raise RuleViolation(
            f"In {event} the coaches vote for Best Painted (/rulespack set best_painted:organiser "
            "to choose it yourself)."
        )


def check_finishable(
    event: str, status: str, unpaired: Sequence[str], unconfirmed: Sequence[str], force: bool
) -> None:
    """An event may end once it has started and is not finished already, and every round is paired and
    every game confirmed (`unpaired`, `unconfirmed`: each named), unless the organiser forces it (the
    unconfirmed games are then not counted)."""
    if status == "registration":
        raise RuleViolation(f"{event} has not started: there is nothing to finish.")
    if status == "finished":
        raise Conflict(f"{event} is already finished.")
    if (unpaired or unconfirmed) and not force:
        raise RuleViolation(
            f"{event} is not over: "
            + "; ".join([*unpaired, *(f"unconfirmed: {g}" for g in unconfirmed)])
            + ". Finish those, or use force:True (unconfirmed games are then not counted)."
        )
