"""The command-path benchmark on both drivers in one run: the same workload as `bench/command_path.py`
(1,000 active encounters over the five systems, attacks, `/parry`, `/encounter next`, one command at a
time) on SQLite and on PostgreSQL, rates printed side by side. PostgreSQL is `BENCH_DATABASE_URL` when
set, else a throwaway local server started as the tests start theirs (`tests/pg.py`, Unix socket).

Each PostgreSQL command is its own pooled transaction over a socket round trip per statement, so its
rate is lower per process; several processes (shards) share the one server. No target: the figure is
what the README's "Running at scale" sizes a process with.
"""

from __future__ import annotations

import asyncio
import os
import sys
import tempfile
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.command_path import CHANNEL_IDS, ENCOUNTERS, prepare, steps, timed
from bot.config import Config
from bot.console.adapter import snowflake
from bot.console.runner import Console, build

COMMANDS = int(os.environ.get("BENCH_COMMANDS", "3000"))


async def measure(config: Config) -> tuple[float, float, float, dict[str, int]]:
    """(commands/s, p99 ms, CPU µs per command, unexpected refusals) of the workload on one database."""
    app, local = await build(config, seed=1, locale="en")
    console = Console(local, open(os.devnull, "w"), as_json=True)
    try:
        channels = await prepare(console)
        for ch, _ in channels:
            CHANNEL_IDS[ch] = snowflake("#" + ch)
        app.collector.started()
        latencies: list[float] = []
        errors: dict[str, int] = {}
        cpu = await timed(console, steps(app, channels, COMMANDS), latencies, errors)
    finally:
        await app.close()
    latencies.sort()
    n = len(latencies)
    return n / sum(latencies), latencies[int(n * 0.99) - 1] * 1000, cpu / n * 1e6, errors


async def postgres_url() -> str:
    given = os.environ.get("BENCH_DATABASE_URL", "").strip()
    if given:
        return given
    from tests import pg

    return await pg.postgres_url()


async def run() -> None:
    base = replace(Config.from_env(dotenv=False), token=None, database_url=None)
    with tempfile.TemporaryDirectory() as tmp:
        lite = await measure(replace(base, database_path=str(Path(tmp) / "bench.db")))
    post = await measure(replace(base, database_url=await postgres_url()))
    print(f"command path on both drivers, {ENCOUNTERS} active encounters, {COMMANDS} commands one at a time:")
    for name, (rate, p99, cpu, errors) in (("SQLite", lite), ("PostgreSQL", post)):
        print(
            f"  {name:10} {rate:7.0f} commands/s  p99 {p99:5.2f} ms  CPU {cpu:5.0f} µs per command"
            f"  refusals: {errors or 'none'}"
        )
    print(f"  PostgreSQL runs at {post[0] / lite[0]:.0%} of SQLite's rate in one process")


if __name__ == "__main__":
    asyncio.run(run())
