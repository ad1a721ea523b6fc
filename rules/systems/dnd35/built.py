"""Results built without pydantic's validation (issue 17): what the rules make from data already validated
(sheets, options, dice faces) is of the declared types by construction, so validating it again on every
attack only costs time. The bot validates what it stores at its boundary; tests check the results stay
valid (`model_validate(model_dump())` gives them back)."""

from __future__ import annotations

from collections.abc import Callable
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
    factories: dict[str, Callable[[], Any]]
    required: frozenset[str]
    count: int


@cache
def _shape(cls: type[BaseModel]) -> _Shape:
    plain: dict[str, Any] = {}
    factories: dict[str, Callable[[], Any]] = {}
    required: set[str] = set()
    for name, f in cls.model_fields.items():
        if f.default_factory is not None:
            factories[name] = f.default_factory  # type: ignore[assignment]
        elif f.default is PydanticUndefined:
            required.add(name)
        else:
            plain[name] = f.default  # immutable defaults only (None, numbers, strings): pydantic's own rule
    return _Shape(plain, factories, frozenset(required), len(cls.model_fields))


def built(cls: type[M], fields: dict[str, Any]) -> M:
    """`cls(**fields)` without validation: the missing fields take their defaults (a fresh list or dict
    from a default factory); a field the model does not have, or a required one missing, is a TypeError."""
    shape = _shape(cls)
    data = {**shape.plain, **fields}
    for name in shape.factories.keys() - fields.keys():
        data[name] = shape.factories[name]()
    if len(data) != shape.count or not shape.required <= fields.keys():
        unknown = sorted(set(data) - set(cls.model_fields))
        raise TypeError(f"{cls.__name__}: unknown fields {unknown} or missing {sorted(shape.required - set(fields))}")
    obj = cls.__new__(cls)
    object.__setattr__(obj, "__dict__", data)
    object.__setattr__(obj, "__pydantic_fields_set__", set(fields))
    object.__setattr__(obj, "__pydantic_extra__", None)
    object.__setattr__(obj, "__pydantic_private__", None)
    return obj
