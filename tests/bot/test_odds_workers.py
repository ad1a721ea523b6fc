"""The odds run in worker processes (bot/service/odds_pool.py): they must never outlive the bot. A bot
stopped normally shuts them down; one killed outright (SIGKILL, a crash) cannot, so each worker watches
for its parent and leaves when it is gone (they used to run on forever, orphaned, one pair per restart)."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from pathlib import Path

from tests.e2e.discord_process import still_running

ROOT = Path(__file__).resolve().parents[2]
# A bot in miniature: start the pool, make both workers exist, say their ids, then die without cleanup.
PARENT = """
import os, signal, sys
from concurrent.futures import wait
from bot.service import odds_pool
pool = odds_pool._executor()
wait([pool.submit(os.getpid) for _ in range(8)])
print(" ".join(str(p) for p in pool._processes), flush=True)
os.kill(os.getpid(), signal.SIGKILL)
"""


def test_workers_leave_when_the_bot_is_killed_outright(tmp_path: Path) -> None:
    out = tmp_path / "out.txt"
    with out.open("w") as sink:  # a file, not a pipe: workers left running must not hold the run open
        done = subprocess.run([sys.executable, "-c", PARENT], cwd=ROOT, stdout=sink, stderr=sink, timeout=60)
    assert done.returncode == -9, out.read_text()
    workers = [int(p) for p in out.read_text().split()]
    assert len(workers) == 2, done.stdout
    assert asyncio.run(still_running(workers, 10)) == []


def test_a_worker_watches_the_process_that_started_it() -> None:
    from bot.service import odds_pool

    pool = odds_pool._executor()
    try:
        # The initializer ran in the worker with this process as the parent it watches.
        assert pool.submit(os.getppid).result(timeout=30) == os.getpid()
    finally:
        odds_pool.shutdown()
