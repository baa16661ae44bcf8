"""Issue 31 §1.2 through the real bot process: a 64 KB gzip that unpacks to 63 MiB of `[],` once stalled
every server for 9-12 s. Now the bot refuses it with its reason, and a /roll sent meanwhile in another
server answers within a second (the parse runs off the event loop, bounded in bytes and objects)."""

from __future__ import annotations

import asyncio
import gzip
import time

from tests.e2e.conftest import BotProcess, World
from tests.e2e.fake_discord import FakeUpload


async def test_a_gzip_bomb_is_refused_while_other_commands_answer(
    world: World, bot_process: BotProcess
) -> None:
    discord = world.discord
    bomb = gzip.compress(b"[" + b"[]," * (21 * 2**20) + b"[]]", compresslevel=9)
    assert len(bomb) < 200_000

    async def rolls_meanwhile(importing: asyncio.Task[object]) -> list[float]:
        """/roll again and again until the import has answered: how long each took."""
        took = []
        while not importing.done():
            started = time.perf_counter()
            rolled = await discord.invoke("roll", world.coaches[0], dice="d6")
            assert rolled.text
            took.append(time.perf_counter() - started)
        return took

    started = time.perf_counter()
    importing = asyncio.create_task(
        discord.invoke("league import", world.admin, file=FakeUpload("bomb.json.gz", bomb))
    )
    took = await rolls_meanwhile(importing)
    imported = await importing
    answered = time.perf_counter() - started
    print(f"import refused in {answered:.2f} s; {len(took)} rolls meanwhile, the slowest {max(took):.2f} s")
    assert "cannot be imported" in imported.text, imported.text
    assert took and max(took) < 1.0, f"/roll took up to {max(took):.2f} s during the import"
