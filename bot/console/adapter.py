"""A small local interaction adapter: runs the registered app-command callbacks without Discord.

The offline console and the tests both use it, so they exercise the very callbacks Discord calls.
It mirrors what Discord's client checks before sending (option types, required options, ranges,
choices) and records every response as a Discord-shaped dict.
"""

from __future__ import annotations

import itertools
import re
import zlib
from dataclasses import dataclass, field
from functools import lru_cache
from types import SimpleNamespace
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

GUILD_ID = 1
_LOCALES = {loc.value: loc for loc in discord.Locale}  # by the code a client sends (one look-up a line)
# A member's permissions in a channel: Manage Channels for the GM, nothing else for anyone.
_MANAGER = discord.Permissions(manage_channels=True).value
GM_NAME = "gm"
_SENT = itertools.count()


@dataclass
class Response:
    user: str
    channel: str
    command: str
    ephemeral: bool
    content: str | None
    embeds: list[dict[str, Any]]
    error: str | None = None
    components: list[dict[str, Any]] = field(default_factory=list)  # buttons: custom_id and label
    message_id: int | None = None
    edits: int | None = None  # the message this response replaced
    pinged: list[int] = field(default_factory=list)  # users this message would notify on Discord
    files: list[dict[str, Any]] = field(default_factory=list)  # attachments: name, size, text, data (bytes)
    # When it was sent, among all responses: a line's answers and the bot's own edits and posts are shown
    # in this order, as Discord shows them (an answer, the prompt edited after it, a picture following).
    seq: int = field(default_factory=lambda: next(_SENT), repr=False, compare=False)

    def file_text(self, name_part: str) -> str:
        """The text of the first attachment whose name contains `name_part` ("" if none)."""
        return next((f["text"] for f in self.files if name_part in f["filename"]), "")

    def to_dict(self) -> dict[str, Any]:
        out = {
            "user": self.user,
            "channel": self.channel,
            "command": self.command,
            "ephemeral": self.ephemeral,
            "content": self.content,
            "embeds": self.embeds,
            "error": self.error,
        }
        if self.components:
            out["components"] = self.components
        if self.message_id is not None:
            out["message_id"] = self.message_id
        if self.edits is not None:
            out["edits"] = self.edits
        if self.pinged:
            out["pinged"] = self.pinged
        if self.files:
            out["files"] = [
                {"filename": f["filename"], "size": f["size"], "head": f["text"].splitlines()[:3]} for f in self.files
            ]
        return out


def attachments(files: list[discord.File] | None) -> list[dict[str, Any]]:
    """What Discord would receive as attachments: each file's name, size, text ("" for a binary file such
    as a wound picture) and bytes."""
    out = []
    for f in files or []:
        data = f.fp.read()
        f.reset()
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:  # a picture: its bytes for the tests, no text to print
            text = ""
        out.append({"filename": f.filename, "size": len(data), "text": text, "data": data})
    return out


_MENTION = re.compile(r"<@!?(\d+)>")


def pinged_users(content: str | None, allowed: discord.AllowedMentions | None) -> list[int]:
    """Who Discord would notify: users named in the content whom the allowed mentions let through."""
    if allowed is None or allowed.users is False:  # nobody (None: the client's default, set to nobody)
        return []
    named = [int(m) for m in _MENTION.findall(content or "")]
    if allowed.users is True:
        return named
    permitted = {u.id for u in allowed.users}
    return [u for u in named if u in permitted]


def buttons(view: discord.ui.View | None) -> list[dict[str, Any]]:
    if view is None:
        return []
    out = []
    for row in view.to_components():
        for c in row.get("components", []):
            out.append({"custom_id": c.get("custom_id"), "label": c.get("label")})
    return out


class AdapterError(Exception):
    """What Discord's client itself would refuse before sending (unknown command, bad option)."""


@lru_cache(maxsize=4096)
def snowflake(name: str) -> int:
    """A stable id for a user or channel name (each line needs its channel's twice; bounded memo)."""
    return 10_000 + zlib.crc32(name.encode("utf-8"))


@dataclass
class FakeUser:
    id: int
    name: str
    manager: bool

    @property
    def display_name(self) -> str:
        return self.name

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"


class _Response:
    def __init__(self, owner: FakeInteraction) -> None:
        self._owner = owner
        self._done = False

    def is_done(self) -> bool:
        return self._done

    async def send_message(
        self,
        content: str | None = None,
        *,
        embed: discord.Embed | None = None,
        embeds: list[discord.Embed] | None = None,
        ephemeral: bool = False,
        view: discord.ui.View | None = None,
        allowed_mentions: discord.AllowedMentions | None = None,
        files: list[discord.File] | None = None,
        **_: Any,
    ) -> SimpleNamespace:
        if self._done:
            raise discord.InteractionResponded(self._owner)  # type: ignore[arg-type]
        self._done = True
        r = self._owner.record(content, embed, embeds, ephemeral, view)
        r.pinged = [] if ephemeral else pinged_users(content, allowed_mentions)
        r.files = attachments(files)
        return SimpleNamespace(message_id=r.message_id)

    async def edit_message(
        self,
        *,
        content: str | None = None,
        embeds: list[discord.Embed] | None = None,
        view: discord.ui.View | None = None,
        **_: Any,
    ) -> None:
        if self._done:
            raise discord.InteractionResponded(self._owner)  # type: ignore[arg-type]
        self._done = True
        # The message keeps its visibility: an ephemeral one edited stays its user's alone.
        r = self._owner.record(content, None, embeds, self._owner.message_ephemeral, view)
        r.edits = self._owner.message_id

    async def defer(self, *, ephemeral: bool = False, thinking: bool = False) -> None:
        if self._done:
            raise discord.InteractionResponded(self._owner)  # type: ignore[arg-type]
        self._done = True
        self._owner.deferred = ephemeral


class _Followup:
    def __init__(self, owner: FakeInteraction) -> None:
        self._owner = owner

    async def send(
        self,
        content: str | None = None,
        *,
        embed: discord.Embed | None = None,
        embeds: list[discord.Embed] | None = None,
        ephemeral: bool = False,
        view: discord.ui.View | None = None,
        allowed_mentions: discord.AllowedMentions | None = None,
        files: list[discord.File] | None = None,
        **_: Any,
    ) -> SimpleNamespace:
        if not self._owner.response.is_done():
            raise RuntimeError("followup before the initial response")
        if self._owner.deferred is not None:  # the first followup is the deferred answer: its visibility holds
            ephemeral, self._owner.deferred = self._owner.deferred, None
        r = self._owner.record(content, embed, embeds, ephemeral, view)
        r.pinged = [] if ephemeral else pinged_users(content, allowed_mentions)
        r.files = attachments(files)
        return SimpleNamespace(id=r.message_id)


class FakeInteraction:
    """Duck-typed `discord.Interaction` with just what the handlers touch."""

    def __init__(
        self,
        client: Any,
        user: FakeUser,
        channel: str,
        command: Any,
        options: dict[str, Any],
        locale: str,
        local: LocalDiscord | None = None,
        message_id: int | None = None,
        message_ephemeral: bool = False,
    ) -> None:
        self.command_name = command if isinstance(command, str) else command.qualified_name
        command = None if isinstance(command, str) else command  # component clicks carry no command
        self.client = client
        self.local = local
        self.message_id = message_id
        self.message_ephemeral = message_ephemeral  # the clicked message was ephemeral (its user's alone)
        self.channel = None
        self.user = user
        self.guild_id = GUILD_ID
        self.channel_name = channel
        self.channel_id = snowflake("#" + channel)
        self.command = command
        self.namespace = SimpleNamespace(**options)
        self.locale = _LOCALES.get(locale)
        self.guild_locale = None
        self.extras: dict[str, Any] = {}
        self.permissions = discord.Permissions(_MANAGER if user.manager else 0)
        self.app_permissions = local.bot_permissions if local is not None else discord.Permissions.all()
        self.response = _Response(self)
        self.followup = _Followup(self)
        self.responses: list[Response] = []
        self.deferred: bool | None = None  # a deferred answer's visibility, until its followup comes

    def record(
        self,
        content: str | None,
        embed: discord.Embed | None,
        embeds: list[discord.Embed] | None,
        ephemeral: bool,
        view: discord.ui.View | None = None,
    ) -> Response:
        all_embeds = list(embeds or []) + ([embed] if embed else [])
        r = Response(
            user=self.user.name,
            channel=self.channel_name,
            command=self.command_name,
            ephemeral=ephemeral,
            content=content or None,
            embeds=[dict(e.to_dict()) for e in all_embeds],
            error=self.extras.get("error"),
            components=buttons(view),
            message_id=None if ephemeral or self.local is None else self.local.next_message_id(),
        )
        self.responses.append(r)
        return r


@dataclass
class LocalDiscord:
    """Users, channels and the bot's command tree, driven locally."""

    bot: commands.Bot
    default_locale: str = "en-US"
    users: dict[str, FakeUser] = field(default_factory=dict)
    locales: dict[str, str] = field(default_factory=dict)
    dynamic_items: tuple[type[Any], ...] = ()
    # What the bot may do in the channels (a test takes Send Messages or Pin Messages away).
    bot_permissions: discord.Permissions = field(default_factory=discord.Permissions.all)
    _message_seq: int = 0
    # The console's reading of each command text it has seen: the command and its options (bounded by
    # the reader; the command tree is fixed once the cogs are loaded).
    read_memo: dict[str, tuple[app_commands.Command[Any, ..., Any], tuple[tuple[str, str], ...]]] = field(
        default_factory=dict
    )

    def next_message_id(self) -> int:
        self._message_seq += 1
        return self._message_seq

    def user(self, name: str) -> FakeUser:
        name = name.lstrip("@")
        found = self.users.get(name)
        if found is None:
            found = self.users[name] = FakeUser(snowflake("@" + name), name, manager=(name == GM_NAME))
        return found

    def user_by_id(self, user_id: int) -> FakeUser | None:
        return next((u for u in self.users.values() if u.id == user_id), None)

    def find_command(self, path: str) -> app_commands.Command[Any, ..., Any]:
        parts = path.strip().lstrip("/").split()
        node: Any = self.bot.tree.get_command(parts[0]) if parts else None
        for part in parts[1:]:
            if not isinstance(node, app_commands.Group):
                break
            node = node.get_command(part)
        if not isinstance(node, app_commands.Command):
            raise AdapterError(f"unknown command /{path.strip().lstrip('/')}")
        return node

    def command_paths(self) -> list[str]:
        out = []
        for cmd in self.bot.tree.walk_commands():
            if isinstance(cmd, app_commands.Command):
                out.append(cmd.qualified_name)
        return sorted(out)

    async def invoke(
        self, user: str, channel: str, path: str | app_commands.Command[Any, ..., Any], raw: dict[str, str]
    ) -> list[Response]:
        """Run a command named by its path, or one a caller already looked up in the tree."""
        cmd = path if isinstance(path, app_commands.Command) else self.find_command(path)
        options = convert_options(cmd, raw)
        who = self.user(user)
        locale = self.locales.get(who.name, self.default_locale)
        interaction = FakeInteraction(self.bot, who, channel, cmd, options, locale, self)
        await cmd.callback(cmd.binding, interaction, **options)  # type: ignore[arg-type]
        if not interaction.responses:
            raise RuntimeError(f"/{cmd.qualified_name} sent no response")
        return interaction.responses

    async def click(
        self, user: str, channel: str, custom_id: str, message_id: int | None = None, ephemeral: bool = False
    ) -> list[Response]:
        """Press a button, as Discord would dispatch it to a registered dynamic item; `ephemeral` when the
        button sits on an ephemeral message (only its user sees it, and so its edit)."""
        for cls in self.dynamic_items:
            match = cls.__discord_ui_compiled_template__.fullmatch(custom_id)
            if match is None:
                continue
            who = self.user(user)
            locale = self.locales.get(who.name, self.default_locale)
            interaction = FakeInteraction(
                self.bot, who, channel, f"button {custom_id}", {}, locale, self, message_id, ephemeral
            )
            button: discord.ui.Button[Any] = discord.ui.Button(custom_id=custom_id, label=custom_id)
            item = await cls.from_custom_id(interaction, button, match)
            await item.callback(interaction)
            return interaction.responses
        raise AdapterError(f"no button handles {custom_id}")

    async def autocomplete(
        self, user: str, channel: str, path: str, option: str, current: str, raw: dict[str, str] | None = None
    ) -> list[app_commands.Choice[Any]]:
        cmd = self.find_command(path)
        param = cmd._params.get(option)
        if param is None or param.autocomplete is None:
            raise AdapterError(f"/{cmd.qualified_name} has no autocomplete for {option}")
        options = {k: v for k, v in (raw or {}).items()}
        who = self.user(user)
        locale = self.locales.get(who.name, self.default_locale)
        interaction = FakeInteraction(self.bot, who, channel, cmd, options, locale)
        callback = param.autocomplete
        binding = cmd.binding
        if getattr(callback, "pass_command_binding", False) and binding is not None:
            result = await callback(binding, interaction, current)
        else:
            result = await callback(interaction, current)
        return list(result)


_TRUE = {"true", "yes", "1", "on"}
_FALSE = {"false", "no", "0", "off"}


@dataclass(frozen=True, slots=True)
class Option:
    """What the client checks of one option, read once from discord.py's `Parameter` (whose `type`,
    `choices` and bounds are properties reaching through its transformer on every read)."""

    name: str
    kind: discord.AppCommandOptionType
    required: bool
    choices: tuple[Any, ...]  # the allowed values; empty: any
    min_value: int | float | None
    max_value: int | float | None


@lru_cache(maxsize=256)
def parameters(cmd: app_commands.Command[Any, ..., Any]) -> dict[str, Option]:
    """A command's options by name. They are fixed when the command is defined, while discord.py builds
    the list anew on each `cmd.parameters`: kept per command (bounded; the bot has ~40)."""
    return {
        p.name: Option(p.name, p.type, p.required, tuple(c.value for c in p.choices), p.min_value, p.max_value)
        for p in cmd.parameters
    }


def convert_options(cmd: app_commands.Command[Any, ..., Any], raw: dict[str, str]) -> dict[str, Any]:
    """Type and range checks as Discord's client does them, so bad input is refused the same way."""
    params = parameters(cmd)
    out: dict[str, Any] = {}
    for name, text in raw.items():
        p = params.get(name)
        if p is None:
            raise AdapterError(f"/{cmd.qualified_name} has no option {name}: (options: {', '.join(params)})")
        out[name] = _convert(cmd, p, text)
    missing = [p.name for p in params.values() if p.required and p.name not in out]
    if missing:
        raise AdapterError(f"/{cmd.qualified_name} needs {', '.join(m + ':' for m in missing)}")
    return out


def _convert(cmd: Any, p: Option, text: str) -> Any:
    kind = p.kind
    value: Any
    try:
        if kind is discord.AppCommandOptionType.integer:
            value = int(text)
        elif kind is discord.AppCommandOptionType.number:
            value = float(text)
        elif kind is discord.AppCommandOptionType.boolean:
            if text.lower() not in _TRUE | _FALSE:
                raise ValueError(text)
            value = text.lower() in _TRUE
        else:
            value = text
    except ValueError:
        raise AdapterError(f"{p.name}: expects {kind.name}, got {text!r}") from None
    if p.choices and value not in p.choices:
        raise AdapterError(f"{p.name}: one of {', '.join(str(c) for c in p.choices)}")
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        if (p.min_value is not None and value < p.min_value) or (p.max_value is not None and value > p.max_value):
            raise AdapterError(f"{p.name}: between {p.min_value} and {p.max_value}")
    if isinstance(value, str):
        if (p.min_value is not None and len(value) < p.min_value) or (
            p.max_value is not None and len(value) > p.max_value
        ):
            raise AdapterError(f"{p.name}: {p.min_value}–{p.max_value} characters")
    return value
