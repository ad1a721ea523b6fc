"""Sheets, quick-NPC shortcuts, options aliases, settings and the catalog of pl_wladanie."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from rules.dice import ScriptedDice
from rules.errors import RulesError
from rules.registry import get_system
from rules.system import ActionRequest, Fighter

S = get_system("pl_wladanie")
CATALOG = Path(__file__).resolve().parents[2] / "bot" / "i18n" / "en" / "pl_wladanie.json"


def test_quick_npc_shortcuts() -> None:
    sheet = S.sheet(
        {
            "of": "14",
            "ofn": "10",
            "wladanie": "+5",
            "damage": "1k8",
            "sila": "6",
            "udzwig": "20",
            "pancerz": "3",
            "pokrycie": "11",
            "parowanie": "4",
            "unik": "2",
            "bohater": "true",
        }
    )
    assert sheet.physical_defence == 14 and sheet.physical_defence_unprepared == 10  # type: ignore[attr-defined]
    assert sheet.weapon_skills == {"weapon": 5}  # type: ignore[attr-defined]
    assert sheet.weapons[0].damage_dice == "1k8"  # type: ignore[attr-defined]
    assert sheet.armour[0].parts == ["head", "torso", "left_arm", "right_arm", "left_leg", "right_leg"]  # type: ignore[attr-defined]
    assert sheet.lift_kg == 20 and sheet.is_hero  # type: ignore[attr-defined]


def test_unknown_keys_are_refused() -> None:
    with pytest.raises(RulesError) as err:
        S.sheet({"ac": 10})
    assert err.value.key == "error.stat_unknown"
    with pytest.raises(RulesError) as err:  # no hit points: only `hp:-N` / `hp:+N` (damage taken) is read
        S.sheet({"hp": 10})
    assert err.value.key == "error.pl_wladanie.no_hit_points"
    with pytest.raises(RulesError):
        S.options({"sneaky": True})
    with pytest.raises(RulesError):
        S.settings({"test_die": "1d100"})
    with pytest.raises(RulesError):
        S.settings({"wound_thresholds": "bruised:3"})


def test_weapons_as_mapping_and_selection() -> None:
    sheet = S.sheet({"weapons": {"axe": {"damage_dice": "1k10"}, "knife": {"damage_dice": "1k4"}}})
    assert sheet.weapon("knife").damage_dice == "1k4"  # type: ignore[attr-defined]
    assert sheet.weapon(None).id == "axe"  # type: ignore[attr-defined]
    assert sheet.weapon("unarmed").traits == ["light", "weak", "unarmed"]  # type: ignore[attr-defined]
    with pytest.raises(RulesError):
        sheet.weapon("bow")  # type: ignore[attr-defined]


def test_option_aliases() -> None:
    opts = S.options({"flanking": True, "back": True, "two_handed": True, "location": "głowa", "effort": True})
    assert opts.flanked_or_pinned and opts.from_back and opts.extra_effort  # type: ignore[attr-defined]
    assert opts.grip == "two_handed" and opts.location == "head"  # type: ignore[attr-defined]


def test_weapon_choice_through_request() -> None:
    actor = S.sheet(
        {
            "weapon_skills": {"knife": 7},
            "weapons": [{"id": "axe", "damage_dice": "1k10"}, {"id": "knife", "damage_dice": "1k4"}],
        }
    )
    req = ActionRequest(Fighter("A", actor), Fighter("T", S.sheet({"of": 5})), S.options({}), S.settings({}), "knife")
    result = S.attack(req, ScriptedDice([1]))
    assert result.weapon == "knife" and result.total == 8


def test_status_numbers() -> None:
    status = S.status(S.sheet({"of": 12, "damage_taken": 3, "damage_by_location": {"korpus": 3}}))
    assert status.level == "hurt" and status.numbers["physical_defence"] == 12
    assert status.numbers["damage_torso"] == 3
    assert S.status(S.sheet({})).level == "unhurt"


def test_every_setting_has_help_and_default() -> None:
    for info in S.setting_infos():
        assert info.help, info.name
    assert {i.name: i.default for i in S.setting_infos()}["test_die"] == "1d20"


def test_catalog_covers_every_key() -> None:
    catalog = json.loads(CATALOG.read_text(encoding="utf-8"))
    source = "\n".join(
        p.read_text() for p in (Path(__file__).resolve().parents[2] / "rules/systems/pl_wladanie").glob("*.py")
    )
    for name in S.Settings.model_fields:
        assert f"setting.pl_wladanie.{name}" in catalog
    for name in S.Options.model_fields:
        assert f"term.pl_wladanie.{name}" in catalog
    for key in re.findall(r'"error\.pl_wladanie\.(\w+)"', source):
        assert f"error.pl_wladanie.{key}" in catalog
    for key in re.findall(r'Note\(\s*key="(\w+)"', source):
        assert f"note.pl_wladanie.{key}" in catalog, key
    for key in re.findall(r'Modifier\(key="(\w+)"', source):
        assert f"term.pl_wladanie.{key}" in catalog, key
    for term in ("władanie", "obrona fizyczna", "pokrycie", "pancerz", "parowanie", "unik"):
        assert any(term in text.lower() for text in catalog.values()), term


def test_status_number_keys_are_in_the_catalog() -> None:
    catalog = json.loads(CATALOG.read_text(encoding="utf-8"))
    parts = {"head": 1, "torso": 2, "left_arm": 3, "right_arm": 4, "left_leg": 5, "right_leg": 6}
    status = S.status(S.sheet({"of": 12, "ofn": 9, "damage_by_location": parts}))
    for key in status.numbers:
        assert f"term.pl_wladanie.{key}" in catalog, key
    for level in ("unhurt", "hurt", "light", "serious", "critical", "out", "dead", "unconscious"):
        assert f"wound.pl_wladanie.{level}" in catalog


def test_natural_alternative_keys() -> None:
    sheet = S.sheet(
        {
            "physical_defense": 11,
            "wladanie": {"axe": 6},
            "weapon_skills": {"bow": 2},
            "weapons": [{"name": "axe", "damage": "1k10", "category": "1/2", "weight": 2.5, "range": 4}],
            "armour": [{"name": "helm", "covers": "glowa", "coverage": 9, "armour": 2}],
        }
    )
    assert sheet.physical_defence == 11  # type: ignore[attr-defined]
    assert sheet.weapon_skills == {"bow": 2, "axe": 6}  # type: ignore[attr-defined]
    axe = sheet.weapon("axe")  # type: ignore[attr-defined]
    assert (axe.damage_dice, axe.strength_category, axe.weight_kg, axe.max_range_m) == ("1k10", "1/2", 2.5, 4)
    assert sheet.armour[0].parts == ["head"] and sheet.armour[0].id == "helm"  # type: ignore[attr-defined]


def test_bad_damage_dice_are_refused_with_the_sheet() -> None:
    with pytest.raises(RulesError) as err:
        S.sheet({"weapons": [{"id": "axe", "damage_dice": "two dice"}]})
    assert err.value.key == "error.stat_invalid"
    assert S.sheet({"damage": "2d6"}).weapons[0].damage_dice == "2d6"  # type: ignore[attr-defined]
