"""The classic ruleset: seed 003's older season sequence, as pure functions and its `Ruleset` (`Classic`).

The Random Stadium, its own Weather table, fans and FAME before the game; inducements from seed 003's list
with petty cash for the lower Team Value and Special Play cards; after the game winnings of (D6 + FAME) x
10,000 (the winner may re-roll the die once), Fan Factor rolls, the MVP among three nominees, no Getting Even
and no concession penalties; one Team Value (with Fan Factor, without players out next match); league points
3/2/1. Every die comes from the injected Dice and is returned with what it was for; the numbers are in
data/bb2025/tables/classic_season.json (`Catalog.classic_season`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from bot.catalog import Catalog
from bot.catalog.models import (
    ClassicFanFactor,
    ClassicWinnings,
    DraftingRules,
    FansAndFame,
    Inducement,
    SpecialPlayChart,
    Team,
)
from bot.i18n import N_, _, number
from bot.rules.dice import Dice, DieRoll, roll
from bot.rules.match.inducements import Bought, Budget, Inducements
from bot.rules.match.match_result import Outcome, Side
from bot.rules.match.postgame import change_text, winnings_line
from bot.rules.match.pregame import PregameGame, StepRoll
from bot.rules.roster.team_building import SquadPlayer, Staffing, staff_value
from bot.rules.rulesets.policy import (
    SIDES,
    Awards,
    FanChange,
    Friendlies,
    Opening,
    PostgameGame,
    PregameStep,
    Ruleset,
    SideOutcome,
    WinningsReroll,
)
from bot.rules.rulesets.policy import Cards as Cards  # what special_play_cards returns
from bot.rules.rulesets.registry import RulesetEntry
from bot.text import gp, k

RESULT_NAMES: dict[Outcome, Literal["win", "loss", "draw"]] = {"W": "win", "L": "loss", "D": "draw"}


# --- The Match: fans and FAME ------------------------------------------------------------------------


def fame(fans: int, opponent_fans: int, rule: FansAndFame) -> int:
    """Seed 003: the same number of fans, FAME 0 each; more (but not twice as many) +1; twice as many +2.
    The team with fewer fans has FAME 0."""
    if fans > 0 and fans >= 2 * opponent_fans:
        return rule.fame.twice_as_many
    if fans > opponent_fans:
        return rule.fame.more_fans
    return rule.fame.otherwise


@dataclass(frozen=True)
class Fans:
    """One team's fans: the 2D6 (and the D3 at its home stadium), its Fan Factor, the fans and FAME."""

    fan_factor: int
    rolls: tuple[DieRoll, ...]
    fans: int
    fame: int


def roll_fans(
    fan_factor: int, dice: Dice, rule: FansAndFame, *, home_stadium: bool = False
) -> tuple[int, list[DieRoll]]:
    """(2D6 + Fan Factor, + D3 at the team's home stadium) x 1,000 fans."""
    rolls = [roll(dice, rule.fans.dice, _("fans"))]
    if home_stadium:
        rolls.append(roll(dice, rule.fans.home_stadium_extra, _("fans at home")))
    return (sum(r.total for r in rolls) + fan_factor) * rule.fans.multiplier, rolls


def fans_and_fame(
    fan_factors: tuple[int, int], dice: Dice, rule: FansAndFame, *, home_stadium: int | None = None
) -> tuple[Fans, Fans]:
    """Both teams' fans and FAME (home first); `home_stadium` is 0 or 1 when one of them plays at home."""
    rolled = [
        roll_fans(ff, dice, rule, home_stadium=home_stadium == index) for index, ff in enumerate(fan_factors)
    ]
    (home_fans, home_rolls), (away_fans, away_rolls) = rolled
    return (
        Fans(fan_factors[0], tuple(home_rolls), home_fans, fame(home_fans, away_fans, rule)),
        Fans(fan_factors[1], tuple(away_rolls), away_fans, fame(away_fans, home_fans, rule)),
    )


def fans_record(home: Fans, away: Fans) -> dict[str, dict[str, Any]]:
    """Both teams' fans as the fixture's `fans_and_fame` pre-game step keeps them (FAME for the post-game)."""
    return {
        side: {"fan_factor": f.fan_factor, "fans": f.fans, "fame": f.fame, "dice": [str(r) for r in f.rolls]}
        for side, f in (("home", home), ("away", away))
    }


# --- Post-match: winnings ----------------------------------------------------------------------------


def winnings(die: int, fame_: int, outcome: Outcome, rule: ClassicWinnings, *, conceded: bool = False) -> int:
    """(D6 + FAME) x 10,000, plus 10,000 for a win or a tie; a team that conceded gets nothing. In a
    friendly the die is a D3 (`roll_winnings` rolls the right one)."""
    if conceded:
        return 0
    bonus = rule.win_or_draw_bonus if outcome in ("W", "D") else 0
    return (die + fame_) * rule.multiplier + bonus


def roll_winnings(
    dice: Dice, rule: ClassicWinnings, *, friendly: bool, purpose: str | None = None
) -> DieRoll:
    """The winnings die (a D3 in a friendly), for `purpose` (the winnings, unless said)."""
    return roll(dice, rule.friendly_dice if friendly else rule.dice, purpose or _("winnings"))


def may_reroll_winnings(outcome: Outcome, rule: ClassicWinnings, *, conceded: bool = False) -> bool:
    """Only the winner may re-roll the winnings die, once, and must keep the second result."""
    return rule.winner_may_reroll and outcome == "W" and not conceded


# --- Post-match: Fan Factor --------------------------------------------------------------------------


@dataclass(frozen=True)
class FanFactorChange:
    before: int
    after: int
    roll: DieRoll


def fan_factor_change(
    fan_factor: int, outcome: Outcome, dice: Dice, rule: ClassicFanFactor
) -> FanFactorChange:
    """Win: 3D6 greater than the Fan Factor adds 1. Loss: 2D6 lower than it takes 1. Draw: 2D6, up 1 if
    greater, down 1 if lower."""
    how = rule.for_result(RESULT_NAMES[outcome])
    check = roll(dice, how.dice, "Fan Factor")
    after = fan_factor
    if how.up_if_above and check.total > fan_factor:
        after = fan_factor + 1
    elif how.down_if_below and check.total < fan_factor:
        after = fan_factor - 1
    return FanFactorChange(fan_factor, after, check)


# --- Pre-match: inducements, petty cash and Special Play cards ---------------------------------------


def petty_cash(
    team_value: int, opponent_value: int, *, opponent_at_home: bool = False, home_extra: int = 0
) -> int:
    """The lower Team Value gets the difference as petty cash (the opponent of a team at its home stadium
    gets `home_extra` more, whatever the values). Seed 003: 1,000,000 against 1,250,000 gives 250,000."""
    return max(0, opponent_value - team_value) + (home_extra if opponent_at_home else 0)


def buys_first(home_value: int, away_value: int) -> Literal["home", "away"] | None:
    """The team with the higher Team Value buys its inducements first (None when they are equal)."""
    if home_value == away_value:
        return None
    return "home" if home_value > away_value else "away"


def special_play_cards(highest_team_value: int, special_plays_bought: int, chart: SpecialPlayChart) -> Cards:
    """Cards one coach draws and keeps: by the higher Team Value of the two teams, +1 draw and +1 keep for
    each Special Play inducement that coach bought."""
    band = chart.band_for(highest_team_value)
    extra = chart.per_special_play_inducement
    return Cards(band.draw + extra.draw * special_plays_bought, band.keep + extra.keep * special_plays_bought)


# --- Team Value --------------------------------------------------------------------------------------


def team_value(
    roster: Team,
    players: Iterable[SquadPlayer],
    staff: Staffing,
    rules: DraftingRules,
    fan_factor_value: int,
    *,
    leave_out_missing: bool = True,
) -> int:
    """Seed 003: the players (with their improvements), staff, team re-rolls (at the basic cost) and Fan
    Factor; not the treasury, nor (`leave_out_missing`, as seed 003 says) players who will miss the next
    match through injury."""
    playing = sum(p.current_value for p in players if p.available or not leave_out_missing)
    return playing + staff_value(roster, staff, rules) + staff.dedicated_fans * fan_factor_value


def classic_inducements(catalog: Catalog) -> dict[str, Inducement]:
    """Seed 003's list: each entry is the BB2025 inducement it names (its summary, who may buy it, special
    prices: "limitations and special rules from the team lists apply"), keyed by that id, with seed 003's
    price where it gives one and its 0-N limit (unlimited mercenaries); Special Play is seed 003's own."""
    found: dict[str, Inducement] = {}
    for entry in catalog.classic_season.inducements.inducements:
        if entry.bb2025 is None:
            found[entry.id] = Inducement.model_validate(
                {
                    "id": entry.id,
                    "name": entry.name,
                    "cost": entry.cost,
                    "max": entry.max,
                    "summary": entry.summary,
                }
            )
            continue
        base = catalog.inducements[entry.bb2025]
        changes: dict[str, object] = {"name": entry.name, "max": entry.max}
        if entry.cost is not None:
            changes["cost"] = entry.cost
        if entry.max is None:
            changes["increased_max"] = ()
        found[base.id] = base.model_copy(update=changes)
    return found


# --- The ruleset ---------------------------------------------------------------------------------------

# Seed 003 sets a friendly apart three times: "In Friendly matches, no MVP is awarded.", "In Friendly
# matches, you do not score any League points." and "In Friendly matches, each coach rolls a D3 instead of a
# D6." Everything else of its post-match sequence is played as after any match: Star Player points ("Roll
# for Improvements for any players who have earned enough Star Player points"), the casualties as reported,
# players who missed the match ready for the next, and "If either team has at least 100,000 gold pieces in
# their Treasury, their coach must roll for expensive mistakes".
FRIENDLIES = Friendlies(
    casualties_badly_hurt=False,
    missed_stay_out=False,
    expensive_mistakes=True,
    summary=N_(
        "no MVP and no league points; winnings with a D3 instead of the D6; Star Player Points, injuries, "
        "the Fan Factor roll and expensive mistakes as after any match"
    ),
)

SPECIAL_PLAY = "special_play"  # seed 003's own inducement: one more card drawn and kept
FANS_AND_FAME = "fans_and_fame"  # the pre-game step whose FAME the post-game pays

CLASSIC_PREGAME = (
    PregameStep(
        "stadium",
        N_("Random Stadium"),
        "roll",
        N_("2D6 (a D6 each) for the stadium's category; the attribute's own D6 table is not in seed 003."),
        table="random_stadium",
    ),
    PregameStep(
        "famous_referees",
        N_("Famous Referees"),
        "skipped",
        N_(
            "The table is not in seed 003: not rolled; a commissioner may record a referee with /league "
            "record."
        ),
    ),
    PregameStep(
        "weather",
        N_("Weather"),
        "roll",
        N_("2D6 (a D6 each) on the classic Weather table."),
        table="weather_classic",
    ),
    PregameStep(
        "inducements",
        N_("Inducements"),
        "command",
        N_(
            "The higher Team Value buys first from its treasury; the lower gets the difference as petty cash."
        ),
        command="/match induce",
    ),
    PregameStep(
        "special_plays",
        N_("Special Play cards"),
        "command",
        N_("Cards drawn and kept by the higher Team Value, +1 each per Special Play bought."),
        command="/match inducements",
    ),
    PregameStep(
        "kick_off_flip",
        N_("Flip for the kick"),
        "roll",
        N_("A coin is flipped; the winner kicks or receives."),
    ),
    PregameStep(
        FANS_AND_FAME,
        N_("Fans and FAME"),
        "roll",
        N_("(2D6 + Fan Factor) x 1,000 fans each; more fans FAME +1, twice as many +2."),
    ),
)


# how /rules table shows what a classic league does about each gap of seed 003 (`MissingTable.handled`)
GAPS_SHOWN = {"bb2025": N_("BB2025’s is used"), "skipped": N_("skipped"), "unavailable": N_("not available")}


def _special_play_lines(chart: SpecialPlayChart) -> list[str]:
    lines = [_("**Special Play cards** by {basis}:", basis=_(chart.basis))]
    for band in chart.bands:
        if band.max is None:
            span = _("{least} or more", least=k(band.min))
        elif band.min == 0:
            span = _("under {most}", most=k(band.max + 1))
        else:
            span = _("{least} to under {most}", least=k(band.min), most=k(band.max + 1))
        lines.append(_("• {span}: draw {draw}, keep {keep}", span=span, draw=band.draw, keep=band.keep))
    lines.append(
        _(
            "Each Special Play bought: +{draw} drawn and +{keep} kept; {order}.",
            draw=chart.per_special_play_inducement.draw,
            keep=chart.per_special_play_inducement.keep,
            order=_(chart.order),
        )
    )
    return lines


# One team's fans as the pre-game shows them (after the team's name), and as its post-game summary starts.
_FANS_LINES = {
    "pregame": N_("{fans} fans (Fan Factor {fan_factor}): FAME {fame}"),
    "postgame": N_("Fans {fans} (Fan Factor {fan_factor}): FAME {fame}"),
}


def _fans_line(entry: Mapping[str, Any], where: Literal["pregame", "postgame"] = "pregame") -> str:
    """One team's fans, FAME written with its sign (+1, +0)."""
    fame_ = f"{int(entry['fame']):+d}"
    return _(_FANS_LINES[where], fans=number(int(entry["fans"])), fan_factor=entry["fan_factor"], fame=fame_)


@dataclass(frozen=True, kw_only=True)
class Classic(Ruleset):
    """Seed 003's season sequence (see the module's docstring)."""

    # --- pre-game: the Random Stadium and the classic Weather (tables), the flip, fans and FAME

    def roll_step(self, step: PregameStep, game: PregameGame, dice: Dice) -> StepRoll:
        if step.id != FANS_AND_FAME:
            return super().roll_step(step, game, dice)
        rule = self.catalog.classic_season.fans_and_fame
        home, away = fans_and_fame((game.home.fans, game.away.fans), dice, rule)
        return StepRoll(fans_record(home, away), (*home.rolls, *away.rolls))

    def step_lines(self, step_id: str, result: Mapping[str, Any], game: PregameGame) -> tuple[str, ...]:
        if step_id != FANS_AND_FAME:
            return super().step_lines(step_id, result, game)
        return tuple(f"{game.team(side).name}: {_fans_line(result[side])}" for side in SIDES)

    # --- post-match

    def postgame_opening(self, game: PostgameGame, dice: Dice) -> Opening:
        """Each team's FAME: from the fans rolled before the game (/match pregame), or rolled now and written
        as that pre-game step, so it is never rolled twice. A game not played has no fans (FAME 0)."""
        if not game.played:
            return Opening()
        stored = game.pregame.get(FANS_AND_FAME)
        if stored is not None:
            return Opening(lines={side: (_fans_line(stored[side], "postgame"),) for side in SIDES})
        rule = self.catalog.classic_season.fans_and_fame
        rolled = fans_and_fame((game.home.fans, game.away.fans), dice, rule)
        record = fans_record(*rolled)
        return Opening(
            lines={side: (_fans_line(record[side], "postgame"),) for side in SIDES},
            rolls={side: fans.rolls for side, fans in zip(SIDES, rolled, strict=True)},
            pregame={FANS_AND_FAME: record},
        )

    def _fame(self, game: PostgameGame, side: Side, opening: Opening) -> int:
        if not game.played:
            return 0
        fans = opening.pregame.get(FANS_AND_FAME) or game.pregame[FANS_AND_FAME]
        return int(fans[side]["fame"])

    def postgame_side(self, game: PostgameGame, side: Side, opening: Opening, dice: Dice) -> SideOutcome:
        """SPP and the MVP among the nominated (a friendly: SPP, no MVP), winnings (D6 + FAME) x 10,000
        (+10,000 for a win or a tie; a D3 in a friendly; none for a team that conceded; the winner may re-roll
        the die once), the Fan Factor roll. A deadline settlement (seed 001): a forfeit is a loss for both,
        unplayed; a concession ahead of the deadline a conceded loss, and a win with FAME 0 for the other
        team."""
        rules = self.catalog.classic_season
        report, outcome = game.report, game.outcome(side)
        conceded = report.conceded_by == side
        lines: list[str] = []
        rolls: list[DieRoll] = []
        die: DieRoll | None = None
        if report.unplayed == "forfeit":
            amount, why = 0, _("not played by the deadline: a loss for both teams")
        elif conceded:
            amount, why = 0, _("a team that concedes gets no winnings")
        else:
            die = roll_winnings(dice, rules.winnings, friendly=game.friendly)
            rolls.append(die)
            fame_ = self._fame(game, side, opening)
            amount = winnings(die.total, fame_, outcome, rules.winnings)
            extra = rules.winnings.win_or_draw_bonus if outcome in ("W", "D") else 0
            multiplier = number(rules.winnings.multiplier)
            if extra:
                why = _(
                    "({roll} + FAME {fame}) x {multiplier} + {bonus} for the result",
                    roll=die.shown,
                    fame=fame_,
                    multiplier=multiplier,
                    bonus=number(extra),
                )
            else:
                why = _(
                    "({roll} + FAME {fame}) x {multiplier}", roll=die.shown, fame=fame_, multiplier=multiplier
                )
        lines.append(winnings_line(amount, why))
        offer = die is not None and may_reroll_winnings(outcome, rules.winnings)
        if offer:
            lines.append(_("The winner may re-roll the winnings die once and must keep the second roll"))
        fans = self._fan_factor(game, side, dice)
        rolls += fans.rolls
        lines.append(fans.line)
        awards = None
        if game.friendly:  # Star Player Points as after any match, but no MVP
            lines.append(_("No MVP and no league points: a friendly"))
            awards = Awards(spp=True, mvps=0, nominees=(), max_nominees=self.mvp_nominees)
        elif report.unplayed == "forfeit" or (report.unplayed and conceded):
            lines.append(_("No MVP: not played"))
        else:
            data = report.side(side)
            nominees = tuple(p.player_id for p in data.players if p.mvp_nomination) if game.played else ()
            awards = Awards(spp=game.played, mvps=1, nominees=nominees, max_nominees=self.mvp_nominees)
        return SideOutcome(
            tuple(lines), tuple(rolls), amount, fans.after, awards, die.total if die else None, offer
        )

    def lasting_fans(self, game: PostgameGame, side: Side, dice: Dice) -> FanChange | None:
        """Seed 003: the Fan Factor after any game, friendlies too (a win 3D6 above it adds 1, a loss 2D6
        below it takes 1, a draw 2D6 either way)."""
        return self._fan_factor(game, side, dice)

    def _fan_factor(self, game: PostgameGame, side: Side, dice: Dice) -> FanChange:
        change = fan_factor_change(
            game.team(side).fans, game.outcome(side), dice, self.catalog.classic_season.fan_factor
        )
        line = _(
            "Fan Factor {change} ({roll})",
            change=change_text(change.before, change.after),
            roll=change.roll.shown,
        )
        return FanChange(change.after, (change.roll,), line, 0, None)

    def reroll_winnings(self, previous: int, first_die: int, friendly: bool, dice: Dice) -> WinningsReroll:
        """The winner re-rolls the winnings die once and keeps the second result, with the FAME paid with the
        first die (a winner's winnings are (die + FAME) x 10,000 + 10,000)."""
        rules = self.catalog.classic_season.winnings
        fame_ = (previous - rules.win_or_draw_bonus) // rules.multiplier - first_die
        die = roll_winnings(dice, rules, friendly=friendly, purpose=_("winnings re-roll"))
        return WinningsReroll(die, winnings(die.total, fame_, "W", rules), previous)

    # --- pre-match: inducements

    def inducements(self) -> Inducements:
        return classic_inducements(self.catalog)

    def inducement_budget(
        self, value: int, opponent_value: int, *, treasury: int, favourite_spent: int, top_up_max: int
    ) -> Budget:
        """Both teams spend their treasuries; the lower value gets the difference as petty cash too."""
        return Budget(petty_cash(value, opponent_value), treasury)

    def special_plays(
        self, home_value: int, away_value: int, bought: tuple[Sequence[Bought], Sequence[Bought]]
    ) -> tuple[Cards, Cards]:
        chart = self.catalog.classic_season.special_plays
        highest = max(home_value, away_value)
        home, away = (
            special_play_cards(highest, sum(p.count for p in mine if p.inducement == SPECIAL_PLAY), chart)
            for mine in bought
        )
        return home, away

    def reference(self) -> tuple[str, list[str]] | None:
        """Seed 003's season sequence for /rules table: the pre-game steps, its tables and rules, and what
        it lacks."""
        season = self.catalog.classic_season
        steps = " → ".join(_(s.name) for s in self.pregame)
        lines = [_("**Pre-game, in order**: {steps} (/match pregame)", steps=steps)]
        lines += _special_play_lines(season.special_plays)
        buying = season.inducements
        if buying.petty_cash.higher_value_buys_first:
            lines.append(
                _(
                    "**Inducements** (the higher Team Value buys first, {minutes} minutes): {summary}",
                    minutes=buying.petty_cash.minutes,
                    summary=_(buying.petty_cash.summary),
                )
            )
        else:
            lines.append(
                _(
                    "**Inducements** ({minutes} minutes): {summary}",
                    minutes=buying.petty_cash.minutes,
                    summary=_(buying.petty_cash.summary),
                )
            )
        lines += [
            f"• 0-{i.max if i.max is not None else '∞'} {i.name}: "
            + (gp(i.cost) if i.cost is not None else _("BB2025's price"))
            for i in buying.inducements
        ]
        lines += [
            f"**{rule.name}**: {_(rule.summary)}"
            for rule in (season.fans_and_fame, season.winnings, season.fan_factor)
        ]
        points = season.points
        lines.append(
            _(
                "**League points**: win {win} · draw {draw} · loss {loss} · friendly {friendly}",
                win=points.win,
                draw=points.draw,
                loss=points.loss,
                friendly=points.friendly,
            )
        )
        lines.append(
            _(
                "**MVP**: among up to {most} nominated players, picked at random by the bot",
                most=self.mvp_nominees,
            )
        )
        lines.append(_("**Friendlies**: {summary}", summary=_(self.friendlies.summary)))
        lines += [
            _(
                "**Not in seed 003: {table}**: {handled}. {summary}",
                table=m.name,
                handled=_(GAPS_SHOWN[m.handled]),
                summary=_(m.summary),
            )
            for m in self.missing
        ]
        return _("Classic season sequence (seed 003)"), lines

    def team_values(
        self, roster: Team, players: Sequence[SquadPlayer], staff: Staffing, special_rules: Sequence[str] = ()
    ) -> tuple[int, int]:
        """One Team Value (with Fan Factor, without players who miss the next match): both."""
        data = self.catalog.classic_season.ruleset
        value = team_value(
            roster,
            players,
            staff,
            self.catalog.drafting,
            data.fan_factor_value,
            leave_out_missing=data.team_value_leaves_out_missing_players,
        )
        return value, value


def build(catalog: Catalog) -> Classic:
    season = catalog.classic_season
    data = season.ruleset
    points = season.points
    return Classic(
        catalog=catalog,
        id="classic",
        name="Classic (seed 003)",
        source=season.source,
        points=(points.win, points.draw, points.loss),
        pregame=CLASSIC_PREGAME,
        mvp_nominees=data.mvp_nominees,
        rerolls_removable=data.rerolls_removable,
        journeyman_position_limits=data.journeyman_position_limits,
        journeyman_keyword=data.journeyman_keyword,
        journeyman_hire_at_rookie_cost=True,  # seed 003: "hire them by paying their Rookie cost"
        getting_even=data.getting_even,
        friendlies=FRIENDLIES,
        fans_name=N_("Fan Factor"),
        one_value=True,
        level_first="home",  # seed 003 lets both buy from their treasuries; with equal values it says not who
        postgame_reads=(FANS_AND_FAME,),
        missing=data.missing,
    )


ENTRY = RulesetEntry("classic", "classic (seed 003: FAME, Fan Factor rolls, 3/2/1 points)", build)
