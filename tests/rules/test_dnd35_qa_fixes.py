"""dnd35: the QA findings of a Czech table (weapon names, standing up, stances, withdrawing, delaying,
resting, quick NPC weapons, opposed-check margins, sunder). Rule readings quote the seed
(shared/seeds/002_48e41cbd1ba2704b.txt)."""

from __future__ import annotations

from typing import Any

import pytest

from rules import ActionRequest, Fighter, RulesError, ScriptedDice, get_system
from rules.model import ActionResult, Term

S = get_system("dnd35")
HERO = {"str": "16", "dex": "14", "bab": "6", "hp": "40", "weapons": "longsword"}
ORC = {"str": "14", "dex": "12", "bab": "3", "hp": "30", "natural_armor": "4", "weapons": "greataxe"}


def refusal(call: Any) -> RulesError:
    with pytest.raises(RulesError) as refused:
        call()
    return refused.value


def req(
    actor: Any, target: Any = None, opts: dict[str, Any] | None = None, settings: dict[str, Any] | None = None
) -> ActionRequest:
    return ActionRequest(actor, target, S.options(opts or {}), S.settings(settings or {}))


def fighter(name: str, stats: dict[str, Any]) -> Fighter[Any]:
    return Fighter(name, S.sheet(stats))


def act(action: str, r: ActionRequest, faces: list[int] | None = None) -> ActionResult:
    dice = ScriptedDice(faces or [])
    if action == "attack":
        return S.attack(r, dice)
    return S.act(action, r, dice)


# --- 1. an unknown weapon name lists the table's names ----------------------------------------------------
def test_an_unknown_weapon_names_the_similar_table_weapons() -> None:
    err = refusal(lambda: S.sheet({"weapons": "velká_sekera"}))
    problem = err.params["problem"]
    assert problem.key == "problem.dnd35.unknown_weapon_name"
    assert "obouruční_sekera" in problem.params["like"] and "válečná_sekera" in problem.params["like"]


def test_a_weapon_name_like_none_lists_every_table_weapon() -> None:
    problem = refusal(lambda: S.sheet({"weapons": "laser"})).params["problem"]
    assert problem.key == "problem.dnd35.unknown_weapon_name_list"
    names = problem.params["all"].split(", ")
    assert "obouruční_sekera" in names and "dlouhý_meč" in names and "těžká_kuše" in names
    assert "heavy_mace" not in names  # English ids only where no Czech name reads back


# --- 5. renaming a quick NPC's weapon keeps its attack bonus and damage line ------------------------------
def test_renaming_a_quick_weapon_keeps_the_npcs_numbers() -> None:
    npc = S.sheet({"ac": "13", "hp": "5", "attack": "+4", "damage": "1k8+3", "weapon": "sekyra"})
    fixed = S.edit_sheet(npc, {"weapon": "válečná_sekera"})
    assert [w.name for w in fixed.weapons] == ["battleaxe"]  # the typo is replaced, not kept as a second
    axe = fixed.weapons[0]
    assert (axe.attack_override, axe.damage, axe.add_str, axe.crit_mult) == (4, "1k8+3", False, 3)
    hit = act("attack", req(Fighter("Skřet", fixed), fighter("Alena", HERO)), [15, 4])
    assert hit.total == 19 and hit.damage is not None and hit.damage.applied == 7


def test_a_characters_weapon_line_is_not_renamed_by_weapon() -> None:
    hero = S.sheet(HERO)
    edited = S.edit_sheet(hero, {"weapon": "dýka"})
    assert [w.name for w in edited.weapons] == ["dagger", "longsword"]  # as before: a weapon put first


# --- 17. the stat block's numbers belong to the first listed weapon ---------------------------------------
def test_quick_numbers_with_a_weapon_list_are_that_weapons() -> None:
    ogre = S.sheet({"ac": "16", "hp": "29", "attack": "+8", "damage": "2k8+7", "weapons": "kyj"})
    assert [w.name for w in ogre.weapons] == ["club"]
    club = ogre.weapons[0]
    assert (club.attack_override, club.damage, club.add_str) == (8, "2k8+7", False)
    hit = act("attack", req(Fighter("Ogr", ogre), fighter("Alena", HERO)), [15, 5, 5])
    assert hit.weapon == "club" and hit.total == 23


# --- 13. special attacks on the dead are refused as attacks are; no internal weapon id in notes ----------
@pytest.mark.parametrize("action", ["trip", "disarm", "grapple", "sunder", "bull_rush", "overrun", "feint"])
def test_special_attacks_on_the_dead_are_refused_unless_forced(action: str) -> None:
    dead = fighter("Ork", {**ORC, "hp_current": "-12"})
    err = refusal(lambda: act(action, req(fighter("Alena", HERO), dead), [15] * 12))
    assert err.key == "error.dnd35.target_dead" and err.params["name"] == "Ork"


def test_a_forced_trip_on_the_dead_goes_through() -> None:
    dead = fighter("Ork", {**ORC, "hp_current": "-12"})
    r = ActionRequest(fighter("Alena", HERO), dead, S.options({}), S.settings({}), forced=True)
    assert S.act("trip", r, ScriptedDice([15, 15, 2])).action == "trip"


def test_disarming_a_quick_npc_names_its_weapon_in_the_readers_words() -> None:
    npc = fighter("Skřet", {"ac": "13", "hp": "20", "attack": "+4", "damage": "1k8+3"})
    result = act("disarm", req(fighter("Alena", HERO), npc), [1, 18, 2])  # its AoO misses
    dropped = [n for n in result.notes if n.key == "weapon_dropped"]
    assert dropped and dropped[0].params["weapon"] == Term("term", "quick_weapon"), result.notes


# --- 18. sunder: damage all taken by hardness leaves the item unharmed ------------------------------------
def test_sunder_below_hardness_leaves_the_item_undamaged() -> None:
    npc = fighter("Ork", {**ORC, "weapons": "longsword"})
    # its AoO misses (1), opposed 18 vs 2, then a longsword d8 (6) + Str 3 = 9 against hardness 10
    result = act("sunder", req(fighter("Alena", HERO), npc), [1, 18, 2, 6])
    assert result.outcome == "item_undamaged", result.outcome
    assert result.damage is not None and result.damage.applied == 0
    assert [n.key for n in result.notes if n.key.startswith("item_")] == ["item_undamaged"]
