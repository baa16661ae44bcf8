"""A league's ruleset: the season sequence its pre- and post-games follow.

`bb2025` (the BB2025 rules and seed 001) is the default. `classic` is seed 003's older sequence: the Random
Stadium, its own Weather table, inducements with petty cash for the lower Team Value, Special Play cards,
fans and FAME, winnings of (D6 + FAME) x 10,000, Fan Factor rolls and 3/2/1 league points. A league picks
one before its first season (`LeagueSettings.ruleset`).

A ruleset is data (a `Ruleset`, built here from the catalogue) plus a module of pure functions
(rules/match/postgame.py for bb2025, rules/rulesets/classic.py for classic). The services read what
differs from the `Ruleset` and pick a step's function by the step's id, so a third ruleset is a data
file, a rules module and its entries in those registries.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal, get_args

from bot.catalog import Catalog
from bot.catalog.models import DraftingRules, MissingTable, Team
from bot.rules.league.league_settings import LeagueSettings, RulesetId
from bot.rules.match.journeymen import JOURNEYMAN_LIMIT
from bot.rules.roster.team_building import SquadPlayer, Staffing, current_team_value, team_value
from bot.rules.rulesets import classic

RULESET_IDS: tuple[RulesetId, ...] = get_args(RulesetId)

# How a pre-game step happens: the bot rolls it in /match pregame ("roll"), another command does it
# ("command": the command is named), or it is not played and a commissioner may record it ("skipped").
StepKind = Literal["roll", "command", "skipped"]
# A "roll" step's id names its function in services/match/pregame.py ROLLERS (stadium, weather,
# kick_off_flip, fans_and_fame); tests/rules check every ruleset's rolled steps have one.


@dataclass(frozen=True)
class PregameStep:
    id: str
    name: str
    kind: StepKind
    summary: str
    table: str | None = None  # the roll table a "roll" step reads (weather, stadium)
    command: str | None = None  # the command a "command" step is done with


@dataclass(frozen=True)
class Ruleset:
    id: RulesetId
    name: str
    source: str
    points: tuple[int, int, int]  # league points for a win, a draw, a loss (the league may change them)
    pregame: tuple[PregameStep, ...]  # in the order the seed plays them
    mvp_nominees: int  # the most players a coach may nominate for MVP
    rerolls_removable: bool  # may a coach remove team re-rolls after the draft (without a refund)?
    journeyman_position_limits: tuple[int, ...]  # journeymen come from positions with these 0-N limits
    journeyman_keyword: str | None  # ... and this keyword (None: any position)
    journeyman_hire_at_rookie_cost: bool  # kept after a game for the position's cost (BB2025: plus his value)
    fan_factor_value: int  # gold pieces per point of the team's fans counted in Team Value (0: none)
    team_value_leaves_out_missing_players: bool  # TV itself leaves out players missing the next match
    getting_even: bool  # seed 001's Getting Even after a serious casualty
    concession_penalties: bool  # BB2025's fans lost and players quitting after a concession
    fans_name: str  # what the team's lasting fans are called: Dedicated Fans or Fan Factor
    missing: tuple[MissingTable, ...] = ()  # tables the seed refers to but does not contain

    @property
    def classic(self) -> bool:
        return self.id == "classic"

    def step(self, step_id: str) -> PregameStep | None:
        return next((s for s in self.pregame if s.id == step_id), None)

    @property
    def rolled_steps(self) -> tuple[PregameStep, ...]:
        return tuple(s for s in self.pregame if s.kind == "roll")


BB2025_PREGAME = (
    PregameStep(
        "fan_factor",
        "Fan Factor",
        "command",
        "D3 + Dedicated Fans for each team, rolled with the winnings once the result is confirmed.",
        command="the post-game",
    ),
    PregameStep("weather", "Weather", "roll", "2D6 on the Weather table.", table="weather"),
    PregameStep(
        "journeymen",
        "Journeymen",
        "command",
        "A team with fewer than 11 players able to play takes on journeymen.",
        command="/match prepare",
    ),
    PregameStep(
        "inducements",
        "Inducements",
        "command",
        "The higher CTV buys first; the other team gets the difference as petty cash.",
        command="/match induce",
    ),
    PregameStep(
        "prayers", "Prayers to Nuffle", "command", "The underdog's prayers.", command="/match roll prayers"
    ),
    PregameStep(
        "kick_off_flip", "Flip for the kick", "roll", "A coin is flipped; the winner kicks or receives."
    ),
)

CLASSIC_PREGAME = (
    PregameStep(
        "stadium",
        "Random Stadium",
        "roll",
        "2D6 (a D6 each) for the stadium's category; the attribute's own D6 table is not in seed 003.",
        table="random_stadium",
    ),
    PregameStep(
        "famous_referees",
        "Famous Referees",
        "skipped",
        "The table is not in seed 003: not rolled; a commissioner may record a referee with /league record.",
    ),
    PregameStep(
        "weather", "Weather", "roll", "2D6 (a D6 each) on the classic Weather table.", table="weather_classic"
    ),
    PregameStep(
        "inducements",
        "Inducements",
        "command",
        "The higher Team Value buys first from its treasury; the lower gets the difference as petty cash.",
        command="/match induce",
    ),
    PregameStep(
        "special_plays",
        "Special Play cards",
        "command",
        "Cards drawn and kept by the higher Team Value, +1 each per Special Play bought.",
        command="/match inducements",
    ),
    PregameStep(
        "kick_off_flip", "Flip for the kick", "roll", "A coin is flipped; the winner kicks or receives."
    ),
    PregameStep(
        "fans_and_fame",
        "Fans and FAME",
        "roll",
        "(2D6 + Fan Factor) x 1,000 fans each; more fans FAME +1, twice as many +2.",
    ),
)


def rulesets(catalog: Catalog) -> dict[RulesetId, Ruleset]:
    """Every ruleset, with its numbers from the catalogue."""
    classic = catalog.classic_season
    data = classic.ruleset
    points = classic.points
    default = LeagueSettings()  # BB2025's points are seed 001's defaults
    return {
        "bb2025": Ruleset(
            id="bb2025",
            name="BB2025",
            source="the BB2025 rules and seed 001",
            points=(default.points_win, default.points_draw, default.points_loss),
            pregame=BB2025_PREGAME,
            mvp_nominees=catalog.postgame.mvp_nominees,
            rerolls_removable=False,
            journeyman_position_limits=(JOURNEYMAN_LIMIT,),
            journeyman_keyword="Lineman",
            journeyman_hire_at_rookie_cost=False,
            fan_factor_value=0,
            team_value_leaves_out_missing_players=False,
            getting_even=True,
            concession_penalties=True,
            fans_name="Dedicated Fans",
        ),
        "classic": Ruleset(
            id="classic",
            name="Classic (seed 003)",
            source=classic.source,
            points=(points.win, points.draw, points.loss),
            pregame=CLASSIC_PREGAME,
            mvp_nominees=data.mvp_nominees,
            rerolls_removable=data.rerolls_removable,
            journeyman_position_limits=data.journeyman_position_limits,
            journeyman_keyword=data.journeyman_keyword,
            journeyman_hire_at_rookie_cost=True,  # seed 003: "hire them by paying their Rookie cost"
            fan_factor_value=data.fan_factor_value,
            team_value_leaves_out_missing_players=data.team_value_leaves_out_missing_players,
            getting_even=data.getting_even,
            concession_penalties=data.concession_penalties,
            fans_name="Fan Factor",
            missing=data.missing,
        ),
    }


def ruleset(catalog: Catalog, ruleset_id: str) -> Ruleset:
    """A ruleset by id (a league's `settings.ruleset`)."""
    for key, found in rulesets(catalog).items():
        if key == ruleset_id:
            return found
    raise ValueError(f"no ruleset {ruleset_id!r}")


def team_values(
    rs: Ruleset,
    roster: Team,
    players: Sequence[SquadPlayer],
    staff: Staffing,
    rules: DraftingRules,
    special_rules: Sequence[str] = (),
) -> tuple[int, int]:
    """(TV, CTV) as the ruleset counts them. Classic has one Team Value (with Fan Factor, without players
    who miss the next match), which is both."""
    if rs.classic:
        value = classic.team_value(roster, players, staff, rules, rs.fan_factor_value)
        return value, value
    return team_value(roster, players, staff, rules), current_team_value(
        roster, players, staff, rules, special_rules
    )
