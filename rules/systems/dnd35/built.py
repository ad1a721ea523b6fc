"""Results built without pydantic's validation (issue 17): what the rules make from data already validated
(sheets, options, dice faces) is of the declared types by construction, so validating it again on every
attack only costs time. The bot validates what it stores at its boundary; tests check the results stay
valid (`model_validate(model_dump())` gives them back)."""

from __future__ import annotations

from functools import cache
from typing import Any, TypeVar

from pydantic import BaseModel
from pydantic_core import PydanticUndefined

M = TypeVar("M", bound=BaseModel)


@cache
def _defaults(cls: type[BaseModel]) -> tuple[tuple[str, Any, Any], ...]:
    """(name, default, default factory) of every field, in the model's order."""
    return tuple((name, f.default, f.default_factory) for name, f in cls.model_fields.items())


def built(cls: type[M], fields: dict[str, Any]) -> M:
    """`cls(**fields)` without validation: the missing fields take their defaults (a fresh list or dict
    from a default factory); a field the model does not have, or a required one missing, is a TypeError."""
    data: dict[str, Any] = {}
    found = 0
    for name, default, factory in _defaults(cls):
        if name in fields:
            data[name] = fields[name]
            found += 1
        elif factory is not None:
            data[name] = factory()
        elif default is PydanticUndefined:
            raise TypeError(f"{cls.__name__}: {name} missing")
        else:
            data[name] = default
    if found != len(fields):
        raise TypeError(f"{cls.__name__}: unknown fields {sorted(set(fields) - set(data))}")
    obj = cls.__new__(cls)
    object.__setattr__(obj, "__dict__", data)
    object.__setattr__(obj, "__pydantic_fields_set__", set(fields))
    object.__setattr__(obj, "__pydantic_extra__", None)
    object.__setattr__(obj, "__pydantic_private__", None)
    return obj
