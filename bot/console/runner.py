"""Read `@user #channel /command opt:value …` lines, run them, print the answers."""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from typing import Any, TextIO

import discord
from discord import app_commands

from bot.app import App, CombatBot
from bot.config import Config
from bot.console.adapter import AdapterError, LocalDiscord, Response, parameters, snowflake
from bot.console.clock import VirtualClock
from bot.storage.jsontext import compact
from bot.tracker import Tracker, TrackerGone

DEFAULT_CHANNEL = "general"
DEFAULT_USER = "gm"
LOCALES = {"cs": "cs", "pl": "pl", "it": "it", "en": "en-US"}
HELP = """Buttons: a prompt lists its buttons; press one with  @bob click def:12:defend
Lines look like what you type in Discord, with the acting user and channel first:
  @gm #tavern /encounter start system:dnd35 name:"Goblin ambush"
  @gm /encounter add name:Goblin stats:"ac:15 hp:7 attack:+1 damage:1d6" count:2 hidden:true
  @ana /character create system:dnd35 name:Ana stats:"str:16 dex:12 bab:3 hp:24 ac:17"
  @ana /encounter join character:Ana
  @ana /attack target:"Goblin 1" weapon:longsword options:"flanking"
@gm holds Manage Channels; any other @name is a plain member (@ana:cs sets ana's language).
Commands: {commands}
Type quit to leave."""


@dataclass
class Line:
    user: str
    channel: str
    command: str
    options: dict[str, str]
    locale: str | None = None
    # The command itself, as the tree lookup found it while reading the line (None for a click).
    found: app_commands.Command[Any, ..., Any] | None = None


_PREFIX = re.compile(
    r"^\s*(?:@(?P<user>[\w.\-]+)(?::(?P<loc>[a-z]{2}))?\s+)?(?:#(?P<chan>[\w.\-]+)\s+)?"
    r"(?:(?P<rest>/.*)|click\s+(?P<click>\S+))$"
)


def parse_line(text: str, local: LocalDiscord, channel: str = DEFAULT_CHANNEL) -> Line:
    m = _PREFIX.match(text)
    if not m:
        raise AdapterError("a line starts with an optional @user and #channel, then /command (or click BUTTON_ID)")
    if m.group("click"):
        return Line(
            m.group("user") or DEFAULT_USER,
            m.group("chan") or channel,
            "click",
            {"id": m.group("click")},
            m.group("loc"),
        )
    cmd, options = _read_command(local, m.group("rest"))
    return Line(
        m.group("user") or DEFAULT_USER,
        m.group("chan") or channel,
        cmd.qualified_name,
        dict(options),
        m.group("loc"),
        cmd,
    )


READ_MEMO = 1024  # command texts remembered per console (a GM repeats a few dozen; bounded all the same)


def _read_command(
    local: LocalDiscord, rest: str
) -> tuple[app_commands.Command[Any, ..., Any], tuple[tuple[str, str], ...]]:
    """The command and options a line's `/…` text names. The same text reads the same way against the
    same command tree (`/parry`, `/encounter next`, an attack's options in every channel), so each text
    is read once per console (bounded); a refused text is read, and refused, every time."""
    memo = local.read_memo
    found = memo.get(rest)
    if found is None:
        if len(memo) >= READ_MEMO:
            memo.clear()
        found = memo[rest] = _read_words(local, rest)
    return found


def _read_words(
    local: LocalDiscord, rest: str
) -> tuple[app_commands.Command[Any, ..., Any], tuple[tuple[str, str], ...]]:
    tokens = split_words(rest)
    cmd, tokens = _command(local, tokens)
    option_names = _localized_names()[1]
    names = parameters(cmd)
    options: dict[str, str] = {}
    last: str | None = None
    for token in tokens:
        key, sep, value = token.partition(":")
        key = key if key in names else option_names.get(key, key)  # `systém:` is `system:`
        if sep and key in names:
            options[key] = value
            last = key
        elif last is not None:
            # `stats:ac:15 hp:7`: words that are not option names continue the previous option.
            options[last] = f"{options[last]} {token}"
        else:
            raise AdapterError(
                f"/{cmd.qualified_name}: unknown option in {token!r} (options: {', '.join(sorted(names))})"
            )
    return cmd, tuple(options.items())


def _command(local: LocalDiscord, tokens: list[str]) -> tuple[app_commands.Command[Any, ..., Any], list[str]]:
    """The command the leading words name (in any language), and the words left for its options. Walks the
    command tree as it reads, one lookup per word; a path that is no command goes to `find_command` for its
    refusal (and for what only it reads: `/"encounter next"`, one quoted word)."""
    commands, _ = _localized_names()
    path: list[str] = []
    node: Any = None
    at = 0
    while at < len(tokens) and ":" not in tokens[at] and (not path or isinstance(node, app_commands.Group)):
        word = tokens[at].lstrip("/")
        at += 1
        name = commands.get((tuple(path), word), word)  # `/střetnutí další` is `/encounter next`
        node = local.bot.tree.get_command(name) if not path else node.get_command(name)
        path.append(name)
    if not isinstance(node, app_commands.Command):
        node = local.find_command(" ".join(path))
    return node, tokens[at:]


@cache
def _localized_names() -> tuple[dict[tuple[tuple[str, ...], str], str], dict[str, str]]:
    """Command and option names as Discord shows them in cs, pl and it, back to the names the commands
    are registered with: Discord sends the registered names whatever the user read, and so does this."""
    from bot.i18n.catalog import default_catalog

    commands: dict[tuple[tuple[str, ...], str], str] = {}
    options: dict[str, str] = {}
    for messages in default_catalog().messages.values():
        for key, text in messages.items():
            if key.startswith("name.cmd."):
                parts = key.removeprefix("name.cmd.").split(".")
                commands[(tuple(parts[:-1]), text)] = parts[-1]
            elif key.startswith("name.opt."):
                options.setdefault(text, key.removeprefix("name.opt."))
    return commands, options


_WORD = re.compile(r'(?:[^\s"]+|"[^"]*")+')


def split_words(text: str) -> list[str]:
    """Split on spaces, keeping "quoted parts" together (quotes removed), like a shell would."""
    if text.count('"') % 2:
        raise AdapterError("unbalanced quotes")
    return [w.replace('"', "") for w in _WORD.findall(text)]


FILE_HEAD = 6


def render_text(r: Response, local: LocalDiscord) -> str:
    head = f"[#{r.channel}] @{r.user} /{r.command}" + (" (only you can see this)" if r.ephemeral else "")
    if r.edits is not None:
        head += f" (replaces message {r.edits})"
    lines = [head]
    if r.content:
        lines.append("  " + _plain(r.content, local))
    for e in r.embeds:
        if e.get("title"):
            lines.append("  " + _plain(e["title"], local))
        if e.get("description"):
            lines += ["  " + _plain(x, local) for x in e["description"].splitlines()]
        for f in e.get("fields", []):
            value = _plain(f["value"], local).replace("\n", "\n    ")
            lines.append(f"  {_plain(f['name'], local)}: {value}")
        if e.get("footer", {}).get("text"):
            lines.append("  — " + _plain(e["footer"]["text"], local))
    for f in r.files:  # an attachment: its name and size, and its first lines
        lines.append(f"  📎 {f['filename']} ({f['size']} B)")
        lines += ["  │ " + line for line in f["text"].splitlines()[:FILE_HEAD]]
    if r.components:
        lines.append("  Buttons: " + "  ".join(f"[{c['label']}] (click {c['custom_id']})" for c in r.components))
    return "\n".join(lines)


def _plain(text: str, local: LocalDiscord) -> str:
    def mention(m: re.Match[str]) -> str:
        user = local.user_by_id(int(m.group(1)))
        return "@" + user.name if user else m.group(0)

    text = re.sub(r"<@(\d+)>", mention, text)
    # Struck through stays struck through (a die not counted: a dropped die, ArM5's stress zero), else the
    # line would not add up for the reader; bold and code marks are dropped.
    text = _STRUCK.sub(lambda m: "".join(ch + "\u0336" for ch in m.group(1)), text)
    return text.replace("**", "").replace("`", "")


_STRUCK = re.compile(r"~~(.+?)~~")


class ConsoleGateway:
    """The tracker's messages in the console: posted and edited like Discord would, printed after the
    line that caused them (deleted messages refuse edits, as on Discord)."""

    def __init__(self, console: Console) -> None:
        self.console = console
        self.pinned: set[int] = set()
        self.posts = 0
        self.edits = 0

    async def post(self, channel_id: int, embed: discord.Embed) -> int:
        self.posts += 1
        message_id = self.console.local.next_message_id()
        self.console.tracked(self._response(channel_id, embed, message_id=message_id))
        return message_id

    async def edit(self, channel_id: int, message_id: int, embed: discord.Embed) -> None:
        if message_id in self.console.deleted:
            raise TrackerGone(f"message {message_id} was deleted")
        self.edits += 1
        self.console.tracked(self._response(channel_id, embed, edits=message_id))

    async def pin(self, channel_id: int, message_id: int) -> None:
        self.pinned.add(message_id)

    async def unpin(self, channel_id: int, message_id: int) -> None:
        self.pinned.discard(message_id)

    def _response(self, channel_id: int, embed: discord.Embed, **where: Any) -> Response:
        return Response(
            user="bot",
            channel=self.console._channel_name(channel_id),
            command="tracker",
            ephemeral=False,
            content=None,
            embeds=[dict(embed.to_dict())],
            **where,
        )


class Console:
    def __init__(self, local: LocalDiscord, out: TextIO, as_json: bool, tracker: bool = False) -> None:
        self.local = local
        self.out = out
        self.as_json = as_json
        self.channel = DEFAULT_CHANNEL
        self.button_messages: dict[str, int] = {}
        self.private_buttons: set[str] = set()  # buttons on ephemeral messages: their edits stay private
        self._names: dict[int, str] = {snowflake("#" + DEFAULT_CHANNEL): DEFAULT_CHANNEL}  # channel id → name
        self.side: list[Response] = []  # edits and posts of the bot's own since the last line
        self.deleted: set[int] = set()  # messages a test deleted (edits of them fail, as on Discord)
        app = local.bot.app  # type: ignore[attr-defined]
        app.message_editor = self.on_edit
        app.message_poster = self.on_post
        # The live tracker on a virtual clock: each line is one second, so its edits come out the same on
        # every run (at most one per channel every two lines), printed after the line's answers.
        self.clock = VirtualClock()
        self.line_seconds = 1.0  # virtual time one line takes
        self.gateway = ConsoleGateway(self)
        self._tracked: list[Response] = []
        self.tracker: Tracker | None = None
        if tracker:
            self.enable_tracker()

    def enable_tracker(self) -> Tracker:
        self.tracker = self.local.bot.app.enable_tracker(  # type: ignore[attr-defined]
            self.gateway, now=self.clock.now, sleep=self.clock.sleep
        )
        self.clock.idle = self.tracker.settle
        return self.tracker

    def tracked(self, r: Response) -> None:
        self._tracked.append(r)

    async def tick(self, seconds: float = 1.0) -> list[Response]:
        """Let `seconds` of virtual time pass; print and return the tracker's edits that came due."""
        if self.tracker is not None:
            await self.tracker.settle()
            await self.clock.advance(seconds)
            await self.tracker.settle()
        out, self._tracked = self._tracked, []
        for r in out:
            self.emit(r)
        self.out.flush()  # the line's answers, side messages and tracker edits reach the reader together
        return out

    async def finish(self) -> None:
        """The end of a script: the tracker shows its final state (within five seconds on Discord)."""
        await self.tick(5.0)

    async def on_edit(self, channel_id: int, message_id: int, embeds: list[Any], content: str | None) -> None:
        """The bot replaced one of its earlier messages (a prompt answered by /parry or a timeout)."""
        if message_id in self.deleted:
            raise LookupError(f"message {message_id} was deleted")
        channel = self._channel_name(channel_id)
        self._side(
            Response(
                user="bot",
                channel=channel,
                command="edit",
                ephemeral=False,
                content=content,
                embeds=[e.to_dict() for e in embeds],
                edits=message_id,
            )
        )

    async def on_post(self, channel_id: int, content: str | None, embeds: list[Any], users: list[int]) -> None:
        """The bot posted a message of its own (a timeout's result, a change made from another channel)."""
        self._side(
            Response(
                user="bot",
                channel=self._channel_name(channel_id),
                command="post",
                ephemeral=False,
                content=content,
                embeds=[e.to_dict() for e in embeds],
                message_id=self.local.next_message_id(),
            )
        )

    def _side(self, r: Response) -> None:
        """A message the bot sent besides a command's answer (after it: the bot answers first), printed
        and returned after the line's answers, in the order Discord shows them."""
        self.side.append(r)

    def _channel_name(self, channel_id: int) -> str:
        """A channel the console has seen, by its id (one lookup, however many channels)."""
        return self._names.get(channel_id, str(channel_id))

    async def sweep(self) -> None:
        """What the bot's timer does: defenders whose time ran out get the default defence."""
        app = self.local.bot.app  # type: ignore[attr-defined]
        await app.settle_timeouts()

    async def run_line(self, text: str) -> list[Response]:
        text = text.strip()
        if not text or text.startswith("//"):
            return []
        self.side = []
        await self.sweep()  # what the timer did before this line: shown before its answers
        swept, self.side = self.side, []
        for r in swept:
            self.emit(r)
        try:
            line = parse_line(text, self.local, self.channel)
            if line.locale:
                self.local.locales[line.user] = LOCALES.get(line.locale, line.locale)
            self.channel = line.channel
            self._names[snowflake("#" + line.channel)] = line.channel
            if line.command == "click":
                custom_id = line.options["id"]
                responses = await self.local.click(
                    line.user,
                    line.channel,
                    custom_id,
                    self.button_messages.get(custom_id),
                    ephemeral=custom_id in self.private_buttons,
                )
            else:
                responses = await self.local.invoke(line.user, line.channel, line.found or line.command, line.options)
        except AdapterError as exc:
            self.emit_error(text, str(exc))
            return swept
        for r in responses:
            for c in r.components:
                if r.message_id is not None:
                    self.button_messages[c["custom_id"]] = r.message_id
                    self.private_buttons.discard(c["custom_id"])
                elif r.ephemeral:
                    self.private_buttons.add(c["custom_id"])
        shown = sorted(responses + self.side, key=lambda r: r.seq)  # as they were sent
        for r in shown:
            self.emit(r)
        return swept + shown + await self.tick(self.line_seconds)

    def emit(self, r: Response) -> None:
        # One write per answer (what print would write in two); `tick` flushes once the line is done.
        if self.as_json:
            self.out.write(compact(r.to_dict()) + "\n")  # one JSON line per answer
        else:
            self.out.write(render_text(r, self.local) + "\n\n")

    def emit_error(self, text: str, message: str) -> None:
        if self.as_json:
            record: dict[str, Any] = {
                "user": None,
                "channel": None,
                "command": None,
                "ephemeral": True,
                "content": message,
                "embeds": [],
                "error": "input",
            }
            print(compact(record), file=self.out, flush=True)
        else:
            print(f"! {message}\n", file=self.out, flush=True)


async def build(config: Config, seed: int | None, locale: str | None) -> tuple[App, LocalDiscord]:
    from bot.cogs.defence import DefenceButton
    from bot.cogs.encounter import NextConfirm

    app = await App.open(config, seed)
    bot = CombatBot(app, connect=False)
    await bot.install()
    return app, LocalDiscord(
        bot, default_locale=LOCALES.get(locale or "", "en-US"), dynamic_items=(DefenceButton, NextConfirm)
    )


async def run_console(config: Config, args: argparse.Namespace) -> int:
    app, local = await build(_with_db(config, args.db), args.seed, args.locale)
    console = Console(local, sys.stdout, args.json, tracker=True)
    app.collector.started()
    try:
        if args.script:
            source: Iterable[str] = sys.stdin if args.script == "-" else open(args.script, encoding="utf-8")
            for text in source:
                await console.run_line(text)
        else:
            await _interactive(console)
        await console.finish()
    finally:
        await app.close()
    return 0


def _with_db(config: Config, db: str | None) -> Config:
    if not db:
        return config
    from dataclasses import replace

    if "://" in db:  # a database URL (sqlite:///… or postgresql://…)
        return replace(config, database_url=db)
    return replace(config, database_path=db, database_url=None)


async def _interactive(console: Console) -> None:
    import asyncio

    print(HELP.format(commands=", ".join("/" + c for c in console.local.command_paths())), file=console.out)
    loop = asyncio.get_running_loop()
    while True:
        try:
            text = await loop.run_in_executor(None, lambda: input("> "))
        except EOFError:
            return
        if text.strip() in ("quit", "exit"):
            return
        if text.strip() in ("/help", "help", "?"):
            print(HELP.format(commands=", ".join("/" + c for c in console.local.command_paths())), file=console.out)
            continue
        await console.run_line(text)
