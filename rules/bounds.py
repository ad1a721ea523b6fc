"""Declared bounds of numbers (`Field(ge=…, le=…)`): reading them, clipping to them, refusing past them.

Every number a sheet, an option or a setting takes has a declared minimum and maximum (issue 12): a value
outside is refused by validation, a value the rules write (HP after damage, a counter) is clipped back
inside, so a sheet a rules call returns always validates again.
"""

from __future__ import annotations

import types
import typing
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from pydantic import BaseModel
from pydantic.fields import FieldInfo

from rules.errors import RulesError
from rules.model import Message, Term

Number = int | float


def limits(metadata: Iterable[Any]) -> tuple[Any, Any]:
    """(ge, le) of a field's metadata (a `FieldInfo` inside `Annotated` is looked into); None = open."""
    lo = hi = None
    for meta in metadata:
        if isinstance(meta, FieldInfo):
            inner = limits(meta.metadata)
            lo = inner[0] if inner[0] is not None else lo
            hi = inner[1] if inner[1] is not None else hi
            continue
        lo = getattr(meta, "ge", lo)
        hi = getattr(meta, "le", hi)
    return lo, hi


def field_limits(model: type[BaseModel], name: str) -> tuple[Any, Any]:
    return limits(model.model_fields[name].metadata)


def clip(value: Any, lo: Any, hi: Any) -> Any:
    """`value` moved inside [lo, hi]; anything but a number is returned as it is."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return value
    if lo is not None and value < lo:
        return type(value)(lo) if isinstance(value, float) else lo
    if hi is not None and value > hi:
        return type(value)(hi) if isinstance(value, float) else hi
    return value


def clip_field(model: type[BaseModel], name: str, value: Any) -> Any:
    """A value for `model.name` clipped to that field's bounds (and, inside a dict or list field, each
    number to the bounds of the items)."""
    info = model.model_fields[name]
    return _clamp(info.annotation, value, info.metadata)


def clip_update(model: type[BaseModel], update: Mapping[str, Any]) -> dict[str, Any]:
    """A sheet update (field → value) with every number clipped to the declared bounds (on the hot path of
    every rules call: a plain number is clipped at once, only containers that can hold numbers are walked)."""
    plan = _plan(model)
    out: dict[str, Any] = {}
    for key, value in update.items():
        found = plan.get(key)
        if found is None:
            out[key] = value
        elif isinstance(value, (int, float)) and not isinstance(value, bool):
            out[key] = clip(value, found[0], found[1])
        elif found[2] and isinstance(value, (list, dict)):
            out[key] = clip_field(model, key, value)
        else:
            out[key] = value
    return out


@cache
def _plan(model: type[BaseModel]) -> dict[str, tuple[Any, Any, bool]]:
    """Per field: its bounds, and whether a list or dict it holds can contain numbers."""
    return {
        name: (*_number_limits(info.annotation, info.metadata), _holds_numbers(info.annotation))
        for name, info in model.model_fields.items()
    }


def _number_limits(annotation: Any, metadata: Iterable[Any]) -> tuple[Any, Any]:
    """A field's bounds for a plain number: its own, or those of the `Annotated` number in its union
    (`Rolled | None`)."""
    found = limits(metadata)
    if found != (None, None) or typing.get_origin(annotation) not in (typing.Union, types.UnionType):
        return found
    for arg in typing.get_args(annotation):
        if typing.get_origin(arg) is typing.Annotated and typing.get_args(arg)[0] in (int, float):
            return limits(typing.get_args(arg)[1:])
    return found


def _holds_numbers(annotation: Any, seen: frozenset[type] = frozenset()) -> bool:
    if annotation in (int, float):
        return True
    if typing.get_origin(annotation) is typing.Literal:
        return False
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        if annotation in seen:  # a model that holds itself
            return False
        inner = seen | {annotation}
        return any(_holds_numbers(f.annotation, inner) for f in annotation.model_fields.values())
    return any(_holds_numbers(a, seen) for a in typing.get_args(annotation) if not isinstance(a, FieldInfo))


def within(key: str, value: Number, lo: Number | None, hi: Number | None, what: str = "stat") -> None:
    """Refuse a number outside [lo, hi] under the key the user typed (a quick shortcut that is stored as
    another field, or a number read out of a text such as `1-20:torso`)."""
    if hi is not None and value > hi:
        problem = Message("problem.less_than_equal", {"le": hi, "value": value})
    elif lo is not None and value < lo:
        problem = Message("problem.greater_than_equal", {"ge": lo, "value": value})
    else:
        return
    raise RulesError(f"error.{what}_invalid", key=Term("term", key), problem=problem)


def within_stored(key: str, typed: Number, stored: Number, bounds: tuple[Any, Any], what: str = "stat") -> None:
    """A shortcut stored as another field (`soak:+7` → Protection, `ac:15` → the other AC bonus): the
    stored number's bounds are checked as the number the player typed, so the refusal names the typed key
    and its own limits (the stored field's limits moved by the difference), not the inner field."""
    lo, hi = bounds
    offset = typed - stored
    within(key, typed, None if lo is None else lo + offset, None if hi is None else hi + offset, what)


def clamp_data(model: type[BaseModel], data: Mapping[str, Any]) -> dict[str, Any]:
    """Stored data with each number of a bounded field moved inside its bounds, nested models, lists and
    dicts included (a sheet stored before a bound existed loads clamped instead of being refused)."""
    out = dict(data)
    for name, info in model.model_fields.items():
        for key in {name, info.alias or name}:
            if key in out:
                out[key] = _clamp(info.annotation, out[key], info.metadata)
    return out


def _clamp(annotation: Any, value: Any, metadata: Iterable[Any] = ()) -> Any:
    origin = typing.get_origin(annotation)
    if origin is typing.Annotated:
        base, *meta = typing.get_args(annotation)
        return _clamp(base, value, [*metadata, *meta])
    if origin in (typing.Union, types.UnionType):
        for arg in typing.get_args(annotation):
            value = _clamp(arg, value, metadata)
        return value
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return clip(value, *limits(metadata))
    if origin is list and isinstance(value, list):
        (item,) = typing.get_args(annotation) or (Any,)
        return [_clamp(item, v) for v in value]
    if origin is dict and isinstance(value, dict):
        args = typing.get_args(annotation)
        item = args[1] if len(args) == 2 else Any
        return {k: _clamp(item, v) for k, v in value.items()}
    if isinstance(annotation, type) and issubclass(annotation, BaseModel) and isinstance(value, dict):
        return clamp_data(annotation, value)
    return value


# --- introspection: every number a model takes (for the bounds tests and bench/probe_bounds.py) --------
Path = tuple[str | int, ...]


@dataclass(frozen=True, slots=True)
class NumericKey:
    """One number of a model's data: where it is (field names, list indexes and dict keys from the top) and
    its declared bounds (None = open, which the tests refuse)."""

    path: Path
    lo: Any
    hi: Any
    integer: bool

    @property
    def name(self) -> str:
        return ".".join(str(p) for p in self.path)


def numeric_keys(model: type[BaseModel], sample: Mapping[str, Any] | None = None) -> list[NumericKey]:
    """Every numeric field of `model`, nested models included. Items of lists and dicts are reached
    through `sample` (the first item of a list it holds, each key of a dict it holds); a nested model
    that `sample` does not give is reached with its defaults."""
    found: list[NumericKey] = []
    data = sample or {}
    for name, info in model.model_fields.items():
        key = info.alias or name
        value = data.get(key, data.get(name))
        found += _keys_of(info.annotation, list(info.metadata), (key,), value)
    return found


def _keys_of(annotation: Any, metadata: list[Any], path: Path, value: Any) -> list[NumericKey]:
    origin = typing.get_origin(annotation)
    if origin is typing.Annotated:
        base, *meta = typing.get_args(annotation)
        return _keys_of(base, [*metadata, *meta], path, value)
    if origin is typing.Literal:
        return []
    if annotation in (int, float):
        return [NumericKey(path, *limits(metadata), annotation is int)]
    if origin in (typing.Union, types.UnionType):
        found: list[NumericKey] = []
        for arg in typing.get_args(annotation):
            for k in _keys_of(arg, metadata, path, value):
                if all(k.path != f.path for f in found):
                    found.append(k)
        return found
    if origin is list:
        (item,) = typing.get_args(annotation)
        if isinstance(value, list) and value:
            return _keys_of(item, [], (*path, 0), value[0])
        return []
    if origin is dict:
        _, item = typing.get_args(annotation)
        if isinstance(value, dict):
            return [k for sub, v in value.items() for k in _keys_of(item, [], (*path, sub), v)]
        return []
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        nested = numeric_keys(annotation, value if isinstance(value, dict) else None)
        return [NumericKey((*path, *k.path), k.lo, k.hi, k.integer) for k in nested]
    return []


def with_value(data: Any, path: Path, value: Any) -> Any:
    """A copy of `data` with the number at `path` set (a missing dict on the way is created)."""
    if not path:
        return value
    head, rest = path[0], path[1:]
    if isinstance(data, list) and isinstance(head, int):
        items = list(data)
        items[head] = with_value(items[head], rest, value)
        return items
    out = dict(data) if isinstance(data, Mapping) else {}
    out[head] = with_value(out.get(head), rest, value)
    return out
