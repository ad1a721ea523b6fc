"""The discord.py client asks Discord only for what the bot reads: servers and channels (interactions
come whatever the intents), no message events and no message cache."""

from __future__ import annotations

from pathlib import Path

import discord

from tests.bot.conftest import open_table


async def test_the_client_subscribes_to_guilds_only(tmp_path: Path) -> None:
    table = await open_table(tmp_path / "t.db")
    try:
        bot = table.local.bot
        assert bot.intents == discord.Intents(guilds=True)
        assert not (bot.intents.guild_messages or bot.intents.message_content or bot.intents.members)
        assert bot._connection.max_messages is None  # discord.py keeps no deque of messages at all
        assert not bot.cached_messages
    finally:
        await table.app.close()
