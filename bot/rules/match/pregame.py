"""The pre-game steps every ruleset may share: a 2D6 table rolled for the game (weather, stadium) and the
flip for the kick. A ruleset (bot/rules/rulesets) lists its steps and rolls each rolled one with these or
with its own; what a step returns is written once on the fixture and its dice are logged."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.catalog.models import RollTable
from bot.i18n import _
from bot.rules.dice import Dice, DieRoll, roll
from bot.rules.match.match_day import roll_on
from bot.rules.match.match_result import Side


@dataclass(frozen=True)
class PregameTeam:
    """What a pre-game step needs to know about one team."""

    name: str
    coach_id: int
    fans: int  # the team's lasting fans: Dedicated Fans (BB2025) or Fan Factor (classic)


@dataclass(frozen=True)
class PregameGame:
    home: PregameTeam
    away: PregameTeam

    def team(self, side: Side) -> PregameTeam:
        return self.home if side == "home" else self.away


@dataclass(frozen=True)
class StepRoll:
    """What a rolled step decided (kept on the fixture as JSON) and the dice it rolled."""

    result: dict[str, Any]
    rolls: tuple[DieRoll, ...]


def table_step(table: RollTable, game: PregameGame, dice: Dice, ruleset_name: str) -> StepRoll:
    """A 2D6 table (the seed: each coach rolls a D6 and they look up the total)."""
    rolled = roll_on(table, dice)
    faces = rolled.roll.faces
    who = (
        f"{game.home.name} {faces[0]} + {game.away.name} {faces[1]} = {rolled.roll.total}"
        if len(faces) == 2
        else rolled.roll.shown
    )
    lines = [f"{who} → **{rolled.entry.name}**: {_(rolled.entry.summary)}"]
    if rolled.entry.follow_up is not None:
        lines.append(
            _(
                "Its {dice} table is not in the {ruleset} rules: a commissioner may record the attribute "
                "with /league record.",
                dice=rolled.entry.follow_up.dice.upper(),
                ruleset=ruleset_name,
            )
        )
    return StepRoll({"entry": rolled.entry.name, "total": rolled.roll.total, "lines": lines}, (rolled.roll,))


def flip(game: PregameGame, dice: Dice) -> StepRoll:
    """A coin is flipped (the home coach called heads); the winner kicks or receives."""
    coin = roll(dice, "d2", _("flip for the kick (1 home, 2 away)"))
    winner = game.home if coin.total == 1 else game.away
    if coin.total == 1:
        line = _(
            "The coin lands heads ({home} called heads): <@{coach}> ({team}) chooses to kick or receive.",
            home=game.home.name,
            coach=winner.coach_id,
            team=winner.name,
        )
    else:
        line = _(
            "The coin lands tails ({home} called heads): <@{coach}> ({team}) chooses to kick or receive.",
            home=game.home.name,
            coach=winner.coach_id,
            team=winner.name,
        )
    return StepRoll({"winner": "home" if coin.total == 1 else "away", "lines": [line]}, (coin,))
