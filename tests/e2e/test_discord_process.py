"""The real `python -m bot` with a token: it logs in, syncs its commands and answers a slash command,
against a Discord look-alike on loopback (DISCORD_API_BASE / DISCORD_GATEWAY_URL)."""

from __future__ import annotations

import asyncio
import os
import socket
import sys
from pathlib import Path

from aiohttp import web

from tests.e2e.fake_discord import INTERACTION_TOKEN, FakeDiscord


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


async def test_bot_process_logs_in_syncs_and_answers(tmp_path: Path) -> None:
    fake = FakeDiscord()
    runner = web.AppRunner(fake.app)
    await runner.setup()
    port = _free_port()
    await web.TCPSite(runner, "127.0.0.1", port).start()
    env = {
        **os.environ,
        "DISCORD_TOKEN": "fake.token.value",
        "DISCORD_API_BASE": f"http://127.0.0.1:{port}/api/v10",
        "DISCORD_GATEWAY_URL": f"ws://127.0.0.1:{port}/gateway",
        "DATABASE_PATH": str(tmp_path / "bot.db"),
        "DEV_GUILD_ID": "",
        "LOG_LEVEL": "INFO",
    }
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot",
        env=env,
        cwd=Path.cwd(),
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.STDOUT,
    )
    try:
        await asyncio.wait_for(fake.identified.wait(), 30)
        await asyncio.sleep(0.5)  # let the client finish parsing GUILD_CREATE
        assert fake.synced and {c["name"] for c in fake.synced[0]} >= {"attack", "encounter", "roll", "parry"}
        attack = next(c for c in fake.synced[0] if c["name"] == "attack")
        assert attack.get("name_localizations", {}).get("cs")  # translated names travel with the sync
        await fake.slash("roll", [{"name": "expression", "type": 3, "value": "2d6+1"}])
        await asyncio.wait_for(fake.answered.wait(), 15)
        body = fake.callbacks[0]
        assert body["type"] == 4
        embed = body["data"]["embeds"][0]
        assert "2d6" in embed["description"]
    finally:
        if proc.returncode is None:
            proc.terminate()
        out = (await asyncio.wait_for(proc.communicate(), 15))[0].decode(errors="replace")
        await runner.cleanup()
        print(out)
    assert "Traceback" not in out, out


async def test_tokens_stay_out_of_the_logs_at_debug(tmp_path: Path) -> None:
    """At LOG_LEVEL=DEBUG discord.py logs gateway payloads and request URLs: neither the interaction's
    token nor the bot's may reach the output."""
    fake = FakeDiscord()
    runner = web.AppRunner(fake.app)
    await runner.setup()
    port = _free_port()
    await web.TCPSite(runner, "127.0.0.1", port).start()
    bot_token = "MTIzNDU2Nzg5MDEyMzQ1Njc4.fake-bot-token.abcdefghijklmnopqrstuv"
    env = {
        **os.environ,
        "DISCORD_TOKEN": bot_token,
        "DISCORD_API_BASE": f"http://127.0.0.1:{port}/api/v10",
        "DISCORD_GATEWAY_URL": f"ws://127.0.0.1:{port}/gateway",
        "DATABASE_PATH": str(tmp_path / "bot.db"),
        "DEV_GUILD_ID": "",
        "LOG_LEVEL": "DEBUG",
    }
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", env=env, cwd=Path.cwd(), stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.STDOUT,
    )  # fmt: skip
    try:
        await asyncio.wait_for(fake.identified.wait(), 30)
        await asyncio.sleep(0.5)
        await fake.slash("roll", [{"name": "expression", "type": 3, "value": "2d6+1"}])
        await asyncio.wait_for(fake.answered.wait(), 15)
        await asyncio.sleep(0.3)
    finally:
        if proc.returncode is None:
            proc.terminate()
        out = (await asyncio.wait_for(proc.communicate(), 15))[0].decode(errors="replace")
        await runner.cleanup()
    assert "INTERACTION_CREATE" in out or "interaction" in out.lower()  # the debug logs did run
    assert INTERACTION_TOKEN not in out
    assert bot_token not in out
