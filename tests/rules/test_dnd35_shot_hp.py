"""dnd35 shots (range increments, into melee, bows, thrown) and hit-point states."""

from typing import Any

import pytest

from rules.__main__ import resolve
from rules.errors import RulesError
from rules.systems.dnd35.hp import apply_damage, heal, hp_state
from rules.systems.dnd35.sheet import Sheet
from tests.rules.test_dnd35_checks import verified


def run(action: str, actor: dict[str, Any], target: dict[str, Any], dice: list[int], **kw: Any) -> dict[str, Any]:
    return verified(
        resolve({"system": "dnd35", "action": action, "actor": actor, "target": target, "dice": dice, **kw})
    )


def mods(out: dict[str, Any]) -> dict[str, int]:
    return {m["key"]: m["value"] for m in out.get("modifiers", [])}


ARCHER = {"bab": 1, "dex": 14, "str": 10}
TARGET = {"hp": 50, "ac": 10}


@pytest.mark.parametrize(
    ("distance", "penalty"), [(0, 0), (95, 0), (100, -2), (195, -2), (200, -4), (999, -18), (1000, -20)]
)
def test_range_penalty_srd_floor(distance: int, penalty: int) -> None:
    out = run("shot", ARCHER, TARGET, [1], weapon="longbow", distance=distance)
    assert mods(out)["range"] == penalty


@pytest.mark.parametrize(("distance", "penalty"), [(100, 0), (101, -2), (200, -2), (201, -4)])
def test_range_penalty_first_increment_free(distance: int, penalty: int) -> None:
    out = run(
        "shot",
        ARCHER,
        TARGET,
        [1],
        weapon="longbow",
        distance=distance,
        settings={"range_penalty_mode": "first_increment_free"},
    )
    assert mods(out)["range"] == penalty


def test_max_range_projectile_10_thrown_5_increments() -> None:
    with pytest.raises(RulesError) as err:
        run("shot", ARCHER, TARGET, [1], weapon="longbow", distance=1005)
    assert err.value.key == "error.dnd35.out_of_range"
    assert mods(run("shot", ARCHER, TARGET, [1], weapon="javelin", distance=150))["range"] == -10
    with pytest.raises(RulesError):
        run("shot", ARCHER, TARGET, [1], weapon="javelin", distance=151)


def test_shortbow_phb_example() -> None:
    assert mods(run("shot", ARCHER, TARGET, [1], weapon="shortbow", distance=59))["range"] == 0
    assert mods(run("shot", ARCHER, TARGET, [1], weapon="shortbow", distance=200))["range"] == -6


def test_into_melee_and_precise_shot() -> None:
    assert (
        mods(run("shot", ARCHER, TARGET, [1], weapon="longbow", options={"in_melee": True}))["firing_into_melee"] == -4
    )
    precise = run(
        "shot",
        {**ARCHER, "feats": ["Precise Shot"]},
        TARGET,
        [1],
        weapon="longbow",
        options={"in_melee": True},
    )
    assert "firing_into_melee" not in mods(precise)


def test_flanking_and_higher_ground_do_not_apply_to_shots() -> None:
    out = run("shot", ARCHER, TARGET, [1], weapon="longbow", options={"flanking": True, "higher_ground": True})
    assert "flanking" not in mods(out) and "higher_ground" not in mods(out)


def test_prone_archer_cannot_shoot_but_crossbow_works() -> None:
    prone = {**ARCHER, "conditions": ["prone"]}
    with pytest.raises(RulesError) as err:
        run("shot", prone, TARGET, [1], weapon="longbow")
    assert err.value.key == "error.dnd35.prone_ranged"
    assert "prone" not in mods(run("shot", prone, TARGET, [1], weapon="light crossbow"))


@pytest.mark.parametrize(
    ("strength", "weapon", "expected"),
    [
        (8, "longbow", 4 - 1),
        (16, "longbow", 4),
        (16, "light_crossbow", 4),
        (16, "sling", 4 + 3),
        (16, "javelin", 4 + 3),
        (8, "composite_longbow", 4 - 1),
    ],
)
def test_strength_on_ranged_damage(strength: int, weapon: str, expected: int) -> None:
    out = run("shot", {"str": strength}, TARGET, [15, 4], weapon=weapon)
    assert out["damage"]["applied"] == expected


def test_composite_bow_rating_caps_strength() -> None:
    bow = {
        "name": "cb",
        "category": "projectile",
        "damage": "1d8",
        "crit_mult": 3,
        "range_increment_ft": 110,
        "bow_kind": "composite",
        "composite_rating": 2,
    }
    out = run("shot", {"str": 18, "weapons": [bow]}, TARGET, [15, 4])
    assert out["damage"]["applied"] == 6


def test_shot_uses_dex_and_thrown_uses_str_for_damage() -> None:
    out = run("shot", {"dex": 16, "str": 14}, TARGET, [10, 2], weapon="dagger", distance=10)
    m = mods(out)
    assert m["dex"] == 3 and m["range"] == -2
    assert out["damage"]["applied"] == 4


def test_custom_miss_chance_and_total_concealment() -> None:
    out = run("shot", ARCHER, TARGET, [15, 50], weapon="longbow", options={"concealment": "total"})
    assert out["outcome"] == "miss"
    out = run("shot", ARCHER, TARGET, [15, 51, 3], weapon="longbow", options={"concealment": "total"})
    assert out["outcome"] == "hit"
    out = run("attack", {}, TARGET, [15, 30, 3], weapon="club", options={"miss_chance": 30})
    assert out["outcome"] == "miss"


# --- HP states ------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("hp", "nonlethal", "conds", "state"),
    [
        (10, 0, [], "unhurt"),
        (9, 0, [], "wounded"),
        (1, 0, [], "wounded"),
        (0, 0, [], "disabled"),
        (-1, 0, [], "dying"),
        (-9, 0, [], "dying"),
        (-10, 0, [], "dead"),
        (-3, 0, ["stable"], "stable"),
        (5, 5, [], "staggered"),
        (5, 6, [], "unconscious"),
        (5, 4, [], "wounded"),
        (0, 1, [], "unconscious"),
        (-2, 5, [], "dying"),
        (10, 0, ["dead"], "dead"),
    ],
)
def test_hp_state_bands(hp: int, nonlethal: int, conds: list[str], state: str) -> None:
    assert hp_state(hp, 10, nonlethal, conds) == state


def test_temp_hp_absorb_lethal_first() -> None:
    sheet = Sheet.model_validate({"hp": 10, "temp_hp": 4})
    after = apply_damage(sheet, 6, "lethal")
    assert (after.temp_hp, after.hp_current) == (0, 8)
    nl = apply_damage(sheet, 3, "nonlethal")
    assert (nl.temp_hp, nl.nonlethal) == (4, 3)
    nl2 = apply_damage(sheet, 3, "nonlethal", temp_absorbs_nonlethal=True)
    assert (nl2.temp_hp, nl2.nonlethal) == (1, 0)


def test_nonlethal_staggered_then_unconscious_and_hp_loss_recheck() -> None:
    sheet = Sheet.model_validate({"hp": 6, "nonlethal": 4})
    hurt = apply_damage(sheet, 2, "lethal")  # hp 4 = nonlethal 4 → staggered
    assert "staggered" in hurt.conditions
    worse = apply_damage(hurt, 1, "lethal")
    assert "unconscious" in worse.conditions and "staggered" not in worse.conditions


def test_stable_character_hurt_again_is_dying() -> None:
    sheet = Sheet.model_validate({"hp": 10, "hp_current": -2, "conditions": ["stable"]})
    after = apply_damage(sheet, 1, "lethal")
    assert "dying" in after.conditions and "stable" not in after.conditions


def test_healing_stabilises_and_removes_nonlethal() -> None:
    dying = Sheet.model_validate({"hp": 10, "hp_current": -4, "nonlethal": 3})
    assert "stable" in heal(dying, 1).conditions
    assert "disabled" in heal(dying, 4).conditions
    up = heal(dying, 6)
    assert (up.hp_current, up.nonlethal, up.conditions) == (2, 0, [])
    assert heal(Sheet.model_validate({"hp": 10, "hp_current": 9}), 5).hp_current == 10


def test_massive_damage_save() -> None:
    brute = {"str": 10, "weapons": [{"name": "big", "damage": "1d6+60"}]}
    failed = run("attack", brute, {"hp": 200, "fort_save": 2}, [15, 1, 12])
    assert failed["wound"] == "dead"
    assert [r["purpose"] for r in failed["rolls"]] == ["attack", "damage", "massive_save"]
    saved = run("attack", brute, {"hp": 200, "fort_save": 2}, [15, 1, 13])
    assert saved["wound"] == "wounded"
    off = run("attack", brute, {"hp": 200}, [15, 1], settings={"massive_damage": False})
    assert off["wound"] == "wounded"


def test_massive_damage_not_rolled_for_nonlethal_or_when_already_dead() -> None:
    brute = {"weapons": [{"name": "big", "damage": "1d6+60"}]}
    assert len(run("attack", brute, {"hp": 50}, [15, 1])["rolls"]) == 2  # killed outright
    assert len(run("attack", brute, {"hp": 200}, [15, 1], options={"nonlethal": True})["rolls"]) == 2


def test_disabled_attacker_strains_to_dying() -> None:
    out = run("attack", {"hp": 10, "hp_current": 0}, TARGET, [1], weapon="club")
    assert out["actor_sheet"]["hp_current"] == -1
    assert "dying" in out["actor_sheet"]["conditions"]


def test_unconscious_or_dying_attacker_cannot_act() -> None:
    with pytest.raises(RulesError) as err:
        run("attack", {"hp": 10, "hp_current": -3}, TARGET, [10], weapon="club")
    assert err.value.key == "error.dnd35.cannot_act"


def test_shooting_from_a_moving_mount() -> None:
    assert (
        mods(run("shot", ARCHER, TARGET, [1], weapon="longbow", options={"mount_moving": "double"}))["mount_double"]
        == -4
    )
    assert mods(run("shot", ARCHER, TARGET, [1], weapon="longbow", options={"mount_moving": "run"}))["mount_run"] == -8
    assert "mount_run" not in mods(run("attack", ARCHER, TARGET, [1], weapon="club", options={"mount_moving": "run"}))
