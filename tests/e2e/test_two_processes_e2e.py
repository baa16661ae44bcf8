"""Two real bot processes (`python -m bot`) on one PostgreSQL database against the fake Discord.

- A rolling restart: the new process runs the same shard while the old one is still connected, so Discord
  may send a click to either. 100 clicks confirming two results, split between the two processes, confirm
  each result once and apply each post-game once.
- Two shards in two processes (SHARD_COUNT=2, SHARD_IDS=0 and 1): each gets its own servers' events only,
  and a round deadline that both processes armed at start-up (every process arms every deadline) is
  processed once: one announcement, one forfeit each, one reminder.
"""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import pytest

from bot.simulation.invariants import check_invariants
from bot.store.connection import Connection
from tests.conftest import on_database
from tests.e2e import builders as build
from tests.e2e.conftest import BotProcess, World, assert_clean_run
from tests.e2e.fake_discord import Interaction, button_ids, message_text, shard_of
from tests.postgres_server import Server

pytestmark = [pytest.mark.e2e]

CLICKS = 100


async def _rows(url: str, sql: str, *params: object) -> list[tuple[object, ...]]:
    return await on_database(url, lambda conn: [tuple(row) for row in conn.execute(sql, params)])


async def _stop_both(world: World, *processes: BotProcess) -> None:
    codes = [await process.stop() for process in processes]
    for process, code in zip(processes, codes, strict=True):
        assert_clean_run(world.discord, process, code)


async def test_confirmations_split_between_two_processes_are_applied_once(
    world: World, postgres: Server, tmp_path: Path
) -> None:
    url = postgres.new_database()
    old = BotProcess(world.discord, url, folder=tmp_path)
    new = BotProcess(world.discord, url, folder=tmp_path)
    await old.start()
    try:
        await build.set_up_season(world)
        first, first_opponent = await build.report(world, world.coaches[0])
        others = [c for c in world.coaches if c not in (world.coaches[0], first_opponent)]
        second, second_opponent = await build.report(world, others[0])
        await new.start()  # the old process is still connected: both hold the server's shard
        assert world.discord.live_sessions(world.guild.id) == old.sessions + new.sessions

        clicks = [
            world.discord.click(
                report.message, button_ids(report.message)[0], opponent, via=process.sessions[0]
            )
            for report, opponent in ((first, first_opponent), (second, second_opponent))
            for process in (old, new) * (CLICKS // 4)
        ]
        answered: list[Interaction] = await asyncio.gather(*clicks)
        assert len(answered) == CLICKS
        await asyncio.gather(*(click.settled() for click in answered))
        postgames = [
            m for click in answered for m in click.messages if message_text(m).startswith("Post-game")
        ]
        assert len(postgames) == 2, [click.text for click in answered]
        refused = [click for click in answered if click.ephemeral]
        assert len(refused) == CLICKS - 2 and all("confirmed" in c.text for c in refused), refused[0].text
        for report in (first, second):
            fixture = build.fixture_id(report)
            rows = await _rows(
                url,
                "SELECT team_id, COUNT(*) FROM team_postgames WHERE fixture_id = ? GROUP BY team_id",
                fixture,
            )
            assert len(rows) == 2 and all(count == 1 for _, count in rows), rows
            assert await _rows(url, "SELECT status FROM fixtures WHERE id = ?", fixture) == [("confirmed",)]
        assert await on_database(url, check_invariants) == []
    finally:
        await _stop_both(world, old, new)


async def _deadline_in(url: str, seconds: int) -> int:
    """Round 1 ends soon; both of its reminders (72 h and 24 h before) are already overdue."""
    deadline = int(time.time()) + seconds

    def move(conn: Connection) -> None:
        conn.execute("UPDATE rounds SET deadline_at = ? WHERE number = 1", (deadline,))
        conn.execute(
            "UPDATE reminders SET remind_at = ? - hours * 3600"
            " WHERE round_id = (SELECT id FROM rounds WHERE number = 1)",
            (deadline,),
        )

    await on_database(url, move)
    return deadline


async def test_two_shards_in_two_processes_process_a_deadline_once(
    world: World, postgres: Server, tmp_path: Path
) -> None:
    discord = world.discord
    url = postgres.new_database()
    mine = shard_of(world.guild.id, 2)  # the shard Discord sends the league's server on
    other_guild = discord.add_guild("Far Away League", shard=(1 - mine, 2))
    holder, elsewhere = (
        BotProcess(
            discord,
            url,
            {"SHARD_COUNT": "2", "SHARD_IDS": str(shard)},
            folder=tmp_path,
        )
        for shard in (mine, 1 - mine)
    )
    await holder.start()
    try:
        await build.set_up_season(world)
    finally:
        await _stop_both(world, holder)

    deadline = await _deadline_in(url, 12)
    await asyncio.gather(holder.start(), elsewhere.start())  # different shards: they may start at once
    try:
        assert time.time() < deadline, "both processes armed the deadline before it came"
        assert [s.shard_id for s in holder.sessions] == [mine]
        assert [s.shard_id for s in elsewhere.sessions] == [1 - mine]
        assert discord.live_sessions(world.guild.id) == holder.sessions
        assert discord.live_sessions(other_guild.id) == elsewhere.sessions
        with pytest.raises(RuntimeError, match="shard"):  # Discord would never send it there
            await discord.invoke("roll", world.coaches[0], dice="d6", via=elsewhere.sessions[0])
        roll = await discord.invoke("roll", world.coaches[0], dice="d6")
        assert "`d6`" in roll.content
        for process in (holder, elsewhere):
            assert any("armed" in line and "deadline" in line for line in process.output), process.log

        channel = world.guild.channel.id
        await discord.wait_for_message(channel, lambda m: "round 1 is over" in message_text(m), within=60)
        await discord.channel_settled(channel, quiet=3)
        texts = [message_text(m) for m in discord.messages_in(channel)]
        assert len([t for t in texts if "round 1 is over" in t]) == 1
        assert len([t for t in texts if t.startswith("Post-game")]) == 2
        assert len([t for t in texts if "Still to play" in t]) == 1
        assert await _rows(url, "SELECT COUNT(*) FROM team_postgames") == [(4,)]
        assert await _rows(url, "SELECT status FROM rounds WHERE number = 1") == [("closed",)]
        assert await on_database(url, check_invariants) == []
    finally:
        await _stop_both(world, holder, elsewhere)
