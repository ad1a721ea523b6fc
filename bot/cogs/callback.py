"""Answering an interaction without asking Discord for the message back.

discord.py's `InteractionResponse.send_message` always asks for the created message (`with_response=1`),
reads the whole message from the response and builds a `Message` from it: about a tenth of an answer's
cost in the bot process (issue 17), for an id that only a defence prompt needs. `answer` sends the same
callback through discord.py's own adapter and payload builder without that query (Discord then answers
204 No Content) and marks the interaction answered as `send_message` would, so follow-ups and edits of
the original answer work as before; `update` does the same for a button's answer that replaces its
message without buttons. An answer with a view or files, or whose message id is wanted, goes through
`send_message` (`edit_message` for an update with a view). The console's stand-in interactions have
their own `send_message` and `edit_message`.

With the bot's `CallbackClient` (bot/callback_client.py) the POST itself skips aiohttp's client too; a
429, a 5xx or a request that could not be sent goes through discord.py's adapter, which waits and retries.
"""

from __future__ import annotations

import logging
from typing import Any

import discord
import orjson
from discord.enums import InteractionResponseType
from discord.http import Route
from discord.webhook.async_ import async_context, interaction_message_response_params

from bot.callback_client import Answer, CallbackClient, Unsent

log = logging.getLogger(__name__)


async def answer(interaction: discord.Interaction, callbacks: CallbackClient | None, **kwargs: Any) -> None:
    """The interaction's first answer: `content`, `embeds`, `ephemeral`, `allowed_mentions` as for
    `send_message`; through `callbacks` when given."""
    if not isinstance(interaction, discord.Interaction) or {"view", "files", "file"} & kwargs.keys():
        await interaction.response.send_message(**kwargs)
        return
    flags: Any = discord.utils.MISSING
    if kwargs.get("ephemeral"):
        flags = discord.MessageFlags._from_value(0)
        flags.ephemeral = True
    params = interaction_message_response_params(
        type=InteractionResponseType.channel_message.value,
        content=kwargs.get("content", discord.utils.MISSING),
        embeds=kwargs.get("embeds", discord.utils.MISSING),
        flags=flags,
        previous_allowed_mentions=interaction._state.allowed_mentions,
        allowed_mentions=kwargs.get("allowed_mentions", discord.utils.MISSING),
    )
    await _respond(interaction, callbacks, InteractionResponseType.channel_message, params.payload)


async def update(
    interaction: discord.Interaction,
    callbacks: CallbackClient | None,
    content: str | None,
    embeds: list[discord.Embed],
    view: discord.ui.View | None,
) -> None:
    """A button's answer that replaces the message the button sits on, as `edit_message`; without a view
    (the buttons go: a defence prompt becoming its result) through `callbacks` when given."""
    message = getattr(interaction, "message", None)
    if not isinstance(interaction, discord.Interaction) or view is not None or message is None:
        await interaction.response.edit_message(content=content, embeds=embeds, view=view)
        return
    interaction._state.prevent_view_updates_for(message.id)  # as edit_message does for a view it drops
    params = interaction_message_response_params(
        type=InteractionResponseType.message_update.value,
        content=content,
        embeds=embeds,
        view=None,
        previous_allowed_mentions=interaction._state.allowed_mentions,
    )
    await _respond(interaction, callbacks, InteractionResponseType.message_update, params.payload)


async def _respond(
    interaction: discord.Interaction,
    callbacks: CallbackClient | None,
    kind: InteractionResponseType,
    payload: dict[str, Any] | None,
) -> None:
    """POST the callback: through `callbacks` (a 429, 5xx or unsent request falls to discord.py's adapter,
    which waits and retries), else through the adapter; then the interaction counts as answered."""
    response = interaction.response
    if response.is_done():
        raise discord.InteractionResponded(interaction)
    state = interaction._state
    if callbacks is not None and state.http.proxy is None:
        path = f"/interactions/{interaction.id}/{interaction.token}/callback"
        try:
            got = await callbacks.post(path, orjson.dumps(payload))
        except Unsent as exc:
            log.info("callback of %s through discord.py: %s", interaction.id, exc)
        else:
            if got.status < 300:
                response._response_type = kind
                return
            if got.status != 429 and got.status < 500:
                raise _refused(got)
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
        payload=payload,
    )
    response._response_type = kind


def _refused(got: Answer) -> discord.HTTPException:
    """Discord's refusal as discord.py would raise it (the status, Discord's error code and message)."""
    try:
        message: Any = orjson.loads(got.body)
    except orjson.JSONDecodeError:
        message = got.body.decode("utf-8", "replace")
    kind = {403: discord.Forbidden, 404: discord.NotFound}.get(got.status, discord.HTTPException)
    return kind(got, message)  # discord.py reads only .status and .reason of the response
