"""Match Events (seed 002) and the referee's send-off roll (seed 004), as pure functions over the tables.

Match events: at the start of each team turn the active coach rolls a D16; on a 1 an event happens: the
active coach rolls a D8 and the other coach a D6, and the cell of the table is the event. After an event
there is no other that half (rolling resumes in the second half); none in extra time.

Referee: after a foul, count the squares to the referee and roll a D6 against the distance table (nothing
at 10 or more squares); a named referee may change the roll.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.catalog.models import MatchEvent, MatchEventsFile, Referee, RefereesFile
from bot.errors import RuleViolation
from bot.i18n import _
from bot.rules.dice import Dice, DieRoll, roll


@dataclass(frozen=True)
class TurnRoll:
    trigger: DieRoll
    event: MatchEvent | None
    event_rolls: tuple[DieRoll, ...] = ()


def check_match_events(league_name: str, *, used: bool, in_playoffs: bool, playoff: bool, half: str) -> None:
    """Whether this half of this game rolls for Match Events: only where the commissioner turned them on,
    in the play-offs only when allowed too (seed 002: "not recommended ... during the play-off season of a
    league"), and never in extra time ("If the game goes into extra time, Match Events no longer apply")."""
    if not used:
        raise RuleViolation(
            _("{league} does not use Match Events (a commissioner can turn them on).", league=league_name)
        )
    if playoff and not in_playoffs:
        raise RuleViolation(
            _("Match Events are not used in the play-offs unless the commissioner allows them.")
        )
    if half == "extra":
        raise RuleViolation(_("No Match Events in extra time: no roll needed."))


def start_of_turn(table: MatchEventsFile, dice: Dice) -> TurnRoll:
    """The D16 at the start of a team turn, and the event if it fires."""
    trigger = roll(dice, table.trigger.dice, _("match event trigger"))
    if not table.trigger.fires_on["min"] <= trigger.total <= table.trigger.fires_on["max"]:
        return TurnRoll(trigger, None)
    row = roll(dice, table.event_dice["row"].dice, _("match event, active coach"))
    column = roll(dice, table.event_dice["column"].dice, _("match event, other coach"))
    return TurnRoll(trigger, table.event(row.total, column.total), (row, column))


@dataclass(frozen=True)
class SendOff:
    roll: DieRoll
    modifier: int
    needed: int | None  # the score that sends the fouler off; None: too far away to be seen
    sent_off: bool

    @property
    def result(self) -> int:
        return self.roll.total + self.modifier


def check_referee_rules(league_name: str, referee: str) -> None:
    """A foul rolls against the referee only where the league uses seed 004's referee rules ("If you decide
    to use the rules presented here")."""
    if referee == "off":
        raise RuleViolation(
            _(
                "{league} does not use the referee rules (a commissioner can turn them on).",
                league=league_name,
            )
        )


def referee_named(table: RefereesFile, key: str) -> Referee:
    if key == "generic":
        return table.generic_referee
    found = next((r for r in table.referees if r.id == key), None)
    if found is None:
        raise RuleViolation(_("Unknown referee {referee}.", referee=repr(key)))
    return found


def send_off_roll(table: RefereesFile, referee: Referee, distance: int, dice: Dice) -> SendOff:
    """Roll for a foul committed `distance` squares from the referee."""
    if distance < 1:
        raise RuleViolation(_("Count at least 1 square between the fouler and the referee."))
    row = next(
        e for e in table.send_off.entries if e.min <= distance and (e.max is None or distance <= e.max)
    )
    check = roll(dice, table.send_off.roll, _("send-off"))
    if row.send_off_on is None:
        return SendOff(check, referee.send_off_modifier, None, False)
    return SendOff(
        check,
        referee.send_off_modifier,
        row.send_off_on,
        check.total + referee.send_off_modifier >= row.send_off_on,
    )
