"""Sharded bot processes against the Discord look-alike: one process serving both shards on SQLite, the
start-up refusal of a part of the shards on SQLite, and two processes splitting the shards over one
PostgreSQL database, one of them restarted in the middle."""

from __future__ import annotations

import asyncio
import os
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest
from aiohttp import web

from tests.e2e.discord_process import free_port
from tests.e2e.fake_discord import GUILD_ID, GUILDS, FakeDiscord

# With two shards: shard 0 owns the second guild, shard 1 the first (and the third).
SHARD0_GUILD = next(g for g in GUILDS if FakeDiscord.shard_of(g, 2) == 0)
SHARD1_GUILD = GUILD_ID
ROLL = [{"name": "expression", "type": 3, "value": "2d6+1"}]


@asynccontextmanager
async def serving() -> AsyncIterator[tuple[FakeDiscord, int]]:
    fake = FakeDiscord()
    runner = web.AppRunner(fake.app)
    await runner.setup()
    port = free_port()
    await web.TCPSite(runner, "127.0.0.1", port).start()
    try:
        yield fake, port
    finally:
        await runner.cleanup()


def bot_env(port: int, **settings: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "SHARD_COUNT", "SHARD_IDS")}
    return {
        **env,
        "DISCORD_TOKEN": "fake.token.value",
        "DISCORD_API_BASE": f"http://127.0.0.1:{port}/api/v10",
        "DISCORD_GATEWAY_URL": f"ws://127.0.0.1:{port}/gateway",
        "DEV_GUILD_ID": "",
        "LOG_LEVEL": "INFO",
        **settings,
    }


class BotProcess:
    """`python -m bot` with its output in a file (a pipe nobody reads could fill up and stall it)."""

    def __init__(self, env: dict[str, str], log: Path) -> None:
        self.env = env
        self.log = log
        self.proc: asyncio.subprocess.Process | None = None

    async def start(self) -> None:
        with self.log.open("ab") as out:
            self.proc = await asyncio.create_subprocess_exec(
                sys.executable, "-m", "bot", env=self.env, cwd=Path.cwd(), stdout=out, stderr=out
            )

    async def stop(self) -> None:
        if self.proc is not None and self.proc.returncode is None:
            self.proc.terminate()
            await asyncio.wait_for(self.proc.wait(), 15)

    def output(self) -> str:
        return self.log.read_text(errors="replace") if self.log.exists() else ""


async def ready(fake: FakeDiscord, *shards: int, timeout: float = 30) -> None:
    for shard in shards:
        await asyncio.wait_for(fake.shard_ready(shard).wait(), timeout)
    await asyncio.sleep(0.5)  # let the client finish parsing GUILD_CREATE


async def rolled(fake: FakeDiscord, guild_id: str) -> dict[str, Any]:
    iid = await fake.slash("roll", ROLL, guild_id=guild_id)
    body = await fake.answer(iid, 15)
    assert body["type"] == 4 and "2d6" in body["data"]["embeds"][0]["description"]
    return body


async def test_one_process_serves_both_shards_on_sqlite(tmp_path: Path) -> None:
    async with serving() as (fake, port):
        bot = BotProcess(bot_env(port, DATABASE_PATH=str(tmp_path / "bot.db"), SHARD_COUNT="2"), tmp_path / "bot.log")
        try:
            await bot.start()
            await ready(fake, 0, 1)  # discord.py waits 5 s before IDENTIFYing a second shard
            assert sorted(map(tuple, filter(None, fake.identifies))) == [(0, 2), (1, 2)]
            await rolled(fake, SHARD0_GUILD)
            await rolled(fake, SHARD1_GUILD)
            assert sorted(fake.routed.values()) == [0, 1]  # one interaction over each connection
        finally:
            await bot.stop()
    out = bot.output()
    assert "shards 0,1 of 2" in out, out
    assert "Traceback" not in out, out


async def test_gateway_bot_answers_what_discord_py_reads() -> None:
    """AutoShardedClient without a count asks /gateway/bot for shards, url and session_start_limit."""
    import aiohttp
    import discord.shard

    async with serving() as (fake, port):
        fake.recommended_shards = 2
        async with aiohttp.ClientSession() as session:
            async with session.get(f"http://127.0.0.1:{port}/api/v10/gateway/bot") as response:
                data = await response.json()
    assert data["shards"] == 2 and data["url"] == f"ws://127.0.0.1:{port}/gateway"
    assert discord.shard.SessionStartLimits(**data["session_start_limit"]).max_concurrency == 1


async def test_sqlite_refuses_part_of_the_shards_in_one_line(tmp_path: Path) -> None:
    env = bot_env(1, DATABASE_PATH=str(tmp_path / "bot.db"), SHARD_COUNT="2", SHARD_IDS="0")
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", env=env, cwd=Path.cwd(), stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )  # fmt: skip
    out, err = await asyncio.wait_for(proc.communicate(), 30)
    lines = err.decode().splitlines()
    assert proc.returncode == 2
    assert len(lines) == 1 and "Traceback" not in err.decode(), err.decode()
    assert "SQLite" in lines[0] and "PostgreSQL" in lines[0] and "DATABASE_URL" in lines[0]
    assert out == b""
    assert not (tmp_path / "bot.db").exists()  # refused before anything was opened


@pytest.fixture
async def postgres_url() -> str:
    """A fresh PostgreSQL database (a throwaway server the tests start, or TEST_DATABASE_URL)."""
    from tests import pg

    return await pg.postgres_url()


async def test_two_processes_split_the_shards_on_postgresql(tmp_path: Path, postgres_url: str) -> None:
    async with serving() as (fake, port):
        first, second = (
            BotProcess(
                bot_env(port, DATABASE_URL=postgres_url, SHARD_COUNT="2", SHARD_IDS=str(shard), LOG_LEVEL="DEBUG"),
                tmp_path / f"shard{shard}.log",
            )
            for shard in (0, 1)
        )
        try:
            await asyncio.gather(first.start(), second.start())
            await ready(fake, 0, 1)
            assert sorted(map(tuple, filter(None, fake.identifies))) == [(0, 2), (1, 2)]
            one = await rolled(fake, SHARD0_GUILD)
            two = await rolled(fake, SHARD1_GUILD)
            assert one and two
            by_shard = {shard: iid for iid, shard in fake.routed.items()}
            # Each interaction reached only the process serving its guild's shard (discord.py logs the
            # events it receives at DEBUG, the interaction's id among them).
            assert by_shard[0] in first.output() and by_shard[0] not in second.output()
            assert by_shard[1] in second.output() and by_shard[1] not in first.output()

            await first.stop()  # shard 0's process goes away: its guilds are offline, the others are not
            await asyncio.wait_for(_until(lambda: 0 not in fake.shards), 10)
            with pytest.raises(AssertionError, match="no live shard"):
                await fake.slash("roll", ROLL, guild_id=SHARD0_GUILD)
            await rolled(fake, SHARD1_GUILD)

            await first.start()  # and comes back, on the same database
            await ready(fake, 0)
            again = await fake.slash("roll", ROLL, guild_id=SHARD0_GUILD)
            await fake.answer(again, 15)
            assert fake.routed[again] == 0
            assert sorted(map(tuple, filter(None, fake.identifies))) == [(0, 2), (0, 2), (1, 2)]
        finally:
            await asyncio.gather(first.stop(), second.stop())
    for bot in (first, second):
        assert "Traceback" not in bot.output(), bot.output()
    assert "shards 0 of 2" in first.output() and "shards 1 of 2" in second.output()


async def _until(condition: Any) -> None:
    while not condition():
        await asyncio.sleep(0.05)
