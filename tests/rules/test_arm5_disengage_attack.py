"""A normal attack after declaring the exit gives the exit up: the attempt and the retreat bonus end."""

from __future__ import annotations

from typing import Any

import pytest

from rules.checks import verify_result
from rules.dice import ScriptedDice
from rules.errors import RulesError
from rules.model import ActionResult
from rules.system import ActionRequest, DefenceRequest, Fighter
from rules.systems.arm5 import SYSTEM

MAJA = {
    "qik": 1,
    "dex": 1,
    "single_weapon": 3,
    "weapon": {"name": "sword", "ability": "single_weapon", "atk": 2, "dfn": 3},
    "spells": [{"name": "Pilum of Fire", "damage": 15}],
}
BANDIT = {"dex": 0, "single_weapon": 2, "weapon": {"name": "axe", "ability": "single_weapon", "atk": 3}}


def _req(
    actor: tuple[str, dict[str, Any]], target: tuple[str, dict[str, Any]], options: dict[str, Any]
) -> ActionRequest:
    return ActionRequest(
        Fighter(actor[0], SYSTEM.sheet(actor[1])),
        Fighter(target[0], SYSTEM.sheet(target[1])),
        SYSTEM.options(options),
        SYSTEM.settings({}),
    )


def _declared_exit() -> dict[str, Any]:
    """Maja, attacked by the bandit, declares the exit: her Defense is rolled, the bandit's reaction waits."""
    maja = {**MAJA, "attacked_by": ["Bandit"], "disengage_bonus": 3}
    req = ActionRequest(Fighter("Maja", SYSTEM.sheet(maja)), None, SYSTEM.options({}), SYSTEM.settings({}))
    r = SYSTEM.act("disengage", req, ScriptedDice([5]))
    assert r.outcome == "disengage_continues" and r.actor_sheet is not None
    assert r.actor_sheet["disengage_pending"] == ["Bandit"] and r.actor_sheet["action_used"] is False
    return r.actor_sheet


def _attack_resolved(maja: dict[str, Any]) -> ActionResult:
    dice = ScriptedDice([5, 2])
    pending = SYSTEM.attack(_req(("Maja", maja), ("Bandit", BANDIT), {}), dice)
    bandit = Fighter("Bandit", SYSTEM.sheet(BANDIT))
    assert pending.exchange is not None
    req = DefenceRequest(bandit, Fighter("Maja", SYSTEM.sheet(maja)), pending.exchange, SYSTEM.settings({}))
    final = SYSTEM.defend(req, dice)
    assert dice.remaining == 0
    verify_result(final)
    assert any(n.key == "disengage_abandoned" for n in final.notes)
    return final


def test_an_attack_after_declaring_the_exit_drops_the_attempt_and_the_bonus() -> None:
    # Seed: "Walczący w swojej rundzie ataku może zadeklarować wyjście z walki. W tej sytuacji zamiast
    # wykonywać test Ataku wykonuje test Obrony." … "Jeśli jednak zmieni zdanie i wykona normalny atak,
    # wówczas bonus jest resetowany do zera."
    final = _attack_resolved(_declared_exit())
    after = final.target_sheet if final.actor == "Bandit" else final.actor_sheet
    assert after is not None
    assert after["disengage_bonus"] == 0 and after["disengage_defence"] is None
    assert after["disengage_pending"] == [] and after["left_combat"] is False
    # the bandit's reaction Attack has nothing left to answer
    req = _req(("Bandit", BANDIT), ("Maja", after), {})
    with pytest.raises(RulesError) as err:
        SYSTEM.act("reaction_attack", req, ScriptedDice([9]))
    assert err.value.key == "error.arm5.not_disengaging"


def test_a_spell_cast_as_the_action_also_gives_the_exit_up() -> None:
    maja = _declared_exit()
    r = SYSTEM.act("magic_attack", _req(("Maja", maja), ("Bandit", BANDIT), {}), ScriptedDice([4, 3]))
    assert any(n.key == "disengage_abandoned" for n in r.notes)
    assert r.actor_sheet is not None
    assert r.actor_sheet["disengage_defence"] is None and r.actor_sheet["disengage_bonus"] == 0


def test_an_attack_without_a_declared_exit_has_no_such_note() -> None:
    r = SYSTEM.act("magic_attack", _req(("Maja", MAJA), ("Bandit", BANDIT), {}), ScriptedDice([4, 3]))
    assert not any(n.key == "disengage_abandoned" for n in r.notes)
