"""The BB2025 ruleset (the BB2025 rules and seed 001), the default: its pre-game steps and its `Ruleset`.

Before the game: the Weather, journeymen, inducements (the higher CTV buys first from its treasury; the other
team gets the difference plus what was spent as petty cash, and up to 50,000 from its treasury), Prayers to
Nuffle, the flip. After it (seed 001's post-game sequence): Fan Factor (D3 + Dedicated Fans), winnings
((Fan Attendance / 2 + touchdowns + 1 unless stalling) x 10,000), Dedicated Fans, SPP and the MVP, and for a
team that conceded no winnings, D3 fans lost and its veterans may quit; Getting Even after a serious casualty.
TV and CTV; league points 3/1/0. The post-game's building blocks are in bot/rules/match/postgame.py.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.catalog import Catalog
from bot.catalog.models import Team
from bot.i18n import N_, _
from bot.rules.dice import Dice, DieRoll, roll
from bot.rules.match.inducements import Budget, budgets
from bot.rules.match.journeymen import JOURNEYMAN_LIMIT
from bot.rules.match.match_result import Side
from bot.rules.match.postgame import (
    change_text,
    conceding_fans,
    fan_factor,
    quits_after_concession,
    update_dedicated_fans,
    winnings,
    winnings_after_opponent_conceded,
    winnings_line,
)
from bot.rules.roster.team_building import SquadPlayer, Staffing, current_team_value, team_value
from bot.rules.rulesets.policy import (
    SIDES,
    Awards,
    Departures,
    FanChange,
    Friendlies,
    Leaving,
    Opening,
    PostgameGame,
    PregameStep,
    Ruleset,
    SideOutcome,
    SquadMember,
)
from bot.rules.rulesets.registry import RulesetEntry
from bot.text import gp

# seed 001: "WIN: 3 League Points DRAW: 1 League Point LOSS: 0 League Points"
POINTS = (3, 1, 0)
OTHER: dict[Side, Side] = {"home": "away", "away": "home"}

# seed 001, Friendlies: "A Friendly game will award no Star Player Points of any kind, no League Points and
# will generate no Winnings. Additionally, any player that suffers a Casualty will automatically count as
# having rolled Badly Hurt on the Casualty Table. Finally, any players that were scheduled to miss a team's
# next game will still count as missing the team's next game." ("Friendly games have no impact on a
# league": no expensive mistakes either.)
FRIENDLIES = Friendlies(
    casualties_badly_hurt=True,
    missed_stay_out=True,
    expensive_mistakes=False,
    summary=N_(
        "no SPP, no league points, no winnings; every casualty counts as Badly Hurt; players who were to "
        "miss the next game still miss it"
    ),
)

BB2025_PREGAME = (
    PregameStep(
        "fan_factor",
        N_("Fan Factor"),
        "command",
        N_("D3 + Dedicated Fans for each team, rolled with the winnings once the result is confirmed."),
        command=N_("the post-game"),
    ),
    PregameStep("weather", N_("Weather"), "roll", N_("2D6 on the Weather table."), table="weather"),
    PregameStep(
        "journeymen",
        N_("Journeymen"),
        "command",
        N_("A team with fewer than 11 players able to play takes on journeymen."),
        command="/match prepare",
    ),
    PregameStep(
        "inducements",
        N_("Inducements"),
        "command",
        N_("The higher CTV buys first; the other team gets the difference as petty cash."),
        command="/match induce",
    ),
    PregameStep(
        "prayers",
        N_("Prayers to Nuffle"),
        "command",
        N_("The underdog's prayers."),
        command="/match roll prayers",
    ),
    PregameStep(
        "kick_off_flip",
        N_("Flip for the kick"),
        "roll",
        N_("A coin is flipped; the winner kicks or receives."),
    ),
)


@dataclass(frozen=True, kw_only=True)
class BB2025(Ruleset):
    """Seed 001's season sequence (see the module's docstring)."""

    def postgame_opening(self, game: PostgameGame, dice: Dice) -> Opening:
        """Each team's Fan Factor: its Dedicated Fans plus D3 fair-weather fans (not in a friendly, nor in a
        game settled unplayed at the deadline)."""
        if game.friendly or not game.played:
            return Opening()
        factors: dict[Side, int] = {}
        rolls: dict[Side, tuple[DieRoll, ...]] = {}
        lines: dict[Side, tuple[str, ...]] = {}
        for side in SIDES:
            fans = game.team(side).fans
            factors[side], fair = fan_factor(fans, dice, self.catalog.postgame)
            rolls[side] = (fair,)
            lines[side] = (
                _(
                    "Fan Factor {factor} ({fans} dedicated + {fair})",
                    factor=factors[side],
                    fans=fans,
                    fair=fair,
                ),
            )
        return Opening(lines, rolls, factors)

    def postgame_side(self, game: PostgameGame, side: Side, opening: Opening, dice: Dice) -> SideOutcome:
        """Steps 1-3 of seed 001's post-game sequence for one team (friendlies: nothing but the injuries, as
        Badly Hurt; fixtures settled unplayed at the deadline: as seed 001, League Fixtures, says)."""
        if game.friendly:
            return SideOutcome()
        if game.played:
            return self._played(game, side, sum(opening.fan_factor.values()), dice)
        return self._unplayed(game, side, dice)

    def lasting_fans(self, game: PostgameGame, side: Side, dice: Dice) -> FanChange | None:
        """Seed 001, Update Dedicated Fans: a win rolls a D6 to gain one, a loss to lose one, a draw nothing;
        a team that conceded a played game (with the penalty) loses D3 instead. Nothing in a friendly."""
        return None if game.friendly else self._fans(game, side, dice)

    def _fans(self, game: PostgameGame, side: Side, dice: Dice) -> FanChange:
        """Dedicated Fans after the game (a team that conceded a played game loses D3)."""
        report, before, outcome = game.report, game.team(side).fans, game.outcome(side)
        penalty = game.played and report.conceded_by == side and report.concession_penalty
        fan_rule = self.catalog.drafting.dedicated_fans
        rolls: tuple[DieRoll, ...]
        rolled: str | None
        if penalty:
            after, lost = conceding_fans(before, dice, self.catalog.postgame, fan_rule)
            rolls, rolled = (lost,), str(lost)
        else:
            after, check = update_dedicated_fans(before, outcome, dice, fan_rule)
            rolls = (check,) if check is not None else ()
            rolled = check.shown if check is not None else None
        change = change_text(before, after)
        if rolled is None:
            line = _("Dedicated fans {change}", change=change)
        else:
            line = _("Dedicated fans {change} ({roll})", change=change, roll=rolled)
        return FanChange(after, rolls, line, fan_rule.min, fan_rule.max)

    def _unplayed(self, game: PostgameGame, side: Side, dice: Dice) -> SideOutcome:
        """A double forfeit: nothing but the fans; conceded ahead of the deadline: the other team D6 x 10,000
        and two MVPs at random."""
        report = game.report
        paid: tuple[DieRoll, ...] = ()
        notes: tuple[str, ...] = ()
        awards = None
        amount = 0
        if report.unplayed == "forfeit":
            why = _("not played by the deadline: a loss for both teams")
            notes = (_("No MVP: not played"),)
        elif report.conceded_by == side:
            why = _("conceded before the deadline (without penalty)")
        else:
            unplayed = self.catalog.postgame.unplayed_concession_winnings
            paid = (roll(dice, unplayed.dice, _("winnings for the conceded fixture")),)
            amount = paid[0].total * unplayed.multiplier
            why = _(
                "opponent conceded before the deadline: {roll} x {amount}",
                roll=paid[0],
                amount=gp(unplayed.multiplier),
            )
            awards = Awards(spp=False, mvps=2, nominees=(), max_nominees=self.mvp_nominees)
        fans = self._fans(game, side, dice)
        lines = (winnings_line(amount, why), fans.line, *notes)
        return SideOutcome(lines, (*paid, *fans.rolls), amount, fans.after, awards)

    def _played(self, game: PostgameGame, side: Side, attendance: int, dice: Dice) -> SideOutcome:
        report, data = game.report, game.report.side(side)
        rules = self.catalog.postgame
        conceded = report.conceded_by == side and report.concession_penalty
        opponent_conceded = report.conceded_by == OTHER[side] and report.concession_penalty
        if conceded:
            amount, why = 0, _("the team conceded")
        elif opponent_conceded:
            amount = winnings_after_opponent_conceded(attendance, data.score, rules)
            why = _(
                "whole attendance {attendance} + {score} TD, opponent conceded",
                attendance=attendance,
                score=data.score,
            )
        else:
            amount = winnings(attendance, data.score, data.stalling, rules)
            if data.stalling:
                why = _(
                    "attendance {attendance} / 2 + {score} TD, stalling",
                    attendance=attendance,
                    score=data.score,
                )
            else:
                why = _(
                    "attendance {attendance} / 2 + {score} TD + 1 no stalling",
                    attendance=attendance,
                    score=data.score,
                )
        fans = self._fans(game, side, dice)
        lines = [winnings_line(amount, why), fans.line]
        awards = None
        if conceded:
            lines.append(_("No SPP and no MVP: the team conceded"))
        else:
            nominees = tuple(p.player_id for p in data.players if p.mvp_nomination)
            awards = Awards(True, 2 if opponent_conceded else 1, nominees, self.mvp_nominees)
        return SideOutcome(tuple(lines), fans.rolls, amount, fans.after, awards)

    def leavers(self, game: PostgameGame, side: Side, squad: Sequence[SquadMember], dice: Dice) -> Departures:
        """A team that conceded (with the penalty): each player with three or more advancements rolls a D6
        and quits on 1-3."""
        report = game.report
        if game.friendly or report.conceded_by != side or not report.concession_penalty:
            return Departures()
        rolls: list[DieRoll] = []
        leaving: list[Leaving] = []
        for member in squad:
            quits, check = quits_after_concession(member.advancements, dice, self.catalog.postgame)
            if check is not None:
                rolls.append(check)
            if quits:
                line = _(
                    "#{number} {player} quits in disgust ({roll})",
                    number=member.number,
                    player=member.name,
                    roll=check,
                )
                leaving.append(Leaving(member.player_id, _("quit after the concession"), line))
        return Departures(tuple(rolls), tuple(leaving))

    def inducement_budget(
        self, value: int, opponent_value: int, *, treasury: int, favourite_spent: int, top_up_max: int
    ) -> Budget:
        """The higher CTV spends its treasury; the lower gets the difference plus what the favourite spent,
        and may add up to `top_up_max` from its treasury; equal CTVs spend nothing."""
        return budgets(
            value, opponent_value, treasury=treasury, favourite_spent=favourite_spent, top_up_max=top_up_max
        )

    def team_values(
        self, roster: Team, players: Sequence[SquadPlayer], staff: Staffing, special_rules: Sequence[str] = ()
    ) -> tuple[int, int]:
        rules = self.catalog.drafting
        return team_value(roster, players, staff, rules), current_team_value(
            roster, players, staff, rules, special_rules
        )


def build(catalog: Catalog) -> BB2025:
    return BB2025(
        catalog=catalog,
        id="bb2025",
        name="BB2025",
        source=N_("the BB2025 rules and seed 001"),
        points=POINTS,
        pregame=BB2025_PREGAME,
        mvp_nominees=catalog.postgame.mvp_nominees,
        rerolls_removable=False,
        journeyman_position_limits=(JOURNEYMAN_LIMIT,),
        journeyman_keyword="Lineman",
        journeyman_hire_at_rookie_cost=False,
        getting_even=True,
        friendlies=FRIENDLIES,
        fans_name=N_("Dedicated Fans"),
    )


ENTRY = RulesetEntry("bb2025", "BB2025 (the default)", build)
