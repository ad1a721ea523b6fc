"""Results the rules build without validating them again (common.whole, common.note) are exactly what
validation makes of them, with the fields set that `made` gave."""

from __future__ import annotations

from typing import Any

import pytest

from bench.odds import template_fighter
from rules import ActionRequest, RandomDice, get_system
from rules.model import ActionResult, Damage, Note
from rules.systems.adnd2cp.common import note, whole
from rules.trusted import trusted
from tests.rules.made_check import validates_to_itself

S = get_system("adnd2cp")


def _same_when_validated(r: ActionResult) -> None:
    validates_to_itself(r)
    assert r.model_fields_set == set(ActionResult.model_fields)  # every field given, as `made` set them


@pytest.mark.parametrize("options", [{}, {"called_shot": True}, {"damage_reduction": 2}])
def test_every_attack_result_validates_to_itself(options: dict[str, Any]) -> None:
    dice = RandomDice(9)
    names = list(S.templates())
    for first in names:
        for second in names:
            actor, target = template_fighter(S, first), template_fighter(S, second)
            try:
                req = ActionRequest(actor, target, S.options(options), S.settings({}))
            except Exception:  # an option this pair cannot take
                continue
            for _ in range(5):
                try:
                    r = S.attack(req, dice)
                except Exception:  # refused (a bow in melee …): nothing built
                    continue
                _same_when_validated(r)


def test_whole_and_note_make_what_made_makes() -> None:
    hurt = {"dice": [3], "modifiers": [], "multiplier": 1, "rolled": 3, "reduced_by": 0, "applied": 3, "kind": "lethal"}
    assert whole(Damage, **hurt) == trusted(Damage, hurt)
    assert whole(Damage, **hurt).model_fields_set == trusted(Damage, hurt).model_fields_set
    assert note("hit", {"n": 1}) == Note.model_validate({"key": "hit", "params": {"n": 1}})
    with pytest.raises(TypeError):
        whole(Damage, **hurt, by="B")  # unknown: refused as `made` does
