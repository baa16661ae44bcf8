"""The post-game sequence as pure functions (seed 001): fan factor, winnings, dedicated fans, Star Player
Points and the MVP, conceding, expensive mistakes. Every die comes from the injected Dice and is returned
with what it was for, so the service can log and show it."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Literal

from bot.catalog.models import ExpensiveMistakesFile, FanRule, MistakeOutcome, PostgameRules, SppEvent
from bot.errors import Conflict, RuleViolation
from bot.i18n import N_, _
from bot.rules.dice import Dice, DieRoll, roll
from bot.rules.match.match_result import PlayerLine, ResultReport, Side
from bot.text import gp

Outcome = Literal["W", "D", "L"]


def fan_factor(dedicated_fans: int, dice: Dice, rules: PostgameRules) -> tuple[int, DieRoll]:
    """Fan Factor for a game: Dedicated Fans plus D3 fair-weather fans."""
    fair_weather = roll(dice, rules.fan_factor_dice, _("fair-weather fans"))
    return dedicated_fans + fair_weather.total, fair_weather


def winnings(fan_attendance: int, touchdowns: int, stalling: bool, rules: PostgameRules) -> int:
    """(Fan Attendance / 2 + touchdowns + 1 if nobody was stalling) x 10,000, in whole gold pieces."""
    multiplier = rules.winnings.multiplier
    bonus = 0 if stalling else rules.winnings.no_stalling_bonus
    return fan_attendance * multiplier // 2 + (touchdowns + bonus) * multiplier


def winnings_after_opponent_conceded(fan_attendance: int, touchdowns: int, rules: PostgameRules) -> int:
    """The team whose opponent conceded: the whole Fan Attendance plus its touchdowns, x 10,000."""
    return (fan_attendance + touchdowns) * rules.winnings.multiplier


def update_dedicated_fans(
    current: int, outcome: Outcome, dice: Dice, fans: FanRule
) -> tuple[int, DieRoll | None]:
    """Win: D6 >= current adds 1 (max 7). Loss: D6 < current takes 1 (min 1). Draw: no roll."""
    if outcome == "D":
        return current, None
    check = roll(dice, "d6", _("dedicated fans"))
    if outcome == "W" and check.total >= current:
        return min(current + 1, fans.max), check
    if outcome == "L" and check.total < current:
        return max(current - 1, fans.min), check
    return current, check


def conceding_fans(current: int, dice: Dice, rules: PostgameRules, fans: FanRule) -> tuple[int, DieRoll]:
    """A team that concedes loses D3 Dedicated Fans, to a minimum of 1."""
    lost = roll(dice, rules.concession.fans_lost_dice, _("fans lost for conceding"))
    return max(current - lost.total, fans.min), lost


def conceded_score(winner_touchdowns: int, rules: PostgameRules) -> int:
    """The winner of a conceded game wins 2-0, or X-0 if it had already scored X more than that."""
    return max(rules.concession.win_score, winner_touchdowns)


def conceded_result(report: ResultReport, conceded_by: Side, rules: PostgameRules) -> ResultReport:
    """A game `conceded_by` one side, as it counts: that side scores 0 and the other wins 2-0, or X-0 if it
    had already scored X more (`conceded_score`). What the players did stays as reported."""
    winner: Side = "away" if conceded_by == "home" else "home"
    won = report.side(winner)
    sides = {
        conceded_by: report.side(conceded_by).model_copy(update={"score": 0}),
        winner: won.model_copy(update={"score": conceded_score(won.score, rules)}),
    }
    return report.model_copy(
        update={"home": sides["home"], "away": sides["away"], "conceded_by": conceded_by}
    )


SPP_FIELDS: dict[SppEvent, str] = {
    "touchdown": "touchdowns",
    "casualty": "casualties",
    "completion": "completions",
    "interception": "interceptions",
    "superb_throw": "superb_throws",
    "safe_landing": "safe_landings",
}


def spp_earned(line: PlayerLine, values: dict[SppEvent, int]) -> int:
    """A player's SPP from the game's events (the MVP award is added separately)."""
    return sum(getattr(line, field) * values[event] for event, field in SPP_FIELDS.items())


def pick_mvp(
    candidates: Sequence[int], dice: Dice, max_nominees: int, purpose: str = "MVP"
) -> tuple[int, list[DieRoll]]:
    """The MVP among the nominated players: numbered 1..n and a D6 rolled (results with no player are
    rolled again; a single nominee needs no roll). With more than six candidates (a random pick among
    eligible players), a die with one face per candidate is used."""
    if not candidates:
        raise ValueError("no player can be MVP")
    if len(set(candidates)) == 1:
        return candidates[0], []  # the only one: any number without a player would be rolled again
    rolls: list[DieRoll] = []
    if len(candidates) > max_nominees:
        pick = roll(dice, f"d{len(candidates)}", purpose)
        return candidates[pick.total - 1], [pick]
    while True:
        pick = roll(dice, "d6", purpose)
        rolls.append(pick)
        if pick.total <= len(candidates):
            return candidates[pick.total - 1], rolls


def quits_after_concession(
    advancements: int, dice: Dice, rules: PostgameRules
) -> tuple[bool, DieRoll | None]:
    """A conceding team's player with 3+ advancements rolls a D6 and quits on 1-3."""
    if advancements < rules.concession.quit_check_min_advancements:
        return False, None
    check = roll(dice, "d6", _("stays after the concession?"))
    return check.total <= rules.concession.quit_on_or_below, check


@dataclass(frozen=True)
class MistakeResult:
    outcome: MistakeOutcome
    treasury_before: int
    treasury_after: int
    rolls: tuple[DieRoll, ...]

    @property
    def lost(self) -> int:
        return self.treasury_before - self.treasury_after


def expensive_mistake(treasury: int, table: ExpensiveMistakesFile, dice: Dice) -> MistakeResult | None:
    """Roll on the Expensive Mistakes table if the treasury holds at least the threshold (100,000)."""
    if table.band_for(treasury) is None:
        return None
    check = roll(dice, table.dice, _("expensive mistakes"))
    outcome = table.outcome(treasury, check.total)
    assert outcome is not None
    effect = outcome.effect
    rolls = [check]
    after = treasury
    if effect.type == "lose":
        assert effect.dice is not None and effect.multiplier is not None
        amount = roll(dice, effect.dice, outcome.name)
        rolls.append(amount)
        after = max(0, treasury - amount.total * effect.multiplier)
    elif effect.type == "halve":
        assert effect.round_down_to is not None
        after = treasury // 2 // effect.round_down_to * effect.round_down_to
    elif effect.type == "keep_only":
        assert effect.dice is not None and effect.multiplier is not None
        kept = roll(dice, effect.dice, outcome.name)
        rolls.append(kept)
        after = min(treasury, kept.total * effect.multiplier)
    return MistakeResult(outcome, treasury, after, tuple(rolls))


@dataclass(frozen=True)
class RosterPlace:
    """What the hiring and firing step needs to know about one player on the roster."""

    journeyman: bool  # a journeyman not (yet) hired: he leaves when the post-game ends
    miss_next_game: bool = False
    temporarily_retired: bool = False
    missed_this_game: bool = False  # his "miss next game" was this game: he is back for the next


def counts_towards_player_limit(place: RosterPlace) -> bool:
    """Journeymen may temporarily take the team above 16 players; those not hired leave, so only the
    team's own players count towards the limit when hiring."""
    return not place.journeyman


def eligible_for_next_game(place: RosterPlace) -> bool:
    """Who counts when firing: not a journeyman about to leave, not temporarily retired, and not missing
    the next game (a player who missed this game is back for the next one)."""
    if place.journeyman or place.temporarily_retired:
        return False
    return place.missed_this_game or not place.miss_next_game


def check_fire(team_name: str, eligible: int, firing_an_eligible: bool, minimum: int) -> None:
    """Post-game firing: never below `minimum` (11) players eligible for the next game."""
    if firing_an_eligible and eligible - 1 < minimum:
        raise RuleViolation(
            _(
                "Players may not be fired if it takes the players eligible for the next game below "
                "{minimum}; {team} has {eligible}.",
                minimum=minimum,
                team=team_name,
                eligible=eligible,
            )
        )


def check_temporary_retirement(had_lasting_injury: bool) -> None:
    """Only a player who suffered a Lasting Injury may be temporarily retired, in the post-game."""
    if not had_lasting_injury:
        raise RuleViolation(_("Only a player who suffered a Lasting Injury may be temporarily retired."))


def check_keepable(label: str, journeyman: bool, played_in: int | None, postgame_of: int | None) -> None:
    """Only a journeyman who played this game may be hired in its post-game."""
    if not journeyman or played_in != postgame_of:
        raise RuleViolation(_("{player} is not a journeyman who played this game.", player=label))


def hated_keyword(label: str, options: Sequence[str], keyword: str) -> str:
    """The keyword a coach picks for the Hatred Getting Even gave (any case), among the options."""
    chosen = next((o for o in options if o.lower() == keyword.strip().lower()), None)
    if chosen is None:
        raise RuleViolation(_("{player} may hate: {keywords}.", player=label, keywords=", ".join(options)))
    return chosen


def missed_players_recover(friendly: bool) -> bool:
    """After a League Fixture players who missed it are ready again; after a Friendly they still count as
    missing the team's next game."""
    return not friendly


# --- Shared by every ruleset's post-game: what a line says, who may be MVP, when a post-game may finish ----


def winnings_line(amount: int, why: str) -> str:
    """The post-game line of a team's winnings: 'Winnings 50,000 gp (why)' or 'No winnings: why'."""
    if amount:
        return _("Winnings {amount} ({why})", amount=gp(amount), why=why)
    return _("No winnings: {why}", why=why)


def change_text(before: int, after: int) -> str:
    """'3 → 4', or '3, unchanged'."""
    return f"{before} → {after}" if after != before else _("{before}, unchanged", before=before)


@dataclass(frozen=True)
class MvpAward:
    """One MVP award: the player, the dice that picked him, and whether he was among the nominated."""

    player_id: int
    rolls: tuple[DieRoll, ...]
    nominated: bool

    def line(self, name: str, spp: int) -> str:
        """'MVP Grim +4 SPP (D6 5 among the nominees)', in the current language."""
        if not self.rolls:
            if self.nominated:
                return _("MVP {player} +{spp} SPP (the only nominee)", player=name, spp=spp)
            return _("MVP {player} +{spp} SPP (the only one who could play)", player=name, spp=spp)
        if self.rolls[0].dice != "d6":  # one face per candidate: a random pick, not a die of the game
            count = self.rolls[0].dice[1:]
            if self.nominated:
                return _(
                    "MVP {player} +{spp} SPP (random among the {count} nominees)",
                    player=name,
                    spp=spp,
                    count=count,
                )
            return _(
                "MVP {player} +{spp} SPP (random among the {count} who could play, no nominations)",
                player=name,
                spp=spp,
                count=count,
            )
        faces = ", ".join(str(r.total) for r in self.rolls)
        if self.nominated:
            return _(
                "MVP {player} +{spp} SPP (D6 {faces} among the nominees)", player=name, spp=spp, faces=faces
            )
        return _(
            "MVP {player} +{spp} SPP (D6 {faces} among those who could play, no nominations)",
            player=name,
            spp=spp,
            faces=faces,
        )


def award_mvps(
    nominees: Sequence[int],
    squad: Sequence[tuple[int, bool]],
    stars: Collection[int],
    count: int,
    dice: Dice,
    max_nominees: int,
) -> list[MvpAward]:
    """`count` MVP awards, rolled among the nominees or, with none, at random among the players who could
    play (`squad`: each player's id and whether he misses the next game); a star under contract is never
    MVP (seed 004). A second award goes to another player while there is one."""
    nominated = [n for n in nominees if n not in stars]
    eligible = nominated or [player for player, missing in squad if not missing and player not in stars]
    awards: list[MvpAward] = []
    for award in range(count):
        pool = [p for p in eligible if p not in {a.player_id for a in awards}] or eligible
        if not pool:
            break
        mvp, rolls = pick_mvp(pool, dice, max_nominees, _("MVP (second award)") if award else "MVP")
        awards.append(MvpAward(mvp, tuple(rolls), bool(nominated)))
    return awards


def check_finishable(hatred_numbers: Sequence[int | str], waiting: Sequence[str]) -> None:
    """A coach finishes the post-game once each Getting Even grudge has its keyword and each advancement
    that must be taken is taken (a commissioner may finish it anyway)."""
    if hatred_numbers:
        raise RuleViolation(
            _(
                "First choose what {players} now hates (/team hatred): Getting Even gave them Hatred.",
                players=", ".join(f"#{n}" for n in hatred_numbers),
            )
        )
    if waiting:
        raise RuleViolation(
            _(
                "First advance (/advance) {players}: a player whose SPP reach the price of a characteristic "
                "improvement must advance, and rolled choices must be made.",
                players=", ".join(waiting),
            )
        )


def check_winnings_reroll(offered: str | None, open_: bool, team_name: str, fixture_label: str) -> None:
    """Only a winner offered the winnings re-roll (seed 003) may take it, once, before the post-game ends."""
    if offered is None:
        raise RuleViolation(_("Only the winner of a classic league's game may re-roll the winnings die."))
    if offered != "offered" or not open_:
        raise Conflict(
            _(
                "{team}'s winnings re-roll for {fixture} is gone: it was used, or the post-game finished.",
                team=team_name,
                fixture=fixture_label,
            )
        )


@dataclass(frozen=True)
class OpenPostgame:
    """A team's post-game still open, of another fixture than the one at hand."""

    team_name: str
    fixture_id: int
    fixture_label: str

    @property
    def text(self) -> str:
        """'Reavers must first finish its post-game of fixture #12', in the current language."""
        return _(
            "{team} must first finish its post-game of fixture #{fixture}",
            team=self.team_name,
            fixture=self.fixture_id,
        )


def check_one_postgame_at_a_time(waiting: OpenPostgame | None) -> None:
    """A team's post-games happen one at a time: a result that would open a second one waits until the team
    has finished the one open (seed 001: "After each League Fixture, both teams must go through the
    Post-game Sequence as normal")."""
    if waiting is not None:
        raise RuleViolation(
            _(
                "{team} must first finish its post-game of fixture #{fixture} ({label}): a team's post-games "
                "happen one at a time. Its coach (or a commissioner) presses Finish post-game under that "
                "result, then try again.",
                team=waiting.team_name,
                fixture=waiting.fixture_id,
                label=waiting.fixture_label,
            )
        )


PostgameOnly = Literal["retire", "keep journeyman"]
ONLY_IN_THE_POSTGAME: dict[PostgameOnly, str] = {
    "retire": N_("Players are temporarily retired in the post-game sequence, after a Lasting Injury."),
    "keep journeyman": N_("Journeymen are hired in the post-game of the game they played."),
}


def check_in_postgame(action: PostgameOnly, drafting: bool) -> None:
    """Temporary retirement and hiring a journeyman are steps of the post-game sequence (seed 001, step 5:
    "Hire any Journeymen that played for your team during the game"), never of drafting."""
    if drafting:
        raise RuleViolation(_(ONLY_IN_THE_POSTGAME[action]))
