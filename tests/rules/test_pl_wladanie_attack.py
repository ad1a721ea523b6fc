"""Hit tests of pl_wladanie: every ST and attack modifier and their stacking, weapons, coverage, armour."""

from __future__ import annotations

from typing import Any

import pytest

from rules.checks import verify_result
from rules.dice import ScriptedDice
from rules.errors import RulesError
from rules.model import ActionResult, Term
from rules.registry import get_system
from rules.system import ActionRequest, DefenceRequest, Fighter

S = get_system("pl_wladanie")
SWORD = {"id": "sword", "damage_dice": "1k8", "strength_category": "1/2", "weight_kg": 1.5}
FIGHTER = {"strength": 6, "lift_kg": 20, "weapon_skills": {"sword": 5}, "weapons": [SWORD]}
BOW = {"id": "bow", "damage_dice": "1k8", "ranged_kind": "shooting", "max_range_m": 60, "weight_kg": 1.0}
ARCHER = {"lift_kg": 20, "weapon_skills": {"bow": 4}, "weapons": [BOW]}
TARGET = {"physical_defence": 15}


def request(
    actor: dict[str, Any],
    target: dict[str, Any] | None = None,
    *,
    weapon: str | None = None,
    distance: float | None = None,
    settings: dict[str, Any] | None = None,
    **options: Any,
) -> ActionRequest:
    return ActionRequest(
        Fighter("A", S.sheet(actor)),
        Fighter("T", S.sheet(target)) if target is not None else None,
        S.options(options),
        S.settings(settings or {}),
        weapon,
        distance,
    )


def hit(req: ActionRequest, faces: list[int], *, ranged: bool = False, choice: str = "none") -> ActionResult:
    """Attack and, when it reaches the defence, finish it with `choice`."""
    dice = ScriptedDice(faces)
    first = S.shot(req, dice) if ranged else S.attack(req, dice)
    verify_result(first)
    if first.outcome != "pending_defence":
        return first
    assert req.target is not None
    result = S.defend(DefenceRequest(req.target, req.actor, first.exchange or {}, req.settings, choice), dice)
    verify_result(result)
    return result


def st_of(**options: Any) -> int:
    result = S.attack(request(FIGHTER, TARGET, **options), ScriptedDice([1]))
    verify_result(result)
    assert result.against is not None
    return result.against


def shot_st(target: dict[str, Any] = TARGET, **options: Any) -> int:
    result = S.shot(request(ARCHER, target, distance=1, **options), ScriptedDice([1]))
    assert result.against is not None
    return result.against


def mods(result: ActionResult) -> dict[str, int | float]:
    return {m.key: m.value for m in result.modifiers}


# --- ST modifiers ------------------------------------------------------------------------------------
def test_plain_st_is_physical_defence() -> None:
    assert st_of() == 15


@pytest.mark.parametrize(
    ("options", "st"),
    [
        ({"from_back": True}, 10),
        ({"flanked_or_pinned": True}, 10),
        ({"flanking": True}, 10),  # the bot's generic flag
        ({"pinned": True, "flanked": True}, 10),  # one condition, one -5
        ({"from_back": True, "flanking": True}, 5),  # back and flank stack
        ({"height_advantage": True}, 10),
        ({"attacker_height_m": 1.0}, 10),
        ({"attacker_height_m": 0.99}, 15),
        ({"prone": True}, 5),
        ({"from_back": True, "flanking": True, "height_advantage": True, "prone": True}, -10),
    ],
)
def test_direct_attack_st_modifiers_stack(options: dict[str, Any], st: int) -> None:
    assert st_of(**options) == st


def test_target_conditions_count_like_options() -> None:
    target = {"physical_defence": 15, "conditions": ["prone", "flanked_or_pinned"]}
    result = S.attack(request(FIGHTER, target), ScriptedDice([1]))
    assert result.against == 0


def test_ranged_st_modifiers() -> None:
    assert shot_st() == 15
    assert shot_st(prone=True) == 25  # +10 against ranged
    assert shot_st(from_back=True) == 10
    assert shot_st(flanking=True) == 10
    assert shot_st(height_advantage=True) == 15  # direct attacks only
    assert shot_st(from_back=True, flanking=True, prone=True) == 15


def test_defence_modifiers_do_not_change_the_attack_total() -> None:
    plain = S.attack(request(FIGHTER, TARGET), ScriptedDice([10]))
    backed = S.attack(request(FIGHTER, TARGET, from_back=True, prone=True), ScriptedDice([10]))
    assert plain.total == backed.total == 15


@pytest.mark.parametrize("flag", ["surprise", "unseen"])
def test_surprise_and_unseen_use_unprepared_defence(flag: str) -> None:
    target = {"physical_defence": 15, "physical_defence_unprepared": 11, "parry_skill": 5}
    result = S.attack(request(FIGHTER, target, **{flag: True}), ScriptedDice([1]))
    assert result.against == 11 and result.against_key == "physical_defence_unprepared"
    assert result.outcome == "miss"  # 1 + 5 = 6 < 11


def test_surprise_forbids_parry_and_dodge() -> None:
    # "Atak z zaskoczenia ... Atakowany nie może parować i unikać ataków."
    target = {"physical_defence": 15, "physical_defence_unprepared": 11, "parry_skill": 5}
    # Nothing to answer: no waiting exchange, the blow lands at once (10 + 5 >= 11; 1k8 = 4 + strength).
    dice = ScriptedDice([10, 4])
    hit = S.attack(request(FIGHTER, target, surprise=True), dice)
    assert hit.outcome == "hit" and hit.defences == [] and hit.exchange is None and dice.remaining == 0
    assert hit.damage is not None and hit.damage.rolled >= 4 and hit.target_sheet is not None
    assert any(n.key == "no_active_defence" for n in hit.notes)
    assert [r.purpose for r in hit.rolls] == ["attack", "damage"]


def test_unseen_attacker_gives_only_the_unprepared_defence_parry_and_dodge_stay() -> None:
    # "Niewidoczny przeciwnik ... Obrona fizyczna atakowanego, który nie widzi atakującego przyjmuje
    # wariant nieprzygotowany." Nothing more: parry and dodge stay (default of the setting).
    target = {"physical_defence": 15, "physical_defence_unprepared": 11, "parry_skill": 5, "dodge_skill": 3}
    for req in (
        request(FIGHTER, target, unseen=True),
        request(FIGHTER, {**target, "conditions": ["cannot_see_attacker"]}),
    ):
        pending = S.attack(req, ScriptedDice([10]))
        assert pending.against == 11 and pending.defences == ["parry", "dodge", "none"]
        assert S.default_defence(pending.exchange or {}) == "parry"  # 5 >= 3
    assert S.settings({}).unseen_allows_active_defence is True


def test_unseen_and_surprised_gets_no_parry_or_dodge() -> None:
    # "Atakowany nie może parować i unikać ataków" holds when the unseen attacker also surprises.
    target = {"physical_defence": 15, "physical_defence_unprepared": 11}
    hit = S.attack(request(FIGHTER, target, unseen=True, surprise=True), ScriptedDice([10, 1]))
    assert hit.against == 11 and hit.outcome == "hit" and hit.exchange is None


def test_unseen_may_forbid_active_defence_by_setting() -> None:
    target = {"physical_defence": 15, "physical_defence_unprepared": 11}
    settings = {"unseen_allows_active_defence": False}
    hit = S.attack(request(FIGHTER, target, unseen=True, settings=settings), ScriptedDice([10, 1]))
    assert hit.against == 11 and hit.outcome == "hit" and hit.exchange is None


def test_unprepared_defaults_to_physical_defence_and_condition_unaware() -> None:
    result = S.attack(request(FIGHTER, {"physical_defence": 15, "conditions": ["unaware"]}), ScriptedDice([1]))
    assert result.against == 15 and result.against_key == "physical_defence_unprepared"


def test_equal_total_hits_with_margin_zero() -> None:
    result = S.attack(request(FIGHTER, TARGET), ScriptedDice([10]))  # 10 + 5 = 15
    assert result.outcome == "pending_defence" and result.margin == 0
    miss = S.attack(request(FIGHTER, TARGET), ScriptedDice([9]))
    assert miss.outcome == "miss" and miss.margin == -1


def test_free_modifier() -> None:
    result = S.attack(request(FIGHTER, TARGET, modifier=-3), ScriptedDice([12]))
    assert result.total == 14 and mods(result)["modifier"] == -3


# --- weapons ---------------------------------------------------------------------------------------
def test_improvised_weapon_minus_5_and_two_steps_lower() -> None:
    result = hit(request(FIGHTER, TARGET, improvised=True), [15, 2])
    assert mods(result)["improvised"] == -5
    assert result.total == 15
    assert [r.sides for r in result.rolls if r.purpose == "damage"] == [4]  # 1k8 → 1k4
    assert result.damage is not None and result.damage.rolled == 2 + 3  # 1/2 of 6


def test_heavy_weapon_penalty_in_the_test_and_effort() -> None:
    mace = {"id": "mace", "damage_dice": "1k10", "strength_category": "1", "weight_kg": 3.8}
    actor = {"strength": 4, "lift_kg": 20, "weapon_skills": {"mace": 10}, "weapons": [mace]}
    plain = S.attack(request(actor, TARGET), ScriptedDice([10]))
    assert mods(plain)["heavy_weapon"] == -8 and plain.total == 12
    assert {n.key for n in plain.notes} >= {"heavy", "heavy_no_bonus_action_attacks"}
    assert plain.actor_sheet is None
    effort = S.attack(request(actor, TARGET, extra_effort=True), ScriptedDice([10]))
    assert mods(effort)["extra_effort"] == 5 and effort.total == 17
    assert effort.outcome == "pending_defence"
    # The fatigue point lands when the exchange is finished.
    req = request(actor, TARGET, extra_effort=True)
    done = hit(req, [10, 5])
    assert done.actor_sheet is not None and done.actor_sheet["fatigue_points"] == 1
    assert any(c.field == "fatigue_points" and c.after == 1 for c in done.changes)


def test_effort_relief_never_exceeds_the_penalty_and_miss_still_tires() -> None:
    axe = {"id": "axe", "damage_dice": "1k8", "weight_kg": 3.2}
    actor = {"lift_kg": 20, "weapon_skills": {"axe": 0}, "weapons": [axe], "fatigue_points": 2}
    result = S.attack(request(actor, TARGET, extra_effort=True), ScriptedDice([1]))
    assert mods(result)["heavy_weapon"] == -2 and mods(result)["extra_effort"] == 2
    assert result.outcome == "miss"
    assert result.actor_sheet is not None and result.actor_sheet["fatigue_points"] == 3


def test_effort_without_heavy_penalty_costs_nothing() -> None:
    result = S.attack(request(FIGHTER, TARGET, extra_effort=True), ScriptedDice([1]))
    assert "extra_effort" not in mods(result) and result.actor_sheet is None
    assert any(n.key == "effort_unneeded" for n in result.notes)


def test_heavy_minus_10_costs_an_extra_bonus_action_and_forbids_bonus_action_attacks() -> None:
    maul = {"id": "maul", "damage_dice": "2k6", "weight_kg": 4.0}
    actor = {"lift_kg": 20, "weapons": [maul]}
    result = S.attack(request(actor, TARGET), ScriptedDice([1]))
    assert mods(result)["heavy_weapon"] == -10
    assert any(n.key == "heavy_extra_bonus_action" for n in result.notes)
    with pytest.raises(RulesError) as err:
        S.attack(request(actor, TARGET, bonus_action=True), ScriptedDice([1]))
    assert err.value.key == "error.pl_wladanie.heavy_bonus_action"


def test_too_heavy_weapon_loses_wladanie() -> None:
    anvil = {"id": "anvil", "damage_dice": "1k12", "weight_kg": 10.5}
    actor = {"lift_kg": 20, "weapon_skills": {"anvil": 7}, "weapons": [anvil]}
    result = S.attack(request(actor, TARGET, settings={"non_proficiency_penalty": -4}), ScriptedDice([1]))
    found = mods(result)
    assert "wladanie" not in found and found["non_proficient"] == -4 and found["heavy_weapon"] == -75
    assert any(n.key == "too_heavy" for n in result.notes)


def test_two_handed_grip_raises_the_category_except_light() -> None:
    sheet = {**FIGHTER, "strength": 8}
    one = hit(request(sheet, TARGET), [15, 1])
    two = hit(request(sheet, TARGET, grip="two_handed"), [15, 1])
    assert one.damage is not None and two.damage is not None
    assert one.damage.rolled == 1 + 4 and two.damage.rolled == 1 + 8  # 1/2 → 1
    dagger = {"id": "dagger", "damage_dice": "1k4", "strength_category": "1/2", "traits": ["light"]}
    light = hit(request({**sheet, "weapons": [dagger]}, TARGET, grip="two_handed"), [20, 1])
    assert light.damage is not None and light.damage.rolled == 1 + 4


def test_one_and_half_category_rounding() -> None:
    axe = {"id": "axe", "damage_dice": "1k6", "strength_category": "1", "two_handed": True}
    result = hit(request({"strength": 7, "weapons": [axe]}, TARGET), [20, 1])
    assert result.damage is not None and result.damage.rolled == 1 + 7 + 4  # 1,5 x 7 = 11 (half up)


def test_ranged_weapon_cannot_make_a_direct_attack() -> None:
    with pytest.raises(RulesError) as err:
        S.attack(request(ARCHER, TARGET), ScriptedDice([10]))
    assert err.value.key == "error.pl_wladanie.ranged_weapon_in_melee"


# --- unarmed ---------------------------------------------------------------------------------------
def test_unarmed_strike_uses_walka_wrecz_and_is_weak() -> None:
    brawler = {"strength": 9, "unarmed_skill": 4, "endurance": 20}
    result = hit(request(brawler, TARGET), [11, 4])
    assert mods(result) == {"unarmed_skill": 4}
    assert result.weapon == "unarmed"
    assert result.damage is not None
    # 1k4 = 4, strength 9 at 1/8 = 2 → 6, weak → 3
    assert result.damage.rolled == 3 and result.damage.multiplier == 0.5
    assert {"key": "weak", "value": -3} in [m.model_dump() for m in result.damage.modifiers]


def test_unarmed_weak_rounding_down_setting() -> None:
    brawler = {"strength": 9, "unarmed_skill": 4}
    result = hit(request(brawler, TARGET, settings={"weak_rounding": "down"}), [11, 3])
    assert result.damage is not None and result.damage.rolled == 2  # 5 // 2


def test_unarmed_self_injury_above_endurance_plus_natural_armour() -> None:
    brawler = {"strength": 20, "unarmed_skill": 4, "endurance": 1, "natural_armour": 1}
    req = request(brawler, TARGET, hard_target=True)
    result = hit(req, [11, 4])  # (4 + 3) / 2 → 4; limit 2 → 2 back to the striker
    assert result.damage is not None and result.damage.rolled == 4
    assert result.actor_sheet is not None and result.actor_sheet["damage_taken"] == 2
    assert any(n.key == "self_injury" and n.params["damage"] == 2 for n in result.notes)
    soft = hit(request(brawler, TARGET), [11, 4])
    assert soft.actor_sheet is None
    always = hit(request(brawler, TARGET, settings={"unarmed_self_injury": "always"}), [11, 4])
    assert always.actor_sheet is not None
    off = hit(request(brawler, TARGET, hard_target=True, settings={"unarmed_self_injury": "off"}), [11, 4])
    assert off.actor_sheet is None


@pytest.mark.parametrize("text", ["yes", "true", "1", "on"])
def test_hard_target_yes_is_a_flag_not_a_combatant_name(text: str) -> None:
    # The bot hands `hard_target:yes` over as the text "yes": it is a flag (the key ends in "target" but
    # only `combatant_options` name combatants), and it works exactly like the bare flag.
    assert S.options({"hard_target": text}).hard_target is True
    assert "hard_target" not in S.combatant_options
    brawler = {"strength": 20, "unarmed_skill": 4, "endurance": 1, "natural_armour": 1}
    typed = hit(request(brawler, TARGET, hard_target=text), [11, 4])
    flag = hit(request(brawler, TARGET, hard_target=True), [11, 4])
    assert typed.actor_sheet is not None and typed.actor_sheet == flag.actor_sheet
    assert typed.actor_sheet["damage_taken"] == 2


def test_unarmed_cannot_be_thrown() -> None:
    with pytest.raises(RulesError):
        S.shot(request({"lift_kg": 10}, TARGET, distance=2), ScriptedDice([10]))


# --- shots and throws -------------------------------------------------------------------------------
def test_range_penalty_in_the_shot_and_maximum_range() -> None:
    shot = S.shot(request(ARCHER, TARGET, distance=11), ScriptedDice([10]))
    assert mods(shot) == {"wladanie": 4, "range": -5}
    at_max = S.shot(request(ARCHER, TARGET, distance=60), ScriptedDice([10]))
    assert mods(at_max)["range"] == -30
    with pytest.raises(RulesError) as err:
        S.shot(request(ARCHER, TARGET, distance=60.5), ScriptedDice([10]))
    assert err.value.key == "error.pl_wladanie.out_of_range"
    with pytest.raises(RulesError) as err:
        S.shot(request(ARCHER, TARGET), ScriptedDice([10]))
    assert err.value.key == "error.pl_wladanie.distance_required"


def test_throw_range_is_lift_minus_weight() -> None:
    thrower = {**FIGHTER, "lift_kg": 10, "weapon_skills": {"throwing": 2}}
    ok = S.shot(request(thrower, TARGET, distance=8.5, throw=True), ScriptedDice([20]))  # range 10 - 1.5 = 8.5
    assert mods(ok) == {"throwing": 2, "not_for_throwing": -10, "range": -4}
    with pytest.raises(RulesError):
        S.shot(request(thrower, TARGET, distance=8.6, throw=True), ScriptedDice([20]))


def test_thrown_weapon_deals_one_handed_damage_two_steps_lower() -> None:
    axe = {"id": "axe", "damage_dice": "2k6", "strength_category": "1", "weight_kg": 2.0, "two_handed": True}
    actor = {"strength": 6, "lift_kg": 30, "weapon_skills": {"throwing": 12}, "weapons": [axe]}
    result = hit(request(actor, TARGET, distance=2, throw=True), [15, 1, 1], ranged=True)
    assert [r.sides for r in result.rolls if r.purpose == "damage"] == [10]  # 2k6 → 1k12 → 1k10
    assert result.damage is not None and result.damage.rolled == 1 + 6  # category 1, no two-hand raise


def test_thrown_improvised_steps_setting() -> None:
    cleaver = {"id": "cleaver", "damage_dice": "1k8", "weight_kg": 1.0, "improvised": True}
    actor = {"lift_kg": 18, "weapon_skills": {"throwing": 9}, "weapons": [cleaver]}
    two = hit(request(actor, TARGET, distance=1, throw=True), [20, 1], ranged=True)
    four = hit(
        request(actor, TARGET, distance=1, settings={"thrown_improvised_steps": 4}, throw=True), [20, 1], ranged=True
    )
    assert [r.sides for r in two.rolls if r.purpose == "damage"] == [4]
    assert [r.sides for r in four.rolls if r.purpose == "damage"] == [2]
    assert mods(two)["not_for_throwing"] == -10 and "improvised" not in mods(two)


def test_javelin_designed_for_throwing_uses_its_range_and_skill() -> None:
    javelin = {
        "id": "javelin",
        "damage_dice": "1k6",
        "weight_kg": 1.0,
        "designed_for_throwing": True,
        "ranged_kind": "thrown",
        "max_range_m": 30,
    }
    actor = {"lift_kg": 10, "weapon_skills": {"javelin": 6}, "weapons": [javelin]}
    result = S.shot(request(actor, TARGET, distance=25), ScriptedDice([20]))
    assert mods(result) == {"throwing": 6, "range": -12}


# --- coverage and armour ---------------------------------------------------------------------------
def armoured(*pieces: dict[str, Any], shield: dict[str, Any] | None = None) -> dict[str, Any]:
    return {"physical_defence": 5, "armour": list(pieces), "shield": shield}


def test_coverage_equal_is_beaten_by_default() -> None:
    target = armoured({"parts": ["torso"], "coverage": 15, "armour": 3})
    equal = hit(request(FIGHTER, target), [10, 6])  # total 15 = coverage
    assert equal.damage is not None and equal.damage.reduced_by == 0
    assert any(n.key == "coverage_beaten" for n in equal.notes)
    below = hit(request(FIGHTER, target), [9, 6])  # total 14 < 15
    assert below.damage is not None and below.damage.reduced_by == 3
    strict = hit(request(FIGHTER, target, settings={"coverage_beaten_when": ">"}), [10, 6])
    assert strict.damage is not None and strict.damage.reduced_by == 3


def test_armour_layers_add_up_when_each_holds() -> None:
    target = armoured(
        {"id": "gambeson", "parts": ["torso", "arms"], "coverage": 20, "armour": 2},
        {"id": "plate", "parts": ["torso"], "coverage": 14, "armour": 5},
    )
    both = hit(request(FIGHTER, target), [8, 8])  # total 13: both hold → 2 + 5
    assert both.damage is not None and both.damage.rolled == 11
    assert both.damage.reduced_by == 7 and both.damage.applied == 4
    one = hit(request(FIGHTER, target), [12, 8])  # total 17: plate beaten, gambeson holds
    assert one.damage is not None and one.damage.reduced_by == 2
    arm = hit(request(FIGHTER, target, location="left_arm"), [8, 8])
    assert arm.damage is not None and arm.damage.reduced_by == 2


def test_armour_floors_damage_at_zero() -> None:
    target = armoured({"parts": ["torso"], "coverage": 30, "armour": 20})
    result = hit(request(FIGHTER, target), [10, 1])
    assert result.damage is not None and result.damage.applied == 0 and result.damage.reduced_by == 4


def test_shield_doubles_coverage_on_its_arm_and_stacks_armour_not_coverage() -> None:
    shield = {"coverage": 8, "armour": 2, "protected_parts": ["torso"], "shield_arm": "left_arm"}
    target = armoured({"parts": ["arms"], "coverage": 10, "armour": 1}, shield=shield)
    # total 15: arm armour (10) beaten, shield on its arm 16 holds → 2
    arm = hit(request(FIGHTER, target, location="left_arm"), [10, 8])
    assert arm.damage is not None and arm.damage.reduced_by == 2
    # the other arm has no shield: armour beaten → 0
    other = hit(request(FIGHTER, target, location="right_arm"), [10, 8])
    assert other.damage is not None and other.damage.reduced_by == 0
    # torso: shield coverage 8 beaten by 15
    torso = hit(request(FIGHTER, target), [10, 8])
    assert torso.damage is not None and torso.damage.reduced_by == 0
    # total 9: everything holds on the shield arm → 1 + 2
    low = hit(request(FIGHTER, target, location="left_arm"), [4, 8])
    assert low.damage is not None and low.damage.reduced_by == 3


def test_coverage_stacking_max_setting() -> None:
    shield = {"coverage": 8, "armour": 2, "shield_arm": "left_arm"}
    target = armoured({"parts": ["arms"], "coverage": 10, "armour": 1}, shield=shield)
    result = hit(request(FIGHTER, target, location="left_arm", settings={"coverage_stacking": "max"}), [10, 8])
    assert result.damage is not None and result.damage.reduced_by == 3  # one threshold 16 holds


# --- location and wounds ---------------------------------------------------------------------------
def test_unnamed_location_is_torso_without_a_die() -> None:
    dice = ScriptedDice([15, 3])
    first = S.attack(request(FIGHTER, TARGET), dice)
    result = S.defend(
        DefenceRequest(
            Fighter("T", S.sheet(TARGET)),
            Fighter("A", S.sheet(FIGHTER)),
            first.exchange or {},
            S.settings({}),
            "none",
        ),
        dice,
    )
    assert result.location == "torso" and dice.remaining == 0


def test_location_table_setting_rolls_after_damage() -> None:
    settings = {"unnamed_location": "table"}
    result = hit(request(FIGHTER, TARGET, settings=settings), [15, 3, 1])
    assert result.location == "head"
    assert [r.purpose for r in result.rolls] == ["attack", "damage", "location"]
    assert hit(request(FIGHTER, TARGET, settings=settings), [15, 3, 20]).location == "left_leg"
    aimed = hit(request(FIGHTER, TARGET, location="head", settings=settings), [15, 3])
    assert aimed.location == "head"


def test_wound_levels_and_damage_per_location_accumulate() -> None:
    target = {"physical_defence": 5, "damage_taken": 8, "damage_by_location": {"head": 3}}
    settings = {"wound_thresholds": "light:5,serious:10,critical:15,out:20"}
    result = hit(request(FIGHTER, target, location="head", settings=settings), [10, 6])
    assert result.damage is not None and result.damage.applied == 9
    assert result.wound == "critical"
    sheet = result.target_sheet
    assert sheet is not None and sheet["damage_taken"] == 17 and sheet["damage_by_location"] == {"head": 12}
    assert sheet["wound_level"] == "critical"
    status = S.status(S.sheet(sheet))
    assert status.level == "critical" and not status.out_of_fight
    assert hit(request(FIGHTER, target, settings={"wound_thresholds": ""}), [10, 6]).wound is None  # none set
    # the house default thresholds (light 5, serious 10, critical 15, out 20, dead 30): 8 + 9 is critical
    assert hit(request(FIGHTER, target), [10, 6]).wound == "critical"


def test_area_hit_lands_on_the_torso() -> None:
    bomb = {
        "id": "bomb",
        "damage_dice": "2k6",
        "weight_kg": 0.5,
        "designed_for_throwing": True,
        "ranged_kind": "thrown",
    }
    actor = {"lift_kg": 20, "weapon_skills": {"throwing": 3}, "weapons": [bomb]}
    target = armoured({"parts": ["torso"], "coverage": 20, "armour": 2})
    result = S.shot(request(actor, target, distance=4, area=True, location="head"), ScriptedDice([9, 3, 4]))
    assert result.against == 12 and result.total == 12 and result.outcome == "hit"
    assert result.location == "torso" and result.damage is not None and result.damage.applied == 5


def test_area_scatter_small_failure_single_roll_and_back_on_target() -> None:
    bomb = {
        "id": "bomb",
        "damage_dice": "1k6",
        "weight_kg": 0.5,
        "designed_for_throwing": True,
        "ranged_kind": "thrown",
    }
    actor = {"lift_kg": 20, "weapons": [bomb]}
    result = S.shot(request(actor, TARGET, distance=2, area=True), ScriptedDice([10, 10, 1, 4]))
    assert result.margin == -1 and result.outcome == "scatter_on_target"
    assert [r.purpose for r in result.rolls] == ["attack", "scatter_landing", "scatter_landing", "damage"]
    assert result.damage is not None and result.damage.applied == 4
    # failure by 10: k4; the field it fell on gets its damage test (5), for the GM to apply
    far = S.shot(request(actor, TARGET, distance=2, area=True), ScriptedDice([1, 3, 2, 5, 5]))
    assert far.outcome == "scatter" and far.damage is None and far.target_sheet is None
    note = next(n for n in far.notes if n.key == "scatter")
    assert (note.params["distance_die"], note.params["dx"], note.params["dy"]) == (4, 1, 2)


def test_area_scatter_never_beyond_maximum_range() -> None:
    bomb = {
        "id": "bomb",
        "damage_dice": "1k6",
        "weight_kg": 0.5,
        "designed_for_throwing": True,
        "ranged_kind": "thrown",
        "max_range_m": 10,
    }
    actor = {"lift_kg": 20, "weapons": [bomb]}
    # ST 14, total 1 → failure 13 → k4; distance 4, direction 2 (away), landing 2 → dy 5 but only 2 m left
    result = S.shot(request(actor, None, distance=8, area=True), ScriptedDice([1, 4, 2, 2, 3]))
    note = next(n for n in result.notes if n.key == "scatter")
    assert note.params["dy"] == 2 and note.params["distance_die"] == 4
    assert any(n.key == "scatter_clamped" for n in result.notes)
    north = S.shot(
        request(actor, None, distance=8, area=True, settings={"scatter_orientation": "map_north"}),
        ScriptedDice([1, 4, 2, 2, 3]),
    )
    note = next(n for n in north.notes if n.key == "scatter")
    assert note.params["dy"] == 5 and note.params["orientation"] == Term("term", "scatter_map_north")


def test_missing_physical_defence_is_the_house_default_10() -> None:
    # issue 13: a sheet without obrona fizyczna gets the house default (the ST of the seed's easiest target,
    # a 1×1 m field) and a warning, instead of an error when it is attacked.
    result = S.attack(request(FIGHTER, {"strength": 3}), ScriptedDice([3]))
    assert result.against == 10 and result.against_key == "physical_defence"
    assert S.sheet({"physical_defence": None}).physical_defence == 10  # type: ignore[attr-defined]


def test_skill_keys_for_unarmed_and_throwing_fall_back_sensibly() -> None:
    listed = S.attack(request({"weapon_skills": {"walka_wrecz": 3}}, TARGET), ScriptedDice([1]))
    assert mods(listed) == {"unarmed_skill": 3}
    own = S.attack(request({"unarmed_skill": 2, "weapon_skills": {"walka_wrecz": 3}}, TARGET), ScriptedDice([1]))
    assert mods(own) == {"unarmed_skill": 2}
    by_weapon = S.shot(request({**FIGHTER, "lift_kg": 20}, TARGET, distance=1, throw=True), ScriptedDice([1]))
    assert mods(by_weapon)["throwing"] == 5  # no throwing skill: the sword's władanie
    missing = S.attack(request({"weapons": [SWORD]}, TARGET), ScriptedDice([1]))
    assert "wladanie" not in mods(missing) and any(n.key == "no_skill" for n in missing.notes)


def test_weapon_attacking_as_a_bonus_action_needs_a_regular_action_when_heavy() -> None:
    quick = {"id": "quick", "damage_dice": "1k6", "weight_kg": 3.1, "attack_action_cost": "bonus"}
    heavy = S.attack(request({"lift_kg": 20, "weapons": [quick]}, TARGET), ScriptedDice([10]))
    note = next(n for n in heavy.notes if n.key == "heavy_no_bonus_action_attacks")
    assert note.params == {"cost": Term("term", "cost_regular_action"), "penalty": -1}
    light_enough = S.attack(request({"lift_kg": 21, "weapons": [quick]}, TARGET), ScriptedDice([10]))
    assert "heavy_weapon" not in mods(light_enough)


def test_dice_bonus_is_shown_and_negative_damage_is_nothing() -> None:
    club = {"id": "club", "damage_dice": "1k6+2"}
    plus = hit(request({"weapons": [club]}, TARGET), [20, 3])
    assert plus.damage is not None and plus.damage.rolled == 5
    assert {"key": "damage_bonus", "value": 2} in [m.model_dump() for m in plus.damage.modifiers]
    feeble = {"id": "twig", "damage_dice": "1k4-3"}
    none = hit(request({"weapons": [feeble]}, TARGET), [20, 1])
    assert none.damage is not None and none.damage.applied == 0 and none.damage.reduced_by == 0
