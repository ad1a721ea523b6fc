"""What every cog shares: context from the interaction, one error path, one way to answer."""

from __future__ import annotations

import io
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.callback_client import CallbackClient
from bot.cogs.callback import answer, update
from bot.i18n.catalog import default_catalog
from bot.presenters.fight_log import LogFile, batches
from bot.presenters.limits import CONTENT, cut
from bot.presenters.texts import Texts
from bot.service.context import Ctx
from bot.service.errors import UserError
from bot.storage.database import COMMITTED, StorageError
from rules import RulesError

if TYPE_CHECKING:
    from bot.app import App

log = logging.getLogger(__name__)
SUPPORTED = {"cs": "cs", "pl": "pl", "it": "it", "en-US": "en", "en-GB": "en"}


def describe(key: str) -> app_commands.locale_str:
    """A command/option description from the catalog (English default, translations by key)."""
    return app_commands.locale_str(default_catalog().text("en", key), key=key)


@dataclass
class Reply:
    embeds: list[discord.Embed] = field(default_factory=list)
    content: str | None = None
    ephemeral: bool = False
    followups: list[Reply] = field(default_factory=list)
    view: discord.ui.View | None = None
    edit: bool = False  # replace the message the button sits on
    # The users this message may ping (the defender, whose turn it is); nobody else, never from names.
    mention_users: list[int] = field(default_factory=list)
    files: list[LogFile] = field(default_factory=list)  # attachments (more than one message holds follow)
    # Work after the answer went out (a REST edit of an earlier message): the user hears back first.
    then: Callable[[], Awaitable[None]] | None = None
    # Follow-ups sent once `then` is done: a wound picture under the result that `then` edited in place.
    after: list[Reply] = field(default_factory=list)
    # Told the id of the message this reply became (a defence prompt's, for editing it later); only a reply
    # with it asks Discord for the message back (`callback.answer`).
    on_sent: Callable[[int], Awaitable[None]] | None = None


def language(interaction: discord.Interaction, default: str) -> str:
    for loc in (interaction.locale, interaction.guild_locale):
        if loc is not None:
            lang = SUPPORTED.get(str(getattr(loc, "value", loc)))
            if lang:
                return lang
    return default


def context(interaction: discord.Interaction, lang: str) -> Ctx:
    perms = interaction.permissions
    return Ctx(
        guild_id=interaction.guild_id or 0,
        channel_id=interaction.channel_id or 0,
        user_id=interaction.user.id,
        user_name=interaction.user.display_name,
        manager=bool(perms.manage_channels or perms.administrator),
        lang=lang,
    )


class BaseCog(commands.Cog):
    def __init__(self, app: App) -> None:
        self.app = app

    async def texts(self, interaction: discord.Interaction) -> tuple[Ctx, Texts]:
        pinned = await self.app.service.pinned_language(interaction.guild_id or 0, interaction.channel_id or 0)
        lang = pinned or language(interaction, self.app.config.default_locale)
        return context(interaction, lang), Texts(self.app.catalog, lang)

    async def run(
        self,
        interaction: discord.Interaction,
        handler: Callable[[Ctx, Texts], Awaitable[Reply]],
    ) -> None:
        """Call the handler; a user error becomes an ephemeral hint, anything else is logged."""
        ctx, tx = await self.texts(interaction)
        COMMITTED.set(False)
        try:
            reply = await handler(ctx, tx)
        except (UserError, RulesError) as exc:
            log.info(
                "refused %s for user %s in %s: %s %s",
                _name(interaction),
                ctx.user_id,
                ctx.channel_id,
                exc.key,
                exc.params,
            )
            interaction.extras["error"] = exc.key
            system = getattr(exc, "system", None) or await self._channel_system(ctx)
            reply = self._refusal(tx.for_system(system) if system else tx, exc) or self._failure(interaction, ctx, tx)
        except StorageError as exc:  # the database connection failed: say truthfully what was saved
            log.warning("storage failed during %s in %s: %s", _name(interaction), ctx.channel_id, exc.key)
            interaction.extras["error"] = exc.key
            reply = Reply(content=tx(exc.key), ephemeral=True)
        except Exception:
            reply = self._failure(interaction, ctx, tx)
        await send(interaction, reply, self.app.callbacks)
        if reply.then is not None:
            await reply.then()
        for extra in reply.after:
            try:
                await followup(interaction, extra)
            except discord.HTTPException:  # the result itself is out; a picture that cannot follow is left out
                log.warning("could not send a follow-up of %s in %s", _name(interaction), ctx.channel_id, exc_info=True)
        self.app.collector.command_done()

    async def _channel_system(self, ctx: Ctx) -> str | None:
        """The game of the channel's fight: a refusal names its terms in that game's words."""
        try:
            enc = await self.app.service.encounter(ctx.channel_id)
        except Exception:  # the refusal must still be written
            log.exception("no encounter for a refusal in %s", ctx.channel_id)
            return None
        return enc.system if enc else None

    @staticmethod
    def _refusal(tx: Texts, exc: UserError | RulesError) -> Reply | None:
        """A refusal in the user's language (the game's own terms when `tx` names one); None if even that
        could not be written (a missing text)."""
        key = exc.key
        if getattr(exc, "by_game", False) and tx.system:  # the game's own wording of a shared refusal
            own = f"error.{tx.system}.{key.removeprefix('error.')}"
            key = own if tx.catalog.has(tx.lang, own) else key
        try:
            return Reply(content=cut(tx(key, **exc.params), CONTENT), ephemeral=True)
        except Exception:
            log.exception("could not write the refusal %s %s", key, exc.params)
            return None

    @staticmethod
    def _failure(interaction: discord.Interaction, ctx: Ctx, tx: Texts) -> Reply:
        """Something broke: logged with the command, and answered truthfully (after a commit the change
        stands and only the answer failed)."""
        log.exception(
            "command %s failed (user %s, channel %s, options %s)",
            _name(interaction),
            ctx.user_id,
            ctx.channel_id,
            vars(interaction.namespace) if interaction.namespace else {},
        )
        key = "error.internal_after_commit" if COMMITTED.get() else "error.internal"
        interaction.extras["error"] = key
        tx.catalog.strict, strict = False, tx.catalog.strict  # the apology itself must never fail
        try:
            return Reply(content=tx(key), ephemeral=True)
        finally:
            tx.catalog.strict = strict


async def defer(interaction: discord.Interaction, ephemeral: bool = False) -> None:
    """Claim more than 3 seconds (for work that may take longer: the log); the answer then follows."""
    if not interaction.response.is_done():
        await interaction.response.defer(thinking=True, ephemeral=ephemeral)


async def send(interaction: discord.Interaction, reply: Reply, callbacks: CallbackClient | None = None) -> None:
    groups = batches(reply.files)
    if reply.edit and not interaction.response.is_done():
        await update(interaction, callbacks, reply.content, reply.embeds, reply.view)
    else:
        kwargs = _message(reply, groups[0] if groups else [])
        if reply.view is not None:
            kwargs["view"] = reply.view
        if interaction.response.is_done():
            message = await interaction.followup.send(wait=True, **kwargs)
            await _sent(reply, getattr(message, "id", None))
        elif reply.on_sent is not None:
            callback = await interaction.response.send_message(**kwargs)
            await _sent(reply, getattr(callback, "message_id", None))
        else:
            await answer(interaction, callbacks, **kwargs)
    for group in groups[1:]:  # files beyond one message's upload limit, each group its own message
        await interaction.followup.send(ephemeral=reply.ephemeral, files=_files(group))
    for extra in reply.followups:
        await followup(interaction, extra)


async def _sent(reply: Reply, message_id: int | None) -> None:
    if message_id is not None and reply.on_sent is not None:
        await reply.on_sent(message_id)


async def followup(interaction: discord.Interaction, extra: Reply) -> None:
    """One follow-up message (and more where its files need them)."""
    extra_groups = batches(extra.files)
    await interaction.followup.send(**_message(extra, extra_groups[0] if extra_groups else []))
    for group in extra_groups[1:]:
        await interaction.followup.send(ephemeral=extra.ephemeral, files=_files(group))


def _message(reply: Reply, files: list[LogFile]) -> dict[str, Any]:
    kwargs: dict[str, Any] = {"ephemeral": reply.ephemeral}
    if reply.content:
        kwargs["content"] = reply.content
    if reply.embeds:
        kwargs["embeds"] = reply.embeds
    if files:
        kwargs["files"] = _files(files)
    kwargs["allowed_mentions"] = allowed_mentions(reply.mention_users)
    return kwargs


def _files(files: list[LogFile]) -> list[discord.File]:
    return [discord.File(io.BytesIO(f.data), filename=f.name) for f in files]


_NOBODY = discord.AllowedMentions.none()  # discord.py reads it (merge, to_dict) and never changes it


def allowed_mentions(users: list[int]) -> discord.AllowedMentions:
    """Only the named users may be pinged; roles, @everyone and names typed by players never."""
    if not users:
        return _NOBODY
    return discord.AllowedMentions(
        everyone=False, roles=False, replied_user=False, users=[discord.Object(u) for u in users]
    )


def _name(interaction: discord.Interaction) -> str:
    cmd = interaction.command
    return cmd.qualified_name if cmd is not None else "?"


def choices(values: list[str], current: str, limit: int = 25) -> list[app_commands.Choice[str]]:
    """Autocomplete: prefix matches first, then substring matches; Discord takes at most 25."""
    folded = current.casefold().strip()
    starts = [v for v in values if v.casefold().startswith(folded)]
    inside = [v for v in values if folded and folded in v.casefold() and v not in starts]
    return [app_commands.Choice(name=cut(v, 100), value=v[:100]) for v in (starts + inside)[:limit]]


def labeled_choices(options: list[tuple[str, str]], current: str, limit: int = 25) -> list[app_commands.Choice[str]]:
    """Autocomplete over (value, label) pairs: typing matches the label in the user's words or the value;
    the user sees the label, the command receives the value."""
    folded = _fold(current)
    starts = [(v, lbl) for v, lbl in options if _fold(lbl).startswith(folded) or _fold(v).startswith(folded)]
    inside = [
        (v, lbl)
        for v, lbl in options
        if folded and (folded in _fold(lbl) or folded in _fold(v)) and (v, lbl) not in starts
    ]
    return [app_commands.Choice(name=cut(lbl, 100), value=v[:100]) for v, lbl in (starts + inside)[:limit]]


def _fold(text: str) -> str:
    """Case and diacritics folded: `meč`, `Mec` and `MEČ` match."""
    import unicodedata

    decomposed = unicodedata.normalize("NFKD", text.casefold().strip())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch)).replace("ł", "l")
