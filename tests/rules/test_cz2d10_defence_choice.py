"""Vzor 2: the defences offered are whole purchases the defender can pay for, and a choice may be typed
in the seed's own words.

L459: "Zde nabývá významně na důležitosti pořadí, v němž se sčítají obranné bonusy do konečné obrany.
Základní pořadí je vždy následující: základ (13) + DEX + zbraň … + krytí … + štít + uhýbání."
L460: "Obrana obratností, sekundární zbraní, štítem a uhýbáním stojí jednu akci. Taktéž krytí, pokud se
postava kryje štítem … Obrana hlavní zbraní a krytí se touto zbraní stojí vždy dvě akce.\""""

from __future__ import annotations

from typing import Any

import pytest

from rules.dice import ScriptedDice
from rules.errors import RulesError
from rules.model import Term
from rules.system import ActionRequest, DefenceRequest, Fighter
from rules.systems.cz2d10 import SYSTEM as S

V2 = {"polygonal": False, "duel_system": "vzor2"}
FREE = {**V2, "vzor2_defence_order": "free"}
FIGHTER = {"str": 6, "dex": 6, "reaction": 5, "weapon": "medium_straight_blade_1h", "weapon_skill": 6}
# 13 + dex 3 (1 action) + weapon 2 (2 actions) + guard 2 (1: with a shield) + light shield 2 (1)
GUARDED = {
    "dex": 3,
    "reaction": 5,
    "weapon": "medium_straight_blade_1h",
    "weapon_skill": 6,
    "guard": 4,
    "shield": "light_shield",
}


def _pending(defender: dict[str, Any], settings: dict[str, Any] = V2) -> Any:
    req = ActionRequest(
        Fighter("A", S.sheet(FIGHTER)), Fighter("T", S.sheet(defender)), S.options({}), S.settings(settings)
    )
    r = S.attack(req, ScriptedDice([9, 9]))  # 18 + 7: always above 13, so the defence waits
    assert r.outcome == "pending_defence" and r.exchange is not None
    return r


def _defend(r: Any, choice: str, defender: dict[str, Any] = GUARDED, settings: dict[str, Any] = V2) -> Any:
    dreq = DefenceRequest(
        Fighter("T", S.sheet(defender)), Fighter("A", S.sheet(FIGHTER)), r.exchange, S.settings(settings), choice
    )
    return S.defend(dreq, ScriptedDice([5, 5, 3, 3, 3]))


def test_only_the_prefixes_the_defender_can_pay_for_are_offered() -> None:
    tired = {**GUARDED, "actions_left": 3}
    r = _pending(tired)
    assert r.defences == ["none", "dex", "to_weapon"]  # 1, then 1 + 2; guard would make 4
    offers = [n for n in r.notes if n.key == "defence_offer"]
    assert [(n.params["count"], n.params["defence"], n.side) for n in offers] == [(1, 16, "target"), (3, 18, "target")]
    assert offers[1].params["components"] == [Term("term", "def_dex"), Term("term", "def_weapon")]


def test_a_single_later_component_buys_the_ones_before_it() -> None:
    r = _pending(GUARDED)
    assert r.defences == ["none", "dex", "to_weapon", "to_guard", "to_shield"]
    for choice in ("to_shield", "shield", "Štít", "štít"):
        d = _defend(r, choice)
        assert d.target_sheet is not None and d.target_sheet["actions_left"] == 0  # 1 + 2 + 1 + 1
        bought = next(n for n in d.notes if n.key == "defence_bought")
        assert bought.params["actions"] == 5 and len(bought.params["components"]) == 4
        assert d.against == 13 + 3 + 2 + 2 + 2  # every component up to the (light) shield


def test_a_combination_in_czech_words() -> None:
    r = _pending(GUARDED)
    for typed in ("Obratnost, Hlavní zbraň", "obratnost + zbraň", "Obratnost a hlavní zbraň", "obratnost zbraň"):
        d = _defend(r, typed)
        assert d.against == 13 + 3 + 2, typed
        assert d.target_sheet is not None and d.target_sheet["actions_left"] == 2, typed


def test_a_combination_that_skips_a_component_says_how_to_write_one() -> None:
    r = _pending({**GUARDED, "actions_left": 4})
    with pytest.raises(RulesError) as refused:
        _defend(r, "Obratnost, Štít", {**GUARDED, "actions_left": 4})
    assert refused.value.key == "error.cz2d10.defence_not_prefix"
    params = refused.value.params
    assert params["last"] == Term("term", "def_guard")  # the furthest the defender can pay for
    assert params["listed"] == [Term("term", f"def_{k}") for k in ("dex", "weapon", "guard")]


def test_an_unknown_word_is_refused_with_the_components_in_words() -> None:
    r = _pending(GUARDED)
    with pytest.raises(RulesError) as refused:
        _defend(r, "Obratnost, kouzlo")
    assert refused.value.key == "error.cz2d10.unknown_defence" and refused.value.params["choice"] == "kouzlo"
    assert Term("term", "def_shield") in refused.value.params["allowed"]


def test_free_order_buys_exactly_the_components_named() -> None:
    r = _pending(GUARDED, FREE)
    assert r.defences == ["none", "dex", "weapon", "guard", "shield"] and not r.notes
    d = _defend(r, "Obratnost, Štít", settings=FREE)
    assert d.target_sheet is not None and d.target_sheet["actions_left"] == 3
    assert d.against == 13 + 3 + 2  # DEX and the light shield only


def test_letting_the_blow_land_says_so() -> None:
    d = _defend(_pending(GUARDED), "none")
    assert [n.key for n in d.notes if n.key.startswith("defence_")] == ["defence_let_land"]
