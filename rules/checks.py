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
from dataclasses import fields
from typing import Any, get_args

from pydantic import TypeAdapter

from rules.model import COUNTED, ActionResult, Check, Die, DieRole, Part, Side, Step, StepOp

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
    if type(value) is int:  # already whole (the usual case): skip the float round trip
        return value
    return int(value) if float(value).is_integer() else value


def _raw(dice: list[Die], parts: list[Part], multiplier: int | float) -> int | float:
    return _number(sum([d.face for d in dice if d.role in COUNTED]) * multiplier + sum([p.value for p in parts]))


def raw_of(c: Check) -> int | float:
    return _raw(c.dice, c.parts, c.multiplier)


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
    dice, parts = list(dice), list(parts)
    raw = _raw(dice, parts, multiplier) if (dice or parts) else None
    # Positional, in field order (label, side, dice, multiplier, parts, raw, steps, total, versus, outcome,
    # location, dice_steps, dice_expr): the dataclass's own __init__, without keyword matching.
    return Check(
        label, side, dice, multiplier, parts, raw, [], raw, versus, outcome, location, list(dice_steps), dice_expr
    )


def totalled(
    label: str,
    side: Side,
    dice: list[Die],
    parts: list[Part],
    raw: int | float | None,
    multiplier: int | float = 1,
    versus: Check | None = None,
    outcome: str | None = None,
) -> Check:
    """`check` for a hot spot whose caller already added the raw up (counted dice × multiplier + parts) and
    hands over lists made for this check: built directly, without copying or summing them again."""
    # Positional, in field order (label, side, dice, multiplier, parts, raw, steps, total, versus, outcome,
    # location, dice_steps, dice_expr): the dataclass's own __init__, without keyword matching.
    return Check(label, side, dice, multiplier, parts, raw, [], raw, versus, outcome, None, [], None)


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
    if op == "minus" and type(start) is int and type(value) is int:
        total: int | float = start - value  # the commonest step (armour, soak), whole: no table call
    else:
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
        assert 0 <= d.face <= d.sides, f"{name}: face {d.face} on d{d.sides}"  # ArM's d10 shows 0–9
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

# The plain-data form of checks (issue 17): what pydantic's `dump_python(mode="json", exclude_defaults=True)`
# and `validate_python` make of them, written out for these four dataclasses. Anything outside the exact
# shapes below (a bool for a number, a tuple for a list, a float for a die's face, an unknown key …) is left
# to pydantic, so both directions give what they gave before, errors included.
_SIDES: frozenset[object] = frozenset(get_args(Side))
_ROLES: frozenset[object] = frozenset(get_args(DieRole))
_OPS_KNOWN: frozenset[object] = frozenset(get_args(StepOp))
_CHECK_KEYS = frozenset(f.name for f in fields(Check))
_STEP_KEYS = frozenset(f.name for f in fields(Step))
_DIE_KEYS = frozenset(f.name for f in fields(Die))
_PART_KEYS = frozenset(f.name for f in fields(Part))


_NUMBER = (int, float)  # exactly: a bool is left to pydantic


class _Unusual(Exception):
    """Data outside the shapes the plain serialiser knows: pydantic handles it instead."""


def _num(v: object) -> int | float:
    if type(v) is int or type(v) is float:
        return v
    raise _Unusual


def _opt_str(v: object) -> str | None:
    if v is None or type(v) is str:
        return v
    raise _Unusual


def _opt_num(v: object) -> int | float | None:
    return None if v is None else _num(v)


def _str(v: object) -> str:
    if type(v) is str:
        return v
    raise _Unusual


def _list(v: object) -> list[Any]:
    if type(v) is list:
        return v
    raise _Unusual


def _dump_parts(parts: list[Part]) -> list[dict[str, Any]]:
    """Parts as plain data (`side` left out when it is the default), walked in one loop: a check's parts
    are its commonest items."""
    out: list[dict[str, Any]] = []
    for p in parts:
        if type(p) is not Part:
            raise _Unusual
        key, value, side = p.key, p.value, p.side
        if type(key) is not str or (type(value) is not int and type(value) is not float):
            raise _Unusual
        if side == "actor":
            out.append({"key": key, "value": value})
        elif side in _SIDES:
            out.append({"key": key, "value": value, "side": side})
        else:
            raise _Unusual
    return out


def _dump_dice(dice: list[Die]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for d in dice:
        if type(d) is not Die:
            raise _Unusual
        sides, face, role = d.sides, d.face, d.role
        if type(sides) is not int or type(face) is not int:
            raise _Unusual
        if role == "kept":
            out.append({"sides": sides, "face": face})
        elif role in _ROLES:
            out.append({"sides": sides, "face": face, "role": role})
        else:
            raise _Unusual
    return out


def _dump_step(s: object) -> dict[str, Any]:
    if type(s) is not Step or s.op not in _OPS_KNOWN or s.side not in _SIDES:
        raise _Unusual
    out: dict[str, Any] = {"op": s.op, "key": _str(s.key), "value": _num(s.value), "total": _num(s.total)}
    if s.side != "actor":
        out["side"] = s.side
    if _list(s.detail):
        out["detail"] = _dump_parts(s.detail)
    return out


def _dump_check(c: object) -> dict[str, Any]:
    """One check's fields in declared order, each left out when it equals its default (as pydantic does)."""
    if type(c) is not Check:
        raise _Unusual
    label, side, multiplier, raw, total = c.label, c.side, c.multiplier, c.raw, c.total
    dice, parts, steps, dice_steps = c.dice, c.parts, c.steps, c.dice_steps
    if (
        type(label) is not str
        or side not in _SIDES
        or type(dice) is not list
        or type(parts) is not list
        or type(steps) is not list
        or type(dice_steps) is not list
        or (type(multiplier) is not int and type(multiplier) is not float)
        or (raw is not None and type(raw) is not int and type(raw) is not float)
        or (total is not None and type(total) is not int and type(total) is not float)
    ):
        raise _Unusual
    out: dict[str, Any] = {"label": label}
    if side != "actor":
        out["side"] = side
    if dice:
        out["dice"] = _dump_dice(dice)
    if multiplier != 1:
        out["multiplier"] = multiplier
    if parts:
        out["parts"] = _dump_parts(parts)
    if raw is not None:
        out["raw"] = raw
    if steps:
        out["steps"] = [_dump_step(s) for s in steps]
    if total is not None:
        out["total"] = total
    if c.versus is not None:
        out["versus"] = _dump_check(c.versus)
    if _opt_str(c.outcome) is not None:
        out["outcome"] = c.outcome
    if _opt_str(c.location) is not None:
        out["location"] = c.location
    if dice_steps:
        out["dice_steps"] = _dump_parts(dice_steps)
    if _opt_str(c.dice_expr) is not None:
        out["dice_expr"] = c.dice_expr
    if c.outcome_side is not None:
        if c.outcome_side not in _SIDES:
            raise _Unusual
        out["outcome_side"] = c.outcome_side
    return out


def _load_parts(items: object) -> list[Part]:
    """Parts back, each checked (exact types, known sides, no unknown keys) in one loop."""
    if type(items) is not list:
        raise _Unusual
    out: list[Part] = []
    keys = _PART_KEYS
    for data in items:
        if type(data) is not dict or not data.keys() <= keys:
            raise _Unusual
        key, value, side = data.get("key"), data.get("value"), data.get("side", "actor")
        if type(key) is not str or (type(value) is not int and type(value) is not float) or side not in _SIDES:
            raise _Unusual
        out.append(Part(key, value, side))
    return out


def _load_dice(items: object) -> list[Die]:
    if type(items) is not list:
        raise _Unusual
    out: list[Die] = []
    keys = _DIE_KEYS
    for data in items:
        if type(data) is not dict or not data.keys() <= keys:
            raise _Unusual
        sides, face, role = data.get("sides"), data.get("face"), data.get("role", "kept")
        if type(sides) is not int or type(face) is not int or role not in _ROLES:
            raise _Unusual
        out.append(Die(sides, face, role))
    return out


def _load_step(data: object) -> Step:
    if type(data) is not dict or not data.keys() <= _STEP_KEYS:
        raise _Unusual
    op, side = data.get("op"), data.get("side", "actor")
    if op not in _OPS_KNOWN or side not in _SIDES or "value" not in data or "total" not in data:
        raise _Unusual
    detail = _load_parts(data.get("detail", []))
    return Step(op, _str(data.get("key")), _num(data["value"]), _num(data["total"]), side, detail)  # type: ignore[arg-type]


_ABSENT: Any = object()  # a key left out (its default), unlike one given as null (pydantic's to refuse)


def _load_check(data: object) -> Check:
    if type(data) is not dict or not data.keys() <= _CHECK_KEYS:
        raise _Unusual
    get = data.get
    label, side, multiplier = get("label"), get("side", "actor"), get("multiplier", 1)
    raw, total, versus = get("raw"), get("total"), get("versus")
    outcome, location, dice_expr = get("outcome"), get("location"), get("dice_expr")
    outcome_side = get("outcome_side")
    if (
        type(label) is not str
        or side not in _SIDES
        or type(multiplier) not in _NUMBER
        or (raw is not None and type(raw) not in _NUMBER)
        or (total is not None and type(total) not in _NUMBER)
        or (outcome is not None and type(outcome) is not str)
        or (location is not None and type(location) is not str)
        or (dice_expr is not None and type(dice_expr) is not str)
        or (outcome_side is not None and outcome_side not in _SIDES)
    ):
        raise _Unusual
    # An absent list is its empty default; one given (even as null) is checked.
    dice, parts, steps, dice_steps = (
        get("dice", _ABSENT),
        get("parts", _ABSENT),
        get("steps", _ABSENT),
        get("dice_steps", _ABSENT),
    )
    return Check(
        label,
        side,
        [] if dice is _ABSENT else _load_dice(dice),
        multiplier,
        [] if parts is _ABSENT else _load_parts(parts),
        raw,
        [] if steps is _ABSENT else [_load_step(s) for s in _list(steps)],
        total,
        None if versus is None else _load_check(versus),
        outcome,
        location,
        [] if dice_steps is _ABSENT else _load_parts(dice_steps),
        dice_expr,
        outcome_side,
    )


def dump_checks(checks: Sequence[Check]) -> list[dict[str, Any]]:
    """Checks as plain JSON data (to carry them in an exchange until the defence finishes it): exactly
    pydantic's `dump_python(mode="json", exclude_defaults=True)`, without its cost for the usual shapes."""
    try:
        return [_dump_check(c) for c in checks]
    except _Unusual:
        dumped: list[dict[str, Any]] = _CHECKS.dump_python(list(checks), mode="json", exclude_defaults=True)
        return dumped


def load_checks(data: Sequence[Any]) -> list[Check]:
    """Checks back from plain data, validated: the usual shapes are checked field by field here (exact
    types, known literals, no unknown keys), anything else goes through pydantic as before."""
    try:
        return [_load_check(c) for c in data]
    except _Unusual:
        return _CHECKS.validate_python(list(data))
