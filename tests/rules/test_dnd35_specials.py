"""dnd35 special attacks: trip with an armed defender, disarm, sunder, bull rush, overrun, feint."""

from typing import Any

import pytest

from rules.__main__ import resolve
from rules.errors import RulesError
from rules.systems.dnd35.sheet import table_weapon
from rules.systems.dnd35.specials import item_stats
from tests.rules.test_dnd35_checks import verified


def run(action: str, actor: dict[str, Any], target: dict[str, Any], dice: list[int], **kw: Any) -> dict[str, Any]:
    return verified(
        resolve({"system": "dnd35", "action": action, "actor": actor, "target": target, "dice": dice, **kw})
    )


def mods(out: dict[str, Any]) -> dict[str, int]:
    return {m["key"]: m["value"] for m in out.get("modifiers", [])}


def opposed(out: dict[str, Any]) -> dict[str, int]:
    return next(n["params"] for n in out["notes"] if n["key"] in ("opposed_check", "trip_check"))


ARMED = {"name": "Guard", "hp": 20, "ac": 15, "bab": 2, "str": 12, "weapon": "longsword"}


# --- trip -----------------------------------------------------------------------------------------
def test_trip_armed_defender_gets_aoo_first() -> None:
    out = run("trip", {"str": 14}, ARMED, [5, 15, 14, 3])
    assert out["attacks"][0]["outcome"] == "miss"  # AoO 5+2+1 = 8 < 10
    assert out["outcome"] == "tripped"  # touch 15+2 vs 10, then 14+2 vs 3+1
    assert [r["purpose"] for r in out["rolls"]] == ["attack", "attack", "trip_attacker", "trip_defender"]


def test_trip_with_trip_weapon_or_feat_avoids_the_aoo() -> None:
    out = run("trip", {"str": 14}, ARMED, [15, 14, 3], weapon="flail")
    assert "attacks" not in out and out["outcome"] == "tripped"
    feat = run("trip", {"str": 14, "feats": ["Improved Trip"]}, ARMED, [15, 10, 12])
    assert "attacks" not in feat
    assert opposed(feat) == {"attacker": 16, "defender": 13}  # 10+2+4 vs 12+1
    assert feat["outcome"] == "tripped"


# --- disarm ---------------------------------------------------------------------------------------
def test_disarm_opposed_attack_rolls_and_weapon_drops() -> None:
    fighter = {"bab": 4, "str": 14, "feats": ["improved disarm"], "weapon": "greatsword"}
    out = run("disarm", fighter, ARMED, [10, 10])
    m = mods(out)
    assert (m["bab"], m["str"], m["grip"], m["improved_disarm"]) == (4, 2, 4, 4)
    assert opposed(out) == {"attacker": 24, "defender": 13}
    assert out["outcome"] == "disarmed"
    assert out["target_sheet"]["weapons"] == []
    assert {"combatant": "Guard", "field": "weapons", "before": ["longsword"], "after": []} in out["changes"]


def test_disarm_unarmed_takes_the_weapon_and_aoo_damage_spoils() -> None:
    out = run("disarm", {"bab": 4, "str": 14, "feats": ["improved disarm"]}, ARMED, [18, 2])
    assert out["outcome"] == "disarmed"  # unarmed: light −4 → 4+2−4+4+18 = 24 vs 2+2+1 = 5
    assert [w["name"] for w in out["actor_sheet"]["weapons"]] == ["longsword"]
    spoiled = run("disarm", {"bab": 4, "str": 14}, ARMED, [15, 4])
    assert spoiled["outcome"] == "disarm_failed"
    assert spoiled["attacks"][0]["outcome"] == "hit"
    assert any(n["key"] == "special_aoo_spoiled" for n in spoiled["notes"])


def test_disarm_size_difference_and_counter_note() -> None:
    out = run("disarm", {"size": "large", "feats": ["improved disarm"]}, ARMED, [2, 19], weapon="longsword")
    assert mods(out)["larger"] == 4
    assert out["outcome"] == "disarm_failed"
    assert any(n["key"] == "counter_disarm_allowed" for n in out["notes"])


def test_disarm_needs_a_held_weapon() -> None:
    with pytest.raises(RulesError) as err:
        run("disarm", {}, {"hp": 5}, [10, 10])
    assert err.value.key == "error.dnd35.target_unarmed"


# --- sunder ---------------------------------------------------------------------------------------
def test_sunder_hardness_and_destruction() -> None:
    fighter = {"bab": 6, "str": 18, "feats": ["Improved Sunder"], "weapon": "greataxe"}
    out = run("sunder", fighter, ARMED, [15, 5, 12])
    # greataxe 1d12 = 12 + Str 4×1.5 = 6 → 18; longsword: one-handed blade hardness 10, 5 hp → 8 ≥ 5
    assert out["outcome"] == "item_destroyed"
    assert out["damage"]["rolled"] == 18 and out["damage"]["reduced_by"] == 10 and out["damage"]["applied"] == 8
    assert out["target_sheet"]["weapons"] == []
    partial = run(
        "sunder",
        fighter,
        {**ARMED, "weapon": "quarterstaff"},
        [15, 5, 1],
        options={"item": "two_handed_hafted"},
    )
    assert partial["outcome"] == "item_damaged"  # 1+6 = 7 − 5 = 2 → 8/10 left
    note = next(n for n in partial["notes"] if n["key"] == "item_damaged")
    assert note["params"]["hp_left"] == 8


def test_sunder_needs_slashing_or_bludgeoning() -> None:
    with pytest.raises(RulesError):
        run("sunder", {"feats": ["improved sunder"]}, ARMED, [15, 5, 3], weapon="rapier")


def test_item_hp_scales_with_size() -> None:
    sword = table_weapon("longsword")
    assert sword is not None
    assert item_stats(sword, None, "medium") == ("one_handed_blade", 10, 5)
    assert item_stats(sword, None, "large") == ("one_handed_blade", 10, 10)
    assert item_stats(sword, None, "small") == ("one_handed_blade", 10, 2)


# --- bull rush, overrun ---------------------------------------------------------------------------
def test_bull_rush_push_distance() -> None:
    out = run(
        "bull_rush",
        {"str": 16, "feats": ["improved bull rush"]},
        {"hp": 9, "str": 10},
        [14, 2],
        options={"charge": True, "follow": True},
    )
    m = mods(out)
    assert (m["str"], m["charge"], m["improved_bull_rush"]) == (3, 2, 4)
    assert opposed(out) == {"attacker": 23, "defender": 2}
    assert out["outcome"] == "pushed" and out["total"] == 5 + 5 * 4
    assert "charging" in out["actor_sheet"]["turn_conditions"]


def test_bull_rush_size_and_stability_and_limits() -> None:
    out = run("bull_rush", {"str": 10}, {"hp": 9, "size": "large", "legs": 4}, [18, 9])
    assert opposed(out) == {"attacker": 18, "defender": 17}
    assert out["total"] == 5
    with pytest.raises(RulesError):
        run("bull_rush", {}, {"hp": 9, "size": "huge"}, [10, 10])
    aoo = run("bull_rush", {"hp": 20}, ARMED, [12, 3, 15, 10])  # the AoO hits but does not stop it
    assert aoo["outcome"] == "pushed"
    assert aoo["attacks"][0]["outcome"] == "hit"


def test_overrun_block_avoid_and_improved() -> None:
    out = run("overrun", {"str": 14}, {"hp": 9, "str": 8, "dex": 14}, [12, 10])
    assert opposed(out) == {"attacker": 14, "defender": 12}
    assert out["outcome"] == "overrun" and "prone" in out["target_sheet"]["conditions"]
    avoided = run("overrun", {}, {"hp": 9}, [], options={"defender_avoids": True})
    assert avoided["outcome"] == "overrun_avoided"
    forced = run("overrun", {"feats": ["improved overrun"]}, {"hp": 9}, [5, 10], options={"defender_avoids": True})
    assert forced["outcome"] == "overrun_failed"  # 5+4 vs 10
    assert any(n["key"] == "counter_overrun_allowed" for n in forced["notes"])


# --- feint ----------------------------------------------------------------------------------------
def test_feint() -> None:
    out = run("feint", {"skills": {"Bluff": 6}}, {"hp": 9, "bab": 2, "skills": {"Sense Motive": 1}}, [10, 12])
    assert opposed(out) == {"attacker": 16, "defender": 15}
    assert out["outcome"] == "feinted"
    beast = run("feint", {"skills": {"bluff": 6}}, {"hp": 9, "int": 2}, [10, 12], options={"target_nonhumanoid": True})
    # "vůči tvoru, který není humanoid, máš postih -4. Vůči tvoru se zvířecí Inteligencí (1 nebo 2) máš
    # postih -8": two cases — an animal is −8, not −8 and −4 together.
    assert mods(beast) == {"bluff": 6, "animal_intelligence": -8}
    assert beast["outcome"] == "feint_failed"
    with pytest.raises(RulesError):
        run("feint", {}, {"hp": 9, "int": 0}, [10, 10])


def test_bull_rush_aoo_that_drops_the_attacker_spoils_it() -> None:
    out = run("bull_rush", {"hp": 3}, ARMED, [12, 3])
    assert out["outcome"] == "bull_rush_failed"
    assert out["actor_sheet"]["hp_current"] == -1
