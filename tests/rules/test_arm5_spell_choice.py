"""Which spell a cast or a magic attack means (option `spell`, the weapon slot, or the only one), and
Parma Magica when nobody said whether the spell penetrates."""

from __future__ import annotations

from typing import Any

import pytest

from rules.checks import verify_result
from rules.dice import ScriptedDice
from rules.errors import RulesError
from rules.model import ActionResult, Message, Term
from rules.system import ActionRequest, Fighter
from rules.systems.arm5 import SYSTEM

PILUM: dict[str, Any] = {"name": "Pilum of Fire", "damage": 15, "casting_score": 12, "level": 20, "fast_casting": True}
FLAME: dict[str, Any] = {"name": "Ball of Abysmal Flame", "damage": 30, "casting_score": 9}
MAGE = {"qik": 1, "finesse": 2, "spells": [PILUM, FLAME]}
FOE = {"sta": 0, "size": 0}


def act(
    action: str,
    faces: list[int],
    options: dict[str, Any] | None = None,
    weapon: str | None = None,
    target: dict[str, Any] | None = FOE,
    mage: dict[str, Any] = MAGE,
) -> ActionResult:
    dice = ScriptedDice(faces)
    req = ActionRequest(
        Fighter("Bartek", SYSTEM.sheet(mage)),
        Fighter("Zbój", SYSTEM.sheet(target)) if target is not None else None,
        SYSTEM.options(options or {}),
        SYSTEM.settings({}),
        weapon,
    )
    result = SYSTEM.act(action, req, dice)
    assert dice.remaining == 0
    verify_result(result)
    return result


def _typed(option: str, value: str) -> Message:
    pair = Message("syntax.arm5.option_value", {"option": Term("typed_option", option), "value": value})
    return Message("syntax.option", {"key": pair})


@pytest.mark.parametrize("action", ["magic_attack", "cast"])
def test_two_spells_and_none_named_lists_the_options_that_pick_one(action: str) -> None:
    target = FOE if action == "magic_attack" else None
    with pytest.raises(RulesError) as err:
        act(action, [], target=target)
    assert err.value.key == "error.arm5.spell_not_chosen"
    assert err.value.params == {
        "who": "Bartek",
        "choices": [_typed("spell", "Pilum_of_Fire"), _typed("spell", "Ball_of_Abysmal_Flame")],
    }


def test_the_spell_option_picks_the_spell_as_typed() -> None:
    # "Obrażenia = Wartość obrażeń zaklęcia + Stress die." Ball of Abysmal Flame +30, die 4; Soak 0 + die 3.
    r = act("magic_attack", [4, 3], options={"spell": "ball_of_abysmal_flame"})
    assert (r.total, r.against) == (34, 3)
    r = act("cast", [5], target=None, options={"spell": "Ball_of_Abysmal_Flame"})
    assert (r.weapon, r.total) == ("Ball of Abysmal Flame", 9 + 5)


def test_the_weapon_slot_still_names_the_spell() -> None:
    r = act("cast", [5], target=None, weapon="Pilum_of_Fire")
    assert (r.weapon, r.total, r.outcome) == ("Pilum of Fire", 17, "cast_failure")


def test_one_spell_is_used_without_naming_it() -> None:
    r = act("cast", [5], target=None, mage={"qik": 1, "spells": [FLAME]})
    assert (r.weapon, r.total) == ("Ball of Abysmal Flame", 14)


def test_a_spell_not_on_the_sheet_is_refused_with_the_sheets_spells() -> None:
    with pytest.raises(RulesError) as err:
        act("cast", [], target=None, options={"spell": "Kula"})
    assert err.value.key == "error.arm5.spell_unknown" and err.value.params["spell"] == "Kula"
    # a number typed for this one cast makes any name fine
    r = act("cast", [5], target=None, options={"spell": "Kula", "casting_score": 3})
    assert (r.weapon, r.total) == ("Kula", 8)


def test_no_spells_asks_for_the_number_with_the_typed_option() -> None:
    with pytest.raises(RulesError) as err:
        act("cast", [], target=None, mage={"qik": 1})
    assert err.value.key == "error.arm5.casting_score_missing"
    assert err.value.params == {"who": "Bartek", "example": _typed("casting_score", 12)}  # type: ignore[arg-type]
    with pytest.raises(RulesError) as err:
        act("magic_attack", [], mage={"qik": 1})
    assert err.value.key == "error.arm5.spell_damage_missing"


def test_fast_casting_of_several_mastered_spells_asks_which() -> None:
    both = {**MAGE, "spells": [PILUM, {**FLAME, "fast_casting": True}]}
    with pytest.raises(RulesError) as err:
        act("cast", [], target=None, options={"fast_casting": True}, mage=both)
    assert err.value.key == "error.arm5.spell_not_chosen"
    r = act("cast", [5], target=None, options={"fast_casting": True}, mage=MAGE)  # one mastered: Pilum
    assert (r.weapon, r.total) == ("Pilum of Fire", 12 - 10 + 5)


# --- Parma Magica ---------------------------------------------------------------------------------------
PARMA = {**FOE, "magic_resistance": True}


def test_parma_magica_without_a_word_on_penetration_does_not_apply_the_spell() -> None:
    # Seed: "Atak magiczny - o ile atakowany nie ma jakiejś formy odporności na magię (Parma Magica)
    # zakładamy, że zaklęcie odniosło efekt." With Parma Magica the effect is not assumed; the sheets
    # give no Penetration, so nothing is rolled, nothing changes, and the caster keeps the action.
    r = act("magic_attack", [], options={"spell": "Pilum_of_Fire"}, target=PARMA)
    assert (r.outcome, r.rolls, r.changes, r.target_sheet, r.damage) == ("penetration_undecided", [], [], None, None)
    assert r.actor_sheet is not None and r.actor_sheet["action_used"] is False
    (n,) = r.notes
    assert n.key == "penetration_needed"
    assert n.params == {"who": "Zbój", "yes": _typed("penetrated", "tak"), "no": _typed("penetrated", "nie")}


def test_parma_magica_with_the_gms_word() -> None:
    r = act("magic_attack", [], options={"spell": "Pilum_of_Fire", "penetrated": "nie"}, target=PARMA)
    assert r.outcome == "resisted" and r.actor_sheet is not None and r.actor_sheet["action_used"] is True
    r = act("magic_attack", [4, 3], options={"spell": "Pilum_of_Fire", "penetrated": "tak"}, target=PARMA)
    assert (r.outcome, r.total, r.against) == ("hit", 19, 3)


def test_no_parma_magica_the_spell_takes_effect() -> None:
    r = act("magic_attack", [4, 3], options={"spell": "Pilum_of_Fire"})
    assert (r.outcome, r.total) == ("hit", 19)
