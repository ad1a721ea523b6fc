"""arm5 melee and shots: attack → pending_defence → defend, with the digest's worked example 1."""

from __future__ import annotations

from typing import Any

import pytest

from rules.checks import verify_result
from rules.dice import ScriptedDice
from rules.errors import RulesError
from rules.model import ActionResult
from rules.system import ActionRequest, DefenceRequest, Fighter
from rules.systems.arm5 import SYSTEM

SWORD = {"name": "sword", "ability": "single_weapon", "atk": 4, "dam": 6}
# Digest example 1: attacker Dex +1, Str +2, Single Weapon 4, weapon Atk +4 Dam +6.
ATTACKER = {"dex": 1, "str": 2, "single_weapon": 4, "weapon": SWORD}
# Defender: Qik +1, Sta +1, Single Weapon 3, weapon Dfn +1 + shield Dfn +3, Protection 5, one Light wound.
DEFENDER = {
    "qik": 1,
    "sta": 1,
    "single_weapon": 3,
    "weapon": {"name": "sword", "ability": "single_weapon", "dfn": 1},
    "shield": {"name": "round", "dfn": 3},
    "armour_prot": 5,
    "wounds": {"light": 1},
}


def fighter(name: str, data: dict[str, Any]) -> Fighter[Any]:
    return Fighter(name, SYSTEM.sheet(data))


def request(
    actor: dict[str, Any],
    target: dict[str, Any] | None,
    options: dict[str, Any] | None = None,
    settings: dict[str, Any] | None = None,
    weapon: str | None = None,
) -> ActionRequest:
    return ActionRequest(
        fighter("A", actor),
        fighter("D", target) if target is not None else None,
        SYSTEM.options(options or {}),
        SYSTEM.settings(settings or {}),
        weapon,
    )


def exchange(
    actor: dict[str, Any],
    target: dict[str, Any],
    faces: list[int],
    options: dict[str, Any] | None = None,
    settings: dict[str, Any] | None = None,
    kind: str = "attack",
    weapon: str | None = None,
) -> ActionResult:
    dice = ScriptedDice(faces)
    req = request(actor, target, options, settings, weapon)
    pending = SYSTEM.attack(req, dice) if kind == "attack" else SYSTEM.shot(req, dice)
    assert pending.outcome == "pending_defence"
    assert pending.exchange is not None
    dreq = DefenceRequest(req.target, req.actor, pending.exchange, req.settings)  # type: ignore[arg-type]
    result = SYSTEM.defend(dreq, dice)
    assert dice.remaining == 0, "every scripted die must be used"
    verify_result(result)  # every check adds up as shown
    return result


def mod(result: ActionResult, key: str) -> int | float | None:
    found = [m.value for m in [*result.modifiers, *result.defence_modifiers] if m.key == key]
    return found[0] if found else None


def test_worked_example_1_doubled_die_heavy_wound() -> None:
    r = exchange(ATTACKER, DEFENDER, [1, 7, 6])
    assert [(d.purpose, d.face) for d in r.rolls] == [("attack", 1), ("attack", 7), ("defence", 6)]
    assert mod(r, "attack_die") == 14
    assert (r.total, r.against, r.margin, r.outcome) == (23, 13, 10, "hit")
    assert mod(r, "def_wound_penalty") == -1
    assert r.damage is not None
    assert (r.damage.rolled, r.damage.reduced_by, r.damage.applied) == (18, 6, 12)
    assert r.wound == "heavy"
    assert r.target_sheet is not None
    after = SYSTEM.sheet(r.target_sheet)
    assert after.wounds.light == 1 and after.wounds.heavy == 1  # type: ignore[attr-defined]
    assert after.wound_penalty == -6  # type: ignore[attr-defined]


def test_pending_attack_changes_nothing_and_offers_defend() -> None:
    pending = SYSTEM.attack(request(ATTACKER, DEFENDER), ScriptedDice([5]))
    assert pending.outcome == "pending_defence"
    assert pending.defences == ["defend"]
    assert pending.changes == [] and pending.target_sheet is None and pending.actor_sheet is None
    assert SYSTEM.default_defence(pending.exchange or {}) == "defend"


def test_advantage_exactly_zero_is_a_miss() -> None:
    # Attack 1+4+4+5 = 14; Defense 1+3+4-1+7 = 14.
    r = exchange(ATTACKER, DEFENDER, [5, 7])
    assert (r.total, r.against, r.margin, r.outcome) == (14, 14, 0, "miss")
    assert r.damage is None and r.wound is None


def test_advantage_one_hits() -> None:
    r = exchange(ATTACKER, DEFENDER, [6, 7])
    assert (r.margin, r.outcome) == (1, "hit")
    assert r.damage is not None and r.damage.rolled == 2 + 6 + 1


def test_hit_that_soak_stops_gives_no_wound() -> None:
    weak = {**ATTACKER, "str": 0, "weapon": {**SWORD, "dam": 0}}
    r = exchange(weak, DEFENDER, [6, 7])  # damage 0 + 0 + 1 = 1 vs soak 6
    assert r.outcome == "hit" and r.wound is None
    assert r.damage is not None and r.damage.applied == 0
    assert any(n.key == "soaked" for n in r.notes)


def test_botched_defence_total_is_zero_and_advantage_is_whole_attack() -> None:
    # Attack 9 + 5 = 14; defence die "0" with one botch die showing "0" → Defense total 0.
    r = exchange(ATTACKER, DEFENDER, [5, 10, 10])
    assert r.against == 0 and r.margin == 14
    assert any(n.key == "botch" and n.params["botches"] == 1 for n in r.notes)
    assert [d.purpose for d in r.rolls] == ["attack", "defence", "defence_botch"]


def test_zero_without_botch_counts_zero_not_total_zero() -> None:
    r = exchange(ATTACKER, DEFENDER, [5, 10, 3])
    assert r.against == 1 + 3 + 4 - 1  # the die adds 0, the modifiers stay
    assert any(n.key == "zero_no_botch" for n in r.notes)


def test_botched_attack_is_zero_and_misses() -> None:
    r = exchange(ATTACKER, DEFENDER, [10, 10, 2])
    assert r.total == 0 and r.outcome == "miss"


def test_botch_dice_option_and_setting() -> None:
    r = exchange(ATTACKER, DEFENDER, [10, 3, 10, 2], options={"botch_dice": 2})
    assert r.total == 0  # the second botch die shows "0"
    r = exchange(ATTACKER, DEFENDER, [10, 2], settings={"botch_dice_default": 0})
    assert r.total == 9 and r.against == 7 + 2  # no botch dice on either roll


def test_penalties_apply_to_attack_and_accumulate_from_later_wounds() -> None:
    wounded = {**ATTACKER, "wounds": {"light": 1, "medium": 1}, "fatigue_level": 3}
    r = exchange(wounded, DEFENDER, [5, 2])
    assert mod(r, "atk_wound_penalty") == -4
    assert mod(r, "atk_fatigue_penalty") == -3
    assert r.total == 9 + 5 - 7


def test_later_wound_penalty_reaches_the_next_defence() -> None:
    first = exchange(ATTACKER, DEFENDER, [1, 7, 6])
    assert first.target_sheet is not None
    again = dict(first.target_sheet)
    r = exchange(ATTACKER, again, [5, 7])
    assert mod(r, "def_wound_penalty") == -6
    assert r.against == 1 + 3 + 4 - 6 + 7


def test_incapacitating_and_dead_results() -> None:
    big = {**ATTACKER, "weapon": {**SWORD, "dam": 16}}
    r = exchange(big, DEFENDER, [6, 7])  # damage 2+16+1 = 19, soak 6 → 13 → heavy
    assert r.wound == "heavy"
    r = exchange(big, {**DEFENDER, "armour_prot": 2}, [6, 7])  # 19 - 3 = 16 → incapacitating
    assert r.wound == "incapacitating" and "incapacitated" in r.conditions
    r = exchange({**big, "str": 7}, {**DEFENDER, "armour_prot": 2}, [6, 7])  # 24 - 3 = 21 → dead
    assert r.wound == "dead" and "dead" in r.conditions
    assert r.target_sheet is not None and r.target_sheet["dead"] is True


def test_size_changes_the_band() -> None:
    r = exchange(ATTACKER, {**DEFENDER, "size": 1}, [1, 7, 6])  # net 12, Size +1: 7-12 medium
    assert r.wound == "medium"
    r = exchange(ATTACKER, {**DEFENDER, "size": -2}, [1, 7, 6])  # Size -2: 10-12 incapacitating
    assert r.wound == "incapacitating"


def test_defender_out_of_fight_has_defence_zero_and_no_die() -> None:
    r = exchange(ATTACKER, {**DEFENDER, "fatigue_level": 5}, [5])
    assert r.against == 0 and r.margin == 14
    assert any(n.key == "cannot_defend" for n in r.notes)


def test_engagement_and_attacked_by_tracking() -> None:
    r = exchange(ATTACKER, DEFENDER, [5, 7])
    assert r.actor_sheet is not None and r.target_sheet is not None
    assert r.actor_sheet["engaged_with"] == ["D"] and r.actor_sheet["action_used"] is True
    assert r.target_sheet["engaged_with"] == ["A"] and r.target_sheet["attacked_by"] == ["A"]


def test_second_action_in_a_round_is_refused_unless_setting_off() -> None:
    with pytest.raises(RulesError) as err:
        SYSTEM.attack(request({**ATTACKER, "action_used": True}, DEFENDER), ScriptedDice([5]))
    assert err.value.key == "error.arm5.action_used"
    r = exchange({**ATTACKER, "action_used": True}, DEFENDER, [5, 7], settings={"enforce_action_economy": False})
    assert r.outcome == "miss"


def test_start_round_gives_the_action_back() -> None:
    f = fighter("A", {**ATTACKER, "action_used": True})
    res = SYSTEM.start_round(f, SYSTEM.settings({}), 2)
    assert res is not None and res.actor_sheet is not None and res.actor_sheet["action_used"] is False
    assert SYSTEM.start_round(fighter("A", ATTACKER), SYSTEM.settings({}), 2) is None


def test_charge_costs_a_fatigue_level_and_adds_the_ability() -> None:
    r = exchange(ATTACKER, DEFENDER, [5, 7], options={"charge": True})
    assert mod(r, "atk_charge") == 4
    assert mod(r, "atk_fatigue_penalty") is None  # Winded has no penalty
    assert r.total == 9 + 4 + 5
    assert r.actor_sheet is not None and r.actor_sheet["fatigue_level"] == 1


def test_charge_fatigue_before_roll_setting() -> None:
    winded = {**ATTACKER, "fatigue_level": 1}
    r = exchange(winded, DEFENDER, [5, 7], options={"momentum": True})
    assert mod(r, "atk_fatigue_penalty") == -1  # Weary now, before the roll
    r = exchange(winded, DEFENDER, [5, 7], options={"charge": True}, settings={"momentum_fatigue_before_roll": False})
    assert mod(r, "atk_fatigue_penalty") is None
    assert r.actor_sheet is not None and r.actor_sheet["fatigue_level"] == 2


def test_charge_on_difficult_ground_spends_fatigue_without_bonus() -> None:
    r = exchange(ATTACKER, DEFENDER, [5, 7], options={"charge": True, "difficult_ground": True})
    assert mod(r, "atk_charge") == 0 and r.total == 14
    assert r.actor_sheet is not None and r.actor_sheet["fatigue_level"] == 1


def test_charge_refused_when_mounted_or_too_tired() -> None:
    with pytest.raises(RulesError) as err:
        SYSTEM.attack(request({**ATTACKER, "mounted": True}, DEFENDER, {"charge": True}), ScriptedDice([5]))
    assert err.value.key == "error.arm5.charge_on_foot_only"
    with pytest.raises(RulesError) as err:
        SYSTEM.attack(request({**ATTACKER, "fatigue_level": 4}, DEFENDER, {"charge": True}), ScriptedDice([5]))
    assert err.value.key == "error.arm5.too_tired_to_charge"


def test_charge_is_refused_on_a_shot() -> None:
    # Seed: "Ta opcja to rodzaj szarży jaką może wykonać piechota … postać musi poruszać się biegiem
    # (zwróć uwagę czy zdążysz dobiec do celu w tej rundzie)": a run that ends at the target, in melee.
    archer = {"dex": 2, "bows": 3, "weapon": "long_bow"}
    with pytest.raises(RulesError) as err:
        SYSTEM.shot(request(archer, DEFENDER, {"charge": True}), ScriptedDice([5]))
    assert err.value.key == "error.arm5.charge_melee_only"
    assert exchange(archer, DEFENDER, [5, 7], kind="shot").total == 2 + 3 + 4 + 5  # without it: fine
    assert exchange(ATTACKER, DEFENDER, [5, 7], options={"charge": True}).total == 18  # melee charge


@pytest.mark.parametrize(("riding", "bonus"), [(0, None), (2, 2), (3, 3), (5, 3)])
def test_mounted_riding_bonus_capped_at_3_against_foot(riding: int, bonus: int | None) -> None:
    rider = {**ATTACKER, "mounted": True, "riding": riding}
    r = exchange(rider, DEFENDER, [5, 7])
    assert mod(r, "atk_riding") == bonus
    r = exchange(rider, {**DEFENDER, "mounted": True}, [5, 7])  # both mounted: no bonus
    assert mod(r, "atk_riding") is None


def test_mounted_defender_gets_riding_bonus_against_foot_attacker() -> None:
    r = exchange(ATTACKER, {**DEFENDER, "mounted": True, "riding": 4}, [5, 7])
    assert mod(r, "def_riding") == 3 and r.against == 14 + 3


def test_riding_bonus_vs_shots_setting() -> None:
    bow = {"dex": 1, "bows": 3, "weapon": "long_bow"}
    target = {**DEFENDER, "mounted": True, "riding": 3}
    r = exchange(bow, target, [5, 7], kind="shot")
    assert mod(r, "def_riding") is None
    r = exchange(bow, target, [5, 7], kind="shot", settings={"riding_bonus_vs_shots": True})
    assert mod(r, "def_riding") == 3


@pytest.mark.parametrize(("cover", "bonus"), [("quarter", 3), ("half", 6), ("three_quarters", 9), ("almost_full", 12)])
def test_cover_against_shots(cover: str, bonus: int) -> None:
    bow = {"dex": 1, "bows": 3, "weapon": "long_bow"}
    r = exchange(bow, DEFENDER, [5, 7], kind="shot", options={"cover": cover})
    assert mod(r, f"def_cover_{cover}") == bonus
    assert r.against == 14 + bonus
    r = exchange(bow, {**DEFENDER, "cover": cover}, [5, 7], kind="shot")  # cover from the sheet
    assert r.against == 14 + bonus


def test_cover_in_melee_only_with_setting() -> None:
    r = exchange(ATTACKER, {**DEFENDER, "cover": "half"}, [5, 7])
    assert r.against == 14
    r = exchange(ATTACKER, {**DEFENDER, "cover": "half"}, [5, 7], settings={"cover_in_melee": True})
    assert r.against == 20


def test_shot_does_not_engage_and_uses_bows() -> None:
    bow = {"dex": 1, "str": 2, "bows": 3, "weapon": "long_bow"}
    r = exchange(bow, DEFENDER, [5, 2], kind="shot")
    assert mod(r, "atk_bows") == 3 and mod(r, "atk_weapon") == 4
    assert r.total == 1 + 3 + 4 + 5
    assert r.target_sheet is None or r.target_sheet["engaged_with"] == []
    assert r.actor_sheet is not None and r.actor_sheet["engaged_with"] == []


def test_bows_add_strength_setting() -> None:
    bow = {"dex": 1, "str": 2, "bows": 3, "weapon": "long_bow"}
    r = exchange(bow, DEFENDER, [9, 2], kind="shot")
    assert r.damage is not None and r.damage.rolled == 2 + 8 + r.margin  # type: ignore[operator]
    r = exchange(bow, DEFENDER, [9, 2], kind="shot", settings={"bows_add_strength": False})
    assert r.damage is not None and r.damage.rolled == 8 + r.margin  # type: ignore[operator]


@pytest.mark.parametrize(
    ("mode", "against"),
    [("normal_defense_plus_cover", 14), ("shield_only_plus_cover", 13), ("quickness_plus_cover", 1 - 1 + 7)],
)
def test_missile_defense_setting(mode: str, against: int) -> None:
    bow = {"dex": 1, "bows": 3, "weapon": "long_bow"}
    r = exchange(bow, DEFENDER, [5, 7], kind="shot", settings={"missile_defense": mode})
    assert r.against == against


def test_weapon_from_the_table_by_request() -> None:
    r = exchange({"dex": 1, "great_weapon": 3}, DEFENDER, [5, 7], weapon="great_sword")
    assert mod(r, "atk_great_weapon") == 3 and mod(r, "atk_weapon") == 4
    with pytest.raises(RulesError) as err:
        SYSTEM.attack(request(ATTACKER, DEFENDER, weapon="lightsaber"), ScriptedDice([5]))
    assert err.value.key == "error.arm5.unknown_weapon"


def test_shield_sums_only_with_single_weapon() -> None:
    with_shield = {"qik": 0, "great_weapon": 2, "weapon": "great_sword", "shield": "heater_shield"}
    r = exchange(ATTACKER, with_shield, [5, 7])
    assert mod(r, "def_shield") is None and r.against == 0 + 2 + 2 + 7
    r = exchange(ATTACKER, {**with_shield, "weapon": "long_sword", "single_weapon": 2}, [5, 7])
    assert mod(r, "def_shield") == 3 and r.against == 2 + 1 + 3 + 7


def test_quick_npc_line_totals() -> None:
    npc = {"attack": "+9", "defense": "+6", "damage": "+5", "soak": "+7", "size": "0"}
    s = SYSTEM.status(SYSTEM.sheet(npc))
    assert (s.numbers["attack"], s.numbers["defence"], s.numbers["damage"], s.numbers["soak"]) == (9, 6, 5, 7)
    mixed = SYSTEM.sheet({"dex": "2", "single_weapon": "3", "attack": "+9", "sta": "2", "soak": "7"})
    s = SYSTEM.status(mixed)
    assert s.numbers["attack"] == 9 and s.numbers["soak"] == 7
    r = exchange(npc, npc, [5, 2])
    assert (r.total, r.against, r.margin) == (14, 8, 6)
    assert r.damage is not None and (r.damage.rolled, r.damage.applied) == (11, 4)
    assert r.wound == "light"


def test_unknown_sheet_key_and_bad_values_are_refused() -> None:
    with pytest.raises(RulesError) as err:
        SYSTEM.sheet({"hp": 10})
    assert err.value.key == "error.stat_unknown"
    with pytest.raises(RulesError) as err:
        SYSTEM.sheet({"attack": "lots"})
    assert err.value.key == "error.stat_invalid"
    with pytest.raises(RulesError) as err:
        SYSTEM.options({"flanking": True})
    assert err.value.key == "error.option_unknown"


def test_settings_accept_digest_prefix() -> None:
    s = SYSTEM.settings({"arm5.botch_dice_default": 3})
    assert s.botch_dice_default == 3  # type: ignore[attr-defined]


def test_target_who_left_combat_needs_pursuit() -> None:
    with pytest.raises(RulesError) as err:
        SYSTEM.attack(request(ATTACKER, {**DEFENDER, "left_combat": True}), ScriptedDice([5]))
    assert err.value.key == "error.arm5.target_left_combat"
    r = exchange(ATTACKER, {**DEFENDER, "left_combat": True}, [5, 7], options={"pursue": True})
    assert r.outcome == "miss"


ARCHER = {"dex": 2, "bows": 3, "weapon": "long_bow"}
GONE = {**DEFENDER, "left_combat": True}


def test_shots_and_spells_at_who_left_the_fight_follow_the_gm_setting() -> None:
    # Seed: "taka postać opuszcza pole walki i nie może zostać ponownie zaatakowana, dopóki przeciwnik
    # również się nie wycofa i nie rozpocznie pościgu". Whether that covers shots and spells is the GM's
    # reading: by default only melee is refused.
    shot = exchange(ARCHER, GONE, [9, 2], kind="shot")  # 2+3+4+9 = 18 vs 1+3+1+3+2−1 = 9
    assert (shot.total, shot.against, shot.outcome) == (18, 9, "hit")
    strict = {"left_combat_protects_from": "all_attacks"}
    with pytest.raises(RulesError) as err:
        SYSTEM.shot(request(ARCHER, GONE, settings=strict), ScriptedDice([5]))
    assert err.value.key == "error.arm5.target_left_combat" and err.value.params == {"who": "D"}
    spell = {"spell_damage": 15}
    with pytest.raises(RulesError) as err:
        SYSTEM.act("magic_attack", request(ATTACKER, GONE, spell, strict), ScriptedDice([5, 5]))
    assert err.value.key == "error.arm5.target_left_combat"
    assert SYSTEM.act("magic_attack", request(ATTACKER, GONE, spell), ScriptedDice([5, 5])).outcome == "hit"
    pursued = exchange(ARCHER, GONE, [9, 2], kind="shot", options={"pursue": True}, settings=strict)
    assert (pursued.total, pursued.against) == (18, 9)  # a pursuer reaches them under either reading


def test_nonlethal_needs_the_setting_and_converts_to_fatigue() -> None:
    with pytest.raises(RulesError) as err:
        SYSTEM.attack(request(ATTACKER, DEFENDER, {"nonlethal": True}), ScriptedDice([5]))
    assert err.value.key == "error.arm5.nonlethal_off"
    r = exchange(ATTACKER, DEFENDER, [1, 7, 6], options={"nonlethal": True}, settings={"fatigue_table": "nonlethal"})
    # heavy band → 2 Fatigue levels + a light wound instead
    assert r.wound == "light"
    assert r.target_sheet is not None
    assert r.target_sheet["fatigue_level"] == 2 and r.target_sheet["wounds"]["light"] == 2
    assert r.target_sheet["wounds"]["heavy"] == 0


def test_nonlethal_killing_band_caps_fatigue_at_unconscious() -> None:
    big = {**ATTACKER, "str": 10, "weapon": {**SWORD, "dam": 20}}
    r = exchange(
        big,
        {**DEFENDER, "fatigue_level": 2},
        [6, 7],
        options={"nonlethal": True},
        settings={"fatigue_table": "nonlethal"},
    )
    assert r.wound == "medium"
    assert r.target_sheet is not None and r.target_sheet["fatigue_level"] == 5
    assert any(n.key == "fatigue_overflow" and n.params["levels"] == 2 for n in r.notes)


def test_wound_band_override_for_out_of_table_size() -> None:
    tiny = {**DEFENDER, "size": -6}
    with pytest.raises(RulesError):
        exchange(ATTACKER, tiny, [1, 7, 6])
    r = exchange(ATTACKER, tiny, [1, 7, 6], options={"wound_band": "dead"})
    assert r.wound == "dead"


def test_dead_or_out_attacker_cannot_act() -> None:
    with pytest.raises(RulesError) as err:
        SYSTEM.attack(request({**ATTACKER, "incapacitating": 1}, DEFENDER), ScriptedDice([5]))
    assert err.value.key == "error.arm5.cannot_act"


def test_defend_refuses_unknown_choice_and_accepts_parry() -> None:
    req = request(ATTACKER, DEFENDER)
    pending = SYSTEM.attack(req, ScriptedDice([5]))
    assert pending.exchange is not None and req.target is not None
    with pytest.raises(RulesError):
        SYSTEM.defend(DefenceRequest(req.target, req.actor, pending.exchange, req.settings, "flee"), ScriptedDice([7]))
    r = SYSTEM.defend(DefenceRequest(req.target, req.actor, pending.exchange, req.settings, "parry"), ScriptedDice([7]))
    assert r.against == 14


def test_status_levels_and_numbers() -> None:
    s = SYSTEM.status(SYSTEM.sheet({**DEFENDER, "heavy": 1, "fatigue_level": 2}))
    assert s.level == "heavy" and "weary" in s.conditions
    assert s.numbers["penalty"] == -7
    assert SYSTEM.status(SYSTEM.sheet({"dead": True})).level == "dead"
    assert SYSTEM.status(SYSTEM.sheet({})).level == "unhurt"


def test_sheet_botch_dice_between_option_and_setting() -> None:
    # The defender's own sheet asks for 2 botch dice: its Defense "0" rolls two, the second shows "0".
    r = exchange(ATTACKER, {**DEFENDER, "botch_dice": 2}, [5, 10, 4, 10])
    assert r.against == 0 and [d.purpose for d in r.rolls].count("defence_botch") == 2
    # An action's option beats the sheet: no botch dice at all on this attack.
    r = exchange({**ATTACKER, "botch_dice": 3}, DEFENDER, [10, 7], options={"botch_dice": 0})
    assert r.total == 9 and [d.purpose for d in r.rolls] == ["attack", "defence"]


def test_digest_field_spellings_are_accepted() -> None:
    sheet = SYSTEM.sheet(
        {
            "name": "Maja",
            "attacked_by_since_last_turn": ["B"],
            "wounds": {"light": 1, "dead": False},
            "fatigue_level": "weary",
            "abilities": {"single_weapon": 3, "thrown_weapon": 2},
            "spells": [{"name": "Pilum of Fire", "damage": 15, "mastered_fast_casting": True}],
        }
    )
    dumped = sheet.model_dump()
    assert dumped["attacked_by"] == ["B"] and dumped["fatigue_level"] == 2
    assert dumped["abilities"]["throw"] == 2 and dumped["spells"][0]["fast_casting"] is True
    assert SYSTEM.sheet(dumped).model_dump() == dumped  # stored sheets load back unchanged


def test_weapon_by_numbers_takes_the_sheets_one_combat_ability() -> None:
    great = SYSTEM.sheet({"great_weapon": 5, "weapon": {"atk": 4, "dam": 9}})
    assert great.weapon.ability == "great_weapon" and great.weapon.name == "weapon"  # type: ignore[attr-defined]
    bow = SYSTEM.sheet({"bows": 3, "brawl": 0, "weapon": {"name": "my bow", "atk": 4, "dam": 8}})
    assert bow.weapon.ability == "bows" and bow.weapon.ranged  # type: ignore[attr-defined]
    mixed = SYSTEM.sheet({"bows": 3, "brawl": 2, "weapon": {"atk": 1}})
    assert mixed.weapon.ability == "single_weapon"  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("given", "key"), [(3, "quarter"), ("+6", "half"), ("3/4", "three_quarters"), (12, "almost_full")]
)
def test_cover_given_as_its_bonus_or_fraction(given: Any, key: str) -> None:
    assert SYSTEM.options({"cover": given}).cover == key  # type: ignore[attr-defined]
    assert SYSTEM.sheet({"cover": given}).cover == key  # type: ignore[attr-defined]
    with pytest.raises(RulesError):
        SYSTEM.options({"cover": 5})
