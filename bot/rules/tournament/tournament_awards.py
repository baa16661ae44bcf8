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

from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Generic, Literal, TypeVar

from bot.catalog.models import TournamentScoring
from bot.errors import Conflict, RuleViolation
from bot.i18n import N_, _, ngettext
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


Unit = Literal["", "vote", "touchdown", "touchdown conceded", "casualty", "player sent off"]

# How many of a unit won an award, in the current language: '1 vote', '3 touchdowns conceded'.
_COUNTED: dict[str, Callable[[int], str]] = {
    "vote": lambda n: ngettext("{n} vote", "{n} votes", n),
    "touchdown": lambda n: ngettext("{n} touchdown", "{n} touchdowns", n),
    "touchdown conceded": lambda n: ngettext("{n} touchdown conceded", "{n} touchdowns conceded", n),
    "casualty": lambda n: ngettext("{n} casualty", "{n} casualties", n),
    "player sent off": lambda n: ngettext("{n} player sent off", "{n} players sent off", n),
}


@dataclass(frozen=True)
class AwardSpec:
    key: AwardKey
    name: str  # English, marked N_: `Award.name` words it
    unit: Unit = ""  # what the winning number counts ("" for placings)

    def count(self, value: int) -> str:
        """'1 vote', '3 touchdowns conceded'."""
        return _COUNTED[self.unit](value)


# Seed 000's awards, in the order they are announced.
AWARDS: tuple[AwardSpec, ...] = (
    AwardSpec("first", N_("First Place")),
    AwardSpec("second", N_("Second Place")),
    AwardSpec("third", N_("Third Place")),
    AwardSpec("sporting", N_("Most Sporting Coach"), "vote"),
    AwardSpec("painted", N_("Best Painted Team"), "vote"),
    AwardSpec("spoon", N_("Wooden Spoon")),
    AwardSpec("touchdowns", N_("Griff Oberwald's Golden Gloves"), "touchdown"),
    AwardSpec("wall", N_("Mighty Zug's Wall o' Steel"), "touchdown conceded"),
    AwardSpec("carnage", N_("Max Spleenripper's Carnage Cup"), "casualty"),
    AwardSpec("patched", N_("Matron McGeary's Most Patched-Up"), "casualty"),
    AwardSpec("filthiest", N_("Dirty Dan's Filthiest Cit"), "player sent off"),
    AwardSpec("stunty", N_("The Stunty Cup")),
    AwardSpec("player_touchdowns", N_("Most Touchdowns by a Single Player"), "touchdown"),
    AwardSpec("player_casualties", N_("Most Casualties by a Single Player"), "casualty"),
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
    not awarded (`why`: an N_-marked sentence, its {number} `number`; `not_awarded` words it)."""

    spec: AwardSpec
    winners: tuple[Winner[T], ...] = ()
    value: int | None = None
    why: str | None = None
    number: int = 0

    @property
    def key(self) -> str:
        return self.spec.key

    @property
    def name(self) -> str:
        """The award's name in the current language."""
        return _(self.spec.name)

    @property
    def not_awarded(self) -> str | None:
        """Why nobody wins it, in the current language (None: it is awarded)."""
        return None if self.why is None else _(self.why, number=self.number)


def _most(spec: AwardSpec, counts: Mapping[T, int], nobody: str, *, fewest: bool = False) -> Award[T]:
    """Everyone tied on the most (or fewest) shares the award; 'most' needs at least 1."""
    if not counts:
        return Award(spec, why=nobody)
    best = min(counts.values()) if fewest else max(counts.values())
    if not fewest and best <= 0:
        return Award(spec, why=nobody)
    return Award(spec, tuple(Winner(c) for c, v in counts.items() if v == best), best)


def _player_most(spec: AwardSpec, players: Sequence[PlayerTally[T]], value: str, nobody: str) -> Award[T]:
    counts = {(p.team, p.player_id): getattr(p, value) for p in players}
    best = max(counts.values(), default=0)
    if best <= 0:
        return Award(spec, why=nobody)
    return Award(
        spec,
        tuple(Winner(p.team, p.player_id, p.name) for p in players if getattr(p, value) == best),
        best,
    )


def _placing(spec: AwardSpec, rows: Sequence[RankingRow[T]], index: int, least: int) -> Award[T]:
    if len(rows) < least:
        return Award(spec, why=N_("fewer than {number} coaches are ranked"), number=least)
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
            else Award(SPECS["painted"], why=N_("the organiser has not chosen"))
        )
    else:
        painted = _most(SPECS["painted"], only(painted_votes or {}), N_("no Best Painted votes"))
    stunty = next((row for row in ranked if tiers.get(row.coach, 0) >= stunty_tier), None)
    eligible_players = [p for p in players if p.team in eligible]
    found: dict[str, Award[T]] = {
        "first": _placing(SPECS["first"], ranked, 0, 1),
        "second": _placing(SPECS["second"], ranked, 1, 2),
        "third": _placing(SPECS["third"], ranked, 2, 3),
        "spoon": _placing(SPECS["spoon"], ranked, -1, 2),
        "sporting": _most(SPECS["sporting"], only(sporting_votes), N_("no Favourite Opponent votes")),
        "painted": painted,
        "touchdowns": _most(
            SPECS["touchdowns"], {c: t.td_for for c, t in played.items()}, N_("no touchdowns scored")
        ),
        "wall": _most(
            SPECS["wall"], {c: t.td_against for c, t in played.items()}, N_("no games played"), fewest=True
        ),
        "carnage": _most(
            SPECS["carnage"], {c: t.inflicted for c, t in played.items()}, N_("no casualties inflicted")
        ),
        "patched": _most(
            SPECS["patched"], {c: t.suffered for c, t in played.items()}, N_("no casualties suffered")
        ),
        "filthiest": _most(
            SPECS["filthiest"],
            {c: t.sent_off for c, t in played.items()},
            N_("nobody was sent off for a Foul"),
        ),
        "stunty": (
            Award(SPECS["stunty"], (Winner(stunty.coach),))
            if stunty is not None
            else Award(
                SPECS["stunty"], why=N_("no Tier {number} (or lower) team is ranked"), number=stunty_tier
            )
        ),
        "player_touchdowns": _player_most(
            SPECS["player_touchdowns"], eligible_players, "touchdowns", N_("no player scored")
        ),
        "player_casualties": _player_most(
            SPECS["player_casualties"], eligible_players, "casualties", N_("no player caused a casualty")
        ),
    }
    return [found[spec.key] for spec in AWARDS if stunty_cup or spec.key != "stunty"]


# --- votes, the organiser's choice and the end of the event -----


def check_voting_open(event: str, status: str) -> None:
    """Favourite Opponent (and Best Painted) votes are cast while the event runs."""
    if status != "running":
        if status == "registration":
            raise RuleViolation(
                _("{event} has not started: votes are cast while the event runs.", event=event)
            )
        raise RuleViolation(_("{event} is over: votes are cast while the event runs.", event=event))


def check_candidate(team: str, event: str, *, approved: bool, spare: bool, own: bool = False) -> None:
    """Who may receive a vote or the organiser's Best Painted: not the voter's own roster (`own`), a roster
    entered and approved in the event, never the Spare Player (seed 000: he "cannot win any awards")."""
    if own:
        raise RuleViolation(_("You cannot vote for yourself."))
    if not approved:
        raise RuleViolation(_("{team} has no approved roster in {event}.", team=team, event=event))
    if spare:
        raise RuleViolation(_("{team} is the Spare Player, who cannot win awards (seed 000).", team=team))


def check_favourite_opponent(opponent: str, played: bool) -> None:
    """A Favourite Opponent vote goes to a coach the voter has played (a confirmed game)."""
    if not played:
        raise RuleViolation(
            _(
                "Your Favourite Opponent must be a coach you have played (a confirmed game); "
                "you have not played {opponent}.",
                opponent=opponent,
            )
        )


def check_painted_vote(event: str, best_painted: BestPainted) -> None:
    """Coaches vote for Best Painted only when the rulespack says the coaches decide it."""
    if best_painted != "votes":
        raise RuleViolation(
            _("In {event} the organiser chooses Best Painted: no painted votes.", event=event)
        )


def check_painted_choice(event: str, status: str, best_painted: BestPainted) -> None:
    """The organiser chooses Best Painted when the rulespack says so, until the event is finished."""
    if status == "finished":
        raise RuleViolation(_("{event} is over: its awards are final.", event=event))
    if best_painted != "organiser":
        raise RuleViolation(
            _(
                "In {event} the coaches vote for Best Painted (/rulespack set best_painted:organiser "
                "to choose it yourself).",
                event=event,
            )
        )


def check_finishable(
    event: str, status: str, unpaired: Sequence[str], unconfirmed: Sequence[str], force: bool
) -> None:
    """An event may end once it has started and is not finished already, and every round is paired and
    every game confirmed (`unpaired`, `unconfirmed`: each named), unless the organiser forces it (the
    unconfirmed games are then not counted)."""
    if status == "registration":
        raise RuleViolation(_("{event} has not started: there is nothing to finish.", event=event))
    if status == "finished":
        raise Conflict(_("{event} is already finished.", event=event))
    if (unpaired or unconfirmed) and not force:
        left = "; ".join([*unpaired, *(_("unconfirmed: {game}", game=g) for g in unconfirmed)])
        raise RuleViolation(
            _(
                "{event} is not over: {left}. Finish those, or use force:True (unconfirmed games are then "
                "not counted).",
                event=event,
                left=left,
            )
        )
