"""arm5 rules speed (issue 17): results and their parts are built without validation on the hot path
(`common.built`, `mod`, `note`), so every such result must still be exactly what validation would make."""

from __future__ import annotations

import pytest

from bench.odds import template_fighter
from rules import ActionRequest, DefenceRequest, RandomDice
from rules.model import ActionResult, Damage, Modifier
from rules.systems.arm5 import SYSTEM
from rules.systems.arm5.common import built


def test_built_models_equal_validated_ones() -> None:
    assert built(Modifier, key="atk_dex", value=2) == Modifier(key="atk_dex", value=2)
    assert built(Damage, rolled=7, applied=3) == Damage(rolled=7, applied=3)
    with pytest.raises(TypeError):
        built(Modifier, key="x", value=1, extra=2)


def test_exchanges_built_without_validation_validate_to_the_same_result() -> None:
    dice = RandomDice(7)
    fighters = [template_fighter(SYSTEM, t) for t in SYSTEM.templates()]
    for actor in fighters:
        for target in fighters:
            if actor is target:
                continue
            req = ActionRequest(actor, target, SYSTEM.options({}), SYSTEM.settings({}))
            for _ in range(40):
                first = SYSTEM.attack(req, dice)
                assert ActionResult.model_validate(first.model_dump()) == first
                dreq = DefenceRequest(target, actor, first.exchange or {}, req.settings, "defend", req.options)
                second = SYSTEM.defend(dreq, dice)
                assert ActionResult.model_validate(second.model_dump()) == second
                assert ActionResult.model_validate_json(second.model_dump_json()) == second
