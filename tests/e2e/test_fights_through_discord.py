"""Five whole fights, one per system in its players' language, played twice with the same dice: through
the console in this process and through ONE real bot process (`python -m bot`, DICE_SEED) against the
Discord look-alike. Every user must receive the same things line by line; the look-alike also checks
what only Discord sees (answer times, routes, limits, the prompt edited into its result, the tracker's
life, hidden numbers).

Script lines are the console's (`@user:locale #channel /command opt:value`, `@user click BUTTON_ID`);
`click def:?:choice` presses the latest prompt's button in that channel (its exchange id is read from the
console's answer, so the scripts do not hard-code ids); `//complete @user:loc #chan /command opt:typed`
(a comment for the console) asks for autocomplete of the last option with what was typed.

What is normalised before comparing, and why:
- message ids: each side numbers its own snowflakes; an edit names the public message it edits by its
  ordinal (the n-th public message of the run), the same on both sides, and so does the link in /parry's
  acknowledgement;
- mentions `<@id>` and `<#id>`: the console's user and channel ids are hashes of the names, the
  look-alike's snowflakes: both become `<@name>` / `<#name>`;
- the deferred answer (`/encounter log`): Discord shows a "thinking" message that the first followup
  fills; the console records only the answer. The loading message is left out, the filling edit counts as
  the new message;
- files: names and sizes for pictures; the text of log files with clock times (`HH:MM:SS`, ISO
  timestamps), numbers of seven digits or more (user, channel and guild ids, epoch times in the GM's raw
  rows) and the guild id masked: they record when and where, which differs between runs;
- the tracker's messages are not in the line-by-line comparison: its edits follow a real 2-second timer in
  the process and a virtual one in the console; its posts, pins, edits and final state are checked apart.
"""

from __future__ import annotations

import asyncio
import copy
import io
import json
import re
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

from bot.config import Config
from bot.console.adapter import Response, snowflake
from bot.console.runner import LOCALES, Console, build, parse_line, split_words
from bot.i18n.catalog import default_catalog
from tests.e2e.discord_process import Side, bot_process, buttons, is_tracker, records, settle
from tests.e2e.fake_discord import FakeDiscord, Message

SEED = 7
SCRIPTS = Path(__file__).parent / "scripts"
FIGHTS = ["dnd35", "arm5", "adnd2cp", "cz2d10", "pl_wladanie", "misc"]  # misc: commands besides fighting
# A hidden NPC's numbers that must never reach a player (its HP, made distinctive in the scripts).
HIDDEN = {"dnd35": r"\b44[0-9]{2}\b", "adnd2cp": r"\b44[0-9]{2}\b", "cz2d10": r"\b447\b"}  # cz2d10: HP ≤ 999
_PLACEHOLDER = re.compile(r"\{[a-z_][a-z0-9_]*\}")


def _lines() -> list[tuple[str, str]]:
    out = []
    for fight in FIGHTS:
        for text in (SCRIPTS / f"{fight}.txt").read_text(encoding="utf-8").splitlines():
            if text.strip():
                out.append((fight, text.strip()))
    return out


def console_record(side: Side, r: Response) -> dict[str, Any]:
    if not r.ephemeral and r.edits is None and r.message_id is not None:
        side.public(r.message_id)
    return side.record(
        r.user,
        r.ephemeral,
        side.ordinal.get(str(r.edits)) if r.edits is not None else None,
        r.content,
        r.embeds,
        [(c["custom_id"], c["label"]) for c in r.components],
        [side.file(f["filename"], f["data"]) for f in r.files],
    )


async def run_console(tmp: Path) -> tuple[list[list[dict[str, Any]]], dict[str, Any]]:
    """Every line through the console in this process: each line's records, and the trackers."""
    config = replace(Config.from_env(dotenv=False), database_path=str(tmp / "console.db"), token=None)
    app, local = await build(config, seed=SEED, locale="en")
    console = Console(local, io.StringIO(), as_json=True, tracker=True)
    side = Side({})
    side.channels = {
        str(snowflake("#" + text.split("#")[1].split()[0])): text.split("#")[1].split()[0] for _, text in _lines()
    }
    per_line: list[list[dict[str, Any]]] = []
    trackers: dict[str, list[Response]] = {}
    resolved: list[str] = []
    latest: dict[tuple[str, str], str] = {}  # (channel, kind of button) → its latest custom_id
    try:
        for _, text in _lines():
            text = resolve_click(text, latest)
            resolved.append(text)
            if text.startswith("//complete"):
                user, locale, channel, path, options, focused = read_complete(text, local)
                local.locales[user] = LOCALES.get(locale, locale)
                found = await local.autocomplete(user, channel, path, focused, options[focused], options)
                per_line.append([{"to": user, "choices": [(c.name, c.value) for c in found]}])
                continue
            responses = await console.run_line(text)
            records = []
            for r in responses:
                if r.command == "tracker":
                    trackers.setdefault(r.channel, []).append(r)
                    continue
                side.names = {str(u.id): u.name for u in local.users.values()}
                records.append(console_record(side, r))
                for custom_id, _ in records[-1]["buttons"]:
                    latest[(r.channel, custom_id.split(":")[0])] = custom_id
            per_line.append(records)
        await console.finish()
        for r in console._tracked:
            trackers.setdefault(r.channel, []).append(r)
        side.names = {str(u.id): u.name for u in local.users.values()}
        ended = {
            c: side.text({k: v for k, v in rs[-1].embeds[-1].items() if k != "type"}) for c, rs in trackers.items()
        }
    finally:
        await app.close()
    return per_line, {"trackers": ended, "lines": resolved}


def resolve_click(text: str, latest: dict[tuple[str, str], str]) -> str:
    """`click def:?:choice` → the latest defence prompt's button in that channel; `click next:?` → the
    latest confirmation button there."""
    m = re.search(r"#(\S+) click ((\w+):\?)(\S*)$", text)
    if m is None:
        return text
    found = latest.get((m.group(1), m.group(3)), "")
    if m.group(3) == "def":
        return text.replace("def:?:", f"def:{found.split(':')[1] if found else 0}:")
    return text.replace(m.group(2) + m.group(4), found or m.group(2))


def read_complete(text: str, local: Any) -> tuple[str, str, str, str, dict[str, str], str]:
    m = re.match(r"//complete @(\w+):(\w+) #(\S+) (/.*)$", text)
    assert m, text
    line = parse_line(f"@{m.group(1)}:{m.group(2)} #{m.group(3)} {m.group(4)}", local)
    last = split_words(m.group(4))[-1].partition(":")[0]
    return m.group(1), m.group(2), m.group(3), line.command, dict(line.options), last


async def run_process(
    tmp: Path, lines: list[str], expected: list[list[dict[str, Any]]], local: Any
) -> tuple[FakeDiscord, list[list[dict[str, Any]]], str]:
    per_line: list[list[dict[str, Any]]] = []
    side = Side({})
    async with bot_process(tmp, DICE_SEED=str(SEED)) as bot:
        fake = bot.fake
        for text, want in zip(lines, expected, strict=True):
            start = len(fake.events)
            if text.startswith("//complete"):
                user, locale, channel, path, options, focused = read_complete(text, local)
                done = await fake.autocomplete(user, channel, path, options, focused, LOCALES.get(locale, locale))
                await fake.answer(done.id, 5)
                per_line.append([{"to": user, "choices": [(c["name"], c["value"]) for c in done.choices or []]}])
                continue
            line = parse_line(text, local)
            locale = LOCALES.get(line.locale or "en", "en-US")
            if line.command == "click":
                sent = await fake.press(line.user, line.options["id"], locale)
            else:
                sent = await fake.command(line.user, line.channel, line.command, line.options, locale)
            await settle(fake, sent.id, start, len(want))
            per_line.append(records(fake, side, start))
        deadline = time.monotonic() + 6  # the trackers show their final state and are unpinned
        while time.monotonic() < deadline and any(m.pinned for m in fake.messages.values()):
            await asyncio.sleep(0.1)
    # Stopped by SIGTERM as a service manager stops it: a clean exit, and the odds workers the misc
    # script's /odds started stop with it (they used to run on, orphaned, holding the output pipe).
    assert bot.returncode == 0 and not bot.leftover, (bot.returncode, bot.leftover, bot.output[-2000:])
    return fake, per_line, bot.output


def _texts(record: dict[str, Any]) -> str:
    return json.dumps([record.get("content"), record.get("embeds"), record.get("choices")], ensure_ascii=False)


async def test_five_fights_through_discord_match_the_console(tmp_path: Path) -> None:
    want, console = await run_console(tmp_path)
    lines: list[str] = console["lines"]
    config = replace(Config.from_env(dotenv=False), database_path=str(tmp_path / "parse.db"), token=None)
    app, local = await build(config, seed=SEED, locale="en")  # reads lines into commands and options
    try:
        fake, got, out = await run_process(tmp_path, lines, want, local)
    finally:
        await app.close()

    # Line by line, every user received the same things.
    diffs = [
        f"{fight}: {text}\n" + _difference(w, g)
        for (fight, _), text, w, g in zip(_lines(), lines, want, got, strict=True)
        if w != g
    ]
    assert not diffs, "\n\n".join(diffs[:6]) + f"\n\n({len(diffs)} lines differ)"
    assert all(records for records in got), "every line was answered"
    assert all(r["choices"] for line in got for r in line if "choices" in r), "autocomplete offered something"
    assert "Traceback" not in out, out

    # What only Discord sees.
    assert not fake.unknown, fake.unknown
    assert not fake.violations, fake.violations
    slow = [(i.id, i.answered and i.answered - i.created) for i in fake.interactions.values()]
    assert all(t is not None and t < 3 for _, t in slow), [s for s in slow if s[1] is None or s[1] >= 3]
    catalog = default_catalog()
    internal = [t for lang in catalog.messages.values() for k, t in lang.items() if k.startswith("error.internal")]
    everything = [_texts(r) for line in got for r in line]
    assert not [t for t in everything if any(i in t for i in internal)]
    assert not [t for t in everything if _PLACEHOLDER.search(t)]

    # The defence prompts became their results: after /parry (a channel PATCH) and after a button (type 7).
    prompts = [m for m in fake.messages.values() if any(c.startswith("def:") for c, _ in _buttons_of(fake, m))]
    assert len(prompts) >= 3
    for m in prompts:
        assert m.data["components"] == [], m.data
    routes = {e.route for m in prompts for e in fake.events if e.message_id == m.id and e.kind == "edit"}
    assert routes >= {"channel", "callback"}, routes

    # One tracker per fight: posted once, pinned, edited, unpinned at the end, showing the console's end.
    trackers = [m for m in fake.messages.values() if is_tracker(m)]
    assert len(trackers) == len(FIGHTS)
    for m in trackers:
        kinds = [e.kind for e in fake.events if e.message_id == m.id]
        assert kinds[0] == "create" and "pin" in kinds and kinds[-1] == "unpin" and kinds.count("edit") >= 1, kinds
        assert not m.pinned
    names = {c: n for n, c in fake.channels.items()}
    shown = {names[m.channel_id]: m.data["embeds"][0] for m in trackers}
    assert set(shown) == set(console["trackers"])
    for channel, embed in console["trackers"].items():
        final = {k: v for k, v in shown[channel].items() if k != "type"}
        assert embed == _names(fake, final), channel

    # A hidden NPC's numbers: never in public messages, nor in the players' own answers and choices.
    for (fight, text), answers in zip(_lines(), got, strict=True):
        pattern = HIDDEN.get(fight)
        if pattern is None:
            continue
        for r in answers:
            if r["to"] == "gm":
                continue
            assert not re.search(pattern, _texts(r)), (text, r)
    for fight, pattern in HIDDEN.items():  # the check can see them at all: the GM's copies show them
        gm_said = [r for (f, _), rs in zip(_lines(), got, strict=True) for r in rs if f == fight and r["to"] == "gm"]
        assert any(re.search(pattern, _texts(r)) for r in gm_said), fight


def _difference(want: list[dict[str, Any]], got: list[dict[str, Any]]) -> str:
    """The first lines where the console's records and Discord's differ, as a unified diff."""
    import difflib

    a = json.dumps(want, indent=1, ensure_ascii=False).splitlines()
    b = json.dumps(got, indent=1, ensure_ascii=False).splitlines()
    diff = list(difflib.unified_diff(a, b, "console", "discord", n=1, lineterm=""))
    return "\n".join(line[:300] for line in diff[:40])


def _buttons_of(fake: FakeDiscord, message: Message) -> list[tuple[str, str]]:
    """The buttons a message ever carried (its first snapshot)."""
    first = next(e for e in fake.events if e.message_id == message.id)
    return buttons(first.snapshot)


def _names(fake: FakeDiscord, value: Any) -> Any:
    side = Side({m.id: m.name for m in fake.members.values()})
    return side.text(copy.deepcopy(value))
