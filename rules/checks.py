"""Building `Check`s so that they add up by construction, and verifying that they do.

A system rolls through its `Roller`, then describes each roll that is compared or applied:

    attack = check("attack", dice=[die(20, face)], parts=[part("bab", 3), part("str", 2)])
    attack.versus = check("ac", side="target", parts=[part("base", 10, "target"), part("dex", 2, "target")])
    dmg = check("damage", dice=dice_of(8, [5]), parts=[part("str", 2)])
    minus(dmg, "damage_reduction", 2, side="target")      # raw 7 − 2 = 5

`raw` = counted dice × multiplier + parts, computed here; each step updates `total`. `verify` raises
when a check does not add up (the tests run it on every result).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import Any

from pydantic import TypeAdapter

from rules.model import COUNTED, ActionResult, Check, Die, DieRole, Part, Side, Step

EPSILON = 1e-9


def die(sides: int, face: int, role: DieRole = "kept") -> Die:
    return Die(sides, face, role)


def dice_of(sides: int, faces: Iterable[int], role: DieRole = "kept") -> list[Die]:
    return [Die(sides, f, role) for f in faces]


def part(key: str, value: int | float, side: Side = "actor") -> Part:
    return Part(key, value, side)


def parts_of(pairs: Iterable[tuple[str, int | float]], side: Side = "actor", skip_zero: bool = True) -> list[Part]:
    """Parts from (key, value) pairs, zero values left out unless asked."""
    return [Part(k, v, side) for k, v in pairs if v or not skip_zero]


def counted(dice: Sequence[Die]) -> int:
    return sum(d.face for d in dice if d.role in COUNTED)


def _number(value: float) -> int | float:
    return int(value) if float(value).is_integer() else value


def raw_of(c: Check) -> int | float:
    return _number(counted(c.dice) * c.multiplier + sum(p.value for p in c.parts))


def check(
    label: str,
    *,
    side: Side = "actor",
    dice: Sequence[Die] = (),
    parts: Sequence[Part] = (),
    multiplier: int | float = 1,
    versus: Check | None = None,
    outcome: str | None = None,
    location: str | None = None,
    dice_expr: str | None = None,
    dice_steps: Sequence[Part] = (),
) -> Check:
    """A check whose `raw` and `total` are computed from its dice and parts."""
    c = Check(
        label,
        side=side,
        dice=list(dice),
        multiplier=multiplier,
        parts=list(parts),
        versus=versus,
        outcome=outcome,
        location=location,
        dice_expr=dice_expr,
        dice_steps=list(dice_steps),
    )
    c.raw = raw_of(c) if (c.dice or c.parts) else None
    c.total = c.raw
    return c


def fixed(label: str, value: int | float, key: str = "base", side: Side = "actor") -> Check:
    """A number with no dice (a static defence, a fixed AC): one part making up the whole total."""
    return check(label, side=side, parts=[Part(key, value, side)])


_OPS = {
    "minus": lambda t, v: t - v,
    "plus": lambda t, v: t + v,
    "times": lambda t, v: t * v,
    "divide": lambda t, v: t / v,
    "floor": lambda t, v: math.floor(t),
    "ceil": lambda t, v: math.ceil(t),
    "round": lambda t, v: math.floor(t + 0.5),
    "set": lambda t, v: v,
    "min": lambda t, v: max(t, v),  # a lower bound: at least v
    "max": lambda t, v: min(t, v),  # an upper bound: at most v
}


def add_step(
    c: Check,
    op: str,
    key: str,
    value: int | float = 0,
    side: Side = "actor",
    detail: Sequence[Part] = (),
) -> Check:
    """Apply one step to the check's running total (in place; returns the check)."""
    start = c.total if c.total is not None else 0
    total = _number(_OPS[op](start, value))
    c.steps.append(Step(op, key, value, total, side, list(detail)))  # type: ignore[arg-type]
    c.total = total
    return c


def minus(c: Check, key: str, value: int | float, side: Side = "target", detail: Sequence[Part] = ()) -> Check:
    return add_step(c, "minus", key, value, side, detail)


def times(c: Check, key: str, value: int | float, side: Side = "actor") -> Check:
    return add_step(c, "times", key, value, side)


def verify(c: Check, where: str = "") -> None:
    """Raise AssertionError when a check (or its versus) does not add up as shown."""
    name = f"{where}{c.label}"
    if c.dice or c.parts:
        assert c.raw is not None, f"{name}: no raw total"
        assert abs(raw_of(c) - c.raw) < EPSILON, f"{name}: dice × {c.multiplier} + parts = {raw_of(c)}, not {c.raw}"
    running = c.raw if c.raw is not None else 0
    for s in c.steps:
        running = _number(_OPS[s.op](running, s.value))
        assert abs(running - s.total) < EPSILON, f"{name}: step {s.op} {s.key} {s.value} gives {running}, not {s.total}"
    if c.total is not None and (c.raw is not None or c.steps):
        assert abs(running - c.total) < EPSILON, f"{name}: steps end at {running}, total says {c.total}"
    for d in c.dice:
        assert 1 <= d.face <= d.sides, f"{name}: face {d.face} on d{d.sides}"
    if c.versus is not None:
        verify(c.versus, f"{name} vs ")


def verify_all(checks: Iterable[Check]) -> None:
    for c in checks:
        verify(c)


def verify_result(result: ActionResult) -> None:
    """Every check of a result and of its sub-results adds up."""
    for c in result.checks:
        verify(c, f"{result.action}: ")
    for sub in result.attacks:
        verify_result(sub)


def all_dice(c: Check) -> list[Die]:
    """The dice a check shows, its versus' included."""
    return [*c.dice, *(all_dice(c.versus) if c.versus is not None else [])]


_CHECKS: TypeAdapter[list[Check]] = TypeAdapter(list[Check])


def dump_checks(checks: Sequence[Check]) -> list[dict[str, Any]]:
    """Checks as plain JSON data (to carry them in an exchange until the defence finishes it)."""
    dumped: list[dict[str, Any]] = _CHECKS.dump_python(list(checks), mode="json", exclude_defaults=True)
    return dumped


def load_checks(data: Sequence[Any]) -> list[Check]:
    return _CHECKS.validate_python(list(data))
