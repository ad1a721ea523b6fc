"""Magic attack (digest worked example 2), the spell-zero reading, resistance, and casting rolls."""

from __future__ import annotations

from typing import Any

import pytest

from rules.checks import verify_result
from rules.dice import ScriptedDice
from rules.errors import RulesError
from rules.model import ActionResult
from rules.system import ActionRequest, Fighter
from rules.systems.arm5 import SYSTEM

MAGE = {
    "qik": 1,
    "finesse": 2,
    "spells": [{"name": "Pilum of Fire", "damage": 15, "casting_score": 20, "level": 20}],
}
CREATURE = {"sta": 3, "armour_prot": 2, "size": 1}
PILUM: dict[str, Any] = {"name": "Pilum of Fire", "damage": 15, "casting_score": 20, "level": 20}
MASTER = {**MAGE, "spells": [{**PILUM, "fast_casting": True}]}


def act(
    action: str,
    faces: list[int],
    target: dict[str, Any] | None = CREATURE,
    options: dict[str, Any] | None = None,
    settings: dict[str, Any] | None = None,
    spell: str | None = None,
    mage: dict[str, Any] = MAGE,
) -> ActionResult:
    dice = ScriptedDice(faces)
    req = ActionRequest(
        Fighter("Mag", SYSTEM.sheet(mage)),
        Fighter("Bestia", SYSTEM.sheet(target)) if target is not None else None,
        SYSTEM.options(options or {}),
        SYSTEM.settings(settings or {}),
        spell,
    )
    result = SYSTEM.act(action, req, dice)
    assert dice.remaining == 0
    verify_result(result)  # every check adds up as shown
    return result


def test_worked_example_2_pilum_of_fire_against_size_plus_one() -> None:
    r = act("magic_attack", [1, 1, 3, 4], spell="Pilum of Fire")
    assert [(d.purpose, d.face) for d in r.rolls] == [
        ("spell_damage", 1),
        ("spell_damage", 1),
        ("spell_damage", 3),
        ("soak", 4),
    ]
    assert (r.total, r.against, r.damage and r.damage.applied) == (27, 9, 18)
    # Not a margin: no Attack Advantage in a magic attack ("Wynik: Trafienie (przewaga +18)" misnamed it)
    assert r.margin is None
    assert r.wound == "heavy"  # Size +1: 13-18, the top edge
    assert r.target_sheet is not None and r.target_sheet["wounds"]["heavy"] == 1


def test_spell_damage_option_and_one_more_point_is_incapacitating() -> None:
    r = act("magic_attack", [1, 1, 3, 4], options={"spell_damage": 16})
    assert r.damage is not None and r.damage.applied == 19 and r.wound == "incapacitating"


def test_spell_damage_zero_without_botch_just_adds_zero() -> None:
    r = act("magic_attack", [10, 5, 4])  # damage die "0", botch die 5: no botch
    assert r.total == 15 and r.against == 9 and r.wound == "light"


def test_spell_damage_botch_means_no_damage_and_no_soak_roll() -> None:
    # Seed: "Stress Die (zwykle na 1 kości fuszerki, gdzie wynik 0 oznacza brak obrażeń)": with no damage
    # there is nothing to soak, so neither the Soak die nor its botch dice are rolled, and it is no hit.
    r = act("magic_attack", [10, 10], settings={"spell_soak_botch_dice": 1})
    assert [(d.purpose, d.face) for d in r.rolls] == [("spell_damage", 10), ("spell_damage_botch", 10)]
    assert (r.outcome, r.total, r.against, r.margin, r.wound, r.damage) == ("no_damage", 0, None, None, None, None)
    assert r.against_key is None and r.target_sheet is None
    assert any(n.key == "spell_no_damage" for n in r.notes)
    assert r.actor_sheet is not None and r.actor_sheet["action_used"] is True  # the spell was still cast


def test_spell_zero_any_zero_setting_rolls_no_soak_either() -> None:
    r = act("magic_attack", [10, 5], settings={"spell_zero": "any_zero"})  # "0", botch die 5: no botch
    assert (r.outcome, r.total, r.wound) == ("no_damage", 0, None)
    assert [d.purpose for d in r.rolls] == ["spell_damage", "spell_damage_botch"]


def test_soak_roll_penalties_and_botch_dice_settings() -> None:
    hurt = {**CREATURE, "wounds": {"medium": 1}}
    r = act("magic_attack", [1, 1, 3, 4], target=hurt)
    assert r.against == 9 - 3
    r = act("magic_attack", [1, 1, 3, 4], target=hurt, settings={"penalties_on_rolled_soak": False})
    assert r.against == 9
    r = act("magic_attack", [1, 1, 3, 10, 10], settings={"spell_soak_botch_dice": 1})
    assert r.against == 0  # a botched Soak roll is 0


def test_magic_resistance_stops_unpenetrated_spell() -> None:
    r = act("magic_attack", [], target={**CREATURE, "magic_resistance": True}, options={"penetrated": False})
    assert r.outcome == "resisted" and r.target_sheet is None
    r = act("magic_attack", [1, 1, 3, 4], target={**CREATURE, "magic_resistance": True}, options={"penetrated": True})
    assert r.wound == "heavy"


def test_unknown_spell_needs_a_damage_value() -> None:
    with pytest.raises(RulesError) as err:
        act("magic_attack", [], spell="Nothing")
    assert err.value.key == "error.arm5.spell_unknown"  # the sheet's spells are listed to pick from
    with pytest.raises(RulesError) as err:
        act("magic_attack", [], spell="Nothing", mage={"qik": 1})
    assert err.value.key == "error.arm5.spell_damage_missing"


def test_cast_and_fast_cast() -> None:
    r = act("cast", [5], target=None, spell="Pilum of Fire")
    assert (r.total, r.against, r.outcome) == (25, 20, "cast_success")
    assert r.actor_sheet is not None and r.actor_sheet["action_used"] is True
    fast = {"fast_casting": True}
    r = act("cast", [5], target=None, spell="Pilum of Fire", options=fast, mage=MASTER)
    assert (r.total, r.outcome) == (15, "cast_failure")
    assert r.actor_sheet is not None and r.actor_sheet["action_used"] is False  # a reaction: the action stays
    assert r.actor_sheet["fast_casts"] == 1
    r = act("cast", [10, 2, 3, 10], target=None, spell="Pilum of Fire", options=fast, mage=MASTER)
    assert [d.purpose for d in r.rolls] == ["casting"] + ["casting_botch"] * 3  # 1 + 2 extra botch dice
    assert r.total == 0


def test_fast_casting_a_spell_without_its_mastery_is_refused() -> None:
    # Seed: "Jeżeli jednak opanował to zaklęcie w sposób mistrzowski (Spell Mastery) i ma umiejętność
    # szybkiego rzucania tego zaklęcia (Fast Casting) … Należy wówczas pamiętać o karze -10 do Casting Score"
    for action, target in (("cast", None), ("magic_attack", CREATURE)):
        with pytest.raises(RulesError) as err:
            act(action, [5, 5], target=target, spell="Pilum of Fire", options={"fast_casting": True})
        assert err.value.key == "error.arm5.fast_casting_not_mastered"
        assert err.value.params == {"who": "Mag", "spell": "Pilum of Fire", "mastered": ["—"]}


def test_cast_penalties_apply() -> None:
    r = act("cast", [5], target=None, options={"casting_score": 10}, mage={**MAGE, "light": 2})
    assert r.total == 10 + 5 - 2
    assert (r.against, r.outcome) == (20, "cast_failure")  # the sheet's only spell is level 20
    r = act("cast", [5], target=None, options={"casting_score": 10, "spell_level": 13}, mage={**MAGE, "light": 2})
    assert (r.margin, r.outcome) == (0, "cast_success")  # reaching the level is enough
