"""The wound picture's data (`CombatSystem.body`): every part of a system with hit locations, its severity
on the common 0–4 scale, the system's own level and whether it is still there; None elsewhere."""

from __future__ import annotations

from typing import Any

import pytest

from bot.i18n.catalog import default_catalog
from rules import BodyPart, all_systems, get_system
from rules.systems.cz2d10.settings import Settings as CzSettings
from rules.systems.pl_wladanie.settings import Settings as PlSettings

CZ = {"str": 6, "dex": 6, "con": 3, "reaction": 5, "weapon": "medium_straight_blade_1h", "weapon_skill": 6}


def body(system_id: str, data: dict[str, Any], settings: Any = None) -> dict[str, BodyPart]:
    system = get_system(system_id)
    parts = system.body(system.sheet(data), settings)
    assert parts is not None
    return {p.key: p for p in parts}


@pytest.mark.parametrize("system_id", ["dnd35", "arm5", "adnd2cp"])
def test_systems_without_hit_locations_draw_nothing(system_id: str) -> None:
    system = get_system(system_id)
    assert system.body(system.sheet({})) is None


@pytest.mark.parametrize("system_id", ["cz2d10", "pl_wladanie"])
def test_every_part_is_a_catalogued_location_and_unhurt_at_first(system_id: str) -> None:
    data = CZ if system_id == "cz2d10" else {}
    parts = body(system_id, data)
    assert set(parts) == {"head", "torso", "left_arm", "right_arm", "left_leg", "right_leg"}
    assert all(p.severity == 0 and p.state == "ok" for p in parts.values())
    catalog = default_catalog()
    for lang in ("en", "cs", "pl", "it"):
        for key in parts:
            assert catalog.has_own(lang, f"location.{system_id}.{key}"), (lang, key)


def test_cz2d10_parts_carry_their_own_wound_levels() -> None:
    # Arm 5 + CON 3 = 8 HP: 4 damage is serious; the head's 30 is past HP + CON (destroyed, dead).
    parts = body("cz2d10", {**CZ, "part_damage": {"right_arm": 4, "head": 30, "torso": 1}, "amputated": ["left_leg"]})
    assert (parts["right_arm"].level, parts["right_arm"].severity, parts["right_arm"].state) == ("serious", 2, "ok")
    assert (parts["torso"].level, parts["torso"].severity) == ("scratch", 1)
    assert parts["head"].state == "destroyed" and parts["head"].severity == 4
    assert parts["left_leg"].state == "amputated"
    assert parts["left_arm"].level == "none" and parts["left_arm"].severity == 0
    catalog = default_catalog()
    for p in parts.values():
        assert p.level is not None and catalog.has_own("cs", f"wound.cz2d10.{p.level}")


def test_cz2d10_severity_grows_with_the_level() -> None:
    levels = [body("cz2d10", {**CZ, "part_damage": {"torso": n}})["torso"] for n in range(0, 13)]
    severities = [p.severity for p in levels]
    assert severities == sorted(severities) and severities[0] == 0 and severities[-1] == 4


def test_cz2d10_basic_system_has_no_parts() -> None:
    system = get_system("cz2d10")
    assert system.body(system.sheet(CZ), CzSettings(polygonal=False)) is None
    # A quick NPC in an encounter of the polygonal system (the default) has parts even before a hit.
    assert system.body(system.sheet({"hp_max": 12}), CzSettings()) is not None


def test_pl_wladanie_grades_the_damage_per_part_on_the_wound_thresholds() -> None:
    parts = body("pl_wladanie", {"damage_by_location": {"head": 3, "torso": 12, "left_leg": 40}})
    assert all(p.level is None for p in parts.values())  # the house levels count the total only
    assert (parts["head"].severity, parts["head"].damage) == (1, 3)
    assert parts["torso"].severity == 2 and parts["left_leg"].severity == 4 and parts["right_arm"].severity == 0
    # The encounter's own thresholds grade it when there are any; none at all leave "hurt" (1).
    strict = body("pl_wladanie", {"damage_by_location": {"torso": 12}}, PlSettings(wound_thresholds="critical:10"))
    assert strict["torso"].severity == 3
    flat = body("pl_wladanie", {"damage_by_location": {"torso": 12}}, PlSettings(wound_thresholds=""))
    assert flat["torso"].severity == 1


def test_body_is_pure_data_for_every_system() -> None:
    for system_id in all_systems():
        system = get_system(system_id)
        parts = system.body(system.sheet(CZ if system_id == "cz2d10" else {}))
        assert parts is None or all(isinstance(p, BodyPart) and 0 <= p.severity <= 4 for p in parts)
