"""A seeded fuzz of command inputs through the local Discord: the test runs a few thousand, the bench
script (`bench/fuzz.py`) a hundred thousand. Every answer must be a result or a clear refusal: no
internal error, no traceback, nothing over Discord's limits, no ping of anyone a message did not mean.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from typing import Any

from bot.console.adapter import AdapterError, Response
from bot.console.runner import Console
from bot.presenters.limits import fits
from rules import all_systems

USERS = ("gm", "ana", "bob")
STRANGER = 424242424242424242  # an id typed into names: nobody may ever be pinged through it
WEIRD = (
    "",
    " ",
    "0",
    "-1",
    "999999999999",
    "-1000000",
    "1e309",
    "nan",
    "abc",
    "ž",
    "🎲",
    "a" * 120,
    f"<@{STRANGER}>",
    "@everyone",
    "**bold** [x](https://e.example) # h",
    '"',
    "'",
    "key:",
    ":value",
    "a:b:c",
    "{key}",
    "%s",
    "\\n",
    "1d6/0",
    "1%0",
    "1d1e1",
    "1000d20kh3",
    "((((((((((((((((((((((1))))))))))))))))))))))",
)
NAMES = ("Orc", "Orc 1", "Ana", "Bob", "Jana", f"<@{STRANGER}>", "x" * 100, "Nobody")


@dataclass
class Findings:
    commands: int = 0
    internal: list[str] = field(default_factory=list)
    too_big: list[str] = field(default_factory=list)
    pings: list[str] = field(default_factory=list)
    slowest: tuple[float, str] = (0.0, "")

    def ok(self) -> bool:
        return not (self.internal or self.too_big or self.pings)

    def summary(self) -> str:
        return (
            f"{self.commands} commands: {len(self.internal)} internal errors, {len(self.too_big)} answers over "
            f"Discord's limits, {len(self.pings)} unintended pings; slowest {self.slowest[0] * 1000:.0f} ms "
            f"({self.slowest[1][:80]})"
        )


def _value(rng: random.Random, system_id: str) -> str:
    system = all_systems()[system_id]
    choice = rng.random()
    if choice < 0.3:
        return rng.choice(WEIRD)
    if choice < 0.6:
        return str(rng.choice([rng.randint(-10, 30), rng.randint(-(10**7), 10**7), rng.random() * 100]))
    keys = [*system.stat_keys(), *system.Options.model_fields, *system.edit_aliases]
    return rng.choice(keys) if keys else "x"


def _pairs(rng: random.Random, system_id: str) -> str:
    system = all_systems()[system_id]
    keys = [*system.stat_keys(), *system.Options.model_fields, *system.Settings.model_fields, "gender", "force"]
    out = []
    for _ in range(rng.randint(0, 4)):
        key = rng.choice(keys) if rng.random() < 0.85 else rng.choice(WEIRD)
        out.append(key if rng.random() < 0.2 else f"{key}:{_value(rng, system_id).replace(' ', '')}")
    return " ".join(out)


def line(rng: random.Random, system_id: str, channel: str) -> str:
    """One command line a user might type, valid or not."""
    user = rng.choice(USERS)
    lang = rng.choice(("", ":cs", ":pl", ":it"))
    name = rng.choice(NAMES)
    pairs = _pairs(rng, system_id).replace('"', "")
    actions = list(all_systems()[system_id].extra_actions) or ["x"]
    templates = [
        f'/attack target:"{name}" options:"{pairs}"',
        f'/attack target:"{name}" attacker:"{rng.choice(NAMES)}" options:"{pairs}"',
        f'/shot target:"{name}" distance:{rng.choice([0, 5, 30, 99999])} options:"{pairs}"',
        f"/parry option:{rng.choice(['defend', 'parry', 'dodge', 'none', 'x'])}",
        "/encounter next",
        "/encounter status",
        "/encounter resolve",
        f'/encounter edit combatant:"{name}" stats:"{pairs or "hp:-3"}"',
        f'/encounter effect add combatant:"{name}" name:"{rng.choice(WEIRD) or "x"}" rounds:{rng.randint(1, 9)}',
        f'/encounter effect remove combatant:"{name}" name:x',
        f'/encounter add name:"{rng.choice(NAMES)}" stats:"{pairs}" count:{rng.randint(1, 3)}',
        f'/character create system:{system_id} name:"{rng.choice(NAMES)}" stats:"{pairs}"',
        f'/character set name:"{rng.choice(NAMES)}" stats:"{pairs or "x:1"}"',
        f'/encounter join character:"{rng.choice(NAMES)}"',
        f"/initiative combatant:{rng.choice(['all', 'npcs', 'Orc', 'Ana'])}",
        f'/action name:{rng.choice(actions)} options:"{pairs}"',
        f'/roll expression:"{rng.choice(WEIRD) or "1d6"}"',
        f"/settings set name:{rng.choice(['enforce_turns', 'npc_defence', 'defence_timeout', 'x'])} value:"
        f"{rng.choice(['true', 'false', 'prompt', '10', 'x'])}",
        f'/encounter remove combatant:"{name}"',
    ]
    return f"@{user}{lang} #{channel} {rng.choice(templates)}"


async def setup(console: Console, system_id: str, channel: str, stats: tuple[str, str]) -> None:
    for text in (
        f"@gm #{channel} /encounter start system:{system_id} name:Fuzz",
        f'@gm #{channel} /encounter add name:Orc stats:"{stats[0]}" count:2',
        f'@ana #{channel} /character create system:{system_id} name:Ana{channel} stats:"{stats[1]}"',
        f"@ana #{channel} /encounter join character:Ana{channel}",
        f"@gm #{channel} /initiative combatant:all",
        f"@gm #{channel} /encounter next",
    ):
        await console.run_line(text)


def check(findings: Findings, text: str, responses: list[Response], owners: set[int]) -> None:
    for r in responses:
        if r.error in ("error.internal", "error.internal_after_commit") or "Traceback" in (r.content or ""):
            findings.internal.append(f"{text} -> {r.content}")
        if r.embeds and not fits([_embed(e) for e in r.embeds]):
            findings.too_big.append(text)
        if len(r.content or "") > 2000:
            findings.too_big.append(text)
        stray = set(r.pinged) - owners
        if stray:
            findings.pings.append(f"{text} pinged {stray}")


def _embed(data: dict[str, Any]) -> Any:
    import discord

    return discord.Embed.from_dict(data)


async def run(console: Console, seed: int, count: int, stats: dict[str, tuple[str, str]]) -> Findings:
    """`count` fuzzed lines spread over one channel per system."""
    rng = random.Random(seed)
    findings = Findings()
    channels = {system_id: f"f{i}" for i, system_id in enumerate(sorted(stats))}
    for system_id, channel in channels.items():
        await setup(console, system_id, channel, stats[system_id])
    owners = {console.local.user(u).id for u in USERS}
    for _ in range(count):
        system_id = rng.choice(sorted(stats))
        text = line(rng, system_id, channels[system_id])
        start = time.perf_counter()
        try:
            responses = await console.run_line(text)
        except AdapterError:
            continue  # refused by what Discord's own client checks (a missing option, a bad number)
        elapsed = time.perf_counter() - start
        if elapsed > findings.slowest[0]:
            findings.slowest = (elapsed, text)
        findings.commands += 1
        check(findings, text, responses, owners)
        if rng.random() < 0.02:  # fights end and start again
            channel = channels[system_id]
            await console.run_line(f"@gm #{channel} /encounter end")
            await setup(console, system_id, channel, stats[system_id])
    return findings
