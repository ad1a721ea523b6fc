"""Whose numbers a note carries (`Note.side`): the bot hides a hidden side's numbers from players, and
a note with no side at all while anything is hidden. A player's own combat points are the actor's (or,
paid by the defender inside the attacker's result, the target's), so they reach the player against a
hidden NPC."""

from __future__ import annotations

from typing import Any

from rules.dice import ScriptedDice
from rules.model import ActionResult, Note
from rules.registry import get_system
from rules.system import ActionRequest, Fighter
from tests.rules.test_adnd2cp_checks import described

S = get_system("adnd2cp")


def thief(**data: Any) -> Any:
    base: dict[str, Any] = {
        "classes": [{"class_name": "thief", "level": 3}],
        "dexterity": 17,
        "intelligence": 14,
        "hp": 14,
        "ac": 5,
        "weapons": ["short_sword", "short_bow"],
    }
    base.update(data)
    return S.sheet(base)


def defender(**data: Any) -> Any:
    base: dict[str, Any] = {"hp": 40, "ac": 5, "pool_max": 20, "arts": ["schivata"], "dodge_pct": 30}
    base.update(data)
    return S.sheet(base)


def request(actor: Any, tgt: Any = None, weapon: str | None = None, **opts: Any) -> ActionRequest:
    target = Fighter("Orco", tgt) if tgt is not None else None
    return ActionRequest(Fighter("Lia", actor), target, S.options(opts), S.settings({}), weapon, 20)


def the(result: ActionResult, key: str) -> Note:
    return next(n for n in result.notes if n.key == key)


def test_the_attackers_blows_paid_are_the_actors_numbers() -> None:
    # Seed: "PRECISIONE NELLA MIRA [ATTACCO] ... Costo 3 punti combattimento"
    orc = S.sheet({"hp": 15, "ac": 6, "thac0": 19})
    r = described(S.shot(request(thief(), orc, "short_bow", blows="precisione_nella_mira"), ScriptedDice([13, 6])))
    paid = the(r, "blows_paid")
    assert paid.params["cost"] == 3 and paid.side == "actor"
    missed = described(S.shot(request(thief(), orc, "short_bow", blows="precisione_nella_mira"), ScriptedDice([2])))
    assert the(missed, "blows_spent_on_miss").side == "actor"


def test_the_defenders_blows_in_the_attackers_result_are_the_targets_numbers() -> None:
    # Seed: "EVASIONE MIGLIORATA [ATTACCO] ... Costo 1 punto combattimento + 1 punto combattimento
    # supplementare ogni 5%"
    orc = S.sheet({"hp": 15, "ac": 6, "thac0": 19, "damage": "1d8"})
    req = ActionRequest(
        Fighter("Orco", orc),
        Fighter("Lia", defender()),
        S.options({"target_blows": "evasione_migliorata", "evasion_bonus": 5}),
        S.settings({}),
    )
    r = described(S.attack(req, ScriptedDice([15, 90, 4])))
    assert the(r, "defence_blows_paid").side == "target" and the(r, "dodge").side == "target"


def test_the_defend_action_and_the_round_declarations_are_the_actors_own_points() -> None:
    readied = S.act("defend", request(defender(), blows="evasione_migliorata", evasion_bonus=5), ScriptedDice([]))
    assert the(readied, "defence_readied").side == "actor"
    fighter = S.sheet({"classes": [{"class_name": "fighter", "level": 9}], "hp": 60, "weapons": ["long_sword"]})
    declared = S.act("declare", request(fighter, blows="combattere_sulla_difensiva"), ScriptedDice([]))
    assert the(declared, "round_blows_paid").side == "actor"
    rested = S.act("rest", request(S.sheet(declared.actor_sheet), hours=1), ScriptedDice([]))
    assert the(rested, "rest").side == "actor"
    quick = S.declare_for_initiative(request(fighter, blows="colpo_rapido"))
    assert the(quick, "quick_strike_declared").side == "actor"
    rolled = S.initiative(request(S.sheet(quick.actor_sheet)), ScriptedDice([4]))
    assert the(rolled, "quick_strike_paid").side == "actor" and the(rolled, "quick_strike_factor").side == "actor"
