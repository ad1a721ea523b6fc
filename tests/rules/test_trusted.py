"""`rules.trusted`: the models the rules build without validation equal the validated ones."""

from __future__ import annotations

import pytest

from rules.model import ActionResult, Modifier, Note
from rules.trusted import complete, trusted


def test_a_trusted_model_equals_the_validated_one_with_fresh_defaults() -> None:
    made = trusted(ActionResult, {"system": "dnd35", "action": "attack", "actor": "A"})
    assert made == ActionResult(system="dnd35", action="attack", actor="A")
    other = trusted(ActionResult, {"system": "dnd35", "action": "attack", "actor": "A"})
    assert made.checks is not other.checks  # a factory's default is made fresh each time
    assert ActionResult.model_validate(made.model_dump()) == made


def test_unknown_or_missing_fields_are_refused() -> None:
    with pytest.raises(TypeError):
        trusted(Modifier, {"key": "str", "value": 1, "bogus": 2})
    with pytest.raises(TypeError):
        trusted(Modifier, {"key": "str"})


def test_the_fast_path_for_small_models() -> None:
    assert complete(Modifier, {"key": "str", "value": 2}, {"key", "value"}) == Modifier(key="str", value=2)
    assert trusted(Note, {"key": "x"}) == Note(key="x")
