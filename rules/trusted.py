"""Models the rules build from values they already hold, without pydantic's validation (issue 17).

What the rules make from data already validated (sheets, options, dice faces) is of the declared types by
construction, so validating it again on every attack only costs time (a dozen validations per exchange).
`trusted(cls, fields)` builds the model directly, with its declared defaults — pydantic's own
`model_construct` inspects each default factory's signature on every call, which costs more than
validating. What comes from outside (options, sheets, an exchange's plain JSON) is still validated where
it enters; the tests check that results so built validate to themselves (`model_validate(model_dump())`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any, TypeVar

from pydantic import BaseModel
from pydantic_core import PydanticUndefined

M = TypeVar("M", bound=BaseModel)


@dataclass(frozen=True, slots=True)
class _Shape:
    """A model's fields: plain defaults (copied as they are), default factories, required names."""

    plain: dict[str, Any]
    factories: tuple[tuple[str, Callable[[], Any]], ...]
    required: frozenset[str]
    names: frozenset[str]


@cache
def _shape(cls: type[BaseModel]) -> _Shape:
    plain: dict[str, Any] = {}
    factories: list[tuple[str, Callable[[], Any]]] = []
    required: set[str] = set()
    for name, f in cls.model_fields.items():
        if f.default_factory is not None:
            factories.append((name, f.default_factory))  # type: ignore[arg-type]
        elif f.default is PydanticUndefined:
            required.add(name)
        else:
            plain[name] = f.default  # immutable defaults only (None, numbers, strings): pydantic's own rule
    return _Shape(plain, tuple(factories), frozenset(required), frozenset(cls.model_fields))


# What `trusted` does for one model and one set of given names, in the order given: the defaults to copy
# and the factories of the fields left out (a rule builds the same few shapes again and again).
_Plan = tuple[dict[str, Any], tuple[tuple[str, Callable[[], Any]], ...]]
_plans: dict[tuple[Any, ...], _Plan] = {}
_PLANS_MAX = 4096  # call sites are finite; past this (not expected) plans are made but not kept


def _plan(cls: type[BaseModel], fields: Mapping[str, Any]) -> _Plan:
    shape = _shape(cls)
    if not fields.keys() <= shape.names or not shape.required <= fields.keys():
        unknown, missing = sorted(fields.keys() - shape.names), sorted(shape.required - fields.keys())
        raise TypeError(f"{cls.__name__}: unknown fields {unknown}, missing {missing}")
    return shape.plain, tuple((name, factory) for name, factory in shape.factories if name not in fields)


def trusted(cls: type[M], fields: Mapping[str, Any]) -> M:
    """`cls(**fields)` without validation: missing fields take their defaults (a fresh list or dict from a
    default factory); a field the model does not have, or a required one missing, is a TypeError."""
    key = (cls, *fields)
    plan = _plans.get(key)
    if plan is None:
        plan = _plan(cls, fields)
        if len(_plans) < _PLANS_MAX:
            _plans[key] = plan
    plain, left_out = plan
    data = {**plain, **fields}
    for name, factory in left_out:
        data[name] = factory()
    return complete(cls, data, set(fields))


# BaseModel's four slots, set through their own descriptors (cheaper than object.__setattr__ by name).
_new = object.__new__
_set_dict = BaseModel.__dict__["__dict__"].__set__
_set_fields_set = BaseModel.__dict__["__pydantic_fields_set__"].__set__
_set_extra = BaseModel.__dict__["__pydantic_extra__"].__set__
_set_private = BaseModel.__dict__["__pydantic_private__"].__set__


def complete(cls: type[M], data: dict[str, Any], given: set[str]) -> M:
    """The fastest path, for a hot spot that makes a small model by the score: `data` already holds every
    field of `cls` (defaults included) with its declared type; `given` names those set explicitly."""
    obj = _new(cls)
    _set_dict(obj, data)
    _set_fields_set(obj, given)
    _set_extra(obj, None)
    _set_private(obj, None)
    return obj
