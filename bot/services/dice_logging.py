"""The one way a service logs the dice a rule rolled: every die goes into the dice log, in the same
transaction as what it decided, with who rolled it, where, what for, and the fixture."""

from __future__ import annotations

from collections.abc import Iterable

from bot.rules.dice import DieRoll
from bot.services.runtime import Actor, Runtime
from bot.store import dice_log
from bot.store.connection import Connection


def log_dice(
    conn: Connection,
    rt: Runtime,
    actor: Actor,
    rolls: Iterable[DieRoll | tuple[int, int]],
    *,
    purpose: str,
    fixture_id: int | None = None,
    league_id: int | None = None,
) -> None:
    """Log each roll: a DieRoll a rule named as `<purpose>: <its purpose>` with its dice, a bare
    (sides, face) that RecordingDice kept as one `d<sides>` under `purpose`. A roll for a league without a
    fixture (a draw, an off-season check) names the league, so the league's dice log carries it."""
    dice_log.insert_rolls(
        conn,
        guild_id=actor.guild_id,
        channel_id=actor.channel_id,
        user_id=actor.user_id,
        rolls=[
            (f"{purpose}: {roll.purpose}", roll.dice, roll.faces)
            if isinstance(roll, DieRoll)
            else (purpose, f"d{roll[0]}", (roll[1],))
            for roll in rolls
        ],
        rolled_at=rt.clock.now(),
        fixture_id=fixture_id,
        league_id=league_id,
    )
