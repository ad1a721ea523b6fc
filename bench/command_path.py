"""The full command path through the handlers against the raw SQLite rate, measured interleaved.

Workload (issue 17): 1,000 active encounters, all five systems alike, each with two NPCs made from the
game's ready characters; the GM sends, one command at a time, attacks (in the systems with an active
defence they open a prompt, answered by `/parry`) and now and then `/encounter next`. A command is what
Discord would do: parse, rules, one SQLite commit to a file database, the embed.

The raw reference is plain sqlite3 on the main thread, WAL, synchronous=NORMAL, 1,000 rows,
`BEGIN IMMEDIATE; SELECT; UPDATE; COMMIT` per transaction, run in slices between the handler slices so
both see the same machine load. Prints the rates, their ratio (target ≥ 10 %), p50/p99 (target p99 ≤ 5 ms),
CPU per command and the longest gen-2 garbage collection (target ≤ 10 ms).
"""

from __future__ import annotations

import asyncio
import gc
import os
import random
import sqlite3
import statistics
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.config import Config
from bot.console.adapter import snowflake
from bot.console.runner import Console, build
from rules import all_systems, get_system

ENCOUNTERS = int(os.environ.get("BENCH_ENCOUNTERS", "1000"))
COMMANDS = int(os.environ.get("BENCH_COMMANDS", "6000"))
CHANNEL_IDS: dict[str, int] = {}
SLICES = 6
RATIO_TARGET = 0.10
P99_TARGET_MS = 5.0
GC_TARGET_MS = 10.0


def raw_sqlite_rate(path: Path, seconds: float) -> float:
    """Read-modify-write transactions per second of plain sqlite3 on this thread."""
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA synchronous=NORMAL")
    conn.execute("CREATE TABLE IF NOT EXISTS t (id INTEGER PRIMARY KEY, v INTEGER NOT NULL)")
    if conn.execute("SELECT COUNT(*) FROM t").fetchone()[0] == 0:
        conn.executemany("INSERT INTO t VALUES (?, 0)", [(i,) for i in range(1000)])
    rng = random.Random(1)
    n = 0
    end = time.perf_counter() + seconds
    t0 = time.perf_counter()
    while time.perf_counter() < end:
        i = rng.randrange(1000)
        conn.execute("BEGIN IMMEDIATE")
        (v,) = conn.execute("SELECT v FROM t WHERE id = ?", (i,)).fetchone()
        conn.execute("UPDATE t SET v = ? WHERE id = ?", (v + 1, i))
        conn.execute("COMMIT")
        n += 1
    rate = n / (time.perf_counter() - t0)
    conn.close()
    return rate


def npc_line(system_id: str, template: str) -> str:
    line = str(get_system(system_id).templates()[template])
    return line.replace('"', "")


async def prepare(console: Console) -> list[tuple[str, str]]:
    """Encounters spread over the five systems; returns (channel, system) pairs."""
    systems = sorted(all_systems())
    for system_id in systems:
        for name, value in (("enforce_turns", "false"), ("npc_defence", "prompt")):
            await console.run_line(f"@gm #c0 /settings set system:{system_id} name:{name} value:{value} scope:server")
    channels = []
    for i in range(ENCOUNTERS):
        system_id = systems[i % len(systems)]
        ch = f"c{i}"
        await console.run_line(f"@gm #{ch} /encounter start system:{system_id} name:Bench{i}")
        template = next(t for t in get_system(system_id).templates() if t not in ("archer",))
        line = npc_line(system_id, template)
        for npc in ("A", "B"):
            r = await console.run_line(f'@gm #{ch} /encounter add name:{npc} stats:"{line}"')
            assert r and r[0].error is None, (system_id, r[0].content if r else None)
        await console.run_line(f"@gm #{ch} /initiative combatant:all")
        await console.run_line(f"@gm #{ch} /encounter next")
        channels.append((ch, system_id))
    return channels


def steps(app: object, channels: list[tuple[str, str]], count: int) -> Iterator[str]:
    """Commands as a GM would send them: the combatant whose turn it is attacks the other; a prompt is
    answered by `/parry`; then `/encounter next`. Chosen outside the timed part."""
    rng = random.Random(5)
    service = app.service  # type: ignore[attr-defined]
    sent = 0
    while sent < count:
        ch, system_id = rng.choice(channels)
        enc = service._cache.get(CHANNEL_IDS[ch])
        current = enc.current(get_system(system_id).initiative_descending) if enc else None
        if current is None:
            line = f"@gm #{ch} /encounter next"
        else:
            other = next(c for c in enc.combatants if c.id != current.id)
            line = f'@gm #{ch} /attack attacker:"{current.name}" target:"{other.name}"'
            status = other.status(get_system(system_id))
            if status.dead or status.out_of_fight:
                channels.remove((ch, system_id))  # this fight is over: the others go on
                continue
        yield line
        sent += 1
        if enc is not None and service._cache.get(CHANNEL_IDS[ch]).pending:
            yield f"@gm #{ch} /parry"
            sent += 1
        yield f"@gm #{ch} /encounter next"
        sent += 1


async def timed(console: Console, lines: Iterator[str], latencies: list[float], errors: dict[str, int]) -> float:
    """Send each line (chosen between commands, outside the timing); record its latency and any refusal.
    Returns the CPU seconds the commands took."""
    cpu = 0.0
    for line in lines:
        c0, s = time.process_time(), time.perf_counter()
        responses = await console.run_line(line)
        latencies.append(time.perf_counter() - s)
        cpu += time.process_time() - c0
        error = responses[0].error if responses else "no answer"
        if error:
            errors[error] = errors.get(error, 0) + 1
    return cpu


async def run() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        config = replace(Config.from_env(dotenv=False), database_path=str(Path(tmp) / "bench.db"), token=None)
        app, local = await build(config, seed=1, locale="en")
        console = Console(local, open(os.devnull, "w"), as_json=True)
        channels = await prepare(console)
        for ch, _ in channels:
            CHANNEL_IDS[ch] = snowflake("#" + ch)
        app.collector.started()  # as the bot does once it is up
        pauses: list[float] = []
        started: dict[str, float] = {}

        def on_gc(phase: str, info: dict[str, int]) -> None:
            if info.get("generation") != 2:
                return
            if phase == "start":
                started["t"] = time.perf_counter()
            elif "t" in started:
                pauses.append((time.perf_counter() - started.pop("t")) * 1000)

        gc.callbacks.append(on_gc)
        latencies: list[float] = []
        raw_rates: list[float] = []
        errors: dict[str, int] = {}
        cpu_seconds = 0.0
        per_slice = COMMANDS // SLICES
        for _ in range(SLICES):
            raw_rates.append(raw_sqlite_rate(Path(tmp) / "raw.db", 0.5))
            cpu_seconds += await timed(console, steps(app, channels, per_slice), latencies, errors)
        gc.callbacks.remove(on_gc)
        await app.close()
    n = len(latencies)
    handler_seconds = sum(latencies)
    rate, raw = n / handler_seconds, statistics.median(raw_rates)
    latencies.sort()
    p50, p99 = statistics.median(latencies) * 1000, latencies[int(n * 0.99) - 1] * 1000
    worst_gc = max(pauses, default=0.0)
    ratio = rate / raw
    print(f"command path, {ENCOUNTERS} active encounters (all five systems), commands one at a time:")
    print(
        f"  {rate:7.0f} commands/s, raw SQLite {raw:7.0f}/s → {ratio:5.1%} (target ≥ {RATIO_TARGET:.0%})"
        f"  {'holds' if ratio >= RATIO_TARGET else 'MISSED'}"
    )
    print(
        f"  p50 {p50:5.2f} ms  p99 {p99:5.2f} ms (target ≤ {P99_TARGET_MS:.0f} ms)"
        f"  {'holds' if p99 <= P99_TARGET_MS else 'MISSED'}"
    )
    print(f"  CPU {cpu_seconds / n * 1e6:6.0f} µs per command; unexpected refusals: {errors or 'none'}")
    print(
        f"  gen-2 collections: {len(pauses)}, longest {worst_gc:5.1f} ms (target ≤ {GC_TARGET_MS:.0f} ms)"
        f"  {'holds' if worst_gc <= GC_TARGET_MS else 'MISSED'}"
    )


if __name__ == "__main__":
    asyncio.run(run())
