"""Edge cases of the cz2d10 rules: hit test, criticals, fumbles, armour, bands, tables, actions."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from rules.dice import ScriptedDice
from rules.errors import RulesError
from rules.model import Term
from rules.system import ActionRequest, Fighter
from rules.systems.cz2d10 import SYSTEM as S
from rules.systems.cz2d10.derive import rnd, rnd_ratio
from rules.systems.cz2d10.locations import locate
from rules.systems.cz2d10.resolve import range_band
from rules.systems.cz2d10.settings import Settings
from rules.systems.cz2d10.tables import HIT_TABLES, MATERIALS

BASIC = {"polygonal": False}
# attack = avg(6, 6) + 6 // 2 = 9; sword crit 18 x2; no armour effects unless given
FIGHTER = {"str": 6, "dex": 6, "reaction": 5, "weapon": "medium_straight_blade_1h", "weapon_skill": 6}
DUMMY = {"dex": 2, "hp": 30, "weapon": "light_straight_blade"}  # defence 13 + 2 = 15 (no skill)


def req(
    actor: dict[str, Any],
    target: dict[str, Any] | None = None,
    settings: dict[str, Any] | None = None,
    weapon: str | None = None,
    distance: float | None = None,
    **options: Any,
) -> ActionRequest:
    tgt = Fighter("T", S.sheet(target)) if target is not None else None
    return ActionRequest(
        Fighter("A", S.sheet(actor)), tgt, S.options(options), S.settings(settings or BASIC), weapon, distance
    )


def mods(r: Any) -> dict[str, int | float]:
    return {m.key: m.value for m in [*r.modifiers, *r.defence_modifiers]}


# ---- hit test ------------------------------------------------------------------------------------------
def test_equal_total_misses_and_one_more_hits() -> None:
    miss = S.attack(req(FIGHTER, DUMMY), ScriptedDice([3, 3]))  # 9 + 6 = 15 vs 15
    assert (miss.total, miss.against, miss.outcome) == (15, 15, "miss")
    hit = S.attack(req(FIGHTER, DUMMY), ScriptedDice([3, 4, 2]))
    assert hit.outcome == "hit" and hit.damage is not None and hit.damage.applied == 4  # d5 2 + STR/3 2


def test_empty_space_floor_against_defence_below_13() -> None:
    weak = {"dex": -3, "hp": 10, "weapon": "light_straight_blade"}  # defence 10
    r = S.attack(req({**FIGHTER, "weapon_skill": 1, "str": 0, "dex": 0}, weak), ScriptedDice([6, 6, 1]))
    assert r.total == 12 and r.against == 10 and r.outcome == "miss"  # 12 > 10 but not over 13
    assert [n.key for n in r.notes] == ["empty_space"]
    r2 = S.attack(
        req({**FIGHTER, "weapon_skill": 1, "str": 0, "dex": 0}, weak, {**BASIC, "empty_space_floor": False}),
        ScriptedDice([6, 6, 1]),
    )
    assert r2.outcome == "hit"


def test_dodge_band_note() -> None:
    t = {"dex": 4, "weapon": "medium_straight_blade_1h", "weapon_skill": 6, "hp": 20}  # 13 | +4 | +2
    r = S.attack(req(FIGHTER, t), ScriptedDice([4, 3]))  # total 16 -> dodge band (14..17)
    assert r.outcome == "miss" and r.notes[0].params == {"component": Term("term", "stop_dodge")}
    r = S.attack(req(FIGHTER, t), ScriptedDice([5, 4]))  # total 18 -> stopped by the weapon
    assert r.notes[0].params == {"component": Term("term", "stop_weapon")}
    r = S.attack(req(FIGHTER, t, {**BASIC, "dodge_band_top": "15+dex"}), ScriptedDice([5, 4]))
    assert r.notes[0].params == {"component": Term("term", "stop_dodge")}  # 18 <= 15 + 4, capped at defence 19


def test_no_weapon_skill_at_all_is_minus_five_related_weapon_minus_three() -> None:
    r = S.attack(req({**FIGHTER, "weapon_skill": 0}, DUMMY), ScriptedDice([1, 2]))
    assert mods(r)["no_weapon_skill"] == -5
    rel = {**FIGHTER, "weapon_skill": {"light_straight_blade": 7}}
    r = S.attack(req(rel, DUMMY), ScriptedDice([1, 2]))
    assert mods(r)["weapon_skill"] == 2  # (7 - 3) // 2
    other = {**FIGHTER, "weapon_skill": {"medium_axe": 9}}
    r = S.attack(req(other, DUMMY), ScriptedDice([1, 2]))
    assert mods(r)["weapon_skill"] == 2  # 2/3 * (9 - 3) = 4 levels -> +2
    low = {**FIGHTER, "weapon_skill": {"medium_axe": 2}}
    r = S.attack(req(low, DUMMY), ScriptedDice([1, 2]))
    assert "weapon_skill" in mods(r) and mods(r)["weapon_skill"] == 0 and "no_weapon_skill" not in mods(r)


def test_finesse_and_brute_force_need_the_ability() -> None:
    quick = {**FIGHTER, "dex": 10, "finesse": True}
    dice = [1, 2, 1, 1, 1, 1]
    assert mods(S.attack(req(quick, DUMMY, base="finesse"), ScriptedDice(dice)))["finesse"] == 10
    assert (
        mods(S.attack(req({**FIGHTER, "dex": 10}, DUMMY, base="finesse"), ScriptedDice(dice)))["str_dex_average"] == 8
    )


# ---- criticals -----------------------------------------------------------------------------------------
def test_unconfirmed_threat_is_an_ordinary_hit() -> None:
    r = S.attack(req(FIGHTER, DUMMY), ScriptedDice([9, 9, 2, 3, 4]))  # 18 threat; confirm 5 + 9 = 14 <= 15
    assert r.outcome == "hit" and [d.purpose for d in r.rolls] == ["attack"] * 2 + ["confirm"] * 2 + ["damage"]


def test_confirmed_threat_multiplies_the_fixed_part_only() -> None:
    r = S.attack(req(FIGHTER, DUMMY), ScriptedDice([9, 9, 5, 5, 4]))  # confirm 10 + 9 = 19 > 15
    assert r.outcome == "crit" and r.damage is not None
    assert (r.damage.rolled, r.damage.multiplier) == (4 + 2 * 2, 2)


def test_crit_range_confirm_mode() -> None:
    s = {**BASIC, "confirm_mode": "crit_range"}
    assert S.attack(req(FIGHTER, DUMMY, s), ScriptedDice([9, 9, 9, 9, 4])).outcome == "crit"
    assert S.attack(req(FIGHTER, DUMMY, s), ScriptedDice([9, 9, 9, 8, 4])).outcome == "hit"


def test_multiple_crit_chain_20_20_and_19_confirmed() -> None:
    r = S.attack(req(FIGHTER, DUMMY), ScriptedDice([10, 10, 10, 10, 1, 1, 4]))
    assert next(n for n in r.notes if n.key == "crit_level").params["level"] == 2
    # 19: confirm with a 19 (level 2 candidate), which is confirmed by 5+5 -> level 2
    r = S.attack(req(FIGHTER, DUMMY), ScriptedDice([10, 9, 10, 9, 5, 5, 4]))
    assert next(n for n in r.notes if n.key == "crit_level").params["level"] == 2
    # an 18 threat never multiplies even when confirmed with a 20
    r = S.attack(req(FIGHTER, DUMMY), ScriptedDice([9, 9, 10, 10, 4]))
    assert next(n for n in r.notes if n.key == "crit_level").params["level"] == 1


def test_crit_range_reduction_by_guard_and_armour_stops_at_20() -> None:
    t = {**DUMMY, "guard": 10, "armour": "plate", "armour_dr": 6}  # 18 + 1 + 1 = 20
    r = S.attack(req(FIGHTER, t), ScriptedDice([10, 9, 4]))
    assert r.outcome == "hit"  # 19 no longer threatens
    t2 = {**DUMMY, "guard": 40, "armour": "plate", "armour_dr": 18}
    r = S.attack(req(FIGHTER, t2), ScriptedDice([10, 10, 1, 1, 4]))
    assert r.outcome == "crit"  # a natural 20 always remains


def test_polygonal_armour_does_not_reduce_crit_range() -> None:
    t = {"dex": 2, "con": 4, "armour_parts": {"torso": "plate:6"}}
    r = S.attack(req(FIGHTER, t, {"polygonal": True}), ScriptedDice([9, 9, 5, 5, 4, 5, 6]))
    assert r.outcome == "crit"


@pytest.mark.parametrize(("levels", "effect"), [(5, "miss_armour"), (6, "multiply")])
def test_six_levels_rule(levels: int, effect: str) -> None:
    t = {**DUMMY, "armour": "leather", "armour_dr": 1}
    a = {**FIGHTER, "weapon_skill": levels}
    r = S.attack(req(a, t, crit_effect="multiply"), ScriptedDice([10, 10, 1, 1, 4]))
    assert next(n for n in r.notes if n.key == "crit_effect").params["effect"] == Term("term", "crit_" + effect)


def test_unarmoured_target_always_gets_multiplied() -> None:
    r = S.attack(req({**FIGHTER, "weapon_skill": 1}, DUMMY, crit_effect="miss_armour"), ScriptedDice([10, 10, 1, 1, 4]))
    assert next(n for n in r.notes if n.key == "crit_effect").params["effect"] == Term("term", "crit_multiply")


def test_unhittable_needs_two_crit_range_rolls_and_a_third_for_a_crit() -> None:
    t = {"defence": 40, "hp": 30}  # attack 9 -> 40 - 9 >= 20
    assert S.attack(req(FIGHTER, t), ScriptedDice([10, 9, 9, 8])).outcome == "miss"
    r = S.attack(req(FIGHTER, t), ScriptedDice([10, 9, 9, 9, 5, 5, 3]))
    assert r.outcome == "hit" and any(n.key == "unhittable" for n in r.notes)
    r = S.attack(req(FIGHTER, t), ScriptedDice([10, 9, 9, 9, 10, 10, 3]))
    assert r.outcome == "crit"


def test_fumble_on_double_one_confirmed_by_a_miss() -> None:
    t = {**DUMMY, "dex": 6}  # defence 19
    r = S.attack(req(FIGHTER, t), ScriptedDice([1, 1, 2, 3]))  # confirm 5 + 9 = 14 <= 19
    assert r.outcome == "fumble" and r.notes[0].params == {"level": 1}
    r = S.attack(req(FIGHTER, t), ScriptedDice([1, 1, 1, 1, 2, 2]))
    assert r.outcome == "fumble" and r.notes[0].params == {"level": 2}
    r = S.attack(req(FIGHTER, t), ScriptedDice([1, 1, 10, 10]))
    assert r.outcome == "miss"
    assert S.attack(req(FIGHTER, t, {**BASIC, "fumbles": "off"}), ScriptedDice([1, 1])).outcome == "miss"


# ---- armour ----------------------------------------------------------------------------------------------
@pytest.mark.parametrize("material", ["leather", "studded_leather", "mail", "plate"])
@pytest.mark.parametrize(
    ("weapon", "dtype", "skill"),
    [
        ("medium_straight_blade_1h", "cut_straight", 0),
        ("medium_straight_blade_1h", "thrust", 6),
        ("medium_curved_blade_1h", "cut_curved", 0),
        ("medium_axe_1h", "crush_sharp", 0),
        ("medium_blunt_1h", "crush_blunt", 0),
    ],
)
def test_dr_times_damage_type_coefficient(material: str, weapon: str, dtype: str, skill: int) -> None:
    a = {"str": 0, "dex": 10, "weapon": weapon, "weapon_skill": max(skill, 1)}
    t = {"dex": 0, "hp": 40, "armour": material, "armour_dr": 4, "weapon": "light_straight_blade"}
    opt = {"damage_type": "thrust"} if dtype == "thrust" else {}
    r = S.attack(req(a, t, **opt), ScriptedDice([6, 6, 5]))
    expected = rnd(4 * MATERIALS[material].coef[dtype], "half_up")
    assert r.damage is not None and r.damage.reduced_by == min(expected, r.damage.rolled)


@pytest.mark.parametrize(
    ("weapon", "factor_dr"),
    [("light_straight_blade", 6), ("medium_straight_blade_1h", 4), ("bare_hand", 8)],
)
def test_light_and_bare_hand_factors(weapon: str, factor_dr: int) -> None:
    a = {"str": 30, "dex": 10, "weapon": weapon, "weapon_skill": 3}
    t = {"dex": 0, "hp": 40, "armour": "mail", "armour_dr": 4}  # cut_straight 1, crush_blunt 0.5
    r = S.attack(req(a, t), ScriptedDice([6, 6, 1]))
    coef = MATERIALS["mail"].coef["crush_blunt" if weapon == "bare_hand" else "cut_straight"]
    assert r.damage is not None and r.damage.reduced_by == rnd(factor_dr * coef, "half_up")


@pytest.mark.parametrize(
    ("weapon", "reduced", "settings"),
    [
        ("light_straight_blade_thrown", 4, {}),
        ("medium_axe_thrown", 6, {}),
        ("sling", 3, {}),
        ("sling", 2, {"sling_is_thrown": False}),
        ("light_crossbow", 2, {}),
    ],
)
def test_thrown_factors(weapon: str, reduced: int, settings: dict[str, Any]) -> None:
    a = {"str": 8, "dex": 12, "reaction": 9, "weapon": weapon, "weapon_skill": 2}
    t = {"dex": 0, "hp": 40, "armour": "mail", "armour_dr": 4}  # thrust 0.75 -> 3, crush 1 -> 4, blunt .5
    r = S.shot(req(a, t, {**BASIC, **settings}, distance=5), ScriptedDice([6, 6, 1]))
    assert r.damage is not None and r.damage.reduced_by == min(reduced, r.damage.rolled)


def test_str_part_by_grip() -> None:
    dummy = {"defence": 10, "hp": 40}
    for weapon, part in (("medium_axe_1h", 3), ("medium_axe_2h", 6), ("light_axe_thrown", 2)):
        a = {"str": 9, "dex": 9, "reaction": 9, "weapon": weapon, "weapon_skill": 4}
        fn = S.shot if weapon.endswith("thrown") else S.attack
        r = fn(req(a, dummy, distance=1), ScriptedDice([5, 5, 1, 1]))
        assert r.damage is not None and {m.key: m.value for m in r.damage.modifiers}["str_part"] == part


def test_helmet_and_accessories_join_body_armour() -> None:
    t = {"dex": 0, "hp": 40, "armour": "mail", "armour_dr": 4, "helmet_dr": 2, "accessories_dr": 2}
    a = {"str": 0, "dex": 10, "weapon": "medium_straight_blade_1h", "weapon_skill": 1}
    r = S.attack(req(a, t), ScriptedDice([5, 5, 5]))
    assert r.damage is not None and r.damage.reduced_by == 5  # rolled 5, reduction 8 capped at damage
    r = S.attack(req({**a, "str": 30}, t, {**BASIC, "basic_armour_dr": "body_only"}), ScriptedDice([5, 5, 5]))
    assert r.damage is not None and r.damage.reduced_by == 4


# ---- range bands -----------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("distance", "band", "penalty"),
    [
        (None, "base", 0),
        (150, "base", 0),
        (151, "medium", -2),
        (300, "medium", -2),
        (301, "long", -5),
        (600, "long", -5),
        (601, "extreme", -10),
        (1200, "extreme", -10),
    ],
)
def test_band_edges(distance: float | None, band: str, penalty: int) -> None:
    assert range_band(distance, 150, Settings()) == (band, penalty)


def test_beyond_extreme_is_refused_unless_10x() -> None:
    with pytest.raises(RulesError):
        range_band(1201, 150, Settings())
    assert range_band(1500, 150, Settings(extreme_band_max=10)) == ("extreme", -10)


def test_thrown_range_from_str_and_throw_cost() -> None:
    a = {"str": 6, "dex": 8, "weapon": "light_straight_blade_thrown", "weapon_skill": 4}  # base 12 ft
    r = S.shot(req(a, DUMMY, distance=13), ScriptedDice([5, 5, 1]))
    assert mods(r)["range_medium"] == -2
    assert r.actor_sheet is not None and r.actor_sheet["actions_left"] == 2 and r.actor_sheet["reload_left"] == 0
    sling = {**a, "weapon": "sling"}  # base 30 ft, shoots for 2 actions
    r = S.shot(req(sling, DUMMY, distance=30), ScriptedDice([5, 5, 1]))
    assert "range_medium" not in mods(r) and r.actor_sheet is not None and r.actor_sheet["actions_left"] == 3


def test_cover_prone_and_immobile_targets() -> None:
    a = {"dex": 8, "reaction": 5, "weapon": "light_crossbow", "weapon_skill": 4}
    r = S.shot(req(a, {**DUMMY, "prone": True}, cover=4), ScriptedDice([5, 5, 1]))
    assert mods(r)["prone_target"] == -6 and "def_cover" not in mods(r)
    r = S.shot(req(a, {**DUMMY, "prone": True}, cover=8), ScriptedDice([5, 5, 1]))
    assert mods(r)["def_cover"] == 8 and "prone_target" not in mods(r)
    r = S.shot(req(a, {**DUMMY, "immobile": True, "aware": False}), ScriptedDice([5, 5, 1]))
    assert mods(r)["immobile_target"] == 4 and r.against == 13
    precise = {**a, "precise_shot": True}
    assert mods(S.shot(req(precise, DUMMY, cover=4, aimed=True), ScriptedDice([5, 5, 1])))
    assert "def_cover" not in mods(S.shot(req(precise, DUMMY, cover=4, aimed=True), ScriptedDice([5, 5, 1])))
    assert mods(S.shot(req(precise, DUMMY, cover=8, aimed=True), ScriptedDice([5, 5, 1])))["def_cover"] == 4
    assert mods(S.shot(req(a, DUMMY, cover=6, loophole=True, aimed=True), ScriptedDice([5, 5, 1])))["def_cover"] == 6


def test_into_melee_miss_that_cover_caused_hits_someone_else() -> None:
    a = {"dex": 8, "reaction": 5, "weapon": "light_crossbow", "weapon_skill": 4}  # attack 10
    r = S.shot(req(a, DUMMY, into_melee=True), ScriptedDice([5, 3]))  # 18 vs 15 + 4
    assert r.outcome == "miss" and any(n.key == "hit_other_in_melee" for n in r.notes)


def test_crossbow_spanning_by_str() -> None:
    for strength, cost in ((4, 4), (3, 7), (2, 10)):  # light crossbow slowdown 3
        a = {"str": strength, "dex": 8, "reaction": 9, "weapon": "light_crossbow", "weapon_skill": 4}
        r = S.shot(req(a, DUMMY), ScriptedDice([1, 2]))
        assert r.actor_sheet is not None and r.actor_sheet["reload_left"] == cost


def test_ranged_crit_choice_by_band_and_levels() -> None:
    t = {"dex": 0, "hp": 40, "armour": "leather", "armour_dr": 2}
    a = {"dex": 10, "reaction": 9, "weapon": "light_crossbow", "weapon_skill": 6}
    r = S.shot(req(a, t, distance=50, crit_effect="multiply"), ScriptedDice([10, 10, 1, 1, 3]))
    assert r.damage is not None and r.damage.applied == (3 + 1) * 2 - 1
    r = S.shot(req(a, t, distance=150, crit_effect="multiply"), ScriptedDice([10, 10, 1, 1, 3]))
    assert r.damage is not None and r.damage.reduced_by == 0  # medium band needs 8 levels: miss armour
    r = S.shot(
        req({**a, "weapon_skill": 8}, t, distance=150, crit_effect="multiply"),
        ScriptedDice([10, 10, 1, 1, 3]),
    )
    assert r.damage is not None and r.damage.multiplier == 2


# ---- hit tables ------------------------------------------------------------------------------------------
PERCENT = {
    1: {"head": 6, "right_leg": 12, "right_arm": 21, "torso": 28, "left_arm": 21, "left_leg": 12},
    2: {"head": 12, "right_leg": 15, "right_arm": 15, "torso": 28, "left_arm": 15, "left_leg": 15},
    3: {"head": 6, "right_arm": 18, "right_leg": 15, "torso": 28, "left_leg": 15, "left_arm": 18},
}


@pytest.mark.parametrize("variant", [1, 2, 3])
def test_hit_tables_match_the_printed_percentages(variant: int) -> None:
    share: dict[str, int] = {}
    for s, part in HIT_TABLES[variant].items():
        share[part] = share.get(part, 0) + (s - 1 if s <= 11 else 21 - s)
    assert share == PERCENT[variant]


@pytest.mark.parametrize(
    ("variant", "edges"),
    [
        (
            1,
            {
                3: "head",
                4: "right_leg",
                6: "right_leg",
                7: "right_arm",
                9: "right_arm",
                10: "torso",
                12: "torso",
                13: "left_arm",
                15: "left_arm",
                16: "left_leg",
                18: "left_leg",
                19: "head",
            },
        ),
        (
            2,
            {
                4: "head",
                5: "right_leg",
                7: "right_leg",
                8: "right_arm",
                9: "right_arm",
                13: "left_arm",
                14: "left_arm",
                15: "left_leg",
                17: "left_leg",
                18: "head",
            },
        ),
        (
            3,
            {
                3: "head",
                4: "right_arm",
                7: "right_arm",
                8: "right_leg",
                9: "right_leg",
                13: "left_leg",
                14: "left_leg",
                15: "left_arm",
                18: "left_arm",
                19: "head",
            },
        ),
    ],
)
def test_hit_table_edges(variant: int, edges: dict[int, str]) -> None:
    for roll, part in edges.items():
        assert locate(roll, variant) == part


def test_thrust_shift_table1_and_size_shifts() -> None:
    assert [locate(s, 1, 0, True) for s in (3, 9, 13, 19)] == ["right_leg", "torso", "torso", "left_leg"]
    assert [locate(s, 2, 0, True) for s in (4, 18, 9, 13)] == ["right_leg", "left_leg", "torso", "torso"]
    assert [locate(s, 3, 0, True) for s in (3, 19, 7, 15)] == ["right_leg", "left_leg", "torso", "torso"]
    assert [locate(s, 1, -1) for s in (3, 19, 2)] == ["right_leg", "left_leg", "head"]
    assert [locate(s, 1, -2) for s in (7, 15)] == ["right_leg", "left_leg"]
    assert [locate(s, 1, -3) for s in (2, 20)] == ["right_leg", "left_leg"]
    assert [locate(s, 1, 1) for s in (4, 18)] == ["head", "head"]
    assert [locate(s, 1, 2) for s in (6, 16)] == ["right_arm", "left_arm"]


def test_thrust_attack_uses_the_shifted_table() -> None:
    a = {**FIGHTER, "weapon_skill": 6}
    t = {"dex": 2, "con": 0}
    r = S.attack(req(a, t, {"polygonal": True}, damage_type="thrust"), ScriptedDice([4, 4, 1, 1, 2]))
    assert r.location == "right_leg"  # 3 is head for a cut
    r = S.attack(req(a, t, {"polygonal": True}, damage_type="cut"), ScriptedDice([4, 4, 1, 1, 2]))
    assert r.location == "head"


def test_attacker_size_shifts_location() -> None:
    r = S.attack(req({**FIGHTER, "size": -1}, {"dex": 2}, {"polygonal": True}), ScriptedDice([4, 4, 1, 9, 10]))
    assert r.location == "left_leg"


def test_targeted_attack_penalty_and_shift_limit() -> None:
    t = {"dex": 2, "con": 0}
    r = S.attack(
        req(FIGHTER, t, {"polygonal": True}, targeted=2, target_location="head"),
        ScriptedDice([5, 5, 1, 5, 5]),
    )
    assert mods(r)["targeted"] == -2 and r.location == "torso"  # 10 -> head is 7 away
    r = S.attack(
        req(FIGHTER, t, {"polygonal": True}, targeted=2, target_location="left_arm"),
        ScriptedDice([5, 5, 1, 5, 6]),
    )
    assert r.location == "left_arm" and mods(r)["location_shift"] == 2
    with pytest.raises(RulesError):
        S.attack(req(FIGHTER, t, {"polygonal": True}, targeted=7), ScriptedDice([5, 5]))


def test_head_destroyed_is_death_and_limb_damage_penalises() -> None:
    t = {"dex": 2, "con": 0}  # head HP 5, destroyed above 5 + 0
    big = {**FIGHTER, "str": 30}  # STR part 10
    r = S.attack(req(big, t, {"polygonal": True}), ScriptedDice([5, 5, 3, 1, 1]))
    assert r.location == "head" and r.target_sheet is not None and r.target_sheet["dead"] is True
    assert r.wound == "dead"
    r = S.attack(req(FIGHTER, t, {"polygonal": True}), ScriptedDice([5, 5, 1, 2, 3]))  # 3 dmg right leg
    st = S.status(S.sheet(r.target_sheet or {}))
    assert r.location == "right_leg" and r.wound == "serious" and st.numbers["hp_right_leg"] == 2
    hurt = {**FIGHTER, "con": 3, "part_damage": {"right_arm": 4}}  # 8 HP arm: serious, -3 (not > CON)
    r2 = S.attack(req(hurt, DUMMY, {"polygonal": True}), ScriptedDice([5, 5, 1, 5, 5]))
    assert mods(r2)["wounds"] == -3
    with pytest.raises(RulesError, match="part_unusable"):
        S.attack(
            req({**hurt, "con": 2, "part_damage": {"right_arm": 4}}, DUMMY, {"polygonal": True}),
            ScriptedDice([5, 5]),
        )


def test_polygonal_equal_hp_and_toughness() -> None:
    t = {"dex": 2, "con": 1, "toughness": True}
    r = S.attack(req(FIGHTER, t, {"polygonal": True, "polygonal_equal_hp": True}), ScriptedDice([5, 5, 1, 1, 1]))
    assert r.target_sheet is not None
    st = S.status_in(S.sheet(r.target_sheet), S.settings({"polygonal_equal_hp": True}))
    assert st.numbers["hp_head"] == 9 + 1 + 1 - 3


@pytest.mark.parametrize(
    ("pct", "part"),
    [
        (1, "head"),
        (3, "head"),
        (4, "right_leg"),
        (15, "right_leg"),
        (16, "right_arm"),
        (36, "right_arm"),
        (37, "torso"),
        (64, "torso"),
        (65, "left_arm"),
        (85, "left_arm"),
        (86, "left_leg"),
        (97, "left_leg"),
        (98, "head"),
        (100, "head"),
    ],
)
def test_percentage_location_bands_table1(pct: int, part: str) -> None:
    t = {"dex": 2, "con": 4}
    r = S.attack(req(FIGHTER, t, {"polygonal": True, "location_method": "d100"}), ScriptedDice([5, 5, 1, pct]))
    assert r.location == part and r.rolls[-1].sides == 100


def test_percentage_location_shift_is_two_percent() -> None:
    t = {"dex": 2, "con": 4}
    s = {"polygonal": True, "location_method": "d100"}
    r = S.attack(req(FIGHTER, t, s, targeted=2, location_shift=2), ScriptedDice([5, 6, 1, 62]))
    assert r.location == "left_arm"  # 62 (torso) + 2 × 2 % = 66 -> left arm (65..72)
    r = S.attack(req(FIGHTER, t, s, targeted=2, target_location="left_arm"), ScriptedDice([5, 6, 1, 62]))
    assert r.location == "left_arm" and mods(r)["location_shift"] == 2


def test_improvised_shield_lets_three_quarters_through() -> None:
    cloak = {
        "dex": 2,
        "hp": 30,
        "weapon": "light_straight_blade",
        "guard": 1,
        "shield": "improvised",
    }  # 13+2+1
    r = S.attack(req(FIGHTER, cloak), ScriptedDice([3, 4, 4, 30]))  # 16 stopped by the shield; 6 dmg -> 30 %
    assert r.outcome == "hit" and r.damage is not None and r.damage.rolled == 5  # 3/4 of 6 = 4.5 -> 5
    assert [d.purpose for d in r.rolls][-1] == "improvised_shield"
    r = S.attack(req(FIGHTER, cloak), ScriptedDice([3, 4, 4, 31]))
    assert r.outcome == "miss" and r.damage is None
    assert any(n.key == "improvised_shield_held" for n in r.notes)


def test_crit_reduction_is_reported() -> None:
    t = {**DUMMY, "guard": 10}
    r = S.attack(req(FIGHTER, t), ScriptedDice([1, 2]))
    assert mods(r)["crit_reduction"] == 1


def test_accessories_above_the_armour_widen_the_range_to_miss_them() -> None:
    """L327: leather DR 2 with plate accessories DR 3: a confirmed 17 (sword 18) misses the accessories."""
    t = {**DUMMY, "armour": "leather", "armour_dr": 2, "accessories": "plate", "accessories_dr": 3}
    a = {**FIGHTER, "str": 30}  # STR part 10
    r = S.attack(req(a, t, damage_type="cut"), ScriptedDice([8, 9, 5, 5, 3]))
    assert r.outcome == "hit" and any(n.key == "accessories_missed" for n in r.notes)
    assert r.damage is not None and r.damage.reduced_by == 2  # leather cut 1 × 2 only
    crit_range = {**BASIC, "confirm_mode": "crit_range"}
    r = S.attack(req(a, t, crit_range, damage_type="cut"), ScriptedDice([8, 9, 1, 1, 3]))  # not confirmed
    assert r.damage is not None and r.damage.reduced_by == 5
    r = S.attack(req(a, t, damage_type="cut"), ScriptedDice([8, 8, 3]))  # 16: outside the widened range
    assert r.damage is not None and r.damage.reduced_by == 5


def test_auto_damage_type_needs_six_levels_and_follows_armour() -> None:
    plate = {**DUMMY, "armour": "plate", "armour_dr": 4}  # thrust 1.5 -> cut is better
    mail = {**DUMMY, "armour": "mail", "armour_dr": 4}  # thrust 0.75 -> thrust is better

    def dtype(a: dict[str, Any], t: dict[str, Any], s: dict[str, Any] | None = None) -> str:
        r = S.attack(req(a, t, s), ScriptedDice([6, 6, 3, 5, 5]))
        return str(next(n for n in r.notes if n.key == "damage_type").params["type"].key)

    assert dtype(FIGHTER, plate) == "cut_straight" and dtype(FIGHTER, mail) == "thrust"
    assert dtype({**FIGHTER, "weapon_skill": 5}, mail) == "cut_straight"
    assert dtype(FIGHTER, mail, {**BASIC, "auto_damage_type": False}) == "cut_straight"
    poly_mail = {**DUMMY, "armour_parts": {"torso": "mail:4"}}
    assert dtype(FIGHTER, poly_mail, {"polygonal": True}) == "thrust"


def test_rnd_ratio_is_rnd_of_the_fraction() -> None:
    """The integer rounding used on the hot path gives what rounding the Fraction gives."""
    for mode in ("half_up", "floor"):
        for n in range(-40, 41):
            for d in range(1, 9):
                assert rnd_ratio(n, d, mode) == rnd(Fraction(n, d), mode), (n, d, mode)
