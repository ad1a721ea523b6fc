"""Answering an interaction without asking Discord for the message back.

discord.py's `InteractionResponse.send_message` always asks for the created message (`with_response=1`),
reads the whole message from the response and builds a `Message` from it: about a tenth of an answer's
cost in the bot process (issue 17), for an id that only a defence prompt needs. `answer` sends the same
callback through discord.py's own adapter and payload builder without that query (Discord then answers
204 No Content) and marks the interaction answered as `send_message` would, so follow-ups and edits of
the original answer work as before. An answer with a view or files, or whose message id is wanted, goes
through `send_message`. The console's stand-in interactions have their own `send_message`.
"""

from __future__ import annotations

from typing import Any

import discord
from discord.enums import InteractionResponseType
from discord.http import Route
from discord.webhook.async_ import async_context, interaction_message_response_params


async def answer(interaction: discord.Interaction, **kwargs: Any) -> None:
    """The interaction's first answer: `content`, `embeds`, `ephemeral`, `allowed_mentions` as for
    `send_message`."""
    if not isinstance(interaction, discord.Interaction) or {"view", "files", "file"} & kwargs.keys():
        await interaction.response.send_message(**kwargs)
        return
    response = interaction.response
    if response.is_done():
        raise discord.InteractionResponded(interaction)
    flags: Any = discord.utils.MISSING
    if kwargs.get("ephemeral"):
        flags = discord.MessageFlags._from_value(0)
        flags.ephemeral = True
    state = interaction._state
    params = interaction_message_response_params(
        type=InteractionResponseType.channel_message.value,
        content=kwargs.get("content", discord.utils.MISSING),
        embeds=kwargs.get("embeds", discord.utils.MISSING),
        flags=flags,
        previous_allowed_mentions=state.allowed_mentions,
        allowed_mentions=kwargs.get("allowed_mentions", discord.utils.MISSING),
    )
    route = Route(
        "POST",
        "/interactions/{webhook_id}/{webhook_token}/callback",
        webhook_id=interaction.id,
        webhook_token=interaction.token,
    )
    await async_context.get().request(
        route,
        session=interaction._session,
        proxy=state.http.proxy,
        proxy_auth=state.http.proxy_auth,
        payload=params.payload,
    )
    response._response_type = InteractionResponseType.channel_message
