"""What a refusal gives the presenter to say it in the players' words: the damage type a blow needs, whole
metres as whole numbers, and the option that makes a supplementary attack as it is typed."""

from __future__ import annotations

from typing import Any

import pytest

from rules.dice import ScriptedDice
from rules.errors import RulesError
from rules.model import Message, Term
from rules.registry import get_system
from rules.system import ActionRequest, Fighter

S = get_system("adnd2cp")


def refusal(
    actor: Any, shot: bool = False, weapon: str | None = None, distance: float | None = None, **opts: Any
) -> RulesError:
    orc = S.sheet({"hp": 80, "ac": 7, "thac0": 18})
    req = ActionRequest(Fighter("Lia", actor), Fighter("Lupo", orc), S.options(opts), S.settings({}), weapon, distance)
    with pytest.raises(RulesError) as err:
        (S.shot if shot else S.attack)(req, ScriptedDice([]))
    return err.value


def thief(**data: Any) -> Any:
    base: dict[str, Any] = {
        "classes": [{"class_name": "thief", "level": 6}],
        "dexterity": 17,
        "hp": 24,
        "ac": 5,
        "weapons": ["short_sword", "short_bow"],
    }
    base.update(data)
    return S.sheet(base)


def test_a_blow_for_another_damage_type_names_the_type_it_needs() -> None:
    # Seed: "INCAPACITARE [ATTACCO]: Questo attacco può essere utilizzato solo con le armi da botta da corpo
    # a corpo"
    err = refusal(thief(), blows="incapacitare")
    assert err.key == "error.adnd2cp.blow_damage_type"
    assert err.params["needed"] == [Term("term", "damage_type.B")]
    assert err.params["weapon"] == Term("weapon", "short_sword")


def test_out_of_range_gives_whole_metres_as_whole_numbers() -> None:
    err = refusal(thief(), shot=True, weapon="short_bow", distance=200.0)
    assert err.key == "error.adnd2cp.out_of_range"
    assert (err.params["distance"], err.params["long"]) == (200, 135)
    assert type(err.params["distance"]) is int and type(err.params["long"]) is int
    assert refusal(thief(), shot=True, weapon="short_bow", distance=137.5).params["distance"] == 137.5


def test_no_main_attack_left_names_the_option_as_typed() -> None:
    # Seed: "Qualora un personaggio possegga la capacità di effettuare attacchi supplementari rispetto ai
    # suoi comuni attacchi principali ..."
    err = refusal(thief(attacks_left=0, attacks_made=1))
    assert err.key == "error.adnd2cp.no_attacks_left"
    assert err.params["option"] == Message("syntax.option", {"key": Term("typed_option", "supplementary")})
    assert S.typed_option("supplementary") == "supplementare"
