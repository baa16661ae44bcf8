"""Fixtures that run the real bot process (`python -m bot`) against the fake Discord on 127.0.0.1."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import pytest
import pytest_asyncio

from bot.store import postgres
from tests.e2e.fake_discord import MANAGE_GUILD, FakeDiscord, FakeGuild, FakeMember, FakeRole, Session

REPO_ROOT = Path(__file__).resolve().parents[2]
START_TIMEOUT = 60


@dataclass
class World:
    """The fake Discord, one server, and the people in it."""

    discord: FakeDiscord
    guild: FakeGuild
    admin: FakeMember  # has Manage Server
    commissioner_role: FakeRole
    commissioner: FakeMember  # has the commissioner role only (after /config commissioner-role)
    coaches: list[FakeMember]
    outsider: FakeMember  # a plain member who coaches nothing


class BotProcess:
    """`python -m bot` on a database: a SQLite file's path (DATABASE_PATH) or a PostgreSQL URL
    (DATABASE_URL), run in `folder` (the file's folder unless given)."""

    def __init__(
        self,
        discord: FakeDiscord,
        database: str | Path,
        extra_env: dict[str, str] | None = None,
        *,
        folder: Path | None = None,
    ) -> None:
        self.discord = discord
        self.database = str(database)
        self.on_postgres = postgres.is_url(self.database)
        if folder is None:
            assert not self.on_postgres, "a bot process on PostgreSQL needs a folder to run in"
            folder = Path(self.database).parent
        self.folder = folder
        self.extra_env = dict(extra_env or {})
        self.output: list[str] = []
        self.sessions: list[Session] = []  # the gateway sessions of its latest start
        self.process: asyncio.subprocess.Process | None = None
        self._reader: asyncio.Task[None] | None = None

    async def start(self) -> None:
        env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "DEV_GUILD"))}
        env.update(
            {
                "DISCORD_TOKEN": self.discord.token,
                "DISCORD_API_BASE": self.discord.api_base,
                "DISCORD_GATEWAY_URL": self.discord.gateway_url,
                "DATABASE_URL" if self.on_postgres else "DATABASE_PATH": self.database,
                "LOG_LEVEL": "INFO",
                "PYTHONPATH": str(REPO_ROOT),
                "PYTHONUNBUFFERED": "1",
            }
        )
        env.update(self.extra_env)
        before = len(self.discord.sessions)
        self.process = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "bot",
            cwd=str(self.folder),
            env=env,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.STDOUT,
        )
        self._reader = asyncio.create_task(self._read())
        loop = asyncio.get_running_loop()
        give_up = loop.time() + START_TIMEOUT
        while self.process.returncode is None and loop.time() < give_up:
            # its sessions: those opened since it started on its shards (so two processes on different
            # shards may start at once; two on the same shards start one after the other)
            self.sessions = [
                s for s in self.discord.sessions[before:] if (s.shard_id, s.shard_count) in self.shards
            ]
            if len(self.sessions) >= len(self.shards) and all(s.ready for s in self.sessions):
                return
            await asyncio.sleep(0.05)
        await self.stop()
        pytest.fail("the bot did not connect to the fake Discord:\n" + self.log)

    @property
    def shards(self) -> set[tuple[int, int]]:
        """The (shard id, shard count) of each gateway session this process opens."""
        count = int(self.extra_env.get("SHARD_COUNT", "1"))
        ids = self.extra_env.get("SHARD_IDS")
        return {(int(i), count) for i in ids.split(",")} if ids else {(i, count) for i in range(count)}

    async def _read(self) -> None:
        assert self.process is not None and self.process.stdout is not None
        async for line in self.process.stdout:
            self.output.append(line.decode(errors="replace").rstrip())

    @property
    def log(self) -> str:
        return "\n".join(self.output)

    async def stop(self) -> int | None:
        if self.process is None:
            return None
        if self.process.returncode is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                await asyncio.wait_for(self.process.wait(), 15)
            except TimeoutError:
                self.process.kill()
                await self.process.wait()
        if self._reader is not None:
            await asyncio.wait_for(self._reader, 5)
        return self.process.returncode


@pytest_asyncio.fixture
async def fake_discord() -> AsyncIterator[FakeDiscord]:
    discord = FakeDiscord()
    await discord.start()
    yield discord
    await discord.stop()


@pytest.fixture
def world(fake_discord: FakeDiscord) -> World:
    guild = fake_discord.add_guild("Old World League")
    admin_role = guild.add_role("Admins", MANAGE_GUILD)
    commissioner_role = guild.add_role("Commissioners")
    return World(
        discord=fake_discord,
        guild=guild,
        admin=guild.add_member("admin", roles=[admin_role]),
        commissioner_role=commissioner_role,
        commissioner=guild.add_member("commish", roles=[commissioner_role]),
        coaches=[guild.add_member(f"coach{i}") for i in range(1, 5)],
        outsider=guild.add_member("lurker"),
    )


@pytest_asyncio.fixture
async def bot_process(world: World, database_location: str, tmp_path: Path) -> AsyncIterator[BotProcess]:
    """The bot on a new database of the test's engine (BB_TEST_BACKEND)."""
    process = BotProcess(world.discord, database_location, folder=tmp_path)
    await process.start()
    yield process
    code = await process.stop()
    assert_clean_run(world.discord, process, code)


def assert_clean_run(discord: FakeDiscord, process: BotProcess, code: int | None) -> None:
    """After a bot process stopped: every route known, no payload refused, no error logged, exit code 0."""
    assert not discord.unhandled, f"the bot called routes the fake does not know: {discord.unhandled}"
    assert not discord.refused, (
        "the fake Discord refused payloads that break Discord's limits:\n" + "\n".join(discord.refused)
    )
    errors = [line for line in process.output if " ERROR " in line or "Traceback" in line]
    assert not errors, "the bot logged errors:\n" + process.log
    assert code == 0, f"the bot exited with {code}:\n" + process.log
