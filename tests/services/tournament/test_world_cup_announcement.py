"""World-Cup size (issue 29): a 1,500-coach round's pairings announcement posts within Discord's limits,
paged into as many messages as it takes, and pings every coach exactly once.

The announcement is built as tournament_play builds it (`table_lines`, `mentions_of`) with the longest
team names the bot accepts and the largest ids, then split as the outbox posts it (bot/outbox.py: the
pings as the content, the lines as embeds, `bot/ui/limits.messages`)."""

from __future__ import annotations

import re
from collections import Counter

import discord

from bot.services.league.leagues import MAX_NAME_LENGTH
from bot.services.tournament.tournament_play import TableLine, mentions_of, table_lines
from bot.store.seasons import Fixture
from bot.store.teams import TeamRow
from bot.ui.limits import CONTENT, EMBED_TOTAL, EMBEDS, Message, messages, pack_embeds, within_limits

COACHES = 1500
FIRST_COACH = 987_654_321_098_765_432  # snowflakes are 18-19 digits


def team(index: int) -> TeamRow:
    name = f"Team {index} " + "x" * MAX_NAME_LENGTH
    return TeamRow(
        10_000 + index,
        1,
        2,
        FIRST_COACH + index,
        name[:MAX_NAME_LENGTH],
        "human",
        "old_world_classic",
        None,
        "approved",
        0,
        0,
        0,
        0,
        False,
        0,
        None,
    )


def fixture(number: int, home: TeamRow, away: TeamRow) -> Fixture:
    return Fixture(
        900_000 + number,
        1,
        2,
        3,
        "league",
        7,
        None,
        None,
        home.id,
        home.name,
        home.coach_id,
        away.id,
        away.name,
        away.coach_id,
        "scheduled",
        None,
        0,
        None,
        None,
        None,
        None,
        None,
        None,
        None,
        True,
    )


def round_tables(coaches: int) -> list[TableLine]:
    teams = [team(i) for i in range(coaches)]
    tables = [
        TableLine(n, home, away, fixture(n, home, away))
        for n, (home, away) in enumerate(zip(teams[0::2], teams[1::2], strict=False), start=1)
    ]
    if coaches % 2:
        tables.append(TableLine(len(tables) + 1, teams[-1], None, None))  # the Bye
    return tables


def posted(tables: list[TableLine]) -> list[Message]:
    """As the outbox posts an announcement (bot/outbox.py, Outbox._post)."""
    lines = [*table_lines(tables), "Deadline <t:1800000000:f> (<t:1800000000:R>)."]
    content = " ".join(f"<@{user_id}>" for user_id in dict.fromkeys(mentions_of(tables))) or None
    return messages(content, pack_embeds("World Cup: round 7 pairings", description=lines))


def embed_text(embed: discord.Embed) -> str:
    return "\n".join([embed.description or "", *(f.value or "" for f in embed.fields)])


def test_a_1500_coach_round_posts_within_discords_limits_pinging_each_coach_once() -> None:
    for coaches in (COACHES, COACHES + 1):  # an even field, and an odd one with a Bye
        tables = round_tables(coaches)
        parts = posted(tables)
        assert len(parts) > 1  # paged: one message could not hold it
        for part in parts:
            assert part.content is None or len(part.content) <= CONTENT
            assert len(part.embeds) <= EMBEDS
            assert sum(len(e) for e in part.embeds) <= EMBED_TOTAL
            assert all(within_limits(e) for e in part.embeds)
        everyone = {FIRST_COACH + i for i in range(coaches)}
        pinged = Counter(int(m) for p in parts for m in re.findall(r"<@(\d+)>", p.content or ""))
        assert pinged == Counter(everyone)  # each coach pinged exactly once, no mention cut in two
        text = "\n".join(embed_text(e) for p in parts for e in p.embeds)
        shown = Counter(int(m) for m in re.findall(r"<@(\d+)>", text))
        assert shown == Counter(everyone)  # and listed at exactly one table
        assert all(f"Table {t.number}:" in text for t in tables)  # no table lost in the split
