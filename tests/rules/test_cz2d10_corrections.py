"""Rule corrections against the seed (issue 14): disarm, trip, fainting, battle reflexes, riders."""

from __future__ import annotations

from typing import Any

import pytest

from rules.dice import ScriptedDice
from rules.errors import RulesError
from rules.system import ActionRequest, Fighter
from rules.systems.cz2d10 import SYSTEM as S

BASIC = {"polygonal": False}
POLY = {"polygonal": True}
FIGHTER = {"str": 6, "dex": 6, "reaction": 5, "weapon": "medium_straight_blade_1h", "weapon_skill": 6}
DUMMY = {"dex": 2, "hp": 30, "weapon": "light_straight_blade"}  # defence 15


def req(
    actor: Any,
    target: Any = None,
    settings: dict[str, Any] | None = None,
    weapon: str | None = None,
    names: tuple[str, str] = ("A", "T"),
    **options: Any,
) -> ActionRequest:
    a = S.sheet(actor) if isinstance(actor, dict) else actor
    t = None if target is None else Fighter(names[1], S.sheet(target) if isinstance(target, dict) else target)
    return ActionRequest(Fighter(names[0], a), t, S.options(options), S.settings(settings or BASIC), weapon)


def mods(r: Any) -> dict[str, int | float]:
    return {m.key: m.value for m in [*r.modifiers, *r.defence_modifiers]}


def notes(r: Any) -> dict[str, dict[str, Any]]:
    return {n.key: n.params for n in r.notes}


# ---- bare-handed disarm ------------------------------------------------------------------------------
BRAWLER = {"str": 6, "dex": 6, "reaction": 5, "weapon_skill": 6, "bare_hand_fighting": True}  # bare hands


def test_bare_handed_disarm_penalises_the_long_weapon_not_the_attacker() -> None:
    # L384: "I holýma rukama je možné provést odzbrojení. V takovém případě mají zbraně s délkou vyšší než
    # dva postih -2." — the weapon being taken, like "Meče mají … bonus +3 (střední) a +6 (těžké)"
    sword = {"dex": 2, "str": 3, "hp": 30, "weapon": "medium_straight_blade_1h", "weapon_skill": 4}  # reach 5
    r = S.attack(req(BRAWLER, sword, disarm=True), ScriptedDice([6, 6, 5, 5, 5, 5]))
    assert mods(r)["disarm_test"] == 6 + 6  # levels + STR, no penalty on the bare hands
    assert mods(r)["disarm_resist"] == 4 + 3 + 3 - 2  # levels + STR + medium sword 3 − longer than 2
    dagger = {**sword, "weapon": "light_straight_blade"}  # reach 2: no penalty, no sword bonus (light)
    r = S.attack(req(BRAWLER, dagger, disarm=True), ScriptedDice([6, 6, 5, 5, 5, 5]))
    assert (mods(r)["disarm_test"], mods(r)["disarm_resist"]) == (12, 7)


def test_bare_handed_disarm_in_defence_uses_the_same_values() -> None:
    sword = {"dex": 2, "str": 3, "weapon": "heavy_straight_blade_2h", "weapon_skill": 4}  # reach 6, 2R
    r = S.act("disarm", req(BRAWLER, sword), ScriptedDice([5, 5, 5, 5]))
    assert mods(r)["disarm_resist"] == 4 + 3 + 1 + 6 - 2  # + STR/3 two-handed, heavy sword +6, long −2
    assert r.actor_sheet is not None and r.actor_sheet["actions_left"] == 3  # bare-handed: 2 actions


# ---- trip ---------------------------------------------------------------------------------------------
def test_trip_needs_a_weapon_one_longer_than_the_targets() -> None:
    # L392: "Pokud je tato zbraň alespoň o 1 delší než zbraň napadeného"
    axe = {**FIGHTER, "weapon": "medium_axe_1h"}  # reach 4
    with pytest.raises(RulesError, match="trip_weapon_too_short") as info:
        S.attack(req(axe, {**DUMMY, "weapon": "medium_blunt_1h"}, trip=True), ScriptedDice([]))  # reach 4
    assert info.value.params == {"reach": 4, "target_reach": 4}
    heavy = {**FIGHTER, "weapon": "heavy_axe"}  # reach 5: exactly one longer than 4
    r = S.attack(req(heavy, {**DUMMY, "weapon": "medium_blunt_1h"}, trip=True), ScriptedDice([6, 6, 5, 5, 5, 5]))
    assert r.outcome == "hit" and "trip_test" in mods(r)


def test_trip_needs_a_level_in_the_weapon() -> None:
    # L395: "Na využití schopnosti podražení je třeba mít alespoň jednu úroveň v ovládání dané zbraně."
    novice = {**FIGHTER, "weapon": "halberd", "weapon_skill": 0}
    with pytest.raises(RulesError, match="trip_needs_skill") as info:
        S.attack(req(novice, DUMMY, trip=True), ScriptedDice([]))
    assert info.value.params == {"levels": 0}


def test_an_axe_is_only_an_improvised_hook() -> None:
    # L392: "… sudlice, halapartny a podobně, v nouzi lze použít i záštitu meče nebo sekeru";
    # L395: "Improvizovaná zbraň na podrážení má v takovém případě postih -2 na útok."
    axe = {**FIGHTER, "weapon": "medium_axe_1h"}
    r = S.attack(req(axe, DUMMY, trip=True), ScriptedDice([1, 2]))
    assert mods(r)["improvised_hook"] == -2
    r = S.attack(req({**FIGHTER, "weapon": "halberd"}, DUMMY, trip=True), ScriptedDice([1, 2, 1, 1, 1, 1]))
    assert "improvised_hook" not in mods(r)


def test_a_fallen_character_cannot_attack_until_it_stands_up() -> None:
    # L393: "Povalená postava vstává tolik kol, o kolik má iniciativu nižší než 0, nejméně však jedno. Během
    # té doby nemůže útočit"
    with pytest.raises(RulesError, match="prone_cannot_attack"):
        S.attack(req({**FIGHTER, "prone": True}, DUMMY), ScriptedDice([]))
    up = S.act("stand_up", req({**FIGHTER, "prone": True}), ScriptedDice([]))
    assert up.actor_sheet is not None and up.actor_sheet["prone"] is False and up.actor_sheet["actions_left"] == 0


# ---- fainting (polygonal) -------------------------------------------------------------------------------
TORSO_HIT = [5, 5, 1, 5, 6]  # 19 vs 15 hits, d5 1 + STR/3 2 = 3 damage, location 11 = torso
TOUGH = {"dex": 2, "con": 3, "hp": 30}  # torso 12 HP: light from 3, serious from 6; stun faints at 6


def test_a_failed_shock_with_a_serious_wound_faints() -> None:
    # L467: "… ve chvíli, kdy dosáhnou vážného omráčení nebo kdy má kterákoliv část těla vážné a vyšší zranění
    # a dojde k neúspěchu v testu na šok, postava omdlévá."
    hurt = {**TOUGH, "part_damage": {"torso": 3}}  # + 3 = 6: serious
    r = S.attack(req(FIGHTER, hurt, POLY, shock="failed"), ScriptedDice(TORSO_HIT))
    assert r.location == "torso" and r.wound == "serious" and "fainted_shock" in notes(r)
    assert r.target_sheet is not None and r.target_sheet["fainted"] is True and r.target_sheet["stun"] == 3
    st = S.status(S.sheet(r.target_sheet))
    assert "fainted" in st.conditions and st.out_of_fight  # the stun (3 of 6) alone would not do it


def test_a_passed_shock_or_a_light_wound_does_not_faint() -> None:
    hurt = {**TOUGH, "part_damage": {"torso": 3}}
    r = S.attack(req(FIGHTER, hurt, POLY, shock="passed"), ScriptedDice(TORSO_HIT))
    assert r.target_sheet is not None and r.target_sheet["fainted"] is False
    r = S.attack(req(FIGHTER, TOUGH, POLY, shock="failed"), ScriptedDice(TORSO_HIT))  # 3 = light only
    assert r.target_sheet is not None and r.target_sheet["fainted"] is False and r.target_sheet["stun"] == 3


def test_any_seriously_wounded_part_counts_and_the_shock_may_come_later() -> None:
    arm = {**TOUGH, "part_damage": {"left_arm": 4}}  # arm 8 HP: 4 is serious
    r = S.attack(req(FIGHTER, arm, POLY, shock="failed"), ScriptedDice(TORSO_HIT))  # light torso hit
    assert r.target_sheet is not None and r.target_sheet["fainted"] is True
    later = S.act("shock", req({**arm, "last_damage": 2}, settings=POLY, shock="failed"), ScriptedDice([]))
    assert later.actor_sheet is not None and later.actor_sheet["fainted"] is True
    basic = S.act("shock", req({**arm, "last_damage": 2}, shock="failed"), ScriptedDice([]))
    assert basic.actor_sheet is not None and basic.actor_sheet["fainted"] is False  # a polygonal rule


# ---- battle reflexes and the order of opponents --------------------------------------------------------
DEFENDER = {  # two attacks of its own (two weapons), one battle reflex, initiative 5
    "dex": 2,
    "hp": 99,
    "reaction": 5,
    "weapon": "light_straight_blade",
    "off_weapon": "light_straight_blade",
    "battle_reflexes": 1,
}


def _attack_in_turn(defender: Any, name: str, **options: Any) -> tuple[Any, Any]:
    r = S.attack(req(FIGHTER, defender, names=(name, "D"), **options), ScriptedDice([1, 2]))  # a miss
    return r, S.sheet(r.target_sheet) if r.target_sheet is not None else defender


def test_the_seeds_battle_reflex_example() -> None:
    # L333: attacked by three (4, 2 and 1 attacks), itself with two attacks and one battle reflex, it
    # chooses the four-attack foe first and uses its reflexes on the second: "tento nepřítel nemá žádný
    # bonus. Třetí protivník má bonus +1"; the foe's third and fourth attacks +1 and +2
    d = S.sheet(DEFENDER)
    r, d = _attack_in_turn(d, "O4", attack_number=3)
    assert (mods(r)["multiple_attacks"], mods(r).get("multiple_opponents", 0)) == (1, 0)
    r, d = _attack_in_turn(d, "O2", reflexes=1)
    assert mods(r).get("multiple_opponents", 0) == 0 and notes(r)["battle_reflexes_used"] == {"reflexes": 1}
    r, d = _attack_in_turn(d, "O1")
    assert mods(r)["multiple_opponents"] == 1


def test_reflexes_on_the_last_opponent_instead() -> None:
    # L333: "Kdyby se napadená postava rozhodla využít své reflexy na obranu proti poslednímu protivníkovi,
    # oponent se dvěma útoky by měl na každý z nich bonus +1 …, ale počet jeho útoků napadený eliminuje"
    d = S.sheet(DEFENDER)
    _, d = _attack_in_turn(d, "O4")
    r, d = _attack_in_turn(d, "O2", reflexes=0)
    assert mods(r)["multiple_opponents"] == 1
    r, d = _attack_in_turn(d, "O1", reflexes=1)
    assert mods(r)["multiple_opponents"] == 1  # third: +2 − 1
    r, d = _attack_in_turn(d, "O2", attack_number=2)
    assert mods(r)["multiple_opponents"] == 1 and "multiple_attacks" not in mods(r)
    with pytest.raises(RulesError, match="reflexes_spent") as info:
        _attack_in_turn(d, "O4", reflexes=1)
    assert info.value.params == {"have": 1, "placed": 1}


def test_without_a_choice_the_reflexes_go_to_the_first_opponent_with_a_bonus() -> None:
    d = S.sheet(DEFENDER)
    _, d = _attack_in_turn(d, "O4")
    r, d = _attack_in_turn(d, "O2")
    assert mods(r).get("multiple_opponents", 0) == 0 and d.reflexes_against == {"O2": 1}  # type: ignore[attr-defined]


def test_only_a_fast_defender_chooses_the_order_of_its_opponents() -> None:
    # L332: "Obránce, pokud je dostatečně rychlý (má základní iniciativu nejvýše o 3 menší, než všichni jeho
    # protivníci, a nemá ji zápornou) si volí jejich pořadí"; the fighters have initiative 5 − 1 = 4
    fast = S.sheet({**DEFENDER, "battle_reflexes": 0})  # initiative 5
    r, fast = _attack_in_turn(fast, "O1")
    r, _ = _attack_in_turn(fast, "O2", opponent_number=1)
    assert notes(r)["opponents_ordered_by_defender"] == {"position": 1} and "multiple_opponents" not in mods(r)
    slow = S.sheet({**DEFENDER, "battle_reflexes": 0, "reaction": 0})  # 0 is more than 3 below 4
    r, slow = _attack_in_turn(slow, "O1")
    r, _ = _attack_in_turn(slow, "O2")
    assert notes(r)["opponents_ordered_by_initiative"] == {"position": 2} and mods(r)["multiple_opponents"] == 1
    with pytest.raises(RulesError, match="opponent_order_not_defenders") as info:
        _attack_in_turn(slow, "O2", opponent_number=1)
    assert info.value.params == {"initiative": 0, "fastest": 4}
    negative = S.sheet({**DEFENDER, "battle_reflexes": 0, "reaction": -1, "attackers": ["O1"]})
    with pytest.raises(RulesError, match="opponent_order_not_defenders"):
        _attack_in_turn(negative, "O2", opponent_number=1)


# ---- mounted riders and very low initiative ---------------------------------------------------------
def test_a_rider_at_very_low_initiative_is_told_the_actions_it_gets() -> None:
    # L9: "Pro jezdce toto pravidlo neplatí, pokud nemá velmi nízkou iniciativu. V takovém případě se aplikuje,
    # jako by měl pouze nízkou iniciativu." — 4 actions, and (low initiative) no charge
    r = S.initiative(req({"reaction": -7, "mounted": True}), ScriptedDice([5, 5]))
    assert notes(r)["rider_counts_as_low"] == {"initiative": -7, "actions": 4} and "cannot_charge" in notes(r)
    assert r.actor_sheet is not None and r.actor_sheet["actions_left"] == 4
    with pytest.raises(RulesError, match="slow_cannot_charge"):
        S.attack(req({**FIGHTER, "reaction": -6, "mounted": True}, DUMMY, charge=True), ScriptedDice([]))


def test_a_rider_at_low_initiative_keeps_five_actions_and_may_charge_by_default() -> None:
    rider = {**FIGHTER, "reaction": -2, "mounted": True}  # initiative −2 − 1 (sword) = −3
    r = S.initiative(req(rider), ScriptedDice([5, 5]))
    assert notes(r)["rider_ignores_slow"] == {"initiative": -3, "actions": 5} and "cannot_charge" not in notes(r)
    charge = S.attack(req(rider, DUMMY, charge=True), ScriptedDice([1, 2, 1]))
    assert mods(charge)["charge"] == 2 and mods(charge)["mounted"] == 2
    strict = {**BASIC, "rider_low_initiative_charge": False}
    assert "cannot_charge" in notes(S.initiative(req(rider, settings=strict), ScriptedDice([5, 5])))
    with pytest.raises(RulesError, match="slow_cannot_charge"):
        S.attack(req(rider, DUMMY, strict, charge=True), ScriptedDice([]))


def test_slow_notes_count_the_actions_actually_given() -> None:
    r = S.initiative(req({"reaction": -7}), ScriptedDice([5, 5]))
    assert notes(r)["slow_very_low"] == {"actions": 3}
    r = S.initiative(req({"reaction": -7, "acceleration": 1}), ScriptedDice([5, 5]))
    assert notes(r)["slow_very_low"] == {"actions": 4}  # one action bought back with stun
    assert (
        S.status(S.sheet({"reaction": -3, "mounted": True, "acceleration": 1})).numbers.get(
            "acceleration_stun_per_2_rounds", 0
        )
        == 0
    )  # a rider at low initiative has no action to buy back
