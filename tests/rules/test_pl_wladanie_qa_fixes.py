"""QA findings of a Polish group's play-through (report findings 1, 2, 4, 5, 9, 10, 14), on the rules side.

The seed (003_20ada4a0bcd09dc8.txt) is the authority; each test quotes the sentence it reads."""

from __future__ import annotations

from typing import Any, cast

import pytest

from rules.dice import ScriptedDice
from rules.errors import RulesError
from rules.model import Term
from rules.registry import get_system
from rules.system import ActionRequest, DefenceRequest, Fighter

S = get_system("pl_wladanie")
GM_THRESHOLDS = {"wound_thresholds": "light:10,serious:20,critical:30,out:40,dead:50"}


def sheet(**data: Any) -> Any:
    return S.sheet(data)


# --- 1. a GM edit grades damage by the encounter's own wound thresholds --------------------------------


def test_a_gm_edit_of_damage_uses_the_encounters_thresholds() -> None:
    settings = S.settings(GM_THRESHOLDS)
    edited = cast(Any, S.edit_sheet(sheet(), {"damage_taken": "+22"}, settings))
    assert edited.damage_taken == 22 and edited.wound_level == "serious"
    assert S.status(edited).level == "serious" and not S.status(edited).out_of_fight


def test_a_gm_edit_under_low_thresholds_reaches_the_critical_wound() -> None:
    settings = S.settings({"wound_thresholds": "light:1,serious:2,critical:3,out:5,dead:8"})
    edited = cast(Any, S.edit_sheet(sheet(), {"damage_taken": "4"}, settings))
    assert edited.wound_level == "critical"


def test_a_gm_edit_without_the_encounters_settings_keeps_the_default_thresholds() -> None:
    default = cast(Any, S.edit_sheet(sheet(), {"damage_taken": "+22"}))
    assert default.wound_level == cast(Any, S.edit_sheet(sheet(), {"damage_taken": "+22"}, S.settings({}))).wound_level


# --- 2. a hidden attacker's heavy-weapon notes are the attacker's -----------------------------------------


def test_heavy_weapon_notes_carry_the_attackers_side() -> None:
    """Seed: "Postać mająca karę -1 z tytułu ciężkiej broni, nie może wykonywać daną bronią ataków kosztem akcji
    dodatkowej lub szybciej. Postać mająca karę -10 … musi poświęcić … jedną akcję dodatkową": the penalty
    band tells the attacker's weight against its lift, so every such note is the attacker's (side "actor")
    and carries the penalty, which a hidden attacker's public copy leaves out."""
    club = {"id": "maczuga", "damage_dice": "1k12", "strength_category": "1", "weight_kg": 6}
    ogre = sheet(strength=9, lift_kg=10, weapon_skills={"maczuga": 9}, weapons=[club])
    req = ActionRequest(Fighter("Ogr", ogre), Fighter("Jagna", sheet(physical_defence=13)),
                        S.options({"extra_effort": True}), S.settings({}), None)  # fmt: skip
    result = S.attack(req, ScriptedDice([20, 5]))
    heavy = {n.key: n for n in result.notes if n.key.startswith(("heavy", "too_heavy"))}
    assert set(heavy) == {"heavy", "heavy_no_bonus_action_attacks", "heavy_extra_bonus_action", "too_heavy"}
    assert all(n.side == "actor" for n in heavy.values())
    assert heavy["heavy_extra_bonus_action"].params == {"penalty": -40}
    assert heavy["heavy_no_bonus_action_attacks"].params["penalty"] == -40


# --- 4. healing the total heals the parts -----------------------------------------------------------------


def test_zero_damage_clears_the_damage_per_part() -> None:
    hurt = sheet(damage_taken=13, damage_by_location={"torso": 13}, wound_level="serious")
    healed = cast(Any, S.update_sheet(hurt, {"damage_taken": "0"}))
    assert healed.damage_taken == 0 and healed.damage_by_location == {}
    edited = cast(Any, S.edit_sheet(hurt, {"damage_taken": "0"}))
    assert edited.damage_by_location == {} and S.status(edited).level == "unhurt"


def test_lower_damage_caps_every_part_at_the_new_total() -> None:
    hurt = sheet(damage_taken=15, damage_by_location={"torso": 13, "head": 2})
    healed = cast(Any, S.edit_sheet(hurt, {"hp": "+10"}))
    assert healed.damage_taken == 5 and healed.damage_by_location == {"torso": 5, "head": 2}


def test_parts_given_with_the_total_stand_as_given() -> None:
    hurt = sheet(damage_taken=13, damage_by_location={"torso": 13})
    kept = cast(Any, S.update_sheet(hurt, {"damage_taken": "4", "damage_by_location": "głowa=4"}))
    assert kept.damage_by_location == {"head": 4}


def test_more_damage_leaves_the_parts_alone() -> None:
    hurt = sheet(damage_taken=13, damage_by_location={"torso": 13})
    assert cast(Any, S.edit_sheet(hurt, {"damage_taken": "+2"})).damage_by_location == {"torso": 13}


# --- 9. throwing a melee weapon is the player's choice ----------------------------------------------------

SWORD = {"id": "miecz", "damage_dice": "1k8", "strength_category": "1/2", "weight_kg": 1.5}


def shot(actor: dict[str, Any], **options: Any) -> Any:
    req = ActionRequest(Fighter("Jagna", S.sheet(actor)), Fighter("Zbój", sheet(physical_defence=5)),
                        S.options(options), S.settings({}), None, 5)  # fmt: skip
    return S.shot(req, ScriptedDice([11, 3]))


def test_a_shot_with_only_a_sword_is_refused_without_the_throw_option() -> None:
    """Seed: "Postać może wykorzystać broń i rzucić nią …; jeżeli … nie jest zaprojektowana do miotania, otrzymuje
    modyfikator -10": a throw is chosen, and the refusal says how to choose it."""
    jagna = {"lift_kg": 45, "weapon_skills": {"miecz": 6}, "weapons": [SWORD]}
    with pytest.raises(RulesError) as err:
        shot(jagna)
    assert err.value.key == "error.pl_wladanie.throw_not_chosen" and err.value.params["penalty"] == -10
    thrown = shot(jagna, throw=True)
    assert {m.key: m.value for m in thrown.modifiers}["not_for_throwing"] == -10


def test_a_weapon_made_for_throwing_needs_no_option() -> None:
    knife = {"id": "nóż", "damage_dice": "1k4", "weight_kg": 0.5, "designed_for_throwing": True}
    result = shot({"lift_kg": 20, "weapon_skills": {"nóż": 4}, "weapons": [SWORD, knife]})
    assert "not_for_throwing" not in {m.key for m in result.modifiers}


# --- 10. running up to an archer: an outcome that says whether it worked ----------------------------------


def rush(own: int | None, archer: int | None = None, **options: Any) -> Any:
    req = ActionRequest(Fighter("Ala", sheet(initiative_result=own)), None, S.options(options), S.settings({}), None)
    if archer is not None:
        req = ActionRequest(req.actor, Fighter("Łucznik", sheet(initiative_result=archer)), req.options, req.settings)
    return S.act("archer_rush", req, ScriptedDice([]))


@pytest.mark.parametrize(("own", "archer", "outcome"), [(11, 30, "archer_rush_none"), (14, 10, "archer_rush_none"),
                                                        (15, 10, "archer_rush"), (30, 10, "archer_rush")])  # fmt: skip
def test_a_rush_without_actions_says_the_archer_acts_first(own: int, archer: int, outcome: str) -> None:
    """Seed: "za każde 10 więcej w teście postać będzie w stanie wykonać akcję zwykłą, a o każde 5 więcej
    akcję dodatkową": less than 5 more gives no action, so the rush is not made (even after winning)."""
    result = rush(own, archer)
    assert result.outcome == outcome and result.checks[0].outcome == outcome


def test_missing_initiative_results_say_which_and_how() -> None:
    with pytest.raises(RulesError) as own:
        rush(None, archer_initiative=12)
    assert own.value.key == "error.pl_wladanie.initiative_needed_own" and own.value.params == {"name": "Ala"}
    with pytest.raises(RulesError) as archer:
        rush(11)
    assert archer.value.key == "error.pl_wladanie.initiative_needed_archer"


# --- 14. a whole lift reads as a whole number -------------------------------------------------------------


@pytest.mark.parametrize("typed", [45, 45.0, "45", "45,0"])
def test_a_whole_lift_is_a_whole_number(typed: Any) -> None:
    lift = cast(Any, sheet(lift_kg=typed)).lift_kg
    assert lift == 45 and type(lift) is int


def test_a_fractional_lift_stays_as_typed() -> None:
    assert cast(Any, sheet(lift_kg="22,5")).lift_kg == 22.5


# --- 15. a parry typed against a shot without a shield: refused, saying why ------------------------------

BOW = {"id": "kusza", "damage_dice": "1k10", "ranged_kind": "shooting", "max_range_m": 80}


def pending_shot(target: dict[str, Any], settings: dict[str, Any] | None = None) -> tuple[ActionRequest, Any]:
    archer = Fighter("Kusznik", sheet(weapon_skills={"kusza": 30}, weapons=[BOW]))
    req = ActionRequest(archer, Fighter("Bartek", S.sheet(target)), S.options({}), S.settings(settings or {}), None, 10)
    return req, S.shot(req, ScriptedDice([10]))


@pytest.mark.parametrize(("setting", "key"), [("shield_only", "error.pl_wladanie.ranged_parry_shield_only"),
                                              ("never", "error.pl_wladanie.ranged_parry_never")])  # fmt: skip
def test_a_parry_not_offered_against_a_shot_is_refused_with_the_reason(setting: str, key: str) -> None:
    req, pending = pending_shot({"physical_defence": 12, "parry_skill": 5, "dodge_skill": 3},
                                {"ranged_parry": setting})  # fmt: skip
    assert pending.defences == ["dodge", "none"]
    defence = DefenceRequest(req.target, req.actor, pending.exchange, req.settings, "parry")  # type: ignore[arg-type]
    with pytest.raises(RulesError) as err:
        S.defend(defence, ScriptedDice([10]))
    assert err.value.key == key
    assert err.value.params["allowed"] == [Term("defence", "dodge"), Term("defence", "none")]


def test_the_system_reads_typed_defences_itself() -> None:
    assert S.reads_typed_defence  # the bot hands it "parry" not offered, so the refusal can say why
