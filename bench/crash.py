"""Sixty `kill -9`s at random points of a fight (the suite runs two): every database left behind must load
and equal a replay of the committed commands. `.venv/bin/python bench/crash.py [count]`."""

from __future__ import annotations

import random
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.bot.crash import crash_once


def main(count: int) -> int:
    rng = random.Random(60)
    work = Path(tempfile.mkdtemp())
    bad = []
    for seed in range(count):
        finished, matches = crash_once(work, seed, rng)
        if not matches:
            bad.append((seed, finished))
    print(f"{count} kills: {count - len(bad)} databases equal a replay of their committed commands, {len(bad)} do not")
    for seed, finished in bad:
        print(f"   seed {seed}: killed after {finished} commands")
    print(f"target: every database loads and equals a replay — {'holds' if not bad else 'FAILS'}")
    return 0 if not bad else 1


if __name__ == "__main__":
    sys.exit(main(int(sys.argv[1]) if len(sys.argv) > 1 else 60))
