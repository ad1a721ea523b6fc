"""Restart with 10,000 active encounters in the database: the time from process start to the first
command answered (target ≤ 1 s), the defence timers re-armed from one query.

The database is filled through the handlers once (one fight, with an attack waiting in every tenth
channel), then copied row by row into 10,000 channels; a fresh process opens it and answers one command.
Run: `.venv/bin/python bench/restart.py` (also part of `make bench`).
"""

from __future__ import annotations

import asyncio
import os
import sqlite3
import subprocess
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

ENCOUNTERS = 10_000
TARGET_S = 1.0


async def seed(path: Path) -> None:
    from bot.config import Config
    from bot.console.runner import Console, build

    config = replace(Config.from_env(dotenv=False), database_path=str(path), token=None)
    app, local = await build(config, seed=1, locale="en")
    console = Console(local, open(os.devnull, "w"), as_json=True)
    for line in (
        "@gm #c0 /settings set system:arm5 name:npc_defence value:prompt scope:server",
        "@gm #c0 /encounter start system:arm5 name:Restart",
        '@gm #c0 /encounter add name:A stats:"atak:5 obrona:4 obrażenia:3 wyparowania:4 budowa:0"',
        '@gm #c0 /encounter add name:B stats:"atak:5 obrona:4 obrażenia:3 wyparowania:4 budowa:0"',
        "@gm #c0 /initiative combatant:all",
        "@gm #c0 /encounter next",
        "@gm #c0 /attack attacker:A target:B",
    ):
        await console.run_line(line)
    await app.close()
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("BEGIN")
    for i in range(1, ENCOUNTERS):
        cur = conn.execute(
            "INSERT INTO encounters (guild_id, channel_id, system, name, gm_user_id, status, round, turn, settings,"
            " version, created_at, language) SELECT guild_id, ?, system, name, gm_user_id, status, round, turn,"
            " settings, version, created_at, language FROM encounters WHERE id = 1",
            (1_000_000 + i,),
        )
        new = cur.lastrowid
        conn.execute(
            "INSERT INTO combatants (encounter_id, seq, name, owner_user_id, character_id, hidden, sheet, initiative,"
            " tiebreak, effects, gender) SELECT ?, seq, name, owner_user_id, character_id, hidden, sheet, initiative,"
            " tiebreak, effects, gender FROM combatants WHERE encounter_id = 1",
            (new,),
        )
        if i % 10 == 0:
            conn.execute(
                "INSERT INTO exchanges (encounter_id, attacker_id, defender_id, kind, options, result, created_at,"
                " deadline, status) SELECT ?,"
                " (SELECT c.id FROM combatants c WHERE c.encounter_id = ? AND c.seq ="
                "  (SELECT seq FROM combatants WHERE id = x.attacker_id)),"
                " (SELECT c.id FROM combatants c WHERE c.encounter_id = ? AND c.seq ="
                "  (SELECT seq FROM combatants WHERE id = x.defender_id)),"
                " kind, options, result, created_at, deadline, status FROM exchanges x WHERE encounter_id = 1",
                (new, new, new),
            )
    conn.execute("COMMIT")
    conn.close()


FIRST_COMMAND = """
import asyncio, os, sys, time
from dataclasses import replace
sys.path.insert(0, {root!r})
from bot.config import Config
from bot.console.runner import Console, build

async def main():
    config = replace(Config.from_env(dotenv=False), database_path={db!r}, token=None)
    app, local = await build(config, seed=1, locale="en")
    console = Console(local, open(os.devnull, "w"), as_json=True)
    answers = await console.run_line("@gm #c0 /encounter status")
    assert answers and answers[0].error is None, answers
    print(time.time() - {started!r}, len(app.service._waiting))
    await app.close()

asyncio.run(main())
"""


def main() -> int:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "restart.db"
        asyncio.run(seed(path))
        started = time.time()
        code = FIRST_COMMAND.format(root=str(Path(__file__).resolve().parents[1]), db=str(path), started=started)
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    seconds, waiting = float(out[0]), int(out[1])
    verdict = "holds" if seconds <= TARGET_S else "MISSED"
    print(
        f"restart: {ENCOUNTERS} active encounters, {waiting} with a defence waiting re-armed;"
        f" process start to first answer {seconds:5.2f} s (target ≤ {TARGET_S:.0f} s)  {verdict}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
