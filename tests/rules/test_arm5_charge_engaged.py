"""A momentum attack needs a character free to move: an engaged one must leave the fight first."""

from __future__ import annotations

from typing import Any

import pytest

from rules.dice import ScriptedDice
from rules.errors import RulesError
from rules.model import ActionResult, Message, Term
from rules.system import ActionRequest, Fighter
from rules.systems.arm5 import SYSTEM

ANIA = {"dex": 1, "single_weapon": 5, "weapon": "long_sword"}
ARCHER = {"qik": 0, "bows": 3, "weapon": "short_bow"}


def charge(ania: dict[str, Any], forced: bool = False) -> ActionResult:
    req = ActionRequest(
        Fighter("Ania", SYSTEM.sheet(ania)),
        Fighter("Łucznik", SYSTEM.sheet(ARCHER)),
        SYSTEM.options({"charge": True}),
        SYSTEM.settings({}),
        forced=forced,
    )
    return SYSTEM.attack(req, ScriptedDice([5]))


def test_an_engaged_character_cannot_charge() -> None:
    # Seed: "Postacie związane walką muszą wpierw wyjść z walki, nim wykonają akcję ruchu", and the
    # momentum attack: "Jest to jedyna możliwość, żeby w jednej rundzie wykonać ruch i atak."
    with pytest.raises(RulesError) as err:
        charge({**ANIA, "engaged_with": ["Zbój"]})
    assert err.value.key == "error.arm5.charge_engaged"
    assert err.value.params == {
        "who": "Ania",
        "engaged_with": ["Zbój"],
        "disengage": Message("syntax.action", {"key": Term("action", "disengage")}),
    }


def test_a_free_character_charges_and_the_gm_may_force_it_while_engaged() -> None:
    r = charge(ANIA)
    assert r.outcome == "pending_defence" and [m.value for m in r.modifiers if m.key == "atk_charge"] == [5]
    r = charge({**ANIA, "engaged_with": ["Zbój"]}, forced=True)  # the GM's `opcje:wymuś`
    assert r.outcome == "pending_defence"


def test_an_engaged_character_still_attacks_without_charging() -> None:
    req = ActionRequest(
        Fighter("Ania", SYSTEM.sheet({**ANIA, "engaged_with": ["Zbój"]})),
        Fighter("Łucznik", SYSTEM.sheet(ARCHER)),
        SYSTEM.options({}),
        SYSTEM.settings({}),
    )
    assert SYSTEM.attack(req, ScriptedDice([5])).outcome == "pending_defence"


def test_taking_the_opponent_out_of_the_fight_ends_the_engagement() -> None:
    """Finding 15: the seed's engagement is being close enough "żeby zaatakować lub zostać zaatakowanym";
    an opponent with an Eliminujące wound can do neither, so the hit that downs it ends the engagement on
    both sheets, and the next round's charge is not refused."""
    from rules.system import DefenceRequest

    wolf = Fighter("Wilk", SYSTEM.sheet({"engaged_with": ["Ania"]}))
    ania = Fighter("Ania", SYSTEM.sheet({**ANIA, "str": 3, "engaged_with": ["Wilk"]}))
    req = ActionRequest(ania, wolf, SYSTEM.options({}), SYSTEM.settings({}))
    dice = ScriptedDice([9, 1, 2])  # Attack 19 vs Defense 4 (1 doubled, 2): Damage 3 + 6 + 15 = 24
    pending = SYSTEM.attack(req, dice)
    assert pending.exchange is not None
    r = SYSTEM.defend(DefenceRequest(wolf, ania, pending.exchange, req.settings), dice)
    assert r.wound in ("incapacitating", "dead")
    assert r.target_sheet is not None and r.target_sheet["engaged_with"] == []
    assert r.actor_sheet is not None and r.actor_sheet["engaged_with"] == []
    assert charge({**r.actor_sheet, "action_used": False}).outcome == "pending_defence"  # the next round


def test_a_hit_that_leaves_the_opponent_standing_keeps_the_engagement() -> None:
    from rules.system import DefenceRequest

    wolf = Fighter("Wilk", SYSTEM.sheet({"sta": 5, "armour_prot": 10}))
    ania = Fighter("Ania", SYSTEM.sheet(ANIA))
    req = ActionRequest(ania, wolf, SYSTEM.options({}), SYSTEM.settings({}))
    dice = ScriptedDice([9, 3])
    pending = SYSTEM.attack(req, dice)
    assert pending.exchange is not None
    r = SYSTEM.defend(DefenceRequest(wolf, ania, pending.exchange, req.settings), dice)
    assert r.target_sheet is not None and r.target_sheet["engaged_with"] == ["Ania"]
    assert r.actor_sheet is not None and r.actor_sheet["engaged_with"] == ["Wilk"]
