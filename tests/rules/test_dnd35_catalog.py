"""Every key a dnd35 result or error can carry has an English text in bot/i18n/en/dnd35.json."""

import json
from pathlib import Path
from typing import Any

import pytest

from rules.__main__ import resolve
from rules.errors import RulesError
from rules.registry import get_system
from rules.systems.dnd35.tables import CONDITIONS, WEAPONS

CATALOG: dict[str, str] = json.loads(Path("bot/i18n/en/dnd35.json").read_text(encoding="utf-8"))
SYSTEM = get_system("dnd35")
GENERIC_OUTCOMES = {"hit", "miss", "crit", "fumble", "pending_defence"}

REQUESTS: list[dict[str, Any]] = [
    {
        "action": "attack",
        "actor": {
            "bab": 11,
            "str": 14,
            "conditions": ["dazzled", "flat_footed"],
            "hp": 10,
        },
        "target": {"hp": 5, "dex": 14, "conditions": ["prone", "grappling", "charging"], "crit_immune": True},
        "options": {
            "full_attack": True,
            "flanking": True,
            "aided": 1,
            "fighting_defensively": True,
            "cover": "cover",
            "target_aided": 1,
            "attack_misc": 1,
            "ac_misc": 1,
            "damage_misc": -9,
            "nonlethal": True,
            "concealment": "concealment",
            "extra_damage": "1d6",
        },
        "dice": [20, 50, 1, 1, 19, 10, 1, 1, 5],
        "weapon": "club",
    },
    {
        "action": "attack",
        "actor": {"bab": 6, "feats": ["two weapon fighting"]},
        "target": {"hp": 500, "conditions": ["helpless", "pinned", "stunned"]},
        "options": {
            "two_weapon": True,
            "off_hand_weapon": "dagger",
            "concealment": "total",
            "invisible": True,
        },
        "dice": [20, 20, 51, 3, 3, 1, 20, 10, 1, 4],
        "weapon": "longsword",
    },
    {
        "action": "attack",
        "actor": {"weapons": [{"name": "big", "damage": "1d4+70"}]},
        "target": {"hp": 500},
        "dice": [15, 1, 1],
    },
    {
        "action": "attack",
        "actor": {"weapons": [{"name": "big", "damage": "1d4+70"}]},
        "target": {"hp": 500},
        "dice": [15, 1, 20],
    },
    {
        "action": "shot",
        "actor": {"dex": 14},
        "target": {"hp": 5, "conditions": ["kneeling"]},
        "options": {"in_melee": True, "cover": "soft"},
        "dice": [10, 2],
        "weapon": "longbow",
        "distance": 150,
    },
    {
        "action": "shot",
        "actor": {"feats": ["precise shot"]},
        "target": {"hp": 5},
        "options": {"in_melee": True, "cover": "improved"},
        "dice": [10],
        "weapon": "longbow",
    },
    {"action": "initiative", "actor": {"dex": 12, "init": 5}, "dice": [3, 4]},
    {"action": "total_defense", "actor": {}, "dice": []},
    {"action": "delay", "actor": {}, "dice": []},
    {"action": "delay", "actor": {}, "options": {"new_initiative": 3}, "dice": []},
    {"action": "ready", "actor": {}, "dice": []},
    {"action": "stabilize", "actor": {"hp": 5, "hp_current": -1}, "dice": [50]},
    {
        "action": "heal",
        "actor": {},
        "target": {"hp": 5, "hp_current": -1},
        "options": {"amount": 2},
        "dice": [],
    },
    {
        "action": "heal_check",
        "actor": {"skills": {"heal": 5}},
        "target": {"hp": 5, "hp_current": -1},
        "dice": [12],
    },
    {"action": "aid_another", "actor": {}, "target": {"hp": 5}, "options": {"aid": "ac"}, "dice": [12]},
    {
        "action": "coup_de_grace",
        "actor": {},
        "target": {"hp": 50, "conditions": ["helpless"]},
        "dice": [2, 2, 20],
        "weapon": "dagger",
    },
    {
        "action": "coup_de_grace",
        "actor": {},
        "target": {"hp": 50, "conditions": ["helpless"]},
        "dice": [2, 2, 1],
        "weapon": "dagger",
    },
    {"action": "trip", "actor": {}, "target": {"hp": 5}, "dice": [15, 2, 10]},
    {"action": "trip", "actor": {}, "target": {"hp": 5}, "dice": [15, 12, 10]},
    {
        "action": "grapple",
        "actor": {"bab": 3, "str": 14, "ac": 16},
        "target": {"hp": 4, "str": 9, "bab": 1, "size": "small", "weapon": "spear"},
        "dice": [9, 8, 6, 14, 2],
    },
    {"action": "grapple", "actor": {}, "target": {"hp": 4, "weapon": "spear"}, "dice": [15, 3]},
    {"action": "grapple", "actor": {}, "target": {"hp": 4, "size": "huge"}, "dice": [15]},
    {"action": "pin", "actor": {"str": 14}, "target": {"hp": 4}, "dice": [10, 5]},
    {"action": "escape_grapple", "actor": {"str": 14}, "target": {"hp": 4}, "dice": [10, 5]},
    {"action": "escape_grapple", "actor": {}, "target": {"hp": 4}, "dice": [1, 5]},
    {
        "action": "grapple_damage",
        "actor": {"bab": 3, "str": 14, "conditions": ["grappling"]},
        "target": {"hp": 4, "str": 9, "bab": 1, "size": "small", "conditions": ["grappling"]},
        "dice": [12, 15, 1],
    },
    {
        "action": "trip",
        "actor": {"hp": 20},
        "target": {"hp": 5, "weapon": "club"},
        "dice": [12, 3, 15, 10, 5],
    },
    {
        "action": "disarm",
        "actor": {"size": "large"},
        "target": {
            "hp": 5,
            "weapons": [{"name": "bow", "category": "projectile", "damage": "1d6", "range_increment_ft": 60}],
        },
        "dice": [10, 10],
    },
    {
        "action": "disarm",
        "actor": {"feats": ["improved disarm"]},
        "target": {"hp": 5, "weapon": "dagger"},
        "dice": [10, 2],
    },
    {"action": "disarm", "actor": {"hp": 9}, "target": {"hp": 5, "weapon": "dagger"}, "dice": [10, 2]},
    {
        "action": "sunder",
        "actor": {"feats": ["improved sunder"]},
        "target": {"hp": 5, "weapon": "club"},
        "dice": [10, 2, 6],
        "weapon": "greataxe",
    },
    {
        "action": "sunder",
        "actor": {"feats": ["improved sunder"]},
        "target": {"hp": 5, "weapon": "club"},
        "dice": [2, 12],
        "weapon": "greataxe",
    },
    {
        "action": "bull_rush",
        "actor": {"feats": ["improved bull rush"]},
        "target": {"hp": 5, "legs": 4},
        "options": {"charge": True},
        "dice": [10, 2],
    },
    {"action": "bull_rush", "actor": {}, "target": {"hp": 5, "size": "small"}, "dice": [1, 20]},
    {"action": "overrun", "actor": {"feats": ["improved overrun"]}, "target": {"hp": 5}, "dice": [10, 2]},
    {"action": "overrun", "actor": {}, "target": {"hp": 5}, "dice": [2, 10]},
    {"action": "overrun", "actor": {}, "target": {"hp": 5}, "options": {"defender_avoids": True}, "dice": []},
    {
        "action": "feint",
        "actor": {},
        "target": {"hp": 5, "int": 2},
        "options": {"target_nonhumanoid": True},
        "dice": [10, 2],
    },
    {"action": "feint", "actor": {}, "target": {"hp": 5}, "dice": [2, 10]},
    {
        "action": "attack",
        "actor": {"hp": 10, "hp_current": 0, "str": 12},
        "target": {"hp": 5},
        "options": {"charge": True},
        "dice": [15, 2],
        "weapon": "club",
    },
    {"action": "attack", "actor": {"hp": 1}, "target": {"hp": 5, "weapon": "club"}, "dice": [15, 6]},
    {"action": "attack", "actor": {"hp": 20}, "target": {"hp": 5, "weapon": "club"}, "dice": [2, 15, 1]},
    {
        "action": "attack",
        "actor": {"turn_conditions": ["readied"]},
        "target": {"hp": 5},
        "options": {"readied": True},
        "dice": [15, 1],
        "weapon": "club",
    },
    {
        "action": "shot",
        "actor": {"weapons": ["dart", "javelin"]},
        "target": {"hp": 50},
        "options": {"two_weapon": True},
        "dice": [15, 1, 15, 1],
        "distance": 10,
    },
    {
        "action": "bull_rush",
        "actor": {"str": 18, "speed_ft": 20},
        "target": {"hp": 5},
        "options": {"follow": True, "moved_ft": 10},
        "dice": [20, 1],
    },
    {"action": "bull_rush", "actor": {"str": 18}, "target": {"hp": 5}, "dice": [20, 1]},
]


def keys_of(result: dict[str, Any]) -> set[str]:
    found: set[str] = {f"action.dnd35.{result['action']}"}
    if result.get("outcome") not in GENERIC_OUTCOMES and result.get("outcome") is not None:
        found.add(f"outcome.dnd35.{result['outcome']}")
    for m in result.get("modifiers", []):
        found.add(f"term.dnd35.{m['key']}")
    for r in result.get("rolls", []):
        found.add(f"term.dnd35.{r['purpose']}")
    if result.get("against_key"):
        found.add(f"term.dnd35.{result['against_key']}")
    if result.get("wound"):
        found.add(f"wound.dnd35.{result['wound']}")
    for c in result.get("conditions", []):
        found.add(f"condition.dnd35.{c}")
    for n in result.get("notes", []):
        found.add(f"note.dnd35.{n['key']}")
    for c in result.get("changes", []):
        found.add(f"term.dnd35.{c['field']}")
    if result.get("damage"):
        for m in result["damage"].get("modifiers", []):
            found.add(f"term.dnd35.{m['key']}")
    for sub in result.get("attacks", []):
        found |= keys_of(sub)
    return found


@pytest.mark.parametrize("request_", REQUESTS)
def test_result_keys_are_in_the_catalog(request_: dict[str, Any]) -> None:
    actions = {"attack", "shot", "initiative", *SYSTEM.extra_actions}
    if request_["action"] not in actions:
        pytest.skip("action not provided")
    out = resolve({"system": "dnd35", **request_})
    missing = sorted(k for k in keys_of(out) if k not in CATALOG)
    assert not missing


def test_static_keys_are_in_the_catalog() -> None:
    needed = {"system.dnd35.name"}
    needed |= {f"term.dnd35.{f}" for f in SYSTEM.Sheet.model_fields}
    needed |= {f"term.dnd35.{f}" for f in SYSTEM.Options.model_fields}
    needed |= {f"setting.dnd35.{s.name}" for s in SYSTEM.setting_infos()}
    needed |= {f"weapon.dnd35.{w}" for w in WEAPONS}
    needed |= {f"condition.dnd35.{c}" for c in CONDITIONS | {"helpless"}}
    needed |= {f"action.dnd35.{a}" for a in SYSTEM.extra_actions}
    needed |= {f"defence.dnd35.{d}" for d in SYSTEM.parry_alternatives()}
    assert sorted(needed - set(CATALOG)) == []


def test_error_keys_are_in_the_catalog() -> None:
    source = "".join(p.read_text(encoding="utf-8") for p in Path("rules/systems/dnd35").glob("*.py"))
    import re

    keys = set(re.findall(r'"error\.dnd35\.([a-z_]+)"', source))
    assert keys
    assert sorted(k for k in keys if f"error.dnd35.{k}" not in CATALOG) == []


def test_unknown_weapon_error_params() -> None:
    with pytest.raises(RulesError) as err:
        resolve(
            {
                "system": "dnd35",
                "action": "attack",
                "actor": {},
                "target": {"hp": 1},
                "weapon": "zz",
                "dice": [1],
            }
        )
    assert set(err.value.params) == {"weapon", "allowed"}
