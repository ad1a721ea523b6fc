"""`kill -9` at random points of a fight leaves a database that loads and equals a replay of the commands
that had committed. Two kills here; `bench/crash.py` runs sixty."""

from __future__ import annotations

import random
from pathlib import Path

from tests.bot.crash import crash_once


def test_kill_minus_nine_leaves_a_loadable_database_equal_to_a_replay(tmp_path: Path) -> None:
    rng = random.Random(9)
    for seed in (3, 4):
        finished, matches = crash_once(tmp_path, seed, rng)
        assert matches, f"after {finished} commands the database matches no replay"
