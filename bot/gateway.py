"""The tracker's way to Discord: a plain channel message (interaction tokens expire after 15 minutes),
posted, edited, pinned and unpinned through the REST API; Discord's errors become the tracker's."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TypeVar

import discord

from bot.tracker import TrackerGone, TrackerRefused

T = TypeVar("T")


class DiscordGateway:
    def __init__(self, client: discord.Client) -> None:
        self.client = client

    async def post(self, channel_id: int, embed: discord.Embed) -> int:
        channel = self.client.get_partial_messageable(channel_id)
        message = await _mapped(lambda: channel.send(embed=embed, allowed_mentions=discord.AllowedMentions.none()))
        return message.id

    async def edit(self, channel_id: int, message_id: int, embed: discord.Embed) -> None:
        message = self.client.get_partial_messageable(channel_id).get_partial_message(message_id)
        await _mapped(lambda: message.edit(embed=embed))

    async def pin(self, channel_id: int, message_id: int) -> None:
        await _mapped(lambda: self.client.get_partial_messageable(channel_id).get_partial_message(message_id).pin())

    async def unpin(self, channel_id: int, message_id: int) -> None:
        await _mapped(lambda: self.client.get_partial_messageable(channel_id).get_partial_message(message_id).unpin())


async def _mapped(call: Callable[[], Awaitable[T]]) -> T:
    """discord.py waits out 429s itself; a deleted message or a missing permission is the tracker's to handle."""
    try:
        return await call()
    except discord.NotFound as exc:
        raise TrackerGone(str(exc)) from exc
    except discord.Forbidden as exc:
        raise TrackerRefused(str(exc)) from exc
