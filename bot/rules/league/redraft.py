"""The off-season (seed 001, Off-season and Re-drafting) as pure functions: rest and relaxation, raising
funds, re-hiring players; and Getting Even (BB2025 core rules), where gained Hatred comes from.

Rest and relaxation: players who would miss their next game recover; each niggling injury rolls a D6 (+1
with an apothecary), 4+ removes it; each Hatred (X) a player gained (not one his profile has) rolls a D6,
4+ loses it; each characteristic reduction of a temporarily retired player rolls a D6 (+1 with an
apothecary), 4+ removes it. Raise funds: 1,000,000 + treasury + 20,000 per league fixture played (not
the double forfeits or fixtures conceded ahead of the deadline) + 20,000 per win + 10,000 per draw, up
to the league's cap (the excess is lost). Re-hiring a player costs his current value plus 20,000 per
previous season he took part in (the agent's fee is not part of his value).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Literal, Protocol, TypeVar

from bot.catalog.models import GettingEven, RedraftRules, RestAndRelaxation, Team
from bot.errors import Conflict, RuleViolation
from bot.i18n import _
from bot.rules.dice import Dice, DieRoll, roll
from bot.rules.match.match_result import Outcome
from bot.rules.statuses import team_status


@dataclass(frozen=True)
class Check:
    """One D6 against a target: the roll, the modifier applied, and whether it succeeded."""

    roll: DieRoll
    modifier: int
    target: int

    @property
    def result(self) -> int:
        return self.roll.total + self.modifier

    @property
    def passed(self) -> bool:
        return self.result >= self.target

    @property
    def shown(self) -> str:
        """The roll and its outcome without the purpose: 'D6 4 (success, 4+ needed)'."""
        rolled = f"{self.roll.shown} +{self.modifier} = {self.result}" if self.modifier else self.roll.shown
        if self.passed:
            return _("{roll} (success, {target}+ needed)", roll=rolled, target=self.target)
        return _("{roll} (no, {target}+ needed)", roll=rolled, target=self.target)

    def __str__(self) -> str:
        return f"{self.roll.purpose}: {self.shown}"


def check(dice: Dice, purpose: str, target: int, modifier: int = 0) -> Check:
    return Check(roll(dice, "d6", purpose), modifier, target)


def niggling_checks(count: int, apothecary: bool, dice: Dice, rules: RestAndRelaxation) -> list[Check]:
    """One D6 per niggling injury; each success removes one."""
    bonus = rules.apothecary_bonus if apothecary else 0
    return [
        check(dice, _("niggling injury heals?"), rules.niggling_target, bonus) for _injury in range(count)
    ]


def hatred_checks(keywords: Sequence[str], dice: Dice, rules: RestAndRelaxation) -> list[tuple[str, Check]]:
    """One D6 per gained Hatred (X); each success loses that Hatred. No apothecary bonus."""
    return [
        (k, check(dice, _("Hatred ({keyword}) subsides?", keyword=k), rules.hatred_target)) for k in keywords
    ]


def reduction_checks(
    reductions: Sequence[str], apothecary: bool, dice: Dice, rules: RestAndRelaxation
) -> list[tuple[str, Check]]:
    """A temporarily retired player: one D6 per characteristic reduction; each success removes it."""
    bonus = rules.apothecary_bonus if apothecary else 0
    return [
        (
            c,
            check(
                dice,
                _("{characteristic} reduction heals?", characteristic=c.upper()),
                rules.retired_reduction_target,
                bonus,
            ),
        )
        for c in reductions
    ]


Unplayed = Literal["forfeit", "conceded"]


@dataclass(frozen=True)
class LeagueRecord:
    """A team's League Fixtures of a season, as Raise Funds counts them."""

    played: int  # actually played (a game conceded during the match was played)
    won: int
    drawn: int
    forfeited: int = 0  # double forfeits at the deadline: a loss for both, never played
    conceded_unplayed: int = 0  # conceded ahead of the deadline: never played

    @property
    def not_played(self) -> int:
        return self.forfeited + self.conceded_unplayed


def league_record(results: Iterable[tuple[Outcome | str, Unplayed | str | None]]) -> LeagueRecord:
    """Count a team's confirmed League Fixtures (its outcome, and how the fixture was settled if it was
    not played). "+20,000 for each League Fixture they played" counts only games played: a double
    forfeit or a fixture conceded ahead of the deadline was not played, a game conceded during the match
    was. Wins and draws count by result: the opponent of a team that conceded ahead of the deadline won
    the fixture (Conceding Without Penalty: "their opponent will automatically earn a 2-0 win")."""
    played = won = drawn = forfeited = conceded = 0
    for outcome, unplayed in results:
        if unplayed == "forfeit":
            forfeited += 1
        elif unplayed == "conceded":
            conceded += 1
        else:
            played += 1
        won += outcome == "W"
        drawn += outcome == "D"
    return LeagueRecord(played, won, drawn, forfeited, conceded)


@dataclass(frozen=True)
class RedraftBudget:
    treasury: int
    played: int
    won: int
    drawn: int
    base: int
    bonus: int
    cap: int | None

    @property
    def raised(self) -> int:
        return self.base + self.treasury + self.bonus

    @property
    def budget(self) -> int:
        return self.raised if self.cap is None else min(self.raised, self.cap)

    @property
    def lost(self) -> int:
        return self.raised - self.budget


def redraft_budget(
    treasury: int,
    played: int,
    won: int,
    drawn: int,
    rules: RedraftRules,
    cap: int | None,
    *,
    not_played: int = 0,
) -> RedraftBudget:
    """Raise funds: the base budget plus the treasury and the bonuses for last season's league fixtures
    (`not_played`: fixtures settled without being played, which may still have been won)."""
    if min(treasury, played, won, drawn, not_played) < 0 or won + drawn > played + not_played:
        raise ValueError("treasury and fixture counts must be non-negative, wins and draws within fixtures")
    bonus = played * rules.per_fixture_played + won * rules.per_win + drawn * rules.per_draw
    return RedraftBudget(treasury, played, won, drawn, rules.base_budget, bonus, cap)


class SeasonState(Protocol):
    @property
    def number(self) -> int: ...
    @property
    def status(self) -> str: ...


S = TypeVar("S", bound=SeasonState)


def check_off_season(season: S | None) -> S:
    """The league's last season, once it is over: teams re-draft in the Off-season Break (seed 001: "At the
    end of each Season, after the Play-offs have concluded, comes the Off-season Break")."""
    if season is None:
        raise RuleViolation(
            _("Teams re-draft in the off-season, after the play-offs; no season has been played.")
        )
    if season.status != "finished":
        raise RuleViolation(
            _(
                "Teams re-draft in the off-season, after the play-offs; season {number} is still running.",
                number=season.number,
            )
        )
    return season


def check_may_redraft(
    team: str,
    status: str,
    *,
    last_played: int | None,
    redrafted_for: int | None,
    open_postgame: int | None,
) -> int:
    """The season a team leaves (`last_played`, the last one it played) when it may re-draft: once per
    off-season, after it played a season; it is approved (it played), is not re-drafted yet
    (`redrafted_for`: the season it already is, or None) and has finished its post-games (`open_postgame`:
    the fixture of one still open), since a team's season ends with its last post-game."""
    if last_played is None:
        raise RuleViolation(
            _("{team} has not played a season yet: it enters the next one as it is.", team=team)
        )
    if redrafted_for is not None:
        raise Conflict(
            _(
                "{team} is already re-drafted for season {number}: /redraft show lists it.",
                team=team,
                number=redrafted_for,
            )
        )
    if status != "approved":
        raise RuleViolation(
            _(
                "{team} is {status}: only a team that played can be re-drafted.",
                team=team,
                status=team_status(status),
            )
        )
    if open_postgame is not None:
        raise RuleViolation(
            _(
                "First finish {team}'s post-game of fixture #{fixture} (its Finish button): a team's season "
                "ends with its last post-game.",
                team=team,
                fixture=open_postgame,
            )
        )
    return last_played


def check_rehire(team: str, status: str) -> None:
    """Players of the previous Team Draft List are re-hired while the team re-drafts (a draft, or a rejected
    one being mended), not once it is submitted or approved."""
    if status not in ("draft", "rejected"):
        raise RuleViolation(
            _(
                "{team} is {status}: players are re-hired while re-drafting.",
                team=team,
                status=team_status(status),
            )
        )


def rehire_cost(current_value: int, seasons_played: int, rules: RedraftRules) -> int:
    """Current value plus the agent's fee for each previous season the player took part in."""
    if seasons_played < 0:
        raise ValueError("seasons played cannot be negative")
    return current_value + seasons_played * rules.agent_fee_per_season


def getting_even(dice: Dice, rules: GettingEven, player: str) -> Check:
    """A player who must miss his next game after a Seriously Hurt, Serious Injury or Lasting Injury."""
    return check(dice, _("Getting Even for {player}", player=player), rules.target)


def hatred_options(opponent: Team, rules: GettingEven, already: Iterable[str] = ()) -> list[str]:
    """Keywords a player may come to hate: those of the opposing team's players, less the excluded ones
    and any he already hates."""
    keywords = {k for p in opponent.positions for k in p.keywords}
    return sorted(keywords - set(rules.excluded_keywords) - set(already))
