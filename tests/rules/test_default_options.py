"""No options at all is one model per system, shared by every call (issue 17): the rules only read
options, so a fight of attacks and defences leaves it exactly as validated."""

from __future__ import annotations

import pytest

from bench.odds import template_fighter
from rules import ActionRequest, DefenceRequest, RandomDice, RulesError, all_systems, get_system


@pytest.mark.parametrize("system_id", sorted(all_systems()))
def test_shared_default_options_stay_as_validated(system_id: str) -> None:
    system = get_system(system_id)
    shared = system.options({})
    assert system.options({}) is shared
    names = list(system.templates())
    dice = RandomDice(11)
    resolved = 0
    for i in range(60):
        a, b = names[i % len(names)], names[(i + 1) % len(names)]
        actor, target = template_fighter(system, a), template_fighter(system, b)
        req = ActionRequest(actor, target, system.options({}), system.settings({}))
        call = system.shot if a == "archer" else system.attack
        try:
            r = call(req, dice)
        except RulesError:  # an attack a template cannot make (no ranged weapon …) is not the point here
            continue
        resolved += 1
        if r.outcome == "pending_defence":
            choice = system.default_defence(r.exchange or {})
            system.defend(DefenceRequest(target, actor, r.exchange or {}, req.settings, choice, shared), dice)
    assert resolved >= 30
    assert shared.model_dump() == system.Options.model_validate({}).model_dump()
