"""arm5 through the JSON command line (`python -m rules resolve`), the whole exchange at once."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

from rules.__main__ import resolve

ATTACKER = {
    "name": "A",
    "dex": 1,
    "str": 2,
    "single_weapon": 4,
    "weapon": {"name": "sword", "ability": "single_weapon", "atk": 4, "dam": 6},
}
DEFENDER = {
    "name": "D",
    "qik": 1,
    "sta": 1,
    "single_weapon": 3,
    "weapon": {"name": "sword", "ability": "single_weapon", "dfn": 1},
    "shield": {"name": "round", "dfn": 3},
    "armour_prot": 5,
    "wounds": {"light": 1},
}


def test_resolve_whole_exchange_with_defence_key() -> None:
    out: dict[str, Any] = resolve(
        {
            "system": "arm5",
            "action": "attack",
            "actor": ATTACKER,
            "target": DEFENDER,
            "dice": [1, 7, 6],
            "defence": None,
        }
    )
    assert (out["total"], out["against"], out["margin"], out["outcome"], out["wound"]) == (
        23,
        13,
        10,
        "hit",
        "heavy",
    )
    assert out["damage"]["rolled"] == 18 and out["damage"]["reduced_by"] == 6


def test_resolve_without_defence_key_is_pending() -> None:
    out = resolve({"system": "arm5", "action": "attack", "actor": ATTACKER, "target": DEFENDER, "dice": [5]})
    assert out["outcome"] == "pending_defence" and out["defences"] == ["defend"]
    back = resolve(
        {
            "system": "arm5",
            "action": "defend",
            "actor": DEFENDER,
            "target": ATTACKER,
            "exchange": out["exchange"],
            "choice": "defend",
            "dice": [7],
        }
    )
    assert (back["total"], back["against"], back["outcome"]) == (14, 14, "miss")


def test_resolve_quick_npc_lines_and_extra_actions() -> None:
    npc = {"name": "Bandyta", "attack": "+9", "defense": "+6", "damage": "+5", "soak": "+7", "size": "0"}
    out = resolve(
        {
            "system": "arm5",
            "action": "attack",
            "actor": npc,
            "target": {**npc, "name": "B"},
            "dice": [5, 2],
            "defence": "defend",
        }
    )
    assert (out["total"], out["against"], out["wound"]) == (14, 8, "light")
    out = resolve(
        {
            "system": "arm5",
            "action": "magic_attack",
            "actor": {"name": "Mag"},
            "target": {"name": "X", "sta": 3, "armour_prot": 2, "size": 1},
            "options": {"spell_damage": 15},
            "dice": [1, 1, 3, 4],
        }
    )
    assert (out["total"], out["against"], out["wound"]) == (27, 9, "heavy")
    out = resolve({"system": "arm5", "action": "disengage", "actor": {"name": "Maja"}, "dice": []})
    assert out["outcome"] == "disengaged"


def test_cli_process_reports_rules_errors_as_json() -> None:
    req = {"system": "arm5", "action": "attack", "actor": {"hp": 3}, "target": DEFENDER, "dice": [5]}
    proc = subprocess.run(
        [sys.executable, "-m", "rules", "resolve"],
        input=json.dumps(req),
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 2
    assert json.loads(proc.stdout)["error"] == "error.stat_unknown"
