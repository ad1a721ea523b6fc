"""100,000 fuzzed command inputs through the handlers (the test suite runs 3,000): prints the counts of
internal errors, answers over Discord's limits and unintended pings, and the slowest answer (target:
none over 1 s). Run from the repo root: `.venv/bin/python bench/fuzz.py [count] [seed]`."""

from __future__ import annotations

import asyncio
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.bot.conftest import open_table
from tests.bot.fuzz import run
from tests.bot.test_fuzz import STATS


async def main(count: int, seed: int) -> int:
    table = await open_table(Path(tempfile.mkdtemp()) / "fuzz.db", seed)
    table.app.catalog.strict = True
    start = time.perf_counter()
    try:
        findings = await run(table.console, seed, count, STATS)
    finally:
        await table.app.close()
    elapsed = time.perf_counter() - start
    print(findings.summary())
    print(f"{findings.commands / elapsed:.0f} commands/s over {elapsed:.0f} s")
    for line in (findings.internal + findings.too_big + findings.pings)[:20]:
        print("  ", line[:200])
    holds = findings.ok() and findings.slowest[0] <= 1.0
    verdict = "holds" if holds else "FAILS"
    print(f"target: 0 internal errors, 0 over limits, 0 unintended pings, slowest ≤ 1 s — {verdict}")
    return 0 if holds else 1


if __name__ == "__main__":
    args = [int(a) for a in sys.argv[1:3]]
    sys.exit(asyncio.run(main(*(args + [100_000, 1][len(args) :]))))
