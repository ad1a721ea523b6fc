"""Result pieces the rules make from numbers they already hold, built without validating them again.

`ActionResult(**fields)` validates every roll, note, check and change once more, though the rules made
each of them with the right types a moment before (issue 17: a dozen validations per exchange). `made`
builds a model directly, with its declared defaults, as `rules.dice` does for rolls; what comes from
outside (options, sheets, an exchange's plain JSON) is still validated where it enters. The tests check
that every result made so validates to itself (tests/rules/test_pl_wladanie_speed.py).
"""

from __future__ import annotations

from typing import Any, TypeVar

from pydantic import BaseModel

from rules.model import ActionResult, Damage, DieRoll, Modifier, Note, StateChange
from rules.trusted import complete, trusted

M = TypeVar("M", bound=BaseModel)


def made(cls: type[M], values: dict[str, Any]) -> M:
    """A model of already-typed values (`rules.trusted`: every field not given takes its default)."""
    return trusted(cls, values)


# ActionResult's fields as `trusted` reads them: plain defaults, default factories, the required names.
_RESULT_FIELDS = ActionResult.model_fields
_RESULT_PLAIN = {n: f.default for n, f in _RESULT_FIELDS.items() if f.default_factory is None and not f.is_required()}
_RESULT_FACTORIES = tuple((n, f.default_factory) for n, f in _RESULT_FIELDS.items() if f.default_factory is not None)
# Today every factory is `list`: those fields left out are made as `[]` (no factory called for each).
_RESULT_LISTS = tuple(n for n, factory in _RESULT_FACTORIES if factory is list)
_RESULT_OTHER = tuple((n, factory) for n, factory in _RESULT_FACTORIES if factory is not list)
_RESULT_REQUIRED = frozenset(n for n, f in _RESULT_FIELDS.items() if f.is_required())
_RESULT_NAMES = frozenset(_RESULT_FIELDS)


def result(fields: dict[str, Any]) -> ActionResult:
    """`made(ActionResult, fields)` (the same values, fields set and key order) without looking its plan up
    by the names given (a tuple of some twenty names hashed and compared, twice per exchange)."""
    if not _RESULT_NAMES.issuperset(fields) or not _RESULT_REQUIRED <= fields.keys():
        return made(ActionResult, fields)  # its error names what is wrong
    data = {**_RESULT_PLAIN, **fields}
    for name in _RESULT_LISTS:
        if name not in fields:
            data[name] = []
    for name, factory in _RESULT_OTHER:
        if name not in fields:
            data[name] = factory()  # type: ignore[call-arg]
    return complete(ActionResult, data, set(fields))


def note(key: str, params: dict[str, Any] | None = None) -> Note:
    """A note whose parameters are already `Term`s and plain values."""
    return Note(key, params or {})


def whole(value: Any) -> Any:
    """A number as a note or error shows it: a whole float as an int (`2.0 kg` reads `2 kg`)."""
    return int(value) if type(value) is float and value.is_integer() else value


def modifier(key: str, value: int | float) -> Modifier:
    return Modifier(key, value)


_NUMBER = (int, float)
_ROLL_KEYS = frozenset({"purpose", "sides", "face"})


def plain_modifier(key: Any, value: Any) -> Modifier:
    """A modifier from an exchange's plain JSON: exactly typed ones (what the rules wrote) are built
    directly, anything else (a hand edit: a bool, a numeric string) goes through validation as before."""
    if type(key) is str and type(value) in _NUMBER:
        return Modifier(key, value)
    return Modifier.model_validate({"key": key, "value": value})


def modifiers(data: list[Any]) -> list[Modifier]:
    """Modifiers from an exchange's plain JSON (or already made)."""
    return [m if isinstance(m, Modifier) else plain_modifier(m["key"], m["value"]) for m in data]


def _roll(data: Any) -> DieRoll:
    """A roll from plain JSON: the shape the rules wrote (purpose, sides, face, all exactly typed) is built
    directly with the same set fields as validation gives; anything else is validated."""
    if (
        type(data) is dict
        and data.keys() == _ROLL_KEYS
        and type(data["purpose"]) is str
        and type(data["sides"]) is int
        and type(data["face"]) is int
    ):
        return DieRoll(data["purpose"], data["sides"], data["face"])
    return DieRoll.model_validate(data)


def rolls(data: list[Any]) -> list[DieRoll]:
    return [r if isinstance(r, DieRoll) else _roll(r) for r in data]


def change(combatant: str, field: str, before: Any, after: Any) -> StateChange:
    return StateChange(combatant, field, before, after)


def dump(model: BaseModel) -> dict[str, Any]:
    """`model.model_dump()`: its serializer called directly, with the same (default) arguments."""
    dumped: dict[str, Any] = model.__pydantic_serializer__.to_python(model)
    return dumped


def updated(model: M, update: dict[str, Any]) -> M:
    """`BaseModel.model_copy(model, update=update)` (no bounds walk: the caller's numbers are within them
    already) built in one step instead of a copy of every slot and then an update of it."""
    if model.__pydantic_extra__ is not None or model.__pydantic_private__ is not None:
        return BaseModel.model_copy(model, update=update)
    return complete(type(model), {**model.__dict__, **update}, model.__pydantic_fields_set__ | update.keys())


# `made(Damage, …)` puts the fields with a plain default first, then those with a default factory (a
# serialised result keeps that order): the order `hit_damage` writes them in.
_DAMAGE_ORDER = ("multiplier", "rolled", "reduced_by", "applied", "kind", "dice", "modifiers")
assert _DAMAGE_ORDER == (
    *(n for n, f in Damage.model_fields.items() if f.default_factory is None),
    *(n for n, f in Damage.model_fields.items() if f.default_factory is not None),
)


def hit_damage(
    dice: list[int], mods: list[Modifier], multiplier: int | float, rolled: int, reduced_by: int, applied: int
) -> Damage:
    """`made(Damage, {every field})` of a wound, built in one step (no plan looked up by the names given)."""
    values = {
        "multiplier": multiplier,
        "rolled": rolled,
        "reduced_by": reduced_by,
        "applied": applied,
        "kind": "wound",
        "dice": dice,
        "modifiers": mods,
    }
    return complete(Damage, values, set(_DAMAGE_ORDER))
