"""The real `python -m bot` with a token: it logs in, syncs its commands and answers a slash command,
against a Discord look-alike on loopback (DISCORD_API_BASE / DISCORD_GATEWAY_URL)."""

from __future__ import annotations

import asyncio
from pathlib import Path

from tests.e2e.discord_process import bot_process
from tests.e2e.fake_discord import INTERACTION_TOKEN


async def test_bot_process_logs_in_syncs_and_answers(tmp_path: Path) -> None:
    async with bot_process(tmp_path, LOG_LEVEL="INFO") as bot:
        fake = bot.fake
        assert fake.synced and {c["name"] for c in fake.synced[0]} >= {"attack", "encounter", "roll", "parry"}
        attack = next(c for c in fake.synced[0] if c["name"] == "attack")
        assert attack.get("name_localizations", {}).get("cs")  # translated names travel with the sync
        await fake.slash("roll", [{"name": "expression", "type": 3, "value": "2d6+1"}])
        await asyncio.wait_for(fake.answered.wait(), 15)
        body = fake.callbacks[0]
        assert body["type"] == 4
        embed = body["data"]["embeds"][0]
        assert "2d6" in embed["description"]
    assert "Traceback" not in bot.output, bot.output


async def test_tokens_stay_out_of_the_logs_at_debug(tmp_path: Path) -> None:
    """At LOG_LEVEL=DEBUG discord.py logs gateway payloads and request URLs: neither the interaction's
    token nor the bot's may reach the output."""
    bot_token = "MTIzNDU2Nzg5MDEyMzQ1Njc4.fake-bot-token.abcdefghijklmnopqrstuv"
    async with bot_process(tmp_path, DISCORD_TOKEN=bot_token, LOG_LEVEL="DEBUG") as bot:
        await bot.fake.slash("roll", [{"name": "expression", "type": 3, "value": "2d6+1"}])
        await asyncio.wait_for(bot.fake.answered.wait(), 15)
        await asyncio.sleep(0.3)
    out = bot.output
    assert "INTERACTION_CREATE" in out or "interaction" in out.lower()  # the debug logs did run
    assert INTERACTION_TOKEN not in out
    assert bot_token not in out
