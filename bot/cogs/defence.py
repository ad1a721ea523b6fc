"""The defender's answer: a button per defence on the prompt, and `/parry` typed by hand.

Buttons are `DynamicItem`s whose custom_id carries the exchange id, so they work after a restart;
whether they are still valid is decided by the database, never by the view.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord

from bot.cogs import pictures
from bot.cogs.base import BaseCog, Reply
from bot.presenters import render
from bot.presenters.limits import escape
from bot.presenters.texts import Texts
from bot.service.context import Ctx
from bot.service.game import ActionOutcome

if TYPE_CHECKING:
    from bot.app import App

TEMPLATE = r"def:(?P<xid>[0-9]+):(?P<choice>[A-Za-z0-9_,\-]{1,60})"


class DefenceButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=TEMPLATE):
    def __init__(self, exchange_id: int, choice: str, label: str | None = None) -> None:
        super().__init__(
            discord.ui.Button(
                label=(label or choice)[:80], style=discord.ButtonStyle.primary, custom_id=f"def:{exchange_id}:{choice}"
            )
        )
        self.exchange_id = exchange_id
        self.choice = choice

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction,
        item: discord.ui.Button[Any],  # type: ignore[override]
        match: Any,
    ) -> DefenceButton:
        return cls(int(match["xid"]), match["choice"], item.label)

    async def callback(self, interaction: discord.Interaction) -> None:
        app: App = interaction.client.app  # type: ignore[attr-defined]
        cog = BaseCog(app)

        async def handler(ctx: Ctx, tx: Texts) -> Reply:
            outcome = await app.service.defend(ctx, self.exchange_id, self.choice)
            reply = answer_reply(tx, outcome)
            reply.edit = True  # the result replaces the prompt
            return await pictures.with_hit_picture(app, tx, outcome, reply)

        await cog.run(interaction, handler)


def prompt_view(exchange_id: int, defences: list[tuple[str, str]]) -> discord.ui.View:
    """A button per (defence, label), at most 20."""
    view = discord.ui.View(timeout=None)
    for choice, label in defences[:20]:
        view.add_item(DefenceButton(exchange_id, choice, label))
    return view


def prompt_reply(tx: Texts, outcome: ActionOutcome) -> Reply:
    assert outcome.exchange is not None and outcome.target is not None
    tx = tx.for_system(outcome.system.id)
    defences = [(c, tx.term("defence", c)) for c in outcome.exchange.defences]  # named once: text and buttons
    choices = ", ".join(label for _, label in defences) or "—"
    timeout = int(outcome.exchange.deadline - outcome.exchange.created_at)
    content = tx(
        "defence.prompt",
        gender=outcome.target.gender,
        user=f"<@{outcome.prompt_user_id}>",
        name=escape(outcome.target.name),
        choices=choices,
        seconds=timeout,
    )
    users = [outcome.prompt_user_id] if outcome.prompt_user_id is not None else []
    view = prompt_view(outcome.exchange.id, defences)
    return Reply([render.action_embed(tx, outcome)], content=content, view=view, mention_users=users)


def answer_reply(tx: Texts, outcome: ActionOutcome) -> Reply:
    embed = render.action_embed(tx, outcome)
    content = tx("defence.automatic") if outcome.automatic else None
    return Reply([embed], content=content)


def message_link(guild_id: int, channel_id: int, message_id: int) -> str:
    return f"https://discord.com/channels/{guild_id}/{channel_id}/{message_id}"


async def typed_answer_reply(app: App, tx: Texts, outcome: ActionOutcome, can_write: bool = True) -> Reply:
    """`/parry` typed by hand: the typist gets a one-line acknowledgement with a link at once, then the
    prompt becomes the result (edited in place after the answer went out; a hit's wound picture follows
    it); only if the prompt cannot be edited is the result posted, once. Without a known prompt message
    the answer is the result, and so it is where the bot may not write in the channel (`can_write`: Send
    Messages and Embed Links; an interaction's answer needs neither), or the result would be lost."""
    x, enc = outcome.answers_to, outcome.encounter
    if x is None or x.message_id is None or app.message_editor is None or not can_write:
        return await pictures.with_hit_picture(app, tx, outcome, answer_reply(tx, outcome))

    async def replace_prompt() -> None:
        if not await app.retire_prompt(outcome, tx):
            await app.post(enc.channel_id, None, [render.action_embed(tx, outcome)], [])

    link = message_link(enc.guild_id, enc.channel_id, x.message_id)
    # A hit's wound picture follows the result it illustrates, as after a button (`with_hit_picture`).
    pictured = await pictures.with_hit_picture(app, tx, outcome, Reply(edit=True))
    ack = tx("defence.answered", link=link)
    return Reply(content=ack, ephemeral=True, then=replace_prompt, after=pictured.followups)
