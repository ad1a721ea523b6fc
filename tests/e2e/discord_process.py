"""What the end-to-end tests share: the real bot process (`python -m bot`) started against the Discord
look-alike, waited for and stopped; and the reading of what the look-alike recorded as each user saw it
(public message ids to ordinals, user and channel ids to names), so two runs can be compared."""

from __future__ import annotations

import asyncio
import os
import re
import socket
import sys
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from aiohttp import web

from tests.e2e.fake_discord import FakeDiscord, Message

_TIME = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?(?:[+-]\d\d:\d\d|Z)?|\b\d\d:\d\d(?::\d\d)?\b")
_MENTION = re.compile(r"<@!?(\d+)>")
_CHANNEL = re.compile(r"<#(\d+)>")
_LINK = re.compile(r"https://discord\.com/channels/\d+/\d+/(\d+)")
_NUMBER = re.compile(r"\b[0-9]{7,}(?:\.[0-9]+)?\b")
_GUILD = re.compile(r'"guild_id": [0-9]+')


@dataclass
class Bot:
    """A running bot process and the look-alike it talks to; `output` is filled when it stopped."""

    fake: FakeDiscord
    proc: asyncio.subprocess.Process
    output: str = ""
    env: dict[str, str] = field(default_factory=dict)
    # How it stopped on SIGTERM: its exit code, and any process it started still running afterwards.
    returncode: int | None = None
    leftover: list[int] = field(default_factory=list)


@asynccontextmanager
async def bot_process(tmp: Path, fake: FakeDiscord | None = None, **env: str) -> AsyncIterator[Bot]:
    """`python -m bot` with a token, pointed at a look-alike on a free loopback port, logged in, its
    commands synced and its guilds parsed; stopped (and its output kept) on the way out."""
    fake = fake or FakeDiscord()
    runner = web.AppRunner(fake.app)
    await runner.setup()
    port = free_port()
    await web.TCPSite(runner, "127.0.0.1", port).start()
    full = {
        **os.environ,
        "DISCORD_TOKEN": "fake.token.value",
        "DISCORD_API_BASE": f"http://127.0.0.1:{port}/api/v10",
        "DISCORD_GATEWAY_URL": f"ws://127.0.0.1:{port}/gateway",
        "DATABASE_PATH": str(tmp / "process.db"),
        "DEV_GUILD_ID": "",
        "LOG_LEVEL": "WARNING",
        "DEFAULT_LOCALE": "en",
        **env,
    }
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", env=full, cwd=Path.cwd(), stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.STDOUT,
    )  # fmt: skip
    bot = Bot(fake, proc, env=full)
    try:
        await asyncio.wait_for(fake.identified.wait(), 30)
        while not fake.commands:
            await asyncio.sleep(0.02)
        await asyncio.sleep(0.3)  # the client finishes parsing GUILD_CREATE
        yield bot
    finally:
        children = descendants(proc.pid)
        if proc.returncode is None:
            proc.terminate()
        bot.output = (await asyncio.wait_for(proc.communicate(), 15))[0].decode(errors="replace")
        bot.returncode = proc.returncode
        bot.leftover = await still_running(children, 10)
        await runner.cleanup()


def descendants(pid: int) -> list[int]:
    """Every process `pid` started, and theirs (Linux's /proc children lists)."""
    found: list[int] = []
    for task in Path(f"/proc/{pid}/task").glob("*"):
        try:
            kids = [int(k) for k in (task / "children").read_text().split()]
        except OSError:
            continue
        for kid in kids:
            found += [kid, *descendants(kid)]
    return found


async def still_running(pids: list[int], seconds: float) -> list[int]:
    """Those of `pids` still alive (not gone, not a zombie) after waiting up to `seconds` for them to end."""

    def alive(pid: int) -> bool:
        try:
            return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
        except OSError:
            return False

    deadline = time.monotonic() + seconds
    while (left := [p for p in pids if alive(p)]) and time.monotonic() < deadline:
        await asyncio.sleep(0.1)
    return left


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Side:
    """One run's records, normalised: public message ids to ordinals, user ids to names."""

    def __init__(self, names: dict[str, str]) -> None:
        self.names = names  # user id → name
        self.channels: dict[str, str] = {}  # channel id → name
        self.ordinal: dict[str, int] = {}

    def public(self, message_id: Any) -> int:
        return self.ordinal.setdefault(str(message_id), len(self.ordinal) + 1)

    def text(self, value: Any) -> Any:
        if isinstance(value, str):
            value = _MENTION.sub(lambda m: f"<@{self.names.get(m.group(1), '?')}>", value)
            value = _CHANNEL.sub(lambda m: f"<#{self.channels.get(m.group(1), '?')}>", value)
            return _LINK.sub(lambda m: f"<link to message {self.ordinal.get(m.group(1), '?')}>", value)
        if isinstance(value, list):
            return [self.text(v) for v in value]
        if isinstance(value, dict):
            return {k: self.text(v) for k, v in value.items()}
        return value

    def file(self, name: str, data: bytes) -> dict[str, Any]:
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            return {"name": name, "size": len(data)}
        text = _TIME.sub("T", self.text(text))
        text = _GUILD.sub('"guild_id": ID', _NUMBER.sub("ID", text))  # snowflakes, hashed ids, epoch times
        return {"name": name, "lines": text.splitlines()}

    def record(
        self,
        who: str,
        ephemeral: bool,
        edits: int | None,
        content: str | None,
        embeds: list[dict[str, Any]],
        buttons: list[tuple[str, str]],
        files: list[dict[str, Any]],
    ) -> dict[str, Any]:
        return {
            "to": who if ephemeral else "channel",
            "edits": edits,
            "content": self.text(content or None),
            "embeds": self.text([{k: v for k, v in e.items() if k != "type"} for e in embeds]),
            "buttons": buttons,
            "files": files,
        }


def buttons(data: dict[str, Any]) -> list[tuple[str, str]]:
    return [(b["custom_id"], b.get("label")) for row in data.get("components", []) for b in row.get("components", [])]


def is_tracker(message: Message) -> bool:
    return message.data["type"] == 0 and any(
        (e.get("title") or "").startswith("📋") for e in message.data.get("embeds", [])
    )


def counted(fake: FakeDiscord, start: int) -> int:
    """Messages made or edited since `start`, as `records` counts them: a deferred answer's "thinking"
    message is not one (the followup that fills it is), so a slow deferred answer is waited for."""
    return sum(
        1
        for e in fake.events[start:]
        if e.kind in ("create", "edit")
        and not is_tracker(fake.messages[e.message_id])
        and not (e.kind == "create" and e.snapshot["flags"] & (1 << 7))
    )


async def settle(fake: FakeDiscord, iid: str, start: int, want: int) -> None:
    """Until the interaction is answered and as many messages came as the console's line made (then a
    little longer, to see anything more); at most five seconds."""
    await fake.answer(iid, 5)
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline and counted(fake, start) < want:
        fake.activity.clear()
        try:
            await asyncio.wait_for(fake.activity.wait(), 0.05)
        except TimeoutError:
            pass
    await asyncio.sleep(0.03)


def records(fake: FakeDiscord, side: Side, start: int) -> list[dict[str, Any]]:
    side.names = {m.id: m.name for m in fake.members.values()}
    side.channels = {c: n for n, c in fake.channels.items()}
    out = []
    loading: set[str] = set()
    for e in fake.events[start:]:
        message = fake.messages[e.message_id]
        if is_tracker(message) or e.kind not in ("create", "edit"):
            continue
        data = e.snapshot
        ephemeral = message.ephemeral_for is not None
        who = next((m.name for m in fake.members.values() if m.id == message.ephemeral_for), "?")
        if e.kind == "create" and data["flags"] & (1 << 7):
            loading.add(e.message_id)  # "thinking…": the first followup fills it
            continue
        edits = None
        if e.kind == "edit" and e.message_id in loading:
            loading.discard(e.message_id)
            if not ephemeral:
                side.public(e.message_id)
        elif e.kind == "edit":
            edits = side.ordinal.get(e.message_id, -1)
        elif not ephemeral:
            side.public(e.message_id)
        files = [side.file(n, d) for n, d in e.files]
        out.append(side.record(who, ephemeral, edits, data["content"], data["embeds"], buttons(data), files))
    return out


async def console_lines(tmp: Path, lines: list[str], seed: int) -> list[list[Any]]:
    """Each console line's answers (`Response`s, trackers left out) from a fresh console seeded `seed`."""
    import io
    from dataclasses import replace

    from bot.config import Config
    from bot.console.runner import Console, build

    config = replace(Config.from_env(dotenv=False), database_path=str(tmp / "console.db"), token=None)
    app, local = await build(config, seed=seed, locale="en")
    console = Console(local, io.StringIO(), as_json=True, tracker=True)
    try:
        return [[r for r in await console.run_line(text) if r.command != "tracker"] for text in lines]
    finally:
        await console.finish()
        await app.close()


async def send_line(fake: FakeDiscord, text: str, local: Any) -> Any:
    """One console line (`@user:locale #channel /command opt:value` or `click ID`) sent as Discord would."""
    from bot.console.runner import LOCALES, parse_line

    line = parse_line(text, local)
    locale = LOCALES.get(line.locale or "en", "en-US")
    if line.command == "click":
        return await fake.press(line.user, line.options["id"], locale)
    return await fake.command(line.user, line.channel, line.command, line.options, locale)
