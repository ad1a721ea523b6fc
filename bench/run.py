"""Benchmarks: the full command path, a rules-only attack against d20, and memory.

Prints figures; asserts nothing. Run with `make bench` (or `.venv/bin/python bench/run.py`).
The full path is what a Discord command does: parse the line, resolve the rules, commit one
SQLite transaction to a file database, and build the embed dict.
"""

from __future__ import annotations

import asyncio
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.config import Config
from bot.console.runner import Console, build

COMMANDS = 4000
NPCS = 4


async def prepare(console: Console, encounters: int) -> list[str]:
    await console.run_line("@gm #c0 /settings set system:dnd35 name:enforce_turns value:false scope:server")
    channels = []
    for i in range(encounters):
        ch = f"c{i}"
        await console.run_line(f"@gm #{ch} /encounter start system:dnd35 name:Bench{i}")
        stats = "ac:13 hp:10000 attack:+5 damage:1d12+3"  # hp at its bound (issue 12)
        await console.run_line(f'@gm #{ch} /encounter add name:Orc stats:"{stats}" count:{NPCS}')
        await console.run_line(f"@gm #{ch} /encounter next")
        channels.append(ch)
    return channels


async def full_path(encounters: int, workers: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        config = replace(Config.from_env(dotenv=False), database_path=str(Path(tmp) / "bench.db"), token=None)
        app, local = await build(config, seed=1, locale="en")
        console = Console(local, open(os.devnull, "w"), as_json=True)
        channels = await prepare(console, encounters)
        rng = random.Random(5)
        lines = []
        for _ in range(COMMANDS):
            ch = rng.choice(channels)
            a, b = rng.sample(range(1, NPCS + 1), 2)
            lines.append(f'@gm #{ch} /attack attacker:"Orc {a}" target:"Orc {b}" weapon:greataxe')
        latencies: list[float] = []
        queue = iter(lines)
        errors = 0

        async def worker() -> None:
            nonlocal errors
            for line in queue:
                t0 = time.perf_counter()
                responses = await console.run_line(line)
                latencies.append(time.perf_counter() - t0)
                if not responses or responses[0].error:
                    errors += 1

        t0 = time.perf_counter()
        await asyncio.gather(*(worker() for _ in range(workers)))
        elapsed = time.perf_counter() - t0
        await app.close()
    latencies.sort()
    p50 = statistics.median(latencies) * 1000
    p99 = latencies[int(len(latencies) * 0.99) - 1] * 1000
    print(
        f"full path, {encounters:>5} active encounters, {workers:>2} concurrent: {COMMANDS / elapsed:6.0f} commands/s"
        f"  p50 {p50:5.2f} ms  p99 {p99:5.2f} ms  ({errors} errors)"
    )


def rules_vs_d20() -> None:
    import d20

    from rules import ActionRequest, Fighter, RandomDice, get_system

    system = get_system("dnd35")
    settings = system.settings({})
    options = system.options({})
    actor = Fighter("Fighter", system.sheet({"str": "16", "bab": "6", "hp": "40"}))
    target = Fighter("Orc", system.sheet({"ac": "15", "hp": "1000"}))
    req = ActionRequest(actor, target, options, settings, "longsword")
    dice = RandomDice(3)
    n = 20000
    roller = d20.Roller()
    t0 = time.perf_counter()
    for _ in range(n):
        roller.roll("4d6kh3+2")
    d20_us = (time.perf_counter() - t0) / n * 1e6
    t0 = time.perf_counter()
    for _ in range(n):
        system.attack(req, dice)
    attack_us = (time.perf_counter() - t0) / n * 1e6
    print(
        f"rules: dnd35 attack {attack_us:6.1f} µs  vs d20 4d6kh3+2 {d20_us:6.1f} µs"
        f"  → ratio {attack_us / d20_us:4.2f} (target ≤ 2.0)"
    )


async def memory(encounters: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        config = replace(Config.from_env(dotenv=False), database_path=str(Path(tmp) / "mem.db"), token=None)
        app, local = await build(config, seed=1, locale="en")
        console = Console(local, open(os.devnull, "w"), as_json=True)
        await prepare(console, encounters)
        for i in range(encounters):
            await console.run_line(f'@gm #c{i} /attack attacker:"Orc 1" target:"Orc 2" weapon:greataxe')
        rss_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        await app.close()
    print(f"memory: peak RSS {rss_mb:6.1f} MB with {encounters} active encounters, fresh process (target ≤ 100 MB)")


def main() -> None:
    if sys.argv[1:] == ["memory"]:
        asyncio.run(memory(1000))
        return
    # Memory first, in a process of its own, so earlier runs do not inflate the peak.
    subprocess.run([sys.executable, __file__, "memory"], check=True)
    rules_vs_d20()
    for n in (1, 100, 1000):
        for workers in (1, 8):
            asyncio.run(full_path(n, workers))


if __name__ == "__main__":
    main()
