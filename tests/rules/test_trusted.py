"""`rules.trusted`: the models the rules build without validation equal the validated ones."""

from __future__ import annotations

import pytest

from rules.model import ActionResult, Chance, Status
from rules.trusted import complete, trusted


def test_a_trusted_model_equals_the_validated_one_with_fresh_defaults() -> None:
    made = trusted(ActionResult, {"system": "dnd35", "action": "attack", "actor": "A"})
    assert made == ActionResult(system="dnd35", action="attack", actor="A")
    other = trusted(ActionResult, {"system": "dnd35", "action": "attack", "actor": "A"})
    assert made.checks is not other.checks  # a factory's default is made fresh each time
    assert ActionResult.model_validate(made.model_dump()) == made


def test_unknown_or_missing_fields_are_refused() -> None:
    with pytest.raises(TypeError):
        trusted(Chance, {"key": "hit", "p": 0.5, "bogus": 2})
    with pytest.raises(TypeError):
        trusted(Chance, {"key": "hit"})


def test_the_fast_path_for_small_models() -> None:
    assert complete(Chance, {"key": "hit", "p": 0.5}, {"key", "p"}) == Chance(key="hit", p=0.5)
    assert trusted(Status, {"level": "ok"}) == Status(level="ok")


def test_a_kept_plan_builds_the_same_as_the_first_time() -> None:
    """`trusted` keeps what it worked out per model and given names: the second build is the same (fresh
    defaults, same field order, same fields set), and refusals are never kept."""
    given = {"system": "arm5", "action": "attack", "actor": "A", "outcome": "hit", "checks": []}
    first, second = trusted(ActionResult, given), trusted(ActionResult, dict(given))
    assert first == second == ActionResult(**given)
    assert list(first.__dict__) == list(second.__dict__)
    assert first.model_fields_set == second.model_fields_set == set(given)
    assert first.notes is not second.notes
    reordered = trusted(ActionResult, dict(reversed(given.items())))
    assert reordered == first and reordered.model_fields_set == first.model_fields_set
    for _ in range(2):
        with pytest.raises(TypeError, match="missing"):
            trusted(ActionResult, {"system": "arm5", "action": "attack"})


def test_complete_makes_a_whole_model() -> None:
    """Built through BaseModel's slot descriptors: equal, dumped, copied, compared and shown as validated."""
    from rules.dice import RandomDice, Roller
    from rules.model import DieRoll

    made = complete(
        Status,
        {
            "level": "ok",
            "conditions": ["prone"],
            "hp": None,
            "hp_max": None,
            "numbers": {},
            "out_of_fight": False,
            "dead": False,
            "actions_left": None,
        },
        {"level", "conditions"},
    )
    validated = Status(level="ok", conditions=["prone"])
    assert made == validated and repr(made) == repr(validated)
    assert made.model_fields_set == validated.model_fields_set
    assert made.model_dump() == validated.model_dump() and made.model_dump_json() == validated.model_dump_json()
    assert made.model_copy(update={"level": "hurt"}).level == "hurt" and made.level == "ok"
    assert made.__pydantic_extra__ is None and made.__pydantic_private__ is None
    roller = Roller(RandomDice(1))
    face = roller.d(6, "attack")
    assert roller.rolls == [DieRoll(purpose="attack", sides=6, face=face)]
    assert DieRoll.model_validate(roller.rolls[0].model_dump()) == roller.rolls[0]


def test_the_plain_result_parts_keep_the_model_calls() -> None:
    """Modifier, Note, StateChange and DieRoll are slotted dataclasses (issue 17): built by their
    constructor, validated (strictly, a note's terms revived) and dumped as the models were."""
    from rules.model import DieRoll, Modifier, Note, StateChange, Term

    assert Modifier("str", 2) == Modifier.model_validate({"key": "str", "value": 2})
    assert Modifier.model_validate({"key": "x", "value": True}).value == 1  # pydantic's coercion kept
    with pytest.raises(ValueError):
        Modifier.model_validate({"key": "x", "value": 1, "bogus": 2})
    note = Note.model_validate({"key": "hit", "params": {"where": {"kind": "location", "key": "arm"}}})
    assert note == Note("hit", {"where": Term("location", "arm")}) and note.side is None
    assert note.model_dump(exclude_defaults=True) == {
        "key": "hit",
        "params": {"where": {"kind": "location", "key": "arm"}},
    }
    assert StateChange("A", "hp", 5, 3).model_copy(update={"after": 2}) == StateChange("A", "hp", 5, 2)
    assert DieRoll("attack", 20, 7).model_dump() == {"purpose": "attack", "sides": 20, "face": 7, "dropped": False}
    stored = ActionResult(system="x", action="attack", actor="A", notes=[note], modifiers=[Modifier("str", 2)])
    assert ActionResult.model_validate_json(stored.model_dump_json()) == stored


def test_term_is_one_shared_instance_per_pair_and_equal_to_a_made_one() -> None:
    from rules.model import Term, term

    assert term("outcome", "light") is term("outcome", "light")
    assert term("outcome", "light") == Term("outcome", "light")
    assert term("outcome", "light") != term("wound", "light")
    assert term.cache_info().maxsize == 4096  # bounded: keys may come from sheets
