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
    assert built(Damage, rolled=7, applied=3) == Damage(rolled=7, applied=3)
    with pytest.raises(TypeError):
        built(Damage, rolled=7, extra=2)


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


def test_sheet_copies_and_dumps_are_pydantics() -> None:
    """A sheet's `model_copy` is made by hand: the same as pydantic's, key order and fields set included."""
    from pydantic import BaseModel

    from rules.systems.arm5.sheet import Sheet

    sheet = Sheet.model_validate(
        {"str": 2, "shield": "buckler", "spells": [{"name": "pilum", "damage": 15}], "engaged_with": ["a"]}
    )
    for one in (sheet, *(template_fighter(SYSTEM, t).sheet for t in SYSTEM.templates())):
        assert isinstance(one, Sheet)
        update = {"fatigue_level": 3, "wounds": one.wounds.model_copy(update={"light": 2}), "attacked_by": ["b"]}
        ours, theirs = one.model_copy(update=update), BaseModel.model_copy(one, update=update)
        assert ours.__dict__ == theirs.__dict__ and list(ours.__dict__) == list(theirs.__dict__)
        assert ours.__pydantic_fields_set__ == theirs.__pydantic_fields_set__
        assert one.model_copy(update={"fatigue_level": 9}).fatigue_level == 5  # clipped to the field's bounds
        assert one.model_copy().model_dump() == one.model_dump()
        for dumped in (one, ours):  # the hand-made dumps: pydantic's, key order included
            assert list(dumped.plain_dump().items()) == list(dumped.model_dump().items())
            for part in (dumped.abilities, dumped.weapon, dumped.shield, dumped.wounds, *dumped.spells):
                if part is not None:
                    assert list(part.plain_dump().items()) == list(part.model_dump().items())
    # A sheet whose fields were put in another order by hand dumps an equal sheet, in its own order.
    from rules.trusted import complete

    odd = complete(Sheet, dict(reversed(sheet.__dict__.items())), set(sheet.model_fields_set))
    assert odd.plain_dump() == odd.model_dump() == sheet.model_dump()
    assert Sheet.model_validate(odd.plain_dump()) == sheet


def test_exchange_rolls_and_modifiers_load_as_pydantic_validates_them() -> None:
    from pydantic import TypeAdapter, ValidationError

    from rules.model import DieRoll
    from rules.systems.arm5.common import mod
    from rules.systems.arm5.melee import load_modifiers, load_rolls, modifier_pairs

    rolls, mods = TypeAdapter(list[DieRoll]), TypeAdapter(list[Modifier])
    roll_cases: list[object] = [
        [],
        [{"purpose": "attack", "sides": 10, "face": 4}],
        [{"purpose": "attack", "sides": 10, "face": 1}, {"purpose": "attack", "sides": 10, "face": 7, "dropped": True}],
        [{"purpose": "attack", "sides": "10", "face": 4}],  # lax: pydantic's
        [{"purpose": "attack", "sides": True, "face": 4}],
    ]
    for case in roll_cases:
        assert load_rolls(case) == rolls.validate_python(case)
    mod_cases: list[object] = [
        [],
        [{"key": "atk_dex", "value": 2}, {"key": "x", "value": 1.5}],
        [{"key": "x", "value": "3"}],
    ]
    for case in mod_cases:
        assert load_modifiers(case) == mods.validate_python(case)
        pairs = modifier_pairs(case)  # the Damage modifiers, made into Modifiers only on a hit
        if pairs is not None:
            assert [mod(k, v) for k, v in pairs] == load_modifiers(case)
    assert modifier_pairs([{"key": "x", "value": "3"}]) is None and modifier_pairs({"a": 1}) is None
    for bad in (
        [{"purpose": "attack", "sides": 10}],
        [{"key": "x", "value": 1, "extra": 2}],
        [{"key": "x"}],
        {"a": 1},
        None,
    ):
        with pytest.raises(ValidationError):
            load_rolls(bad) if isinstance(bad, list) and "purpose" in bad[0] else load_modifiers(bad)
