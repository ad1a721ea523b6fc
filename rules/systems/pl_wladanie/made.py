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


def result(fields: dict[str, Any]) -> ActionResult:
    return made(ActionResult, fields)


def note(key: str, params: dict[str, Any] | None = None) -> Note:
    """A note whose parameters are already `Term`s and plain values."""
    return complete(Note, {"key": key, "params": params or {}, "side": None}, {"key", "params"} if params else {"key"})


def modifier(key: str, value: int | float) -> Modifier:
    return complete(Modifier, {"key": key, "value": value}, {"key", "value"})


def modifiers(data: list[Any]) -> list[Modifier]:
    """Modifiers from an exchange's plain JSON (or already made)."""
    return [m if isinstance(m, Modifier) else Modifier(key=m["key"], value=m["value"]) for m in data]


def rolls(data: list[Any]) -> list[DieRoll]:
    return [r if isinstance(r, DieRoll) else DieRoll.model_validate(r) for r in data]


def change(combatant: str, field: str, before: Any, after: Any) -> StateChange:
    data = {"combatant": combatant, "field": field, "before": before, "after": after}
    return complete(StateChange, data, {"combatant", "field", "before", "after"})


def damage(values: dict[str, Any]) -> Damage:
    return made(Damage, values)
