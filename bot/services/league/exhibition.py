"""Exhibition helpers (seed 004, Multi-player Dungeon Bowl): the order in which 3 or more coaches place
Chests and Portals, and each game turn's order. The bot rolls every die in the open and logs it."""

from __future__ import annotations

from dataclasses import dataclass

from bot.errors import InvalidInput
from bot.i18n import _
from bot.rules.dice import RecordingDice
from bot.rules.league.star_drafts import chests_and_portals, ordered_roll
from bot.services.dice_logging import log_dice
from bot.services.inputs import an_id, whole
from bot.services.runtime import Actor, Runtime
from bot.store.connection import Connection

MIN_COACHES, MAX_COACHES = 3, 8


@dataclass(frozen=True)
class RolledOrder:
    order: list[int]  # user ids, first to last
    rolls: list[tuple[int, list[int]]]  # each coach's D6s (ties re-rolled)
    placing: list[tuple[str, int]]  # Chest 1 ... Portal 6 and who places it (empty for a game turn)


def _order(
    conn: Connection, rt: Runtime, actor: Actor, coaches: list[int], purpose: str, placing: bool
) -> RolledOrder:
    dice = RecordingDice(rt.dice)
    order, rolls = ordered_roll(coaches, dice)
    log_dice(conn, rt, actor, dice.rolls, purpose=purpose)
    return RolledOrder(order, rolls, chests_and_portals(order) if placing else [])


def _check(coaches: list[int]) -> list[int]:
    unique = list(dict.fromkeys(an_id(c, _("coach")) for c in coaches))
    if not MIN_COACHES <= len(unique) <= MAX_COACHES:
        raise InvalidInput(
            _(
                "Multi-player Dungeon Bowl is for {low} to {high} different coaches; you named {count}.",
                low=MIN_COACHES,
                high=MAX_COACHES,
                count=len(unique),
            )
        )
    return unique


async def placing_order(rt: Runtime, actor: Actor, coaches: list[int]) -> RolledOrder:
    """Each coach rolls a D6 (ties re-rolled): the order of placing Chests, then Portals."""
    unique = _check(coaches)
    purpose = _("Dungeon Bowl: Chest and Portal placing order")
    return await rt.db.write(_order, rt, actor, unique, purpose, True)


async def turn_order(rt: Runtime, actor: Actor, coaches: list[int], game_turn: int) -> RolledOrder:
    """The start of a game turn: each coach rolls a D6 (ties re-rolled), highest takes the first team turn."""
    whole(game_turn, 1, 99, _("the game turn"))
    unique = _check(coaches)
    purpose = _("Dungeon Bowl: game turn {number} order", number=game_turn)
    return await rt.db.write(_order, rt, actor, unique, purpose, False)
