"""Vzor 2: an attack that waits for the defender's answer is paid for when it is made, not when it is
answered: a second attack in the meantime sees the actions spent and the crossbow unloaded."""

from __future__ import annotations

from typing import Any

import pytest

from rules.dice import ScriptedDice
from rules.errors import RulesError
from rules.system import ActionRequest, DefenceRequest, Fighter
from rules.systems.cz2d10 import SYSTEM as S

V2 = {"polygonal": False, "duel_system": "vzor2"}
SWORDSMAN = {"str": 6, "dex": 6, "reaction": 5, "weapon": "medium_straight_blade_1h", "weapon_skill": 6}
ARCHER = {"str": 4, "dex": 8, "reaction": 5, "weapon": "light_crossbow", "weapon_skill": 4}
DEFENDER = {"dex": 3, "reaction": 5, "weapon": "medium_straight_blade_1h", "weapon_skill": 6, "guard": 4}


def _req(actor: dict[str, Any], distance: float | None = None) -> ActionRequest:
    return ActionRequest(
        Fighter("A", S.sheet(actor)), Fighter("T", S.sheet(DEFENDER)), S.options({}), S.settings(V2), None, distance
    )


def _answer(pending: Any, attacker: dict[str, Any], dice: list[int]) -> Any:
    dreq = DefenceRequest(
        Fighter("T", S.sheet(DEFENDER)), Fighter("A", S.sheet(attacker)), pending.exchange, S.settings(V2), "none"
    )
    return S.defend(dreq, ScriptedDice(dice))


def test_a_waiting_attack_spends_its_actions_at_once() -> None:
    # L3: "Každé kolo se dělí na 5 akcí"; L27: "… a současně zaútočit (obvykle 3 akce)"
    r = S.attack(_req(SWORDSMAN), ScriptedDice([9, 9]))
    assert r.outcome == "pending_defence"
    assert r.actor_sheet is not None and r.actor_sheet["actions_left"] == 2
    assert [c.after for c in r.changes if c.field == "actions_left"] == [2]
    with pytest.raises(RulesError) as second:
        S.attack(_req(r.actor_sheet), ScriptedDice([9, 9]))
    assert second.value.key == "error.cz2d10.not_enough_actions"


def test_the_answer_neither_charges_again_nor_restores_the_older_attacker() -> None:
    r = S.attack(_req(SWORDSMAN), ScriptedDice([9, 9]))
    assert r.actor_sheet is not None
    later = {**r.actor_sheet, "actions_left": 0}  # the attacker did something else meanwhile
    d = _answer(r, later, [5, 5, 3])
    assert d.outcome in ("hit", "crit") and d.actor_sheet is None


def test_a_waiting_crossbow_shot_is_unloaded_at_once() -> None:
    # L412: "Výstřel z kuše jsou rovněž 2 akce, ovšem nabití vyžaduje nejméně 3 akce"
    r = S.shot(_req(ARCHER, 10), ScriptedDice([9, 9]))
    assert r.outcome == "pending_defence"
    assert r.actor_sheet is not None
    assert r.actor_sheet["actions_left"] == 3 and r.actor_sheet["reload_left"] >= 3
    with pytest.raises(RulesError) as again:
        S.shot(_req(r.actor_sheet, 10), ScriptedDice([9, 9]))
    assert again.value.key == "error.cz2d10.not_loaded"


def test_an_exchange_stored_before_still_charges_at_the_answer() -> None:
    """A waiting attack stored by an older version carries the attacker's updates: they still apply."""
    r = S.attack(_req(SWORDSMAN), ScriptedDice([9, 9]))
    old = {**(r.exchange or {}), "actor_upd": {"actions_left": 2, "acted_this_round": True}}
    d = _answer(r.model_copy(update={"exchange": old}), SWORDSMAN, [5, 5, 3])
    assert d.actor_sheet is not None and d.actor_sheet["actions_left"] == 2
