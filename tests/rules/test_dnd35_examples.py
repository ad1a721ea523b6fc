"""The digest's §14 worked examples as scripted-dice tests (through the JSON resolve path)."""

from typing import Any

from rules.__main__ import resolve
from rules.dice import ScriptedDice
from rules.registry import get_system
from rules.system import Fighter
from tests.rules.test_dnd35_checks import verified

SYSTEM = get_system("dnd35")


def run(
    action: str, actor: dict[str, Any], target: dict[str, Any] | None, dice: list[int], **kw: Any
) -> dict[str, Any]:
    request: dict[str, Any] = {"system": "dnd35", "action": action, "actor": actor, "dice": dice, **kw}
    if target is not None:
        request["target"] = target
    return verified(resolve(request))


HANA = {
    "name": "Hana",
    "bab": 11,
    "str": 16,
    "weapons": [
        {
            "name": "Longsword",
            "category": "one_handed",
            "damage": "1d8",
            "threat_min": 19,
            "crit_mult": 2,
            "extra_damage_dice": ["1d6"],
        },
    ],
}
ORC = {"name": "Orc", "ac": 15 + 2, "hp": 32}


def test_example1_full_attack_crit_and_dying() -> None:
    out = run(
        "attack",
        HANA,
        ORC,
        [19, 4, 6, 2, 5, 5, 11, 8, 3],
        weapon="longsword",
        options={"full_attack": True, "flanking": True},
    )
    first, second, third = out["attacks"]
    assert [a["total"] for a in out["attacks"]] == [35, 16, 17]
    assert sum(m["value"] for m in first["modifiers"]) == 16
    assert sum(m["value"] for m in second["modifiers"]) == 11
    assert sum(m["value"] for m in third["modifiers"]) == 6
    assert first["outcome"] == "crit"
    assert first["damage"]["multiplier"] == 2
    assert first["damage"]["applied"] == 19  # (6+3)+(2+3) + flaming 5 once
    assert first["changes"][0]["after"] == 13
    assert second["outcome"] == "miss"
    assert third["outcome"] == "hit" and third["margin"] == 0  # 17 = AC 17 hits
    assert third["damage"]["applied"] == 14
    assert out["target_sheet"]["hp_current"] == -1
    assert out["wound"] == "dying"
    assert "unconscious" in out["conditions"]
    assert [r["purpose"] for r in out["rolls"]] == [
        "attack",
        "confirm",
        "damage",
        "damage",
        "extra_damage",
        "attack",
        "attack",
        "damage",
        "extra_damage",
    ]


def test_example1_next_round_stabilises_on_07() -> None:
    orc = SYSTEM.sheet({"ac": 17, "hp": 32, "hp_current": -1, "conditions": ["dying", "unconscious"]})
    result = SYSTEM.start_round(Fighter("Orc", orc), SYSTEM.settings({}), 2, ScriptedDice([7]))  # type: ignore[call-arg]
    assert result is not None
    assert result.outcome == "stabilized"
    assert result.wound == "stable"
    assert result.actor_sheet is not None and result.actor_sheet["hp_current"] == -1


def test_example1_next_round_42_loses_a_hit_point() -> None:
    orc = SYSTEM.sheet({"ac": 17, "hp": 32, "hp_current": -1, "conditions": ["dying"]})
    result = SYSTEM.start_round(Fighter("Orc", orc), SYSTEM.settings({}), 2, ScriptedDice([42]))  # type: ignore[call-arg]
    assert result is not None
    assert result.outcome == "hp_lost"
    assert result.actor_sheet is not None and result.actor_sheet["hp_current"] == -2
    assert result.wound == "dying"


LIR = {
    "name": "Lir",
    "bab": 4,
    "dex": 17,
    "str": 10,
    "weapons": [
        {
            "name": "longbow",
            "category": "projectile",
            "damage": "1d8",
            "crit_mult": 3,
            "range_increment_ft": 100,
            "bow_kind": "normal",
        },
    ],
}
GOBLIN = {"name": "Goblin", "size": "small", "ac": 15, "hp": 5}
EX2_OPTIONS = {"in_melee": True, "cover": "soft", "concealment": "concealment"}


def test_example2_shot_into_melee_cover_concealment() -> None:
    out = run("shot", LIR, GOBLIN, [18, 34, 7], weapon="longbow", distance=130, options=EX2_OPTIONS)
    mods = {m["key"]: m["value"] for m in out["modifiers"]}
    assert mods["range"] == -2
    assert mods["firing_into_melee"] == -4
    assert mods["ac_cover_soft"] == 4
    assert out["total"] == 19 and out["against"] == 19
    assert out["outcome"] == "hit"
    assert out["damage"]["applied"] == 7
    assert out["target_sheet"]["hp_current"] == -2
    assert out["wound"] == "dying"
    assert [r["purpose"] for r in out["rolls"]] == ["attack", "concealment", "damage"]


def test_example2_concealment_20_or_less_misses() -> None:
    out = run("shot", LIR, GOBLIN, [18, 20], weapon="longbow", distance=130, options=EX2_OPTIONS)
    assert out["outcome"] == "miss"
    assert any(n["key"] == "concealment_miss" for n in out["notes"])
    assert "target_sheet" not in out


def test_example2_prone_goblin_is_missed() -> None:
    goblin = {**GOBLIN, "conditions": ["prone"]}
    out = run("shot", LIR, goblin, [18], weapon="longbow", distance=130, options=EX2_OPTIONS)
    assert out["against"] == 23
    assert out["outcome"] == "miss"


BOR = {"name": "Bor", "bab": 3, "str": 14, "ac": 16}
KOBOLD = {
    "name": "Kobold",
    "size": "small",
    "bab": 1,
    "str": 9,
    "dex": 13,
    "ac": 15,
    "touch": 12,
    "hp": 4,
    "weapon": "spear",
}


def test_example3_grapple_aoo_grab_hold_nonlethal_staggered() -> None:
    out = run("grapple", BOR, KOBOLD, [9, 8, 6, 14, 2])
    aoo = out["attacks"][0]
    assert (aoo["total"], aoo["against"], aoo["outcome"]) == (10, 16, "miss")
    assert (out["total"], out["against"], out["against_key"]) == (13, 12, "touch_ac")
    assert {"key": "grapple_check", "params": {"attacker": 11, "defender": 10}} in out["notes"]
    assert out["outcome"] == "grappling"
    assert out["damage"] == {
        "dice": [2],
        "modifiers": [{"key": "str_damage", "value": 2}],
        "rolled": 4,
        "applied": 4,
        "kind": "nonlethal",
    }
    assert out["target_sheet"]["nonlethal"] == 4
    assert out["wound"] == "staggered"
    assert "grappling" in out["actor_sheet"]["turn_conditions"]
    assert [r["purpose"] for r in out["rolls"]] == [
        "attack",
        "attack",
        "grapple_attacker",
        "grapple_defender",
        "damage",
    ]
    # next round: damage the opponent instead of an attack
    kobold = {**out["target_sheet"], "name": "Kobold"}
    bor = {**out["actor_sheet"], "name": "Bor", "turn_actions": []}  # a new round: its actions afresh
    second = run("grapple_damage", bor, kobold, [12, 15, 1])
    assert {"key": "grapple_check", "params": {"attacker": 17, "defender": 11}} in second["notes"]
    assert second["target_sheet"]["nonlethal"] == 7
    assert second["wound"] == "unconscious"
    assert "helpless" in SYSTEM.status(SYSTEM.sheet(second["target_sheet"])).conditions


def test_example3_aoo_damage_spoils_the_grapple() -> None:
    out = run("grapple", {**BOR, "ac": 10}, KOBOLD, [15, 3])
    assert out["outcome"] == "grapple_failed"
    assert out["actor_sheet"]["hp_current"] < out["actor_sheet"]["hp_max"]
    assert any(n["key"] == "grapple_aoo_damage" for n in out["notes"])


def test_grapple_auto_fail_vs_two_sizes_larger_and_improved_grapple_skips_aoo() -> None:
    out = run("grapple", {**BOR, "feats": ["Improved Grapple"]}, {"hp": 30, "size": "huge", "weapon": "club"}, [15])
    assert out["outcome"] == "grapple_failed"
    assert any(n["key"] == "grapple_auto_fail" for n in out["notes"])
    assert "attacks" not in out
