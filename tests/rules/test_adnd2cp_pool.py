"""Combat-point pool (punti combattimento): the seed's tables, the worked example, edge cases, rest."""

from __future__ import annotations

from typing import Any

import pytest

from rules.dice import ScriptedDice
from rules.errors import RulesError
from rules.registry import get_system
from rules.system import ActionRequest, Fighter
from rules.systems.adnd2cp.pool import after_rest, full_hit_dice, rest_gain_per_hour

S = get_system("adnd2cp")


def sheet(**data: Any) -> Any:
    data.setdefault("hp", 10)
    return S.sheet(data)


def pc(*classes: tuple[str, int], **data: Any) -> Any:
    return sheet(classes=[{"class_name": n, "level": lv} for n, lv in classes], **data)


def test_trendor_example_is_28_points() -> None:
    trendor = pc(("fighter", 7), ("mage", 7), intelligence=16, weapons=[{"id": "long_sword", "rank": "maestro"}])
    assert trendor.pool_max == 28
    parts = {p["key"]: p["points"] for p in S.pool(trendor).as_dict()["parts"]}
    assert parts == {"pool_class_level": 14, "pool_int": 8, "pool_mastery": 6}
    assert trendor.pool_current == 28


@pytest.mark.parametrize(
    ("cls", "level", "points"),
    [
        ("mage", 1, 0),
        ("mage", 3, 1),
        ("mage", 4, 2),
        ("mage", 7, 3),
        ("thief", 1, 1),
        ("thief", 3, 4),
        ("bard", 5, 7),
        ("bard", 6, 9),
        ("cleric", 5, 5),
        ("psionicist", 4, 4),
        ("fighter", 5, 10),
        ("fighter", 1, 2),
    ],
)
def test_class_rates_count_whole_points(cls: str, level: int, points: int) -> None:
    assert pc((cls, level)).pool_max == points


def test_multiclass_takes_best_table_not_sum() -> None:
    assert pc(("fighter", 3), ("mage", 7)).pool_max == 6
    assert pc(("thief", 6), ("mage", 8)).pool_max == 9


@pytest.mark.parametrize(
    ("intelligence", "bonus"),
    [(12, 0), (13, 1), (14, 2), (15, 4), (16, 8), (17, 16), (18, 24), (19, 24), (25, 24)],
)
def test_int_bonus_table_for_warriors(intelligence: int, bonus: int) -> None:
    assert pc(("fighter", 1), intelligence=intelligence).pool_max == 2 + bonus


def test_int_bonus_only_warriors_and_thieves() -> None:
    assert pc(("thief", 2), intelligence=16).pool_max == 3 + 8
    assert pc(("bard", 2), intelligence=16).pool_max == 3  # a rogue, not a thief
    assert pc(("mage", 2), intelligence=18).pool_max == 1
    assert pc(("cleric", 2), intelligence=18).pool_max == 2
    assert pc(("fighter", 2), ("mage", 2), intelligence=13).pool_max == 4 + 1


@pytest.mark.parametrize(
    ("cls", "level", "points"),
    [
        ("fighter", 8, 16 + 5),
        ("fighter", 7, 14),
        ("ranger", 8, 16),
        ("paladin", 8, 16),
        ("reaver", 9, 18),
        ("skald", 8, 16),
        ("dark_knight", 8, 16),
        ("nightblade", 10, 20),
        ("shadow_bringer", 8, 16),
        ("weapon_master", 8, 21),
        ("thief", 8, 12),
    ],
)
def test_level8_bonus_and_exclusions(cls: str, level: int, points: int) -> None:
    assert pc((cls, level)).pool_max == points


def test_three_skilled_weapons_of_different_categories() -> None:
    three = [
        {"id": "long_sword", "rank": "abile"},
        {"id": "battle_axe", "rank": "abile"},
        {"id": "dagger", "rank": "esperto"},
    ]
    assert pc(("mage", 2), weapons=three).pool_max == 1 + 5 + 1  # +5 and dagger esperto A
    two_cats = [
        {"id": "long_sword", "rank": "abile"},
        {"id": "short_sword", "rank": "abile"},
        {"id": "battle_axe", "rank": "abile"},
    ]
    assert pc(("mage", 2), weapons=two_cats).pool_max == 1


def test_mastery_columns_by_category_and_relation() -> None:
    weapons = [
        {"id": "long_sword", "rank": "gran_maestro"},  # A 10
        {"id": "short_sword", "rank": "maestro"},  # B 3
        {"id": "scimitar", "rank": "maestro", "relation": "affine"},  # C 2
        {"id": "bastard_sword", "rank": "gran_maestro", "relation": "gemella"},  # D 3 (not the best: A taken)
        {"id": "battle_axe", "rank": "campione"},  # A 3 in axes
        {"id": "hand_axe", "rank": "esperto"},  # B 0
        {"id": "dagger", "rank": "campione", "relation": "gemella"},  # alone in its category: A 3
    ]
    s = pc(("mage", 1), weapons=weapons)
    # gran_maestro twins: sort is stable, the first listed is the best (A), the twin scores D.
    assert s.pool_max == 10 + 3 + 2 + 3 + 3 + 0 + 3 + 5  # + three skilled categories


def test_combat_arts_and_extra_points() -> None:
    assert pc(("fighter", 1), combat_art_grades=3, extra_pool_points=4).pool_max == 2 + 6 + 4


@pytest.mark.parametrize(("hd", "full"), [("4+1", 4), ("1-1", 1), ("1/2", 0), ("12", 12), (None, 0)])
def test_full_hit_dice(hd: str | None, full: int) -> None:
    assert full_hit_dice(hd) == full


@pytest.mark.parametrize(
    ("intelligence", "points"),
    [(4, 0), (5, 4 + 3), (7, 7), (8, 9), (10, 9), (11, 13), (13, 19), (15, 24), (17, 29), (19, 34), (21, 44)],
)
def test_monster_pool(intelligence: int, points: int) -> None:
    assert sheet(hd="4+1", intelligence=intelligence).pool_max == points


def test_monster_below_low_intelligence_gets_nothing_even_with_class() -> None:
    m = sheet(kind="monster", hit_dice="6", intelligence=4, classes=[{"class_name": "fighter", "level": 5}])
    assert m.pool_max == 0


def test_monster_with_class_adds_class_points_but_not_pc_int_bonus() -> None:
    m = sheet(kind="monster", hit_dice="4", intelligence=16, classes=[{"class_name": "fighter", "level": 3}])
    assert m.pool_max == 4 + 20 + 6
    cfg = S.settings({"monster_class_int_bonus": True})
    assert S.pool(m, cfg).total == 4 + 20 + 6 + 8


def test_shortcuts_and_override() -> None:
    s = S.sheet(
        {
            "hp": "12",
            "pool": "20",
            "cp": "7",
            "str": "18/76",
            "dex": "17",
            "class": "fighter/mage",
            "level": "7/6",
            "int": "16",
        }
    )
    assert (s.pool_max, s.pool_current, s.hp_max) == (20, 7, 12)
    assert (s.str_to_hit, s.str_damage, s.dex_ac_adjustment, s.dex_missile) == (2, 4, 3, 2)
    assert s.thac0 == 14 and [c.group for c in s.classes] == ["warrior", "wizard"]
    assert s.multi_or_dual_class_warrior is True
    # a stored sheet round-trips (the computed pool_max is dropped on input)
    assert S.sheet(s.model_dump()) == s
    with pytest.raises(RulesError):
        S.sheet({"hp": 5, "bogus": 1})


def test_quick_npc_line() -> None:
    npc = S.sheet({"ac": "5", "hp": "11", "thac0": "17", "attack": "+2", "damage": "1d8+1", "hd": "3", "int": "8"})
    w = npc.weapons[0]
    assert (npc.kind, w.to_hit_bonus, w.damage, w.damage_unsplit, npc.pool_max) == (
        "monster",
        2,
        "1d8+1",
        True,
        8,
    )


@pytest.mark.parametrize(
    ("pool", "gain"),
    [(0, 1), (1, 1), (4, 1), (11, 1), (12, 2), (20, 3), (28, 4), (35, 4), (36, 5), (44, 6), (100, 13)],
)
def test_rest_gain_half_up_at_least_one(pool: int, gain: int) -> None:
    assert rest_gain_per_hour(pool) == gain


def test_after_rest_caps_at_pool() -> None:
    assert after_rest(22, 35, 4) == 35
    assert after_rest(22, 35, 3) == 34
    assert after_rest(0, 20, 1) == 3
    assert after_rest(0, 0, 5) == 0


def test_rest_action() -> None:
    s = sheet(pool_max=20, pool_current=5)
    r = S.act(
        "rest",
        ActionRequest(Fighter("A", s), None, S.options({"hours": 2}), S.settings({})),
        ScriptedDice([]),
    )
    assert r.actor_sheet is not None and r.actor_sheet["pool_current"] == 11
    assert r.total == 6
    assert r.notes[0].params["per_hour"] == 3


def test_derived_values_follow_their_scores_and_hand_values_stick() -> None:
    s = S.sheet({"hp": 10, "str": "17", "dex": "16", "class": "fighter", "level": "5"})
    assert (s.str_to_hit, s.dex_ac_adjustment, s.thac0) == (1, 2, 16)
    s = S.update_sheet(s, {"strength": 18, "strength_pct": 100, "classes": [{"class_name": "fighter", "level": 9}]})
    assert (s.str_to_hit, s.str_damage, s.thac0) == (3, 6, 12)
    s = S.update_sheet(s, {"thac0": 10})
    assert S.update_sheet(s, {"classes": [{"class_name": "fighter", "level": 10}]}).thac0 == 10
    stored = S.sheet(s.model_dump())
    assert S.update_sheet(stored, {"dexterity": 18}).dex_ac_adjustment == 4
    assert S.sheet({"hp": 5, "str": 18, "str_to_hit": 0}).str_to_hit == 0


def test_pool_max_in_dumps_is_computed_and_hand_values_override() -> None:
    trendor = pc(("fighter", 7), ("mage", 7), intelligence=16, weapons=[{"id": "long_sword", "rank": "maestro"}])
    dumped = trendor.model_dump()
    assert dumped["pool_max"] == 28 and dumped["pool_override"] is None
    levelled = S.update_sheet(
        trendor, {"classes": [{"class_name": "fighter", "level": 8}, {"class_name": "mage", "level": 8}]}
    )
    assert levelled.pool_max == 16 + 8 + 5 + 6  # recomputed, not frozen at 28
    assert S.update_sheet(trendor, {"pool_max": 40}).pool_max == 40
    assert sheet(pool_max=20).pool_max == 20 and sheet(pool_max=20).pool_current == 20


def test_loose_spellings_of_ranks_sizes_and_names() -> None:
    s = S.sheet(
        {
            "classes": [{"class_name": "Fighter", "level": 7}, {"class": "Mage", "level": 7}],
            "intelligence": 16,
            "size": "medium",
            "weapons": [
                {
                    "name": "Long Sword",
                    "category": "swords",
                    "rank": "Maestro",
                    "damage_type": "slashing",
                    "size": "medium",
                }
            ],
        }
    )
    assert (s.pool_max, s.size, s.weapons[0].id, s.weapons[0].damage) == (28, "M", "long_sword", "1d8")
    assert S.sheet({"hp": 5, "weapons": [{"id": "x", "rank": "Gran Maestro"}]}).weapons[0].rank == "gran_maestro"


def test_a_known_art_earns_its_points_without_grades() -> None:
    # Seed: "Per ogni Arte di Combattimento conosciuta, o suo grado completo, inoltre, il personaggio
    # ottiene un bonus di + 2 punti combattimento supplementari."
    assert pc(("fighter", 1), arts=["schivata"], dodge_pct=20).pool_max == 2 + 2
    assert pc(("fighter", 1), arts=["schivata", "deflettere_i_colpi"]).pool_max == 2 + 4
    # gradi_arti counts the arts known and their completed grades together: the larger count is kept.
    assert pc(("fighter", 1), arts=["schivata"], combat_art_grades=1).pool_max == 2 + 2
    assert pc(("fighter", 1), arts=["schivata"], combat_art_grades=3).pool_max == 2 + 6
    parts = {p["key"]: p for p in S.pool(pc(("fighter", 1), arts=["schivata"])).as_dict()["parts"]}
    assert parts["pool_combat_arts"]["points"] == 2 and parts["pool_combat_arts"]["detail"] == ("1",)
