"""Every catalog key an arm5 result or error can carry exists in bot/i18n/en/arm5.json."""

from __future__ import annotations

import json
import re
import string
from pathlib import Path
from typing import Any

import pytest

from rules.__main__ import resolve
from rules.errors import RulesError
from rules.systems.arm5 import SYSTEM
from rules.systems.arm5.options import Options
from rules.systems.arm5.settings import Settings
from rules.systems.arm5.sheet import Abilities, Sheet, Weapon, Wounds

ROOT = Path(__file__).resolve().parents[2]
CATALOG: dict[str, str] = json.loads((ROOT / "bot/i18n/en/arm5.json").read_text(encoding="utf-8"))
SOURCE = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "rules/systems/arm5").glob("*.py"))

FIGHTER = {
    "dex": 1,
    "qik": 1,
    "str": 2,
    "sta": 1,
    "single_weapon": 3,
    "weapon": "long_sword",
    "shield": "buckler",
}
HURT = {**FIGHTER, "wounds": {"light": 1}, "fatigue_level": 2, "mounted": True, "riding": 2}
MAGE = {**HURT, "spells": [{"name": "Pilum of Fire", "damage": 15, "fast_casting": True}]}
REQUESTS: list[dict[str, Any]] = [
    {"action": "initiative", "actor": HURT, "dice": [1, 10, 4]},
    {
        "action": "initiative",
        "actor": HURT,
        "dice": [10, 10],
        "settings": {"initiative_tiebreak": "simultaneous", "initiative_order": "side"},
    },
    {"action": "initiative", "actor": MAGE, "options": {"fast_casting": True}, "dice": [3, 2]},
    {"action": "attack", "actor": HURT, "target": FIGHTER, "dice": [1, 9, 2], "defence": None},
    {"action": "attack", "actor": FIGHTER, "target": HURT, "dice": [10, 3, 10, 10], "defence": "parry"},
    {
        "action": "attack",
        "actor": {**FIGHTER, "str": 9},
        "target": FIGHTER,
        "dice": [9, 2],
        "options": {"charge": True, "difficult_ground": True},
        "defence": None,
    },
    {
        "action": "attack",
        "actor": FIGHTER,
        "target": {**FIGHTER, "fatigue_level": 5},
        "dice": [9],
        "defence": None,
    },
    {
        "action": "attack",
        "actor": FIGHTER,
        "target": FIGHTER,
        "dice": [1, 1, 9, 2],
        "defence": None,
        "options": {"nonlethal": True},
        "settings": {"fatigue_table": "nonlethal"},
    },
    {
        "action": "shot",
        "actor": {"dex": 2, "bows": 3, "weapon": "long_bow"},
        "target": {**HURT, "cover": "half"},
        "dice": [2, 5],
        "defence": None,
    },
    {"action": "shot", "actor": FIGHTER, "target": FIGHTER, "dice": [5, 5], "defence": None},
    {
        "action": "disengage",
        "actor": {**HURT, "attacked_by": ["target", "C"], "disengage_bonus": 3},
        "target": FIGHTER,
        "dice": [2, 9],
    },
    {
        "action": "disengage",
        "actor": {**FIGHTER, "attacked_by": ["target"]},
        "target": {**FIGHTER, "dead": True},
        "dice": [5],
    },
    {"action": "disengage", "actor": FIGHTER, "dice": []},
    {"action": "hold", "actor": {**FIGHTER, "initiative": 12}, "options": {"new_initiative": 5}, "dice": []},
    {"action": "delay", "actor": {**FIGHTER, "initiative": 12}, "dice": []},
    {"action": "disengage", "actor": {**FIGHTER, "attacked_by": ["X"]}, "dice": [5]},
    {
        "action": "reaction_attack",
        "actor": FIGHTER,
        "target": {**HURT, "disengage_defence": 9, "disengage_pending": ["actor"]},
        "dice": [9],
    },
    {
        "action": "magic_attack",
        "actor": FIGHTER,
        "target": HURT,
        "options": {"spell_damage": 30},
        "dice": [10, 10],
    },
    {
        "action": "magic_attack",
        "actor": FIGHTER,
        "target": {**HURT, "magic_resistance": True},
        "options": {"spell_damage": 30, "penetrated": False},
        "dice": [],
    },
    {
        "action": "cast",
        "actor": MAGE,
        "options": {"casting_score": 12, "spell_level": 10, "fast_casting": True},
        "dice": [10, 10, 1, 1],
    },
]


def _keys(result: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    out: list[tuple[str, dict[str, Any]]] = [(f"outcome.arm5.{result['outcome']}", {})]
    out += [(f"term.arm5.{m['key']}", {}) for m in result.get("modifiers", [])]
    out += [(f"term.arm5.{m['key']}", {}) for m in (result.get("damage") or {}).get("modifiers", [])]
    out += [(f"term.arm5.{r['purpose']}", {}) for r in result.get("rolls", [])]
    out += [(f"note.arm5.{n['key']}", n.get("params", {})) for n in result.get("notes", [])]
    out += [(f"condition.arm5.{c}", {}) for c in result.get("conditions", [])]
    out += [(f"term.arm5.{c['field']}", {}) for c in result.get("changes", [])]
    out += [(f"defence.arm5.{d}", {}) for d in result.get("defences", [])]
    if result.get("wound"):
        out.append((f"wound.arm5.{result['wound']}", {}))
    if result.get("against_key"):
        out.append((f"term.arm5.{result['against_key']}", {}))
    out.append((f"action.arm5.{result['action']}", {}))
    return out


def _placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


@pytest.mark.parametrize("request_data", REQUESTS, ids=lambda r: str(r["action"]))
def test_result_keys_are_in_catalog(request_data: dict[str, Any]) -> None:
    result = resolve({"system": "arm5", **request_data})
    for key, params in _keys(result):
        assert key in CATALOG, key
        assert _placeholders(CATALOG[key]) <= set(params), key


def test_static_keys_are_in_catalog() -> None:
    assert "system.arm5.name" in CATALOG
    for model in (Sheet, Options, Abilities, Weapon, Wounds):
        for field in model.model_fields:
            assert f"term.arm5.{field}" in CATALOG, field
    for field in Settings.model_fields:
        assert f"setting.arm5.{field}" in CATALOG, field
    for weapon in SYSTEM.weapons():
        assert f"weapon.arm5.{weapon}" in CATALOG, weapon
    for action in SYSTEM.extra_actions:
        assert f"action.arm5.{action}" in CATALOG, action
    for level in ("unhurt", "light", "medium", "heavy", "incapacitated", "unconscious", "dead"):
        assert f"wound.arm5.{level}" in CATALOG, level
    for key in set(re.findall(r'"(error\.arm5\.[a-z_]+)"', SOURCE)):
        assert key in CATALOG, key
    for key in set(re.findall(r'Note\(key="([a-z_]+)"', SOURCE)):
        assert f"note.arm5.{key}" in CATALOG, key


def test_error_params_fill_their_templates() -> None:
    with pytest.raises(RulesError) as err:
        resolve({"system": "arm5", "action": "attack", "actor": FIGHTER, "target": FIGHTER, "weapon": "x"})
    assert err.value.key == "error.arm5.unknown_weapon"
    assert _placeholders(CATALOG[err.value.key]) <= set(err.value.params)
    with pytest.raises(RulesError) as err:
        resolve(
            {
                "system": "arm5",
                "action": "attack",
                "actor": FIGHTER,
                "target": {**FIGHTER, "size": -7},
                "dice": [9, 2],
                "defence": None,
            }
        )
    assert err.value.key == "error.arm5.size_outside_table"
    assert _placeholders(CATALOG[err.value.key]) <= set(err.value.params)


CORE: dict[str, str] = json.loads((ROOT / "bot/i18n/en/core.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize(
    "data",
    [{"no_such_stat": 1}, {"dex": "many"}, {"attack": "lots"}],
    ids=["unknown", "invalid", "shortcut"],
)
def test_sheet_errors_fill_the_core_templates(data: dict[str, Any]) -> None:
    with pytest.raises(RulesError) as err:
        SYSTEM.sheet(data)
    assert err.value.key in CORE
    assert _placeholders(CORE[err.value.key]) <= set(err.value.params), err.value.params


def test_the_no_rest_answer_says_how_to_clear_wounds_and_fatigue() -> None:
    """Finding 11: ArM5's combat text has no rest or healing, so `/character rest` is refused; the game's own
    wording of that refusal (`error.arm5.no_rest`, read by the bot in place of the shared `error.no_rest`)
    names a stats line that really clears every wound band and the Fatigue level."""
    for lang in ("cs", "en", "it", "pl"):
        catalog = json.loads((ROOT / f"bot/i18n/{lang}/arm5.json").read_text(encoding="utf-8"))
        text = catalog["error.arm5.no_rest"]
        assert {f for _, f, _, _ in string.Formatter().parse(text) if f} == {"system"}
        stats = re.search(r':"([^"]+)"', text)
        assert stats is not None, lang
        wounds = {"light": 1, "medium": 2, "heavy": 1, "incapacitating": 1}
        hurt = SYSTEM.sheet({"wounds": wounds, "fatigue_level": 3})
        pairs = dict(pair.split(":", 1) for pair in stats.group(1).split())
        healed = SYSTEM.edit_sheet(hurt, SYSTEM.stat_vocabulary().resolve(pairs))
        assert isinstance(healed, Sheet)
        assert healed.wounds == Wounds() and healed.fatigue_level == 0, lang
