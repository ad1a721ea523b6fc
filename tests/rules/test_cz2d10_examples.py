"""The digest's worked examples (cz2d10.md §12) as scripted-dice tests."""

from __future__ import annotations

from typing import Any

import pytest

from rules.dice import ScriptedDice
from rules.model import Term
from rules.system import ActionRequest, DefenceRequest, Fighter
from rules.systems.cz2d10 import SYSTEM

S = SYSTEM

RADEK = {
    "str": 9,
    "dex": 6,
    "reaction": 4,
    "weapon": "medium_straight_blade_1h",
    "weapon_skill": 6,
    "armour": "studded_leather",
    "armour_dr": 4,
}
BOREK = {
    "str": 7,
    "dex": 4,
    "reaction": 3,
    "weapon": "medium_axe_1h",
    "weapon_skill": 4,
    "shield": "medium_shield",
    "armour": "mail",
    "armour_dr": 6,
}
BASIC = {"polygonal": False}


def req(
    actor: dict[str, Any],
    target: dict[str, Any] | None = None,
    settings: dict[str, Any] | None = None,
    names: tuple[str, str] = ("A", "B"),
    weapon: str | None = None,
    distance: float | None = None,
    **options: Any,
) -> ActionRequest:
    tgt = Fighter(names[1], S.sheet(target)) if target is not None else None
    return ActionRequest(
        Fighter(names[0], S.sheet(actor)),
        tgt,
        S.options(options),
        S.settings(settings or {}),
        weapon,
        distance,
    )


def test_example1_initiative_and_actions() -> None:
    r = S.initiative(req(RADEK, settings=BASIC), ScriptedDice([6, 3]))
    assert r.total == 10 and r.tiebreak == [1]
    assert r.actor_sheet is not None and r.actor_sheet["actions_left"] == 5
    b = S.initiative(req(BOREK, settings=BASIC), ScriptedDice([7, 5]))
    assert b.total == 8 and b.tiebreak == [-4]
    assert b.actor_sheet is not None and b.actor_sheet["actions_left"] == 4
    assert [n.key for n in b.notes] == ["slow_low", "cannot_charge"]


def test_example1_radek_hits_borek_with_a_thrust() -> None:
    r = S.attack(req(RADEK, BOREK, BASIC, ("Radek", "Bořek")), ScriptedDice([9, 9, 4]))
    mods = {m.key: m.value for m in [*r.modifiers, *r.defence_modifiers]}
    assert mods["str_dex_average"] == 8 and mods["weapon_skill"] == 3
    assert (mods["def_base"], mods["def_dex"], mods["def_weapon"], mods["def_shield"]) == (13, 4, 1, 1)
    assert r.total == 29 and r.against == 19 and r.outcome == "hit"  # natural 18 < crit 19 (mail DR 6)
    assert r.damage is not None
    assert (r.damage.rolled, r.damage.reduced_by, r.damage.applied) == (7, 5, 2)
    assert any(n.key == "damage_type" and n.params["type"] == Term("term", "thrust") for n in r.notes)
    assert any(n.key == "shock_test" for n in r.notes)
    assert r.actor_sheet is not None and r.actor_sheet["actions_left"] == 2
    assert r.target_sheet is not None and r.target_sheet["hp"] == r.target_sheet["hp_max"] - 2


def test_example1_borek_crits_and_must_miss_the_armour() -> None:
    radek = {**RADEK, "actions_left": 2, "acted_this_round": True}
    r = S.attack(req(BOREK, radek, BASIC, ("Bořek", "Radek")), ScriptedDice([10, 10, 4, 2, 3]))
    assert r.against == 21 and r.total == 28 and r.outcome == "crit"
    assert [d.purpose for d in r.rolls] == ["attack", "attack", "crit_chain", "crit_chain", "damage"]
    assert r.damage is not None
    assert (r.damage.rolled, r.damage.reduced_by, r.damage.applied) == (6, 0, 6)
    assert any(n.key == "crit_effect" and n.params["effect"] == Term("term", "crit_miss_armour") for n in r.notes)
    assert any(n.key == "crit_level" and n.params["level"] == 1 for n in r.notes)


def test_example1_multiply_would_need_six_levels() -> None:
    skilled = {**BOREK, "weapon_skill": 6}
    radek = {**RADEK, "actions_left": 2}
    r = S.attack(req(skilled, radek, BASIC, crit_effect="multiply"), ScriptedDice([10, 10, 4, 2, 3]))
    assert r.damage is not None
    assert (r.damage.rolled, r.damage.reduced_by, r.damage.applied, r.damage.multiplier) == (12, 4, 8, 3)


ELISKA = {
    "str": 4,
    "dex": 8,
    "reaction": 2,
    "weapon": "medium_bow",
    "weapon_skill": 5,
}  # reaction 2: 5 actions
ARCHER_TARGET = {
    "dex": 3,
    "weapon": "medium_straight_blade_1h",
    "weapon_skill": 6,
    "guard": 4,
    "shield": "light_shield",
    "armour": "leather",
    "armour_dr": 2,
}


def test_example2_long_range_aimed_shot_crit_misses_armour() -> None:
    r = S.shot(req(ELISKA, ARCHER_TARGET, BASIC, distance=320, cover=4, aimed=True), ScriptedDice([10, 9, 8, 8, 5]))
    mods = {m.key: m.value for m in [*r.modifiers, *r.defence_modifiers]}
    assert mods["range_long"] == -5 and mods["def_cover"] == 2 and mods["def_shield"] == 2
    assert "def_weapon" not in mods and "def_guard" not in mods
    assert r.against == 20 and r.total == 24 and r.outcome == "crit"
    assert r.damage is not None and r.damage.applied == 7 and r.damage.reduced_by == 0
    assert r.actor_sheet is not None and r.actor_sheet["actions_left"] == 1
    assert r.actor_sheet["reload_left"] == 2


def test_example2_unarmoured_target_takes_double() -> None:
    bare = {**ARCHER_TARGET, "armour": None, "armour_dr": 0}
    r = S.shot(req(ELISKA, bare, BASIC, distance=320, cover=4, aimed=True), ScriptedDice([10, 9, 8, 8, 5]))
    assert r.damage is not None and r.damage.applied == 14 and r.damage.multiplier == 2


def test_example2_without_crit_armour_takes_one() -> None:
    r = S.shot(req(ELISKA, ARCHER_TARGET, BASIC, distance=320, cover=4, aimed=True), ScriptedDice([9, 9, 5]))
    assert r.outcome == "hit" and r.damage is not None and r.damage.applied == 6


POLY = {"polygonal": True, "hit_table": 1}
AXEMAN = {"str": 12, "dex": 6, "weapon": "heavy_axe", "weapon_skill": 6}
DEFENDER = {
    "dex": 2,
    "con": 4,
    "weapon": "medium_straight_blade_1h",
    "weapon_skill": 3,
    "armour_parts": {"torso": "mail:6", "arms": "leather:2", "legs": "leather:2"},
}


@pytest.mark.parametrize(("effect", "applied", "dead"), [("multiply", 27, True), ("miss_armour", 17, False)])
def test_example3_polygonal_crit_on_torso(effect: str, applied: int, dead: bool) -> None:
    r = S.attack(req(AXEMAN, DEFENDER, POLY, crit_effect=effect), ScriptedDice([10, 9, 7, 7, 9, 5, 7]))
    assert r.against == 16 and r.total == 31 and r.outcome == "crit"
    assert r.location == "torso"
    assert r.damage is not None and r.damage.applied == applied
    assert r.target_sheet is not None and r.target_sheet["dead"] is dead
    assert r.wound == ("dead" if dead else "mortal")


def test_example3_auto_effect_picks_the_bigger_damage() -> None:
    r = S.attack(req(AXEMAN, DEFENDER, POLY), ScriptedDice([10, 9, 7, 7, 9, 5, 7]))
    assert r.damage is not None and r.damage.applied == 27


def test_example3_crit_shift_to_the_left_arm_amputates() -> None:
    r = S.attack(
        req(AXEMAN, DEFENDER, POLY, crit_effect="shift_location", location_shift=2),
        ScriptedDice([10, 9, 7, 7, 9, 5, 7]),
    )
    assert r.location == "left_arm"
    assert {m.key: m.value for m in r.modifiers}["location_shift"] == 2
    assert r.damage is not None and (r.damage.rolled, r.damage.reduced_by, r.damage.applied) == (17, 2, 15)
    amp = next(n for n in r.notes if n.key == "amputation")
    assert amp.params == {
        "part": Term("location", "left_arm"),
        "overflow": 2,
        "stun_on_success": 5,
        "stun_on_failure": 9,
    }
    assert r.target_sheet is not None
    assert r.target_sheet["amputated"] == ["left_arm"]
    assert r.target_sheet["part_damage"] == {"left_arm": 15, "torso": 2}


def test_example3_ordinary_hit_on_torso() -> None:
    r = S.attack(req(AXEMAN, DEFENDER, POLY), ScriptedDice([7, 7, 9, 5, 7]))
    assert r.outcome == "hit" and r.location == "torso"
    assert r.damage is not None and r.damage.applied == 11
    st = S.status(S.sheet(r.target_sheet or {}))
    assert st.hp == 2 and st.numbers["hp_torso"] == 2


def test_vzor2_worked_exchange() -> None:
    settings = {**BASIC, "duel_system": "vzor2"}
    r = S.attack(req(RADEK, BOREK, settings, ("Radek", "Bořek")), ScriptedDice([9, 9]))
    assert r.outcome == "pending_defence" and r.exchange is not None
    assert r.actor_sheet is not None and r.actor_sheet["actions_left"] == 2  # paid at the attack
    assert r.defences == ["none", "dex", "to_weapon", "to_shield"]  # prefixes of the order
    assert S.default_defence(r.exchange) == "none"  # 29 cannot be stopped (13+4+1+1 = 19)
    d = S.defend(
        DefenceRequest(
            Fighter("Bořek", S.sheet(BOREK)),
            Fighter("Radek", S.sheet(RADEK)),
            r.exchange,
            S.settings(settings),
            "dex",
        ),
        ScriptedDice([4]),
    )
    assert d.against == 17 and d.outcome == "hit"
    assert d.target_sheet is not None and d.target_sheet["actions_left"] == 3
    assert d.actor_sheet is None  # nothing charged again, no older attacker state written back


def test_example3_target_location_uses_the_smallest_shift() -> None:
    r = S.attack(req(AXEMAN, DEFENDER, POLY, target_location="left_arm"), ScriptedDice([10, 9, 7, 7, 9, 5, 7]))
    assert r.location == "left_arm" and {m.key: m.value for m in r.modifiers}["location_shift"] == 1
    assert not any(n.key == "crit_effect" for n in r.notes)  # the shift replaced the damage effect


def test_example3_weapon_focus_combines_shift_and_multiply() -> None:
    focused = {**AXEMAN, "weapon_focus": 1}
    r = S.attack(
        req(focused, DEFENDER, POLY, target_location="left_arm", crit_effect="auto"),
        ScriptedDice([10, 9, 6, 7, 9, 5, 7]),
    )
    assert r.location == "left_arm"
    assert any(n.key == "crit_effect" for n in r.notes)
