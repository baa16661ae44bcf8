"""Rolling dice in the open: /roll and its history."""

from __future__ import annotations

from dataclasses import dataclass

from bot.i18n import _
from bot.rules.dice import parse_expression, roll_expression
from bot.services.inputs import optional_id, optional_reason, whole
from bot.services.runtime import Actor, Runtime
from bot.store import dice_log
from bot.store.connection import Connection
from bot.store.dice_log import LoggedRoll, NewRoll

MAX_REASON_LENGTH = 100
HISTORY_PAGE_SIZE = 10


@dataclass(frozen=True)
class RollHistoryPage:
    rolls: list[LoggedRoll]
    page: int
    page_count: int
    anchor_id: int  # the newest roll when the listing was first opened: pages stay stable while people roll
    total: int


def _roll_and_log(
    conn: Connection, rt: Runtime, actor: Actor, expression_text: str, purpose: str
) -> LoggedRoll:
    expression = parse_expression(expression_text)
    roll = roll_expression(expression, rt.dice)
    return dice_log.insert(
        conn,
        NewRoll(
            guild_id=actor.guild_id,
            channel_id=actor.channel_id,
            user_id=actor.user_id,
            purpose=purpose,
            expression=expression.text,
            faces=roll.faces,
            labels=roll.labels,
            total=roll.total,
            rolled_at=rt.clock.now(),
        ),
    )


async def roll(rt: Runtime, actor: Actor, expression: str, reason: str | None = None) -> LoggedRoll:
    """Roll what the coach typed and log it in the same transaction: no roll exists without its log row."""
    purpose = optional_reason(reason, MAX_REASON_LENGTH) or ""
    parse_expression(expression)  # refuse bad input before touching the database
    return await rt.db.write(_roll_and_log, rt, actor, expression, purpose)


def _history(
    conn: Connection, guild_id: int, channel_id: int, anchor_id: int | None, page: int
) -> RollHistoryPage:
    anchor = dice_log.latest_id(conn, guild_id, channel_id) if anchor_id is None else anchor_id
    rolls, total = dice_log.in_channel(
        conn, guild_id, channel_id, up_to_id=anchor, limit=HISTORY_PAGE_SIZE, offset=0
    )
    page_count = max(1, -(-total // HISTORY_PAGE_SIZE))
    page = min(max(page, 0), page_count - 1)
    if page:
        rolls, total = dice_log.in_channel(
            conn,
            guild_id,
            channel_id,
            up_to_id=anchor,
            limit=HISTORY_PAGE_SIZE,
            offset=page * HISTORY_PAGE_SIZE,
        )
    return RollHistoryPage(rolls=rolls, page=page, page_count=page_count, anchor_id=anchor, total=total)


async def history(
    rt: Runtime, guild_id: int, channel_id: int, *, page: int = 0, anchor_id: int | None = None
) -> RollHistoryPage:
    """The channel's rolls, newest first, one page at a time."""
    whole(page, 0, 1_000_000, _("the page"))
    optional_id(anchor_id, _("roll"))
    return await rt.db.read(_history, guild_id, channel_id, anchor_id, page)
