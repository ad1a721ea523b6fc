"""Sheet validation, quick-NPC shortcuts, status, settings and the JSON command line."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import pytest

from rules.dice import ScriptedDice
from rules.errors import RulesError
from rules.system import ActionRequest, Fighter
from rules.systems.cz2d10 import SYSTEM as S


def test_quick_npc_shortcuts_in_czech_and_english() -> None:
    s: Any = S.sheet(
        {
            "síla": "7",
            "obr": "4",
            "hp": "12",
            "zbraň": "sekera",
            "zbroj": "kroužková:5",
            "štít": "střední štít",
            "skill": "4",
            "dr": "5",
        }
    )
    assert (s.str_, s.dex, s.hp_max, s.hp) == (7, 4, 12, 12)
    assert (s.weapon, s.armour, s.armour_dr, s.shield, s.weapon_skill) == (
        "medium_axe_1h",
        "mail",
        5,
        "medium_shield",
        4,
    )
    q: Any = S.sheet({"attack": "11", "defence": "18", "damage": "d5+1", "dr": "3", "init": "2"})
    assert (q.attack_fixed, q.defence_fixed, q.weapon_damage, q.armour, q.initiative_fixed) == (
        11,
        18,
        "d5+1",
        "generic",
        2,
    )


def test_unknown_keys_and_bad_values_are_refused() -> None:
    with pytest.raises(RulesError, match=r"error\.stat_unknown"):
        S.sheet({"strength": 5})
    with pytest.raises(RulesError, match=r"error\.stat_invalid"):
        S.sheet({"weapon": "lightsaber"})
    with pytest.raises(RulesError, match=r"error\.stat_invalid"):
        S.sheet({"armour": "mithril"})
    with pytest.raises(RulesError, match=r"error\.option_unknown"):
        S.options({"flanking": True})


def test_weapon_skill_by_category_string() -> None:
    s: Any = S.sheet({"weapon_skill": "medium_straight_blade=6, bow=3"})
    assert s.weapon_skill == {"medium_straight_blade": 6, "bow": 3}


def test_digest_field_spellings() -> None:
    s: Any = S.sheet({"armour_parts": {"body": "mail:6", "limbs": "leather:2"}, "damage_taken": 4, "hp_max": 10})
    assert set(s.armour_parts) == {"torso", "arms", "legs"} and s.hp == 6


def test_sheet_round_trips_through_dump() -> None:
    s = S.sheet({"str": 9, "dex": 6, "weapon": "meč", "armour_parts": {"torso": "mail 6"}})
    again = S.sheet(s.model_dump())
    assert again == s and S.sheet(again.model_dump(by_alias=True)) == s


def test_status_numbers_and_levels() -> None:
    radek = S.sheet(
        {
            "str": 9,
            "dex": 6,
            "reaction": 4,
            "weapon": "medium_straight_blade_1h",
            "weapon_skill": 6,
            "armour": "studded_leather",
            "armour_dr": 4,
            "hp_max": 12,
            "hp": 6,
        }
    )
    st = S.status(radek)
    assert st.numbers["attack"] == 11 and st.numbers["defence"] == 21 and st.numbers["initiative"] == 1
    assert st.level == "serious" and st.hp == 6 and not st.out_of_fight
    poly = S.sheet({"con": 2, "part_damage": {"head": 7}})
    st = S.status(poly)
    assert st.level == "mortal" and st.out_of_fight and "unusable_head" in st.conditions


def test_vzor2_forces_initiative_rerolls() -> None:
    assert S.settings({"duel_system": "vzor2"}).reroll_initiative_each_round is True  # type: ignore[attr-defined]
    assert S.settings({}).reroll_initiative_each_round is False  # type: ignore[attr-defined]


def test_heavy_blow_and_parry_impact_notes() -> None:
    big = {"str": 12, "dex": 6, "weapon": "heavy_axe", "weapon_skill": 6}
    t = {
        "dex": 2,
        "hp_max": 12,
        "weapon": "medium_straight_blade_1h",
        "weapon_skill": 9,
        "armour": "plate",
        "armour_dr": 8,
    }
    settings = S.settings({"polygonal": False, "heavy_blows": True, "parry_impact": True})
    hit = S.attack(
        ActionRequest(Fighter("A", S.sheet(big)), Fighter("T", S.sheet(t)), S.options({}), settings),
        ScriptedDice([5, 5, 2]),
    )  # 2 + 8 = 10 >= light 3: shock even though plate holds
    assert any(n.key == "heavy_blow_check" and n.params["total_damage"] == 10 for n in hit.notes)
    parried = S.attack(
        ActionRequest(Fighter("A", S.sheet(big)), Fighter("T", S.sheet(t)), S.options({}), settings),
        ScriptedDice([3, 3]),
    )  # 18 stopped in the weapon band (15..18)
    assert any(n.key == "parry_impact_test" for n in parried.notes)


def _cli(request: dict[str, Any]) -> dict[str, Any]:
    out = subprocess.run(
        [sys.executable, "-m", "rules", "resolve"],
        input=json.dumps(request),
        text=True,
        capture_output=True,
        check=False,
    )
    result: dict[str, Any] = json.loads(out.stdout)
    return result


def test_cli_attack_and_whole_vzor2_exchange() -> None:
    radek = {
        "name": "Radek",
        "str": 9,
        "dex": 6,
        "reaction": 4,
        "weapon": "medium_straight_blade_1h",
        "weapon_skill": 6,
        "armour": "studded_leather",
        "armour_dr": 4,
    }
    borek = {
        "name": "Bořek",
        "str": 7,
        "dex": 4,
        "reaction": 3,
        "weapon": "medium_axe_1h",
        "weapon_skill": 4,
        "shield": "medium_shield",
        "armour": "mail",
        "armour_dr": 6,
    }
    r = _cli(
        {
            "system": "cz2d10",
            "action": "attack",
            "actor": radek,
            "target": borek,
            "settings": {"polygonal": False},
            "dice": [9, 9, 4],
        }
    )
    assert r["total"] == 29 and r["against"] == 19 and r["damage"]["applied"] == 2
    v = _cli(
        {
            "system": "cz2d10",
            "action": "attack",
            "actor": radek,
            "target": borek,
            "defence": "dex,weapon",
            "settings": {"polygonal": False, "duel_system": "vzor2"},
            "dice": [9, 9, 4],
        }
    )
    assert v["against"] == 18 and v["outcome"] == "hit" and v["target_sheet"]["actions_left"] == 1
    e = _cli({"system": "cz2d10", "action": "stance", "actor": radek, "options": {"stance": "full"}})
    assert e["actor_sheet"]["defence_mode"] == "full"
    bad = _cli(
        {
            "system": "cz2d10",
            "action": "attack",
            "actor": {**radek, "actions_left": 2},
            "target": borek,
            "dice": [1, 1],
        }
    )
    assert bad["error"] == "error.cz2d10.not_enough_actions"


@pytest.mark.parametrize(
    "data",
    [
        {},
        {"str": 9, "dex": 6, "weapon": "meč", "armour_parts": {"torso": "mail 6", "limbs": "leather:2"}},
        {"con": 2, "part_damage": {"head": 7}, "amputated": ["left_arm"], "weapon_skill": {"axe": 4}},
        {"hp": 12, "wound_thresholds": [2, 4, 6, 8], "attackers": ["Orc"], "attacks_on": {"Orc": 2}},
    ],
)
def test_dump_is_pydantics_own(data: dict[str, Any]) -> None:
    """`Sheet.dump` (built directly, for speed) is `model_dump(by_alias=True)`: same keys and values (in the
    same order but `str`, last: a whole copy of the fields), it loads back to the same sheet, and its
    containers are copies, not the sheet's own."""
    s: Any = S.sheet(data)
    for sheet in (s, s.updated({"part_damage": {"torso": 3}, "attacks_on": {"Elf": 1}, "actions_left": 2})):
        dumped, expected = sheet.dump(), sheet.model_dump(by_alias=True)
        assert dumped == expected and list(dumped) == [k for k in expected if k != "str"] + ["str"]
        assert type(sheet).model_validate(dumped) == sheet
        assert all(dumped[k] is not v for k, v in sheet.__dict__.items() if isinstance(v, (dict, list)))
