"""Result pieces the rules make from numbers they already hold, built without validating them again.

`ActionResult(**fields)` validates every roll, note, check and change once more, though the rules made
each of them with the right types a moment before (issue 17: a dozen validations per exchange). `made`
builds a model directly, with its declared defaults, as `rules.dice` does for rolls; what comes from
outside (options, sheets, an exchange's plain JSON) is still validated where it enters. The tests check
that every result made so validates to itself (tests/rules/test_pl_wladanie_speed.py).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any, TypeVar, cast

from pydantic import BaseModel
from pydantic_core import PydanticUndefined

from rules.model import ActionResult, Damage, DieRoll, Modifier, Note, StateChange

M = TypeVar("M", bound=BaseModel)


@cache
def _defaults(cls: type[BaseModel]) -> tuple[dict[str, Any], tuple[tuple[str, Callable[[], Any]], ...]]:
    """A model's plain defaults, and the fields whose default a factory makes (a fresh list or dict)."""
    plain: dict[str, Any] = {}
    made_fresh: list[tuple[str, Callable[[], Any]]] = []
    for name, info in cls.model_fields.items():
        if info.default_factory is not None:
            made_fresh.append((name, cast("Callable[[], Any]", info.default_factory)))
        else:
            plain[name] = None if info.default is PydanticUndefined else info.default
    return plain, tuple(made_fresh)


_set = object.__setattr__


def _put(cls: type[M], data: dict[str, Any], given: set[str]) -> M:
    obj = cls.__new__(cls)
    _set(obj, "__dict__", data)
    _set(obj, "__pydantic_fields_set__", given)
    _set(obj, "__pydantic_extra__", None)
    _set(obj, "__pydantic_private__", None)
    return obj


def made(cls: type[M], values: dict[str, Any]) -> M:
    """A model of already-typed values (every field the model does not get takes its default)."""
    plain, fresh = _defaults(cls)
    data = {**plain, **values}
    for name, factory in fresh:
        if name not in values:
            data[name] = factory()
    return _put(cls, data, set(values))


def result(fields: dict[str, Any]) -> ActionResult:
    return made(ActionResult, fields)


def note(key: str, params: dict[str, Any] | None = None) -> Note:
    """A note whose parameters are already `Term`s and plain values."""
    return _put(Note, {"key": key, "params": params or {}, "side": None}, {"key", "params"} if params else {"key"})


def modifier(key: str, value: int | float) -> Modifier:
    return _put(Modifier, {"key": key, "value": value}, {"key", "value"})


def modifiers(data: list[Any]) -> list[Modifier]:
    """Modifiers from an exchange's plain JSON (or already made)."""
    return [m if isinstance(m, Modifier) else Modifier(key=m["key"], value=m["value"]) for m in data]


def rolls(data: list[Any]) -> list[DieRoll]:
    return [r if isinstance(r, DieRoll) else DieRoll.model_validate(r) for r in data]


def change(combatant: str, field: str, before: Any, after: Any) -> StateChange:
    data = {"combatant": combatant, "field": field, "before": before, "after": after}
    return _put(StateChange, data, {"combatant", "field", "before", "after"})


def damage(values: dict[str, Any]) -> Damage:
    return made(Damage, values)
