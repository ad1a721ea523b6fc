"""Attacks on a helpless target: unconscious (Fatigue 5) or incapacitated (an Eliminujące wound).

The seed has no rule of its own for helpless targets; its exchange is "Broniący się wykonuje test
Obrony" and "Postać staje się związana walką wręcz jeśli wykonuje test ataku lub obrony". A target who
cannot act makes no Defense test: its Defense total is 0 with no die (digest §5 [R]), so the Attack
Advantage is the whole Attack total, and it is not engaged by an attack it could not answer.
"""

from __future__ import annotations

from typing import Any

import pytest

from rules.checks import verify_result
from rules.dice import ScriptedDice
from rules.model import ActionResult
from rules.system import ActionRequest, DefenceRequest, Fighter
from rules.systems.arm5 import SYSTEM

ATTACKER = {
    "dex": 1,
    "str": 2,
    "single_weapon": 4,
    "weapon": {"name": "sword", "ability": "single_weapon", "atk": 4, "dam": 6},
}
ARCHER = {"dex": 2, "str": 1, "bows": 3, "weapon": "long_bow"}
HELPLESS = {
    "unconscious": {"qik": 2, "sta": 2, "armour_prot": 10, "fatigue_level": 5},
    "incapacitated": {"qik": 2, "sta": 2, "armour_prot": 10, "wounds": {"incapacitating": 1}},
}


def exchange(attacker: dict[str, Any], target: dict[str, Any], faces: list[int], kind: str = "attack") -> ActionResult:
    dice = ScriptedDice(faces)
    req = ActionRequest(
        Fighter("A", SYSTEM.sheet(attacker)),
        Fighter("T", SYSTEM.sheet(target)),
        SYSTEM.options({}),
        SYSTEM.settings({}),
    )
    pending = SYSTEM.attack(req, dice) if kind == "attack" else SYSTEM.shot(req, dice)
    assert pending.exchange is not None and req.target is not None
    result = SYSTEM.defend(DefenceRequest(req.target, req.actor, pending.exchange, req.settings), dice)
    assert dice.remaining == 0  # no Defense die was rolled
    verify_result(result)  # every check adds up as shown
    return result


@pytest.mark.parametrize("state", sorted(HELPLESS))
def test_a_helpless_target_has_defence_zero_and_no_die(state: str) -> None:
    r = exchange(ATTACKER, HELPLESS[state], [3])  # Attack 9 + 3 = 12 vs 0
    assert (r.total, r.against, r.margin, r.outcome) == (12, 0, 12, "hit")
    assert r.defence_modifiers == [] and [d.purpose for d in r.rolls] == ["attack"]
    assert any(n.key == "cannot_defend" and n.params == {"who": "T"} for n in r.notes)
    assert r.damage is not None and (r.damage.rolled, r.damage.reduced_by) == (2 + 6 + 12, 12)  # 8 → Średnie
    assert r.wound == "medium"


@pytest.mark.parametrize("state", sorted(HELPLESS))
def test_a_shot_at_a_helpless_target_likewise(state: str) -> None:
    r = exchange(ARCHER, HELPLESS[state], [4], kind="shot")  # 2 + 3 + 4 + 4 = 13 vs 0
    assert (r.total, r.against, r.outcome) == (13, 0, "hit")


def test_a_botched_attack_still_misses_a_helpless_target() -> None:
    r = exchange(ATTACKER, HELPLESS["unconscious"], [10, 10])  # botch: total 0, advantage 0 → no hit
    assert (r.total, r.against, r.margin, r.outcome) == (0, 0, 0, "miss")


def test_the_helpless_target_is_attacked_but_not_engaged() -> None:
    r = exchange(ATTACKER, HELPLESS["unconscious"], [3])
    assert r.target_sheet is not None
    assert (r.target_sheet["attacked_by"], r.target_sheet["engaged_with"]) == (["A"], [])
    assert r.actor_sheet is not None and r.actor_sheet["engaged_with"] == ["T"]  # the attacker did test
    awake = exchange(ATTACKER, {"qik": 2, "armour_prot": 20}, [3, 2])  # not downed by the hit
    assert awake.target_sheet is not None and awake.target_sheet["engaged_with"] == ["A"]
