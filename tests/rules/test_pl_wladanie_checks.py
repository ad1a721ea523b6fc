"""The checks a Polish player reads (issue 11): every roll that is compared or applied, with its dice,
parts, sides and steps, adding up by construction — scripted dice for the system's characteristic cases."""

from __future__ import annotations

from typing import Any

import pytest

from rules.checks import all_dice, load_checks, verify_result
from rules.dice import ScriptedDice
from rules.model import ActionResult, Check, Die, Part
from rules.registry import get_system
from rules.system import ActionRequest, DefenceRequest, Fighter

S = get_system("pl_wladanie")
SWORD = {"id": "sword", "damage_dice": "1k8", "strength_category": "1/2", "weight_kg": 1.5}
FIGHTER = {"strength": 6, "lift_kg": 20, "weapon_skills": {"sword": 6}, "weapons": [SWORD]}
TARGET = {"physical_defence": 17, "parry_skill": 4, "dodge_skill": 3}


def request(
    actor: dict[str, Any],
    target: dict[str, Any] | None,
    *,
    distance: float | None = None,
    settings: dict[str, Any] | None = None,
    others: dict[str, dict[str, Any]] | None = None,
    **options: Any,
) -> ActionRequest:
    return ActionRequest(
        Fighter("Jagna", S.sheet(actor)),
        Fighter("Zbój", S.sheet(target)) if target is not None else None,
        S.options(options),
        S.settings(settings or {}),
        None,
        distance,
        tuple(Fighter(name, S.sheet(sheet)) for name, sheet in (others or {}).items()),
    )


def both_halves(req: ActionRequest, faces: list[int], choice: str | None, *, ranged: bool = False) -> ActionResult:
    dice = ScriptedDice(faces)
    pending = (S.shot if ranged else S.attack)(req, dice)
    verify_result(pending)
    assert pending.outcome == "pending_defence" and pending.target is not None and req.target is not None
    result = S.defend(DefenceRequest(req.target, req.actor, pending.exchange or {}, req.settings, choice), dice)
    assert dice.remaining == 0
    verify_result(result)
    return result


def parts(c: Check) -> list[tuple[str, int | float, str]]:
    return [(p.key, p.value, p.side) for p in c.parts]


def steps(c: Check) -> list[tuple[str, str, int | float, int | float, str]]:
    return [(s.op, s.key, s.value, s.total, s.side) for s in c.steps]


def faces(c: Check) -> list[tuple[int, int, str]]:
    return [(d.sides, d.face, d.role) for d in c.dice]


# --- the hit test against physical defence -------------------------------------------------------------
def test_defence_side_penalties_are_the_targets_parts_of_the_versus_check() -> None:
    # Flanked from behind: −5 and −5 to the target's physical defence (the ST), never to the attack.
    req = request(FIGHTER, TARGET, from_back=True, flanking=True)
    result = S.attack(req, ScriptedDice([5]))
    verify_result(result)
    (attack,) = result.checks
    assert attack.label == "attack" and attack.side == "actor" and attack.outcome == "hit"
    assert faces(attack) == [(20, 5, "kept")]
    assert parts(attack) == [("wladanie", 6, "actor")]  # no −5 among the attacker's parts
    assert (attack.raw, attack.total) == (11, 11) == (result.total, result.total)
    versus = attack.versus
    assert versus is not None and versus.label == "physical_defence" and versus.side == "target"
    assert parts(versus) == [
        ("physical_defence", 17, "target"),
        ("defence_from_back", -5, "target"),
        ("defence_flanked_or_pinned", -5, "target"),
    ]
    assert versus.total == 7 == result.against and not versus.dice


def test_a_miss_shows_the_attack_against_the_st_and_nothing_else() -> None:
    result = S.attack(request(FIGHTER, TARGET, improvised=True, prone=True), ScriptedDice([3]))
    verify_result(result)
    (attack,) = result.checks
    assert attack.outcome == "miss" and parts(attack) == [("wladanie", 6, "actor"), ("improvised", -5, "actor")]
    assert attack.total == 4 and attack.versus is not None and attack.versus.total == 7  # 17 − 10 prone
    assert ("defence_prone", -10, "target") in parts(attack.versus)


def test_unprepared_defence_names_itself_in_the_versus_check() -> None:
    target = {**TARGET, "physical_defence_unprepared": 12}
    result = S.attack(request(FIGHTER, target, surprise=True), ScriptedDice([2]))
    (attack,) = result.checks
    assert attack.versus is not None and attack.versus.label == "physical_defence_unprepared"
    assert parts(attack.versus) == [("physical_defence_unprepared", 12, "target")]


def test_shot_range_and_heavy_weapon_are_the_attackers_parts() -> None:
    axe = {"id": "axe", "damage_dice": "1k10", "weight_kg": 3.8}
    actor = {"lift_kg": 20, "weapon_skills": {"axe": 7, "throwing": 5}, "weapons": [axe]}
    dice = ScriptedDice([20])
    pending = S.shot(request(actor, TARGET, distance=5, throw=True, extra_effort=True), dice)
    (attack,) = pending.checks
    # thrown axe not made for throwing −10, heavy 3.8 kg over 3.0 kg −8, effort +5, 5 m −2
    assert parts(attack) == [
        ("throwing", 5, "actor"),
        ("heavy_weapon", -8, "actor"),
        ("extra_effort", 5, "actor"),
        ("not_for_throwing", -10, "actor"),
        ("range", -2, "actor"),
    ]
    assert attack.total == 10 == pending.total


# --- parry and dodge: the defender's own tests in the exchange -----------------------------------------
def test_parry_is_the_defenders_check_against_the_attack_total() -> None:
    req = request(FIGHTER, TARGET, from_back=True)
    result = both_halves(req, [16, 9, 6], "parry")
    first, second, damage = result.checks
    assert first.label == "attack" and first.total == 22 and first.versus is not None
    assert first.versus.total == 12 and parts(first.versus)[-1] == ("defence_from_back", -5, "target")
    # the second line: the same attack total against the parry test (its own die, the target's numbers)
    assert second.label == "attack" and not second.dice and parts(second) == [("hit_test", 22, "actor")]
    parry = second.versus
    assert parry is not None and parry.label == "parry" and parry.side == "target"
    assert faces(parry) == [(20, 9, "kept")]
    assert parts(parry) == [("parry_skill", 4, "target"), ("active_from_back", -5, "target")]
    assert parry.total == 8 == result.against and second.total == 22 == result.total
    assert second.outcome == "hit" and result.outcome == "hit"
    assert damage.label == "damage" and faces(damage) == [(8, 6, "kept")]  # the k20, k20, then k8
    assert parts(damage) == [("strength_damage", 3, "actor")] and damage.total == 9 == result.damage.applied  # type: ignore[union-attr]


def test_a_dodge_that_stops_the_blow_ends_the_checks() -> None:
    result = both_halves(request(FIGHTER, TARGET), [11, 20], "dodge")
    assert result.outcome == "dodged" and len(result.checks) == 2
    dodge = result.checks[1].versus
    assert dodge is not None and dodge.label == "dodge" and dodge.total == 23
    assert result.checks[1].outcome == "dodged"


def test_a_shield_parry_shows_the_shield_wladanie_and_its_modifier() -> None:
    shield = {"id": "puklerz", "coverage": 6, "armour": 2, "protected_parts": ["torso"], "parry_modifier": 3}
    target = {**TARGET, "shield": shield, "weapon_skills": {"puklerz": 7}}
    result = both_halves(request(FIGHTER, target), [15, 11], "parry")
    parry = result.checks[1].versus
    assert parry is not None and parts(parry) == [("shield_skill", 7, "target"), ("shield_parry", 3, "target")]
    assert result.outcome == "parried"


def test_the_attack_half_travels_in_the_exchange() -> None:
    dice = ScriptedDice([18])
    pending = S.attack(request(FIGHTER, TARGET, flanking=True), dice)
    assert pending.exchange is not None
    carried = load_checks(pending.exchange["checks"])
    assert carried == pending.checks
    # an exchange opened before checks travelled in it still finishes with the attack shown
    old = {k: v for k, v in pending.exchange.items() if k != "checks"}
    req = request(FIGHTER, TARGET, flanking=True)
    assert req.target is not None
    result = S.defend(DefenceRequest(req.target, req.actor, old, req.settings, "none"), ScriptedDice([4]))
    verify_result(result)
    rebuilt = result.checks[0]
    assert faces(rebuilt) == [(20, 18, "kept")] and parts(rebuilt) == [("wladanie", 6, "actor")]
    assert rebuilt.versus is not None and rebuilt.versus.total == 12


# --- the damage test: dice steps, weak, coverage and armour -------------------------------------------
def test_improvised_weapon_shows_its_dice_steps_down_the_ladder() -> None:
    result = both_halves(request(FIGHTER, TARGET, improvised=True), [20, 3], "none")
    damage = result.checks[-1]
    assert damage.dice_expr == "1k8" and [(p.key, p.value) for p in damage.dice_steps] == [("improvised", -2)]
    assert faces(damage) == [(4, 3, "kept")]  # 1k8 two steps down: 1k4
    assert damage.total == 3 + 3


def test_a_better_made_weapon_steps_up_and_the_reason_is_shown() -> None:
    fine = {**SWORD, "damage_steps": 1}
    actor = {**FIGHTER, "weapons": [fine]}
    result = both_halves(request(actor, TARGET), [20, 7], "none")
    damage = result.checks[-1]
    assert damage.dice_expr == "1k8" and [(p.key, p.value) for p in damage.dice_steps] == [("weapon_damage_steps", 1)]
    assert faces(damage) == [(10, 7, "kept")]


def test_undisturbed_dice_show_no_steps() -> None:
    damage = both_halves(request(FIGHTER, TARGET), [20, 7], "none").checks[-1]
    assert damage.dice_expr is None and damage.dice_steps == []


@pytest.mark.parametrize(("setting", "expected"), [(2, [("not_for_throwing", -2)]),
                                                   (4, [("improvised", -2), ("not_for_throwing", -2)])])  # fmt: skip
def test_thrown_improvised_steps_follow_the_setting(setting: int, expected: list[tuple[str, int]]) -> None:
    cleaver = {"id": "cleaver", "damage_dice": "1k10", "weight_kg": 1.0, "improvised": True}
    actor = {"lift_kg": 18, "weapon_skills": {"throwing": 9}, "weapons": [cleaver]}
    req = request(actor, TARGET, distance=1, settings={"thrown_improvised_steps": setting}, throw=True)
    result = both_halves(req, [20, 1], "none", ranged=True)
    damage = result.checks[-1]
    assert damage.dice_expr == "1k10" and [(p.key, p.value) for p in damage.dice_steps] == expected


def test_armour_layers_that_held_are_minus_steps_with_their_coverage() -> None:
    breastplate = {"id": "napiersnik", "parts": ["torso"], "coverage": 25, "armour": 4}
    mail = {"id": "kolczuga", "parts": ["torso"], "coverage": 10, "armour": 2}  # beaten by 20: no step
    shield = {"id": "tarcza", "coverage": 22, "armour": 1, "protected_parts": ["torso"]}
    target = {**TARGET, "armour": [breastplate, mail], "shield": shield}
    result = both_halves(request(FIGHTER, target), [14, 8], "none")  # 14 + 6 = 20
    damage = result.checks[-1]
    assert (damage.raw, damage.total) == (11, 6)  # 8 + 3 strength damage − 4 − 1
    assert steps(damage) == [("minus", "napiersnik", 4, 7, "target"), ("minus", "tarcza", 1, 6, "target")]
    assert [(p.key, p.value, p.side) for p in damage.steps[0].detail] == [("coverage", 25, "target")]
    assert result.damage is not None and result.damage.applied == 6 and result.damage.reduced_by == 5


def test_armour_that_takes_everything_ends_at_zero_with_a_bound() -> None:
    plate = {"id": "plyta", "parts": ["all"], "coverage": 30, "armour": 12}
    result = both_halves(request(FIGHTER, {**TARGET, "armour": [plate]}), [14, 2], "none")
    damage = result.checks[-1]
    assert steps(damage) == [("minus", "plyta", 12, -7, "target"), ("min", "not_below_zero", 0, 0, "other")]
    assert damage.total == 0 == result.damage.applied  # type: ignore[union-attr]


@pytest.mark.parametrize(("rounding", "last"), [("half_up", ("ceil", "round_up", 0, 3, "actor")),
                                                ("down", ("floor", "round_down", 0, 2, "actor"))])  # fmt: skip
def test_weak_halving_is_a_divide_step_then_its_rounding(rounding: str, last: tuple[Any, ...]) -> None:
    actor = {"strength": 9, "unarmed_skill": 3}  # unarmed: 1k4, strength damage 1/8 of 9 = 2, weak
    req = request(actor, TARGET, settings={"weak_rounding": rounding})
    damage = both_halves(req, [19, 3], "none").checks[-1]
    assert faces(damage) == [(4, 3, "kept")] and parts(damage) == [("strength_damage", 2, "actor")]
    assert steps(damage) == [("divide", "weak", 2, 2.5, "actor"), last]


def test_weak_halving_of_an_even_test_needs_no_rounding() -> None:
    damage = both_halves(request({"strength": 9, "unarmed_skill": 3}, TARGET), [19, 4], "none").checks[-1]
    assert steps(damage) == [("divide", "weak", 2, 3, "actor")]


def test_unarmed_self_injury_is_the_strikers_own_check() -> None:
    actor = {"strength": 20, "unarmed_skill": 3, "endurance": 1, "natural_armour": 1}
    result = both_halves(request(actor, TARGET, hard_target=True), [19, 4], "none")
    hurt = result.checks[-1]
    # 1k4 4 + 3 (1/8 of 20) = 7, weak → 4; above endurance 1 + natural armour 1 by 2
    assert hurt.label == "self_injury" and parts(hurt) == [("damage_test", 4, "actor")]
    assert steps(hurt) == [("minus", "endurance", 1, 3, "actor"), ("minus", "natural_armour", 1, 2, "actor")]


def test_a_rolled_location_is_its_own_check() -> None:
    req = request(FIGHTER, TARGET, settings={"unnamed_location": "table"})
    result = both_halves(req, [20, 5, 1], "none")
    location = result.checks[-2]
    assert location.label == "location" and location.location == "head" == result.location
    assert faces(location) == [(20, 1, "kept")] and location.total == 1
    assert result.checks[-1].label == "damage"


def test_an_aimed_blow_rolls_no_location() -> None:
    result = both_halves(request(FIGHTER, TARGET, location="leg"), [20, 5], "none")
    assert [c.label for c in result.checks] == ["attack", "damage"] and result.location == "right_leg"


# --- area attacks -----------------------------------------------------------------------------------
FLASK = {"id": "flask", "damage_dice": "1k6", "weight_kg": 0.5, "designed_for_throwing": True, "ranged_kind": "thrown"}
MIRA = {"lift_kg": 20, "weapon_skills": {"throwing": 3}, "weapons": [FLASK]}
GOBLIN = {"physical_defence": 10, "armour": [{"id": "napiersnik", "parts": ["torso"], "coverage": 16, "armour": 4}]}


def test_area_st_is_the_fields_number_and_the_scatter_dice_are_their_own_checks() -> None:
    # Example 3: ST 10 + 4 at 9 m; 2 + 3 = 5, failure by 9: k2 = 2, direction 10 (again) 4, landing 7.
    req = request(MIRA, {"physical_defence": 10}, distance=9, area=True, landing="Goblin", others={"Goblin": GOBLIN})
    result = S.shot(req, ScriptedDice([2, 2, 10, 4, 7, 6]))
    verify_result(result)
    attack, distance, direction, landing, damage = result.checks
    assert attack.versus is not None and attack.versus.label == "area_st" and attack.versus.side == "other"
    assert parts(attack.versus) == [("area_base", 10, "other"), ("area_range", 4, "other")]
    assert attack.outcome == "scatter" and attack.total == 5
    assert distance.label == "scatter_distance" and faces(distance) == [(2, 2, "kept")]
    assert direction.label == "scatter_direction" and faces(direction) == [(10, 10, "rerolled"), (10, 4, "kept")]
    assert direction.total == 4
    assert landing.label == "scatter_landing" and faces(landing) == [(10, 7, "kept")]
    # it came down off the aimed field: the goblin named there is spared; the fallen field's damage test
    # shows its dice for the GM ("Porażka w teście oznacza, że pocisk spada na losowe pole")
    assert damage.label == "damage" and faces(damage) == [(6, 6, "kept")] and not damage.steps
    assert result.attacks == []
    assert sum(len(all_dice(c)) for c in result.checks) == len(result.rolls)


def test_an_area_hit_on_several_shows_the_dice_once_and_each_ones_line_starts_from_its_value() -> None:
    req = request(MIRA, GOBLIN, distance=9, area=True, landing="Orc", others={"Orc": {"physical_defence": 12}})
    result = S.shot(req, ScriptedDice([12, 5]))  # 15 >= 14: the field is hit
    verify_result(result)
    attack, damage = result.checks
    assert attack.outcome == "hit" and faces(damage) == [(6, 5, "kept")] and not damage.steps
    target, orc = result.attacks
    (hurt,) = target.checks
    assert hurt.label == "area_damage" and parts(hurt) == [("damage_test", 5, "actor")]
    assert steps(hurt) == [("minus", "napiersnik", 4, 1, "target")]  # 15 < 16: the breastplate holds
    assert parts(orc.checks[0]) == [("damage_test", 5, "actor")] and orc.checks[0].total == 5
    for sub in result.attacks:
        verify_result(sub)


def test_an_area_hit_on_the_target_alone_shows_its_dice_and_armour_on_one_line() -> None:
    result = S.shot(request(MIRA, GOBLIN, distance=9, area=True), ScriptedDice([12, 5]))
    verify_result(result)
    _, damage = result.checks
    assert faces(damage) == [(6, 5, "kept")] and steps(damage) == [("minus", "napiersnik", 4, 1, "target")]
    assert result.attacks == []


# --- initiative, tests, running up to an archer -------------------------------------------------------
def test_initiative_is_one_check_and_a_rolloff_die_another() -> None:
    req = request({"initiative_bonus": 3, "reflex": 2}, None, settings={"initiative_rolloff": True}, modifier=-1)
    result = S.initiative(req, ScriptedDice([12, 17]))
    verify_result(result)
    first, rolloff = result.checks
    assert first.label == "initiative" and faces(first) == [(20, 12, "kept")]
    assert parts(first) == [("initiative_bonus", 3, "actor"), ("modifier", -1, "actor")]
    assert first.total == 14 == result.total
    assert rolloff.label == "tiebreak" and faces(rolloff) == [(20, 17, "kept")]


def test_the_house_test_die_shows_every_die() -> None:
    req = request({"initiative_bonus": 1}, None, settings={"test_die": "3d6"})
    (first,) = S.initiative(req, ScriptedDice([2, 5, 6])).checks
    assert faces(first) == [(6, 2, "kept"), (6, 5, "kept"), (6, 6, "kept")] and first.total == 14


def test_a_plain_test_is_against_the_st_with_the_skill_by_its_polish_name() -> None:
    req = request({"parry_skill": 4}, None, st=15, test_skill="Parowanie", modifier=2)
    result = S.act("test", req, ScriptedDice([9]))
    verify_result(result)
    (tested,) = result.checks
    assert parts(tested) == [("parry_skill", 4, "actor"), ("modifier", 2, "actor")]
    assert tested.versus is not None and parts(tested.versus) == [("st", 15, "other")]
    assert tested.total == 15 and tested.outcome == "success" == result.outcome


def test_running_up_to_an_archer_compares_the_two_initiative_results() -> None:
    req = request({"initiative_result": 24}, {"initiative_result": 12})
    result = S.act("archer_rush", req, ScriptedDice([]))
    verify_result(result)
    (rush,) = result.checks
    assert parts(rush) == [("initiative_result", 24, "actor")] and rush.versus is not None
    assert parts(rush.versus) == [("initiative_result", 12, "target")] and rush.versus.label == "archer_initiative"


# --- every die rolled is shown, for many seeds --------------------------------------------------------
@pytest.mark.parametrize("choice", ["parry", "dodge", "none"])
def test_random_exchanges_add_up_and_show_every_die(choice: str) -> None:
    from rules.dice import RandomDice

    shield = {"coverage": 12, "armour": 2, "protected_parts": ["torso"], "parry_modifier": 2}
    target = {**TARGET, "shield": shield, "armour": [{"parts": ["all"], "coverage": 18, "armour": 3}]}
    for seed in range(40):
        dice = RandomDice(seed)
        req = request(FIGHTER, target, settings={"unnamed_location": "table"}, from_back=seed % 2 == 0)
        first = S.attack(req, dice)
        verify_result(first)
        results = [first]
        if first.outcome == "pending_defence":
            assert req.target is not None
            answer = DefenceRequest(req.target, req.actor, first.exchange or {}, req.settings, choice)
            results.append(S.defend(answer, dice))
        for r in results:
            verify_result(r)
            shown = sorted((d.sides, d.face) for c in r.checks for d in all_dice(c))
            assert shown == sorted((d.sides, d.face) for d in r.rolls)
            if r.damage is not None:
                assert r.checks[-1].total == r.damage.applied


def test_checks_are_plain_dataclasses() -> None:
    result = S.attack(request(FIGHTER, TARGET), ScriptedDice([1]))
    assert type(result.checks[0]) is Check and type(result.checks[0].dice[0]) is Die
    assert type(result.checks[0].parts[0]) is Part
