"""Memory: peak RSS with 1,000 active encounters (target ≤ 100 MB) and flat beyond (3,000 encounters
within 10 % of it: the encounter cache is a bounded LRU), each in a fresh process.

The other figures have their own scripts (all run by `make bench`): bench/command_path.py (the full
command path against raw SQLite), bench/rules_speed.py (every system against d20), bench/odds.py,
bench/restart.py, and the robustness runs (probe_bounds, fuzz, crash).
"""

from __future__ import annotations

import asyncio
import os
import resource
import subprocess
import sys
import tempfile
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

TARGET_MB = 100.0
FLAT = 1.10


async def memory(encounters: int) -> None:
    import bench.command_path as path
    from bot.config import Config
    from bot.console.runner import Console, build

    path.ENCOUNTERS = encounters
    with tempfile.TemporaryDirectory() as tmp:
        config = replace(Config.from_env(dotenv=False), database_path=str(Path(tmp) / "mem.db"), token=None)
        app, local = await build(config, seed=1, locale="en")
        console = Console(local, open(os.devnull, "w"), as_json=True)
        channels = await path.prepare(console)
        app.collector.started()
        for ch, _ in channels:  # every fight acts once (a waiting defence answered: such a fight stays cached)
            await console.run_line(f"@gm #{ch} /attack attacker:A target:B")
            await console.run_line(f"@gm #{ch} /parry defender:B")
            await console.run_line(f"@gm #{ch} /encounter next")
        await app.close()
    print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)


def peak(encounters: int) -> float:
    out = subprocess.run([sys.executable, __file__, "memory", str(encounters)], capture_output=True, text=True)
    if out.returncode:
        raise SystemExit(out.stderr)
    return float(out.stdout.split()[-1])


def main() -> None:
    if sys.argv[1:2] == ["memory"]:
        asyncio.run(memory(int(sys.argv[2])))
        return
    at_1000, at_3000 = peak(1000), peak(3000)
    print(
        f"memory: peak RSS {at_1000:6.1f} MB with 1000 active encounters (target ≤ {TARGET_MB:.0f} MB)"
        f"  {'holds' if at_1000 <= TARGET_MB else 'MISSED'}"
    )
    flat = at_3000 <= at_1000 * FLAT
    print(
        f"memory: peak RSS {at_3000:6.1f} MB with 3000 (flat: within {FLAT - 1:.0%} of 1000)"
        f"  {'holds' if flat else 'MISSED'}"
    )


if __name__ == "__main__":
    main()
