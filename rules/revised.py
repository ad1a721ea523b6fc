"""A validated model with a few top-level fields changed, validated field by field (issue 17).

After an attack the rules hand back the sheets they changed as plain data: the stored sheet with a few
fields set anew (hit points, wounds, actions left). Validating the whole sheet again costs 20–200 µs per
sheet; validating only what changed, on top of the model already validated, costs a few. `revised` does
what `model_validate(data)` would, for data that differs from the model's own source in some top-level
fields:

- each changed field goes through its own field validators and its declared type and constraints;
- the unchanged fields are the model's, as they are.

- the model's own `after` validators then run on the revised copy, as whole validation runs them on the
  new model: they derive fields from others (hit points → conditions, a level → the pool), and the
  derived values of the copy are its model's, made from the old fields, until they run again.

What it cannot do the same way, it declines (returns None) and the caller validates the whole: a field
added or taken away, a validator that asks for pydantic's `info`, a `wrap` or `plain` validator. The
model's `before` validators do not run: they turn what a person typed (shortcuts, aliases) into fields,
and data written from a validated model's fields is already in that form. The test suite validates every
sheet a rule writes both ways and demands the same model (see `bot.service.staging`).
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from typing import Annotated, Any, TypeVar

from pydantic import BaseModel, TypeAdapter

M = TypeVar("M", bound=BaseModel)
_Fn = Callable[[Any], Any]


@dataclass(frozen=True, slots=True)
class _Field:
    """One field's validation on its own: before validators, then its type and constraints, then after."""

    before: tuple[_Fn, ...]
    adapter: TypeAdapter[Any]
    after: tuple[_Fn, ...]

    def validate(self, value: Any) -> Any:
        for fn in self.before:
            value = fn(value)
        value = self.adapter.validate_python(value)
        for fn in self.after:
            value = fn(value)
        return value


def _one_argument(fn: Any) -> bool:
    try:
        return len(inspect.signature(fn).parameters) == 1
    except (TypeError, ValueError):
        return False


@cache
def _model_after(cls: type[BaseModel]) -> tuple[_Fn, ...] | None:
    """The model's own `after` validators in the order pydantic runs them (as written); None when it has
    a model validator `revised` cannot call (`wrap`, `plain`, or one that asks for `info`)."""
    after: list[_Fn] = []
    for dec in cls.__pydantic_decorators__.model_validators.values():
        if dec.info.mode == "after" and _one_argument(dec.func):
            after.append(dec.func)
        elif dec.info.mode != "before":
            return None
    return tuple(after)


@cache
def _validators(cls: type[BaseModel]) -> dict[str, tuple[list[_Fn], list[_Fn]] | None] | None:
    """Each field's own (before, after) validators, None for a field that has one `revised` cannot call;
    None for the whole model when it has a model validator `revised` cannot call."""
    decorators = cls.__pydantic_decorators__
    if _model_after(cls) is None:
        return None
    out: dict[str, tuple[list[_Fn], list[_Fn]] | None] = {name: ([], []) for name in cls.model_fields}
    for dec in decorators.field_validators.values():
        mode, fn = dec.info.mode, dec.func
        for name in dec.info.fields:
            pair = out.get(name)
            if pair is None:
                continue
            if mode not in ("before", "after") or not _one_argument(fn):
                out[name] = None
            else:
                pair[0 if mode == "before" else 1].append(fn)
    return out


@cache
def _field(cls: type[BaseModel], name: str) -> _Field | None:
    """A field's validation on its own, built on first use (most fields never change in a fight)."""
    validators = _validators(cls)
    pair = validators.get(name) if validators is not None else None
    if pair is None:
        return None
    info = cls.model_fields[name]
    annotated: Any = Annotated[(info.annotation, *info.metadata)] if info.metadata else info.annotation
    # pydantic runs a field's before validators last-defined first, its after validators in order
    return _Field(tuple(reversed(pair[0])), TypeAdapter(annotated), tuple(pair[1]))


def revisable(cls: type[BaseModel]) -> bool:
    """Whether `revised` can ever validate this model field by field (else ask nothing of it)."""
    return _validators(cls) is not None


def revised(model: M, data: Mapping[str, Any], source: Mapping[str, Any]) -> M | None:
    """`type(model).model_validate(data)`, where `model` was validated from `source` and `data` is
    `source` with some top-level values changed; None when that cannot be done field by field, or when a
    changed value is refused (the caller's whole validation then says why)."""
    cls = type(model)
    if _validators(cls) is None or data.keys() != source.keys():
        return None
    update: dict[str, Any] = {}
    try:
        for key, value in data.items():
            if source[key] == value:
                continue
            field = _field(cls, key)
            if field is None:
                return None
            update[key] = field.validate(value)
        if not update:
            return model  # its after validators already ran on these very fields
        out = model.model_copy(update=update)  # a copy: the model revised is cached, never changed
        for fn in _model_after(cls) or ():
            out = fn(out)
        return out
    except (ValueError, TypeError, KeyError, AttributeError):  # pydantic's ValidationError is a ValueError
        return None
