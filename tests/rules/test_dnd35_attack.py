"""dnd35 melee attacks: hit test, threats, confirmation, damage, Strength, iterative and two-weapon attacks,
attacker/defender modifiers."""

from typing import Any

import pytest

from rules.__main__ import resolve
from rules.errors import RulesError
from tests.rules.test_dnd35_checks import verified


def run(action: str, actor: dict[str, Any], target: dict[str, Any], dice: list[int], **kw: Any) -> dict[str, Any]:
    return verified(
        resolve({"system": "dnd35", "action": action, "actor": actor, "target": target, "dice": dice, **kw})
    )


def mods(out: dict[str, Any]) -> dict[str, int]:
    return {m["key"]: m["value"] for m in out.get("modifiers", [])}


FIGHTER = {"name": "F", "bab": 1, "str": 10, "weapons": [{"name": "club", "damage": "1d6"}]}
DUMMY = {"name": "D", "ac": 10, "hp": 100}


# --- hit test -------------------------------------------------------------------------------------
def test_natural_1_always_misses() -> None:
    out = run("attack", {**FIGHTER, "bab": 30}, DUMMY, [1])
    assert out["outcome"] == "miss"
    assert out["total"] == 31


def test_natural_20_always_hits_and_threatens() -> None:
    out = run("attack", FIGHTER, {**DUMMY, "ac": 50}, [20, 2, 4])
    assert out["outcome"] == "hit"  # confirmation 2+1 < 50 → not confirmed
    assert [r["purpose"] for r in out["rolls"]] == ["attack", "confirm", "damage"]
    assert any(n["key"] == "threat_not_confirmed" for n in out["notes"])


def test_total_equal_to_ac_hits_one_below_misses() -> None:
    assert run("attack", FIGHTER, {**DUMMY, "ac": 12}, [11, 3])["outcome"] == "hit"
    assert run("attack", FIGHTER, {**DUMMY, "ac": 13}, [11])["outcome"] == "miss"


def test_threat_range_roll_that_misses_is_no_threat() -> None:
    attacker = {**FIGHTER, "weapons": [{"name": "rapier", "damage": "1d6", "threat_min": 18}]}
    out = run("attack", attacker, {**DUMMY, "ac": 25}, [19])  # 19+1 < 25: miss, no confirmation die
    assert out["outcome"] == "miss"
    assert len(out["rolls"]) == 1


def test_confirmation_natural_20_confirms_and_natural_1_fails() -> None:
    attacker = {**FIGHTER, "weapons": [{"name": "x", "damage": "1d6", "threat_min": 19}]}
    assert run("attack", attacker, {**DUMMY, "ac": 20}, [19, 20, 1, 1])["outcome"] == "crit"
    assert run("attack", attacker, {**DUMMY, "ac": 2}, [19, 1, 1])["outcome"] == "hit"


def test_crit_immune_target_rolls_no_confirmation() -> None:
    out = run("attack", FIGHTER, {**DUMMY, "crit_immune": True}, [20, 4])
    assert out["outcome"] == "hit"
    assert [r["purpose"] for r in out["rolls"]] == ["attack", "damage"]


def test_natural_20_auto_confirm_setting() -> None:
    out = run("attack", FIGHTER, DUMMY, [20, 3, 4], settings={"natural_20_auto_confirm": True})
    assert out["outcome"] == "crit"
    assert [r["purpose"] for r in out["rolls"]] == ["attack", "damage", "damage"]


# --- damage ---------------------------------------------------------------------------------------
def test_crit_x3_rolls_dice_and_str_three_times_extra_dice_once() -> None:
    attacker = {
        "bab": 1,
        "str": 14,
        "weapons": [{"name": "axe", "damage": "1d8", "crit_mult": 3, "extra_damage_dice": ["1d6"], "flat_bonus": 1}],
    }
    out = run("attack", attacker, DUMMY, [20, 15, 1, 2, 3, 6])
    assert out["outcome"] == "crit"
    assert out["damage"]["multiplier"] == 3
    # (1+2+1) + (2+2+1) + (3+2+1) + 6 = 21
    assert out["damage"]["applied"] == 21


def test_combine_dont_chain_crit_and_set_against_charge() -> None:
    attacker = {"str": 10, "weapons": [{"name": "spear", "damage": "1d8", "crit_mult": 3}]}
    out = run("attack", attacker, DUMMY, [20, 15, 1, 1, 1, 1], options={"set_vs_charge": True})
    assert out["damage"]["multiplier"] == 4  # ×3 and ×2 → ×4, not ×6


def test_minimum_one_damage() -> None:
    weak = {"str": 3, "weapons": [{"name": "dagger", "category": "light", "damage": "1d4"}]}
    out = run("attack", weak, DUMMY, [15, 1])
    assert out["damage"]["applied"] == 1
    assert any(n["key"] == "minimum_damage" for n in out["notes"])


@pytest.mark.parametrize(
    ("strength", "weapon", "options", "expected"),
    [
        (17, "greatsword", {}, 3 + 4),  # 2d6 faces 1+2, Str +3 two-handed → +4
        (13, "greatsword", {}, 3 + 1),  # +1 ×1.5 rounds down → +1
        (8, "greatsword", {}, 3 - 1),  # penalty in full
        (16, "longsword", {"two_handed": True}, 3 + 4),
        (16, "shortsword", {"two_handed": True}, 3 + 3),  # light weapon in two hands: no 1.5×
    ],
)
def test_strength_to_damage_grips(strength: int, weapon: str, options: dict[str, Any], expected: int) -> None:
    dice = [15, 1, 2] if weapon == "greatsword" else [15, 3]
    out = run("attack", {"str": strength}, DUMMY, dice, weapon=weapon, options=options)
    assert out["damage"]["applied"] == expected


def test_quick_damage_line_adds_no_strength() -> None:
    out = run("attack", {"str": 18, "attack": "+5", "damage": "1d8+1"}, DUMMY, [10, 4])
    assert mods(out) == {"attack_override": 5}
    assert out["total"] == 15
    assert out["damage"]["applied"] == 5


# --- iterative and two-weapon attacks -------------------------------------------------------------
@pytest.mark.parametrize(
    ("bab", "expected"),
    [
        (0, [0]),
        (5, [5]),
        (6, [6, 1]),
        (11, [11, 6, 1]),
        (15, [15, 10, 5]),
        (16, [16, 11, 6, 1]),
        (20, [20, 15, 10, 5]),
    ],
)
def test_iterative_attacks(bab: int, expected: list[int]) -> None:
    out = run(
        "attack",
        {"bab": bab},
        {**DUMMY, "ac": 99},
        [2] * len(expected),
        weapon="club",
        options={"full_attack": True},
    )
    attacks = out["attacks"] if len(expected) > 1 else [out]
    assert [mods(a)["bab"] for a in attacks] == expected


@pytest.mark.parametrize(
    ("off_hand", "feats", "primary", "off"),
    [
        ("longsword", [], -6, -10),
        ("shortsword", [], -4, -8),
        ("longsword", ["Two-Weapon Fighting"], -4, -4),
        ("dagger", ["two weapon fighting"], -2, -2),
    ],
)
def test_two_weapon_penalties(off_hand: str, feats: list[str], primary: int, off: int) -> None:
    actor = {"bab": 6, "str": 14, "feats": feats}
    out = run(
        "attack",
        actor,
        {**DUMMY, "ac": 99},
        [2, 2, 2],
        weapon="longsword",
        options={"two_weapon": True, "off_hand_weapon": off_hand},
    )
    first, second, third = out["attacks"]
    assert mods(first)["two_weapon_primary"] == primary
    assert mods(second)["two_weapon_primary"] == primary
    assert mods(third)["two_weapon_off_hand"] == off
    assert mods(third)["bab"] == 6  # off-hand attack at the highest BAB
    assert third["weapon"] == off_hand


def test_off_hand_damage_half_strength() -> None:
    actor = {
        "bab": 1,
        "str": 16,
        "weapons": [{"name": "a", "damage": "1d6"}, {"name": "b", "category": "light", "damage": "1d4"}],
    }
    out = run("attack", actor, DUMMY, [15, 1, 15, 1], options={"two_weapon": True})
    primary, off = out["attacks"]
    assert primary["damage"]["applied"] == 1 + 3
    assert off["damage"]["applied"] == 1 + 1


def test_charge_allows_only_one_attack() -> None:
    out = run("attack", {"bab": 11}, DUMMY, [10, 1], weapon="club", options={"charge": True, "full_attack": True})
    assert "attacks" not in out
    assert mods(out)["charge"] == 2
    assert "charging" in out["actor_sheet"]["turn_conditions"]


def test_dead_target_stops_full_attack() -> None:
    out = run(
        "attack",
        {"bab": 11, "str": 30},
        {**DUMMY, "hp": 5},
        [15, 6],
        weapon="club",
        options={"full_attack": True},
    )
    assert len(out["attacks"]) == 1
    assert out["wound"] == "dead"


# --- modifiers ------------------------------------------------------------------------------------
def test_weapon_finesse_uses_dex_with_light_weapon_only() -> None:
    actor = {"str": 10, "dex": 16, "feats": ["Weapon Finesse"]}
    assert mods(run("attack", actor, DUMMY, [1], weapon="rapier"))["dex_finesse"] == 3
    assert mods(run("attack", actor, DUMMY, [1], weapon="longsword"))["str"] == 0


def test_attacker_conditions_and_options() -> None:
    actor = {"conditions": ["dazzled", "shaken", "prone"]}
    out = run(
        "attack",
        actor,
        DUMMY,
        [1],
        weapon="club",
        options={"flanking": True, "higher_ground": True, "aided": 2, "fighting_defensively": True},
    )
    m = mods(out)
    assert (m["dazzled"], m["shaken"], m["prone"], m["flanking"], m["higher_ground"]) == (-1, -2, -4, 2, 1)
    assert m["aid_another"] == 4 and m["fighting_defensively"] == -4
    assert "fighting_defensively" in out["actor_sheet"]["turn_conditions"]


def test_nonlethal_swaps() -> None:
    out = run("attack", {"str": 12}, DUMMY, [15, 2], weapon="unarmed")
    assert out["damage"]["kind"] == "nonlethal"
    assert out["target_sheet"]["nonlethal"] == 3 and out["target_sheet"]["hp_current"] == 100
    lethal = run("attack", {"str": 12}, DUMMY, [15, 2], weapon="unarmed", options={"lethal": True})
    assert mods(lethal)["nonlethal_swap"] == -4
    assert lethal["target_sheet"]["hp_current"] == 97
    ius = run(
        "attack",
        {"feats": ["improved unarmed strike"]},
        DUMMY,
        [15, 2],
        weapon="unarmed",
        options={"lethal": True},
    )
    assert "nonlethal_swap" not in mods(ius)
    sap = run("attack", {}, DUMMY, [15, 2], weapon="club", options={"nonlethal": True})
    assert mods(sap)["nonlethal_swap"] == -4 and sap["target_sheet"]["nonlethal"] == 2


def test_defender_ac_variants() -> None:
    target = {
        "hp": 10,
        "dex": 14,
        "armor_bonus": 4,
        "shield_bonus": 1,
        "natural_armor": 1,
        "dodge_bonuses": [1],
        "deflection_bonus": 1,
    }
    assert run("attack", {}, target, [1])["against"] == 10 + 2 + 4 + 1 + 1 + 1 + 1
    touch = run("attack", {}, target, [1], options={"touch": True})
    assert (touch["against"], touch["against_key"]) == (14, "touch_ac")
    ff = run("attack", {}, {**target, "conditions": ["flat_footed"]}, [1])
    assert (ff["against"], ff["against_key"]) == (17, "flat_footed_ac")
    helpless = run("attack", {}, {**target, "conditions": ["helpless"]}, [1])
    assert helpless["against"] == 10 - 5 + 4 + 1 + 1 + 1 - 4
    ranged_helpless = run("shot", {}, {**target, "conditions": ["helpless"]}, [1], weapon="dagger")
    assert ranged_helpless["against"] == 10 - 5 + 4 + 1 + 1 + 1


def test_uncanny_dodge_keeps_dex_when_flat_footed() -> None:
    target = {"hp": 10, "dex": 14, "uncanny_dodge": True, "conditions": ["flat_footed"]}
    assert run("attack", {}, target, [1])["against"] == 12


def test_max_dex_bonus_caps_and_negative_dex_stays_when_flat_footed() -> None:
    assert run("attack", {}, {"hp": 5, "dex": 18, "max_dex_bonus": 1}, [1])["against"] == 11
    assert run("attack", {}, {"hp": 5, "dex": 6, "conditions": ["flat_footed"]}, [1])["against"] == 8


def test_stances_on_the_defender() -> None:
    target = {"hp": 5, "dex": 12, "dodge_bonuses": [1]}
    assert run("attack", {}, {**target, "conditions": ["fighting_defensively"]}, [1])["against"] == 14
    assert run("attack", {}, {**target, "conditions": ["total_defense"]}, [1])["against"] == 16
    assert run("attack", {}, {**target, "conditions": ["total_defense", "flat_footed"]}, [1])["against"] == 10
    assert run("attack", {}, {**target, "conditions": ["charging"]}, [1])["against"] == 10


@pytest.mark.parametrize(("cover", "melee", "ranged"), [("soft", 10, 14), ("cover", 14, 14), ("improved", 18, 18)])
def test_cover(cover: str, melee: int, ranged: int) -> None:
    assert run("attack", {}, {"hp": 5}, [1], options={"cover": cover})["against"] == melee
    assert run("shot", {}, {"hp": 5}, [1], weapon="dagger", options={"cover": cover})["against"] == ranged


def test_total_cover_forbids_attack() -> None:
    with pytest.raises(RulesError) as err:
        run("attack", {}, {"hp": 5}, [1], options={"cover": "total"})
    assert err.value.key == "error.dnd35.total_cover"


def test_defender_condition_table_melee_and_ranged() -> None:
    base = {"hp": 5}
    assert run("attack", {}, {**base, "conditions": ["prone"]}, [1])["against"] == 6
    assert run("attack", {}, {**base, "conditions": ["kneeling"]}, [1])["against"] == 8
    assert run("shot", {}, {**base, "conditions": ["kneeling"]}, [1], weapon="dagger")["against"] == 12
    assert run("attack", {}, {**base, "conditions": ["squeezing"]}, [1])["against"] == 6
    assert run("attack", {}, {"hp": 5, "dex": 14, "conditions": ["stunned"]}, [1])["against"] == 8
    assert run("attack", {}, {"hp": 5, "dex": 14, "conditions": ["blinded"]}, [1])["against"] == 8
    assert run("attack", {}, {"hp": 5, "dex": 14, "conditions": ["cowering"]}, [1])["against"] == 8


def test_pinned_minus_4_once_and_pinner() -> None:
    target = {"hp": 5, "dex": 14, "conditions": ["pinned"]}
    assert run("attack", {}, target, [1])["against"] == 10 - 5 - 4
    assert run("shot", {}, target, [1], weapon="dagger")["against"] == 10 - 5 - 4
    assert run("shot", {}, target, [1], weapon="dagger", settings={"pinned_ranged_penalty": False})["against"] == 10 - 5
    assert run("attack", {}, target, [1], options={"grapple_opponent": True})["against"] == 10 - 5


def test_invisible_attacker() -> None:
    target = {"hp": 5, "dex": 14}
    out = run("attack", {}, target, [1], options={"invisible": True})
    assert mods(out)["invisible"] == 2 and out["against"] == 10
    blind = run("attack", {}, {**target, "conditions": ["blinded"]}, [1], options={"invisible": True})
    assert "invisible" not in mods(blind)  # the +2 does not count against a blinded defender


def test_grappling_defender_loses_dex_except_vs_its_opponent() -> None:
    target = {"hp": 5, "dex": 14, "conditions": ["grappling"]}
    assert run("attack", {}, target, [1])["against"] == 10
    assert run("attack", {}, target, [1], options={"grapple_opponent": True})["against"] == 12


def test_size_modifiers_attack_and_ac() -> None:
    out = run("attack", {"size": "small"}, {"hp": 5, "size": "large"}, [1], weapon="club")
    assert mods(out)["size"] == 1 and out["against"] == 9


def test_ranged_weapon_cannot_be_used_in_melee_and_vice_versa() -> None:
    with pytest.raises(RulesError):
        run("attack", {}, DUMMY, [10], weapon="longbow")
    with pytest.raises(RulesError):
        run("shot", {}, DUMMY, [10], weapon="longsword")
    with pytest.raises(RulesError) as err:
        run("attack", {}, DUMMY, [10], weapon="no such thing")
    assert err.value.key == "error.dnd35.unknown_weapon"


def test_sheet_weapon_wins_over_table_case_insensitive() -> None:
    actor = {"weapons": [{"name": "Longsword", "damage": "1d10", "threat_min": 17}]}
    out = run("attack", actor, DUMMY, [17, 15, 1, 1], weapon="LONGSWORD")
    assert out["outcome"] == "crit"


@pytest.mark.parametrize(
    ("options", "melee_ac", "ranged_ac"),
    [
        ({"target_prone": True}, 8, 16),
        ({"helpless": True}, 1, 5),
        ({"pinned": True}, 1, 1),
        ({"stunned": True}, 8, 8),
        ({"blinded": True}, 8, 8),
        ({"cowering": True}, 8, 8),
        ({"kneeling": True}, 10, 14),
        ({"target_squeezing": True}, 8, 8),
        ({"total_defense": True}, 16, 16),
        ({"target_fighting_defensively": True}, 14, 14),
        ({"target_charging": True}, 10, 10),
        ({"flat_footed": True}, 10, 10),
        ({"target_entangled": True}, 10, 10),
        ({"target_grappling": True}, 10, 10),
        ({"cover": "normal"}, 16, 16),
    ],
)
def test_target_state_options_match_conditions(options: dict[str, Any], melee_ac: int, ranged_ac: int) -> None:
    target = {"hp": 5, "dex": 14}  # AC 12, Dex +2
    assert run("attack", {}, target, [1], options=options)["against"] == melee_ac
    assert run("shot", {}, target, [1], weapon="dagger", options=options)["against"] == ranged_ac


def test_attacker_state_options() -> None:
    out = run(
        "attack",
        {},
        DUMMY,
        [1],
        weapon="club",
        options={
            "attacker_prone": True,
            "attacker_squeezing": True,
            "attacker_entangled": True,
            "dazzled": True,
            "shaken": True,
        },
    )
    m = mods(out)
    assert (m["prone"], m["squeezing"], m["entangled"], m["dazzled"], m["shaken"]) == (-4, -4, -2, -1, -2)


def test_concealment_as_a_number() -> None:
    out = run("attack", {}, DUMMY, [15, 35], weapon="club", options={"concealment": 35})
    assert out["outcome"] == "miss"


def test_attack_of_opportunity_single_attack_off_turn() -> None:
    actor = {"bab": 11, "conditions": ["fighting_defensively"]}
    out = run(
        "attack",
        actor,
        DUMMY,
        [10, 1],
        weapon="club",
        options={"attack_of_opportunity": True, "full_attack": True},
    )
    assert "attacks" not in out and mods(out)["bab"] == 11
    # not the actor's turn: its stances stay; the round's attacks of opportunity count one more
    assert out["actor_sheet"]["turn_conditions"] == ["fighting_defensively"]
    assert out["actor_sheet"]["aoo_used"] == 1


@pytest.mark.parametrize(
    ("actor", "options"),
    [
        ({"conditions": ["flat_footed"]}, {}),
        ({"conditions": ["total_defense"]}, {}),
        ({"conditions": ["grappling"]}, {}),
        ({}, {"cover": "soft"}),
        ({}, {"concealment": "total"}),
    ],
)
def test_no_attack_of_opportunity(actor: dict[str, Any], options: dict[str, Any]) -> None:
    with pytest.raises(RulesError) as err:
        run("attack", actor, DUMMY, [10], weapon="club", options={"attack_of_opportunity": True, **options})
    assert err.value.key == "error.dnd35.no_attack_of_opportunity"


def test_combat_reflexes_allows_flat_footed_aoo() -> None:
    out = run(
        "attack",
        {"conditions": ["flat_footed"], "feats": ["Combat Reflexes"]},
        DUMMY,
        [1],
        weapon="club",
        options={"attack_of_opportunity": True},
    )
    assert out["outcome"] == "miss"
