"""`kill -9` during play: the console process is killed at a random point of a scripted fight; the
database it leaves must load, answer, and equal a replay of the commands that had committed (the one
in flight may or may not have: both are accepted, nothing in between)."""

from __future__ import annotations

import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = [
    "@gm #boj /encounter start system:dnd35 name:Crash",
    '@gm #boj /encounter add name:Orc stats:"ac:12 hp:30 attack:+4 damage:1d8+2" count:2',
    '@ana #boj /character create system:dnd35 name:Ana stats:"str:15 dex:13 bab:3 hp:40 ac:15 weapons:longsword"',
    "@ana #boj /encounter join character:Ana",
    "@gm #boj /settings set name:enforce_turns value:false",
    "@gm #boj /initiative combatant:all",
    "@gm #boj /encounter next",
    *[
        line
        for i in range(6)
        for line in (
            '@ana #boj /attack target:"Orc 1"',
            f'@gm #boj /attack target:Ana attacker:"Orc {1 + i % 2}"',
            '@gm #boj /encounter edit combatant:"Orc 2" stats:"hp:-1"',
            "@gm #boj /encounter next",
        )
    ],
    "@gm #boj2 /encounter start system:arm5 name:Second",
    '@gm #boj2 /encounter add name:Bandit stats:"attack:+9 defense:+6 damage:+5 soak:+7"',
    "@gm #boj /encounter end",
]


def _console(db: Path, seed: int) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "bot", "console", "--script", "-", "--json", "--db", str(db), "--seed", str(seed)],
        cwd=ROOT,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        env={**os.environ, "DISCORD_TOKEN": ""},
    )


def _send_and_wait(proc: subprocess.Popen[str], line: str, mark: int) -> None:
    """Send one command, then a sentinel roll; return once the sentinel answered (the command is done)."""
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.write(f"{line}\n@sentinel #s{mark} /roll expression:1\n")
    proc.stdin.flush()
    for out in proc.stdout:
        if json.loads(out).get("channel") == f"s{mark}":
            return
    raise AssertionError("the console ended early")


def state(db: Path) -> dict[str, object]:
    """What the committed commands made: encounters, combatants, exchanges, characters, commands and their
    events."""
    conn = sqlite3.connect(db)
    try:
        tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        return {  # a database killed before its first migration holds nothing yet: empty, like a fresh one
            table: conn.execute(f"SELECT {cols} FROM {table} ORDER BY 1, 2").fetchall() if table in tables else []
            for table, cols in {
                "encounters": "channel_id, status, round, turn, name, version",
                "combatants": "encounter_id, name, sheet, initiative, tiebreak, effects",
                "exchanges": "encounter_id, status, defender_id",
                "characters": "name, sheet",
                "commands": "encounter_id, id, kind, events",  # each command's events are in its row
            }.items()
        }
    finally:
        conn.close()


def play(db: Path, seed: int, count: int) -> None:
    """The first `count` lines of the script, each to its end."""
    proc = _console(db, seed)
    try:
        for i, line in enumerate(SCRIPT[:count]):
            _send_and_wait(proc, line, i)
    finally:
        assert proc.stdin is not None
        proc.stdin.close()
        proc.wait(30)


def crash_once(work: Path, seed: int, rng: random.Random) -> tuple[int, bool]:
    """Kill the console at a random point; (commands finished before, whether the database matches a
    replay of them, or of them plus the one in flight). Also checks the database loads and answers."""
    db = work / f"crash-{seed}.db"
    proc = _console(db, seed)
    finished = rng.randrange(len(SCRIPT))
    assert proc.stdin is not None
    for i, line in enumerate(SCRIPT[:finished]):
        _send_and_wait(proc, line, i)
    proc.stdin.write(SCRIPT[finished] + "\n")
    proc.stdin.flush()
    time.sleep(rng.random() * 0.05)  # somewhere inside the next command: before, during or after its commit
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait(30)
    crashed = state(db)
    # It must load and answer after the crash (a fresh process opens it, recovers the WAL and replies).
    check = _console(db, seed)
    out, _ = check.communicate("@gm #boj /encounter status\n@gm #boj2 /encounter status\n", timeout=60)
    records = [json.loads(r) for r in out.splitlines() if r.strip()]
    assert records and all(r.get("error") != "error.internal" for r in records), out
    for n in (finished, finished + 1):
        replay = work / f"replay-{seed}-{n}.db"
        play(replay, seed, n)
        if state(replay) == crashed:
            return finished, True
    return finished, False
