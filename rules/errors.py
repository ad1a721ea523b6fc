"""The one error type of the rules engine: a catalog key plus parameters, never prose."""

from __future__ import annotations

import dataclasses
from typing import Any


class RulesError(Exception):
    """A request the rules cannot resolve. `key` is a message-catalog key; `params` fill it."""

    def __init__(self, key: str, /, **params: Any) -> None:
        super().__init__(key)
        self.key = key
        self.params = params

    def __str__(self) -> str:
        if not self.params:
            return self.key
        args = ", ".join(f"{k}={v!r}" for k, v in self.params.items())
        return f"{self.key} ({args})"

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled whole (key and params), so an error raised in a worker process arrives intact."""
        return (_rebuild, (type(self), self.key, self.params))

    def to_dict(self) -> dict[str, Any]:
        return {"error": self.key, "params": {k: _plain(v) for k, v in self.params.items()}}


def _rebuild(cls: type[RulesError], key: str, params: dict[str, Any]) -> RulesError:
    return cls(key, **params)


def _plain(value: Any) -> Any:
    if isinstance(value, (str, int, float, bool)) or value is None:
        return value
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):  # Term, Message
        return {f.name: _plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    return str(value)
