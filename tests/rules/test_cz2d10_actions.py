"""Action accounting over a round, initiative classes, special attacks and the vzor 2 duel system."""

from __future__ import annotations

from typing import Any

import pytest

from rules.dice import ScriptedDice
from rules.errors import RulesError
from rules.model import Term
from rules.system import ActionRequest, DefenceRequest, Fighter
from rules.systems.cz2d10 import SYSTEM as S
from rules.systems.cz2d10.derive import actions_per_round

BASIC = {"polygonal": False}
FIGHTER = {"str": 6, "dex": 6, "reaction": 5, "weapon": "medium_straight_blade_1h", "weapon_skill": 6}
DUMMY = {"dex": 2, "hp": 30, "weapon": "light_straight_blade"}


def req(
    actor: dict[str, Any],
    target: dict[str, Any] | None = None,
    settings: dict[str, Any] | None = None,
    weapon: str | None = None,
    names: tuple[str, str] = ("A", "T"),
    distance: float | None = None,
    **options: Any,
) -> ActionRequest:
    tgt = Fighter(names[1], S.sheet(target)) if target is not None else None
    return ActionRequest(
        Fighter(names[0], S.sheet(actor)),
        tgt,
        S.options(options),
        S.settings(settings or BASIC),
        weapon,
        distance,
    )


def mods(r: Any) -> dict[str, int | float]:
    return {m.key: m.value for m in [*r.modifiers, *r.defence_modifiers]}


@pytest.mark.parametrize(("init", "actions"), [(0, 5), (-1, 4), (-5, 4), (-6, 3), (-12, 3), (7, 5)])
def test_slow_initiative_loses_actions(init: int, actions: int) -> None:
    sheet = S.sheet({"reaction": init})
    assert actions_per_round(sheet, False) == actions  # type: ignore[arg-type]
    r = S.initiative(req({"reaction": init}), ScriptedDice([5, 5]))
    assert r.total == 10 + init and r.actor_sheet is not None and r.actor_sheet["actions_left"] == actions


def test_slowdown_counts_weapons_to_be_drawn_shield_and_armour() -> None:
    s = {
        "reaction": 3,
        "weapon": "medium_axe_1h",
        "off_weapon": "light_axe",
        "shield": "heavy_shield",
        "armour": "plate",
        "armour_dr": 7,
        "helmet": "plate",
        "helmet_dr": 3,
    }
    r = S.initiative(req(s), ScriptedDice([1, 1]))
    assert r.tiebreak == [3 - (3 + 1 + 2 + 3 + 1)]  # plate DR 7 - 4 = 3, plate helmet 3 - 2 = 1


def test_acceleration_buys_actions_for_stun_on_odd_rounds() -> None:
    slow = {"reaction": -7}  # very low: 3 actions
    r = S.act("accelerate", req(slow, level=2), ScriptedDice([]))
    assert r.actor_sheet is not None and r.actor_sheet["actions_left"] == 5
    f = Fighter("A", S.sheet(r.actor_sheet))
    odd = S.start_round(f, S.settings(BASIC), 3)
    assert odd is not None and odd.actor_sheet is not None and odd.actor_sheet["stun"] == 2
    even = S.start_round(f, S.settings(BASIC), 4)
    assert even is None or (even.actor_sheet or {}).get("stun", 0) == 0
    half = S.act("accelerate", req(slow, level=1), ScriptedDice([]))
    assert half.actor_sheet is not None and half.actor_sheet["actions_left"] == 4


def test_action_accounting_over_a_round() -> None:
    settings = S.settings(BASIC)
    a = S.sheet(FIGHTER)
    r = S.attack(
        ActionRequest(Fighter("A", a), Fighter("T", S.sheet(DUMMY)), S.options({}), settings),
        ScriptedDice([1, 2]),
    )
    a = S.sheet(r.actor_sheet or {})
    assert a.actions_left == 2  # type: ignore[attr-defined]
    r = S.act("step", ActionRequest(Fighter("A", a), None, S.options({}), settings), ScriptedDice([]))
    a = S.sheet(r.actor_sheet or {})
    assert a.actions_left == 1 and a.moved_this_round  # type: ignore[attr-defined]
    with pytest.raises(RulesError, match="one_step_per_round"):
        S.act("step", ActionRequest(Fighter("A", a), None, S.options({}), settings), ScriptedDice([]))
    with pytest.raises(RulesError, match="not_enough_actions"):
        S.attack(
            ActionRequest(Fighter("A", a), Fighter("T", S.sheet(DUMMY)), S.options({}), settings),
            ScriptedDice([1, 2]),
        )
    r = S.act("wait", ActionRequest(Fighter("A", a), None, S.options({}), settings), ScriptedDice([]))
    a = S.sheet(r.actor_sheet or {})
    assert a.actions_left == 0  # type: ignore[attr-defined]
    up = S.start_round(Fighter("A", a), settings, 2)
    assert up is not None and up.actor_sheet is not None
    assert up.actor_sheet["actions_left"] == 5 and up.actor_sheet["moved_this_round"] is False


def test_dex_lost_after_spending_every_action_without_moving() -> None:
    tired = {**DUMMY, "dex": 4, "actions_left": 0}
    r = S.attack(req(FIGHTER, tired), ScriptedDice([1, 2]))
    assert "def_dex" not in mods(r) and r.against == 13
    moved = {**tired, "moved_this_round": True}
    assert mods(S.attack(req(FIGHTER, moved), ScriptedDice([1, 2])))["def_dex"] == 4


def test_draw_costs_two_and_stance_one() -> None:
    r = S.act("draw", req({"reaction": 5}, weapon="sekera"), ScriptedDice([]))
    assert r.actor_sheet is not None and r.actor_sheet["weapon"] == "medium_axe_1h"
    assert r.actor_sheet["actions_left"] == 3
    r = S.act("stance", req(FIGHTER, stance="full"), ScriptedDice([]))
    assert r.actor_sheet is not None and r.actor_sheet["defence_mode"] == "full"
    assert r.actor_sheet["actions_left"] == 4
    with pytest.raises(RulesError, match="stance_needs_skill"):
        S.act("stance", req({**FIGHTER, "weapon_skill": 2}, stance="partial"), ScriptedDice([]))


def test_partial_and_full_defence() -> None:
    r = S.attack(
        req({**FIGHTER, "defence_mode": "partial"}, {**DUMMY, "defence_mode": "partial"}),
        ScriptedDice([1, 2]),
    )
    assert mods(r)["partial_defence"] == -4 and mods(r)["def_partial_defence"] == 2
    r = S.attack(req(FIGHTER, {**DUMMY, "defence_mode": "full"}), ScriptedDice([1, 2]))
    assert mods(r)["def_full_defence"] == 5
    with pytest.raises(RulesError, match="full_defence_no_attack"):
        S.attack(req({**FIGHTER, "defence_mode": "full"}, DUMMY), ScriptedDice([1, 2]))


def test_charge_costs_the_round_and_is_refused_when_slow() -> None:
    r = S.attack(req(FIGHTER, DUMMY, charge=True), ScriptedDice([1, 2]))
    assert mods(r)["charge"] == 2 and r.actor_sheet is not None and r.actor_sheet["actions_left"] == 0
    assert r.actor_sheet["charging"] is True
    back = S.attack(req(DUMMY, S.sheet(r.actor_sheet).model_dump(by_alias=True)), ScriptedDice([1, 2]))
    assert mods(back)["def_charging"] == -2
    with pytest.raises(RulesError, match="slow_cannot_charge"):
        S.attack(req({**FIGHTER, "reaction": -1}, DUMMY, charge=True), ScriptedDice([1, 2]))


def test_counter_attack_needs_a_turn_and_a_spare_action() -> None:
    with pytest.raises(RulesError, match="counter_not_ready"):
        S.attack(req(FIGHTER, DUMMY, counter_attack=True), ScriptedDice([1, 2]))
    ready = {**FIGHTER, "has_acted": True, "actions_reserve": 1}
    r = S.attack(req(ready, DUMMY, counter_attack=True), ScriptedDice([1, 2]))
    assert mods(r)["counter_attack"] == 2
    assert r.actor_sheet is not None and r.actor_sheet["actions_reserve"] == 0
    used = S.sheet(r.actor_sheet).model_dump(by_alias=True)
    with pytest.raises(RulesError, match="counter_limit"):
        S.attack(req({**used, "actions_reserve": 1}, DUMMY, counter_attack=True), ScriptedDice([1, 2]))


def test_multiple_attacks_and_attackers_bonuses() -> None:
    one = S.attack(req(FIGHTER, DUMMY, names=("A", "T")), ScriptedDice([1, 2]))
    assert "multiple_attacks" not in mods(one)
    a2 = {**FIGHTER, "attacks_on": {"T": 1}}
    assert mods(S.attack(req(a2, DUMMY), ScriptedDice([1, 2])))["multiple_attacks"] == 1
    assert "multiple_attacks" not in mods(S.attack(req(a2, {**DUMMY, "off_weapon": "light_axe"}), ScriptedDice([1, 2])))
    crowd = {**DUMMY, "attackers": ["X", "Y"]}
    assert mods(S.attack(req(FIGHTER, crowd), ScriptedDice([1, 2])))["multiple_opponents"] == 2
    reflex = {**crowd, "battle_reflexes": 1}
    assert mods(S.attack(req(FIGHTER, reflex), ScriptedDice([1, 2])))["multiple_opponents"] == 1


def test_weapon_length_difference_of_six_feet() -> None:
    pike = {**FIGHTER, "weapon": "pike", "weapon_skill": 6}  # reach 16 vs dagger 2 -> +14/3 = 5
    assert mods(S.attack(req(pike, DUMMY), ScriptedDice([1, 2, 1, 1])))["weapon_length"] == 5
    r = S.attack(req(DUMMY, {**pike}), ScriptedDice([1, 2]))
    assert mods(r)["def_weapon_length"] == 5
    spear = {**FIGHTER, "weapon": "spear"}  # reach 5 vs sword 5
    assert "weapon_length" not in mods(S.attack(req(spear, FIGHTER), ScriptedDice([1, 2])))


def test_confined_spaces_by_damage_type() -> None:
    axe = {**FIGHTER, "weapon": "medium_axe_1h"}
    r = S.attack(req(axe, DUMMY, confined="confined"), ScriptedDice([5, 5, 3]))
    assert mods(r)["confined"] == -2 and r.damage is not None
    assert {m.key: m.value for m in r.damage.modifiers}["confined"] == -2
    r = S.attack(req(FIGHTER, DUMMY, confined="very_confined", damage_type="thrust"), ScriptedDice([5, 5, 3]))
    assert "confined" not in mods(r)
    r = S.attack(req(FIGHTER, DUMMY, confined="very_confined"), ScriptedDice([6, 6, 3]))
    assert mods(r)["confined"] == -4 and r.damage is not None
    assert {m.key: m.value for m in r.damage.modifiers}["confined"] == -2


def test_flat_attack_deals_stun_without_shock() -> None:
    r = S.attack(req(FIGHTER, DUMMY, flat=True), ScriptedDice([5, 5, 3]))
    assert mods(r)["flat"] == -2 and r.damage is not None and r.damage.kind == "stun"
    assert r.target_sheet is not None and r.target_sheet["stun"] == 5
    assert not any(n.key == "shock_test" for n in r.notes)


def test_flat_attack_on_a_limb_is_divided_by_three() -> None:
    r = S.attack(req(FIGHTER, {"dex": 2, "con": 3}, {"polygonal": True}, flat=True), ScriptedDice([5, 5, 5, 4, 3]))
    assert r.location == "right_arm" and r.target_sheet is not None and r.target_sheet["stun"] == 2


def test_bare_hands_deal_stun_unless_specialised() -> None:
    fists = {"str": 6, "dex": 6, "reaction": 5, "weapon_skill": {"bare_hands": 4}}
    r = S.attack(req(fists, DUMMY), ScriptedDice([5, 5, 3]))
    assert r.weapon == "bare_hand" and r.damage is not None and r.damage.kind == "stun"
    r = S.attack(req({**fists, "bare_hand_specialization": True}, DUMMY), ScriptedDice([5, 5, 3]))
    assert r.damage is not None and r.damage.kind == "lethal"


def test_kick_leaves_the_kicker_off_balance() -> None:
    kicker = {"str": 6, "dex": 6, "reaction": 5, "weapon_skill": {"bare_hands": 4}}
    r = S.attack(req(kicker, DUMMY, weapon="bare_kick"), ScriptedDice([5, 5, 3, 3]))
    assert r.actor_sheet is not None and r.actor_sheet["off_balance"] == 3
    back = S.attack(req(DUMMY, S.sheet(r.actor_sheet).model_dump(by_alias=True)), ScriptedDice([1, 2]))
    assert mods(back)["def_off_balance"] == -3


def test_stab_of_a_helpless_target() -> None:
    asleep = {**DUMMY, "dex": 5, "aware": False, "immobile": True}
    with pytest.raises(RulesError, match="stab_needs_helpless_target"):
        S.attack(req(FIGHTER, DUMMY, stab=True), ScriptedDice([1, 2]))
    r = S.attack(req(FIGHTER, asleep, stab=True), ScriptedDice([3, 3, 4]))  # 15 > 13, crit damage
    assert r.against == 13 and r.outcome == "hit" and r.damage is not None
    assert r.damage.applied == 4 + 2 * 2
    r = S.attack(req(FIGHTER, asleep, stab=True), ScriptedDice([8, 9, 5, 5, 4]))  # 17 = 18 - 1: threat
    assert r.outcome == "crit" and r.wound == "mortal"


def test_pulling_blows() -> None:
    r = S.attack(req(FIGHTER, DUMMY, pull="stop"), ScriptedDice([5, 5, 3]))
    assert r.damage is not None and r.damage.applied == 0
    r = S.attack(req(FIGHTER, DUMMY, pull="reduce"), ScriptedDice([6, 6, 5]))  # margin 21 - 15 = 6
    assert r.damage is not None and r.damage.applied == 7 - 3
    with pytest.raises(RulesError, match="cannot_pull"):
        S.attack(req({**FIGHTER, "weapon_skill": 2}, DUMMY, pull="stop"), ScriptedDice([5, 5, 3]))


def test_disarm_and_trip() -> None:
    r = S.attack(req(FIGHTER, DUMMY, disarm=True), ScriptedDice([5, 5, 6, 6, 1, 1]))
    assert r.target_sheet is not None and r.target_sheet["weapon"] is None
    assert next(n for n in r.notes if n.key == "disarmed").params["feet"] == 2 * (12 + 12 - 2 - 0)
    with pytest.raises(RulesError, match="disarm_needs_6_levels"):
        S.attack(req({**FIGHTER, "weapon_skill": 5}, DUMMY, disarm=True), ScriptedDice([5, 5]))
    hook = {**FIGHTER, "weapon": "halberd"}
    r = S.attack(req(hook, {**DUMMY, "reaction": -3}, trip=True), ScriptedDice([5, 5, 10, 10, 1, 1]))
    assert r.target_sheet is not None and r.target_sheet["prone"] is True
    r = S.attack(req(FIGHTER, DUMMY, trip=True), ScriptedDice([5, 5, 1, 1, 1, 1]))
    assert mods(r)["improvised_hook"] == -2


def test_shock_failure_from_the_gm_adds_stun() -> None:
    r = S.attack(req(FIGHTER, DUMMY, shock="failed"), ScriptedDice([5, 5, 3]))
    assert r.target_sheet is not None and r.target_sheet["stun"] == 5
    later = S.act("shock", req(S.sheet(r.target_sheet).model_dump(by_alias=True), shock="failed"), ScriptedDice([]))
    assert later.actor_sheet is not None and later.actor_sheet["stun"] == 10


def test_intimidation_penalises_attack_and_defence() -> None:
    r = S.attack(req({**FIGHTER, "intimidation": 2}, {**DUMMY, "intimidation": 1}), ScriptedDice([1, 2]))
    assert mods(r)["intimidation"] == -2 and mods(r)["def_intimidation"] == -1


def test_special_target_states() -> None:
    armed = {
        "dex": 4,
        "weapon": "medium_straight_blade_1h",
        "weapon_skill": 6,
        "guard": 4,
        "shield": "medium_shield",
    }
    full = S.attack(req(FIGHTER, armed), ScriptedDice([1, 2]))
    assert full.against == 13 + 4 + 2 + 2 + 3
    unaware = S.attack(req(FIGHTER, {**armed, "aware": False}), ScriptedDice([1, 2]))
    assert unaware.against == 13 + 2
    prone = S.attack(req(FIGHTER, {**armed, "prone": True}), ScriptedDice([1, 2]))
    assert prone.against == 13 + 3
    unarmed = S.attack(req(FIGHTER, {"dex": 4, "weapon_skill": 6, "guard": 4}), ScriptedDice([1, 2]))
    assert unarmed.against == 13 + 4
    armoured = S.attack(req(FIGHTER, {**armed, "armour": "leather", "armour_dr": 2}), ScriptedDice([1, 2]))
    assert "def_guard" not in mods(armoured)


def test_shield_bonus_by_skill() -> None:
    for extra, value in (({"guard": 1}, 3), ({"weapon_skill": 1}, 1), ({}, 0)):
        t = {"dex": 0, "weapon": "light_blunt", "shield": "medium_shield", **extra}
        r = S.attack(req(FIGHTER, t), ScriptedDice([1, 2]))
        assert mods(r).get("def_shield", 0) == value
    t = {"dex": 0, "weapon": "light_blunt", "shield": "medium_shield", "guard": 1}
    r = S.shot(req({"dex": 8, "reaction": 5, "weapon": "light_crossbow", "weapon_skill": 2}, t), ScriptedDice([1, 2]))
    assert mods(r)["def_shield"] == 4


def test_two_weapons_defence() -> None:
    t = {
        "dex": 0,
        "weapon": "medium_straight_blade_1h",
        "off_weapon": "light_straight_blade",
        "weapon_skill": {"medium_straight_blade": 9, "light_straight_blade": 6},
    }
    m = mods(S.attack(req(FIGHTER, t), ScriptedDice([1, 2])))
    assert m["def_weapon"] == 3 and m["def_second_weapon"] == 1  # 2/3 * 2 = 1.33 -> 1


# ---- vzor 2 -------------------------------------------------------------------------------------------
V2 = {**BASIC, "duel_system": "vzor2"}
GUARDED = {
    "dex": 3,
    "reaction": 5,
    "weapon": "medium_straight_blade_1h",
    "weapon_skill": 6,
    "guard": 4,
    "shield": "light_shield",
}


def _pending(total_dice: list[int], target: dict[str, Any] = GUARDED) -> Any:
    r = S.attack(req(FIGHTER, target, V2), ScriptedDice(total_dice))
    assert r.outcome == "pending_defence" and r.exchange is not None
    return r


def test_vzor2_low_attack_misses_without_defending() -> None:
    r = S.attack(req(FIGHTER, GUARDED, V2), ScriptedDice([2, 2]))
    assert r.outcome == "miss" and r.against == 13 and r.target_sheet is None


def test_vzor2_prefix_costs_and_default() -> None:
    r = _pending([5, 5])  # total 19: 13 + dex 3 + weapon 2 = 18 < 19; + guard 2 = 20
    # L459 "Zde nabývá významně na důležitosti pořadí": each offered choice is a prefix of the order
    assert r.defences == ["none", "dex", "to_weapon", "to_guard", "to_shield"]
    assert S.default_defence(r.exchange) == "dex,weapon,guard"
    d = S.defend(
        DefenceRequest(
            Fighter("T", S.sheet(GUARDED)), Fighter("A", S.sheet(FIGHTER)), r.exchange, S.settings(V2), None
        ),
        ScriptedDice([]),
    )
    assert d.outcome == "miss" and d.against == 20
    assert d.target_sheet is not None and d.target_sheet["actions_left"] == 5 - (1 + 2 + 1)
    with pytest.raises(RulesError, match="defence_not_prefix"):
        S.defend(
            DefenceRequest(
                Fighter("T", S.sheet(GUARDED)),
                Fighter("A", S.sheet(FIGHTER)),
                r.exchange,
                S.settings(V2),
                "dex,shield",
            ),
            ScriptedDice([]),
        )
    free = S.defend(
        DefenceRequest(
            Fighter("T", S.sheet(GUARDED)),
            Fighter("A", S.sheet(FIGHTER)),
            r.exchange,
            S.settings({**V2, "vzor2_defence_order": "free"}),
            "shield",
        ),
        ScriptedDice([3]),
    )
    assert free.against == 15 and free.outcome == "hit"


def test_vzor2_not_enough_actions_and_reflex_virtual_actions() -> None:
    r = _pending([5, 5])
    tired = S.sheet({**GUARDED, "actions_left": 1})
    with pytest.raises(RulesError, match="not_enough_actions"):
        S.defend(
            DefenceRequest(
                Fighter("T", tired), Fighter("A", S.sheet(FIGHTER)), r.exchange, S.settings(V2), "dex,weapon"
            ),
            ScriptedDice([]),
        )
    reflexes = S.sheet({**GUARDED, "actions_left": 1, "battle_reflexes": 2})
    d = S.defend(
        DefenceRequest(
            Fighter("T", reflexes), Fighter("A", S.sheet(FIGHTER)), r.exchange, S.settings(V2), "dex,weapon"
        ),
        ScriptedDice([4]),
    )
    assert d.target_sheet is not None
    assert d.target_sheet["reflex_actions_left"] == 0 and d.target_sheet["actions_left"] == 0


def test_vzor2_has_no_multiple_attack_bonuses_and_cli_whole_exchange() -> None:
    r = _pending([5, 5], {**GUARDED, "attackers": ["X", "Y"]})
    assert "multiple_opponents" not in mods(r)


def test_seed_example_three_opponents_two_attacks_one_reflex() -> None:
    """L333: opponents with 4, 2 and 1 attacks; the defender has 2 attacks and one battle reflex."""
    defender = {**DUMMY, "off_weapon": "light_straight_blade", "battle_reflexes": 1}
    first = [
        mods(S.attack(req({**FIGHTER, "attacks_on": {"T": j - 1}}, defender, cost=0), ScriptedDice([1, 2])))
        for j in range(1, 5)
    ]
    assert [m.get("multiple_attacks", 0) + m.get("multiple_opponents", 0) for m in first] == [0, 0, 1, 2]
    second_def = {**defender, "attackers": ["X"]}
    second = [
        mods(S.attack(req({**FIGHTER, "attacks_on": {"T": j - 1}}, second_def, cost=0), ScriptedDice([1, 2])))
        for j in (1, 2)
    ]
    assert [m.get("multiple_attacks", 0) + m.get("multiple_opponents", 0) for m in second] == [0, 0]
    third = mods(S.attack(req(FIGHTER, {**defender, "attackers": ["X", "Y"]}), ScriptedDice([1, 2])))
    assert third.get("multiple_opponents", 0) == 1


@pytest.mark.parametrize(
    ("stance", "teamwork", "helpless", "ally", "attack", "defence"),
    [
        ("partial", False, False, 1, -2, -1),
        ("full", False, False, 2, 0, 2),
        ("partial", True, False, 1, -2, 0),
        ("full", True, False, 3, 0, 2),
        ("partial", False, True, 1, -3, -2),
        ("full", False, True, 2, 0, 1),
    ],
)
def test_covering_an_ally(stance: str, teamwork: bool, helpless: bool, ally: int, attack: int, defence: int) -> None:
    r = S.act(
        "cover_ally",
        req(FIGHTER, DUMMY, stance=stance, teamwork=teamwork, helpless_ally=helpless),
        ScriptedDice([]),
    )
    assert r.target_sheet is not None and r.target_sheet["covered_bonus"] == ally
    assert r.actor_sheet is not None and r.actor_sheet["actions_left"] == 4
    protector = S.sheet(r.actor_sheet).model_dump(by_alias=True)
    hit_ally = S.attack(req(FIGHTER, r.target_sheet), ScriptedDice([1, 2]))
    assert mods(hit_ally)["def_covered"] == ally
    hit_protector = S.attack(req(FIGHTER, protector), ScriptedDice([1, 2]))
    assert mods(hit_protector).get("def_covering", 0) == defence
    if stance == "full":
        with pytest.raises(RulesError, match="full_defence_no_attack"):
            S.attack(req(protector, DUMMY), ScriptedDice([1, 2]))
    else:
        assert mods(S.attack(req(protector, DUMMY), ScriptedDice([1, 2])))["covering"] == attack


def test_mounted_combat() -> None:
    rider = {**FIGHTER, "mounted": True, "dodging": 2}
    r = S.attack(req(rider, DUMMY), ScriptedDice([1, 2]))
    assert mods(r)["mounted"] == 2
    r = S.attack(req(DUMMY, rider), ScriptedDice([1, 2]))
    m = mods(r)
    assert m["def_mounted"] == 1 and m["def_dex_two_thirds"] == 4 and "def_dodging" not in m
    pike = {**DUMMY, "weapon": "pike"}
    assert "mounted" not in mods(S.attack(req(rider, pike), ScriptedDice([1, 2, 1])))
    slow_rider = {"reaction": -3, "mounted": True}
    assert actions_per_round(S.sheet(slow_rider), False) == 5  # type: ignore[arg-type]
    assert actions_per_round(S.sheet({"reaction": -8, "mounted": True}), False) == 4  # type: ignore[arg-type]
    plate = S.sheet({"armour": "plate", "armour_dr": 9, "mounted": True})
    assert S.status(plate).numbers["slowdown"] == 4  # 9 - 4 = 5 -> 4 -> max 4


def test_lance_charge_and_mounted_shooting() -> None:
    lancer = {**FIGHTER, "mounted": True, "weapon": "spear", "reach": 8}
    r = S.attack(req(lancer, DUMMY, charge=True), ScriptedDice([5, 5, 4]))
    m = mods(r)
    assert m["charge"] == 2 and m["mounted"] == 2 and m["lance_charge"] == 3
    assert r.damage is not None and r.damage.rolled == 15  # (d4 4 + spear +2 + 2·STR/3 4) × 1.5
    archer = {
        "dex": 8,
        "reaction": 5,
        "weapon": "small_bow",
        "weapon_skill": 4,
        "mounted": True,
        "gallop": "gallop",
    }
    assert mods(S.shot(req(archer, DUMMY), ScriptedDice([1, 2])))["gallop"] == -2
    with pytest.raises(RulesError, match="no_aimed_shot_mounted"):
        S.shot(req(archer, DUMMY, aimed=True), ScriptedDice([1, 2]))


def test_disarm_in_defence_costs_one_action() -> None:
    r = S.act("disarm", req(FIGHTER, DUMMY), ScriptedDice([6, 6, 1, 1]))
    assert r.outcome == "hit" and r.target_sheet is not None and r.target_sheet["weapon"] is None
    assert r.actor_sheet is not None and r.actor_sheet["actions_left"] == 4
    assert (r.total, r.against) == (12 + 6 + 6, 2 + 0 + 0)
    r = S.act("disarm", req(FIGHTER, DUMMY), ScriptedDice([1, 1, 10, 10]))
    assert r.outcome == "miss" and r.target_sheet is None
    with pytest.raises(RulesError, match="disarm_needs_6_levels"):
        S.act("disarm", req({**FIGHTER, "weapon_skill": 5}, DUMMY), ScriptedDice([1, 1, 1, 1]))


def test_automatic_counter_attack_notes_and_ranged_stab_band() -> None:
    fists = {"str": 6, "dex": 6, "reaction": 5, "weapon_skill": {"bare_hands": 4}}
    r = S.attack(req(fists, DUMMY), ScriptedDice([1, 2]))
    assert any(
        n.key == "auto_counter_attack" and n.params["reason"] == Term("term", "counter_reason_unarmed_attacker")
        for n in r.notes
    )
    r = S.attack(req(FIGHTER, {**DUMMY, "weapon": "pike"}, charge=True), ScriptedDice([1, 2]))
    assert any(
        n.key == "auto_counter_attack" and n.params["reason"] == Term("term", "counter_reason_charge") for n in r.notes
    )
    sniper = {"dex": 8, "reaction": 5, "weapon": "light_crossbow", "weapon_skill": 4, "back_attack": True}
    asleep = {**DUMMY, "aware": False, "immobile": True}
    with pytest.raises(RulesError, match="stab_needs_back_attack"):
        S.shot(req(sniper, asleep, distance=150, stab=True), ScriptedDice([5, 5]))
    assert S.shot(req(sniper, asleep, distance=50, stab=True), ScriptedDice([5, 5, 3])).outcome == "hit"
