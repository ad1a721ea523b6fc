"""A GM's quick NPC and a player's first character get sane defaults, and say so: a named NPC weapon with
the line's damage instead of stunning bare hands, body HP with head and limbs in the seed's proportion, the
wound limits of a CON-less NPC, warnings for every assumption, and the weapon an archer reaches for."""

from __future__ import annotations

from typing import Any

from rules.dice import ScriptedDice
from rules.pairs import parse_pairs
from rules.system import ActionRequest, Fighter
from rules.systems.cz2d10 import SYSTEM as S
from rules.systems.cz2d10.derive import part_hp, part_unusable, wound_con
from rules.systems.cz2d10.status import status_of

STATS = S.stat_vocabulary()
POLY = S.settings({})
EQUAL = S.settings({"polygonal_equal_hp": True})
NPC = "útok:10 obrana:17 zranění:d5+1 životy:12 iniciativa:1"
HERO = {"str": 6, "dex": 6, "reaction": 5, "weapon": "medium_straight_blade_1h", "weapon_skill": 6}


def sheet(line: str) -> Any:
    return S.sheet(STATS.resolve(parse_pairs(line)))


def warnings(line: str) -> dict[str, dict[str, Any]]:
    data = STATS.resolve(parse_pairs(line))
    return {n.key: n.params for n in S.sheet_warnings(data, S.sheet(data))}


def test_a_quick_npc_without_a_weapon_gets_the_npc_weapon_with_the_lines_damage() -> None:
    npc = sheet(NPC)
    assert npc.weapon == "npc_weapon" and npc.weapon_damage == "d5+1"
    # attack 10 + 9 = 19 > 15 hits; d5 = 4 + 1 lethal damage (not stun) on the torso (location 11)
    r = S.attack(
        ActionRequest(Fighter("NPC", npc), Fighter("H", S.sheet({"dex": 2})), S.options({}), POLY),
        ScriptedDice([4, 5, 4, 5, 6]),
    )
    assert r.weapon == "npc_weapon" and r.outcome == "hit"
    assert r.damage is not None and r.damage.kind == "lethal" and r.damage.applied == 5
    assert r.location == "torso"
    assert warnings(NPC)["assumed_npc_weapon"] == {"damage": "d5+1", "reach": 2}


def test_no_damage_given_is_a_d5_and_said() -> None:
    npc = sheet("útok:8 obrana:15 životy:9")
    assert npc.weapon == "npc_weapon" and npc.weapon_damage is None
    assert warnings("útok:8 obrana:15 životy:9")["assumed_npc_damage"] == {"damage": "d5"}


def test_an_npc_that_names_its_weapon_keeps_it() -> None:
    assert sheet(NPC + " zbraň:sekera").weapon == "medium_axe_1h"
    fists = sheet("útok:6 zbraň:ruka")
    assert fists.weapon == "bare_hand"
    assert "assumed_npc_weapon" not in warnings("útok:6 zbraň:ruka")


def test_body_hp_with_head_and_limbs_in_the_seeds_proportion() -> None:
    npc = sheet(NPC)
    assert [part_hp(npc, p, POLY) for p in ("torso", "head", "right_arm", "left_leg")] == [12, 7, 7, 7]
    assert part_hp(npc, "head", EQUAL) == 12
    assert part_hp(sheet("útok:5 životy:30"), "left_arm", POLY) == 17  # 30 × 5/9 = 16.7
    assert part_hp(sheet("útok:5 životy:1"), "head", POLY) == 1  # never below 1
    st = status_of(npc, POLY)
    assert (st.hp, st.hp_max, st.numbers["hp_head"]) == (12, 12, 7)
    assert warnings(NPC)["assumed_quick_parts"] == {"torso": 12, "limb": 7, "con": 3}


def test_with_constitution_the_parts_follow_the_seed() -> None:
    pc = sheet("kondice:3 životy:20")
    assert [part_hp(pc, p, POLY) for p in ("torso", "head")] == [12, 8]  # 9 + 3, 5 + 3
    assert warnings("kondice:3 životy:20")["ignored_hp_polygonal"] == {"hp": 20, "torso": 12}


def test_a_quick_npc_is_not_out_at_its_first_light_wound() -> None:
    """L497: a penalty above CON disables a part; a CON-less NPC counts CON as body HP − 9."""
    npc = sheet(NPC)
    assert wound_con(npc) == 3
    light = npc.model_copy(update={"part_damage": {"torso": 3}})  # light (−1)
    severe = npc.model_copy(update={"part_damage": {"torso": 9}})  # severe (−6) > 3
    assert not part_unusable(light, "torso", POLY) and not status_of(light, POLY).out_of_fight
    assert part_unusable(severe, "torso", POLY) and status_of(severe, POLY).out_of_fight


def test_an_empty_character_is_told_everything_assumed() -> None:
    told = warnings("")
    assert [t.key for t in told["assumed_zero"]["keys"]] == ["str", "dex", "reaction", "con"]
    assert "assumed_bare_hands" in told and told["assumed_no_weapon_skill"] == {"penalty": -5}
    assert told["assumed_part_hp"] == {"torso": 9, "limb": 5, "head": 5}


def test_what_the_rules_ignore_is_named() -> None:
    told = warnings("iniciativa:3 reakce:4 útok:9 obratnost:5 obrana:16 krytí:2 zbraň:luk dosah:4")
    assert [t.key for t in told["ignored_initiative_fixed"]["keys"]] == ["reaction"]
    assert [t.key for t in told["ignored_attack_fixed"]["keys"]] == ["dex"]
    assert [t.key for t in told["ignored_defence_fixed"]["keys"]] == ["dex", "guard"]
    assert "ignored_reach" in told
    assert [t.key for t in warnings("zbroj:pletená")["ignored_armour_without_dr"]["keys"]] == ["armour"]
    assert "armour_parts_polygonal_only" in warnings("zbroj_částí:tělo=pletená:5")
    told = warnings("zbroj:pletená:4 dr_přílby:2 krytí:3 zbraň:dýka dosah:5")
    assert told["assumed_piece_material"]["material"].key == "mail"
    assert "guard_needs_compatibility" in told  # L32: guard in armour only with armour compatibility
    assert told["reach_outside_table"]["low"] == 1 and told["reach_outside_table"]["high"] == 2
    assert "guard_needs_compatibility" not in warnings("zbroj:pletená:4 krytí:3 kompatibilita_zbroje")


def test_the_archer_reaches_for_the_right_weapon() -> None:
    archer = S.sheet(STATS.resolve(parse_pairs(S.templates()["archer"])))
    foe = Fighter("T", S.sheet({"dex": 2}))
    melee = S.attack(ActionRequest(Fighter("A", archer), foe, S.options({}), POLY), ScriptedDice([1, 1, 2, 2]))
    assert melee.weapon == "light_straight_blade"  # the dagger, not "a bow is no melee weapon"
    shot = S.shot(
        ActionRequest(Fighter("A", archer), foe, S.options({}), POLY, distance=30), ScriptedDice([1, 1, 2, 2])
    )
    assert shot.weapon == "medium_bow"
    swordsman = S.sheet({**HERO, "off_weapon": "light_crossbow"})
    assert (
        S.shot(
            ActionRequest(Fighter("S", swordsman), foe, S.options({}), POLY, distance=30), ScriptedDice([1, 1, 2, 2])
        ).weapon
        == "light_crossbow"
    )


def test_a_weapon_named_in_czech_or_english() -> None:
    hero = S.sheet({**HERO, "off_weapon": "light_straight_blade"})
    foe = Fighter("T", S.sheet({"dex": 2}))
    for typed in ("dýka", "dagger", "light_straight_blade"):
        r = S.attack(
            ActionRequest(Fighter("H", hero), foe, S.options({}), POLY, weapon=typed), ScriptedDice([1, 1, 2, 2])
        )
        assert r.weapon == "light_straight_blade"
